// The default mode's library dispatch: tessera.matmul -> cuBLASLt, flash attention -> cuDNN.
#include "backends/cuda/libs/library.h"

#include <cmath>

#include "backends/cuda/libs/fold_kernel.h"
#include "core/transforms/sdpa_support.h"

namespace tessera::cuda::libs {

namespace {

constexpr size_t kWorkspaceBytes = size_t{32} << 20;  // cuBLASLt's recommendation for Hopper

LibResult not_handled(std::string why) { return {LibOutcome::kNotHandled, std::move(why)}; }
LibResult failed(const Status& s) { return {LibOutcome::kFailed, s.message()}; }

bool dtypes(const std::vector<LibTensor>& in, const LibTensor& out, std::vector<LibDtype>* t,
            std::string* bad) {
  for (const LibTensor* x : {&in[0], &in[1], &out}) {
    LibDtype d{};
    if (!parse_dtype(x->dtype, &d)) {
      *bad = x->dtype;
      return false;
    }
    t->push_back(d);
  }
  return true;
}

Status current_device(int* device) { return cuda_check("cudaGetDevice", cudaGetDevice(device)); }

LibResult matmul(LibraryContext& ctx, const LibAttrs& attrs, const std::vector<LibTensor>& in,
                 const LibTensor& out, cudaStream_t stream) {
  if (in.size() != 2) return not_handled("tessera.matmul takes 2 operands");
  if (attrs.has_numeric_policy) {
    return not_handled("a numeric_policy fixes the accumulation order; cuBLASLt does not");
  }
  std::vector<LibDtype> t;
  std::string bad;
  if (!dtypes(in, out, &t, &bad)) return not_handled("element type " + bad + " has no library");
  const auto& sa = in[0].shape;
  const auto& sb = in[1].shape;
  if (sa.size() < 2 || sb.size() < 2 || out.shape.size() < 2) {
    return not_handled("operands of rank < 2");
  }
  MatmulArgs a;
  a.transpose_a = attrs.transpose_a;
  a.transpose_b = attrs.transpose_b;
  size_t ra = sa.size(), rb = sb.size();
  a.m = a.transpose_a ? sa[ra - 1] : sa[ra - 2];
  a.k = a.transpose_a ? sa[ra - 2] : sa[ra - 1];
  a.n = a.transpose_b ? sb[rb - 2] : sb[rb - 1];
  int64_t kb = a.transpose_b ? sb[rb - 1] : sb[rb - 2];
  if (kb != a.k) return not_handled("contraction sizes differ (matmul_c2)");
  std::vector<int64_t> batch_a(sa.begin(), sa.end() - 2), batch_b(sb.begin(), sb.end() - 2);
  std::vector<int64_t> batch_out(out.shape.begin(), out.shape.end() - 2);
  const std::vector<int64_t>& batch = batch_a.size() >= batch_b.size() ? batch_a : batch_b;
  if (!(batch_a == batch_b || batch_b.empty() || batch_a.empty()) || batch_out != batch) {
    return not_handled("batch dims that broadcast other than by a rank-2 operand");
  }
  if (out.shape[out.shape.size() - 2] != a.m || out.shape.back() != a.n) {
    return not_handled("result shape is not [batch..., M, N]");
  }
  for (int64_t d : batch) {
    if (!checked_mul(a.batch, d, &a.batch)) return not_handled("batch size overflows");
  }
  a.a_type = t[0];
  a.b_type = t[1];
  a.out_type = t[2];
  a.a = in[0].data;
  a.b = in[1].data;
  a.out = out.data;
  a.batch_stride_a = batch_a.empty() ? 0 : a.m * a.k;
  a.batch_stride_b = batch_b.empty() ? 0 : a.k * a.n;
  a.batch_stride_out = a.m * a.n;
  if (a.batch == 1) a.batch_stride_a = a.batch_stride_b = a.batch_stride_out = 0;
  // cuBLASLt takes fp8 only as TN: an rhs stored [K, N] is transposed to [N, K] first.
  bool fp8 = a.a_type == LibDtype::kF8E4M3 || a.a_type == LibDtype::kF8E5M2;
  bool transpose_rhs = fp8 && !a.transpose_a && !a.transpose_b;
  if (transpose_rhs) a.transpose_b = true;
  if (Status s = check_matmul_args(a); !s.ok()) return not_handled(s.message());
  int device = 0;
  if (Status s = current_device(&device); !s.ok()) return failed(s);
  CublasLt* lt = nullptr;
  if (Status s = ctx.cublaslt(device, &lt); !s.ok()) return failed(s);
  if (!transpose_rhs) {
    if (Status s = lt->matmul(a, stream); !s.ok()) return failed(s);
    return {LibOutcome::kDone, ""};
  }
  TransposeKernel* tk = nullptr;
  if (Status s = ctx.transpose(device, &tk); !s.ok()) return failed(s);
  int64_t rhs_batch = batch_b.empty() ? 1 : a.batch;
  size_t bytes = static_cast<size_t>(rhs_batch * a.k * a.n);  // bounded by check_matmul_args
  void* rhs_t = nullptr;
  if (Status s = cuda_check("cudaMallocAsync", cudaMallocAsync(&rhs_t, bytes, stream)); !s.ok()) {
    return failed(s);
  }
  Status s = tk->transpose_u8(a.b, rhs_t, rhs_batch, a.k, a.n, stream);
  if (s.ok()) {
    a.b = rhs_t;
    s = lt->matmul(a, stream);
  }
  Status freed = cuda_check("cudaFreeAsync", cudaFreeAsync(rhs_t, stream));
  if (!s.ok()) return failed(s);
  if (!freed.ok()) return failed(freed);
  return {LibOutcome::kDone, ""};
}

/// A stream-ordered device temporary, freed on the stream when it goes (after the work that
/// uses it was enqueued).
class StreamBuffer {
 public:
  explicit StreamBuffer(cudaStream_t s) : stream_(s) {}
  ~StreamBuffer() {
    if (p_) (void)cudaFreeAsync(p_, stream_);
  }
  StreamBuffer(const StreamBuffer&) = delete;
  StreamBuffer& operator=(const StreamBuffer&) = delete;
  Status alloc(size_t bytes) {
    return cuda_check("cudaMallocAsync", cudaMallocAsync(&p_, bytes > 0 ? bytes : 1, stream_));
  }
  void* get() const { return p_; }

