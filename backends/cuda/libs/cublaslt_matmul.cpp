// cuBLASLt matrix products over device pointers: argument checks, plans, heuristic, workspace.
#include "backends/cuda/libs/cublaslt_matmul.h"

#include <cublasLt.h>

#include <climits>

namespace tessera::cuda::libs {

namespace {

bool is_fp8(LibDtype t) { return t == LibDtype::kF8E4M3 || t == LibDtype::kF8E5M2; }

cudaDataType_t cuda_type(LibDtype t) {
  switch (t) {
    case LibDtype::kF32:
      return CUDA_R_32F;
    case LibDtype::kBF16:
      return CUDA_R_16BF;
    case LibDtype::kF16:
      return CUDA_R_16F;
    case LibDtype::kF8E4M3:
      return CUDA_R_8F_E4M3;
    case LibDtype::kF8E5M2:
      return CUDA_R_8F_E5M2;
    case LibDtype::kI32:
      return CUDA_R_32I;
  }
  return CUDA_R_32F;
}

std::string combo(const MatmulArgs& a) {
  return std::string(dtype_name(a.a_type)) + " x " + dtype_name(a.b_type) + " -> " +
         dtype_name(a.out_type);
}

Status check_types(const MatmulArgs& a) {
  bool out_ok = a.out_type == LibDtype::kF32 || a.out_type == LibDtype::kBF16 ||
                (a.out_type == LibDtype::kF16 && a.a_type == LibDtype::kF16);
  bool in_ok = false;
  if (a.a_type == LibDtype::kBF16 || a.a_type == LibDtype::kF16) {
    in_ok = a.b_type == a.a_type && (a.a_type == LibDtype::kBF16 || a.out_type != LibDtype::kBF16);
  } else if (is_fp8(a.a_type) && is_fp8(a.b_type)) {
    in_ok = !(a.a_type == LibDtype::kF8E5M2 && a.b_type == LibDtype::kF8E5M2);
  }
  if (!in_ok || !out_ok) {
    return Status::error("cuBLASLt matmul: unsupported type combination " + combo(a) +
                         " (supported: bf16 x bf16 -> f32|bf16, f16 x f16 -> f32|f16, fp8 "
                         "e4m3/e5m2 pairs except e5m2 x e5m2 -> f32|bf16)");
  }
  if (!is_fp8(a.a_type) && (a.a_scale || a.b_scale)) {
    return Status::error("cuBLASLt matmul: scales are for fp8 inputs only, not " + combo(a));
  }
  return {};
}

Status check_block_scaling(const MatmulArgs& a) {
  if (a.block == 0) {
    if (a.a_block_scale || a.b_block_scale)
      return Status::error("cuBLASLt matmul: block scale tensors without a block size");
    return {};
  }
  if (a.block != 32)
    return Status::error(
        "cuBLASLt matmul: block scaling takes MX blocks of 32 (e8m0 scales), got " +
        std::to_string(a.block));
  if (!is_fp8(a.a_type) || !is_fp8(a.b_type) || a.a_scale || a.b_scale || a.batch != 1)
    return Status::error(
        "cuBLASLt matmul: MX block scaling takes one fp8 product (e4m3/e5m2 operands) with e8m0 "
        "block scales and no per-tensor scales, not " +
        combo(a));
  if (a.k % 32 != 0)
    return Status::error("cuBLASLt matmul: MX block scaling needs K a multiple of 32, got K = " +
                         std::to_string(a.k));
  if (a.k > 0 && a.m > 0 && a.n > 0 && (!a.a_block_scale || !a.b_block_scale))
    return Status::error("cuBLASLt matmul: MX block scaling without its scale tensors");
  return {};
}

Status check_fp8_layout(const MatmulArgs& a) {
  // cuBLASLt's fp8 kernels take only the "TN" layout: in our row-major terms lhs [M, K] as is and
  // rhs stored transposed, [N, K] (transpose_b), so that K is contiguous in both.
  if (a.transpose_a || !a.transpose_b) {
    return Status::error(
        "cuBLASLt matmul: fp8 needs lhs stored [M, K] and rhs stored [N, K] (transpose_a = false, "
        "transpose_b = true; cuBLASLt's TN layout), got transpose_a = " +
        std::string(a.transpose_a ? "true" : "false") +
        ", transpose_b = " + (a.transpose_b ? "true" : "false"));
  }
  if (a.k % 16 != 0 || a.n % 16 != 0 || a.m % 16 != 0) {
    return Status::error(
        "cuBLASLt matmul: fp8 needs M, N and K multiples of 16, got M = " + std::to_string(a.m) +
        ", N = " + std::to_string(a.n) + ", K = " + std::to_string(a.k));
  }
  return {};
}

// Elements of one operand times `batch` (or 1 when its batch stride is 0) times bytes.
Status check_extent(const char* what, int64_t rows, int64_t cols, int64_t batch, int64_t stride,
                    LibDtype t) {
  int64_t one = 0, all = 0, bytes = 0;
  if (!checked_mul(rows, cols, &one) || !checked_mul(stride == 0 ? 1 : batch, one, &all) ||
      !checked_mul(all, dtype_bytes(t), &bytes)) {
    return Status::error(std::string("cuBLASLt matmul: the size of ") + what + " (" +
                         std::to_string(rows) + " x " + std::to_string(cols) + " x batch " +
                         std::to_string(batch) + " of " + dtype_name(t) +
                         ") overflows 64-bit byte counts");
  }
  int64_t span = 0;
  if (stride != 0 &&
      (!checked_mul(batch, stride, &span) || !checked_mul(span, dtype_bytes(t), &span))) {
    return Status::error(std::string("cuBLASLt matmul: batch ") + std::to_string(batch) +
                         " x stride " + std::to_string(stride) + " of " + what +
                         " overflows 64-bit byte counts");
  }
  if (stride != 0 && stride < one) {
    return Status::error(std::string("cuBLASLt matmul: the batch stride of ") + what + " (" +
                         std::to_string(stride) + ") is smaller than one matrix (" +
                         std::to_string(one) + " elements)");
  }
  return {};
}

}  // namespace

std::string cublas_text(const char* call, int status) {
  auto s = static_cast<cublasStatus_t>(status);
  const char* name = cublasLtGetStatusName(s);
  const char* text = cublasLtGetStatusString(s);
  return std::string(call) + " returned " + (name ? name : "unknown cuBLAS status") + " (" +
         (text ? text : "no description") + ", code " + std::to_string(status) + ")";
}

Status check_matmul_args(const MatmulArgs& a) {
  if (a.m < 0 || a.n < 0 || a.k < 0 || a.batch < 1) {
    return Status::error(
        "cuBLASLt matmul: negative size or empty batch (M = " + std::to_string(a.m) +
        ", N = " + std::to_string(a.n) + ", K = " + std::to_string(a.k) +
        ", batch = " + std::to_string(a.batch) + ")");
  }
  if (a.m > INT32_MAX || a.n > INT32_MAX || a.k > INT32_MAX || a.batch > INT32_MAX) {
    return Status::error(
        "cuBLASLt matmul: a dimension exceeds 2^31 - 1 (M = " + std::to_string(a.m) +
        ", N = " + std::to_string(a.n) + ", K = " + std::to_string(a.k) +
        ", batch = " + std::to_string(a.batch) + ")");
  }
  if (Status s = check_types(a); !s.ok()) return s;
  if (is_fp8(a.a_type)) {
    if (Status s = check_fp8_layout(a); !s.ok()) return s;
  }
  if (Status s = check_block_scaling(a); !s.ok()) return s;
  if (a.batch > 1 && a.batch_stride_out == 0) {
    return Status::error("cuBLASLt matmul: a batch of " + std::to_string(a.batch) +
                         " products needs a non-zero output batch stride");
  }
  if (Status s = check_extent("lhs", a.m, a.k, a.batch, a.batch_stride_a, a.a_type); !s.ok()) {
    return s;
  }
  if (Status s = check_extent("rhs", a.k, a.n, a.batch, a.batch_stride_b, a.b_type); !s.ok()) {
    return s;
  }
  if (Status s = check_extent("result", a.m, a.n, a.batch, a.batch_stride_out, a.out_type);
      !s.ok()) {
    return s;
  }
  bool empty = a.m == 0 || a.n == 0 || a.k == 0;
  if (!empty && (!a.a || !a.b || !a.out)) {
    return Status::error("cuBLASLt matmul: a null device pointer for a non-empty product");
  }
  return {};
}

/// The descriptors of one shape and type combination and the heuristic's best algorithm.
struct CublasLt::Plan {
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr;
  cublasLtMatmulAlgo_t algo{};
  ~Plan() {
    if (c) cublasLtMatrixLayoutDestroy(c);
    if (b) cublasLtMatrixLayoutDestroy(b);
    if (a) cublasLtMatrixLayoutDestroy(a);
    if (op) cublasLtMatmulDescDestroy(op);
  }
};

namespace {

#define TESSERA_LT(call)                                                \
  do {                                                                  \
    cublasStatus_t st_ = (call);                                        \
    if (st_ != CUBLAS_STATUS_SUCCESS)                                   \
      return Status::error(cublas_text(call_name(#call).c_str(), st_)); \
  } while (0)

Status make_layout(cublasLtMatrixLayout_t* out, LibDtype t, int64_t rows, int64_t cols,
                   int64_t batch, int64_t stride) {
  // Column-major rows x cols with leading dimension rows (see plan_for for the mapping).
  TESSERA_LT(cublasLtMatrixLayoutCreate(out, cuda_type(t), static_cast<uint64_t>(rows),
                                        static_cast<uint64_t>(cols), rows));
  if (batch > 1) {
    int32_t count = static_cast<int32_t>(batch);
    TESSERA_LT(cublasLtMatrixLayoutSetAttribute(*out, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count,
                                                sizeof(count)));
    TESSERA_LT(cublasLtMatrixLayoutSetAttribute(*out, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
                                                &stride, sizeof(stride)));
  }
  return {};
}

}  // namespace

Status CublasLt::create(size_t workspace_bytes, std::unique_ptr<CublasLt>* out) {
  std::unique_ptr<CublasLt> lt(new CublasLt());
  cublasLtHandle_t h = nullptr;
  TESSERA_LT(cublasLtCreate(&h));
  lt->handle_ = h;
  if (workspace_bytes > 0) {
    if (Status s = cuda_check("cudaMalloc", cudaMalloc(&lt->workspace_, workspace_bytes));
        !s.ok()) {
      return s;
    }
    lt->workspace_bytes_ = workspace_bytes;
  }
  *out = std::move(lt);
  return {};
}

CublasLt::~CublasLt() {
  plans_.clear();
  if (workspace_) (void)cudaFree(workspace_);
  if (handle_) cublasLtDestroy(static_cast<cublasLtHandle_t>(handle_));
}

size_t CublasLt::version() { return cublasLtGetVersion(); }

namespace {

// The largest power of two (up to 256, cuBLASLt's default assumption) dividing the address of
// every matrix of a batch (the base, and the batch stride in bytes).
uint32_t alignment(const void* p, int64_t batch, int64_t stride, LibDtype t) {
  auto v = reinterpret_cast<uintptr_t>(p);
  if (batch > 1) v |= static_cast<uintptr_t>(stride * dtype_bytes(t));
  uint32_t a = 256;
  while (a > 1 && v % a != 0) a /= 2;
  return a;
}

}  // namespace

Status CublasLt::plan_for(const MatmulArgs& a, Plan** out) {
  Key key{a.m,
          a.n,
          a.k,
          a.batch,
          static_cast<int>(a.a_type),
          static_cast<int>(a.b_type),
          static_cast<int>(a.out_type),
          a.transpose_a,
          a.transpose_b,
          a.batch_stride_a,
          a.batch_stride_b,
          a.batch_stride_out,
          a.a_scale != nullptr || a.b_scale != nullptr,
          alignment(a.a, a.batch, a.batch_stride_a, a.a_type),
          alignment(a.b, a.batch, a.batch_stride_b, a.b_type),
          alignment(a.out, a.batch, a.batch_stride_out, a.out_type),
          a.block};
  if (auto it = plans_.find(key); it != plans_.end()) {
    *out = it->second.get();
    return {};
  }
  // Row-major out[M,N] = A[M,K] B[K,N] is column-major out^T[N,M] = B^T A^T: cuBLASLt's first
  // operand is our rhs, its second our lhs, and a row-major [R, C] array is a column-major
  // [C, R] one. A stored transpose becomes cuBLASLt's op T on that operand.
  auto plan = std::make_unique<Plan>();
  TESSERA_LT(cublasLtMatmulDescCreate(&plan->op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasOperation_t op_first = a.transpose_b ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasOperation_t op_second = a.transpose_a ? CUBLAS_OP_T : CUBLAS_OP_N;
  TESSERA_LT(cublasLtMatmulDescSetAttribute(plan->op, CUBLASLT_MATMUL_DESC_TRANSA, &op_first,
                                            sizeof(op_first)));
  TESSERA_LT(cublasLtMatmulDescSetAttribute(plan->op, CUBLASLT_MATMUL_DESC_TRANSB, &op_second,
                                            sizeof(op_second)));
  if (a.block == 32) {  // MX: both operands' scales are e8m0 per 32 along K (tiled layout)
    int32_t mode = CUBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0;
    TESSERA_LT(cublasLtMatmulDescSetAttribute(plan->op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &mode,
                                              sizeof(mode)));
    TESSERA_LT(cublasLtMatmulDescSetAttribute(plan->op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &mode,
                                              sizeof(mode)));
  }
  // Scale pointers are part of the descriptor; they are set per call in matmul().
  int64_t first_rows = a.transpose_b ? a.k : a.n, first_cols = a.transpose_b ? a.n : a.k;
  int64_t second_rows = a.transpose_a ? a.m : a.k, second_cols = a.transpose_a ? a.k : a.m;
  if (Status s = make_layout(&plan->a, a.b_type, first_rows, first_cols, a.batch, a.batch_stride_b);
      !s.ok()) {
    return s;
  }
  if (Status s =
          make_layout(&plan->b, a.a_type, second_rows, second_cols, a.batch, a.batch_stride_a);
      !s.ok()) {
    return s;
  }
  if (Status s = make_layout(&plan->c, a.out_type, a.n, a.m, a.batch, a.batch_stride_out);
      !s.ok()) {
    return s;
  }
  cublasLtMatmulPreference_t pref = nullptr;
  TESSERA_LT(cublasLtMatmulPreferenceCreate(&pref));
  uint64_t ws = workspace_bytes_;
  cublasStatus_t st = cublasLtMatmulPreferenceSetAttribute(
      pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof(ws));
  // cuBLASLt's A is our rhs, its B our lhs, C and D our result.
  uint32_t align[4] = {std::get<14>(key), std::get<13>(key), std::get<15>(key), std::get<15>(key)};
  const cublasLtMatmulPreferenceAttributes_t which[4] = {
      CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES,
      CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES};
  for (int i = 0; i < 4 && st == CUBLAS_STATUS_SUCCESS; ++i) {
    st = cublasLtMatmulPreferenceSetAttribute(pref, which[i], &align[i], sizeof(align[i]));
  }
  cublasLtMatmulHeuristicResult_t result{};
  int found = 0;
  if (st == CUBLAS_STATUS_SUCCESS) {
    st = cublasLtMatmulAlgoGetHeuristic(static_cast<cublasLtHandle_t>(handle_), plan->op, plan->a,
                                        plan->b, plan->c, plan->c, pref, 1, &result, &found);
  }
  cublasLtMatmulPreferenceDestroy(pref);
  if (st != CUBLAS_STATUS_SUCCESS) {
    return Status::error(cublas_text("cublasLtMatmulAlgoGetHeuristic", st) + " for " + combo(a));
  }
  if (found == 0) {
    return Status::error("cublasLtMatmulAlgoGetHeuristic found no algorithm for " + combo(a) +
                         " (M = " + std::to_string(a.m) + ", N = " + std::to_string(a.n) +
                         ", K = " + std::to_string(a.k) + ") on this device");
  }
  plan->algo = result.algo;
  *out = plan.get();
  plans_.emplace(key, std::move(plan));
  return {};
}

std::string algo_config_text(const void* algo) {
  const auto* al = static_cast<const cublasLtMatmulAlgo_t*>(algo);
  struct Field {
    const char* name;
    cublasLtMatmulAlgoConfigAttributes_t attr;
    size_t bytes;  // 4 (int32/uint32) or 2 (uint16)
  };
  const Field fields[] = {{"algo", CUBLASLT_ALGO_CONFIG_ID, 4},
                          {"tile", CUBLASLT_ALGO_CONFIG_TILE_ID, 4},
                          {"stages", CUBLASLT_ALGO_CONFIG_STAGES_ID, 4},
                          {"splitK", CUBLASLT_ALGO_CONFIG_SPLITK_NUM, 4},
                          {"reduction", CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME, 4},
                          {"swizzle", CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING, 4},
                          {"custom", CUBLASLT_ALGO_CONFIG_CUSTOM_OPTION, 4},
                          {"inner", CUBLASLT_ALGO_CONFIG_INNER_SHAPE_ID, 2},
                          {"cluster", CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID, 2}};
  std::string text;
  for (const Field& f : fields) {
    uint32_t v32 = 0;
    uint16_t v16 = 0;
    size_t written = 0;
    void* dst = f.bytes == 2 ? static_cast<void*>(&v16) : static_cast<void*>(&v32);
    cublasStatus_t st = cublasLtMatmulAlgoConfigGetAttribute(al, f.attr, dst, f.bytes, &written);
    text += text.empty() ? "" : " ";
    text += f.name;
    text += st == CUBLAS_STATUS_SUCCESS ? " " + std::to_string(f.bytes == 2 ? v16 : v32) : " ?";
  }
  return text;
}

Status CublasLt::algo_text(const MatmulArgs& a, std::string* out) {
  if (Status s = check_matmul_args(a); !s.ok()) return s;
  Plan* plan = nullptr;
  if (Status s = plan_for(a, &plan); !s.ok()) return s;
  *out = algo_config_text(&plan->algo);
  return {};
}

Status CublasLt::matmul(const MatmulArgs& a, cudaStream_t stream) {
  if (Status s = check_matmul_args(a); !s.ok()) return s;
  if (a.m == 0 || a.n == 0) return {};
  if (a.k == 0) {
    // An empty contraction gives +0 (contractions.md); +0 is all-zero bits in every out type.
    // check_matmul_args bounded batch * stride and M * N, so this sum cannot overflow.
    int64_t span = a.batch == 1 ? a.m * a.n : (a.batch - 1) * a.batch_stride_out + a.m * a.n;
    int64_t bytes = span * dtype_bytes(a.out_type);
    return cuda_check("cudaMemsetAsync",
                      cudaMemsetAsync(a.out, 0, static_cast<size_t>(bytes), stream));
  }
  Plan* plan = nullptr;
  if (Status s = plan_for(a, &plan); !s.ok()) return s;
  if (a.block != 0) {
    // cuBLASLt's A is our rhs: its block scales are the rhs's (rows N), B's the lhs's (rows M).
    TESSERA_LT(cublasLtMatmulDescSetAttribute(plan->op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER,
                                              &a.b_block_scale, sizeof(a.b_block_scale)));
    TESSERA_LT(cublasLtMatmulDescSetAttribute(plan->op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER,
                                              &a.a_block_scale, sizeof(a.a_block_scale)));
  } else if (is_fp8(a.a_type)) {
    // cuBLASLt's A is our rhs: its scale is b_scale, and B's is a_scale (null means 1).
    TESSERA_LT(cublasLtMatmulDescSetAttribute(plan->op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER,
                                              &a.b_scale, sizeof(a.b_scale)));
    TESSERA_LT(cublasLtMatmulDescSetAttribute(plan->op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER,
                                              &a.a_scale, sizeof(a.a_scale)));
  }
  float alpha = 1.0f, beta = 0.0f;
  TESSERA_LT(cublasLtMatmul(static_cast<cublasLtHandle_t>(handle_), plan->op, &alpha, a.b, plan->a,
                            a.a, plan->b, &beta, a.out, plan->c, a.out, plan->c, &plan->algo,
                            workspace_, workspace_bytes_, stream));
  return {};
}

}  // namespace tessera::cuda::libs
