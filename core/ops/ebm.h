// Attribute-only quantities of the tessera.ebm ops (docs/ops/graph/ebm.md), shared by the Graph
// IR kernels (interp/graph/kernels_ebm.cpp) and their Tile IR lowering
// (core/transforms/schedule_to_tile_ebm.cpp), so both embed the same f64 constants.
#pragma once

#include <cmath>

#include "core/ir/ir.h"

namespace tessera::ops {

/// The noise amplitude: `noise_scale` when given, else sqrt(2 eta temperature) (ebm.md).
inline double ebm_noise_amplitude(const ir::Op& op) {
  if (op.attrs.get("noise_scale")) return op.attrs.get_float("noise_scale", 0.0);
  const double eta = op.attrs.get_float("eta", 0.0);
  return std::sqrt(2.0 * eta * op.attrs.get_float("temperature", 0.0));
}

}  // namespace tessera::ops
