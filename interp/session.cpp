// The session API: loading, binding, running and writing, for every kind of entry.
#include "interp/session.h"

#include <tbb/task_arena.h>

#include "core/support/error.h"
#include "core/text/parser.h"
#include "core/verify/verifier.h"
#include "interp/graph/plan.h"
#include "interp/mesh/collectives.h"
#include "interp/mesh/executor.h"
#include "interp/session/bind.h"
#include "interp/session/outputs.h"
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

namespace {

/// run_m4: runs `f` with at most `threads` TBB workers (0: the default) in a task arena of its own:
/// the cap belongs to this run only, never to other runs of the process (as a tbb::global_control,
/// which is process-wide, would).
template <typename F>
auto with_threads(int threads, F&& f) {
  if (threads <= 0) return f();
  tbb::task_arena arena(threads);
  return arena.execute(std::forward<F>(f));
}

/// The function `name` of the module; throws naming the functions there are.
const ir::Op& find_entry(const LoadedModule& lm, const std::string& name) {
  const ir::Op* func = lm.module->lookup_func(name);
  if (func) return *func;
  std::string names;
  for (const ir::Op* f : lm.module->funcs())
    names += (names.empty() ? "" : ", ") + ir::func_name(*f);
  throw Error("no function named '" + name +
              "' in the module (functions: " + (names.empty() ? std::string("none") : names) + ")");
}

}  // namespace

std::vector<Tensor> run_function(const LoadedModule& lm, const std::vector<Tensor>& inputs,
                                 const RunOptions& opts, BufferCache* buffers) {
  const ir::Op& func = find_entry(lm, opts.entry);
  RunContext run = make_run_context(lm, opts);
  run.buffers = buffers;
  return with_threads(opts.threads, [&] {
    if (tile::is_kernel_function(func))  // a Tile IR kernel run directly (docs/tile-ir.md)
      return tile::run_kernel_function(func, inputs, run);
    std::vector<ir::Type> arg_types;
    for (const Tensor& t : inputs) arg_types.push_back(t.type());
    PlanOptions po;
    po.max_memory = opts.max_memory;
    po.fuse = run.observer == nullptr;
    Plan plan = compile_plan(func, arg_types, lm.sm, po);
    return run_plan(plan, inputs, run);
  });
}

RunContext make_run_context(const LoadedModule& lm, const RunOptions& opts) {
  RunContext run;
  run.module = lm.module.get();
  run.sm = &lm.sm;
  run.threads = opts.threads;
  run.max_memory = opts.max_memory;
  run.tile = opts.tile;
  run.tile.max_memory = std::min(run.tile.max_memory, opts.max_memory);
  run.observer = opts.observer.get();
  return run;
}

std::string result_stem(const ir::Op& func, size_t k) {
  const ir::Op& ret = *func.regions[0].front().ops.back();
  if (k < ret.operands.size()) {
    const std::string& n = ret.operands[k]->name;
    // The results of one multi-result op share a name (`%r#0`, `%r#1`): they go by position.
    bool shared = false;
    for (size_t j = 0; j < ret.operands.size(); ++j) shared |= j != k && ret.operands[j]->name == n;
    bool word = !n.empty() && !std::isdigit(static_cast<unsigned char>(n[0])) && !shared;
    for (char c : n) word &= std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    if (word) return n;
  }
  return std::to_string(k);
}

Session::Session(const std::string& text, RunOptions opts)
    : lm_(load_module(text, opts.source_name)),
      opts_(std::move(opts)),
      buffers_(std::make_shared<BufferCache>()) {
  const ir::Op* func = lm_->module->lookup_func(opts_.entry);
  if (!func || ir::is_declaration(*func))
    throw Error(opts_.source_name + ": error: no function body named '" + opts_.entry + "'");
  entry_ = func;
  if (mesh::has_mesh(*lm_)) mesh_ = mesh::module_mesh(*lm_);
}

size_t Session::num_results() const {
  if (!tile::is_kernel_function(*entry_)) return ir::func_result_types(*entry_).size();
  size_t n = 0;  // a kernel function returns its memref parameters
  for (const auto& a : entry_->regions[0].front().args) n += a->type.is_scalar() ? 0 : 1;
  return n;
}

RankTensors Session::bind(const std::vector<std::string>& specs) const {
  return bind_inputs(*lm_, *entry_, specs, mesh(), opts_.max_memory);
}

RankTensors Session::bind_values(const std::vector<NamedTensor>& values) const {
  return interp::bind_values(*lm_, *entry_, values, mesh(), opts_.max_memory);
}

RankTensors Session::run(const RankTensors& args) const {
  if (mesh_) return run_mesh_entry(args);
  if (args.size() != 1)
    throw Error(opts_.source_name +
                ": error: the module declares no mesh but inputs were given for " +
                std::to_string(args.size()) + " ranks");
  // Every launch's trace is collected and written once, at the end (also when nothing ran).
  RunOptions ro = opts_;
  const std::string trace_path = ro.tile.trace_path;
  if (!trace_path.empty()) {
    ro.tile.collect_trace = true;
    ro.tile.trace_path.clear();
    if (!ro.tile.log) ro.tile.log = std::make_shared<TileCheckLog>();
  }
  RankTensors out{run_function(*lm_, args[0], ro, buffers_.get())};
  if (!trace_path.empty())
    tile::write_trace_file(trace_path, "@" + ro.entry, ro.tile.log->trace_events);
  return out;
}

