// The op registry table, built from ops.def; attribute lists and aliases (generic_c5).
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

const char* hook_name(Hook h) {
  switch (h) {
    case Hook::_:
      return "_";
    case Hook::none:
      return "none";
    case Hook::kernel:
      return "kernel";
    case Hook::resolver:
      return "resolver";
    case Hook::exec:
      return "exec";
    case Hook::pass:
      return "pass";
  }
  return "?";
}

bool InferCtx::fail(const std::string& msg, const char* label) {
  diag.op_error(op, msg, label);
  return false;
}

#define TESSERA_OP_HOOKS(g, t, m, l, v) \
  OpHooks { Hook::g, Hook::t, Hook::m, Hook::l, Hook::v }
static const OpDef kOps[] = {
#define TESSERA_OP(id, name, level, mino, maxo, nres, traits, attrs, hooks) \
  {OpKind::id, name,  Level::level,           mino,       maxo, nres,       \
   traits,     attrs, TESSERA_OP_HOOKS hooks, &infer_##id},
#include "core/ops/ops.def"
#undef TESSERA_OP
};
#undef TESSERA_OP_HOOKS

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

namespace {

// Upstream spellings with the registered op's meaning and attributes. An upstream op whose
// attributes or semantics differ is not listed here: it needs its own record.
constexpr OpNameAlias kOpNameAliases[] = {
    {"tessera.eq", "tessera.cmp_eq"},
    {"tessera.ne", "tessera.cmp_ne"},
    {"tessera.lt", "tessera.cmp_lt"},
    {"tessera.le", "tessera.cmp_le"},
    {"tessera.gt", "tessera.cmp_gt"},
    {"tessera.ge", "tessera.cmp_ge"},
    {"tessera.loss.mse", "tessera.mse"},
    {"tessera.loss.binary_cross_entropy", "tessera.binary_cross_entropy"},
    {"tessera.batched_gemm", "tessera.matmul"},
    {"tessera_attn.lse_accumulate", "tessera.attn.lse_accumulate"},
    // LAPACK-named solver ops of upstream's tessera_solver dialect (docs/ops/graph/linalg.md).
    {"tessera_solver.potrf", "tessera.cholesky"},
    {"tessera_solver.trsm", "tessera.tri_solve"},
};

}  // namespace

std::span<const OpNameAlias> op_name_aliases() { return kOpNameAliases; }

std::string_view canonical_op_name(std::string_view name) {
  for (const OpNameAlias& a : kOpNameAliases)
    if (a.upstream == name) return a.canonical;
  return name;
}

namespace {

/// Splits "a b|B c" into specs; the views point into the string literal of ops.def.
std::vector<AttrSpec> parse_attr_list(std::string_view list) {
  std::vector<AttrSpec> out;
  size_t k = 0;
  while (k < list.size()) {
    while (k < list.size() && list[k] == ' ') ++k;
    size_t end = list.find(' ', k);
    if (end == std::string_view::npos) end = list.size();
    std::string_view word = list.substr(k, end - k);
    if (!word.empty()) {
      size_t bar = word.find('|');
      if (bar == std::string_view::npos)
        out.push_back({word, {}});
      else
        out.push_back({word.substr(0, bar), word.substr(bar + 1)});
    }
    k = end;
  }
  return out;
}

const std::vector<std::vector<AttrSpec>>& attr_table() {
  static const auto* table = [] {
    auto* t = new std::vector<std::vector<AttrSpec>>();
    for (const OpDef& d : kOps) t->push_back(parse_attr_list(d.attr_list));
    return t;
  }();
  return *table;
}

}  // namespace

std::span<const AttrSpec> OpDef::attrs() const { return attr_table()[static_cast<size_t>(kind)]; }

const AttrSpec* OpDef::find_attr(std::string_view n) const {
  for (const AttrSpec& a : attrs())
    if (a.name == n || (!a.alias.empty() && a.alias == n)) return &a;
  return nullptr;
}

bool attr_allowed(const OpDef& def, std::string_view name) {
  if (name.find('.') != std::string_view::npos) return true;  // discardable, dialect-prefixed
  for (std::string_view u : kUniversalAttrs)
    if (name == u) return true;
  for (const AttrSpec& a : def.attrs())
    if (a.name == name) return true;
  return false;
}

bool canonicalize_attr_aliases(ir::Op& op, std::string& err) {
  if (!op.def || op.attrs.empty()) return true;
  for (const AttrSpec& a : op.def->attrs()) {
    if (a.alias.empty()) continue;
    const ir::Attr* v = op.attrs.get(a.alias);
    if (!v) continue;
    if (op.attrs.get(a.name)) {
      err = "'" + op.name + "' op has both '" + std::string(a.name) + "' and its alias '" +
            std::string(a.alias) + "' (generic_c5)";
      return false;
    }
    ir::Attr value = *v;
    op.attrs.erase(a.alias);
    op.attrs.set(std::string(a.name), std::move(value));
  }
  return true;
}

std::string describe_attrs(const OpDef& def) {
  std::string out;
  for (const AttrSpec& a : def.attrs()) {
    out += std::string(a.name);
    if (!a.alias.empty()) out += " (alias " + std::string(a.alias) + ")";
    out += ", ";
  }
  for (std::string_view u : kUniversalAttrs) out += std::string(u) + ", ";
  out.resize(out.size() - 2);
  return out;
}

}  // namespace tessera::ops
