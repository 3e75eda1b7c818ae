// Observation inside tile kernels: which results are watched, what a watched instruction records,
// and the ordered merge of the groups' records (docs/numerics-report.md, "Tile kernels").
#include "interp/tile/observe.h"

#include <cmath>
#include <limits>
#include <sstream>

#include "core/numerics/convert_array.h"
#include "core/support/error.h"
#include "interp/numerics/observer.h"
#include "interp/tile/exec_ops.h"
#include "interp/tile/memory.h"
#include "interp/tile/observe_shadow.h"

namespace tessera::interp::tile {
namespace {

bool is_float_slot(const Slot& s) { return dtype_is_float(s.dt); }

/// Reads no memory and computes a float result: where a NaN or Inf can first appear (a load
/// only moves what memory held; scf ops only move values).
bool is_producer(const ir::Op& op) {
  if (op.name.starts_with("scf.")) return false;
  for (const ir::Value* v : op.operands)
    if (v->type.is_memref()) return false;
  return true;
}

/// The value of slot `s` of a tile as a tensor of its own type and `shape` (floats only).
Tensor float_value(const Slot& s, const std::vector<int64_t>& shape, const Cell* R,
                   const float* A) {
  Tensor v(s.dt, shape);
  if (!s.agg) {
    if (s.dt == DType::f64)
      v.data<double>()[0] = R[s.idx].d;
    else
      v.data<float>()[0] = R[s.idx].f;
    return v;
  }
  const auto n = static_cast<size_t>(s.numel());
  if (s.dt == DType::f32)
    std::memcpy(v.bytes(), A + s.idx, n * sizeof(float));
  else  // bf16/f16 tiles hold values of their type in f32 cells: exact
    num::convert_array(DType::f32, A + s.idx, s.dt, v.bytes(), n, {});
  return v;
}

bool slot_finite(const Slot& s, const Cell* R, const float* A) {
  if (!s.agg) return s.dt == DType::f64 ? std::isfinite(R[s.idx].d) : std::isfinite(R[s.idx].f);
  for (int32_t k = 0; k < s.numel(); ++k)
    if (!std::isfinite(A[s.idx + k])) return false;
  return true;
}

double slot_element(const Slot& s, const Cell* R, const float* A, int64_t k) {
  if (!s.agg) return s.dt == DType::f64 ? R[s.idx].d : R[s.idx].f;
  return A[s.idx + (k < s.numel() ? k : 0)];
}

std::string num_text(double v) {
  std::ostringstream os;
  os.precision(9);
  os << v;
  return os.str();
}

std::string index_text(const std::vector<int64_t>& shape, int64_t k) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    idx[d] = k % shape[d];
    k /= shape[d];
  }
  std::string s = "[";
  for (size_t d = 0; d < idx.size(); ++d) s += (d ? ", " : "") + std::to_string(idx[d]);
  return s + "]";
}

/// The --stop-on diagnostic of point `p` in tile t of g: the op, the element, the group and
/// tile, and a note per float operand (its min, max, absmax and the same element).
std::string stop_message(const GroupState& g, int32_t t, const WatchPoint& p, const Tensor& out,
                         int64_t k, const std::string& what, const Cell* R, const float* A) {
  const Launch& l = *g.launch;
  std::ostringstream msg;
  msg << "'" << p.op->name << "' op produced " << what << " from finite inputs at element "
      << index_text(out.shape(), k) << " (flat index " << k << ") of result #" << p.result
      << " in group " << g.id << " (coordinates [" << g.coord[0] << ", " << g.coord[1] << ", "
      << g.coord[2] << "]), tile " << t << " of kernel @" << l.prog->name << " (--stop-on)";
  DiagnosticEngine d(l.sm);
  Diagnostic& e = d.error(p.op->loc, msg.str());
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    const Slot& s = p.inputs[i];
    std::vector<int64_t> shape;
    if (s.agg)
      shape = s.rank == 2 ? std::vector<int64_t>{s.rows, s.cols} : std::vector<int64_t>{s.rows};
    const numerics::ValueStats is = numerics::compute_stats(float_value(s, shape, R, A), nullptr);
    std::ostringstream n;
    n << "float operand #" << i << " (" << dtype_mlir_name(s.dt) << "): min " << num_text(is.min)
      << ", max " << num_text(is.max) << ", absmax " << num_text(is.absmax) << "; element " << k
      << " is " << num_text(slot_element(s, R, A, k));
    e.notes.push_back(Diagnostic{Severity::note, p.op->loc, n.str(), {}});
  }
  return d.render();
}

