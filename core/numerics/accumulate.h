// Accumulation models for dot products: sequential FMA, pairwise tree, tensor-core (MMA-Sim rules).
#pragma once

#include <cmath>
#include <cstdint>

#include "core/numerics/convert.h"

namespace tessera::num {

/// How a dot product sum is formed.
enum class AccumKind : uint8_t {
  kSequential = 0,  ///< c = fma(a[k], b[k], c) for k = 0, 1, ... in the accumulator type
  kPairwise = 1,    ///< products rounded to the accumulator, summed by the tree in pairwise_sum
  kTensorCore = 2,  ///< fused steps of k_step products plus c (see TcModel)
};

/// Tensor-core generations with distinct accumulation behaviour.
enum class TcArch : uint8_t {
  kVolta,
  kTuring,
  kAmpere,
  kAda,
  kHopper,
  kBlackwell,
  kAdaFp8,
  kHopperFp8,          ///< fp8 inputs: 13 fraction bits, output cut to 13 mantissa bits
  kBlackwellMxf8f6f4,  ///< block-scaled fp8/fp6/fp4, k = 32 per step
  kBlackwellMxf4Nvf4,  ///< block-scaled fp4, k = 64, groups of 16 summed exactly
};

/// Parameters of one tensor-core model. One step adds `k_step` products and c: every term is
/// aligned to the largest exponent and truncated toward zero to `frac_bits` fraction bits,
/// the truncated terms are summed exactly, and the sum is rounded (f32: toward zero, then cut to
/// `out_mant_bits`; f16: to nearest even).
struct TcModel {
  TcArch arch = TcArch::kAmpere;
  int frac_bits = 24;
  int k_step = 8;
  int out_mant_bits = 23;
  int group = 0;        ///< > 0: products summed exactly in groups of this size, then scaled
  int scale_block = 0;  ///< > 0: one (scale_a, scale_b) pair per this many products
};

/// The model of `arch` for inputs of `in` (which sets the instruction k = 256 / bits).
TESSERA_HD constexpr TcModel tc_model(TcArch arch, DType in = DType::f16) {
  const int bits = in == DType::tf32 ? 32 : (in == DType::f32 ? 32 : dtype_bits(in));
  const int kfull = 256 / (bits < 4 ? 4 : bits);
  TcModel m;
  m.arch = arch;
  switch (arch) {
    case TcArch::kVolta:
      m.frac_bits = 23;
      m.k_step = 4;
      break;
    case TcArch::kTuring:
    case TcArch::kAmpere:
    case TcArch::kAda:
      m.frac_bits = 24;
      m.k_step = kfull / 2;
      break;  // two chained halves of the instruction k
    case TcArch::kHopper:
    case TcArch::kBlackwell:
      m.frac_bits = 25;
      m.k_step = kfull;
      break;
    case TcArch::kAdaFp8:
      m.frac_bits = 13;
      m.k_step = 16;
      m.out_mant_bits = 13;
      break;
    case TcArch::kHopperFp8:
      m.frac_bits = 13;
      m.k_step = 32;
      m.out_mant_bits = 13;
      break;
    case TcArch::kBlackwellMxf8f6f4:
      m.frac_bits = 25;
      m.k_step = 32;
      m.scale_block = 32;
      break;
    case TcArch::kBlackwellMxf4Nvf4:
      m.frac_bits = 35;
      m.k_step = 64;
      m.group = 16;
      m.scale_block = 16;
      break;
  }
  return m;
}

/// An exact term sig * 2^exp (sig an integer).
struct ExactTerm {
  bool neg = false;
  uint64_t sig = 0;
  int exp = 0;
};

namespace detail {

/// Integer significand form of a finite double (value = sig * 2^exp, sig odd, < 2^53).
TESSERA_HD inline ExactTerm exact_of(double x) {
  const Unpacked u = decode(F64::desc(), f64_bits(x), false);
  ExactTerm t;
  if (u.cls != ValueClass::kFinite) return t;
  // Strip trailing zeros so that products of short significands stay short.
  const int tz = ctz64(u.sig);
  t.neg = u.neg;
  t.sig = u.sig >> tz;
  t.exp = u.exp - 63 + tz;
  return t;
}

TESSERA_HD inline int bit_length(uint64_t x) { return x == 0 ? 0 : 64 - clz64(x); }

/// Class of a special step result: 0 none, 1 NaN, 2 +Inf, 3 -Inf.
TESSERA_HD inline int special_of(double p, int state) {
  if (p != p) return 1;
  if (p == INFINITY) return state == 3 || state == 1 ? 1 : (state == 0 ? 2 : state);
  if (p == -INFINITY) return state == 2 || state == 1 ? 1 : (state == 0 ? 3 : state);
  return state;
}

}  // namespace detail

/// Sums exact terms with the tensor-core rule and rounds to f32 (`out` f32) or f16 (`out` f16);
/// returns the result as a float. Terms must be finite.
TESSERA_HD inline float tc_fused_sum(const TcModel& m, const ExactTerm* t, int n, DType out) {
  int emax = -100000;
  for (int i = 0; i < n; ++i) {
    if (t[i].sig == 0) continue;
    const int top = t[i].exp + detail::bit_length(t[i].sig) - 1;
    if (top > emax) emax = top;
  }
  if (emax == -100000) return 0.0f;
  const int quantum = emax - m.frac_bits;
  int64_t sum = 0;
  for (int i = 0; i < n; ++i) {
    if (t[i].sig == 0) continue;
    const int shift = quantum - t[i].exp;
    uint64_t q;
    if (shift <= 0)
      q = t[i].sig << -shift;  // < 2^(frac_bits + 1): the term is below 2^(emax+1)
    else
      q = shift >= 64 ? 0 : (t[i].sig >> shift);  // truncation toward zero
    sum += t[i].neg ? -int64_t(q) : int64_t(q);
  }
  if (sum == 0) return 0.0f;
  Unpacked u;
  u.cls = ValueClass::kFinite;
  u.neg = sum < 0;
  const uint64_t mag = u.neg ? uint64_t(0) - uint64_t(sum) : uint64_t(sum);
  const int lz = clz64(mag);
  u.sig = mag << lz;
  u.exp = quantum + 63 - lz;
  if (out == DType::f16) {
    EncodeParams p;  // round to nearest even
    return to_float<F16>(uint16_t(encode(F16::desc(), u, p)));
  }
  EncodeParams p;
  p.rounding = RoundingMode::kTowardZero;
  uint32_t bits = uint32_t(encode(F32::desc(), u, p));
  if (m.out_mant_bits < 23 && (bits & 0x7F800000u) != 0x7F800000u) {
    bits &= ~uint32_t(low_mask(23 - m.out_mant_bits));
  }
  return f32_from_bits(bits);
}

/// One tensor-core step: c + sum of a[i]*b[i] for i < k (k <= 64), fused by the rule of `m`.
/// Scales (may be null) multiply the products: product i uses scale_a[i / scale_block] *
/// scale_b[i / scale_block]. NaN in, Inf*0 or Inf-Inf give NaN: 0x7FFFFFFF for f32 output,
/// 0x7FFF (read back as f32) for f16 output.
TESSERA_HD inline float tc_step(const TcModel& m, const float* a, const float* b, int k, float c,
                                DType out = DType::f32, const float* scale_a = nullptr,
                                const float* scale_b = nullptr) {
  ExactTerm terms[72];
  int n = 0;
  int special = detail::special_of(double(c), 0);
  const int group = m.group > 0 ? m.group : 1;
  for (int g0 = 0; g0 < k; g0 += group) {
    double gsum = 0.0;  // exact for inputs of the declared formats (<= 4-bit significands)
    ExactTerm single;
    for (int i = g0; i < g0 + group && i < k; ++i) {
      const double p = double(a[i]) * double(b[i]);  // exact: two <= 24-bit significands
      special = detail::special_of(p, special);
      if (m.group > 0)
        gsum += p;
      else
        single = detail::exact_of(p);
    }
    ExactTerm t = m.group > 0 ? detail::exact_of(gsum) : single;
    if (scale_a && scale_b && m.scale_block > 0) {
      const int s = g0 / m.scale_block;
      const double sc = double(scale_a[s]) * double(scale_b[s]);
      special = detail::special_of(sc, special);
      if (sc == 0) t.sig = 0;
      const ExactTerm st = detail::exact_of(sc);
      // Multiply exactly: both significands are short for the declared scale formats.
      t.sig *= st.sig;
      t.exp += st.exp;
      t.neg = t.neg != st.neg;
    }
    terms[n++] = t;
  }
  if (special != 0) {
    if (special == 1) {
      return out == DType::f16 ? to_float<F16>(0x7FFF) : f32_from_bits(0x7FFFFFFFu);
    }
    return special == 2 ? INFINITY : -INFINITY;
  }
  terms[n++] = detail::exact_of(double(c));
  return tc_fused_sum(m, terms, n, out);
}

/// Dot product of length k chained through tensor-core steps of m.k_step products each.
TESSERA_HD inline float tc_dot(const TcModel& m, const float* a, const float* b, int k, float c,
                               DType out = DType::f32, const float* scale_a = nullptr,
                               const float* scale_b = nullptr) {
  for (int k0 = 0; k0 < k; k0 += m.k_step) {
    const int len = k - k0 < m.k_step ? k - k0 : m.k_step;
    const int sb = m.scale_block > 0 ? k0 / m.scale_block : 0;
    c = tc_step(m, a + k0, b + k0, len, c, out, scale_a ? scale_a + sb : nullptr,
                scale_b ? scale_b + sb : nullptr);
  }
  return c;
}

/// A full accumulation model: the kind, the accumulator type and the tensor-core parameters.
struct AccumModel {
  AccumKind kind = AccumKind::kSequential;
  DType accum = DType::f32;  ///< f32, f16 or bf16 (tensor core: f32 or f16)
  TcModel tc{};
};

/// Rounds a float to the accumulator type (RNE) and back.
TESSERA_HD inline float round_to_accum(float x, DType accum) {
  if (accum == DType::f16) return to_float<F16>(from_float<F16>(x));
  if (accum == DType::bf16) return to_float<BF16>(from_float<BF16>(x));
  return x;
}

/// FMA rounded once to the accumulator type (f32 directly; f16/bf16 via an exact f64 fma: the
/// product of two f32 is exact in f64, so only the addition can round twice, documented).
TESSERA_HD inline float fma_accum(float a, float b, float c, DType accum) {
  if (accum == DType::f32) return fmaf(a, b, c);
  const double r = fma(double(a), double(b), double(c));
  return float(to_double(accum, from_double(accum, r)));
}

/// Pairwise tree over x[lo, hi): a single element is itself; otherwise the range splits at
/// mid = lo + (hi - lo) / 2 and the two halves' sums are added, rounded to the accumulator.
TESSERA_HD inline float pairwise_sum(const float* x, int lo, int hi, DType accum) {
  if (hi - lo == 1) return x[lo];
  const int mid = lo + (hi - lo) / 2;
  return round_to_accum(pairwise_sum(x, lo, mid, accum) + pairwise_sum(x, mid, hi, accum), accum);
}

/// c + dot(a, b) of length k under `model`; inputs are already-decoded values.
TESSERA_HD inline float accumulate(const AccumModel& model, const float* a, const float* b, int k,
                                   float c) {
  switch (model.kind) {
    case AccumKind::kSequential:
      for (int i = 0; i < k; ++i) c = fma_accum(a[i], b[i], c, model.accum);
      return c;
    case AccumKind::kPairwise: {
      if (k == 0) return c;
      float prods[256];
      float partial = 0.0f;
      bool first = true;
      // Blocks of 256 (a bound for device stacks): each block's tree, then added in order.
      for (int k0 = 0; k0 < k; k0 += 256) {
        const int len = k - k0 < 256 ? k - k0 : 256;
        for (int i = 0; i < len; ++i) {
          prods[i] = round_to_accum(a[k0 + i] * b[k0 + i], model.accum);
        }
        const float s = pairwise_sum(prods, 0, len, model.accum);
        partial = first ? s : round_to_accum(partial + s, model.accum);
        first = false;
      }
      return round_to_accum(c + partial, model.accum);
    }
    case AccumKind::kTensorCore:
      return tc_dot(model.tc, a, b, k, c, model.accum == DType::f16 ? DType::f16 : DType::f32);
  }
  return c;
}

}  // namespace tessera::num
