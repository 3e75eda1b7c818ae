// tessera-op-table: prints the op table (core/ops/*.def) as JSON; scripts/gen_status.py reads it.
#include <cstdio>
#include <string>

#include "core/ops/registry.h"

namespace {

using namespace tessera::ops;

std::string quote(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string traits_json(const OpDef& d) {
  static constexpr std::pair<uint32_t, const char*> kTraits[] = {
      {kEffect, "effect"},         {kTerminator, "terminator"},
      {kRegions, "regions"},       {kElementwise, "elementwise"},
      {kLinear, "linear"},         {kCommutative, "commutative"},
      {kCollective, "collective"}, {kLowPrecision, "low_precision"}};
  std::string out = "[";
  for (const auto& [bit, name] : kTraits)
    if (d.has(bit)) out += std::string(out.size() > 1 ? ", " : "") + quote(name);
  if (d.pure()) out += std::string(out.size() > 1 ? ", " : "") + quote("pure");
  return out + "]";
}

std::string attrs_json(const OpDef& d) {
  std::string out = "[";
  for (const AttrSpec& a : d.attrs()) {
    if (out.size() > 1) out += ", ";
    out += "{\"name\": " + quote(a.name);
    if (!a.alias.empty()) out += ", \"alias\": " + quote(a.alias);
    out += "}";
  }
  return out + "]";
}

const char* ident_of(const OpDef& d) {
  static constexpr const char* kIdents[] = {
#define TESSERA_OP(id, name, level, mino, maxo, nres, traits, attrs, hooks) #id,
#include "core/ops/ops.def"
#undef TESSERA_OP
  };
  return kIdents[static_cast<size_t>(d.kind)];
}

/// Upstream spellings of the op's name (docs/ir-overview.md, "Op names").
std::string aliases_json(const OpDef& d) {
  std::string out = "[";
  for (const OpNameAlias& a : op_name_aliases())
    if (a.canonical == d.name) out += std::string(out.size() > 1 ? ", " : "") + quote(a.upstream);
  return out + "]";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) {
    std::fprintf(stderr, "usage: %s   (prints the op table as JSON; takes no arguments)\n",
                 argv[0]);
    return 2;
  }
  std::string out = "[\n";
  for (const OpDef& d : all_ops()) {
    if (out.size() > 2) out += ",\n";
    const OpHooks& h = d.hooks;
    out += "  {\"name\": " + quote(d.name) + ", \"ident\": " + quote(ident_of(d)) +
           ", \"level\": " + quote(level_name(d.level)) +
           ", \"min_operands\": " + std::to_string(d.min_operands) +
           ", \"max_operands\": " + std::to_string(d.max_operands) +
           ", \"num_results\": " + std::to_string(d.num_results) +
           ", \"traits\": " + traits_json(d) + ", \"attributes\": " + attrs_json(d) +
           ", \"aliases\": " + aliases_json(d) +
           ", \"hooks\": {\"graph\": " + quote(hook_name(h.graph)) +
           ", \"tile\": " + quote(hook_name(h.tile)) + ", \"mesh\": " + quote(hook_name(h.mesh)) +
           ", \"lower\": " + quote(hook_name(h.lower)) + ", \"vjp\": " + quote(hook_name(h.vjp)) +
           "}}";
  }
  out += "\n]\n";
  std::fputs(out.c_str(), stdout);
  return std::ferror(stdout) ? 1 : 0;
}
