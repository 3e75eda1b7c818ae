// Per-tensor value statistics: one TBB pass over fixed chunks, merged in chunk order.
#include "interp/numerics/stats.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

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
      if (a != 0) ++s.exp_hist[static_cast<size_t>(exponent_of(v) - kExpLo)];
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

template <typename X>
void scan_u(const X* x, const Values& u, bool have_u, size_t b, size_t e, double maxf, double mn,
            Partial& p) {
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
