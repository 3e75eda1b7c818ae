// The rank-order fold kernels: source, NVRTC compile, load and launch.
#include "backends/cuda/libs/fold_kernel.h"

#include <algorithm>
#include <cmath>

namespace tessera::cuda::libs {

namespace {

// One kernel per (type, op): acc = in_0; acc = round_T(acc op in_r) for r = 1..n-1, combined in
// f32 for the 16-bit floats (docs/ops/mesh/: fold). avg first replaces each input by
// round_T(in_r * s) with s = round_T(1/n) (passed in), then sums.
constexpr const char* kSource = R"CUDA(
typedef unsigned short tsr_u16;
__device__ __forceinline__ float tsr_bf16_ld(tsr_u16 b) { return __uint_as_float(((unsigned)b) << 16); }
__device__ __forceinline__ tsr_u16 tsr_bf16_st(float f) {
  unsigned u = __float_as_uint(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (tsr_u16)((u >> 16) | 0x40u);  // quiet NaN
  u += 0x7fffu + ((u >> 16) & 1u);  // round to nearest even
  return (tsr_u16)(u >> 16);
}
__device__ __forceinline__ float tsr_f16_ld(tsr_u16 h) {
  float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); return f;
}
__device__ __forceinline__ tsr_u16 tsr_f16_st(float f) {
  tsr_u16 h; asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f)); return h;
}
// OCP fp8: e4m3fn (bias 7, no infinity, S.1111.111 is NaN, max 448) and e5m2 (bias 15, IEEE-like
// with infinity, max 57344). Encoding rounds to nearest even as if the exponent were unbounded,
// then a result above the largest finite value overflows: NaN for e4m3fn, infinity for e5m2.
__device__ __forceinline__ float tsr_f8_ld(unsigned char b, int mant, int bias, bool fn) {
  int e = (b >> mant) & ((1 << (7 - mant)) - 1), m = b & ((1 << mant) - 1);
  float sign = (b & 0x80) ? -1.0f : 1.0f;
  if (fn ? (e == 15 && m == 7) : (e == 31 && m != 0)) return __int_as_float(0x7fc00000);
  if (!fn && e == 31) return sign * __int_as_float(0x7f800000);
  if (e == 0) return sign * ldexpf((float)m, 1 - bias - mant);
  return sign * ldexpf((float)((1 << mant) | m), e - bias - mant);
}
__device__ __forceinline__ unsigned char tsr_f8_st(float f, int mant, int bias, bool fn,
                                                   float max_finite) {
  unsigned char sign = (__float_as_uint(f) >> 24) & 0x80;
  if (f != f) return fn ? 0x7f : 0x7e;
  float a = fabsf(f);
  if (a == 0.0f) return sign;
  int ex = 0;
  (void)frexpf(a, &ex);                      // a = m * 2^ex, m in [0.5, 1)
  int e = ex - 1 < 1 - bias ? 1 - bias : ex - 1;  // subnormals share the lowest exponent
  float quantum = ldexpf(1.0f, e - mant);
  float v = rintf(a / quantum) * quantum;    // nearest even; exact scaling by a power of two
  if (v > max_finite) return sign | (fn ? 0x7f : 0x7c);
  if (v == 0.0f) return sign;
  (void)frexpf(v, &ex);
  e = ex - 1;
  if (e < 1 - bias) return sign | (unsigned char)(v / ldexpf(1.0f, 1 - bias - mant));
  int m = (int)(v / ldexpf(1.0f, e - mant)) - (1 << mant);
  return sign | (unsigned char)(((e + bias) << mant) | m);
}
__device__ __forceinline__ float tsr_e4m3_ld(unsigned char b) { return tsr_f8_ld(b, 3, 7, true); }
__device__ __forceinline__ unsigned char tsr_e4m3_st(float f) {
  return tsr_f8_st(f, 3, 7, true, 448.0f);
}
__device__ __forceinline__ float tsr_e5m2_ld(unsigned char b) { return tsr_f8_ld(b, 2, 15, false); }
__device__ __forceinline__ unsigned char tsr_e5m2_st(float f) {
  return tsr_f8_st(f, 2, 15, false, 57344.0f);
}
__device__ __forceinline__ float tsr_f32_ld(float f) { return f; }
__device__ __forceinline__ float tsr_f32_st(float f) { return f; }

