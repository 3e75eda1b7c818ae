// Bitwise element counts for --diff-backend: how many elements of two outputs differ in any bit.
#pragma once

#include <cstdint>

#include "plugins/backend.h"

namespace tessera::conform {

/// Elements compared and those whose bits differ, over one output or a whole run.
struct BitDiff {
  int64_t total = 0;      ///< Elements compared.
  int64_t differing = 0;  ///< Elements whose stored bits differ (NaN payloads and -0 count).
  int64_t first = -1;     ///< Flat C-order index of the first differing element, or -1.
};

/// Compares `a` and `b` element by element on their stored bits (i4: one nibble each). A dtype
/// or shape mismatch counts every element of the larger one as differing, first = 0.
BitDiff bitwise_diff(const plugins::HostTensor& a, const plugins::HostTensor& b);

}  // namespace tessera::conform
