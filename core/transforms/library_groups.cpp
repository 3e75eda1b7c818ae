// The groups of library_groups.h.
#include "core/transforms/library_groups.h"

#include <optional>
#include <string_view>

#include "core/transforms/sdpa_support.h"

namespace tessera::transforms {

bool wants_library_groups(const ir::Module& m) {
  return m.op().attrs.get(kLibraryGroupsAttr) != nullptr;
}

namespace {

/// Whether the library takes flash attention `op`, the only op of the group `group` calls
/// (sdpa_support.h: the predicate its run-time call asks); when it declines, the group lowers to
/// generated kernels instead. The group's own (static) types are the ones the library sees: the
/// group function's have `?` where tiles differ.
bool attention_library_takes(const ir::Op& group, const ir::Op& op) {
  auto tensor = [](const ir::Type& t) -> std::optional<SdpaTensor> {
    if (!t.is_tensor() || !t.has_static_shape()) return std::nullopt;
    return SdpaTensor{dtype_mlir_name(t.dtype), t.shape};
  };
  std::vector<SdpaTensor> in;
  for (const ir::Value* v : op.operands) {
    // A parameter of the group function: the group's operand in its place.
    if (v->def != nullptr || static_cast<size_t>(v->index) >= group.operands.size()) return false;
    std::optional<SdpaTensor> t = tensor(group.operands[static_cast<size_t>(v->index)]->type);
    if (!t) return false;
    in.push_back(*t);
  }
  if (group.num_results() != 1) return false;
  std::optional<SdpaTensor> out = tensor(group.result()->type);
  if (!out) return false;
  std::optional<double> scale;
  if (const ir::Attr* s = op.attrs.get("scale"); s != nullptr && s->is_number())
    scale = s->as_double();
  return sdpa_decline(in, *out, op.attrs.get_bool("causal", false), scale).empty();
}

}  // namespace

bool is_library_group(const ir::Op& group, const ir::Op& callee) {
  if (callee.regions.empty() || callee.regions[0].empty()) return false;
  const ir::Op* only = nullptr;
  for (const auto& op : callee.regions[0].front().ops) {
    if (op->name == "func.return") continue;
    if (only != nullptr) return false;
    only = op.get();
  }
  if (only == nullptr) return false;
  const std::string_view n = only->name;
  if (n == "tessera.flash_attn") return attention_library_takes(group, *only);
  return n == "tessera.matmul" || n == "tessera.scaled_matmul";
}

}  // namespace tessera::transforms
