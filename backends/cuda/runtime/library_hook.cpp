// The library paths of default mode (none in this build; see library_hook.h).
#include "backends/cuda/runtime/library_hook.h"

namespace tessera::cuda {

std::vector<const ir::Op*> grouped_ops(const ir::Op& op) {
  if (op.name == "schedule.group") {
    const ir::Op* callee = ir::lookup_callee(op);
    if (callee != nullptr && !ir::is_declaration(*callee) &&
        callee->regions[0].blocks.size() == 1) {
      std::vector<const ir::Op*> out;
      for (const auto& o : callee->regions[0].front().ops)
        if (o->name != "func.return") out.push_back(o.get());
      return out;
    }
  }
  return {&op};
}

const LibraryHooks& library_hooks() {
  static constexpr LibraryHooks kHooks{/*try_library_kernel=*/nullptr};
  return kHooks;
}

}  // namespace tessera::cuda