/// `--trace FILE` on a mesh program writes every rank's sends and recvs in program order
/// (docs/collectives.md, "Pipelines"); `FILE.json` a Perfetto trace of the tile kernels of every
/// rank (written by the executor).
RankTensors Session::run_mesh_entry(const RankTensors& args) const {
  mesh::MeshRunOptions mo;
  mo.entry = opts_.entry;
  mo.max_memory = opts_.max_memory;
  mo.tile = opts_.tile;  // sanitizers and schedule seed of tile kernels on every rank
  mo.observer = opts_.observer.get();
  const std::string& trace_file = opts_.tile.trace_path;
  std::vector<std::vector<std::string>> trace;
  if (!trace_file.empty() && !trace_file.ends_with(".json")) mo.p2p_trace = &trace;
  RankTensors outs = with_threads(opts_.threads, [&] { return mesh::run_mesh(*lm_, args, mo); });
  if (mo.p2p_trace) {
    std::string text;
    for (size_t r = 0; r < trace.size(); ++r)
      for (const std::string& line : trace[r])
        text += "rank " + std::to_string(r) + ": " + line + "\n";
    write_text_file(trace_file, text, "p2p trace");
  }
  return outs;
}

void Session::write(const RankTensors& results, ResultWriter& out, bool per_rank) const {
  if (mesh_) return write_mesh(results, out, per_rank);
  if (per_rank) throw UsageError{"--per-rank-outputs needs a module with a tessera.mesh"};
  for (size_t k = 0; k < results.at(0).size(); ++k)
    out.write(result_stem(*entry_, k), results[0][k]);
}

void Session::write_mesh(const RankTensors& results, ResultWriter& out, bool per_rank) const {
  const tessera::mesh::Mesh& m = *mesh_;
  const int64_t n = m.size();
  const size_t nres = results.empty() ? 0 : results[0].size();
  for (size_t k = 0; k < nres; ++k) {
    std::string stem = result_stem(*entry_, k);
    if (per_rank) {
      for (int64_t r = 0; r < n; ++r)
        out.write(stem + "@" + std::to_string(r), results[static_cast<size_t>(r)][k]);
      continue;
    }
    std::string err;
    auto spec = tessera::mesh::result_shard_spec(*entry_, k, m, err);
    if (!spec) throw Error(lm_->sm.name(1) + ": error: result #" + std::to_string(k) + ": " + err);
    std::vector<Tensor> shards;
    for (int64_t r = 0; r < n; ++r) shards.push_back(results[static_cast<size_t>(r)][k]);
    Tensor global;
    try {
      global = mesh::unshard(m, *spec, shards);
    } catch (const Error& e) {
      throw Error(lm_->sm.name(1) + ": error: result '" + stem + "' (" +
                  tessera::mesh::to_string(*spec, m) + "): " + e.what() +
                  "; declare tessera.result_shards or use --per-rank-outputs");
    }
    out.write(stem, global);
  }
}

namespace {

std::vector<Tensor> to_tensors(const std::vector<HostTensor>& hs) {
  std::vector<Tensor> out;
  for (const HostTensor& h : hs) out.push_back(Tensor::from_host(h));
  return out;
}

std::vector<HostTensor> to_host(const std::vector<Tensor>& ts) {
  std::vector<HostTensor> out;
  for (const Tensor& t : ts) out.push_back(t.to_host());
  return out;
}

/// CompiledModule over a Session: the module is parsed and verified once, at compile.
class SessionModule final : public CompiledModule {
 public:
  SessionModule(const std::string& text, const RunOptions& opts) : s_(text, opts) {}
  size_t num_results() const override { return s_.num_results(); }
  std::vector<HostTensor> run(const std::vector<HostTensor>& inputs) const override {
    return to_host(s_.run({to_tensors(inputs)}).at(0));
  }
  std::vector<std::vector<HostTensor>> run_ranks(
      const std::vector<std::vector<HostTensor>>& per_rank) const override {
    RankTensors args;
    for (const auto& row : per_rank) args.push_back(to_tensors(row));
    std::vector<std::vector<HostTensor>> out;
    for (const auto& row : s_.run(args)) out.push_back(to_host(row));
    return out;
  }

 private:
  Session s_;
};

}  // namespace

std::unique_ptr<CompiledModule> compile_module_text(const std::string& module_text,
                                                    const RunOptions& options) {
  return std::make_unique<SessionModule>(module_text, options);
}

std::vector<HostTensor> run_module_text(const std::string& module_text,
                                        const std::vector<HostTensor>& inputs,
                                        const RunOptions& options) {
  return compile_module_text(module_text, options)->run(inputs);
}

}  // namespace tessera::interp
