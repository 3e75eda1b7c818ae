// The host plan of a mesh program: collectives as copies, folds and constants over every rank.
#include "backends/cuda/runtime/mesh_plan.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <memory>

#include "backends/cuda/runtime/failure.h"
#include "backends/cuda/runtime/mesh_tile.h"
#include "core/mesh/mesh.h"
#include "core/support/diagnostics.h"
#include "core/support/error.h"
#include "core/text/parser.h"
#include "core/text/printer.h"
#include "core/verify/verifier.h"
#include "interp/mesh/executor.h"
#include "interp/tensor.h"

namespace tessera::cuda {
namespace {

namespace im = tessera::interp::mesh;
using interp::Tensor;
using tessera::mesh::Groups;
using tessera::mesh::Mesh;
using tessera::mesh::ShardSpec;

constexpr int kMaxCallDepth = 32;
/// Limits over the whole plan (calls are inlined, so a program can ask for many steps).
constexpr size_t kMaxPlanSteps = size_t{1} << 16;
constexpr int64_t kMaxPlanTotalElements = int64_t{1} << 26;
/// The plan copies and folds whole elements of at least a byte; i4 packs two per byte.
constexpr const char* kNoPackedMesh =
    "i4 tensors (two elements per byte) in a mesh program: the CUDA backend's mesh plan moves "
    "whole bytes";

/// Appends one element run, merging it into the previous one when it continues it.
void add_run(std::vector<MeshCopy>& out, const MeshCopy& run) {
  if (!out.empty()) {
    MeshCopy& p = out.back();
    if (p.src_rank == run.src_rank && p.dst_rank == run.dst_rank && p.src_slot == run.src_slot &&
        p.dst_slot == run.dst_slot && p.src_elem + p.count == run.src_elem &&
        p.dst_elem + p.count == run.dst_elem) {
      p.count += run.count;
      return;
    }
  }
  out.push_back(run);
}

/// Merges runs of one length between the same buffers into strided copies (rows at a constant
/// pitch, e.g. one per shard of an all_gather along an inner dim). Copies write disjoint
/// elements, so their order does not matter.
std::vector<MeshCopy> merge_rows(const std::vector<MeshCopy>& runs) {
  std::vector<MeshCopy> out;
  std::map<std::array<int64_t, 5>, size_t> open;  // buffers and length -> copy being extended
  for (const MeshCopy& r : runs) {
    const std::array<int64_t, 5> key{r.src_rank, r.dst_rank, r.src_slot, r.dst_slot, r.count};
    auto it = open.find(key);
    if (it != open.end()) {
      MeshCopy& p = out[it->second];
      const int64_t sp = r.src_elem - (p.src_elem + (p.rows - 1) * p.src_pitch);
      const int64_t dp = r.dst_elem - (p.dst_elem + (p.rows - 1) * p.dst_pitch);
      if (p.rows == 1 && sp >= p.count && dp >= p.count) {
        p.rows = 2;
        p.src_pitch = sp;
        p.dst_pitch = dp;
        continue;
      }
      if (p.rows > 1 && sp == p.src_pitch && dp == p.dst_pitch) {
        ++p.rows;
        continue;
      }
    }
    open[key] = out.size();
    out.push_back(r);
  }
  return out;
}

class Planner {
 public:
  Planner(const ir::Module& module, const SourceManager& sm, Mesh mesh, MeshPlan& plan,
          const MeshCompile* compute)
      : module_(module),
        sm_(sm),
        mesh_(std::move(mesh)),
        plan_(plan),
        n_(plan.ranks),
        compute_(compute) {}

