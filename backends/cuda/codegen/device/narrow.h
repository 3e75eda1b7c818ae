// The register <-> storage conversions of bf16, f16, fp8 e4m3fn and e5m2, fp6 e2m3fn and e3m2fn,
// fp4 e2m1fn and the e8m0fnu scale (one element per byte) as integer code,
// bit-identical to core/numerics (convert_pack.h narrow_register / narrow_storage and
// convert.h convert_bits with the default options), with none of CUDA's conversion intrinsics:
// cuda_fp8.h's constructors saturate and drop a NaN's sign, cvt.f32.f16 and cvt.rn.bf16.f32 give
// the canonical NaN. This text is embedded verbatim at the top of the device prelude and also
// compiled as host C++ by tests/cuda/test_narrow_convert.cpp, which compares every function with
// core/numerics (exhaustively for the 4- to 16-bit inputs); the includer defines TSR_HD when it
// is not CUDA (host: inline, with <cstring> included).
#ifdef __CUDACC__
#define TSR_HD __device__ __forceinline__
#endif

namespace tsr {
namespace nar {

typedef unsigned int w32;

#ifdef __CUDACC__
TSR_HD w32 f2u(float x) { return __float_as_uint(x); }
TSR_HD float u2f(w32 b) { return __uint_as_float(b); }
#else
TSR_HD w32 f2u(float x) {
  w32 b;
  memcpy(&b, &x, 4);
  return b;
}
TSR_HD float u2f(w32 b) {
  float x;
  memcpy(&x, &b, 4);
  return x;
}
#endif

// --- storage bits -> register value (the exact value; a NaN keeps its pattern: the sign and the
// mantissa bits at the top of the f32 mantissa, not quieted). ---

TSR_HD float bf16_value(w32 h) { return u2f((h & 0xffffu) << 16); }

// A format of E exponent and M mantissa bits, bias 2^(E-1)-1: sign at bit E+M. Subnormals are
// m * 2^(1-bias-M): the integer m times a power of two, both exact in f32.
template <int E, int M>
TSR_HD float small_value(w32 b, bool ieee) {
  const w32 sign = ((b >> (E + M)) & 1u) << 31;
  const w32 e = (b >> M) & ((1u << E) - 1u);
  const w32 m = b & ((1u << M) - 1u);
  const int bias = (1 << (E - 1)) - 1;
  if (e == (1u << E) - 1u && (ieee || m == (1u << M) - 1u))  // Inf, NaN (e4m3fn: S.1111.111)
    return u2f(sign | 0x7f800000u | (m << (23 - M)));
  if (e == 0) {
    // 2^(1 - bias - M) as an f32 pattern (a normal f32 for every format here).
    const float scale = u2f(w32(127 + 1 - bias - M) << 23);
    return u2f(sign | f2u(float(m) * scale));
  }
  return u2f(sign | ((e + w32(127 - bias)) << 23) | (m << (23 - M)));
}
TSR_HD float f16_value(w32 h) { return small_value<5, 10>(h, true); }
TSR_HD float e5m2_value(w32 b) { return small_value<5, 2>(b, true); }
TSR_HD float e4m3_value(w32 b) { return small_value<4, 3>(b, false); }

// fp6 / fp4 ("fn" without NaN or Inf: every pattern is finite; the bits above the format in the
// byte are ignored).
template <int E, int M>
TSR_HD float finite_value(w32 b) {
  const w32 sign = ((b >> (E + M)) & 1u) << 31;
  const w32 e = (b >> M) & ((1u << E) - 1u);
  const w32 m = b & ((1u << M) - 1u);
  const int bias = (1 << (E - 1)) - 1;
  if (e == 0) return u2f(sign | f2u(float(m) * u2f(w32(127 + 1 - bias - M) << 23)));
  return u2f(sign | ((e + w32(127 - bias)) << 23) | (m << (23 - M)));
}
TSR_HD float e2m3_value(w32 b) { return finite_value<2, 3>(b); }
TSR_HD float e3m2_value(w32 b) { return finite_value<3, 2>(b); }
TSR_HD float e2m1_value(w32 b) { return finite_value<2, 1>(b); }
// e8m0fnu: 2^(e - 127); 0xFF is NaN, whose register cell is f32's quiet NaN (narrow_nan_cell).
// e = 0 is 2^-127, an f32 subnormal.
TSR_HD float e8m0_value(w32 b) {
  const w32 e = b & 0xffu;
  if (e == 0xffu) return u2f(0x7fc00000u);
  return u2f(e == 0 ? 0x00400000u : e << 23);
}

// --- f32 -> storage bits, round to nearest even, subnormals kept, no saturation ---

// The magnitude |x| (f32 bits a, finite) rounded to E/M: may exceed the largest finite pattern
// (the caller decides overflow). f32 subnormals are far below half the smallest subnormal here.
template <int E, int M>
TSR_HD w32 small_rne(w32 a) {
  const int bias = (1 << (E - 1)) - 1;
  const int s = 23 - M;
  const w32 e32 = a >> 23;
  if (e32 == 0) return 0;
  const int ex = int(e32) - 127;
  if (ex >= 1 - bias) {  // normal: round on the f32 pattern, then rebias (a carry moves up)
    const w32 r = (a + ((1u << (s - 1)) - 1u) + ((a >> s) & 1u)) >> s;
    return r - (w32(127 - bias) << M);
  }
  const int shift = s + (1 - bias - ex);  // units of the smallest subnormal
  if (shift > 25) return 0;               // below half of it
  const w32 mant = (a & 0x7fffffu) | 0x800000u;
  const w32 q = mant >> shift;
  const w32 rem = mant & ((1u << shift) - 1u);
  const w32 half = 1u << (shift - 1);
  return q + ((rem > half || (rem == half && (q & 1u))) ? 1u : 0u);
}

// A NaN's storage pattern from a register NaN (convert_pack.h narrow_nan_bits): the sign and the
// top M mantissa bits, the quiet bit set when those are zero; e4m3fn has one NaN per sign.
template <int E, int M>
TSR_HD w32 small_nan(w32 u, bool ieee) {
  const w32 sign = (u >> 31) << (E + M);
  w32 man = (u & 0x7fffffu) >> (23 - M);
  if (!ieee) man = (1u << M) - 1u;
  if (man == 0) man = 1u << (M - 1);
  return sign | (((1u << E) - 1u) << M) | man;
}

// narrow_storage for an IEEE-like E/M format: overflow and Inf give Inf.
template <int E, int M>
TSR_HD w32 ieee_bits(float x) {
  const w32 u = f2u(x);
  const w32 a = u & 0x7fffffffu;
  if (a > 0x7f800000u) return small_nan<E, M>(u, true);
  const w32 sign = (u >> 31) << (E + M);
  const w32 inf = ((1u << E) - 1u) << M;
  if (a == 0x7f800000u) return sign | inf;
  const w32 r = small_rne<E, M>(a);
  return sign | (r >= inf ? inf : r);
}

TSR_HD w32 bf16_bits(float x) {
  const w32 u = f2u(x);
  const w32 a = u & 0x7fffffffu;
  if (a > 0x7f800000u) return small_nan<8, 7>(u, true);
  return ((u >> 16) & 0x8000u) | ((a + 0x7fffu + ((a >> 16) & 1u)) >> 16);
}
TSR_HD w32 f16_bits(float x) { return ieee_bits<5, 10>(x); }
TSR_HD w32 e5m2_bits(float x) { return ieee_bits<5, 2>(x); }
// e4m3fn: no Inf; above 448 (464 rounds to even 448) and Inf give NaN S.1111.111, sign kept.
TSR_HD w32 e4m3_bits(float x) {
  const w32 u = f2u(x);
  const w32 a = u & 0x7fffffffu;
  const w32 sign = (u >> 31) << 7;
  if (a >= 0x7f800000u) return sign | 0x7fu;
  const w32 r = small_rne<4, 3>(a);
  return sign | (r > 0x7eu ? 0x7fu : r);
}

// fp6 / fp4 storage (narrow_storage: from_double with the default ocp options): finite overflow
// and Inf saturate to the largest magnitude with the sign; a NaN (no NaN in the format) gives
// zero with the sign flipped, as ml_dtypes does.
template <int E, int M>
TSR_HD w32 finite_bits(float x) {
  const w32 u = f2u(x);
  const w32 a = u & 0x7fffffffu;
  const w32 sign_bit = 1u << (E + M);
  if (a > 0x7f800000u) return (u >> 31) ? 0u : sign_bit;
  const w32 sign = (u >> 31) ? sign_bit : 0u;
  const w32 max = sign_bit - 1u;
  if (a == 0x7f800000u) return sign | max;
  const w32 r = small_rne<E, M>(a);
  return sign | (r > max ? max : r);
}
TSR_HD w32 e2m3_bits(float x) { return finite_bits<2, 3>(x); }
TSR_HD w32 e3m2_bits(float x) { return finite_bits<3, 2>(x); }
TSR_HD w32 e2m1_bits(float x) { return finite_bits<2, 1>(x); }

// e8m0fnu storage (narrow_storage): NaN, Inf, zero and negatives give NaN 0xFF; a positive value
// rounds to the nearest power of two with ties up (the one kept significand bit, the implicit 1,
// is odd), 2^-127 (0x00) at the bottom, NaN above 2^127; ml_dtypes' rule that every value
// strictly between 2^-127 and 2^-126 gives 2^-126 (core/numerics encode_e8m0).
TSR_HD w32 e8m0_bits(float x) {
  const w32 u = f2u(x);
  if ((u >> 31) || u == 0 || u >= 0x7f800000u) return 0xffu;
  int ex;     // floor(log2 x)
  bool half;  // the bit below the leading one (>= half way to the next power of two)
  bool exact;
  if ((u >> 23) != 0) {
    ex = int(u >> 23) - 127;
    half = (u >> 22) & 1u;
    exact = (u & 0x7fffffu) == 0;
  } else {  // f32 subnormal: m * 2^-149
    int top = 22;
    while (((u >> top) & 1u) == 0) --top;
    ex = top - 149;
    half = top > 0 && ((u >> (top - 1)) & 1u);
    exact = (u & ((1u << top) - 1u)) == 0;
  }
  if (ex == -127 && !exact) return 0x01u;
  const int e = ex + (half ? 1 : 0);
  if (e < -127) return 0x00u;
  if (e > 127) return 0xffu;
  return w32(e + 127);
}

// --- arith.truncf f32 -> bf16 / f16 with the default options (convert.h convert_bits, ocp):
// the storage rounding, but a NaN becomes bf16's quiet NaN with the sign, and f16's pattern
// keeps the top ten payload bits (1 when they are zero). ---

TSR_HD w32 bf16_cvt(float x) {
  const w32 u = f2u(x);
  if ((u & 0x7fffffffu) > 0x7f800000u) return ((u >> 16) & 0x8000u) | 0x7fc0u;
  return bf16_bits(x);
}
TSR_HD w32 f16_cvt(float x) {
  const w32 u = f2u(x);
  if ((u & 0x7fffffffu) > 0x7f800000u) {
    const w32 p = (u & 0x7fffffu) >> 13;
    return ((u >> 16) & 0x8000u) | 0x7c00u | (p == 0 ? 1u : p);
  }
  return f16_bits(x);
}

}  // namespace nar
}  // namespace tsr
