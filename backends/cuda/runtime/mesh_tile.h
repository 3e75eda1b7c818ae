// A tile kernel of a mesh program split at its Tile IR collectives (docs/cuda.md, "Tile IR
// collectives on the plugin"): the pieces between collectives run as launches of their own,
// each starting from the buffers the previous piece and collective left, and the collectives
// become steps of the mesh plan. Used by the mesh planner (mesh_plan.cpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::cuda {

/// One piece of a split kernel: a tile collective, or a segment of the kernel's top-level ops.
struct TilePiece {
  const ir::Op* collective = nullptr;  ///< The collective, or nullptr for a segment.
  /// Segment: indices of the top-level ops it runs, in order (ops it recomputes included; the
  /// return excluded). Never empty.
  std::vector<size_t> keep;
};

/// Splits `kernel` at the tile collectives of its body's top level. A segment that only
/// recomputes values (ids, constants, arithmetic: no memory access) is left out. Throws Failure
/// (UNIMPLEMENTED, rendered at the op with `sm`) for a collective inside a region (an scf.for,
/// an scf.if) and for a value that crosses a collective without being recomputable: pure, no
/// regions, no memref operand or result (a loaded value, a shared buffer).
std::vector<TilePiece> split_tile_kernel(const ir::Op& kernel, const SourceManager& sm);

/// The two programs of one segment of the kernel that `launch` calls.
struct SegmentPrograms {
  /// `func.func @main(operands..., prev results...) -> results`: the segment's kernel launched
  /// on the operands and the results' current contents (extra, unused kernel parameters after
  /// the operands), for the CUDA pipeline; its results must start as those contents (the
  /// planner sets LaunchStep::init_from).
  std::string device;
  /// The segment's kernel alone, with tile.grid/tile.tiles/tile.lanes, for the interpreter to run
  /// directly (every memref parameter starts with its input's contents): parameters
  /// (operands..., prev results..., results...).
  std::string host;
  std::string kernel;  ///< The kernel's name (the host program's entry).
};

/// The programs of segment `piece` of the kernel `launch` calls, built from the module's source
/// text (so diagnostics keep their locations). Throws Failure (INTERNAL) when that text does not
/// parse back.
SegmentPrograms segment_programs(const ir::Module& module, const SourceManager& sm,
                                 const ir::Op& launch, const TilePiece& piece);

}  // namespace tessera::cuda