/// Writes the value of point `p` of tile t of g into the launch's probe cells.
void record_probe(TileWatch& w, size_t k, const GroupState& g, int32_t t, const Cell* R,
                  const float* A) {
  const WatchPoint& p = w.points[k];
  const Slot& s = p.slot;
  const auto n = static_cast<size_t>(s.numel());
  const size_t at = (static_cast<size_t>(g.id) * g.tiles.size() + static_cast<size_t>(t)) * n;
  Cell* c = w.probe_cells[k].data() + at;
  const bool fl = is_float_slot(s);
  for (size_t e = 0; e < n; ++e) {
    if (!s.agg)
      c[e] = fl && s.dt != DType::f64 ? Cell{.d = R[s.idx].f} : R[s.idx];
    else if (fl)
      c[e].d = A[s.idx + static_cast<int32_t>(e)];
    else
      c[e].i = agg_i(A + s.idx + static_cast<int32_t>(e));
  }
  w.probe_seen[k][at / n] = 1;
}

/// The probe of point k: [groups, tiles, value shape...]; floats in their own type (a tile that
/// never ran the op gives NaN), integers and index as int64 (0 where never run).
Tensor probe_tensor(const Launch& l, const TileWatch& w, size_t k) {
  const WatchPoint& p = w.points[k];
  std::vector<int64_t> shape = {l.num_groups, l.tiles};
  shape.insert(shape.end(), p.shape.begin(), p.shape.end());
  const std::vector<Cell>& cells = w.probe_cells[k];
  const size_t n = static_cast<size_t>(p.slot.numel());
  if (!is_float_slot(p.slot)) {
    Tensor t(DType::i64, shape);
    for (size_t i = 0; i < cells.size(); ++i)
      t.data<int64_t>()[i] = w.probe_seen[k][i / n] ? cells[i].i : 0;
    return t;
  }
  std::vector<double> d(cells.size());
  for (size_t i = 0; i < cells.size(); ++i)
    d[i] = w.probe_seen[k][i / n] ? cells[i].d : std::numeric_limits<double>::quiet_NaN();
  Tensor t(p.slot.dt, shape);
  num::convert_array(DType::f64, d.data(), p.slot.dt, t.bytes(), d.size(), {});
  return t;
}

}  // namespace

