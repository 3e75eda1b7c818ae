// The host plan of a mesh program on the CUDA backend (docs/cuda.md, "Meshes"): the entry
// function's collectives as steps over every rank, each step a list of element copies (pure data
// movement: all_gather, all_to_all, ppermute, send/recv, broadcast, scatter, gather,
// redistribute), rank-order folds (all_reduce, reduce_scatter, collective_reduce, the partial
// sums of redistribute) and per-rank constants (axis_index). Device-free: the executor
// (mesh_executor.h) runs a plan on CUDA streams, `run_mesh_plan_on_host` on host memory.
//
// Which element of which rank each output element comes from is the interpreter's rule
// (interp/mesh/collectives.h): the planner runs the interpreter's collective on index tensors
// (each element holds 1 + its source position; 0 = a zero the collective writes) and reads the
// copies and folds back from the result, so the plan moves the same bits the interpreter does.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends/cuda/runtime/compile.h"
#include "backends/cuda/runtime/host_plan.h"
#include "interp/api.h"
#include "interp/mesh/collectives.h"

namespace tessera::cuda {

/// Largest mesh the CUDA backend runs (ranks beyond the visible GPUs are virtual ranks).
inline constexpr int64_t kMaxMeshRanks = 1024;
/// Largest number of index-tensor elements (ranks x elements) the planner handles for one
/// collective; a larger collective is UNIMPLEMENTED (the plan lists element runs).
inline constexpr int64_t kMaxPlanElements = int64_t{1} << 24;

/// The CUDA device of mesh rank `rank` with `gpus` visible devices: rank % gpus (ranks that share
/// a device are virtual ranks, each with its own stream and buffers). Throws Failure
/// (INVALID_ARGUMENT) for a negative rank or gpus < 1.
int rank_device(int64_t rank, int gpus);

/// `rows` runs of `count` elements: element src_elem + j * src_pitch + i of slot `src_slot` on
/// rank `src_rank` goes to dst_elem + j * dst_pitch + i of slot `dst_slot` on rank `dst_rank`.
struct MeshCopy {
  int64_t src_rank = 0, dst_rank = 0;
  int src_slot = 0, dst_slot = 0;
  int64_t src_elem = 0, dst_elem = 0, count = 0;
  int64_t rows = 1, src_pitch = 0, dst_pitch = 0;
};

/// out[dst_elem + i] on rank dst_rank = fold(op) over `members` in order of element
/// src_elem + i of slot src_slot on each member (the spec's rank-order fold, interp fold()).
struct MeshFold {
  interp::mesh::ReduceOp op = interp::mesh::ReduceOp::sum;
  DType dtype = DType::f32;
  int64_t dst_rank = 0;
  int dst_slot = 0, src_slot = 0;
  int64_t dst_elem = 0, src_elem = 0, count = 0;
  std::vector<int64_t> members;
};

/// Bytes written into slot `slot` of rank `rank` (axis_index's group rank).
struct MeshConst {
  int64_t rank = 0;
  int slot = 0;
  std::string bytes;
};

/// One collective: fresh zeroed results on every rank (same types on all ranks), then the
/// copies, folds and constants. Or one compute op (`compute` set): the op alone as a program
/// compiled for the device, run by every rank on its own `operands`. Steps run in order; a step
/// reads only slots of earlier steps.
struct MeshStep {
  std::string op;     ///< The op's name, e.g. "tessera.all_gather".
  std::string where;  ///< "file:line:col" of the op.
  std::vector<int> results;
  std::vector<TensorSpec> result_types;
  std::vector<MeshCopy> copies;
  std::vector<MeshFold> folds;
  std::vector<MeshConst> consts;
  std::shared_ptr<const CompiledProgram> compute;
  std::vector<int> operands;  ///< The compute op's operand slots.
  /// A piece of a tile kernel split at its collectives (mesh_tile.h): `compute` launches it on
  /// (launch operands..., results' current contents...) and its results start as those
  /// contents (LaunchStep::init_from); `host_text` is the kernel alone, which
  /// run_mesh_plan_on_host runs with the interpreter (entry `host_entry`). Empty otherwise.
  std::string host_text, host_entry;
  /// An all_reduce NCCL can run (default mode, ranks on distinct GPUs): -1 over the whole mesh,
  /// else its one mesh axis; -2 for every other step. Its folds say the op and dtype.
  int nccl_axis = -2;
};

/// How the planner compiles compute ops (each as a program of its own, compile.h). Without it a
/// compute op is UNIMPLEMENTED.
struct MeshCompile {
  int sm = 90;
  bool deterministic = false;
  const LibraryHooks* library = &library_hooks();
  const CubinCache* cache = nullptr;  ///< Required unless `generate_only`.
  /// Lower, plan and generate each compute op without NVRTC (generate_program): the compute
  /// programs carry their kernel texts and no CUBIN. The compile-only check compiles them itself.
  bool generate_only = false;
};

struct MeshPlan {
  int64_t ranks = 1;
  std::vector<int64_t> mesh_shape;  ///< The module's tessera.mesh shape (row-major ranks).
  std::vector<TensorSpec> inputs;   ///< Every rank's arguments (slots 0..inputs.size()-1).
  std::vector<TensorSpec> slots;    ///< The type of every slot (the same on every rank).
  std::vector<MeshStep> steps;
  std::vector<int> returns;
};

/// The plan of function `entry` of a verified module with a `tessera.mesh` of `ranks` ranks.
/// Compute ops (neither a collective nor func.call nor the return) are compiled with `compute`,
/// one program per op (an op with regions is UNIMPLEMENTED). A `tile.launch` is split at the
/// Tile IR collectives of its kernel (mesh_tile.h): a step of zeroed results, then per piece a
/// compute step (compiled with `compute`) or the collective's step over the kernel's buffers.
/// Throws Failure: INVALID_ARGUMENT for a missing entry, a mesh of another size or a program the
/// interpreter refuses too (a recv without a send); UNIMPLEMENTED for a compute op without
/// `compute` or one the CUDA pipeline cannot compile alone (rendered at its location), or a
/// collective too large for the planner; INTERNAL when NVRTC rejects generated code.
MeshPlan build_mesh_plan(const ir::Module& module, const std::string& entry,
                         const SourceManager& sm, int64_t ranks,
                         const MeshCompile* compute = nullptr);

/// Parses and verifies `text`, then build_mesh_plan. Throws Failure as build_mesh_plan, and
/// INVALID_ARGUMENT for a module that does not parse or verify.
MeshPlan mesh_plan_from_text(const std::string& text, const std::string& source_name,
                             const std::string& entry, int64_t ranks,
                             const MeshCompile* compute = nullptr);

/// The module text of one compute op alone: `func.func @main` taking its operands and returning
/// its results. nullopt for an op with regions.
std::optional<std::string> op_as_program(const ir::Op& op);

/// Runs the plan on host memory (per_rank[r] = rank r's arguments; folds by interp fold()): the
/// reference of the device executor's collective steps (mesh_host.cpp); the pieces of split tile
/// kernels run on the interpreter (`host_text`). Throws Failure (INVALID_ARGUMENT) for arguments
/// that do not match the plan's inputs or a piece the interpreter refuses, UNIMPLEMENTED for
/// another compute step (its kernels need a device).
std::vector<std::vector<interp::HostTensor>> run_mesh_plan_on_host(
    const MeshPlan& plan, const std::vector<std::vector<interp::HostTensor>>& per_rank);

/// "3 steps: tessera.all_gather (8 copies), ..." for logs and tests.
std::string describe(const MeshPlan& plan);

}  // namespace tessera::cuda
