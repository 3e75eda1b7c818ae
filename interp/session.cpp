// Loading and running modules.
#include "interp/session.h"

#include <tbb/global_control.h>

#include "core/support/error.h"
#include "core/text/parser.h"
#include "core/verify/verifier.h"
#include "interp/graph/plan.h"
#include "interp/tile/launch.h"

namespace tessera::interp {

std::unique_ptr<LoadedModule> load_module(const std::string& text, const std::string& source_name,
                                          bool verify) {
  auto lm = std::make_unique<LoadedModule>();
  DiagnosticEngine diag(&lm->sm);
  lm->module = text::parse_module(text, source_name, lm->sm, diag);
  if (!lm->module) throw Error(diag.render());
  if (verify && !verify::verify_module(*lm->module, diag)) throw Error(diag.render());
  lm->warnings = diag.render();
  return lm;
}

std::vector<Tensor> run_function(const LoadedModule& lm, const std::vector<Tensor>& inputs,
                                 const RunOptions& opts) {
  const ir::Op* func = lm.module->lookup_func(opts.entry);
  if (!func) {
    std::string names;
    for (const ir::Op* f : lm.module->funcs())
      names += (names.empty() ? "" : ", ") + ir::func_name(*f);
    throw Error("no function named '" + opts.entry + "' in the module (functions: " +
                (names.empty() ? std::string("none") : names) + ")");
  }
  const RunContext run = make_run_context(lm, opts);
  ThreadLimit limit(opts.threads);
  if (tile::is_kernel_function(*func))  // a Tile IR kernel run directly (docs/tile-ir.md)
    return tile::run_kernel_function(*func, inputs, run);
  std::vector<ir::Type> arg_types;
  for (const Tensor& t : inputs) arg_types.push_back(t.type());
  PlanOptions po;
  po.max_memory = opts.max_memory;
  Plan plan = compile_plan(*func, arg_types, lm.sm, po);
  return run_plan(plan, inputs, run);
}

RunContext make_run_context(const LoadedModule& lm, const RunOptions& opts) {
  RunContext run;
  run.module = lm.module.get();
  run.sm = &lm.sm;
  run.threads = opts.threads;
  run.max_memory = opts.max_memory;
  run.tile = opts.tile;
  run.tile.max_memory = std::min(run.tile.max_memory, opts.max_memory);
  return run;
}

struct ThreadLimit::Impl {
  explicit Impl(int n) : gc(tbb::global_control::max_allowed_parallelism, static_cast<size_t>(n)) {}
  tbb::global_control gc;
};

ThreadLimit::ThreadLimit(int threads) {
  if (threads > 0) impl_ = std::make_unique<Impl>(threads);
}
ThreadLimit::~ThreadLimit() = default;

std::vector<HostTensor> run_module_text(const std::string& module_text,
                                        const std::vector<HostTensor>& inputs,
                                        const RunOptions& options) {
  auto lm = load_module(module_text, options.source_name);
  std::vector<Tensor> ins;
  for (const HostTensor& h : inputs) ins.push_back(Tensor::from_host(h));
  auto outs = run_function(*lm, ins, options);
  std::vector<HostTensor> result;
  for (const Tensor& t : outs) result.push_back(t.to_host());
  return result;
}

}  // namespace tessera::interp