  /// Plans the body of `f` with its arguments in `args`; returns the returned slots.
  std::vector<int> function(const ir::Op& f, const std::vector<int>& args, int depth) {
    if (f.regions.empty() || f.regions[0].blocks.size() != 1)
      unimplemented(at_op(sm_, f, "the CUDA backend runs single-block mesh functions only"));
    std::map<const ir::Value*, int> slots;
    const ir::Block& body = f.regions[0].front();
    for (size_t i = 0; i < body.args.size() && i < args.size(); ++i)
      slots[body.args[i].get()] = args[i];
    for (const auto& o : body.ops) {
      std::vector<int> in;
      for (const ir::Value* v : o->operands) {
        auto it = slots.find(v);
        if (it == slots.end())
          throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                        at_op(sm_, *o, "operand defined outside the function"));
        in.push_back(it->second);
      }
      if (o->name == "func.return") return in;
      std::vector<int> out;
      if (o->name == "func.call") {
        out = call(*o, in, depth);
      } else if (o->name == "tile.launch") {
        out = tile_launch(*o, in);
      } else {
        out = collective(*o, in);
      }
      if (out.size() != o->num_results())
        throw Failure(TESSERA_ERROR_INTERNAL, at_op(sm_, *o, "result count mismatch"));
      for (size_t r = 0; r < out.size(); ++r) slots[o->result(r)] = out[r];
    }
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, at_op(sm_, f, "function without a return"));
  }

  void check_unreceived() const {
    for (const auto& [channel, box] : mailbox_)
      if (!box.empty())
        throw Failure(
            TESSERA_ERROR_INVALID_ARGUMENT,
            at_op(sm_, *box.front().send,
                  "sends to " + mesh_.describe_rank(box.front().dst) + " on channel " +
                      std::to_string(channel) + " a message no tessera.recv takes (mesh_run_c2)"));
  }

 private:
  struct Message {
    int64_t src = 0, dst = 0;
    int slot = 0;
    const ir::Op* send = nullptr;
  };

