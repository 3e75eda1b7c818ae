// A module text lowered to Target IR and generated as CUDA C++.
#include "backends/cuda/tools/lower_and_generate.h"

#include "core/support/diagnostics.h"
#include "core/support/error.h"
#include "core/text/parser.h"
#include "core/transforms/levels.h"
#include "core/verify/verifier.h"

namespace tessera::cuda {
namespace {

bool has_target_launch(ir::Module& m) {
  bool found = false;
  for (ir::Op* f : m.funcs())
    ir::walk(*f, [&](ir::Op& o) { found = found || o.name == "tessera_nvidia.launch"; });
  return found;
}

}  // namespace

Generated lower_and_generate(const std::string& text, const std::string& name,
                             const CodegenOptions& options) {
  Generated g;
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  auto m = text::parse_module(text, name, sm, diag);
  if (!m || !verify::verify_module(*m, diag)) {
    g.error = diag.render();
    return g;
  }
  if (!has_target_launch(*m)) {
    std::string err;
    if (!transforms::lower_to_level(*m, "target", diag, err)) {
      g.error = err.empty() ? diag.render() : name + ": error: " + err;
      return g;
    }
  }
  try {
    g.kernels = launched_kernels(*m).size();
    g.source = generate_module(*m, options);
  } catch (const CodegenError& e) {
    diag.op_error(e.op(), e.what(), nullptr);
    g.error = diag.render();
    return g;
  }
  g.ok = true;
  return g;
}

std::vector<int> parse_archs(const std::string& list) {
  std::vector<int> out;
  size_t pos = 0;
  while (pos <= list.size()) {
    size_t comma = list.find(',', pos);
    if (comma == std::string::npos) comma = list.size();
    std::string a = list.substr(pos, comma - pos);
    if (a.rfind("sm_", 0) == 0) a = a.substr(3);
    if (a != "80" && a != "86" && a != "89" && a != "90" && a != "100" && a != "120")
      throw Error("--arch: unknown architecture '" + list.substr(pos, comma - pos) +
                  "' (sm_80, sm_86, sm_89, sm_90, sm_100 or sm_120)");
    out.push_back(std::stoi(a));
    pos = comma + 1;
  }
  return out;
}

}  // namespace tessera::cuda
