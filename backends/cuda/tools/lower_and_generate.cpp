// A module text lowered to Target IR and generated as CUDA C++.
#include "backends/cuda/tools/lower_and_generate.h"

#include <set>

#include "backends/cuda/codegen/lower_front.h"
#include "core/support/diagnostics.h"
#include "core/support/error.h"
#include "core/text/parser.h"
#include "core/verify/verifier.h"

namespace tessera::cuda {
namespace {

/// A host op whose results are all static tensors of zero elements computes nothing (the
/// runtime's host plan allocates them; schedule-to-tile leaves empty `tessera.constant`s).
bool empty_results(const ir::Op& o) {
  if (o.num_results() == 0) return false;
  for (size_t r = 0; r < o.num_results(); ++r) {
    std::optional<int64_t> n = o.result(r)->type.num_elements();
    if (!o.result(r)->type.is_tensor() || !o.result(r)->type.has_static_shape() || !n || *n != 0)
      return false;
  }
  return true;
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
  if (std::string err; !lower_for_cuda(*m, diag, err)) {
    g.lowered = false;
    g.error = err.empty() ? diag.render() : name + ": error: " + err;
    return g;
  }
  try {
    std::set<std::string> ops;
    g.source = device_prelude();
    const std::vector<const ir::Op*> launched = launched_kernels(*m);
    for (const ir::Op* k : launched) {
      g.kernel_sources.push_back(generate_kernel(*k, options));
      g.source += "\n// kernel @" + ir::func_name(*k) + "\n" + g.kernel_sources.back();
      ir::walk(const_cast<ir::Op&>(*k), [&](ir::Op& o) {
        if (&o != k) ops.insert(o.name);
      });
    }
    g.kernels = g.kernel_sources.size();
    std::set<std::string> why, host;
    std::set<const ir::Op*> kernels(launched.begin(), launched.end());
    std::set<std::string> groups;  // the Graph IR bodies of groups that were replaced
    for (ir::Op* f : m->funcs())
      if (!ir::is_declaration(*f))
        for (const auto& o : f->regions[0].front().ops)
          if (const ir::Attr* a = o->attrs.get("schedule.group");
              a != nullptr && a->kind == ir::Attr::Kind::symbol && empty_results(*o)) {
            groups.insert(a->s);
            ++g.empty_ops;
          }
    for (ir::Op* f : m->funcs()) {
      if (kernels.count(f) || ir::is_declaration(*f) || groups.count(ir::func_name(*f))) continue;
      for (const auto& o : f->regions[0].front().ops) {
        const ir::Attr* a = o->attrs.get("schedule.not_lowered");
        if (a != nullptr && a->kind == ir::Attr::Kind::string) why.insert(a->s);
        if (a == nullptr && o->name != "func.return" && o->name != "tessera_nvidia.launch" &&
            o->name != "schedule.group" && o->name != "func.call" && !empty_results(*o))
          host.insert(o->name);
      }
    }
    g.not_lowered.assign(why.begin(), why.end());
    g.host_ops.assign(host.begin(), host.end());
    g.target_ops.assign(ops.begin(), ops.end());
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