  std::vector<int> call(const ir::Op& o, const std::vector<int>& in, int depth) {
    const ir::Op* callee = ir::lookup_callee(o);
    if (callee == nullptr || ir::is_declaration(*callee))
      throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, at_op(sm_, o, "callee not found"));
    if (depth >= kMaxCallDepth)
      unimplemented(at_op(sm_, o, "calls nest deeper than " + std::to_string(kMaxCallDepth)));
    return function(*callee, in, depth + 1);
  }

  int new_slot(const ir::Op& o, const ir::Type& t) {
    if (!t.is_tensor() || !t.has_static_shape())
      unimplemented(at_op(sm_, o, "the CUDA backend runs statically shaped mesh tensors only"));
    if (t.dtype == DType::i4) unimplemented(at_op(sm_, o, kNoPackedMesh));
    plan_.slots.push_back(TensorSpec{t.dtype, t.shape});
    return static_cast<int>(plan_.slots.size() - 1);
  }

  MeshStep& new_step(const ir::Op& o) {
    if (plan_.steps.size() >= kMaxPlanSteps)
      unimplemented(at_op(sm_, o,
                          "the mesh plan would exceed " + std::to_string(kMaxPlanSteps) +
                              " steps (calls are inlined)"));
    plan_.steps.emplace_back();
    MeshStep& s = plan_.steps.back();
    s.op = o.name;
    s.where = format_location(&sm_, o.loc);
    return s;
  }

  int result_slot(const ir::Op& o, MeshStep& s, size_t k) {
    int slot = new_slot(o, o.result(k)->type);
    s.results.push_back(slot);
    s.result_types.push_back(plan_.slots[static_cast<size_t>(slot)]);
    return slot;
  }

  int64_t numel(const TensorSpec& t) const {
    int64_t n = 1;
    for (int64_t d : t.shape)
      if (d < 0 || __builtin_mul_overflow(n, d, &n)) return -1;
    return n;
  }

  /// Elements of `slot`, checked against the planner's limit for `ranks` index tensors.
  int64_t plan_elems(const ir::Op& o, int slot) {
    const int64_t e = numel(plan_.slots[static_cast<size_t>(slot)]);
    int64_t total = 0;
    if (e < 0 || __builtin_mul_overflow(e, n_, &total) || total > kMaxPlanElements)
      unimplemented(at_op(sm_, o,
                          "the mesh planner handles at most " + std::to_string(kMaxPlanElements) +
                              " elements over all ranks per collective"));
    planned_ += total;
    if (planned_ > kMaxPlanTotalElements)
      unimplemented(at_op(sm_, o,
                          "the mesh planner handles at most " +
                              std::to_string(kMaxPlanTotalElements) +
                              " elements over all ranks and collectives"));
    return e;
  }

  /// Index tensors: rank r's element e holds 1 + (rank_tags ? r * elems : 0) + e.
  std::vector<Tensor> tags(int slot, int64_t elems, bool rank_tags) const {
    const TensorSpec& t = plan_.slots[static_cast<size_t>(slot)];
    std::vector<Tensor> v;
    for (int64_t r = 0; r < n_; ++r) {
      Tensor x(DType::i64, t.shape);
      auto* p = reinterpret_cast<int64_t*>(x.bytes());
      for (int64_t e = 0; e < elems; ++e) p[e] = 1 + (rank_tags ? r * elems : 0) + e;
      v.push_back(std::move(x));
    }
    return v;
  }

  void check_shape(const ir::Op& o, const Tensor& got, int slot) const {
    if (got.shape() != plan_.slots[static_cast<size_t>(slot)].shape)
      throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                    at_op(sm_, o, "the collective's result shape differs from the result type"));
  }

  /// Copies into `dst_slot` the elements the interpreter moved (`out` from rank-tagged input).
  void moves(const ir::Op& o, MeshStep& s, int src_slot, int64_t elems, int dst_slot,
             const std::vector<Tensor>& out) {
    std::vector<MeshCopy> runs;
    for (int64_t r = 0; r < n_; ++r) {
      const Tensor& t = out[static_cast<size_t>(r)];
      check_shape(o, t, dst_slot);
      const auto* p = reinterpret_cast<const int64_t*>(t.bytes());
      for (int64_t i = 0; i < t.numel(); ++i) {
        if (p[i] == 0) continue;  // a zero: results start zeroed
        const int64_t v = p[i] - 1;
        add_run(runs, MeshCopy{v / elems, r, src_slot, dst_slot, v % elems, i, 1});
      }
    }
    std::vector<MeshCopy> merged = merge_rows(runs);
    s.copies.insert(s.copies.end(), merged.begin(), merged.end());
  }

  /// Folds into `dst_slot`: element i of rank r folds position out[r][i] - 1 over r's group.
  void folds(const ir::Op& o, MeshStep& s, im::ReduceOp op, const Groups& g, int src_slot,
             int dst_slot, const std::vector<Tensor>& out) {
    const DType dt = plan_.slots[static_cast<size_t>(src_slot)].dtype;
    for (int64_t r = 0; r < n_; ++r) {
      const Tensor& t = out[static_cast<size_t>(r)];
      check_shape(o, t, dst_slot);
      const auto* p = reinterpret_cast<const int64_t*>(t.bytes());
      const auto& members = g.members[static_cast<size_t>(g.group_of[static_cast<size_t>(r)])];
      for (int64_t i = 0; i < t.numel(); ++i) {
        if (p[i] == 0) continue;
        const int64_t pos = p[i] - 1;
        if (!s.folds.empty()) {
          MeshFold& f = s.folds.back();
          if (f.dst_rank == r && f.dst_elem + f.count == i && f.src_elem + f.count == pos) {
            ++f.count;
            continue;
          }
        }
        s.folds.push_back(MeshFold{op, dt, r, dst_slot, src_slot, i, pos, 1, members});
      }
    }
  }

  Groups groups(const ir::Op& o) const {
    std::string err;
    auto axes = tessera::mesh::read_axes(o.attrs.get("axes"), mesh_, err);
    if (!axes) throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, at_op(sm_, o, err));
    return tessera::mesh::make_groups(mesh_, *axes);
  }

  im::ReduceOp reduce_op(const ir::Op& o) const {
    auto op = im::parse_reduce_op(o.attrs.get_string("op", "sum"));
    if (!op) throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, at_op(sm_, o, "unknown reduction"));
    return *op;
  }

  int64_t dim(const ir::Op& o, const char* name, int slot) const {
    const int64_t d = o.attrs.get_int(name, 0);
    return d < 0 ? d + static_cast<int64_t>(plan_.slots[static_cast<size_t>(slot)].shape.size())
                 : d;
  }

  std::vector<int> collective(const ir::Op& o, const std::vector<int>& in);
  std::vector<int> compute_op(const ir::Op& o, const std::vector<int>& in);
  void need_compiler(const ir::Op& o) const;
  std::shared_ptr<const CompiledProgram> compile_alone(const ir::Op& o, const std::string& text);
  std::vector<int> tile_launch(const ir::Op& o, const std::vector<int>& in);
  void tile_piece(const ir::Op& o, const TilePiece& piece, std::vector<int>& cur);
  void tile_collective(const ir::Op& o, const ir::Op& c, std::vector<int>& cur);
  std::vector<int> redistribute(const ir::Op& o, int src);
  std::vector<int> point_to_point(const ir::Op& o, const std::vector<int>& in);

  const ir::Module& module_;
  const SourceManager& sm_;
  Mesh mesh_;
  MeshPlan& plan_;
  int64_t n_;
  const MeshCompile* compute_;
  int64_t planned_ = 0;  ///< Elements planned so far (ranks x elements, every collective).
  std::map<int64_t, std::vector<Message>> mailbox_;  ///< Per channel, in send order.
  /// Compute programs by their text: an op inlined many times is compiled once.
  std::map<std::string, std::shared_ptr<const CompiledProgram>> compiled_;
  /// The Graph IR collectives standing for tile collectives (the mailbox points at them).
  std::vector<std::unique_ptr<ir::Op>> stand_ins_;
};