std::unique_ptr<TileWatch> make_watch(const Launch& l, const Program& prog) {
  if (!l.observer || !l.run) return nullptr;
  auto w = std::make_unique<TileWatch>();
  l.observer->tile_stop_on(w->stop_nan, w->stop_inf);
  // Each op's value is complete after its last instruction.
  std::unordered_map<const ir::Op*, int32_t> last;
  for (size_t pc = 0; pc < prog.code.size(); ++pc)
    if (prog.code[pc].op) last[prog.code[pc].op] = static_cast<int32_t>(pc);
  for (size_t pc = 0; pc < prog.code.size(); ++pc) {
    const ir::Op* op = prog.code[pc].op;
    // An scf.for's results hold the loop's values at its test, and their final values when the
    // test exits the loop: probed there (the last execution is the exit). Other scf ops only
    // move values and are not observed.
    const bool loop = op && op->name == "scf.for" && prog.code[pc].opc == Opc::kForTest;
    if (!op || (!loop && (last[op] != static_cast<int32_t>(pc) || op->name.starts_with("scf."))))
      continue;
    for (size_t r = 0; r < op->results.size(); ++r) {
      auto it = prog.slots.find(op->results[r].get());
      if (it == prog.slots.end() || op->results[r]->type.is_memref()) continue;
      TileWants want = l.observer->tile_wants(*op, r);
      const bool fl = is_float_slot(it->second);
      want.stats = want.stats && fl && !loop;
      want.shadow = want.shadow && fl && !loop && it->second.agg && has_f64_eval(prog.code[pc]);
      if (loop && !want.probe) continue;
      const bool producer = fl && !loop && is_producer(*op);
      if (!want.any() && !(producer && (w->stop_nan || w->stop_inf))) continue;
      WatchPoint p;
      p.pc = static_cast<int32_t>(pc);
      p.op = op;
      p.result = r;
      p.slot = it->second;
      p.shape = op->results[r]->type.shape;
      p.stats = want.stats;
      p.probe = want.probe;
      p.producer = producer;
      p.shadow = want.shadow;
      const Inst& last_in = prog.code[pc];
      for (const ir::Value* v : op->operands) {
        auto in = prog.slots.find(v);
        if (in == prog.slots.end() || !is_float_slot(in->second)) continue;
        p.inputs.push_back(in->second);
        if (!p.shadow || !in->second.agg) continue;  // the tile operands of the instruction
        if (in->second.idx == last_in.a) p.va = v;
        if (last_in.opc == Opc::kABin && in->second.idx == last_in.b) p.vb = v;
      }
      w->points.push_back(std::move(p));
    }
  }
  for (size_t pc = 0; pc < prog.code.size(); ++pc) {  // probed shared buffers
    const Inst& in = prog.code[pc];
    if (in.opc != Opc::kAllocShared || !l.observer->tile_wants(*in.op, 0).probe) continue;
    const AllocInfo& ai = prog.shared[static_cast<size_t>(in.target)];
    int64_t n = 1;
    for (int64_t d : ai.shape) n *= d;  // checked when the kernel was decoded
    uint64_t cells = 0;
    if (__builtin_mul_overflow(static_cast<uint64_t>(n), static_cast<uint64_t>(l.num_groups),
                               &cells) ||
        cells > l.opts.max_memory / sizeof(Cell)) {
      DiagnosticEngine d(l.sm);
      d.op_error(*in.op, "--probe of this shared buffer exceeds --max-memory", "");
      throw Error(d.render());
    }
    TileWatch::SharedProbe sp;
    sp.op = in.op;
    sp.alloc = static_cast<size_t>(in.target);
    sp.numel = n;
    sp.cells.resize(cells);
    sp.seen.assign(static_cast<size_t>(l.num_groups), 0);
    w->shared.push_back(std::move(sp));
  }
  if (w->points.empty() && w->shared.empty()) return nullptr;
  w->first.assign(prog.code.size(), -1);
  for (size_t k = w->points.size(); k-- > 0;)
    w->first[static_cast<size_t>(w->points[k].pc)] = int32_t(k);
  w->total.resize(w->points.size());
  w->probe_cells.resize(w->points.size());
  w->probe_seen.resize(w->points.size());
  const auto gt = static_cast<uint64_t>(l.num_groups) * static_cast<uint64_t>(l.tiles);
  for (size_t k = 0; k < w->points.size(); ++k) {
    if (!w->points[k].probe) continue;
    const auto n = static_cast<uint64_t>(w->points[k].slot.numel());
    uint64_t cells = 0;
    if (__builtin_mul_overflow(gt, n, &cells) || cells > l.opts.max_memory / sizeof(Cell)) {
      DiagnosticEngine d(l.sm);
      d.op_error(*w->points[k].op,
                 "--probe of this value would hold " + std::to_string(gt) + " x " +
                     std::to_string(n) + " elements, more than --max-memory allows",
                 "");
      throw Error(d.render());
    }
    w->probe_cells[k].resize(cells);
    w->probe_seen[k].assign(gt, 0);
  }
  return w;
}

