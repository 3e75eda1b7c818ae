// Graph IR kernel dispatch: one constant table built from the graph hooks of ops.def. No
// registry: `kernel` and `resolver` hooks alike name a kernel_<Ident> known at compile time.
#include "interp/graph/kernel.h"

#include <array>

#include "core/ops/registry.h"

namespace tessera::interp {
namespace {

using KernelTable = std::array<KernelFn, ops::kNumOps>;

// run_m2: func.call and tile.launch (graph hook `resolver`) are ordinary kernels of the table.
#define TESSERA_GRAPH_ENTRY_kernel(id) t[static_cast<size_t>(ops::OpKind::id)] = &kernel_##id;
#define TESSERA_GRAPH_ENTRY_resolver(id) t[static_cast<size_t>(ops::OpKind::id)] = &kernel_##id;
#define TESSERA_GRAPH_ENTRY_none(id)
#define TESSERA_GRAPH_ENTRY__(id)

constexpr KernelTable make_table() {
  KernelTable t{};
#define TESSERA_OP(id, name, level, mino, maxo, nres, traits, attrs, hooks) \
  TESSERA_CAT(TESSERA_GRAPH_ENTRY_, TESSERA_HOOK_GRAPH hooks)(id)
#include "core/ops/ops.def"
#undef TESSERA_OP
  return t;
}

constexpr KernelTable kKernels = make_table();

}  // namespace

KernelFn graph_kernel(const ir::Op& op) {
  return op.def ? kKernels[static_cast<size_t>(op.def->kind)] : nullptr;
}

bool kernel_handles_low_precision(const ir::Op& op) {
  if (!op.def) return false;
  // Ops that hand their operands to a function or region pass them through at their own type
  // (the callee's parameters are declared at it); the callee's ops widen as they need.
  if (!op.regions.empty() || op.name == "func.call" || op.name.starts_with("tessera.control_"))
    return true;
  // A launch hands its tensors to the kernel as memory of their own element type: widening
  // them would round a NaN's payload away before the kernel reads its bits.
  if (op.name == "tile.launch" || op.name == "tessera_nvidia.launch") return true;
  return op.def->has(ops::kLowPrecision);
}

}  // namespace tessera::interp
