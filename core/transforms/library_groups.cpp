// The groups of library_groups.h.
#include "core/transforms/library_groups.h"

#include <string_view>

namespace tessera::transforms {

bool wants_library_groups(const ir::Module& m) {
  return m.op().attrs.get(kLibraryGroupsAttr) != nullptr;
}

bool is_library_group(const ir::Op& callee) {
  if (callee.regions.empty() || callee.regions[0].empty()) return false;
  const ir::Op* only = nullptr;
  for (const auto& op : callee.regions[0].front().ops) {
    if (op->name == "func.return") continue;
    if (only != nullptr) return false;
    only = op.get();
  }
  if (only == nullptr) return false;
  const std::string_view n = only->name;
  return n == "tessera.matmul" || n == "tessera.scaled_matmul" || n == "tessera.flash_attn";
}

}  // namespace tessera::transforms