std::vector<int> Planner::collective(const ir::Op& o, const std::vector<int>& in) {
  const std::string& k = o.name;
  if (k == "tessera.redistribute" && in.size() == 1) return redistribute(o, in[0]);
  if (k == "tessera.send" || k == "tessera.recv") return point_to_point(o, in);
  if (k == "tessera.axis_index") {
    MeshStep& s = new_step(o);
    const int slot = result_slot(o, s, 0);
    std::vector<Tensor> idx = im::axis_index(groups(o));
    for (int64_t r = 0; r < n_; ++r) {
      const Tensor& t = idx[static_cast<size_t>(r)];
      const TensorSpec& want = plan_.slots[static_cast<size_t>(slot)];
      if (t.dtype() != want.dtype || t.shape() != want.shape)
        unimplemented(at_op(sm_, o, "axis_index result type differs from the interpreter's"));
      s.consts.push_back(
          MeshConst{r, slot, std::string(reinterpret_cast<const char*>(t.bytes()), t.nbytes())});
    }
    return {slot};
  }
  static const char* const kMoves[] = {"tessera.all_gather",           "tessera.all_to_all",
                                       "tessera.collective_broadcast", "tessera.collective_gather",
                                       "tessera.collective_scatter",   "tessera.ppermute"};
  static const char* const kReduces[] = {"tessera.all_reduce", "tessera.reduce_scatter",
                                         "tessera.collective_reduce"};
  const bool move = std::find(std::begin(kMoves), std::end(kMoves), k) != std::end(kMoves);
  const bool reduce = std::find(std::begin(kReduces), std::end(kReduces), k) != std::end(kReduces);
  if (!move && !reduce) return compute_op(o, in);
  if (in.size() != 1 || o.num_results() != 1)
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                  at_op(sm_, o, "a collective takes one operand and has one result"));
  const Groups g = groups(o);
  const int64_t elems = plan_elems(o, in[0]);
  MeshStep& s = new_step(o);
  const int out = result_slot(o, s, 0);
  const int64_t root = o.attrs.get_int("root", 0);
  try {
    if (move) {
      std::vector<Tensor> t = tags(in[0], elems, true), r;
      if (k == "tessera.all_gather") r = im::all_gather(g, dim(o, "dim", in[0]), t);
      if (k == "tessera.all_to_all")
        r = im::all_to_all(g, dim(o, "split_dim", in[0]), dim(o, "concat_dim", in[0]), t);
      if (k == "tessera.collective_broadcast") r = im::broadcast(g, root, t);
      if (k == "tessera.collective_gather") r = im::gather(g, dim(o, "dim", in[0]), root, t);
      if (k == "tessera.collective_scatter") r = im::scatter(g, dim(o, "dim", in[0]), root, t);
      if (k == "tessera.ppermute") r = im::ppermute(g, im::read_pairs(o), t);
      moves(o, s, in[0], elems, out, r);
    } else {
      // Every rank holds the same positions, so max over a group gives them back.
      std::vector<Tensor> t = tags(in[0], elems, false), r;
      const auto mx = im::ReduceOp::max;
      if (k == "tessera.all_reduce") r = im::all_reduce(g, mx, t);
      if (k == "tessera.reduce_scatter") r = im::reduce_scatter(g, mx, dim(o, "dim", in[0]), t);
      if (k == "tessera.collective_reduce") r = im::reduce(g, mx, root, t);
      folds(o, s, reduce_op(o), g, in[0], out, r);
      if (k == "tessera.all_reduce") {
        std::string err;
        auto axes = tessera::mesh::read_axes(o.attrs.get("axes"), mesh_, err);
        if (axes && axes->size() == mesh_.axes.size())
          s.nccl_axis = -1;
        else if (axes && axes->size() == 1)
          s.nccl_axis = (*axes)[0];
      }
    }
  } catch (const tessera::Error& e) {
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, at_op(sm_, o, e.what()));
  }
  return {out};
}

