// Per-tensor value statistics: one TBB pass over fixed chunks, merged in chunk order.
#include "interp/numerics/stats.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include <immintrin.h>
#include <type_traits>

#include "core/numerics/convert_array.h"
#include "core/numerics/formats.h"

namespace tessera::interp::numerics {
namespace {

constexpr size_t kChunk = size_t{1} << 15;
constexpr size_t kBins = static_cast<size_t>(kExpHi - kExpLo + 1);

/// floor(log2|x|) of a finite non-zero double, from its bits (subnormals through ilogb).
inline int exponent_of(double x) {
  const uint64_t b = std::bit_cast<uint64_t>(x);
  const int field = static_cast<int>((b >> 52) & 0x7FF);
  return field ? field - 1023 : std::ilogb(x);
}

/// The elements of a floating tensor as a pointer to float or double (decoding low-precision
/// formats to f32 into `keep`, which must outlive the pointer).
struct Values {
  const float* f = nullptr;
  const double* d = nullptr;
  double at(size_t i) const { return f ? static_cast<double>(f[i]) : d[i]; }
};

Values values_of(const Tensor& t, Tensor& keep) {
  if (t.dtype() == DType::f64) return {nullptr, t.data<double>()};
  if (t.dtype() == DType::f32) return {t.data<float>(), nullptr};
  keep = Tensor(DType::f32, t.shape());
  num::convert_array(t.dtype(), t.bytes(), DType::f32, keep.bytes(), static_cast<size_t>(t.numel()),
                     {});
  return {keep.data<float>(), nullptr};
}

/// Counters of one chunk (the histogram is allocated only when a chunk has a finite non-zero).
struct Partial {
  ValueStats s;
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
};

template <typename X, typename U>
void scan(const X* x, const U* u, size_t begin, size_t end, double maxf, double min_normal,
          Partial& p) {
  ValueStats& s = p.s;
  uint64_t nan = 0, pinf = 0, ninf = 0, zero = 0, sub = 0;
  uint64_t ovf = 0, sat = 0, uz = 0, us = 0, rnd = 0;
  double lo = p.lo, hi = p.hi, am = s.absmax;
  // f32 exponents lie in [-149, 127]: four small histograms (element i in copy i % 4) so that
  // neighbours with the same exponent do not wait on each other's increment; added up below.
  constexpr bool kF32 = std::is_same_v<X, float>;
  constexpr int kF32Lo = -149, kF32Bins = 127 - kF32Lo + 1;
  uint32_t h32[kF32 ? 4 : 1][kF32 ? kF32Bins : 1] = {};
  for (size_t i = begin; i < end; ++i) {
    const double v = static_cast<double>(x[i]);
    const double a = std::fabs(v);
    const bool is_nan = v != v;
    const bool is_inf = a == std::numeric_limits<double>::infinity();
    nan += is_nan;
    pinf += is_inf && v > 0;
    ninf += is_inf && v < 0;
    zero += a == 0;
    const bool finite = !is_nan && !is_inf;
    const bool is_sub = finite && a != 0 && a < min_normal;
    sub += is_sub;
    if (finite) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
      am = std::max(am, a);
      if constexpr (kF32) {
        if (a != 0) ++h32[i & 3][exponent_of(v) - kF32Lo];
      } else if (a != 0) {
        ++s.exp_hist[static_cast<size_t>(exponent_of(v) - kExpLo)];
      }
    }
    if constexpr (!std::is_same_v<U, std::nullptr_t>) {
      const double w = static_cast<double>(u[i]);
      const double aw = std::fabs(w);
      const bool w_finite = std::isfinite(w);
      ovf += w_finite && is_inf;
      sat += finite && a == maxf && aw > maxf;
      uz += w_finite && w != 0 && a == 0;
      const bool changed = !is_nan && w == w && v != w;
      rnd += changed;
      us += changed && is_sub;
    }
  }
  if constexpr (kF32)
    for (int b = 0; b < kF32Bins; ++b)
      s.exp_hist[static_cast<size_t>(b + kF32Lo - kExpLo)] +=
          h32[0][b] + h32[1][b] + h32[2][b] + h32[3][b];
  s.nan += nan;
  s.pos_inf += pinf;
  s.neg_inf += ninf;
  s.zero += zero;
  s.subnormal += sub;
  s.overflow += ovf;
  s.saturated += sat;
  s.underflow_zero += uz;
  s.underflow_subnormal += us;
  s.rounded += rnd;
  p.lo = lo;
  p.hi = hi;
  s.absmax = am;
}

/// scan<float, nullptr_t> eight elements per AVX2 vector: the counters per lane, the exponents
/// of normal values from their bits (a vector with a subnormal takes exponent_of per lane), four
/// histogram copies; the tail through scan. Counts, extremes and the histogram do not depend on
/// the order (a min or max over zeros of both signs may keep the other zero).
void scan_f32(const float* x, size_t begin, size_t end, double maxf, double min_normal,
              Partial& p) {
  constexpr int kLo = -149, kBins = 127 - kLo + 2;  // the last bin takes 0, Inf, NaN
  uint32_t h[4][kBins] = {};
  const __m256i abs_bits = _mm256_set1_epi32(0x7FFFFFFF), inf_bits = _mm256_set1_epi32(0x7F800000);
  const __m256 mn = _mm256_set1_ps(static_cast<float>(min_normal));
  const __m256 pinf = _mm256_set1_ps(INFINITY), ninf = _mm256_set1_ps(-INFINITY);
  __m256i nan = _mm256_setzero_si256(), inf = nan, pos_inf = nan, zero = nan, sub = nan;
  __m256 lo = pinf, hi = ninf, am = _mm256_setzero_ps();
  size_t i = begin;
  for (; i + 8 <= end; i += 8) {
    const __m256 v = _mm256_loadu_ps(x + i);
    const __m256i b = _mm256_and_si256(_mm256_castps_si256(v), abs_bits);
    const __m256 a = _mm256_castsi256_ps(b);
    const __m256i is_nan = _mm256_cmpgt_epi32(b, inf_bits);
    const __m256i is_inf = _mm256_cmpeq_epi32(b, inf_bits);
    const __m256i is_zero = _mm256_cmpeq_epi32(b, _mm256_setzero_si256());
    const __m256i finite = _mm256_cmpgt_epi32(inf_bits, b);
    const __m256i is_sub = _mm256_andnot_si256(
        is_zero, _mm256_and_si256(finite, _mm256_castps_si256(_mm256_cmp_ps(a, mn, _CMP_LT_OQ))));
    nan = _mm256_sub_epi32(nan, is_nan);
    inf = _mm256_sub_epi32(inf, is_inf);
    pos_inf = _mm256_sub_epi32(
        pos_inf, _mm256_cmpeq_epi32(_mm256_castps_si256(v), inf_bits));  // +Inf exactly
    zero = _mm256_sub_epi32(zero, is_zero);
    sub = _mm256_sub_epi32(sub, is_sub);
    const __m256 fin = _mm256_castsi256_ps(finite);
    lo = _mm256_min_ps(lo, _mm256_blendv_ps(pinf, v, fin));
    hi = _mm256_max_ps(hi, _mm256_blendv_ps(ninf, v, fin));
    am = _mm256_max_ps(am, _mm256_and_ps(a, fin));
    // Histogram bins: floor(log2|x|) - kLo of a normal value is its exponent field + 22.
    alignas(32) int32_t bin[8];
    const __m256i normal = _mm256_andnot_si256(_mm256_or_si256(is_zero, is_sub), finite);
    _mm256_store_si256(
        reinterpret_cast<__m256i*>(bin),
        _mm256_blendv_epi8(_mm256_set1_epi32(kBins - 1),
                           _mm256_add_epi32(_mm256_srli_epi32(b, 23), _mm256_set1_epi32(22)),
                           normal));
    if (_mm256_movemask_epi8(is_sub) != 0)
      for (int l = 0; l < 8; ++l)
        if (x[i + l] != 0 && std::fabs(x[i + l]) < min_normal)
          bin[l] = exponent_of(static_cast<double>(x[i + l])) - kLo;
    for (int l = 0; l < 8; ++l) ++h[l & 3][bin[l]];
  }
  alignas(32) int32_t c[5][8];
  alignas(32) float f[3][8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(c[0]), nan);
  _mm256_store_si256(reinterpret_cast<__m256i*>(c[1]), inf);
  _mm256_store_si256(reinterpret_cast<__m256i*>(c[2]), pos_inf);
  _mm256_store_si256(reinterpret_cast<__m256i*>(c[3]), zero);
  _mm256_store_si256(reinterpret_cast<__m256i*>(c[4]), sub);
  _mm256_store_ps(f[0], lo);
  _mm256_store_ps(f[1], hi);
  _mm256_store_ps(f[2], am);
  ValueStats& s = p.s;
  for (int l = 0; l < 8; ++l) {
    s.nan += static_cast<uint64_t>(c[0][l]);  // (each counter subtracted -1 per hit)
    s.pos_inf += static_cast<uint64_t>(c[2][l]);
    s.neg_inf += static_cast<uint64_t>(c[1][l] - c[2][l]);
    s.zero += static_cast<uint64_t>(c[3][l]);
    s.subnormal += static_cast<uint64_t>(c[4][l]);
    p.lo = std::min(p.lo, static_cast<double>(f[0][l]));
    p.hi = std::max(p.hi, static_cast<double>(f[1][l]));
    s.absmax = std::max(s.absmax, static_cast<double>(f[2][l]));
  }
  for (int bb = 0; bb + 1 < kBins; ++bb)
    s.exp_hist[static_cast<size_t>(bb + kLo - kExpLo)] += h[0][bb] + h[1][bb] + h[2][bb] + h[3][bb];
  scan<float, std::nullptr_t>(x, nullptr, i, end, maxf, min_normal, p);
}

template <typename X>
void scan_u(const X* x, const Values& u, bool have_u, size_t b, size_t e, double maxf, double mn,
            Partial& p) {
  if constexpr (std::is_same_v<X, float>)
    if (!have_u) return scan_f32(x, b, e, maxf, mn, p);
  if (!have_u) return scan<X, std::nullptr_t>(x, nullptr, b, e, maxf, mn, p);
  if (u.f) return scan(x, u.f, b, e, maxf, mn, p);
  scan(x, u.d, b, e, maxf, mn, p);
}

}  // namespace

