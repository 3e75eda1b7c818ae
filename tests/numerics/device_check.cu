// nvcc compile check: every numerics header instantiated in __global__ kernels (no GPU needed).
#include "core/numerics/cos64.h"
#include "core/numerics/numerics.h"
#include "core/numerics/sincos64.h"

using namespace tessera;
using namespace tessera::num;

/// Converts f32 to every float format in every rounding mode with Philox random bits.
__global__ void numerics_convert_kernel(const float* in, uint64_t* out, int n, int mode,
                                        int profile, uint64_t seed) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  ConvertOptions o;
  o.rounding = RoundingMode(mode);
  o.profile = Profile(profile);
  const uint32_t r = random_bits(seed, 0, uint64_t(i));
  uint64_t acc = 0;
  acc += from_float<E4M3>(in[i], o, r);
  acc += from_float<E5M2>(in[i], o, r);
  acc += from_float<E2M3>(in[i], o, r);
  acc += from_float<E3M2>(in[i], o, r);
  acc += from_float<E2M1>(in[i], o, r);
  acc += from_float<E8M0>(in[i], o, r);
  acc += from_float<F16>(in[i], o, r);
  acc += from_float<BF16>(in[i], o, r);
  acc += from_float<TF32>(in[i], o, r);
  acc += convert<F32, F64>(f64_bits(double(in[i])), o, r);
  acc += to_float<E4M3>(uint8_t(i)) > 0;
  acc += convert_bits(DType::f32, f32_bits(in[i]), DType::i4, o);
  acc += convert_bits(DType::i32, uint64_t(i), DType::f8e5m2, o, r);
  acc += from_double(DType::f8e4m3, double(in[i]) * 3.0, o, r);
  out[i] = acc;
}

/// MX / NVFP4 blocks and accumulation models on device.
__global__ void numerics_block_kernel(const float* in, uint8_t* q, uint8_t* s, float* out) {
  const int b = blockIdx.x;
  mx_quantize_block(DType::f8e4m3, in + 32 * b, 32, MxScaleRule::kOcp, ConvertOptions{}, q + 32 * b,
                    s + b, uint64_t(32 * b));
  mx_dequantize_block(DType::f8e4m3, q + 32 * b, 32, s[b], out + 32 * b);
  nvfp4_quantize_block(in + 32 * b, 16, 1.0f, ConvertOptions::cuda(), q + 32 * b, s + b);
  nvfp4_dequantize_block(q + 32 * b, 16, s[b], 1.0f, out + 32 * b);
  const float* a = in + 32 * b;
  float r = tc_dot(tc_model(TcArch::kHopperFp8, DType::f8e4m3), a, a, 32, 0.0f);
  r += tc_dot(tc_model(TcArch::kBlackwellMxf4Nvf4, DType::f4e2m1), a, a, 32, r, DType::f32, a, a);
  AccumModel m;
  m.kind = AccumKind::kPairwise;
  r += accumulate(m, a, a, 32, r);
  m.kind = AccumKind::kSequential;
  m.accum = DType::bf16;
  r += accumulate(m, a, a, 32, r);
  out[b] = r + amax_scale(DType::f8e4m3, r);
}

/// The spec's f64 cos (randn's Box-Muller step) on device.
__global__ void numerics_cos64_kernel(const double* in, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = cos64(in[i]);
}

/// The spec's f64 sin and cos of any argument on device.
__global__ void numerics_sincos64_kernel(const double* in, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const SinCos64 v = sincos64(in[i]);
    out[2 * i] = v.sin;
    out[2 * i + 1] = v.cos;
  }
}
