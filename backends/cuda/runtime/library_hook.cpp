// The library paths of default mode: backends/cuda/libs through library_adapter.cpp when this
// build has them (TESSERA_CUDA_HAVE_LIBS), none otherwise (see library_hook.h).
#include "backends/cuda/runtime/library_hook.h"

#ifdef TESSERA_CUDA_HAVE_LIBS
#include "backends/cuda/runtime/library_adapter.h"
#endif

namespace tessera::cuda {

std::vector<const ir::Op*> grouped_ops(const ir::Op& op) {
  const ir::Op* callee = nullptr;
  if (op.name == "schedule.group") {
    callee = ir::lookup_callee(op);
  } else if (const ir::Attr* g = op.attrs.get("schedule.group");
             g != nullptr && g->kind == ir::Attr::Kind::symbol) {
    if (const ir::SymbolTable* t = ir::enclosing_symbol_table(op)) callee = t->lookup_func(g->s);
  }
  if (callee == nullptr || ir::is_declaration(*callee) || callee->regions[0].blocks.size() != 1)
    return {&op};
  std::vector<const ir::Op*> out;
  for (const auto& o : callee->regions[0].front().ops)
    if (o->name != "func.return") out.push_back(o.get());
  return out;
}

const LibraryHooks& library_hooks() {
#ifdef TESSERA_CUDA_HAVE_LIBS
  static constexpr LibraryHooks kHooks{/*try_library_kernel=*/&libs_library_kernel};
#else
  static constexpr LibraryHooks kHooks{/*try_library_kernel=*/nullptr};
#endif
  return kHooks;
}

}  // namespace tessera::cuda