 private:
  cudaStream_t stream_;
  void* p_ = nullptr;
};

/// tessera.scaled_matmul with MX scales (docs/ops/graph/scaled_matmul.md: a [M, K], b [K, N] or
/// [N, K] with transpose_b, a_scale [M, K/32], b_scale [K/32, N] of e8m0 bytes) as one cuBLASLt
/// VEC32_UE8M0 product: the scales rewritten into cuBLASLt's tiled layout, an rhs stored [K, N]
/// transposed to [N, K] (TN, as for fp8 matmul). Only on compute capability >= 10.0.
LibResult scaled_matmul(LibraryContext& ctx, const LibAttrs& attrs,
                        const std::vector<LibTensor>& in, const LibTensor& out,
                        cudaStream_t stream) {
  if (in.size() != 4) return not_handled("tessera.scaled_matmul takes 4 operands");
  if (attrs.scale_block_n != 1 || attrs.scale_block_k != 32 || attrs.scale_format != "e8m0")
    return not_handled(
        "cuBLASLt's block scaling here takes MX scale_layout block = [1, 32], "
        "format = \"e8m0\"");
  if (attrs.has_batching || attrs.has_numeric_policy)
    return not_handled("batched or policy-carrying scaled_matmul");
  for (const LibTensor* t : {&in[0], &in[1], &in[2], &in[3], &out})
    if (t->shape.size() != 2) return not_handled("scaled_matmul operands of rank other than 2");
  for (const LibTensor* t : {&in[2], &in[3]})
    if (t->dtype != "ui8" && t->dtype != "i8")
      return not_handled("e8m0 scales not stored as bytes");
  std::vector<LibDtype> t;
  std::string bad;
  if (!dtypes(in, out, &t, &bad)) return not_handled("element type " + bad + " has no library");
  MatmulArgs a;
  a.m = in[0].shape[0];
  a.k = in[0].shape[1];
  a.n = attrs.transpose_b ? in[1].shape[0] : in[1].shape[1];
  const int64_t kb = attrs.transpose_b ? in[1].shape[1] : in[1].shape[0];
  if (kb != a.k || a.k % 32 != 0) return not_handled("K differs or is not a multiple of 32");
  const int64_t nk = a.k / 32;
  if (in[2].shape != std::vector<int64_t>{a.m, nk} ||
      in[3].shape != std::vector<int64_t>{nk, a.n} || out.shape != std::vector<int64_t>{a.m, a.n})
    return not_handled("scale or result shapes differ from scaled_matmul_c5 / c7");
  a.a_type = t[0];
  a.b_type = t[1];
  a.out_type = t[2];
  a.transpose_b = true;  // the rhs goes in as [N, K]; a stored [K, N] one is transposed below
  a.block = 32;
  a.a = in[0].data;
  a.b = in[1].data;
  a.out = out.data;
  int device = 0, sm = 0;
  if (Status s = current_device(&device); !s.ok()) return failed(s);
  if (Status s = device_sm(device, &sm); !s.ok()) return failed(s);
  if (sm < 100)
    return not_handled("block-scaled MMA needs compute capability 10.0 or more (this device: " +
                       std::to_string(sm / 10) + "." + std::to_string(sm % 10) + ")");
  const int64_t sa_bytes = block_scale_bytes(a.m, nk), sb_bytes = block_scale_bytes(a.n, nk);
  if (sa_bytes < 0 || sb_bytes < 0) return not_handled("scale tensors too large");
  StreamBuffer sa(stream), sb(stream), rhs(stream);
  a.a_block_scale = in[2].data;  // the tiled copies replace them below
  a.b_block_scale = in[3].data;
  if (Status s = check_matmul_args(a); !s.ok()) return not_handled(s.message());
  CublasLt* lt = nullptr;
  BlockScaleKernel* bk = nullptr;
  if (Status s = ctx.cublaslt(device, &lt); !s.ok()) return failed(s);
  if (Status s = ctx.block_scale(device, &bk); !s.ok()) return failed(s);
  Status s = sa.alloc(static_cast<size_t>(sa_bytes));
  if (s.ok()) s = sb.alloc(static_cast<size_t>(sb_bytes));
  // lhs scales: (m, j) at m * nk + j; rhs scales: (n, j) at j * N + n.
  if (s.ok()) s = bk->to_tiles(in[2].data, sa.get(), a.m, nk, nk, 1, stream);
  if (s.ok()) s = bk->to_tiles(in[3].data, sb.get(), a.n, nk, 1, a.n, stream);
  if (s.ok() && !attrs.transpose_b) {
    TransposeKernel* tk = nullptr;
    s = ctx.transpose(device, &tk);
    if (s.ok()) s = rhs.alloc(static_cast<size_t>(a.k * a.n));  // bounded by check_matmul_args
    if (s.ok()) s = tk->transpose_u8(in[1].data, rhs.get(), 1, a.k, a.n, stream);
    a.b = rhs.get();
  }
  a.a_block_scale = sa.get();
  a.b_block_scale = sb.get();
  if (s.ok()) s = lt->matmul(a, stream);
  if (!s.ok()) return failed(s);
  return {LibOutcome::kDone, ""};
}

LibResult attention(LibraryContext& ctx, const LibAttrs& attrs, const std::vector<LibTensor>& in,
                    const LibTensor& out, cudaStream_t stream) {
  std::vector<transforms::SdpaTensor> ts;
  for (const LibTensor& x : in) ts.push_back({x.dtype, x.shape});
  // The predicate the compile-time choice asks too (core/transforms/sdpa_support.h).
  std::string why = transforms::sdpa_decline(ts, {out.dtype, out.shape}, attrs.causal, attrs.scale);
  if (!why.empty()) return not_handled(why);
  SdpaArgs a;
  (void)parse_dtype(in[0].dtype, &a.dtype);  // bf16 or f16: sdpa_decline took it
  a.b = in[0].shape[0];
  a.h = in[0].shape[1];
  a.s_q = in[0].shape[2];
  a.d = in[0].shape[3];
  a.s_kv = in[1].shape[2];
  a.causal = attrs.causal;
  a.scale = transforms::sdpa_scale(attrs.scale, a.d);
  a.q = in[0].data;
  a.k = in[1].data;
  a.v = in[2].data;
  a.out = out.data;
  if (Status s = check_sdpa_args(a); !s.ok()) return not_handled(s.message());
  int device = 0;
  if (Status s = current_device(&device); !s.ok()) return failed(s);
  CudnnSdpa* dnn = nullptr;
  if (Status s = ctx.cudnn(device, &dnn); !s.ok()) return failed(s);
  if (Status s = dnn->forward(a, stream); !s.ok()) return failed(s);
  return {LibOutcome::kDone, ""};
}

}  // namespace

LibraryContext::LibraryContext() = default;
LibraryContext::~LibraryContext() = default;

Status LibraryContext::cublaslt(int device, CublasLt** out) {
  auto& slot = lt_[device];
  if (!slot) {
    if (Status s = CublasLt::create(kWorkspaceBytes, &slot); !s.ok()) return s;
  }
  *out = slot.get();
  return {};
}

Status LibraryContext::cudnn(int device, CudnnSdpa** out) {
  auto& slot = dnn_[device];
  if (!slot) {
    if (Status s = CudnnSdpa::create(&slot); !s.ok()) return s;
  }
  *out = slot.get();
  return {};
}

Status LibraryContext::transpose(int device, TransposeKernel** out) {
  auto& slot = transpose_[device];
  if (!slot) {
    int sm = 0;
    if (Status s = device_sm(device, &sm); !s.ok()) return s;
    if (Status s = TransposeKernel::load(sm, &slot); !s.ok()) return s;
  }
  *out = slot.get();
  return {};
}

Status LibraryContext::block_scale(int device, BlockScaleKernel** out) {
  auto& slot = block_scale_[device];
  if (!slot) {
    int sm = 0;
    if (Status s = device_sm(device, &sm); !s.ok()) return s;
    if (Status s = BlockScaleKernel::load(sm, &slot); !s.ok()) return s;
  }
  *out = slot.get();
  return {};
}

LibResult try_library_kernel(LibraryContext& ctx, const std::string& op_name, const LibAttrs& attrs,
                             const std::vector<LibTensor>& inputs, const LibTensor& output,
                             bool deterministic, cudaStream_t stream) {
  bool is_matmul = op_name == "tessera.matmul";
  bool is_attention = op_name == "tessera.flash_attn" || op_name == "tessera.flash_attention";
  bool is_scaled = op_name == "tessera.scaled_matmul";
  if (!is_matmul && !is_attention && !is_scaled)
    return not_handled(op_name + " has no library kernel");
  if (deterministic) {
    return not_handled(
        "deterministic mode runs generated kernels only (library reduction "
        "orders differ from the interpreter's)");
  }
  if (is_matmul) return matmul(ctx, attrs, inputs, output, stream);
  if (is_scaled) return scaled_matmul(ctx, attrs, inputs, output, stream);
  return attention(ctx, attrs, inputs, output, stream);
}

}  // namespace tessera::cuda::libs