void Planner::need_compiler(const ir::Op& o) const {
  if (compute_ == nullptr || (compute_->cache == nullptr && !compute_->generate_only))
    unimplemented(at_op(sm_, o,
                        "the mesh plan has no compiler for compute ops (only collectives and "
                        "calls)"));
}

std::vector<int> Planner::compute_op(const ir::Op& o, const std::vector<int>& in) {
  need_compiler(o);
  std::optional<std::string> text = op_as_program(o);
  if (!text || o.num_results() == 0)
    unimplemented(at_op(sm_, o,
                        "the CUDA backend runs a compute op of a mesh program only when it has "
                        "results and no regions"));
  std::shared_ptr<const CompiledProgram>& prog = compiled_[*text];
  if (!prog) prog = compile_alone(o, *text);
  MeshStep& s = new_step(o);
  s.operands = in;
  for (size_t k = 0; k < o.num_results(); ++k) (void)result_slot(o, s, k);
  s.compute = prog;
  return s.results;
}

std::shared_ptr<const CompiledProgram> Planner::compile_alone(const ir::Op& o,
                                                              const std::string& text) {
  CompileRequest req;
  req.text = text;
  req.source_name = format_location(&sm_, o.loc) + " (" + o.name + " alone)";
  req.sm = compute_->sm;
  req.deterministic = compute_->deterministic;
  req.library = compute_->library;
  CompiledProgram prog;
  try {
    prog = compute_->generate_only ? generate_program(req) : compile_program(req, *compute_->cache);
  } catch (const Failure& f) {
    // The op verified in its module: failing alone is a limit of the per-op compile.
    const TesseraErrorCode code =
        f.code() == TESSERA_ERROR_INTERNAL ? f.code() : TESSERA_ERROR_UNIMPLEMENTED;
    throw Failure(code, at_op(sm_, o,
                              "a compute op of a mesh program, compiled alone for every rank: " +
                                  std::string(f.what())));
  }
  return std::make_shared<const CompiledProgram>(std::move(prog));
}

/// A tile.launch: its kernel split at its collectives (mesh_tile.h). `cur` holds the slot of
/// every kernel buffer: the launch's operands, then its results (zeroed by a first step, as a
/// launch's fresh buffers are); each piece replaces the slots it writes.
std::vector<int> Planner::tile_launch(const ir::Op& o, const std::vector<int>& in) {
  const ir::Op* kernel = ir::lookup_callee(o);
  if (kernel == nullptr || ir::is_declaration(*kernel))
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, at_op(sm_, o, "callee not found"));
  if (o.num_results() == 0)
    unimplemented(at_op(sm_, o,
                        "the CUDA backend runs a tile.launch of a mesh program only "
                        "when it has results"));
  const std::vector<TilePiece> pieces = split_tile_kernel(*kernel, sm_);
  std::vector<int> cur = in;
  {
    MeshStep& z = new_step(o);
    for (size_t k = 0; k < o.num_results(); ++k) cur.push_back(result_slot(o, z, k));
  }
  for (const TilePiece& p : pieces) {
    if (p.collective != nullptr)
      tile_collective(o, *p.collective, cur);
    else
      tile_piece(o, p, cur);
  }
  return std::vector<int>(cur.begin() + static_cast<std::ptrdiff_t>(in.size()), cur.end());
}

