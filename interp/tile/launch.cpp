// Tile IR launches: binding tensors to kernel parameters, merging reports, traces.
#include "interp/tile/launch.h"

#include <cstring>
#include <span>

#include "core/numerics/convert_array.h"
#include "core/ops/packed_i4.h"
#include "core/ops/tile_util.h"
#include "core/support/error.h"
#include "interp/tile/convert_cell.h"
#include "interp/tile/observe.h"

namespace tessera::interp::tile {
namespace {

const char* check_name(uint32_t k) {
  switch (k) {
    case kCheckBounds:
      return "bounds";
    case kCheckRaces:
      return "races";
    case kCheckBarriers:
      return "barriers";
    case kCheckInit:
      return "init";
    default:
      return "async";
  }
}

/// A global buffer over a tensor's storage. When the tensor holds another element type than
/// the parameter (the Graph IR executor widened bf16 to f32), the values are converted into
/// storage the buffer owns.
Buffer global_buffer(const Tensor& t, DType want, std::string name, bool init, bool shadow) {
  Buffer b;
  b.dt = want;
  b.esize = std::max(1, dtype_bits(want) / 8);
  b.space = kSpaceGlobal;
  b.shape = t.shape();
  if (b.shape.empty()) b.shape = {1};
  b.strides = row_major_strides(b.shape);
  b.numel = t.numel();
  b.cols = b.shape.back();
  b.phys_cols = b.cols;
  b.chunk = 0;
  b.plain = true;
  if (ops::packed_i4_binding(t.dtype(), want, 1)) {  // launch_c3: the packed bytes
    b.numel = ops::packed_i4_bytes(t.numel());
    b.shape = {b.numel};
    b.strides = {1};
    b.cols = b.phys_cols = b.numel;
    b.data = const_cast<std::byte*>(t.bytes());
  } else if (t.dtype() == want) {
    b.data = const_cast<std::byte*>(t.bytes());
  } else {
    b.own.resize(static_cast<size_t>(b.numel * b.esize));
    num::convert_array(t.dtype(), t.bytes(), want, b.own.data(), static_cast<size_t>(b.numel), {});
    b.data = b.own.data();
  }
  b.name = std::move(name);
  // Global shadows live per group (GroupState::touches) and are merged in group order.
  b.tracked = shadow;
  b.start_init = init;
  return b;
}

Cell scalar_of(const Tensor& t, DType want) {
  Cell c{};
  Tensor v = t;
  if (t.dtype() != want) {
    v = Tensor(want, {});
    num::convert_array(t.dtype(), t.bytes(), want, v.bytes(), 1, {});
  }
  switch (want) {
    case DType::f32:
      std::memcpy(&c.f, v.bytes(), 4);
      break;
    case DType::f64:
      std::memcpy(&c.d, v.bytes(), 8);
      break;
    case DType::i32: {
      int32_t x;
      std::memcpy(&x, v.bytes(), 4);
      c.i = x;
      break;
    }
    case DType::i1:
      c.i = static_cast<uint8_t>(*v.bytes()) & 1;
      break;
    case DType::i8:
      c.i = static_cast<int8_t>(*v.bytes());
      break;
    case DType::i16: {
      int16_t x;
      std::memcpy(&x, v.bytes(), 2);
      c.i = x;
      break;
    }
    default:
      if (ops::tile::is_storage_scalar(ir::Type::scalar(want))) {  // narrow floats, ui8..ui64
        uint64_t bits = 0;
        std::memcpy(&bits, v.bytes(), std::min<size_t>(sizeof bits, v.nbytes()));
        return cell_from_bits(want, bits);
      }
      std::memcpy(&c.i, v.bytes(), 8);
      break;
  }
  return c;
}

[[noreturn]] void fail_at(const SourceManager& sm, const ir::Op& op, const std::string& msg) {
  DiagnosticEngine d(&sm);
  d.op_error(op, msg, "");
  throw Error(d.render());
}

std::string access_words(const Access& a) {
  return "group " + std::to_string(a.group) + ", tile " + std::to_string(a.tile) + ", lane " +
         std::to_string(a.lane);
}

/// Merges per-group results in group order: counters, reports (rendered, capped), the trace,
/// and the first fatal error.
void finish(Launch& l, std::vector<GroupResult>& results) {
  const TileDebugOptions& o = l.opts;
  uint64_t lane_ops = 0, insts = 0;
  for (const GroupResult& r : results) {
    lane_ops += r.lane_ops;
    insts += r.instructions;
  }
  if (o.log) {
    o.log->lane_ops += lane_ops;
    o.log->instructions += insts;
  }
  // Groups above the lowest failing one were cancelled at a point that depends on timing: their
  // reports are left out, so what is printed does not (unless the run's budget ran out).
  size_t first_error = results.size();
  for (size_t g = 0; g < results.size() && first_error == results.size(); ++g)
    if (!results[g].error.empty()) first_error = g;
  const size_t upto = first_error < results.size() ? first_error + 1 : results.size();
  for (size_t g = 0; g < upto; ++g) {
    const GroupResult& r = results[g];
    for (const Report& rep : r.reports) {
      if (!o.log) continue;
      ++o.log->total;
      if (o.log->reports.size() >= o.check_limit) continue;
      DiagnosticEngine d(l.sm);
      std::string where = "in kernel @" + l.prog->name +
                          (o.context.empty() ? "" : " on " + o.context) + ", " +
                          access_words(rep.at);
      if (rep.element >= 0) where += ", " + rep.buffer + " element " + std::to_string(rep.element);
      auto& e = d.error(
          l.prog->code[static_cast<size_t>(rep.at.inst)].op->loc,
          std::string("[") + check_name(rep.kind) + "] " + rep.message + " (" + where + ")");
      if (rep.other.valid()) {
        std::string what = rep.kind == kCheckAsync      ? "the async copy, issued by "
                           : rep.kind == kCheckBarriers ? "the barrier of "
                                                        : "the other access, by ";
        e.notes.push_back(Diagnostic{Severity::note,
                                     l.prog->code[static_cast<size_t>(rep.other.inst)].op->loc,
                                     what + access_words(rep.other) + " (barrier epoch " +
                                         std::to_string(rep.other.epoch) + ")",
                                     {}});
      }
      o.log->reports.push_back(d.render());
    }
  }
  if (o.collect_trace && o.log)
    render_trace(l, results, o.trace_pid_base, o.context.empty() ? "" : o.context + " ",
                 o.log->trace_end, o.log->trace_events, o.log->trace_end);
  else if (!o.trace_path.empty())
    write_trace(o.trace_path, l, results);
  if (l.watch) deliver_watch(l);  // up to the lowest failing group, as the reports
  if (l.aborted.load()) throw Error(l.abort_error);
  if (first_error < results.size()) throw Error(results[first_error].error);
}

/// Reads grid, tiles and lanes of a launch or kernel function; the launch runs with `opts`.
void configure(Launch& l, const ir::Op& where, const ir::Attr* grid, int64_t tiles, int64_t lanes,
               const SourceManager& sm, const TileDebugOptions& opts) {
  auto g = grid ? grid->as_int_array() : std::nullopt;
  if (!g || g->empty() || g->size() > 3)
    fail_at(sm, where, "needs a grid of 1 to 3 positive sizes");
  int64_t total = 1;
  for (size_t k = 0; k < g->size(); ++k) {
    if ((*g)[k] < 1) fail_at(sm, where, "grid sizes must be positive");
    l.grid[k] = (*g)[k];
    if (__builtin_mul_overflow(total, (*g)[k], &total) || total > (int64_t{1} << 31))
      fail_at(sm, where, "the grid has more than 2^31 groups");
  }
  if (tiles < 1 || tiles > 1024 || lanes < 1 || lanes > 1024)
    fail_at(sm, where, "tiles and lanes must be in [1, 1024]");
  l.num_groups = total;
  l.tiles = static_cast<int32_t>(tiles);
  l.lanes = static_cast<int32_t>(lanes);
  l.opts = opts;
  if (!l.opts.budget) l.opts.budget = std::make_shared<TileRunBudget>();  // this launch only
  l.budget = l.opts.budget.get();
  l.trace = !l.opts.trace_path.empty() || l.opts.collect_trace;
}

const ir::Op* find_callee(const ir::Module& module, const ir::Op& op) {
  const ir::Attr* callee = op.attrs.get("callee");
  return callee ? module.lookup_func(callee->s) : nullptr;
}

/// Binds a launch's operands (read-only) and results (zeroed) to the kernel's parameters.
void bind_launch(Launch& l, const ir::Op& fn, std::span<const Tensor* const> in,
                 std::span<Tensor* const> out) {
  const bool gshadow = (l.opts.checks & (kCheckRaces | kCheckInit)) != 0;
  const ir::Block& entry = fn.regions[0].front();
  const size_t nin = in.size();
  for (size_t k = 0; k < entry.args.size(); ++k) {
    const ir::Type& pt = entry.args[k]->type;
    std::string name = "%" + entry.args[k]->name;
    if (k < nin && pt.is_scalar()) {
      l.scalar_args.push_back(scalar_of(*in[k], pt.dtype));
      l.globals.emplace_back();  // keeps global ids equal to parameter numbers
      continue;
    }
    const Tensor& t = k < nin ? *in[k] : *out[k - nin];
    if (k >= nin) std::memset(out[k - nin]->bytes(), 0, out[k - nin]->nbytes());
    // Launch operands are read-only and initialised: no access to them can race or read
    // uninitialised memory (a write is a fatal error), so they need no shadow.
    Buffer b = global_buffer(t, pt.dtype, name, k < nin, gshadow && k >= nin);
    b.readonly = k < nin;
    l.globals.push_back(std::move(b));
    l.scalar_args.push_back(Cell{make_handle(kSpaceGlobal, static_cast<int64_t>(k))});
  }
}

/// Results whose storage was converted go back to the output tensors' element type.
void write_back(const Launch& l, size_t nin, std::span<Tensor* const> out) {
  for (size_t k = 0; k < out.size(); ++k) {
    const Buffer& b = l.globals[nin + k];
    if (b.data != out[k]->bytes())
      num::convert_array(b.dt, b.data, out[k]->dtype(), out[k]->bytes(),
                         static_cast<size_t>(b.numel), {});
  }
}

}  // namespace

/// `tile.launch` as a Graph IR kernel: the launch runs with the run context's tile options.
void launch_kernel(KernelCtx& ctx) {
  const ir::Op* fn = ctx.run.module ? find_callee(*ctx.run.module, ctx.op) : nullptr;
  if (!fn) ctx.fail("callee not found (launch_c1)");
  const SourceManager& sm = *ctx.run.sm;
  Launch l;
  configure(l, ctx.op, ctx.op.attrs.get("grid"), ctx.op.attrs.get_int("tiles", 1),
            ctx.op.attrs.get_int("lanes", 32), sm, ctx.run.tile);
  Program prog = decode(*fn, l.lanes, sm);
  l.prog = &prog;
  l.sm = &sm;
  bind_launch(l, *fn, ctx.in, ctx.out);
  l.observer = ctx.run.observer, l.run = &ctx.run, l.site = &ctx.op;
  const std::unique_ptr<TileWatch> watch = make_watch(l, prog);
  l.watch = watch.get();
  std::vector<GroupResult> results;
  run_groups(l, results);
  finish(l, results);
  write_back(l, ctx.in.size(), ctx.out);
}

const ir::Op* launch_callee(const ir::Module& module, const ir::Op& launch) {
  return find_callee(module, launch);
}

bool calls_tile_collectives(const ir::Op& func) {
  if (ops::tile::is_tile_collective(func)) return true;
  for (const ir::Region& r : func.regions)
    for (const auto& b : r.blocks)
      for (const auto& o : b->ops)
        if (calls_tile_collectives(*o)) return true;
  return false;
}

PhasedLaunch::PhasedLaunch(const ir::Op& launch, const RunContext& run,
                           std::vector<const Tensor*> in, std::vector<Tensor*> out)
    : out_(std::move(out)), nin_(in.size()) {
  const SourceManager& sm = *run.sm;
  const ir::Op* fn = run.module ? find_callee(*run.module, launch) : nullptr;
  if (!fn) fail_at(sm, launch, "callee not found (launch_c1)");
  configure(l_, launch, launch.attrs.get("grid"), launch.attrs.get_int("tiles", 1),
            launch.attrs.get_int("lanes", 32), sm, run.tile);
  prog_ = decode(*fn, l_.lanes, sm);
  l_.prog = &prog_;
  l_.sm = &sm;
  bind_launch(l_, *fn, in, out_);
  l_.observer = run.observer, l_.run = &run, l_.site = &launch;
  watch_ = make_watch(l_, prog_);  // --probe, reports and --stop-on per rank
  l_.watch = watch_.get();
  // Every group of a phased launch stays alive between collectives.
  check_group_memory(l_, static_cast<uint64_t>(l_.num_groups), true);
  const size_t n = static_cast<size_t>(l_.num_groups);
  groups_.resize(n);
  results_.resize(n);
  started_.assign(n, 0);
}

void PhasedLaunch::step(int64_t g) {
  const size_t k = static_cast<size_t>(g);
  GroupResult& out = results_[k];
  if (!out.error.empty()) return;
  try {
    TouchIndex* ti = tracked() ? &index_.local() : nullptr;
    if (!started_[k]) {
      init_group(l_, g, out, groups_[k], ti);
      started_[k] = 1;
    }
    if (!run_until_collective(groups_[k], ti)) {  // exited: hand over what it observed, free it
      if (l_.watch) {
        if (!l_.watch->shared.empty()) watch_group_exit(groups_[k]);
        watch_group_done(l_, g, out);
      }
      groups_[k] = GroupState{};
    }
    return;
  } catch (const Cancelled&) {
    out.cancelled = true;
    if (l_.aborted.load()) out.error = l_.abort_error;  // the run's budget ran out
    if (l_.watch) watch_group_done(l_, g, out);
    return;
  } catch (const Error& e) {
    out.error = e.what();
  } catch (const std::bad_alloc&) {
    out.error = "error: out of memory while simulating group " + std::to_string(g) +
                " of kernel @" + prog_.name;
  } catch (const std::exception& e) {  // a broken invariant: still a diagnostic, never a crash
    out.error = "error: internal error while simulating group " + std::to_string(g) +
                " of kernel @" + prog_.name + ": " + e.what();
  }
  if (l_.watch) watch_group_done(l_, g, out);
  note_failure(l_, g);
}

const Inst* PhasedLaunch::stopped_at(int64_t g) const {
  const GroupState& gs = groups_[static_cast<size_t>(g)];
  return gs.suspended_pc < 0 ? nullptr : &prog_.code[static_cast<size_t>(gs.suspended_pc)];
}

Buffer& PhasedLaunch::operand(int64_t g, int32_t reg) {
  const GroupState& gs = groups_[static_cast<size_t>(g)];
  const Inst& in = prog_.code[static_cast<size_t>(gs.suspended_pc)];
  const int64_t h = gs.tiles[0].regs[static_cast<size_t>(reg)].i;
  for (size_t t = 1; t < gs.tiles.size(); ++t)
    if (gs.tiles[t].regs[static_cast<size_t>(reg)].i != h)
      fail_at(*l_.sm, *in.op,
              "tiles 0 and " + std::to_string(t) + " of group " + std::to_string(g) +
                  " pass different buffers to this tile collective (tcoll_run_c2)");
  const size_t id = static_cast<size_t>(handle_id(h));
  if (handle_space(h) != kSpaceGlobal || id >= l_.globals.size() || !l_.globals[id].data)
    fail_at(*l_.sm, *in.op, "internal: a tile collective operand is not a global buffer");
  return l_.globals[id];
}

void PhasedLaunch::end_phase() {
  if (tracked()) tile::end_phase(l_, results_);
}

void PhasedLaunch::check_read_by_collective(const Buffer& b) {
  if (!(l_.opts.checks & kCheckInit) || !b.tracked) return;
  for (int64_t e = 0; e < b.numel; ++e) {
    if (b.phase_init.empty() ? b.start_init : b.phase_init[static_cast<size_t>(e)] != 0) continue;
    Report r;
    r.kind = kCheckInit;
    // Every group of this rank waits at the collective (tcoll_run_c1); report it as group 0's.
    r.at = Access{.group = 0, .tile = 0, .inst = groups_[0].suspended_pc};
    r.element = e;
    r.buffer = b.name;
    r.message = "the tile collective reads uninitialised memory (no tile wrote " + b.name +
                " element " + std::to_string(e) + " before it)";
    results_[0].reports.push_back(std::move(r));
    return;
  }
}

void PhasedLaunch::written_by_collective(Buffer& b) {
  if (tracked() && b.tracked) b.phase_init.assign(static_cast<size_t>(b.numel), 1);
}

void PhasedLaunch::resume() {
  for (GroupState& gs : groups_)
    if (gs.suspended_pc >= 0) resume_after_collective(gs);
}

void PhasedLaunch::finish() {
  end_phase();
  tile::finish(l_, results_);
  write_back(l_, nin_, out_);
}

void PhasedLaunch::deliver_after_failure() {
  if (!l_.watch) return;
  for (size_t k = 0; k < groups_.size(); ++k)
    if (started_[k] && groups_[k].suspended_pc >= 0 && results_[k].error.empty() &&
        !results_[k].cancelled)
      watch_group_done(l_, static_cast<int64_t>(k), results_[k]);
  deliver_watch(l_);
}

bool is_kernel_function(const ir::Op& func) { return func.attrs.get("tile.grid") != nullptr; }

std::vector<Tensor> run_kernel_function(const ir::Op& func, const std::vector<Tensor>& inputs,
                                        const RunContext& run) {
  const SourceManager& sm = *run.sm;
  Launch l;
  configure(l, func, func.attrs.get("tile.grid"), func.attrs.get_int("tile.tiles", 1),
            func.attrs.get_int("tile.lanes", 32), sm, run.tile);
  l.opts.max_memory = std::min(l.opts.max_memory, run.max_memory);
  Program prog = decode(func, l.lanes, sm);
  l.prog = &prog;
  l.sm = &sm;
  l.observer = run.observer, l.run = &run, l.site = &func;
  const ir::Block& entry = func.regions[0].front();
  if (inputs.size() != entry.args.size())
    fail_at(sm, func,
            "kernel takes " + std::to_string(entry.args.size()) + " arguments but " +
                std::to_string(inputs.size()) + " inputs were given");
  const bool gshadow = (l.opts.checks & (kCheckRaces | kCheckInit)) != 0;
  std::vector<Tensor> outs;
  std::vector<size_t> out_param;
  for (size_t k = 0; k < entry.args.size(); ++k) {
    const ir::Type& pt = entry.args[k]->type;
    const Tensor& in = inputs[k];
    if (pt.is_scalar()) {
      if (in.rank() != 0 && in.numel() != 1)
        fail_at(sm, func, "parameter '%" + entry.args[k]->name + "' is a scalar; give a 0-d array");
      l.scalar_args.push_back(scalar_of(in, pt.dtype));
      l.globals.emplace_back();
      continue;
    }
    if (!pt.is_memref() || pt.memspace != kSpaceGlobal || in.dtype() != pt.dtype ||
        !ir::types_compatible(ir::Type::tensor(pt.dtype, pt.shape), in.type()))
      fail_at(sm, func,
              "input #" + std::to_string(k) + " (" + ir::to_string(in.type()) +
                  ") does not bind parameter '%" + entry.args[k]->name + "' (" + ir::to_string(pt) +
                  ")");
    Tensor copy(in.dtype(), in.shape());
    std::memcpy(copy.bytes(), in.bytes(), in.nbytes());
    l.globals.push_back(global_buffer(copy, pt.dtype, "%" + entry.args[k]->name, true, gshadow));
    l.scalar_args.push_back(Cell{make_handle(kSpaceGlobal, static_cast<int64_t>(k))});
    outs.push_back(copy);
  }
  const std::unique_ptr<TileWatch> watch = make_watch(l, prog);
  l.watch = watch.get();
  std::vector<GroupResult> results;
  run_groups(l, results);
  finish(l, results);
  return outs;
}

}  // namespace tessera::interp::tile

namespace tessera::interp {

void kernel_TileLaunch(KernelCtx& ctx) { tile::launch_kernel(ctx); }

}  // namespace tessera::interp
