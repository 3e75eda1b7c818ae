// The per-tile interpreter loop: scalar arithmetic, control flow, scalar memory and atomics.
#include <atomic>
#include <cmath>
#include <limits>

#include "core/numerics/convert.h"
#include "core/numerics/expf.h"
#include "core/numerics/logf.h"
#include "core/support/error.h"
#include "interp/tile/exec_ops.h"
#include "interp/tile/memory.h"
#include "interp/tile/observe.h"

namespace tessera::interp::tile {
namespace {

/// A scalar integer op: operands and result in canonical form of `in.dt` (program.h).
int64_t ibin(GroupState& g, int32_t t, const Inst& in, int64_t a, int64_t b) {
  const Bin m = static_cast<Bin>(in.mode);
  if ((m == Bin::div || m == Bin::rem) && b == 0) division_by_zero(g, t, in, "");
  const int64_t r = int_bin(m, signed_int(a, in.dt), signed_int(b, in.dt), int_bits(in.dt));
  return canonical_int(r, in.dt);
}

/// Resolves the index operands of a scalar/vector access of `width` consecutive elements to a
/// logical element index, or -1 (after reporting) when any element is outside the buffer. Any
/// rank; every index is checked against its dimension before it is used, so nothing overflows.
int64_t resolve(GroupState& g, int32_t t, int32_t pc, const Inst& in, const Cell* R, Buffer& b,
                int64_t width) {
  const Program& p = *g.launch->prog;
  const int32_t* li = p.lists.data() + in.list;
  const size_t n = static_cast<size_t>(in.nlist);
  int64_t lin = 0;
  bool bad = n != b.shape.size() && !(n == 0 && b.numel == 1);
  for (size_t d = 0; d < n && !bad; ++d) {
    const int64_t i = R[li[d]].i, size = b.shape[d];
    // The last index starts `width` elements: i + width - 1 < size, written without overflow.
    const int64_t span = d + 1 == n ? width : 1;
    if (i < 0 || size < span || i > size - span)
      bad = true;
    else
      lin += i * b.strides[d];  // in bounds: at most numel - 1
  }
  if (!bad) return lin;
  std::vector<int64_t> idx(n);
  for (size_t d = 0; d < n; ++d) idx[d] = R[li[d]].i;
  std::string what = index_str(idx.data(), n);
  if (width > 1) what += " (width " + std::to_string(width) + ")";
  what += " outside " + index_str(b.shape.data(), b.shape.size());
  out_of_bounds(g, t, b, 0, pc, what);
  return -1;
}

template <typename T>
T atomic_apply(T* addr, T v, uint8_t mode, bool shared) {
  if (shared) {  // a group's tiles run on one worker: no other thread touches shared memory
    T old = *addr;
    *addr = mode == 0   ? static_cast<T>(old + v)
            : mode == 1 ? (v > old ? v : old)
                        : (v < old ? v : old);
    return old;
  }
  std::atomic_ref<T> ref(*addr);
  if constexpr (std::is_integral_v<T>) {
    if (mode == 0) {
      using U = std::make_unsigned_t<T>;
      std::atomic_ref<U> uref(*reinterpret_cast<U*>(addr));
      return static_cast<T>(uref.fetch_add(static_cast<U>(v)));
    }
  }
  T old = ref.load();
  for (;;) {
    T next = mode == 0   ? static_cast<T>(old + v)
             : mode == 1 ? (v > old ? v : old)
                         : (v < old ? v : old);
    if (ref.compare_exchange_weak(old, next)) return old;
  }
}

}  // namespace

void fatal(GroupState& g, int32_t t, const Inst& in, const std::string& msg) {
  DiagnosticEngine d(g.launch->sm);
  d.op_error(*in.op,
             msg + " (group " + std::to_string(g.id) + ", tile " + std::to_string(t) +
                 " of kernel @" + g.launch->prog->name + ")",
             "");
  throw Error(d.render());
}

void division_by_zero(GroupState& g, int32_t t, const Inst& in, const std::string& where) {
  fatal(g, t, in, "integer division by zero" + where);
}

float fexp(float x) { return num::expf(x); }

float flog_to(DType dt, float x) {
  return static_cast<float>(num::to_double(dt, num::from_double(dt, double(num::logf(x)))));
}

float fexp_to(DType dt, float x) {
  return static_cast<float>(num::to_double(dt, num::from_double(dt, double(num::expf(x)))));
}

namespace {

/// Scalar ids, arithmetic, comparisons, selects and casts: one instruction, no control flow.
[[gnu::always_inline]] inline void exec_scalar(GroupState& g, int32_t t, const Inst& in, Cell* R,
                                               float* A) {
  const Launch& l = *g.launch;
  switch (in.opc) {
    case Opc::kConst:
      std::memcpy(&R[in.dst], &in.imm, sizeof(Cell));
      return;
    case Opc::kMov:
      R[in.dst] = R[in.a];
      return;
    case Opc::kMovAgg:
      std::memcpy(A + in.dst, A + in.a, sizeof(float) * static_cast<size_t>(in.rows));
      return;
    case Opc::kLinearId:
      R[in.dst].i = g.id * l.tiles + t;
      return;
    case Opc::kGroupId:
      R[in.dst].i = g.coord[in.imm];
      return;
    case Opc::kLocalId:
      R[in.dst].i = t;
      return;
    case Opc::kGroupSize:
      R[in.dst].i = l.tiles;
      return;
    case Opc::kNumGroups:
      R[in.dst].i = l.grid[in.imm];
      return;
    case Opc::kLaneId:
      for (int32_t k = 0; k < in.rows; ++k) agg_set_i(A + in.dst + k, k);
      return;
    case Opc::kIBin:
      R[in.dst].i = ibin(g, t, in, R[in.a].i, R[in.b].i);
      return;
    case Opc::kFBin32:
      R[in.dst].f = fbin(static_cast<Bin>(in.mode), R[in.a].f, R[in.b].f);
      return;
    case Opc::kFBin64:
      R[in.dst].d = fbin(static_cast<Bin>(in.mode), R[in.a].d, R[in.b].d);
      return;
    case Opc::kABin:
      exec_abin(g, t, in, R, A);
      return;
    case Opc::kICmp:
      R[in.dst].i = int_cmp(in.mode, R[in.a].i, R[in.b].i, in.dt);
      return;
    case Opc::kFCmp:
      R[in.dst].i = in.dt == DType::f64 ? fcmp(in.mode, R[in.a].d, R[in.b].d)
                                        : fcmp(in.mode, R[in.a].f, R[in.b].f);
      return;
    case Opc::kACmp:
      exec_acmp(in, R, A);
      return;
    case Opc::kSelect:
      R[in.dst] = R[in.c].i ? R[in.a] : R[in.b];
      return;
    case Opc::kFma:  // one rounding, as std::fma (tile.fma)
      if (in.dt == DType::f64)
        R[in.dst].d = std::fma(R[in.a].d, R[in.b].d, R[in.c].d);
      else
        R[in.dst].f = std::fma(R[in.a].f, R[in.b].f, R[in.c].f);
      return;
    case Opc::kASelect:
      for (int32_t k = 0; k < in.rows; ++k) {
        bool c = in.bcast ? agg_i(A + in.c + k) != 0 : R[in.c].i != 0;
        A[in.dst + k] = c ? A[in.a + k] : A[in.b + k];
      }
      return;
    default:
      exec_unary(in, R, A);
      return;
  }
}

/// tile.load / tile.store of a scalar or a vector of in.cols consecutive elements.
void exec_load_store(GroupState& g, int32_t t, int32_t pc, const Inst& in, Cell* R, float* A) {
  Buffer& b = buffer_of(g, t, R[in.b].i);
  const bool vec = in.cols > 0;
  const int64_t w = vec ? in.cols : 1;
  const bool load = in.opc == Opc::kLoad;
  if (!load) check_writable(g, t, b, pc);
  const int64_t lin = resolve(g, t, pc, in, R, b, w);
  if (lin < 0) {  // reported (--check bounds): a load gives zeros, a store does nothing
    if (load && vec) std::fill(A + in.dst, A + in.dst + w, 0.0f);
    if (load && !vec) R[in.dst].i = 0;
    return;
  }
  const int32_t lanes = g.launch->lanes;
  for (int64_t k = 0; k < w; ++k) {
    const int64_t e = lin + k;
    if (shadowed(b))
      shadow_access(g, t, b, e, static_cast<int32_t>(k % lanes), pc,
                    load ? AccessKind::kRead : AccessKind::kWrite);
    const int64_t ph = b.phys(e);
    if (load && vec)
      A[in.dst + k] = load_agg(b, ph);
    else if (load)
      R[in.dst] = load_cell(b, ph);
    else if (vec)
      store_agg(b, ph, A[in.a + k]);
    else
      store_cell(b, ph, R[in.a]);
  }
}

/// tile.atomic_cas on the element at `at`: the old value.
Cell atomic_cas(DType dt, std::byte* at, Cell cmp, Cell val) {
  Cell old{};
  if (dt == DType::i32) {
    int32_t e = static_cast<int32_t>(cmp.i);
    std::atomic_ref<int32_t>(*reinterpret_cast<int32_t*>(at))
        .compare_exchange_strong(e, static_cast<int32_t>(val.i));
    old.i = e;
  } else if (dt == DType::i64) {
    int64_t e = cmp.i;
    std::atomic_ref<int64_t>(*reinterpret_cast<int64_t*>(at)).compare_exchange_strong(e, val.i);
    old.i = e;
  } else if (dt == DType::f32) {
    float e = cmp.f;
    std::atomic_ref<float>(*reinterpret_cast<float*>(at)).compare_exchange_strong(e, val.f);
    old.f = e;
  } else {
    double e = cmp.d;
    std::atomic_ref<double>(*reinterpret_cast<double*>(at)).compare_exchange_strong(e, val.d);
    old.d = e;
  }
  return old;
}

/// tile.atomic (add/max/min) and tile.atomic_cas.
void exec_atomic(GroupState& g, int32_t t, int32_t pc, const Inst& in, Cell* R) {
  Buffer& b = buffer_of(g, t, R[in.b].i);
  if (dtype_is_float(b.dt) && g.launch->opts.deterministic)
    fatal(g, t, in,
          "float atomics are refused in deterministic mode: their result depends "
          "on the order in which tiles and groups run (use an integer atomic or a "
          "reduction with a fixed order)");
  check_writable(g, t, b, pc);
  const int64_t lin = resolve(g, t, pc, in, R, b, 1);
  if (lin < 0) {
    R[in.dst].i = 0;
    return;
  }
  if (shadowed(b)) shadow_access(g, t, b, lin, 0, pc, AccessKind::kAtomic);
  std::byte* at = b.data + b.phys(lin) * b.esize;
  const bool sh = b.space != kSpaceGlobal;
  if (in.opc == Opc::kAtomicCas)
    R[in.dst] = atomic_cas(b.dt, at, R[in.a], R[in.c]);
  else if (b.dt == DType::i32)
    R[in.dst].i =
        atomic_apply(reinterpret_cast<int32_t*>(at), static_cast<int32_t>(R[in.a].i), in.mode, sh);
  else if (b.dt == DType::i64)
    R[in.dst].i = atomic_apply(reinterpret_cast<int64_t*>(at), R[in.a].i, in.mode, sh);
  else if (b.dt == DType::f32)
    R[in.dst].f = atomic_apply(reinterpret_cast<float*>(at), R[in.a].f, in.mode, sh);
  else
    R[in.dst].d = atomic_apply(reinterpret_cast<double*>(at), R[in.a].d, in.mode, sh);
}

/// Memory, synchronisation-free tile ops and collectives over a tile's registers.
void exec_memory_or_tile(GroupState& g, int32_t t, int32_t pc, const Inst& in, Cell* R, float* A) {
  switch (in.opc) {
    case Opc::kDim:
      R[in.dst].i = buffer_of(g, t, R[in.a].i).shape[static_cast<size_t>(in.imm)];
      return;
    case Opc::kLoad:
    case Opc::kStore:
      return exec_load_store(g, t, pc, in, R, A);
    case Opc::kAtomic:
    case Opc::kAtomicCas:
      return exec_atomic(g, t, pc, in, R);
    case Opc::kAllocShared:
      R[in.dst].i = make_handle(kSpaceShared, in.target);
      return;
    case Opc::kAllocLocal:
      R[in.dst].i = make_handle(kSpaceLocal, in.target);
      return;
    case Opc::kCommit: {
      TileState& ts = g.tiles[static_cast<size_t>(t)];
      ts.committed.push_back(std::move(ts.uncommitted));
      ts.uncommitted.clear();
      return;
    }
    case Opc::kLoadTile:
      return exec_load_tile(g, t, pc, in, R, A);
    case Opc::kStoreTile:
      return exec_store_tile(g, t, pc, in, R, A);
    default:
      return exec_collective(in, R, A);
  }
}

}  // namespace

void exec_unary(const Inst& in, Cell* R, float* A) {
  switch (in.opc) {
    case Opc::kIndexCast:  // sign-extends (i1 true is -1) or truncates, as MLIR's index_cast
      R[in.dst].i = canonical_int(signed_int(R[in.a].i, static_cast<DType>(in.mode)), in.dt);
      return;
    case Opc::kSIToFP: {
      const int64_t v = signed_int(R[in.a].i, static_cast<DType>(in.mode));
      if (in.dt == DType::f64)
        R[in.dst].d = static_cast<double>(v);
      else
        R[in.dst].f = static_cast<float>(v);
      return;
    }
    case Opc::kFPToSI: {
      const double v = static_cast<DType>(in.mode) == DType::f64 ? R[in.a].d : R[in.a].f;
      R[in.dst].i = canonical_int(fptosi_i64(v), in.dt);
      return;
    }
    case Opc::kNeg:
      if (in.dt == DType::f64)
        R[in.dst].d = -R[in.a].d;
      else
        R[in.dst].f = -R[in.a].f;
      return;
    case Opc::kANeg:
      for (int32_t k = 0; k < in.rows; ++k) A[in.dst + k] = -A[in.a + k];
      return;
    case Opc::kExp:
      R[in.dst].f = fexp(R[in.a].f);
      return;
    case Opc::kAExp:
      if (in.round_to_dt)
        for (int32_t k = 0; k < in.rows; ++k) A[in.dst + k] = fexp_to(in.dt, A[in.a + k]);
      else
        for (int32_t k = 0; k < in.rows; ++k) A[in.dst + k] = fexp(A[in.a + k]);
      return;
    case Opc::kLog:
      R[in.dst].f = num::logf(R[in.a].f);
      return;
    case Opc::kALog:
      if (in.round_to_dt)
        for (int32_t k = 0; k < in.rows; ++k) A[in.dst + k] = flog_to(in.dt, A[in.a + k]);
      else
        for (int32_t k = 0; k < in.rows; ++k) A[in.dst + k] = num::logf(A[in.a + k]);
      return;
    case Opc::kSqrt:  // IEEE square root: correctly rounded, as std::sqrt of a float (double)
      if (in.dt == DType::f64)
        R[in.dst].d = std::sqrt(R[in.a].d);
      else
        R[in.dst].f = std::sqrt(R[in.a].f);
      return;
    case Opc::kASqrt:
      for (int32_t k = 0; k < in.rows; ++k) A[in.dst + k] = std::sqrt(A[in.a + k]);
      return;
    default:
      if (exec_convert(in, R)) return;
      throw Error("internal: tile instruction " + std::to_string(int(in.opc)) +
                  " has no execution case");
  }
}

namespace {

/// The interpreter loop. `kWatch` (a launch observed by --probe, a numerics report or
/// --stop-on) adds the observation hooks around watched instructions; the unobserved loop is
/// compiled without them, so observation costs nothing when it is off.
template <bool kWatch>
RunStatus run_tile_loop(GroupState& g, int32_t t, uint64_t quantum) {
  Launch& l = *g.launch;
  const Program& p = *l.prog;
  TileState& ts = g.tiles[static_cast<size_t>(t)];
  Cell* R = ts.regs.data();
  float* A = ts.agg.data();
  const Inst* code = p.code.data();
  int32_t pc = ts.pc;
  uint64_t n = 0, lane_ops = 0, clock = ts.clock;
  RunStatus status = RunStatus::kQuantum;
  [[maybe_unused]] const int32_t* watched = nullptr;
  if constexpr (kWatch) watched = l.watch->first.data();
  for (; n < quantum;) {
    const Inst& in = code[pc];
    [[maybe_unused]] const int32_t at = pc;
    if constexpr (kWatch) {
      if (watched[at] >= 0) watch_before(g, t, at, R, A);
    }
    ++n;
    lane_ops += in.lane_ops;
    clock += in.cost;
    switch (in.opc) {
      case Opc::kExit:
        ts.done = true;
        status = RunStatus::kExited;
        goto out;
      case Opc::kJmp:
        pc = in.target;
        break;
      case Opc::kJmpIfNot:
        pc = R[in.a].i ? pc + 1 : in.target;
        break;
      case Opc::kForCheck:
        if (R[in.a].i <= 0)
          fatal(g, t, in, "scf.for step must be positive, got " + std::to_string(R[in.a].i));
        ++pc;
        break;
      case Opc::kForTest:
        pc = R[in.a].i < R[in.b].i ? pc + 1 : in.target;
        break;
      case Opc::kForInc:
        R[in.dst].i = static_cast<int64_t>(static_cast<uint64_t>(R[in.dst].i) +
                                           static_cast<uint64_t>(R[in.a].i));
        ++pc;
        break;
      case Opc::kBarrier:
        ts.waiting = true;
        status = RunStatus::kBarrier;
        goto out;
      case Opc::kCollective:  // a barrier of the whole launch on every rank (collectives.md)
        ts.waiting = true;
        ts.at_collective = true;
        status = RunStatus::kBarrier;
        goto out;
      case Opc::kWait:
        ts.clock = clock;
        complete_async(g, t, in.imm);
        ++pc;
        break;
      case Opc::kAsyncCopy:
        ts.clock = clock;
        exec_async_copy(g, t, pc, in, R);
        ++pc;
        break;
      case Opc::kMma:
        exec_mma(p, in, A);
        if (l.trace) g.out->trace.push_back({"mma", g.id, t, clock - in.cost, in.cost});
        ++pc;
        break;
      case Opc::kDim:
      case Opc::kLoad:
      case Opc::kStore:
      case Opc::kLoadTile:
      case Opc::kStoreTile:
      case Opc::kAllocShared:
      case Opc::kAllocLocal:
      case Opc::kCommit:
      case Opc::kAtomic:
      case Opc::kAtomicCas:
      case Opc::kReduce:
      case Opc::kRowMax:
      case Opc::kRowSum:
      case Opc::kCausalMask:
      case Opc::kFill:
      case Opc::kFillReg:
      case Opc::kRowBcast:
      case Opc::kShuffle:
      case Opc::kVote:
      case Opc::kWarpReduce:
        exec_memory_or_tile(g, t, pc, in, R, A);
        ++pc;
        break;
      default:  // scalar and elementwise ops (exec_scalar, exec_unary)
        exec_scalar(g, t, in, R, A);
        ++pc;
        break;
    }
    if constexpr (kWatch) {
      if (watched[at] >= 0) watch_after(g, t, at, R, A);
    }
  }
out:
  ts.pc = pc;
  ts.clock = clock;
  g.out->lane_ops += lane_ops;
  g.out->instructions += n;
  g.steps += n;
  // exec_m5 (docs/tile-ir.md): at most max_steps instructions per group.
  if (g.steps > l.opts.max_steps)
    fatal(g, t, code[pc],
          "step limit exceeded: more than " + std::to_string(l.opts.max_steps) +
              " instructions in one group (an endless loop?); raise it with --max-group-steps");
  charge_budget(g, n, lane_ops);
  return status;
}

}  // namespace

RunStatus run_tile(GroupState& g, int32_t t, uint64_t quantum) {
  return g.launch->watch ? run_tile_loop<true>(g, t, quantum) : run_tile_loop<false>(g, t, quantum);
}

}  // namespace tessera::interp::tile
