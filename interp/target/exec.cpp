// The Target IR warp executor: one instruction at a time over 32 lanes (SIMD), masked by the
// warp's active lanes; memory, async copies and atomics (docs/ops/target/README.md).
#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/numerics/convert.h"
#include "core/numerics/expf.h"
#include "core/numerics/logf.h"
#include "core/support/error.h"
#include "interp/graph/isa.h"
#include "interp/graph/vexp.h"
#include "interp/target/exec_convert.h"
#include "interp/target/exec_fused.h"
#include "interp/target/sim.h"
#include "interp/tile/exec_ops.h"

namespace tessera::interp::target {
namespace {

using tile::Bin;
using tile::fbin;

/// Calls f(lane) for every lane of mask m, in increasing lane order.
template <class F>
inline void each(uint32_t m, F&& f) {
  if (m == kFull) {
    for (int l = 0; l < kWarp; ++l) f(l);
  } else {
    for (uint32_t x = m; x; x &= x - 1) f(std::countr_zero(x));
  }
}

/// d[l] = f(l) for all 32 lanes, as whole cells (the f32 bits zero-extended, as a load
/// leaves them): whole-cell stores let the compiler vectorise the loop.
template <class F>
inline void warp_f32(Cell* d, F&& f) {
  for (int l = 0; l < kWarp; ++l) d[l].i = static_cast<int64_t>(std::bit_cast<uint32_t>(f(l)));
}

int64_t ibin(Bin b, int64_t x, int64_t y) {
  const uint64_t ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
  switch (b) {
    case Bin::add:
      return static_cast<int64_t>(ux + uy);
    case Bin::sub:
      return static_cast<int64_t>(ux - uy);
    case Bin::mul:
      return static_cast<int64_t>(ux * uy);
    case Bin::div:
      return x == std::numeric_limits<int64_t>::min() && y == -1 ? x : x / y;
    case Bin::rem:
      return y == -1 ? 0 : x % y;
    case Bin::min:
      return x < y ? x : y;
    case Bin::max:
      return x < y ? y : x;
    case Bin::band:
      return x & y;
    case Bin::bor:
      return x | y;
    case Bin::bxor:
      return x ^ y;
    case Bin::shl:
      return y < 0 || y >= 64 ? 0 : static_cast<int64_t>(ux << y);
    case Bin::shr:
      return y < 0 || y >= 64 ? (x < 0 ? -1 : 0) : x >> y;
  }
  return 0;
}

/// divsi / remsi of a whole warp by one positive power of two (address arithmetic): shifts,
/// rounding toward zero as ibin does. False (nothing written) for any other divisor.
bool div_pow2(Bin op, Cell* d, const Cell* x, const Cell* y) {
  const int64_t v = y[0].i;
  int64_t diff = 0;
  for (int l = 0; l < kWarp; ++l) diff |= y[l].i ^ v;
  if (diff || v <= 0 || (v & (v - 1)) != 0) return false;
  const int s = std::countr_zero(static_cast<uint64_t>(v));
  for (int l = 0; l < kWarp; ++l) {
    const int64_t q = (x[l].i + ((x[l].i >> 63) & (v - 1))) >> s;
    d[l].i =
        op == Bin::div
            ? q
            : static_cast<int64_t>(static_cast<uint64_t>(x[l].i) - (static_cast<uint64_t>(q) << s));
  }
  return true;
}

/// add, sub, mul, and, or, xor of index or i64 values over a whole warp (two's complement, no
/// canonicalisation needed at 64 bits), and divsi / remsi by a uniform power of two (any
/// integer type); false (nothing done) otherwise.
[[gnu::always_inline]] inline bool index_bin(Warp& w, const Inst& in) {
  if (w.active != kFull) return false;
  Cell* d = w.reg(in.dst);
  const Cell *x = w.reg(in.a), *y = w.reg(in.b);
  const Bin op = static_cast<Bin>(in.mode);
  if (op == Bin::div || op == Bin::rem) return in.dt != DType::i1 && div_pow2(op, d, x, y);
  if (in.dt != DType::index && in.dt != DType::i64) return false;
  auto each64 = [&](auto f) {
    for (int l = 0; l < kWarp; ++l)
      d[l].i =
          static_cast<int64_t>(f(static_cast<uint64_t>(x[l].i), static_cast<uint64_t>(y[l].i)));
  };
  switch (op) {
    case Bin::add:
      each64([](uint64_t p, uint64_t q) { return p + q; });
      return true;
    case Bin::sub:
      each64([](uint64_t p, uint64_t q) { return p - q; });
      return true;
    case Bin::mul:
      each64([](uint64_t p, uint64_t q) { return p * q; });
      return true;
    case Bin::band:
      each64([](uint64_t p, uint64_t q) { return p & q; });
      return true;
    case Bin::bor:
      each64([](uint64_t p, uint64_t q) { return p | q; });
      return true;
    case Bin::bxor:
      each64([](uint64_t p, uint64_t q) { return p ^ q; });
      return true;
    default:
      return false;
  }
}

/// Integer comparison of sign-extended values (unsigned order is kept by sign extension).
bool icmp(uint8_t c, int64_t x, int64_t y) {
  if (c & tile::kUnsigned)
    return tile::compare_ordered(c, static_cast<uint64_t>(x), static_cast<uint64_t>(y));
  return tile::compare_ordered(c, x, y);
}

int64_t sreg(const Block& b, const Warp& w, uint8_t mode, int lane) {
  const Launch& l = *b.launch;
  const int64_t lin = int64_t{w.id} * kWarp + lane;
  switch (mode) {
    case kTid + 0:
      return lin % l.block[0];
    case kTid + 1:
      return (lin / l.block[0]) % l.block[1];
    case kTid + 2:
      return lin / (l.block[0] * l.block[1]);
    case kLaneId:
      return lane;
    case kWarpId:
      return w.id;
    default:
      break;
  }
  if (mode >= kNtid && mode < kNtid + 3) return l.block[mode - kNtid];
  if (mode >= kCtaid && mode < kCtaid + 3) return b.coord[mode - kCtaid];
  return l.grid[mode - kNctaid];
}

/// The copies of `group` land in their destinations: a write by warp `w` at its wait `pc`, in
/// the current barrier epoch (for the races and init sanitizers).
void land(Block& b, const Warp& w, std::vector<Copy>& group, int32_t pc) {
  for (Copy& c : group) {
    std::byte* to = c.dst->data + c.index * c.dst->esize;
    if (c.dst->esize == 4) {  // the common case, with a constant-size copy
      const auto bits = static_cast<uint32_t>(c.bits);
      std::memcpy(to, &bits, 4);
    } else {
      std::memcpy(to, &c.bits, static_cast<size_t>(c.dst->esize));
    }
    --c.dst->in_flight[static_cast<size_t>(c.index)];
    --c.dst->pending;
    if (!c.dst->shadow.empty()) {
      Shadow& s = c.dst->shadow[static_cast<size_t>(c.index)];
      s.init = true;
      s.w_warp = static_cast<int16_t>(w.id);
      s.w_epoch = b.epoch;
      s.w_pc = pc;
      s.w_step = w.steps;
      s.w_lane = 0;
    }
  }
  group.clear();
}

/// Elements `buf` holds: local buffers one copy per thread of each (whole) warp.
size_t physical_size(const Block& b, const Buf& buf) {
  return static_cast<size_t>(buf.numel * (buf.space == kLocal ? b.launch->warps * kWarp : 1));
}

/// The fast path of memory ops: a whole warp addressing one buffer (handle uniform over the
/// lanes) with no sanitizer state, no copy in flight (unless `copy`: cp.async may target or
/// read elements in flight) and every run of n elements in bounds and aligned. Returns the
/// buffer and the per-lane physical element indices in `at`, or nullptr (nothing done) when any
/// of that fails; the checked lane-by-lane path then runs and reports.
[[gnu::always_inline]] inline Buf* fast_buffer(Block& b, const Warp& w, int32_t handle,
                                               int32_t index, int64_t n, bool write, bool copy,
                                               int64_t (&at)[kWarp]) {
  if (w.active != kFull) return nullptr;
  const Cell *h = w.reg(handle), *x = w.reg(index);
  const int64_t h0 = h[0].i;
  int64_t diff = 0;
  for (int l = 0; l < kWarp; ++l) diff |= h[l].i ^ h0;
  if (diff) return nullptr;
  const int space = static_cast<int>((h0 >> 32) & 0xff);
  const size_t id = static_cast<size_t>(h0 & 0xffffffff);
  std::vector<Buf>& v = space == kGlobal ? b.launch->globals : b.allocs;
  if (id >= v.size()) return nullptr;
  Buf& buf = v[id];
  if (!buf.data || !buf.shadow.empty() || !buf.local_init.empty() || (buf.pending > 0 && !copy) ||
      (write && buf.readonly) || n < 1 || buf.numel < n)
    return nullptr;
  // tnv_mem: 0 <= i <= numel - n and i a multiple of n, for every lane at once (sign bits).
  const int64_t last = buf.numel - n;
  int64_t out = 0;
  for (int l = 0; l < kWarp; ++l)
    out |=
        x[l].i | static_cast<int64_t>(static_cast<uint64_t>(last) - static_cast<uint64_t>(x[l].i));
  if (out < 0) return nullptr;
  if (n > 1) {
    int64_t mis = 0;
    if ((n & (n - 1)) == 0)
      for (int l = 0; l < kWarp; ++l) mis |= x[l].i & (n - 1);
    else
      for (int l = 0; l < kWarp; ++l) mis |= x[l].i % n;
    if (mis) return nullptr;
  }
  if (buf.space == kLocal) {  // lane-interleaved (Buf)
    const int64_t base = int64_t{w.id} * buf.numel;
    for (int l = 0; l < kWarp; ++l) at[l] = (base + x[l].i) * kWarp + l;
  } else {
    for (int l = 0; l < kWarp; ++l) at[l] = x[l].i;
  }
  return &buf;
}

/// cp.async of a whole warp without src_size between two buffers of one element size, on the
/// fast path (see fast_buffer): the copies read their source now and land at the wait.
bool cp_async_fast(Block& b, Warp& w, const Inst& in) {
  int64_t si[kWarp], di[kWarp];
  if (in.e >= 0) return false;
  Buf* src = fast_buffer(b, w, in.a, in.b, 1, false, true, si);
  if (!src || in.imm % src->esize != 0) return false;
  const int64_t n = in.imm / src->esize;
  if (n != 1) src = fast_buffer(b, w, in.a, in.b, n, false, true, si);  // (and aligned)
  Buf* dst = src ? fast_buffer(b, w, in.c, in.d, n, true, true, di) : nullptr;
  if (!dst || dst->esize != src->esize) return false;
  if (dst->in_flight.empty()) dst->in_flight.assign(physical_size(b, *dst), 0);
  const size_t first = w.uncommitted.size();
  w.uncommitted.resize(first + static_cast<size_t>(n * kWarp));
  Copy* c = w.uncommitted.data() + first;
  uint16_t* flight = dst->in_flight.data();
  if (n == 1 && src->esize == 4) {  // the common case: the 32 source reads first, together
    uint32_t bits[kWarp];
    const auto* from = reinterpret_cast<const uint32_t*>(src->data);
    for (int l = 0; l < kWarp; ++l) bits[l] = from[si[l]];
    for (int l = 0; l < kWarp; ++l) c[l] = Copy{dst, di[l], bits[l]};
    for (int l = 0; l < kWarp; ++l) ++flight[di[l]];
  } else {
    for (int l = 0; l < kWarp; ++l)
      for (int64_t e = 0; e < n; ++e, ++c) {
        c->dst = dst;
        c->index = di[l] + e * dst->step;
        std::memcpy(&c->bits, src->data + (si[l] + e * src->step) * src->esize,
                    static_cast<size_t>(src->esize));
        ++flight[c->index];
      }
  }
  dst->pending += n * kWarp;
  return true;
}

void exec_cp_async(Block& b, Warp& w, const Inst& in) {
  if (cp_async_fast(b, w, in)) return;
  const int64_t bytes = in.imm;
  each(w.active, [&](int l) {
    Buf& src = buffer_of(b, w, in, w.reg(in.a)[l].i, l);
    Buf& dst = buffer_of(b, w, in, w.reg(in.c)[l].i, l);
    const int64_t n = bytes / src.esize;
    // tnv_cp_c2 (run time): src_size bytes are read, the rest of the copy is zero-filled; with
    // src_size = 0 the source is not accessed (its index is not checked).
    const int64_t src_size = in.e >= 0 ? w.reg(in.e)[l].i : bytes;
    if (src_size < 0 || src_size > bytes || src_size % src.esize != 0)
      fatal(b, w, in,
            "cp.async src_size " + std::to_string(src_size) + " is not a multiple of " +
                std::to_string(src.esize) + " in [0, " + std::to_string(bytes) + "]",
            l);
    const int64_t k = src_size / src.esize;
    int64_t si = k > 0 ? checked_index(b, w, in, src, w.reg(in.b)[l].i, k, l, false) : 0;
    int64_t di = checked_index(b, w, in, dst, w.reg(in.d)[l].i, n, l, true);
    for (int64_t e = 0; e < n; ++e) {
      Copy c{&dst, di + e * dst.step, 0};
      if (e < k)
        std::memcpy(&c.bits, src.data + (si + e * src.step) * src.esize,
                    static_cast<size_t>(src.esize));
      if (dst.in_flight.empty()) dst.in_flight.assign(physical_size(b, dst), 0);
      ++dst.in_flight[static_cast<size_t>(c.index)];
      ++dst.pending;
      w.uncommitted.push_back(c);
    }
  });
}

void exec_atom(Block& b, Warp& w, const Inst& in) {
  Cell* dst = w.reg(in.dst);
  each(w.active, [&](int l) {
    Buf& buf = buffer_of(b, w, in, w.reg(in.b)[l].i, l);
    if (buf.dt == DType::f32 && b.launch->opts.deterministic && (in.mode == 0 || in.mode == 4))
      fatal(b, w, in,
            std::string("float atomic ") + (in.mode == 0 ? "add" : "cas") +
                " is refused in deterministic mode: its result depends on the order in which "
                "threads run",
            l);
    int64_t i = checked_index(b, w, in, buf, w.reg(in.c)[l].i, 1, l, true);
    Cell old = load_elem(buf, i), v = w.reg(in.a)[l], nv = v;
    if (in.mode == 4) {  // cas: compares the stored bits (-0 and +0 differ, a NaN matches itself)
      const Cell cmp = w.reg(in.d)[l];
      const bool eq = buf.dt == DType::f32
                          ? std::bit_cast<uint32_t>(old.f) == std::bit_cast<uint32_t>(cmp.f)
                          : old.i == cmp.i;
      if (!eq) nv = old;
    }
    if (buf.dt == DType::f32) {
      if (in.mode == 0) nv.f = old.f + v.f;
      if (in.mode == 1) nv.f = fbin(Bin::min, old.f, v.f);
      if (in.mode == 2) nv.f = fbin(Bin::max, old.f, v.f);
    } else {
      if (in.mode == 0) nv.i = tile::canonical_int(old.i + v.i, DType::i32);
      if (in.mode == 1) nv.i = std::min(old.i, v.i);
      if (in.mode == 2) nv.i = std::max(old.i, v.i);
    }
    store_elem(buf, i, nv);
    dst[l] = old;
  });
}

/// A whole warp's static access (decoded: an allocation at a constant index, in bounds and
/// aligned) when the buffer has no sanitizer state and no copy in flight: its lanes' physical
/// indices in `at`; else nullptr.
Buf* static_buffer(Block& b, const Warp& w, const Inst& in, int64_t (&at)[kWarp]) {
  if (in.target <= 0 || w.active != kFull) return nullptr;
  Buf& buf = b.allocs[static_cast<size_t>(in.target - 1)];
  if (!buf.shadow.empty() || !buf.local_init.empty() || buf.pending > 0) return nullptr;
  if (buf.space == kLocal) {  // lane-interleaved (Buf): 32 consecutive elements
    const int64_t base = (int64_t{w.id} * buf.numel + in.imm) * kWarp;
    for (int l = 0; l < kWarp; ++l) at[l] = base + l;
  } else {
    for (int l = 0; l < kWarp; ++l) at[l] = in.imm;
  }
  return &buf;
}

/// True when lane l's element is at[0] + l for every lane (32 consecutive elements).
inline bool consecutive(const int64_t (&at)[kWarp]) {
  int64_t diff = 0;
  for (int l = 0; l < kWarp; ++l) diff |= at[l] ^ (at[0] + l);
  return diff == 0;
}

void exec_ld(Block& b, Warp& w, const Inst& in) {
  int64_t at[kWarp];
  Buf* fast = static_buffer(b, w, in, at);
  if (!fast) fast = fast_buffer(b, w, in.a, in.b, in.w, false, false, at);
  if (Buf* buf = fast) {
    for (int e = 0; e < in.w; ++e) {
      Cell* d = w.reg(in.dst + e);
      if (buf->dt == DType::f32) {
        const float* p = reinterpret_cast<const float*>(buf->data) + e * buf->step;
        if (consecutive(at)) {  // 32 neighbouring elements (local memory, a row)
          float v[kWarp];
          std::memcpy(v, p + at[0], sizeof v);
          for (int l = 0; l < kWarp; ++l)
            d[l].i = static_cast<int64_t>(std::bit_cast<uint32_t>(v[l]));
          continue;
        }
        for (int l = 0; l < kWarp; ++l)
          d[l].i = static_cast<int64_t>(std::bit_cast<uint32_t>(p[at[l]]));
      } else {
        for (int l = 0; l < kWarp; ++l) d[l] = load_elem(*buf, at[l] + e * buf->step);
      }
    }
    return;
  }
  each(w.active, [&](int l) {
    Buf& buf = buffer_of(b, w, in, w.reg(in.a)[l].i, l);
    int64_t i = checked_index(b, w, in, buf, w.reg(in.b)[l].i, in.w, l, false);
    for (int e = 0; e < in.w; ++e) w.reg(in.dst + e)[l] = load_elem(buf, i + e * buf.step);
  });
}

void exec_st(Block& b, Warp& w, const Inst& in) {
  int64_t at[kWarp];
  Buf* fast = static_buffer(b, w, in, at);
  if (!fast) fast = fast_buffer(b, w, in.b, in.c, in.w, true, false, at);
  if (Buf* buf = fast) {
    // Lanes store in increasing order (the last lane wins where two address one element).
    if (buf->dt == DType::f32) {
      float* p = reinterpret_cast<float*>(buf->data);
      const bool run = consecutive(at);  // 32 neighbouring elements (local memory, a row)
      for (int e = 0; e < in.w; ++e) {
        const Cell* v = w.reg(in.a + e);
        if (run) {
          float f[kWarp];
          for (int l = 0; l < kWarp; ++l) f[l] = v[l].f;
          std::memcpy(p + at[0] + e * buf->step, f, sizeof f);
          continue;
        }
        for (int l = 0; l < kWarp; ++l) p[at[l] + e * buf->step] = v[l].f;
      }
      return;
    }
    for (int l = 0; l < kWarp; ++l)
      for (int e = 0; e < in.w; ++e) store_elem(*buf, at[l] + e * buf->step, w.reg(in.a + e)[l]);
    return;
  }
  each(w.active, [&](int l) {
    Buf& buf = buffer_of(b, w, in, w.reg(in.b)[l].i, l);
    int64_t i = checked_index(b, w, in, buf, w.reg(in.c)[l].i, in.w, l, true);
    for (int e = 0; e < in.w; ++e) store_elem(buf, i + e * buf.step, w.reg(in.a + e)[l]);
  });
}

/// Arithmetic and moves: one operation over the active lanes.
void exec_alu(Block& b, Warp& w, const Inst& in) {
  Cell* d = w.reg(in.dst);
  const Cell* x = in.a >= 0 ? w.reg(in.a) : nullptr;
  const Cell* y = in.b >= 0 ? w.reg(in.b) : nullptr;
  const Cell* z = in.c >= 0 ? w.reg(in.c) : nullptr;
  const uint32_t m = w.active;
  switch (in.opc) {
    case Opc::kConst: {
      Cell c;
      std::memcpy(&c, &in.imm, sizeof c);
      each(m, [&](int l) { d[l] = c; });
      return;
    }
    case Opc::kMov:
      if (m == kFull) {  // the w slots of a value are consecutive
        std::memmove(d, x, sizeof(Cell) * kWarp * static_cast<size_t>(in.w));
        return;
      }
      for (int e = 0; e < in.w; ++e) {
        Cell* de = w.reg(in.dst + e);
        const Cell* xe = w.reg(in.a + e);
        each(m, [&](int l) { de[l] = xe[l]; });
      }
      return;
    case Opc::kSreg:
      each(m, [&](int l) { d[l].i = sreg(b, w, in.mode, l); });
      return;
    case Opc::kIBin: {
      const Bin op = static_cast<Bin>(in.mode);
      // Fast path of index arithmetic over a whole warp: add and mul on 64-bit values.
      if (m == kFull && (in.dt == DType::index || in.dt == DType::i64) &&
          (op == Bin::add || op == Bin::mul)) {
        if (op == Bin::add)
          for (int l = 0; l < kWarp; ++l)
            d[l].i =
                static_cast<int64_t>(static_cast<uint64_t>(x[l].i) + static_cast<uint64_t>(y[l].i));
        else
          for (int l = 0; l < kWarp; ++l)
            d[l].i =
                static_cast<int64_t>(static_cast<uint64_t>(x[l].i) * static_cast<uint64_t>(y[l].i));
        return;
      }
      if (m == kFull && (op == Bin::div || op == Bin::rem) && in.dt != DType::i1 &&
          div_pow2(op, d, x, y))
        return;
      each(m, [&](int l) {
        if ((op == Bin::div || op == Bin::rem) && y[l].i == 0)
          fatal(b, w, in, "integer division by zero", l);
        d[l].i = tile::canonical_int(
            ibin(op, tile::signed_int(x[l].i, in.dt), tile::signed_int(y[l].i, in.dt)), in.dt);
      });
      return;
    }
    case Opc::kFBin: {
      const Bin op = static_cast<Bin>(in.mode);
      if (in.dt == DType::f64)
        each(m, [&](int l) { d[l].d = fbin(op, x[l].d, y[l].d); });
      else if (m == kFull && op == Bin::add)
        warp_f32(d, [&](int l) { return x[l].f + y[l].f; });
      else if (m == kFull && op == Bin::sub)
        warp_f32(d, [&](int l) { return x[l].f - y[l].f; });
      else if (m == kFull && op == Bin::mul)
        warp_f32(d, [&](int l) { return x[l].f * y[l].f; });
      else if (m == kFull && op == Bin::div)
        warp_f32(d, [&](int l) { return x[l].f / y[l].f; });
      else if (m == kFull)
        warp_f32(d, [&](int l) { return fbin(op, x[l].f, y[l].f); });
      else
        each(m, [&](int l) { d[l].f = fbin(op, x[l].f, y[l].f); });
      return;
    }
    case Opc::kICmp:
      each(m, [&](int l) {
        d[l].i = icmp(in.mode, tile::signed_int(x[l].i, in.dt), tile::signed_int(y[l].i, in.dt));
      });
      return;
    case Opc::kFCmp:
      if (in.dt == DType::f64)
        each(m, [&](int l) { d[l].i = tile::fcmp(in.mode, x[l].d, y[l].d); });
      else
        each(m, [&](int l) { d[l].i = tile::fcmp(in.mode, x[l].f, y[l].f); });
      return;
    case Opc::kSelect:
      for (int e = 0; e < in.w; ++e) {
        Cell* de = w.reg(in.dst + e);
        const Cell* ye = w.reg(in.b + e);
        const Cell* ze = w.reg(in.c + e);
        each(m, [&](int l) { de[l] = x[l].i ? ye[l] : ze[l]; });
      }
      return;
    case Opc::kIndexCast:
      each(m, [&](int l) { d[l].i = tile::canonical_int(x[l].i, in.dt); });
      return;
    case Opc::kSIToFP:
      if (in.dt == DType::f64)
        each(m, [&](int l) { d[l].d = static_cast<double>(x[l].i); });
      else
        each(m, [&](int l) { d[l].f = static_cast<float>(x[l].i); });
      return;
    case Opc::kFPToSI:
      each(m, [&](int l) {
        // The spec's result for NaN and out-of-range values, as at Tile IR.
        const double v = static_cast<DType>(in.imm) == DType::f64 ? x[l].d : x[l].f;
        d[l].i = tile::canonical_int(tile::fptosi_i64(v), in.dt);
      });
      return;
    case Opc::kNegF:
      if (in.dt == DType::f64)
        each(m, [&](int l) { d[l].d = -x[l].d; });
      else
        each(m, [&](int l) { d[l].f = -x[l].f; });
      return;
    case Opc::kFma:
      if (m == kFull && in.dt == DType::f32) {
        warp_f32(d, [&](int l) { return std::fmaf(x[l].f, y[l].f, z[l].f); });
        return;
      }
      if (in.dt == DType::f64)
        each(m, [&](int l) { d[l].d = std::fma(x[l].d, y[l].d, z[l].d); });
      else
        each(m, [&](int l) { d[l].f = std::fmaf(x[l].f, y[l].f, z[l].f); });
      return;
    case Opc::kSqrtF:  // sqrt.rn.f32 / .f64: correctly rounded, as tile.sqrt
      if (in.dt == DType::f64)
        each(m, [&](int l) { d[l].d = std::sqrt(x[l].d); });
      else
        each(m, [&](int l) { d[l].f = std::sqrt(x[l].f); });
      return;
    case Opc::kExp:      // as tile.exp: the spec's expf (core/numerics/expf.h)
      if (m == kFull) {  // the vector exp, bit for bit num::expf (interp/graph/vexp.h)
        float v[kWarp];
        for (int l = 0; l < kWarp; ++l) v[l] = x[l].f;
        exp_f32(v, v, kWarp, b.launch->isa);
        warp_f32(d, [&](int l) { return v[l]; });
        return;
      }
      each(m, [&](int l) { d[l].f = num::expf(x[l].f); });
      return;
    case Opc::kLog:  // as tile.log: the spec's logf (core/numerics/logf.h)
      each(m, [&](int l) { d[l].f = num::logf(x[l].f); });
      return;
    case Opc::kDim:
      each(m, [&](int l) {
        const Buf& buf = buffer_of(b, w, in, x[l].i, l);
        d[l].i = buf.shape.at(static_cast<size_t>(in.imm));
      });
      return;
    case Opc::kAlloc:
      each(m, [&](int l) { d[l].i = make_handle(static_cast<int>(in.imm), in.target); });
      return;
    default:
      exec_convert(w, in);
      return;
  }
}

}  // namespace

void run_warp(Block& b, Warp& w) {
  const Program& p = *b.launch->prog;
  const TileDebugOptions& o = b.launch->opts;
  const uint64_t max_steps = std::min(o.max_steps, o.max_total_steps);
  w.at_barrier = false;
  uint64_t next_check = (w.steps | 0xfffff) + 1;  // of the time limit: every 2^20 steps
  while (!w.done) {
    const Inst& in = p.code[static_cast<size_t>(w.pc)];
    if (++w.steps > max_steps)
      fatal(b, w, in,
            "warp ran more than " + std::to_string(max_steps) +
                " instructions (a runaway loop? raise --max-group-steps / --max-steps)");
    if (w.steps >= next_check) {
      next_check = w.steps + 0x100000;
      if (o.time_limit > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - b.launch->start)
                  .count() > o.time_limit)
        fatal(b, w, in, "the run exceeded --time-limit " + std::to_string(o.time_limit) + " s");
    }
    ++w.pc;
    switch (in.opc) {
      case Opc::kJmp:
        w.pc = in.target;
        break;
      case Opc::kIfBegin: {
        w.stack.push_back(w.active);
        uint32_t p1 = 0;
        const Cell* c = w.reg(in.a);
        each(w.active, [&](int l) { p1 |= (c[l].i & 1) ? 1u << l : 0u; });
        w.active = p1;
        if (!w.active) w.pc = in.target;
        break;
      }
      case Opc::kElse: {
        uint32_t p1 = 0;
        const uint32_t top = w.stack.back() & ~w.exited;
        const Cell* c = w.reg(in.a);
        each(top, [&](int l) { p1 |= (c[l].i & 1) ? 0u : 1u << l; });
        w.active = p1;
        if (!w.active) w.pc = in.target;
        break;
      }
      case Opc::kPush:
        w.stack.push_back(w.active);
        break;
      case Opc::kPop:
        w.active = w.stack.back() & ~w.exited;
        w.stack.pop_back();
        break;
      case Opc::kForTest: {
        uint32_t keep = 0;
        const Cell *iv = w.reg(in.a), *ub = w.reg(in.b);
        each(w.active, [&](int l) { keep |= iv[l].i < ub[l].i ? 1u << l : 0u; });
        w.active = keep;
        if (!w.active) w.pc = in.target;
        break;
      }
      case Opc::kWhileTest: {
        uint32_t keep = 0;
        const Cell* c = w.reg(in.a);
        each(w.active, [&](int l) { keep |= (c[l].i & 1) ? 1u << l : 0u; });
        w.active = keep;
        if (!w.active) w.pc = in.target;
        break;
      }
      case Opc::kExit:
        w.exited |= w.active;
        w.active = 0;
        break;
      case Opc::kRet:
        w.exited = kFull;
        w.active = 0;
        w.done = true;
        for (auto& g : w.committed) land(b, w, g, w.pc - 1);  // copies never waited for land
        w.committed.clear();
        land(b, w, w.uncommitted, w.pc - 1);
        break;
      case Opc::kBar:
        if (!w.active) break;
        if (w.active != (~w.exited & kFull))
          fatal(b, w, in,
                "bar.sync reached by lanes " + std::to_string(w.active) +
                    " (mask) while live "
                    "lanes " +
                    std::to_string(~w.exited & ~w.active) +
                    " are elsewhere (barrier "
                    "divergence)",
                std::countr_zero(~w.exited & ~w.active));
        w.at_barrier = true;
        return;
      case Opc::kLd:
        exec_ld(b, w, in);
        break;
      case Opc::kSt:
        exec_st(b, w, in);
        break;
      case Opc::kCpAsync:
        exec_cp_async(b, w, in);
        break;
      case Opc::kCommit:
        if (w.active) {
          w.committed.push_back(std::move(w.uncommitted));
          w.uncommitted = std::move(w.spare);  // a landed group's storage, reused
          w.uncommitted.clear();
        }
        break;
      case Opc::kWait:
        while (w.active && static_cast<int64_t>(w.committed.size()) > in.imm) {
          land(b, w, w.committed.front(), w.pc - 1);
          w.spare = std::move(w.committed.front());
          w.committed.erase(w.committed.begin());
        }
        break;
      case Opc::kAtom:
        exec_atom(b, w, in);
        break;
      case Opc::kShfl:
        if (in.imm == 1 && w.active == kFull) {  // decoded constant-lane broadcast
          const Cell v = w.reg(in.a)[in.target];
          Cell* d = w.reg(in.dst);
          for (int l = 0; l < kWarp; ++l) d[l] = v;
        } else {
          exec_shfl(b, w, in);
        }
        break;
      case Opc::kShflFma:  // each absorbed instruction counts as a step of its own
        if (!fused_run(b, w, p.code.data(), in, max_steps)) exec_shfl(b, w, in);
        break;
      case Opc::kLdShflFma:
        if (!fused_run(b, w, p.code.data(), in, max_steps)) exec_ld(b, w, in);
        break;
      case Opc::kVote:
        exec_vote(b, w, in);
        break;
      case Opc::kLdmatrix:
        exec_ldmatrix(b, w, in);
        break;
      case Opc::kMma:
        exec_mma(b, w, in);
        break;
      case Opc::kFma:  // the inner product loops' op: whole warps without the call
        if (w.active == kFull && in.dt == DType::f32) {
          const Cell *x = w.reg(in.a), *y = w.reg(in.b), *z = w.reg(in.c);
          warp_f32(w.reg(in.dst), [&](int l) { return std::fmaf(x[l].f, y[l].f, z[l].f); });
        } else {
          exec_alu(b, w, in);
        }
        break;
      case Opc::kMov:  // loop entries and yields: one slot of a whole warp without the call
        if (w.active == kFull && in.w == 1) {
          Cell* d = w.reg(in.dst);
          const Cell* x = w.reg(in.a);
          if (d != x) std::memcpy(d, x, sizeof(Cell) * kWarp);  // one slot: x's or apart
        } else {
          exec_alu(b, w, in);
        }
        break;
      case Opc::kIBin:  // address arithmetic: whole warps of 64-bit values without the call
        if (!index_bin(w, in)) exec_alu(b, w, in);
        break;
      default:
        exec_alu(b, w, in);
        break;
    }
  }
}

}  // namespace tessera::interp::target
