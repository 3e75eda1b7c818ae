// The op registry table, built from ops.def.
#include "core/ops/registry.h"

#include <algorithm>
#include <unordered_map>

namespace tessera::ops {

const char* level_name(Level l) {
  switch (l) {
    case Level::builtin:
      return "builtin";
    case Level::graph:
      return "graph";
    case Level::schedule:
      return "schedule";
    case Level::tile:
      return "tile";
    case Level::target:
      return "target";
    case Level::mesh:
      return "mesh";
  }
  return "?";
}

bool InferCtx::fail(const std::string& msg, const char* label) {
  diag.op_error(op, msg, label);
  return false;
}

static const OpDef kOps[] = {
#define TESSERA_OP(id, name, level, mino, maxo, nres, flags) \
  {OpKind::id, name, Level::level, mino, maxo, nres, flags, &infer_##id},
#include "core/ops/ops.def"
#undef TESSERA_OP
};

std::span<const OpDef> all_ops() { return {kOps, kNumOps}; }

const OpDef* lookup_op(std::string_view name) {
  static const auto* index = [] {
    auto* m = new std::unordered_map<std::string_view, const OpDef*>();
    for (const OpDef& d : kOps) m->emplace(d.name, &d);
    return m;
  }();
  auto it = index->find(name);
  return it == index->end() ? nullptr : it->second;
}

}  // namespace tessera::ops