void watch_before(GroupState& g, int32_t t, int32_t pc, Cell* R, float* A) {
  const TileWatch& w = *g.launch->watch;
  const Inst& in = g.launch->prog->code[static_cast<size_t>(pc)];
  GroupResult& out = *g.out;
  out.inputs_finite = true;
  out.unrounded.clear();
  for (size_t k = static_cast<size_t>(w.first[static_cast<size_t>(pc)]);
       k < w.points.size() && w.points[k].pc == pc; ++k) {
    for (const Slot& s : w.points[k].inputs)
      out.inputs_finite = out.inputs_finite && slot_finite(s, R, A);
    // Before anything below writes the result's cells (they may be an operand's).
    if (w.points[k].shadow) shadow_before(g, t, w.points[k], in, R, A);
  }
  // A bf16/f16 tile's arith and exp round each result: the same instruction without that
  // rounding gives the value before it (written to the result's cells, which the real
  // instruction overwrites next).
  if (in.round_to_dt && (in.opc == Opc::kABin || in.opc == Opc::kAExp)) {
    Inst exact = in;
    exact.round_to_dt = false;
    if (in.opc == Opc::kABin)
      exec_abin(g, t, exact, R, A);
    else
      exec_unary(exact, R, A);
    const Slot& s = w.points[static_cast<size_t>(w.first[static_cast<size_t>(pc)])].slot;
    out.unrounded.assign(A + s.idx, A + s.idx + s.numel());
  }
}

void watch_after(GroupState& g, int32_t t, int32_t pc, const Cell* R, const float* A) {
  TileWatch& w = *g.launch->watch;
  GroupResult& out = *g.out;
  if (out.watch.empty()) out.watch.resize(w.points.size());
  for (size_t k = static_cast<size_t>(w.first[static_cast<size_t>(pc)]);
       k < w.points.size() && w.points[k].pc == pc; ++k) {
    const WatchPoint& p = w.points[k];
    ++out.watch[k].runs;
    if (p.probe) record_probe(w, k, g, t, R, A);
    if (!p.stats && !p.shadow && !(p.producer && (w.stop_nan || w.stop_inf))) continue;
    const Tensor v = float_value(p.slot, p.shape, R, A);
    if (p.shadow) shadow_after(g, t, k, p, v, A);
    if (!p.stats && !(p.producer && (w.stop_nan || w.stop_inf))) continue;
    Tensor pre;
    if (out.unrounded.size() == static_cast<size_t>(p.slot.numel())) {
      pre = Tensor(DType::f32, p.shape);
      std::memcpy(pre.bytes(), out.unrounded.data(), out.unrounded.size() * sizeof(float));
    }
    numerics::ValueStats s = numerics::compute_stats(v, pre.bytes() ? &pre : nullptr);
    // Overflow: an Inf from finite operands, or from a finite value before rounding.
    if (s.pos_inf + s.neg_inf > s.overflow && p.producer && out.inputs_finite)
      s.overflow = s.pos_inf + s.neg_inf;
    if (p.stats) out.watch[k].stats.merge(s);
    const bool nan = w.stop_nan && s.nan > 0, inf = w.stop_inf && s.pos_inf + s.neg_inf > 0;
    if (!p.producer || !out.inputs_finite || (!nan && !inf)) continue;
    const int64_t e = numerics::first_nonfinite(v, nan, inf);
    const double x = numerics::element_as_double(v, e);
    WatchStop stop;
    stop.point = static_cast<int32_t>(k);
    stop.group = g.id;
    stop.tile = t;
    stop.element = e;
    stop.what = x != x ? "NaN" : x > 0 ? "+Inf" : "-Inf";
    stop.message = stop_message(g, t, p, v, e, stop.what, R, A);
    out.stop = stop;
    throw Error(stop.message);
  }
}

