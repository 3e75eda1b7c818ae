// The default mode's library dispatch: tessera.matmul -> cuBLASLt, flash attention -> cuDNN.
#include "backends/cuda/libs/library.h"

#include <cmath>

#include "backends/cuda/libs/fold_kernel.h"

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

LibResult attention(LibraryContext& ctx, const LibAttrs& attrs, const std::vector<LibTensor>& in,
                    const LibTensor& out, cudaStream_t stream) {
  if (in.size() != 3) return not_handled("flash attention takes q, k, v");
  for (const LibTensor* x : {&in[0], &in[1], &in[2], &out}) {
    if (x->shape.size() != 4) return not_handled("attention tensors of rank other than 4");
    if (x->dtype != in[0].dtype) return not_handled("q, k, v and the result differ in type");
  }
  SdpaArgs a;
  if (!parse_dtype(in[0].dtype, &a.dtype)) return not_handled("element type " + in[0].dtype);
  a.b = in[0].shape[0];
  a.h = in[0].shape[1];
  a.s_q = in[0].shape[2];
  a.d = in[0].shape[3];
  a.s_kv = in[1].shape[2];
  if (in[1].shape != std::vector<int64_t>{a.b, a.h, a.s_kv, a.d} || in[2].shape != in[1].shape ||
      out.shape != in[0].shape) {
    return not_handled("cuDNN SDPA here takes k, v [B, H, Skv, D] with Dv = D");
  }
  a.causal = attrs.causal;
  // scale: the attribute, or 1/sqrt(D) in f64, rounded to f32 (attention.md).
  a.scale = static_cast<float>(attrs.scale ? *attrs.scale : 1.0 / std::sqrt(double(a.d)));
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

LibResult try_library_kernel(LibraryContext& ctx, const std::string& op_name, const LibAttrs& attrs,
                             const std::vector<LibTensor>& inputs, const LibTensor& output,
                             bool deterministic, cudaStream_t stream) {
  bool is_matmul = op_name == "tessera.matmul";
  bool is_attention = op_name == "tessera.flash_attn" || op_name == "tessera.flash_attention";
  if (!is_matmul && !is_attention) return not_handled(op_name + " has no library kernel");
  if (deterministic) {
    return not_handled(
        "deterministic mode runs generated kernels only (library reduction "
        "orders differ from the interpreter's)");
  }
  if (is_matmul) return matmul(ctx, attrs, inputs, output, stream);
  return attention(ctx, attrs, inputs, output, stream);
}

}  // namespace tessera::cuda::libs