__device__ __forceinline__ float tsr_sum(float a, float b) { return __fadd_rn(a, b); }
__device__ __forceinline__ float tsr_prod(float a, float b) { return __fmul_rn(a, b); }
__device__ __forceinline__ float tsr_max(float a, float b) {
  if (a != a || b != b) return __int_as_float(0x7fc00000);
  if (a == b) return signbit(a) ? b : a;  // max(-0, +0) = +0
  return a > b ? a : b;
}
__device__ __forceinline__ float tsr_min(float a, float b) {
  if (a != a || b != b) return __int_as_float(0x7fc00000);
  if (a == b) return signbit(a) ? a : b;  // min(-0, +0) = -0
  return a < b ? a : b;
}

#define TSR_FOLD(T, TN, OPN, COMBINE, PRE)                                                  \
  extern "C" __global__ void tsr_fold_##TN##_##OPN(const T* in, T* out, long long count,    \
                                                   int ranks, float s) {                    \
    long long step = (long long)gridDim.x * blockDim.x;                                     \
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < count;         \
         i += step) {                                                                       \
      float acc = PRE(TN, tsr_##TN##_ld(in[i]));                                            \
      for (int r = 1; r < ranks; ++r) {                                                     \
        float x = PRE(TN, tsr_##TN##_ld(in[(long long)r * count + i]));                     \
        acc = tsr_##TN##_ld(tsr_##TN##_st(COMBINE(acc, x)));                                \
      }                                                                                     \
      out[i] = tsr_##TN##_st(acc);                                                          \
    }                                                                                       \
  }
#define TSR_ID(TN, x) (x)
#define TSR_AVG(TN, x) tsr_##TN##_ld(tsr_##TN##_st(__fmul_rn((x), s)))
#define TSR_FOLD_ALL(T, TN)                \
  TSR_FOLD(T, TN, sum, tsr_sum, TSR_ID)    \
  TSR_FOLD(T, TN, prod, tsr_prod, TSR_ID)  \
  TSR_FOLD(T, TN, max, tsr_max, TSR_ID)    \
  TSR_FOLD(T, TN, min, tsr_min, TSR_ID)    \
  TSR_FOLD(T, TN, avg, tsr_sum, TSR_AVG)
TSR_FOLD_ALL(float, f32)
TSR_FOLD_ALL(tsr_u16, bf16)
TSR_FOLD_ALL(tsr_u16, f16)
TSR_FOLD_ALL(unsigned char, e4m3)
TSR_FOLD_ALL(unsigned char, e5m2)

// i32: sum and prod wrap (two's complement through unsigned), avg divides the wrapped sum by n
// truncating toward zero (in 64-bit, so n beyond the type's range divides correctly).
#define TSR_IFOLD(OPN, EXPR)                                                                 \
  extern "C" __global__ void tsr_fold_i32_##OPN(const int* in, int* out, long long count,    \
                                                int ranks, float s) {                        \
    (void)s;                                                                                 \
    long long step = (long long)gridDim.x * blockDim.x;                                      \
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < count;          \
         i += step) {                                                                        \
      int acc = in[i];                                                                       \
      for (int r = 1; r < ranks; ++r) {                                                      \
        int x = in[(long long)r * count + i];                                                \
        acc = (EXPR);                                                                        \
      }                                                                                      \
      out[i] = acc;                                                                          \
    }                                                                                        \
  }
TSR_IFOLD(sum, (int)((unsigned)acc + (unsigned)x))
TSR_IFOLD(prod, (int)((unsigned)acc * (unsigned)x))
TSR_IFOLD(max, (acc > x ? acc : x))
TSR_IFOLD(min, (acc < x ? acc : x))
extern "C" __global__ void tsr_fold_i32_avg(const int* in, int* out, long long count, int ranks,
                                            float s) {
  (void)s;
  long long step = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += step) {
    unsigned acc = (unsigned)in[i];
    for (int r = 1; r < ranks; ++r) acc += (unsigned)in[(long long)r * count + i];
    out[i] = (int)((long long)(int)acc / (long long)ranks);
  }
}
)CUDA";