/// A segment of the kernel: a compute step on (operands..., results' current contents...) whose
/// launch starts its results from those contents.
void Planner::tile_piece(const ir::Op& o, const TilePiece& piece, std::vector<int>& cur) {
  need_compiler(o);
  const size_t nin = o.operands.size(), nres = o.num_results();
  SegmentPrograms sp = segment_programs(module_, sm_, o, piece);
  std::shared_ptr<const CompiledProgram>& prog = compiled_[sp.device];
  if (!prog) {
    auto p = std::make_shared<CompiledProgram>(*compile_alone(o, sp.device));
    std::vector<LaunchStep*> launches;
    for (LaunchStep& s : p->plan.steps)
      if (!s.copy && !s.empty) launches.push_back(&s);
    if (launches.size() != 1 || launches[0]->operands.size() != nin + nres ||
        launches[0]->results.size() != nres)
      unimplemented(at_op(sm_, o,
                          "a piece of this kernel did not lower to one kernel launch of its "
                          "operands and results (the CUDA backend starts its results from the "
                          "previous piece's buffers)"));
    launches[0]->init_from.assign(launches[0]->operands.begin() + static_cast<std::ptrdiff_t>(nin),
                                  launches[0]->operands.end());
    prog = std::move(p);
  }
  MeshStep& s = new_step(o);
  s.operands = cur;
  for (size_t k = 0; k < nres; ++k) (void)result_slot(o, s, k);
  s.compute = prog;
  s.host_text = std::move(sp.host);
  s.host_entry = sp.kernel;
  for (size_t k = 0; k < nres; ++k) cur[nin + k] = s.results[k];
}

/// A tile collective over the kernel's buffers: the Graph IR collective of the same name on the
/// buffer's current slot, along dim 0 (docs/ops/tile/collectives.md); its result becomes the
/// written buffer's slot.
void Planner::tile_collective(const ir::Op& o, const ir::Op& c, std::vector<int>& cur) {
  const ir::Op* kernel = ir::lookup_callee(o);
  const ir::Block& body = kernel->regions[0].front();
  auto param = [&](size_t k) {
    for (size_t a = 0; a < body.args.size(); ++a)
      if (c.operands.at(k) == body.args[a].get()) return a;
    unimplemented(
        at_op(sm_, c, "the CUDA backend runs tile collectives on kernel parameters only"));
  };
  const bool send = c.name == "tile.send";
  const size_t written = c.operands.size() == 1 ? 0 : 1;  // in place, or (source, destination)
  const size_t dst = param(written), src = param(0);
  if (!send && dst < o.operands.size())
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                  at_op(sm_, c,
                        "writes an operand of tile.launch, which kernels may only read "
                        "(tcoll_run_c2)"));
  auto g = std::make_unique<ir::Op>();
  g->name = "tessera." + c.name.substr(std::string("tile.").size());
  g->attrs = c.attrs;
  g->loc = c.loc;
  for (const char* d : {"dim", "split_dim", "concat_dim"})
    g->attrs.set(d, ir::Attr::integer_attr(0));
  if (!send) {
    const ir::Type& t = c.operands[written]->type;
    g->add_result(ir::Type::tensor(t.dtype, t.shape));
  }
  const std::vector<int> out = collective(*g, {cur[src]});
  stand_ins_.push_back(std::move(g));
  if (!out.empty()) {
    cur[dst] = out[0];
    plan_.steps.back().op = c.name;
  }
}