void ValueStats::merge(const ValueStats& o) {
  if (o.count == 0) return;
  const bool first = count == 0;
  const bool had_finite = count > nonfinite(), o_finite = o.count > o.nonfinite();
  count += o.count;
  nan += o.nan;
  pos_inf += o.pos_inf;
  neg_inf += o.neg_inf;
  zero += o.zero;
  subnormal += o.subnormal;
  overflow += o.overflow;
  saturated += o.saturated;
  underflow_zero += o.underflow_zero;
  underflow_subnormal += o.underflow_subnormal;
  rounded += o.rounded;
  has_unrounded = has_unrounded || o.has_unrounded;
  if (o_finite) {
    min = had_finite ? std::min(min, o.min) : o.min;
    max = had_finite ? std::max(max, o.max) : o.max;
  }
  absmax = std::max(absmax, o.absmax);
  if (first) {
    max_finite = o.max_finite;
    min_normal = o.min_normal;
  }
  if (exp_hist.empty()) exp_hist.assign(kBins, 0);
  for (size_t k = 0; k < o.exp_hist.size(); ++k) exp_hist[k] += o.exp_hist[k];
}

ValueStats compute_stats(const Tensor& t, const Tensor* unrounded) {
  ValueStats out;
  if (!dtype_is_float(t.dtype()) || t.numel() == 0 || !t.bytes()) return out;
  const size_t n = static_cast<size_t>(t.numel());
  const num::FloatDesc d = num::float_desc(t.dtype());
  out.max_finite = num::max_finite_value(t.dtype());
  out.min_normal = std::ldexp(1.0, d.emin());
  Tensor keep_x, keep_u;
  const Values x = values_of(t, keep_x);
  const bool have_u = unrounded && dtype_is_float(unrounded->dtype()) &&
                      static_cast<size_t>(unrounded->numel()) == n;
  const Values u = have_u ? values_of(*unrounded, keep_u) : Values{};
  const size_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<Partial> parts(chunks);
  tbb::parallel_for(size_t{0}, chunks, [&](size_t c) {
    Partial& p = parts[c];
    p.s.exp_hist.assign(kBins, 0);
    const size_t b = c * kChunk, e = std::min(n, b + kChunk);
    if (x.f)
      scan_u(x.f, u, have_u, b, e, out.max_finite, out.min_normal, p);
    else
      scan_u(x.d, u, have_u, b, e, out.max_finite, out.min_normal, p);
  });
  out.exp_hist.assign(kBins, 0);
  out.count = n;
  out.has_unrounded = have_u;
  bool any_finite = false;
  for (Partial& p : parts) {
    ValueStats& s = p.s;
    out.nan += s.nan;
    out.pos_inf += s.pos_inf;
    out.neg_inf += s.neg_inf;
    out.zero += s.zero;
    out.subnormal += s.subnormal;
    out.overflow += s.overflow;
    out.saturated += s.saturated;
    out.underflow_zero += s.underflow_zero;
    out.underflow_subnormal += s.underflow_subnormal;
    out.rounded += s.rounded;
    out.absmax = std::max(out.absmax, s.absmax);
    if (p.lo <= p.hi) {
      out.min = any_finite ? std::min(out.min, p.lo) : p.lo;
      out.max = any_finite ? std::max(out.max, p.hi) : p.hi;
      any_finite = true;
    }
    for (size_t k = 0; k < kBins; ++k) out.exp_hist[k] += s.exp_hist[k];
  }
  return out;
}

