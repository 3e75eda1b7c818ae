// tessera.neighbors.stencil.apply as Graph IR that every level lowers (docs/ops/schedule/
// lowering.md, "Stencils").
#pragma once

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::transforms {

/// Replaces each `tessera.neighbors.stencil.apply` at the top level of a function body, on a
/// statically shaped f32 or f64 field whose stencil is a `stencil.define` of the same body, by
/// the ops that compute it in the kernel's order (docs/ops/graph/neighbors.md): the stencil's and
/// the boundary rules' attributes become constants (per tap, the index each element reads, the
/// dirichlet values and the neumann terms), then per tap a gather, the boundary values, the
/// product with the coefficient, and the sum over taps in tap order. A tensor `halo.region` is
/// the field itself on one device; the metadata ops left without uses (topology.create,
/// stencil.define, halo.region) are dropped. Others stay as they are (their function stays at
/// Graph IR). SPMD modules are left alone. Never fails.
bool decompose_stencils(ir::Module& m, DiagnosticEngine& diag);

}  // namespace tessera::transforms
