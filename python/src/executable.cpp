// A module compiled once through the session API and run on numpy arrays.
#include "python/src/executable.h"

#include <set>

#include <tbb/task_arena.h>

#include "core/mesh/mesh.h"
#include "core/support/error.h"
#include "core/text/printer.h"
#include "interp/mesh/collectives.h"
#include "interp/session/bind.h"
#include "interp/tile/launch.h"
#include "interp/tile/options.h"
#include "python/src/arrays.h"

namespace tessera::python {

namespace {

const ir::Block& entry_block(const ir::Op& func) { return func.regions.at(0).front(); }

std::string param_name(const ir::Op& func, size_t k) {
  const std::string& n = entry_block(func).args[k]->name;
  return n.empty() ? std::to_string(k) : n;
}

}  // namespace

Executable::Executable(const std::string& text, const CompileOptions& o) {
  interp::RunOptions ro;
  ro.entry = o.entry;
  ro.threads = o.threads;
  ro.max_memory = o.max_memory;
  ro.source_name = o.filename;
  if (o.threads < 0 || o.threads > 1024) throw Error("threads must be between 0 and 1024");
  ro.tile.checks = o.checks.empty() ? 0 : interp::tile::parse_check_list(o.checks);
  ro.tile.schedule_seed = o.schedule_seed;
  ro.tile.max_memory = o.max_memory;
  budget_ = std::make_shared<interp::TileRunBudget>();
  log_ = std::make_shared<interp::TileCheckLog>();
  ro.tile.budget = budget_;
  ro.tile.log = log_;
  session_ = std::make_unique<interp::Session>(text, ro);
  plan_path_ = !session_->mesh() && !interp::tile::is_kernel_function(session_->entry()) &&
               ro.tile.trace_path.empty();
  run_ctx_ = interp::make_run_context(session_->module(), session_->options());
}

py::list Executable::params() const {
  py::list out;
  const ir::Op& f = session_->entry();
  const auto& args = entry_block(f).args;
  for (size_t k = 0; k < args.size(); ++k)
    out.append(py::make_tuple(param_name(f, k), ir::to_string(args[k]->type)));
  return out;
}

std::string Executable::text(bool generic) const {
  text::PrintOptions po;
  po.generic = generic;
  return text::print_module(*session_->module().module, po);
}

bool Executable::bind_exact(const py::sequence& inputs, interp::RankTensors& out) const {
  if (session_->mesh()) return false;
  const auto& args = entry_block(session_->entry()).args;
  if (inputs.size() != args.size()) return false;
  std::vector<interp::Tensor> row;
  for (size_t k = 0; k < args.size(); ++k) {
    const ir::Type& t = args[k]->type;
    if (!t.is_tensor() || !t.has_static_shape()) return false;
    if (!py::isinstance<py::array>(inputs[k])) return false;
    const auto a = py::reinterpret_borrow<py::array>(inputs[k]);
    if (auto b = borrow_array(a, t.dtype, t.shape)) {
      row.push_back(std::move(*b));
      continue;
    }
    auto d = dtype_of_numpy(a.dtype());
    if (!d || *d != t.dtype) return false;
    std::vector<int64_t> shape(a.shape(), a.shape() + a.ndim());
    if (shape != t.shape) return false;
    row.push_back(copy_array(a, t.dtype, param_name(session_->entry(), k)));
  }
  out = {std::move(row)};
  return true;
}

interp::RankTensors Executable::bind_general(const py::object& inputs) const {
  std::vector<interp::NamedTensor> values;
  auto add = [&](const std::string& name, const py::handle& v) {
    const auto a = py::array::ensure(v);
    if (!a) throw Error("input '" + name + "' is not an array");
    values.push_back({name, to_host_tensor(a, "input '" + name + "'")});
  };
  if (py::isinstance<py::dict>(inputs)) {
    for (auto [k, v] : py::reinterpret_borrow<py::dict>(inputs)) add(py::str(k), v);
  } else {
    size_t k = 0;
    for (const py::handle v : py::reinterpret_borrow<py::sequence>(inputs))
      add(std::to_string(k++), v);
  }
  return session_->bind_values(values);
}

py::list Executable::results_to_numpy(const interp::RankTensors& args,
                                      const interp::RankTensors& res, bool per_rank) const {
  // Results are shared with numpy without a copy, except one that aliases an input (a borrowed
  // array must not change behind its owner's back) or an earlier result.
  std::set<const std::byte*> seen;
  for (const auto& row : args)
    for (const auto& t : row) seen.insert(t.bytes());
  auto convert = [&](const interp::Tensor& t) {
    const bool fresh = t.nbytes() == 0 || seen.insert(t.bytes()).second;
    return fresh ? to_numpy(t) : to_numpy_copy(t);
  };
  py::list out;
  const tessera::mesh::Mesh* m = session_->mesh();
  if (per_rank || !m) {
    for (const auto& row : res) {
      py::list l;
      for (const auto& t : row) l.append(convert(t));
      if (!m) return l;
      out.append(l);
    }
    return out;
  }
  const size_t nres = res.empty() ? 0 : res[0].size();
  for (size_t k = 0; k < nres; ++k) {
    std::string err;
    auto spec = tessera::mesh::result_shard_spec(session_->entry(), k, *m, err);
    if (!spec) throw Error("result #" + std::to_string(k) + ": " + err);
    std::vector<interp::Tensor> shards;
    for (const auto& row : res) shards.push_back(row[k]);
    try {
      out.append(convert(interp::mesh::unshard(*m, *spec, shards)));
    } catch (const Error& e) {
      throw Error("result #" + std::to_string(k) + " (" + tessera::mesh::to_string(*spec, *m) +
                  "): " + e.what() + "; declare tessera.result_shards or ask per_rank=True");
    }
  }
  return out;
}

std::vector<interp::Tensor> Executable::run_cached_plan(const std::vector<interp::Tensor>& args) {
  bool same = plan_.has_value() && plan_types_.size() == args.size();
  for (size_t k = 0; same && k < args.size(); ++k) same = plan_types_[k] == args[k].type();
  if (!same) {
    plan_.reset();
    plan_types_.clear();
    for (const interp::Tensor& t : args) plan_types_.push_back(t.type());
    interp::PlanOptions po;
    po.max_memory = session_->options().max_memory;
    plan_.emplace(interp::compile_plan(session_->entry(), plan_types_, session_->module().sm, po));
  }
  const int threads = session_->options().threads;
  if (threads <= 0) return interp::run_plan(*plan_, args, run_ctx_);
  tbb::task_arena arena(threads);
  return arena.execute([&] { return interp::run_plan(*plan_, args, run_ctx_); });
}

py::list Executable::run(const py::object& inputs, bool per_rank) {
  interp::RankTensors args;
  if (py::isinstance<py::dict>(inputs) ||
      !bind_exact(py::reinterpret_borrow<py::sequence>(inputs), args))
    args = bind_general(inputs);
  interp::RankTensors res;
  std::string reports;
  {
    py::gil_scoped_release nogil;
    std::lock_guard<std::mutex> lock(run_mutex_);
    *log_ = interp::TileCheckLog{};
    budget_->steps = 0;
    budget_->start = std::chrono::steady_clock::now();
    try {
      res = plan_path_ && args.size() == 1 ? interp::RankTensors{run_cached_plan(args[0])}
                                           : session_->run(args);
    } catch (const Error& e) {
      for (const std::string& r : log_->reports) reports += r;
      throw Error(reports + e.what());
    }
    for (const std::string& r : log_->reports) reports += r;
    if (log_->total > log_->reports.size())
      reports += std::to_string(log_->total - log_->reports.size()) + " more reports\n";
    if (log_->total > 0) throw SanitizerFinding{reports};
  }
  return results_to_numpy(args, res, per_rank);
}

}  // namespace tessera::python
