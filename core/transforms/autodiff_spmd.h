// The shard_map boundary of a derivative program: how an SPMD function's derivative takes its
// cotangents and returns its gradients (docs/autodiff.md, "Collectives", psum's convention).
#pragma once

#include <cstddef>
#include <vector>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"
#include "core/transforms/autodiff.h"

namespace tessera::transforms::autodiff {

/// For a module with a `tessera.mesh`: gives the derivative function `deriv` of `primal` (built
/// by differentiate() with respect to the parameters `wrt`, indices) the layouts of its values
/// and the two boundary rules of JAX's shard_map transpose, so that it takes global cotangents
/// (tangents) and returns global gradients:
/// - parameters keep `primal`'s `tessera.shard`; a cotangent parameter takes its result's
///   layout and a tangent parameter its primal's; `tessera.result_shards` likewise;
/// - a cotangent of a result held by R replicas (the mesh axes that shard none of its dims) is
///   scaled by 1/R on entry, so the replicas' shares add up to it once (psum transposes to psum);
/// - a gradient of a parameter replicated over some axes is summed over them
///   (`tessera.all_reduce` sum) before it is returned; a partial parameter's gradient is the
///   cotangent of the sum on each of its addends, returned replicated over the partial axes.
/// A module without a mesh is left alone. Returns false with diagnostics on failure.
bool spmd_boundary(ir::Module& m, const ir::Op& primal, ir::Op& deriv,
                   const std::vector<size_t>& wrt, Mode mode, DiagnosticEngine& diag);

}  // namespace tessera::transforms::autodiff
