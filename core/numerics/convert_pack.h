// ConvertOptions packed into one integer, as decoded interpreter instructions and generated CUDA
// code carry them (docs/ops/tile/scalar.md, "Conversions"); usable in host and device code.
#pragma once

#include <cstdint>

#include "core/numerics/rounding.h"

namespace tessera::num {

/// Profile in bits 0-3, rounding 4-7, saturate 8, flush inputs 9, flush outputs 10 (seed and
/// stream are not packed: the conversions that carry them never round stochastically).
TESSERA_HD inline int64_t pack_options(const ConvertOptions& o) {
  return int64_t(o.profile) | (int64_t(o.rounding) << 4) | (int64_t(o.saturate) << 8) |
         (int64_t(o.flush_input_denormals) << 9) | (int64_t(o.flush_output_denormals) << 10);
}

/// The inverse of pack_options (bits from 16 up are ignored).
TESSERA_HD inline ConvertOptions unpack_options(int64_t v) {
  ConvertOptions o;
  o.profile = Profile(v & 0xf);
  o.rounding = RoundingMode((v >> 4) & 0xf);
  o.saturate = ((v >> 8) & 1) != 0;
  o.flush_input_denormals = ((v >> 9) & 1) != 0;
  o.flush_output_denormals = ((v >> 10) & 1) != 0;
  return o;
}

}  // namespace tessera::num