// v (in (0, 1]) rounded to nearest even in T, as an f32 value: T's significand bits and smallest
// normal exponent (below it the quantum is fixed: subnormals), from the double.
float round_to(LibDtype t, double v) {
  int bits = 24, emin = -126;
  switch (t) {
    case LibDtype::kBF16:
      bits = 8;
      break;
    case LibDtype::kF16:
      bits = 11, emin = -14;
      break;
    case LibDtype::kF8E4M3:
      bits = 4, emin = -6;
      break;
    case LibDtype::kF8E5M2:
      bits = 3, emin = -14;
      break;
    default:
      break;
  }
  int e = 0;
  (void)std::frexp(v, &e);                     // v = m * 2^e, m in [0.5, 1): exponent e - 1
  int q = std::max(e - 1, emin) - (bits - 1);  // log2 of the quantum
  return static_cast<float>(std::ldexp(std::nearbyint(std::ldexp(v, -q)), q));
}

}  // namespace

const char* reduce_op_name(ReduceOp op) {
  switch (op) {
    case ReduceOp::kSum:
      return "sum";
    case ReduceOp::kProd:
      return "prod";
    case ReduceOp::kMax:
      return "max";
    case ReduceOp::kMin:
      return "min";
    case ReduceOp::kAvg:
      return "avg";
  }
  return "?";
}

bool parse_reduce_op(const std::string& name, ReduceOp* out) {
  for (ReduceOp op :
       {ReduceOp::kSum, ReduceOp::kProd, ReduceOp::kMax, ReduceOp::kMin, ReduceOp::kAvg}) {
    if (name == reduce_op_name(op)) {
      *out = op;
      return true;
    }
  }
  return false;
}

const std::string& fold_kernel_source() {
  static const std::string source(kSource);
  return source;
}

std::string fold_kernel_name(LibDtype t, ReduceOp op) {
  const char* tn = nullptr;
  switch (t) {
    case LibDtype::kF32:
      tn = "f32";
      break;
    case LibDtype::kBF16:
      tn = "bf16";
      break;
    case LibDtype::kF16:
      tn = "f16";
      break;
    case LibDtype::kI32:
      tn = "i32";
      break;
    case LibDtype::kF8E4M3:
      tn = "e4m3";
      break;
    case LibDtype::kF8E5M2:
      tn = "e5m2";
      break;
  }
  if (!tn) return "";
  return std::string("tsr_fold_") + tn + "_" + reduce_op_name(op);
}

Status device_sm(int device, int* sm) {
  int major = 0, minor = 0;
  if (Status s =
          cuda_check("cudaDeviceGetAttribute",
                     cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
      !s.ok()) {
    return s;
  }
  if (Status s =
          cuda_check("cudaDeviceGetAttribute",
                     cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
      !s.ok()) {
    return s;
  }
  *sm = major * 10 + minor;
  return {};
}

float avg_scale(LibDtype t, int ranks) { return round_to(t, 1.0 / ranks); }

Status FoldKernels::load(int sm, std::unique_ptr<FoldKernels>* out) {
  std::unique_ptr<FoldKernels> k(new FoldKernels());
  if (Status s = load_nvrtc_library(fold_kernel_source(), "tessera_fold.cu", "fold kernels", sm,
                                    &k->library_);
      !s.ok())
    return s;
  *out = std::move(k);
  return {};
}

FoldKernels::~FoldKernels() {
  if (library_) (void)cudaLibraryUnload(static_cast<cudaLibrary_t>(library_));
}

Status FoldKernels::fold(LibDtype t, ReduceOp op, const void* gathered, void* out, int64_t count,
                         int ranks, cudaStream_t stream) {
  std::string name = fold_kernel_name(t, op);
  if (name.empty()) {
    return Status::error(std::string("deterministic all_reduce: no rank-order fold for ") +
                         dtype_name(t) + " " + reduce_op_name(op));
  }
  if (count < 0 || ranks < 1) return Status::error("deterministic all_reduce: bad count or ranks");
  if (count == 0) return {};
  cudaKernel_t kernel = nullptr;
  if (Status s = cuda_check(
          "cudaLibraryGetKernel",
          cudaLibraryGetKernel(&kernel, static_cast<cudaLibrary_t>(library_), name.c_str()));
      !s.ok()) {
    return s;
  }
  float s_avg = avg_scale(t, ranks);
  long long n = count;
  void* args[] = {&gathered, &out, &n, &ranks, &s_avg};
  int64_t blocks = (count + 255) / 256;
  unsigned grid = static_cast<unsigned>(blocks < 65535 ? blocks : 65535);
  return cuda_check("cudaLaunchKernel", cudaLaunchKernel(reinterpret_cast<const void*>(kernel),
                                                         dim3(grid), dim3(256), args, 0, stream));
}

}  // namespace tessera::cuda::libs