std::vector<int> Planner::redistribute(const ir::Op& o, int src) {
  const size_t rank = plan_.slots[static_cast<size_t>(src)].shape.size();
  std::string err;
  auto read = [&](const char* name) {
    const ir::Attr* a = o.attrs.get(name);
    auto s = a ? tessera::mesh::read_shard_spec(*a, mesh_, rank, err) : std::nullopt;
    if (!s) throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, at_op(sm_, o, err));
    return *s;
  };
  ShardSpec a = read("src"), b = read("dst");
  const int64_t elems = plan_elems(o, src);
  // Partial axes dst drops: summed in rank order first (interp redistribute's first stage).
  std::vector<int> drop;
  for (int ax : a.partial)
    if (std::find(b.partial.begin(), b.partial.end(), ax) == b.partial.end()) drop.push_back(ax);
  int cur = src;
  if (!drop.empty()) {
    MeshStep& s = new_step(o);
    plan_.slots.push_back(plan_.slots[static_cast<size_t>(src)]);
    const int sum = static_cast<int>(plan_.slots.size() - 1);
    s.results.push_back(sum);
    s.result_types.push_back(plan_.slots[static_cast<size_t>(sum)]);
    const Groups g = tessera::mesh::make_groups(mesh_, drop);
    folds(o, s, im::ReduceOp::sum, g, src, sum,
          im::all_reduce(g, im::ReduceOp::max, tags(src, elems, false)));
    cur = sum;
    std::erase_if(a.partial,
                  [&](int ax) { return std::find(drop.begin(), drop.end(), ax) != drop.end(); });
  }
  MeshStep& s = new_step(o);
  const int out = result_slot(o, s, 0);
  try {
    moves(o, s, cur, elems, out, im::redistribute(mesh_, a, b, tags(cur, elems, true)));
  } catch (const tessera::Error& e) {
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, at_op(sm_, o, e.what()));
  }
  return {out};
}

std::vector<int> Planner::point_to_point(const ir::Op& o, const std::vector<int>& in) {
  const Groups g = groups(o);
  const int64_t channel = o.attrs.get_int("channel", 0);
  const auto pairs = im::read_pairs(o);
  auto member = [&](const std::vector<int64_t>& m, int64_t k) {
    if (k < 0 || k >= static_cast<int64_t>(m.size()))
      throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, at_op(sm_, o, "pair outside the group"));
    return m[static_cast<size_t>(k)];
  };
  if (o.name == "tessera.send") {
    if (in.size() != 1)
      throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, at_op(sm_, o, "send takes one operand"));
    for (const auto& m : g.members)
      for (auto [a, b] : pairs)
        mailbox_[channel].push_back(Message{member(m, a), member(m, b), in[0], &o});
    return {};
  }
  if (o.num_results() != 1)
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, at_op(sm_, o, "recv has one result"));
  MeshStep& s = new_step(o);
  const int out = result_slot(o, s, 0);
  auto& box = mailbox_[channel];
  for (const auto& m : g.members)
    for (auto [a, b] : pairs) {
      const int64_t src = member(m, a), dst = member(m, b);
      auto it = std::find_if(box.begin(), box.end(),
                             [&](const Message& x) { return x.src == src && x.dst == dst; });
      if (it == box.end())
        throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                      at_op(sm_, o,
                            "has no matching send: " + mesh_.describe_rank(dst) +
                                " waits for a message from " + mesh_.describe_rank(src) +
                                " on channel " + std::to_string(channel) + " (mesh_run_c2)"));
      const TensorSpec& sent = plan_.slots[static_cast<size_t>(it->slot)];
      const TensorSpec& want = plan_.slots[static_cast<size_t>(out)];
      if (sent.dtype != want.dtype || sent.shape != want.shape)
        throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                      at_op(sm_, o, "receives a type other than the send's (mesh_run_c3)"));
      const int64_t elems = numel(sent);
      if (elems > 0) s.copies.push_back(MeshCopy{src, dst, it->slot, out, 0, 0, elems});
      box.erase(it);
    }
  return {out};
}

}  // namespace

int rank_device(int64_t rank, int gpus) {
  if (rank < 0 || gpus < 1)
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                  "rank " + std::to_string(rank) + " with " + std::to_string(gpus) + " GPU(s)");
  return static_cast<int>(rank % gpus);
}

