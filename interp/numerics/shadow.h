// Shadow f64 execution: error of a result against a reference in ulps of the result's format.
#pragma once

#include "interp/numerics/monitor.h"

namespace tessera::interp::numerics {

/// Error of `x` (any floating dtype) against `ref` (f64, same element count), in ulps of format
/// `fmt` (x's own when omitted) at the reference value (ulp(r) = 2^(max(floor(log2|r|), emin) -
/// mantissa bits)) and relative (|x - r| / |r|, non-zero r only). Elements where either side is NaN
/// or Inf count as mismatched unless both are the same special. TBB-parallel over fixed chunks,
/// merged in order.
ErrorStats compare_to_reference(const Tensor& x, const Tensor& ref, DType fmt);
inline ErrorStats compare_to_reference(const Tensor& x, const Tensor& ref) {
  return compare_to_reference(x, ref, x.dtype());
}

/// The three comparisons of a shadowed result in one pass: total (x against ref), own (x against
/// `local`, the f64 op on x's actual operands) and inherited (local against ref), all in ulps of
/// x's format; each the same as its compare_to_reference call.
struct SplitErrors {
  ErrorStats total, own, inherited;
};
SplitErrors compare_split(const Tensor& x, const Tensor& local, const Tensor& ref);
/// compare_split with `local` given as x.numel() doubles.
SplitErrors compare_split(const Tensor& x, const double* local, const Tensor& ref);

/// Merges the errors of result `x` against its shadow `ref` into `entry`: with `local` (the f64 op
/// on x's actual operands, x.numel() doubles) the three comparisons of compare_split; without
/// (the operands were exact) all of the error is the op's own and none is inherited.
void record_split(OpEntry& entry, const Tensor& x, const double* local, const Tensor& ref);
/// record_split into three statistics (tile kernels keep them per tile).
void record_split(ErrorStats& total, ErrorStats& own, ErrorStats& inherited, const Tensor& x,
                  const double* local, const Tensor& ref);

}  // namespace tessera::interp::numerics
