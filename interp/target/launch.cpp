// Target IR launches (`tessera_nvidia.launch` from Graph IR): binding, blocks of warps, barriers.
#include "interp/target/launch.h"

#include <algorithm>
#include <cstring>

#include <tbb/parallel_for.h>

#include "core/numerics/convert_array.h"
#include "core/ops/packed_i4.h"
#include "core/support/error.h"
#include "interp/target/sim.h"
#include "interp/tile/sim.h"

namespace tessera::interp::target {
namespace {

[[noreturn]] void fail_at(const SourceManager& sm, const ir::Op& op, const std::string& msg) {
  DiagnosticEngine d(&sm);
  d.op_error(op, msg, "");
  throw Error(d.render());
}

int esize_of(DType d) { return d == DType::index ? 8 : std::max(1, dtype_bits(d) / 8); }

/// A global buffer over a tensor (converted into owned storage when the executor widened it).
Buf global_buf(Tensor& t, DType want, std::string name, bool readonly) {
  Buf b;
  b.dt = want;
  b.esize = esize_of(want);
  b.numel = t.numel();
  b.shape = t.shape();
  b.space = kGlobal;
  b.readonly = readonly;
  b.name = std::move(name);
  if (ops::packed_i4_binding(t.dtype(), want, 1)) {  // tnv_launch_c3: the packed bytes
    b.numel = ops::packed_i4_bytes(t.numel());
    b.shape = {b.numel};
    b.data = t.bytes();
  } else if (t.dtype() == want) {
    b.data = t.bytes();
  } else {
    b.own.resize(static_cast<size_t>(b.numel * b.esize));
    num::convert_array(t.dtype(), t.bytes(), want, b.own.data(), static_cast<size_t>(b.numel), {});
    b.data = b.own.data();
  }
  return b;
}

void configure(Launch& l, const ir::Op& op, const SourceManager& sm) {
  auto g = op.attrs.get("grid") ? op.attrs.get("grid")->as_int_array() : std::nullopt;
  auto k = op.attrs.get("block") ? op.attrs.get("block")->as_int_array() : std::nullopt;
  if (!g || g->empty() || g->size() > 3 || !k || k->empty() || k->size() > 3)
    fail_at(sm, op, "needs 'grid' and 'block' of 1 to 3 positive sizes (tnv_launch_c2)");
  int64_t blocks = 1, threads = 1;
  for (size_t i = 0; i < g->size(); ++i) {
    l.grid[i] = (*g)[i];
    if (l.grid[i] < 1 || __builtin_mul_overflow(blocks, l.grid[i], &blocks) ||
        blocks > (int64_t{1} << 31))
      fail_at(sm, op, "the grid must hold 1 to 2^31 blocks (tnv_launch_c2)");
  }
  for (size_t i = 0; i < k->size(); ++i) {
    l.block[i] = (*k)[i];
    if (l.block[i] < 1 || l.block[i] > 1024 || (threads *= l.block[i]) > 1024)
      fail_at(sm, op, "a block holds 1 to 1024 threads (tnv_launch_c2)");
  }
  l.num_blocks = blocks;
  l.threads = static_cast<int32_t>(threads);
  l.warps = static_cast<int32_t>((threads + kWarp - 1) / kWarp);
}

/// Bytes one block holds: registers, shared and per-thread local buffers (saturating).
uint64_t block_bytes(const Launch& l) {
  const Program& p = *l.prog;
  unsigned __int128 n = static_cast<unsigned __int128>(p.num_slots) * kWarp * sizeof(Cell) *
                        static_cast<unsigned>(l.warps);
  for (const Alloc& a : p.allocs)
    n += static_cast<unsigned __int128>(a.numel) * static_cast<unsigned>(esize_of(a.dt)) *
         (a.space == kLocal ? static_cast<unsigned>(l.warps) * kWarp : 1u);
  return n > UINT64_MAX ? UINT64_MAX : static_cast<uint64_t>(n);
}

}  // namespace

void run_block(Launch& l, int64_t id, std::vector<std::string>& reports) {
  const Program& p = *l.prog;
  Block b;
  b.launch = &l;
  b.id = id;
  b.coord[0] = id % l.grid[0];
  b.coord[1] = (id / l.grid[0]) % l.grid[1];
  b.coord[2] = id / (l.grid[0] * l.grid[1]);
  std::vector<std::vector<std::byte>> storage(p.allocs.size());
  for (size_t k = 0; k < p.allocs.size(); ++k) {
    const Alloc& a = p.allocs[k];
    Buf buf;
    buf.dt = a.dt;
    buf.esize = esize_of(a.dt);
    buf.numel = a.numel;
    buf.shape = a.shape;
    buf.space = a.space;
    buf.name = (a.space == kShared ? "shared#" : "local#") + std::to_string(k);
    buf.own.assign(
        static_cast<size_t>(a.numel * buf.esize * (a.space == kLocal ? l.warps * kWarp : 1)),
        std::byte{0});
    buf.step = a.space == kLocal ? kWarp : 1;  // lane-interleaved (Buf)
    buf.data = buf.own.data();
    if (a.space == kShared && (l.opts.checks & (tile::kCheckRaces | tile::kCheckInit)))
      buf.shadow.resize(static_cast<size_t>(a.numel));
    if (a.space == kLocal && (l.opts.checks & tile::kCheckInit))
      buf.local_init.assign(static_cast<size_t>(a.numel * l.threads), 0);
    b.allocs.push_back(std::move(buf));
  }
  b.warps.resize(static_cast<size_t>(l.warps));
  for (int32_t k = 0; k < l.warps; ++k) {
    Warp& w = b.warps[static_cast<size_t>(k)];
    w.id = k;
    const int live = std::min(kWarp, l.threads - k * kWarp);
    w.active = live == kWarp ? kFull : (1u << live) - 1;
    w.exited = ~w.active;
    w.regs.assign(static_cast<size_t>(p.num_slots) * kWarp, Cell{});
    for (size_t a = 0; a < p.param_slots.size(); ++a) {
      Cell* r = w.reg(p.param_slots[a]);
      std::fill(r, r + kWarp, l.scalar_args[a]);
    }
  }
  // Warps run in order until each exits or waits at a bar.sync; then the barrier releases.
  auto finish = [&] {
    uint64_t steps = 0;
    for (const Warp& w : b.warps) steps += w.steps;
    reports.insert(reports.end(), b.reports.begin(), b.reports.end());
    if (l.steps.fetch_add(steps) + steps > l.opts.max_total_steps)
      fail_at(*l.sm, *p.func,
              "the launch ran more than " + std::to_string(l.opts.max_total_steps) +
                  " warp instructions (--max-steps)");
  };
  for (;;) {
    bool any = false;
    for (Warp& w : b.warps)
      if (!w.done) run_warp(b, w), any = true;
    if (!any) return finish();
    // Every live warp waits at one bar.sync and none has exited (as Tile IR's exec_m4).
    const Warp* gone = nullptr;
    for (const Warp& w : b.warps)
      if (w.done && !gone) gone = &w;
    const Warp* first = nullptr;
    for (Warp& w : b.warps) {
      if (w.done) continue;
      if (gone)
        fatal(b, w, p.code[static_cast<size_t>(w.pc - 1)],
              "warp " + std::to_string(gone->id) +
                  " exited while this warp waits at bar.sync (barrier divergence)");
      if (!first) first = &w;
      if (w.pc != first->pc)
        fatal(b, w, p.code[static_cast<size_t>(w.pc - 1)],
              "warps wait at different bar.sync instructions (warp " + std::to_string(first->id) +
                  " waits at line " +
                  std::to_string(p.code[static_cast<size_t>(first->pc - 1)].op->loc.line) + ")");
    }
    if (!first) return finish();
    ++b.epoch;  // every live warp waits at one bar.sync: the next barrier epoch begins
  }
}

void launch_kernel(KernelCtx& ctx) {
  const SourceManager& sm = *ctx.run.sm;
  const ir::Attr* callee = ctx.op.attrs.get("callee");
  const ir::Op* fn = callee ? ctx.run.lookup_func(callee->s) : nullptr;
  if (!fn || fn->regions.empty()) ctx.fail("callee not found (tnv_launch_c1)");
  Launch l;
  configure(l, ctx.op, sm);
  l.opts = ctx.run.tile;
  l.isa = active_isa();
  if (l.opts.budget) l.start = l.opts.budget->start;  // the run's clock (--time-limit)
  Program prog = decode(*fn, sm);
  l.prog = &prog;
  l.sm = &sm;
  const ir::Block& entry = fn->regions[0].front();
  const size_t nin = ctx.in.size();
  if (entry.args.size() != nin + ctx.out.size())
    ctx.fail("the launch does not bind the callee's parameters (tnv_launch_c3)");
  for (size_t k = 0; k < entry.args.size(); ++k) {
    const ir::Type& pt = entry.args[k]->type;
    Tensor t = k < nin ? *ctx.in[k] : *ctx.out[k - nin];
    if (k >= nin) std::memset(t.bytes(), 0, t.nbytes());
    if (pt.is_scalar()) {
      Buf one = global_buf(t, pt.dtype == DType::index ? DType::i64 : pt.dtype, "", true);
      l.scalar_args.push_back(load_elem(one, 0));
      l.globals.emplace_back();
      continue;
    }
    l.globals.push_back(global_buf(t, pt.dtype, "%" + entry.args[k]->name, k < nin));
    l.scalar_args.push_back(Cell{make_handle(kGlobal, static_cast<int64_t>(k))});
  }
  if (block_bytes(l) > std::min(l.opts.max_memory, ctx.run.max_memory))
    fail_at(sm, *fn,
            "a block needs " + std::to_string(block_bytes(l)) +
                " bytes, over the memory limit (--max-memory)");
  // Blocks run in parallel unless the kernel has atomics (then in block order, so that
  // integer atomics' old values do not depend on timing); the lowest failing block reports.
  std::vector<std::string> errors(static_cast<size_t>(l.num_blocks));
  std::vector<std::vector<std::string>> reports(static_cast<size_t>(l.num_blocks));
  auto one = [&](int64_t g) {
    try {
      run_block(l, g, reports[static_cast<size_t>(g)]);
    } catch (const Error& e) {
      errors[static_cast<size_t>(g)] = e.what();
    }
  };
  if (prog.has_atomics) {
    for (int64_t g = 0; g < l.num_blocks; ++g) {
      one(g);
      if (!errors[static_cast<size_t>(g)].empty()) break;
    }
  } else {
    tbb::parallel_for(int64_t{0}, l.num_blocks, one);
  }
  // Reports in block order (deterministic for any thread count), up to the first failing block.
  for (size_t g = 0; g < reports.size(); ++g) {
    if (l.opts.log)
      for (std::string& r : reports[g]) {
        ++l.opts.log->total;
        if (l.opts.log->reports.size() < l.opts.check_limit) l.opts.log->reports.push_back(r);
      }
    if (!errors[g].empty()) throw Error(errors[g]);
  }
  for (size_t k = 0; k < ctx.out.size(); ++k) {
    const Buf& b = l.globals[nin + k];
    if (b.data != ctx.out[k]->bytes())
      num::convert_array(b.dt, b.data, ctx.out[k]->dtype(), ctx.out[k]->bytes(),
                         static_cast<size_t>(b.numel), {});
  }
}

}  // namespace tessera::interp::target

namespace tessera::interp {

void kernel_TargetLaunch(KernelCtx& ctx) { target::launch_kernel(ctx); }

}  // namespace tessera::interp