int64_t first_nonfinite(const Tensor& t, bool want_nan, bool want_inf) {
  if (!dtype_is_float(t.dtype()) || !t.bytes()) return -1;
  Tensor keep;
  const Values x = values_of(t, keep);
  for (int64_t i = 0; i < t.numel(); ++i) {
    const double v = x.at(static_cast<size_t>(i));
    if ((want_nan && v != v) || (want_inf && std::isinf(v))) return i;
  }
  return -1;
}

double element_as_double(const Tensor& t, int64_t k) {
  const auto i = static_cast<size_t>(k);
  switch (t.dtype()) {
    case DType::f64:
      return t.data<double>()[i];
    case DType::f32:
      return t.data<float>()[i];
    default:
      break;
  }
  if (!dtype_is_float(t.dtype())) return std::numeric_limits<double>::quiet_NaN();
  const size_t bytes = storage_bytes(t.dtype(), {1});
  float f = 0;
  num::convert_array(t.dtype(), t.bytes() + i * bytes, DType::f32, &f, 1, {});
  return f;
}

Tensor to_f64(const Tensor& t) {
  if (!dtype_is_float(t.dtype()) || t.dtype() == DType::f64) return t;
  Tensor w(DType::f64, t.shape());
  if (t.dtype() == DType::f32) {  // exact; the hot case of shadow runs
    const float* src = t.data<float>();
    double* dst = w.data<double>();
    const size_t n = static_cast<size_t>(t.numel());
    tbb::parallel_for(size_t{0}, (n + kChunk - 1) / kChunk, [&](size_t c) {
      const size_t e = std::min(n, (c + 1) * kChunk);
      for (size_t i = c * kChunk; i < e; ++i) dst[i] = static_cast<double>(src[i]);
    });
    return w;
  }
  num::convert_array(t.dtype(), t.bytes(), DType::f64, w.bytes(), static_cast<size_t>(t.numel()),
                     {});
  return w;
}

}  // namespace tessera::interp::numerics
