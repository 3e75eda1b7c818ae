// Graph IR kernel dispatch: one constant table built from graph_ops.def plus the kernels of
// func.call and tile.launch. No registry: the table is complete at compile time.
#include "interp/graph/kernel.h"

#include <array>

#include "core/ops/registry.h"

namespace tessera::interp {
namespace {

using KernelTable = std::array<KernelFn, ops::kNumOps>;

constexpr KernelTable make_table() {
  KernelTable t{};
#define TESSERA_OP(id, name, level, mino, maxo, nres, flags) \
  t[static_cast<size_t>(ops::OpKind::id)] = &kernel_##id;
#include "core/ops/graph_ops.def"
#undef TESSERA_OP
  // run_m2: func.call and tile.launch are ordinary kernels of the table.
  t[static_cast<size_t>(ops::OpKind::Call)] = &kernel_Call;
  t[static_cast<size_t>(ops::OpKind::TileLaunch)] = &kernel_TileLaunch;
  return t;
}

constexpr KernelTable kKernels = make_table();

}  // namespace

KernelFn graph_kernel(const ir::Op& op) {
  return op.def ? kKernels[static_cast<size_t>(op.def->kind)] : nullptr;
}

bool kernel_handles_low_precision(const ir::Op& op) {
  if (!op.def) return false;
  switch (op.def->kind) {
    case ops::OpKind::Cast:
    case ops::OpKind::Reshape:
    case ops::OpKind::Transpose:
    case ops::OpKind::Permute:
    case ops::OpKind::Broadcast:
    case ops::OpKind::Concat:
    case ops::OpKind::Slice:
    case ops::OpKind::Constant:
    case ops::OpKind::Matmul:
    case ops::OpKind::Quantize:
    case ops::OpKind::Dequantize:
      return true;
    default:
      return false;
  }
}

}  // namespace tessera::interp