void watch_group_exit(GroupState& g) {
  TileWatch& w = *g.launch->watch;
  for (TileWatch::SharedProbe& sp : w.shared) {
    if (sp.alloc >= g.shared.size() || !g.shared[sp.alloc].data) continue;
    const Buffer& b = g.shared[sp.alloc];
    const bool fl = dtype_is_float(b.dt);
    Cell* c = sp.cells.data() + static_cast<size_t>(g.id * sp.numel);
    for (int64_t e = 0; e < sp.numel && e < b.numel; ++e) {
      const int64_t ph = b.phys(e);
      if (fl && (b.dt == DType::f64))
        c[e].d = load_cell(b, ph).d;
      else if (fl)
        c[e].d = load_agg(b, ph);
      else
        c[e].i = load_cell(b, ph).i;
    }
    sp.seen[static_cast<size_t>(g.id)] = 1;
  }
}

void watch_group_done(Launch& l, int64_t group, GroupResult& out) {
  TileWatch& w = *l.watch;
  std::lock_guard<std::mutex> lock(w.mu);
  TileWatch::Finished& f = w.pending[group];
  f.data = std::move(out.watch);
  f.stop = std::move(out.stop);
  f.failed = !out.error.empty() || out.cancelled;
  out.watch.clear();
  out.unrounded = {};
  while (!w.halted && !w.pending.empty() && w.pending.begin()->first == w.next) {
    TileWatch::Finished& g = w.pending.begin()->second;
    for (size_t k = 0; k < g.data.size(); ++k) {
      w.total[k].stats.merge(g.data[k].stats);
      w.total[k].runs += g.data[k].runs;
      for (const auto& te : g.data[k].tile_err)  // tiles in order
        for (size_t j = 0; j < 3; ++j) w.total[k].err[j].merge(te[j]);
    }
    if (g.stop && !w.stop) w.stop = std::move(g.stop);
    w.halted = g.failed;
    w.pending.erase(w.pending.begin());
    ++w.next;
  }
}

void deliver_watch(const Launch& l) {
  const TileWatch& w = *l.watch;
  for (size_t k = 0; k < w.points.size(); ++k) {
    const WatchPoint& p = w.points[k];
    if (!p.stats && !p.probe && !p.shadow) continue;
    Tensor probe;
    if (p.probe) probe = probe_tensor(l, w, k);
    TileValueEvent e{*p.op,
                     p.result,
                     w.total[k].runs,
                     p.stats ? &w.total[k].stats : nullptr,
                     p.probe ? &probe : nullptr,
                     p.shadow ? w.total[k].err.data() : nullptr};
    l.observer->after_tile_value(e, *l.run);
  }
  for (const TileWatch::SharedProbe& sp : w.shared) {
    const AllocInfo& ai = l.prog->shared[sp.alloc];
    std::vector<int64_t> shape = {l.num_groups};
    shape.insert(shape.end(), ai.shape.begin(), ai.shape.end());
    const auto n = static_cast<size_t>(sp.numel);
    Tensor probe;
    if (dtype_is_float(ai.dt)) {
      std::vector<double> d(sp.cells.size());
      for (size_t i = 0; i < d.size(); ++i)
        d[i] = sp.seen[i / n] ? sp.cells[i].d : std::numeric_limits<double>::quiet_NaN();
      probe = Tensor(ai.dt, shape);
      num::convert_array(DType::f64, d.data(), ai.dt, probe.bytes(), d.size(), {});
    } else {
      probe = Tensor(DType::i64, shape);
      for (size_t i = 0; i < sp.cells.size(); ++i)
        probe.data<int64_t>()[i] = sp.seen[i / n] ? sp.cells[i].i : 0;
    }
    TileValueEvent e{*sp.op, 0, 0, nullptr, &probe};
    l.observer->after_tile_value(e, *l.run);
  }
  if (w.stop) {
    const WatchPoint& p = w.points[static_cast<size_t>(w.stop->point)];
    TileStopEvent e{*p.op,         w.stop->message, w.stop->what,
                    w.stop->group, w.stop->tile,    w.stop->element};
    l.observer->after_tile_stop(e, *l.run);
  }
}

}  // namespace tessera::interp::tile