std::optional<std::string> op_as_program(const ir::Op& op) {
  if (!op.regions.empty()) return std::nullopt;
  // The generic form prints operands defined outside the op as "%<unknown>", in operand order.
  std::string body = text::print_op_generic(op);
  const std::string unknown = "%<unknown>";
  std::string args;
  size_t at = 0;
  for (size_t k = 0; k < op.operands.size(); ++k) {
    at = body.find(unknown, at);
    if (at == std::string::npos) return std::nullopt;
    const std::string name = "%m" + std::to_string(k);
    body.replace(at, unknown.size(), name);
    at += name.size();
    args += (k ? ", " : "") + name + ": " + ir::to_string(op.operands[k]->type);
  }
  if (body.find(unknown) != std::string::npos) return std::nullopt;
  std::string rets, types;
  if (op.num_results() > 0) {
    if (body.empty() || body[0] != '%') return std::nullopt;
    const std::string base = body.substr(0, body.find_first_of(":= "));
    for (size_t k = 0; k < op.num_results(); ++k) {
      rets += (k ? ", " : "") + base + (op.num_results() > 1 ? "#" + std::to_string(k) : "");
      types += (k ? ", " : "") + ir::to_string(op.result(k)->type);
    }
  }
  while (!body.empty() && (body.back() == '\n' || body.back() == ' ')) body.pop_back();
  const std::string result_sig = op.num_results() == 1 ? types : "(" + types + ")";
  return "module {\n  func.func @main(" + args + ") -> " + result_sig + " {\n    " + body +
         "\n    return " + rets + " : " + types + "\n  }\n}\n";
}

MeshPlan build_mesh_plan(const ir::Module& module, const std::string& entry,
                         const SourceManager& sm, int64_t ranks, const MeshCompile* compute) {
  const ir::Op* f = module.lookup_func(entry);
  if (f == nullptr || ir::is_declaration(*f))
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, "compile: no function @" + entry + " to run");
  const ir::Op* mod = tessera::mesh::enclosing_module(*f);
  std::string err;
  std::optional<Mesh> mesh = mod ? tessera::mesh::read_mesh(*mod, err) : std::nullopt;
  if (!mesh)
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                  "compile: " + (err.empty() ? "the module declares no tessera.mesh" : err));
  if (mesh->size() != ranks)
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                  "compile: the module's mesh has " + std::to_string(mesh->size()) +
                      " ranks; num_devices is " + std::to_string(ranks));
  if (ranks > kMaxMeshRanks)
    unimplemented("compile: a mesh of " + std::to_string(ranks) +
                  " ranks; the CUDA backend runs at most " + std::to_string(kMaxMeshRanks));
  MeshPlan plan;
  plan.ranks = ranks;
  plan.mesh_shape = mesh->shape;
  std::vector<int> args;
  for (const auto& a : f->regions.at(0).front().args) {
    if (!a->type.is_tensor() || !a->type.has_static_shape())
      unimplemented(at_op(sm, *f, "the CUDA backend runs statically shaped mesh tensors only"));
    if (a->type.dtype == DType::i4) unimplemented(at_op(sm, *f, kNoPackedMesh));
    plan.inputs.push_back(TensorSpec{a->type.dtype, a->type.shape});
    plan.slots.push_back(plan.inputs.back());
    args.push_back(static_cast<int>(plan.slots.size() - 1));
  }
  Planner p(module, sm, *mesh, plan, compute);
  plan.returns = p.function(*f, args, 0);
  p.check_unreceived();
  return plan;
}

MeshPlan mesh_plan_from_text(const std::string& text, const std::string& source_name,
                             const std::string& entry, int64_t ranks, const MeshCompile* compute) {
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  std::unique_ptr<ir::Module> m = text::parse_module(text, source_name, sm, diag);
  if (!m || !verify::verify_module(*m, diag))
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, diag.render());
  return build_mesh_plan(*m, entry, sm, ranks, compute);
}

std::string describe(const MeshPlan& plan) {
  std::string out = std::to_string(plan.steps.size()) + " steps:";
  for (const MeshStep& s : plan.steps)
    out += " " + s.op + " (" + std::to_string(s.copies.size()) + " copies, " +
           std::to_string(s.folds.size()) + " folds, " + std::to_string(s.consts.size()) +
           " constants" + (s.compute ? ", a compute program" : "") + ")";
  return out;
}

}  // namespace tessera::cuda
