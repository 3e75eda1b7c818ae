// extern "C" wrappers of the numerics host library, loaded by the Python oracle tests via ctypes.
#include <cstddef>
#include <cstdint>

#include "core/numerics/convert_array.h"
#include "core/numerics/cos64.h"
#include "core/numerics/erfc64.h"
#include "core/numerics/erfcf.h"
#include "core/numerics/exp64.h"
#include "core/numerics/expf.h"
#include "core/numerics/log1pf.h"
#include "core/numerics/log64.h"
#include "core/numerics/logf.h"
#include "core/numerics/pow64.h"
#include "core/numerics/sincos64.h"
#include "core/numerics/sincosf.h"
#include "core/numerics/tanh64.h"
#include "core/numerics/tanhf.h"

using namespace tessera;
using namespace tessera::num;

namespace {
ConvertOptions make_opts(int profile, int rounding, int saturate, int flush_in, int flush_out,
                         uint64_t seed, uint64_t stream) {
  ConvertOptions o;
  o.profile = Profile(profile);
  o.rounding = RoundingMode(rounding);
  o.saturate = saturate != 0;
  o.flush_input_denormals = flush_in != 0;
  o.flush_output_denormals = flush_out != 0;
  o.seed = seed;
  o.stream = stream;
  return o;
}
}  // namespace

extern "C" {

/// convert_array with every option spelled out as integers.
void tessera_convert(int from, const void* src, int to, void* dst, size_t n, int profile,
                     int rounding, int saturate, int flush_in, int flush_out, uint64_t seed,
                     uint64_t stream, uint64_t first) {
  convert_array(DType(from), src, DType(to), dst, n,
                make_opts(profile, rounding, saturate, flush_in, flush_out, seed, stream), first);
}

/// The scalar reference path over an array.
void tessera_convert_reference(int from, const void* src, int to, void* dst, size_t n, int profile,
                               int rounding, int saturate, int flush_in, int flush_out,
                               uint64_t seed, uint64_t stream, uint64_t first) {
  convert_array_reference(DType(from), src, DType(to), dst, n,
                          make_opts(profile, rounding, saturate, flush_in, flush_out, seed, stream),
                          first);
}

/// One conversion with explicit random bits.
uint64_t tessera_convert_scalar(int from, uint64_t bits, int to, int profile, int rounding,
                                int saturate, int flush_in, int flush_out, uint32_t rbits) {
  return convert_bits(DType(from), bits, DType(to),
                      make_opts(profile, rounding, saturate, flush_in, flush_out, 0, 0), rbits);
}

/// MX quantisation (rule 0 = ocp, 1 = ceil).
void tessera_mx_quantize(int elem, const float* src, size_t n, uint8_t* elems, uint8_t* scales,
                         int rule, int profile) {
  ConvertOptions o;
  o.profile = Profile(profile);
  mx_quantize(DType(elem), src, n, elems, scales, MxScaleRule(rule), o);
}

/// Random bits of one element (Philox4x32-10 keyed by seed and stream).
uint32_t tessera_random_bits(uint64_t seed, uint64_t stream, uint64_t index) {
  return random_bits(seed, stream, index);
}

/// The spec's expf over an array, and its table of 2^(i/32) (32 entries, as stored).
void tessera_expf(const float* x, float* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = tessera::num::expf(x[i]);
}
void tessera_logf(const float* x, float* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = tessera::num::logf(x[i]);
}
void tessera_log1pf(const float* x, float* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = tessera::num::log1pf(x[i]);
}
void tessera_tanhf(const float* x, float* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = tessera::num::tanhf(x[i]);
}
void tessera_erfcf(const float* x, float* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = tessera::num::erfcf(x[i]);
}
/// The spec's f64 cos (core/numerics/cos64.h) over an array.
void tessera_cos64(const double* x, double* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = tessera::num::cos64(x[i]);
}
/// The spec's f64 sin and cos (core/numerics/sincos64.h) over an array.
void tessera_sincos64(const double* x, double* s, double* c, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const tessera::num::SinCos64 v = tessera::num::sincos64(x[i]);
    s[i] = v.sin;
    c[i] = v.cos;
  }
}
void tessera_sinf(const float* x, float* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = tessera::num::sincosf(x[i]).sin;
}
void tessera_cosf(const float* x, float* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = tessera::num::sincosf(x[i]).cos;
}
/// The spec's f64 exp, log and log1p over an array.
void tessera_exp64(const double* x, double* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = tessera::num::exp64(x[i]);
}
void tessera_log64(const double* x, double* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = tessera::num::log64(x[i]);
}
void tessera_log1p64(const double* x, double* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = tessera::num::log1p64(x[i]);
}
/// The spec's pow of f64 pairs, and of f32 pairs (num::spec_pow).
void tessera_pow64(const double* x, const double* y, double* r, size_t n) {
  for (size_t i = 0; i < n; ++i) r[i] = tessera::num::pow64(x[i], y[i]);
}
void tessera_powf_spec(const float* x, const float* y, float* r, size_t n) {
  for (size_t i = 0; i < n; ++i) r[i] = tessera::num::spec_pow(x[i], y[i]);
}
/// The f64 exp/log double-double tables (hi, lo pairs): 1/n! (21) then 1/(2n+1) (19), then the
/// three parts of ln 2.
void tessera_exp64_tables(double* out) {
  for (const DD& c : kExp64Fact) *out++ = c.hi, *out++ = c.lo;
  for (const DD& c : kLog64Odd) *out++ = c.hi, *out++ = c.lo;
  for (double p : kLn2Parts) *out++ = p;
}
/// The spec's f64 tanh and erfc over an array, and erfc's Taylor table (hi, lo pairs) followed
/// by 2 / sqrt(pi) and 1 / sqrt(pi).
void tessera_tanh64(const double* x, double* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = tessera::num::tanh64(x[i]);
}
void tessera_erfc64(const double* x, double* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = tessera::num::erfc64(x[i]);
}
void tessera_erfc64_tables(double* out) {
  for (const DD& c : kErfc64Taylor) *out++ = c.hi, *out++ = c.lo;
  for (const DD& c : {kErfc64TwoOverSqrtPi, kErfc64InvSqrtPi}) *out++ = c.hi, *out++ = c.lo;
}
void tessera_exp_table(uint64_t* out) {
  for (int i = 0; i < 32; ++i) out[i] = kExpTable[i];
}

}  // extern "C"
