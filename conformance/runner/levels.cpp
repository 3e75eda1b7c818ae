// tessera-conform --levels: lowering a case's program (core/transforms/levels.h).
#include "conformance/runner/levels.h"

#include "core/support/diagnostics.h"
#include "core/support/error.h"
#include "core/text/parser.h"
#include "core/text/printer.h"
#include "core/transforms/levels.h"
#include "core/verify/verifier.h"

namespace tessera::conform {

std::vector<std::string> parse_levels(const std::string& list) {
  std::vector<std::string> out;
  if (list == "all") {
    for (const auto& l : transforms::all_levels()) out.push_back(l.name);
    return out;
  }
  size_t pos = 0;
  while (pos <= list.size()) {
    size_t comma = list.find(',', pos);
    if (comma == std::string::npos) comma = list.size();
    std::string name = list.substr(pos, comma - pos);
    if (!transforms::lookup_level(name))
      throw Error("--levels: unknown level '" + name + "' (graph, schedule, tile, target or all)");
    out.push_back(name);
    pos = comma + 1;
  }
  return out;
}

LoweredProgram lower_program(const std::string& program, const std::string& name,
                             const std::string& level) {
  LoweredProgram out;
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  auto m = text::parse_module(program, name, sm, diag);
  if (!m || !verify::verify_module(*m, diag)) {
    out.why = "does not verify: " + diag.render();
    return out;
  }
  if (m->op().attrs.get("tessera.mesh") && level != "graph") {
    out.why = "mesh programs stay at Graph IR (the only placement is \"replicated\")";
    return out;
  }
  std::string err;
  if (!transforms::lower_to_level(*m, level, diag, err)) {
    out.error = err.empty();
    out.why = err.empty() ? diag.render() : err;
    return out;
  }
  for (ir::Op* f : m->funcs())
    ir::walk(*f, [&](ir::Op& o) {
      if (const ir::Attr* a = o.attrs.get("schedule.not_lowered"))
        out.not_lowered.push_back("@" + o.attrs.get("callee")->s + ": " + a->s);
    });
  out.lowered = true;
  out.text = text::print_module(*m);
  return out;
}

}  // namespace tessera::conform
