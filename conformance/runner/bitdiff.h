// Bitwise element counts for --diff-backend: how many elements of two outputs differ in any bit,
// with the NaNs whose payload or sign alone differ counted apart (the spec leaves the payload
// and sign of a NaN an operation produces open: docs/conformance.md, docs/cuda.md).
#pragma once

#include <cstdint>

#include "plugins/backend.h"

namespace tessera::conform {

/// Elements compared and those whose bits differ, over one output or a whole run.
struct BitDiff {
  int64_t total = 0;              ///< Elements compared.
  int64_t differing = 0;          ///< Elements whose stored bits differ, other than as two NaNs.
  int64_t first = -1;             ///< Flat C-order index of the first such element, or -1.
  int64_t nan_payload = 0;        ///< Elements NaN on both sides with different bits.
  int64_t first_nan = -1;         ///< Flat index of the first NaN-payload element, or -1.
  uint64_t nan_a = 0, nan_b = 0;  ///< The two patterns at first_nan.
};

/// Compares `a` and `b` element by element on their stored bits (i4: one nibble each). Two
/// floats that are both NaN (per their format: e4m3fn S.1111.111, e8m0 0xFF, IEEE all-ones
/// exponent with a non-zero mantissa) but differ in payload or sign count in nan_payload, not
/// differing; -0 vs +0 and NaN vs non-NaN are differing. A dtype or shape mismatch counts every
/// element of the larger one as differing, first = 0.
BitDiff bitwise_diff(const plugins::HostTensor& a, const plugins::HostTensor& b);

}  // namespace tessera::conform
