// Per-tensor value statistics of numerics reports: specials, range, exponents, rounding events.
#pragma once

#include <cstdint>
#include <vector>

#include "interp/tensor.h"

namespace tessera::interp::numerics {

/// Exponent histogram bins cover floor(log2|x|) from kExpLo to kExpHi (every finite f64).
inline constexpr int kExpLo = -1074;
inline constexpr int kExpHi = 1023;

/// What one tensor holds, in the terms of its element format (docs/numerics-report.md).
/// Rounding events compare each element with its value before storage rounding ("unrounded"),
/// where the step had one: a low-precision result computed in f32, or a cast's operand.
struct ValueStats {
  uint64_t count = 0;  ///< elements (floating tensors only; 0 for integer tensors)
  uint64_t nan = 0, pos_inf = 0, neg_inf = 0;
  uint64_t zero = 0;       ///< +-0
  uint64_t subnormal = 0;  ///< non-zero and below the format's smallest normal
  uint64_t overflow = 0;   ///< finite before rounding, +-Inf after
  uint64_t saturated = 0;  ///< |x| above max finite (or Inf) before rounding, +-max finite after
  uint64_t underflow_zero = 0;          ///< non-zero before rounding, zero after
  uint64_t underflow_subnormal = 0;     ///< changed by rounding into the subnormal range
  uint64_t rounded = 0;                 ///< changed by rounding (NaN excluded)
  bool has_unrounded = false;           ///< the rounding counters mean something
  double min = 0, max = 0, absmax = 0;  ///< over finite elements (0 when there are none)
  double max_finite = 0;                ///< of the format (0 for integer tensors)
  double min_normal = 0;                ///< of the format
  /// exp_hist[e - kExpLo]: finite non-zero elements with floor(log2|x|) == e.
  std::vector<uint64_t> exp_hist;

  uint64_t nonfinite() const { return nan + pos_inf + neg_inf; }
  /// absmax / max finite of the format: the share of its range in use.
  double range_use() const { return max_finite > 0 ? absmax / max_finite : 0; }
  /// Adds `o` (another rank's tensor of the same op) into this.
  void merge(const ValueStats& o);
};

/// Error of a result against a reference, in ulps of the result's format and relative.
struct ErrorStats {
  double max_ulp = 0, sum_ulp = 0, max_rel = 0, sum_rel = 0;
  uint64_t n = 0;           ///< finite elements compared
  uint64_t n_rel = 0;       ///< of them with a non-zero reference
  uint64_t mismatched = 0;  ///< elements where one side is NaN/Inf and the other is not the same
  double mean_ulp() const { return n ? sum_ulp / static_cast<double>(n) : 0; }
  double mean_rel() const { return n_rel ? sum_rel / static_cast<double>(n_rel) : 0; }
  void merge(const ErrorStats& o);
};

/// Statistics of `t` in its own format; `unrounded` (same element count, any floating dtype, or
/// nullptr) adds the rounding events. TBB-parallel over fixed chunks: the result does not depend
/// on the thread count.
ValueStats compute_stats(const Tensor& t, const Tensor* unrounded);

/// Flat index of the first element of `t` that is NaN (want_nan) or +-Inf (want_inf), or -1.
int64_t first_nonfinite(const Tensor& t, bool want_nan, bool want_inf);

/// Element k of a floating tensor as a double (low-precision formats decoded exactly).
double element_as_double(const Tensor& t, int64_t k);

/// The tensor as f64 (floating dtypes only; integer tensors are returned as they are).
Tensor to_f64(const Tensor& t);

}  // namespace tessera::interp::numerics
