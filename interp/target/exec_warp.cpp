// Warp-synchronous Target IR ops (shfl.sync, vote.sync, ldmatrix, mma.sync) with their
// convergence checks, and the memory access helpers every op shares.
#include <bit>
#include <cstring>
#include <utility>

#include "core/numerics/convert.h"
#include "core/support/error.h"
#include "interp/target/sim.h"
#include "interp/tile/convert_cell.h"

namespace tessera::interp::target {

void fatal(const Block& b, const Warp& w, const Inst& in, const std::string& msg, int lane) {
  DiagnosticEngine d(b.launch->sm);
  std::string where = " (block " + std::to_string(b.id) + ", warp " + std::to_string(w.id);
  if (lane >= 0) where += ", lane " + std::to_string(lane);
  d.op_error(*in.op, msg + where + " of kernel @" + b.launch->prog->name + ")", "");
  throw Error(d.render());
}

Buf& buffer_of(Block& b, const Warp& w, const Inst& in, int64_t handle, int lane) {
  const int space = static_cast<int>((handle >> 32) & 0xff);
  const size_t id = static_cast<size_t>(handle & 0xffffffff);
  std::vector<Buf>& v = space == kGlobal ? b.launch->globals : b.allocs;
  if (id >= v.size() || v[id].data == nullptr)
    fatal(b, w, in, "the memref operand does not name a buffer", lane);
  return v[id];
}

Cell load_elem(const Buf& buf, int64_t i) {
  Cell c{};
  const std::byte* p = buf.data + i * buf.esize;
  switch (buf.dt) {
    case DType::f32:
      std::memcpy(&c.f, p, 4);
      return c;
    case DType::f64:
      std::memcpy(&c.d, p, 8);
      return c;
    case DType::f16:
    case DType::bf16:
    case DType::f8e4m3:
    case DType::f8e5m2:
    case DType::f6e2m3:
    case DType::f6e3m2:
    case DType::f4e2m1:
    case DType::e8m0: {  // widened to f32, a NaN keeping its pattern (tile/convert_cell.h)
      uint64_t bits = 0;
      std::memcpy(&bits, p, static_cast<size_t>(buf.esize));
      return tile::cell_from_bits(buf.dt, bits);
    }
    case DType::u16: {
      uint16_t v;
      std::memcpy(&v, p, 2);
      c.i = v;
      return c;
    }
    case DType::u32: {
      uint32_t v;
      std::memcpy(&v, p, 4);
      c.i = v;
      return c;
    }
    case DType::i1:
    case DType::u8:
      c.i = static_cast<int64_t>(std::to_integer<uint8_t>(*p)) & (buf.dt == DType::i1 ? 1 : 0xff);
      return c;
    case DType::i8:
      c.i = static_cast<int8_t>(std::to_integer<uint8_t>(*p));
      return c;
    case DType::i16: {
      int16_t v;
      std::memcpy(&v, p, 2);
      c.i = v;
      return c;
    }
    case DType::i32: {
      int32_t v;
      std::memcpy(&v, p, 4);
      c.i = v;
      return c;
    }
    default:
      std::memcpy(&c.i, p, 8);
      return c;
  }
}

void store_elem(Buf& buf, int64_t i, Cell v) {
  std::byte* p = buf.data + i * buf.esize;
  switch (buf.dt) {
    case DType::f32:
      std::memcpy(p, &v.f, 4);
      return;
    case DType::f64:
      std::memcpy(p, &v.d, 8);
      return;
    case DType::f16:
    case DType::bf16:
    case DType::f8e4m3:
    case DType::f8e5m2:
    case DType::f6e2m3:
    case DType::f6e3m2:
    case DType::f4e2m1:
    case DType::e8m0: {
      uint64_t bits = tile::bits_of_cell(buf.dt, v);
      std::memcpy(p, &bits, static_cast<size_t>(buf.esize));
      return;
    }
    default:
      std::memcpy(p, &v.i, static_cast<size_t>(buf.esize));  // little-endian truncation
      return;
  }
}

int64_t checked_index(Block& b, const Warp& w, const Inst& in, Buf& buf, int64_t i, int64_t n,
                      int lane, bool write) {
  // tnv_mem (run time): the n elements [i, i + n) lie in the buffer, i is a multiple of n.
  if (i < 0 || i > buf.numel - n)
    fatal(b, w, in,
          "out-of-bounds access: elements [" + std::to_string(i) + ", " + std::to_string(i + n) +
              ") of " + buf.name + " (" + std::to_string(buf.numel) + " elements)",
          lane);
  if (n > 1 && i % n != 0)
    fatal(b, w, in,
          "misaligned vector access: element " + std::to_string(i) + " of " + buf.name +
              " is not a multiple of the width " + std::to_string(n),
          lane);
  if (write && buf.readonly)
    fatal(b, w, in, "writes " + buf.name + ", a launch operand (read-only)", lane);
  if (!buf.shadow.empty()) shadow_access(b, w, in, buf, i, n, lane, write);
  // Local memory: `thread` numbers the element among all threads' copies, thread by thread
  // (the init shadow and reports); `at` is its physical place, lane-interleaved (Buf).
  const bool local = buf.space == kLocal;
  const int64_t thread = local ? (int64_t{w.id} * kWarp + lane) * buf.numel + i : i;
  const int64_t at = local ? (int64_t{w.id} * buf.numel + i) * kWarp + lane : i;
  if (!buf.local_init.empty()) local_init_access(b, w, in, buf, thread, n, lane, write);
  if (buf.pending > 0 && in.opc != Opc::kCpAsync)
    for (int64_t e = 0; e < n; ++e)
      if (buf.in_flight[static_cast<size_t>(at + e * buf.step)])
        fatal(b, w, in,
              std::string(write ? "writes" : "reads") + " element " + std::to_string(thread + e) +
                  " of " + buf.name + " while a cp.async to it is in flight (wait_group first)",
              lane);
  return at;
}

namespace {

std::string lanes_str(uint32_t m) {
  std::string s;
  for (uint32_t x = m; x; x &= x - 1)
    s += (s.empty() ? "" : ",") + std::to_string(std::countr_zero(x));
  return s;
}

/// tnv_sync (run time): the member mask is uniform over the executing lanes, names every
/// executing lane, names no exited lane, and every lane it names executes this op (converged).
uint32_t member_mask(Block& b, Warp& w, const Inst& in, int32_t slot) {
  const Cell* m = w.reg(slot);
  const int first = std::countr_zero(w.active);
  const uint32_t mask = static_cast<uint32_t>(m[first].i);
  for (uint32_t x = w.active; x; x &= x - 1) {
    int l = std::countr_zero(x);
    if (static_cast<uint32_t>(m[l].i) != mask)
      fatal(b, w, in, "lanes of the warp give different member masks", l);
  }
  if (w.active & ~mask)
    fatal(b, w, in,
          "executing lanes " + lanes_str(w.active & ~mask) + " are not in the member mask",
          std::countr_zero(w.active & ~mask));
  if (mask & w.exited)
    fatal(b, w, in, "the member mask names exited lanes " + lanes_str(mask & w.exited),
          std::countr_zero(mask & w.exited));
  if (mask & ~w.active)
    fatal(b, w, in,
          "member lanes " + lanes_str(mask & ~w.active) +
              " are not converged here (they do not execute this op)",
          std::countr_zero(mask & ~w.active));
  return mask;
}

/// ldmatrix and mma.sync are .aligned: every lane of the warp executes them together.
void require_whole_warp(Block& b, Warp& w, const Inst& in) {
  if (w.active == kFull) return;
  const uint32_t gone = w.exited & ~w.active, off = ~w.exited & ~w.active;
  if (gone)
    fatal(b, w, in, "needs all 32 lanes but lanes " + lanes_str(gone) + " have exited",
          std::countr_zero(gone));
  fatal(b, w, in, "needs all 32 lanes converged but lanes " + lanes_str(off) + " do not execute it",
        std::countr_zero(off));
}

}  // namespace

/// shfl.sync idx of a whole converged warp with a full member mask and one source lane: a
/// broadcast (what tile.mma lowers to).
bool shfl_broadcast(Warp& w, const Inst& in) {
  if (in.mode != 3 || w.active != kFull) return false;
  int64_t src = in.target;  // the decoder saw constant operands (imm 1)
  if (in.imm != 1) {
    const Cell *m = w.reg(in.c), *s = w.reg(in.b);
    src = s[0].i;
    int64_t diff = 0;
    for (int l = 0; l < kWarp; ++l) diff |= ((m[l].i ^ int64_t{kFull}) & kFull) | (s[l].i ^ src);
    if (diff) return false;
  }
  const Cell v = w.reg(in.a)[src & 31];
  Cell* d = w.reg(in.dst);
  for (int l = 0; l < kWarp; ++l) d[l] = v;
  return true;
}

void exec_shfl(Block& b, Warp& w, const Inst& in) {
  if (!w.active || shfl_broadcast(w, in)) return;
  const uint32_t mask = member_mask(b, w, in, in.c);
  const Cell *x = w.reg(in.a), *s = w.reg(in.b);
  Cell out[kWarp];
  for (uint32_t a = w.active; a; a &= a - 1) {
    const int l = std::countr_zero(a);
    const int64_t v = s[l].i;
    int64_t j = l;
    bool ok = true;
    switch (in.mode) {
      case 0:  // up: lane - v, valid when >= 0
        j = l - (v & 31);
        ok = j >= 0;
        break;
      case 1:  // down: lane + v, valid when <= 31
        j = l + (v & 31);
        ok = j <= 31;
        break;
      case 2:  // bfly: lane xor v
        j = l ^ (v & 31);
        break;
      default:  // idx: lane v
        j = v & 31;
        break;
    }
    if (!ok) j = l;
    if (!(mask >> j & 1))
      fatal(b, w, in, "reads lane " + std::to_string(j) + ", which is not in the member mask", l);
    out[l] = x[j];
  }
  Cell* d = w.reg(in.dst);
  for (uint32_t a = w.active; a; a &= a - 1) d[std::countr_zero(a)] = out[std::countr_zero(a)];
}

void exec_vote(Block& b, Warp& w, const Inst& in) {
  if (!w.active) return;
  const uint32_t mask = member_mask(b, w, in, in.b);
  const Cell* p = w.reg(in.a);
  uint32_t ballot = 0;
  for (uint32_t a = mask; a; a &= a - 1) {
    int l = std::countr_zero(a);
    if (p[l].i & 1) ballot |= 1u << l;
  }
  int64_t r = in.mode == 0   ? ballot == mask
              : in.mode == 1 ? ballot != 0
                             : static_cast<int32_t>(ballot);
  Cell* d = w.reg(in.dst);
  for (uint32_t a = w.active; a; a &= a - 1) d[std::countr_zero(a)].i = r;
}

void exec_ldmatrix(Block& b, Warp& w, const Inst& in) {
  require_whole_warp(b, w, in);
  const int num = static_cast<int>(in.imm & 0xff);
  const bool trans = in.mode != 0;
  const Cell *rows = w.reg(in.b), *cols = w.reg(in.c);
  const int64_t rcols = in.imm >> 8;  // the memref's row length (decode)
  // Matrix j, row r comes from the address lane j * 8 + r gives: 8 consecutive elements.
  float m[4][8][8];
  for (int j = 0; j < num; ++j)
    for (int r = 0; r < 8; ++r) {
      const int l = j * 8 + r;
      Buf& lb = buffer_of(b, w, in, w.reg(in.a)[l].i, l);
      const int64_t row = rows[l].i, col = cols[l].i;
      if (row < 0 || col < 0 || col > rcols - 8 || row >= lb.numel / rcols)
        fatal(b, w, in,
              "out-of-bounds access: row " + std::to_string(row) + ", columns [" +
                  std::to_string(col) + ", " + std::to_string(col + 8) + ") of " + lb.name,
              l);
      // PTX: each row address is 16-byte aligned (the 8 elements are one aligned vector).
      const int64_t i = checked_index(b, w, in, lb, row * rcols + col, 8, l, false);
      for (int c = 0; c < 8; ++c) m[j][r][c] = load_elem(lb, i + c * lb.step).f;
    }
  for (int l = 0; l < kWarp; ++l) {
    const int g = l >> 2, t = l & 3;
    for (int j = 0; j < num; ++j)
      for (int e = 0; e < 2; ++e) {
        float v = trans ? m[j][2 * t + e][g] : m[j][g][2 * t + e];
        w.reg(in.dst + 2 * j + e)[l].f = v;
      }
  }
}

void exec_mma(Block& b, Warp& w, const Inst& in) {
  using namespace ops::target;
  require_whole_warp(b, w, in);
  const auto shape = static_cast<MmaShape>(in.mode);
  const MmaInfo info = *mma_info(shape == MmaShape::m16n8k16  ? "m16n8k16"
                                 : shape == MmaShape::m16n8k8 ? "m16n8k8"
                                                              : "m16n8k32");
  const int K = info.k;
  float A[16 * 32], Bt[8 * 32], C[16 * 8];
  for (int l = 0; l < kWarp; ++l) {
    for (int i = 0; i < info.a_regs; ++i) {
      RowCol rc = mma_a_elem(shape, l, i);
      A[rc.row * K + rc.col] = w.reg(in.a + i)[l].f;
    }
    for (int i = 0; i < info.b_regs; ++i) {
      RowCol rc = mma_b_elem(shape, l, i);
      Bt[rc.col * K + rc.row] = w.reg(in.b + i)[l].f;
    }
    for (int i = 0; i < 4; ++i) {
      RowCol rc = mma_c_elem(l, i);
      C[rc.row * 8 + rc.col] = w.reg(in.c + i)[l].f;
    }
  }
  if (shape == MmaShape::m16n8k8)  // tf32: the low 13 fraction bits of each input are ignored
    for (auto [p, n] : {std::pair{A, 16 * K}, std::pair{Bt, 8 * K}})
      for (int i = 0; i < n; ++i)
        p[i] = std::bit_cast<float>(std::bit_cast<uint32_t>(p[i]) & 0xffffe000u);
  const num::AccumModel& model = b.launch->prog->models[static_cast<size_t>(in.target)];
  float D[16 * 8];
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 8; ++c)
      D[r * 8 + c] = num::accumulate(model, A + r * K, Bt + c * K, K, C[r * 8 + c]);
  for (int l = 0; l < kWarp; ++l)
    for (int i = 0; i < 4; ++i) {
      RowCol rc = mma_c_elem(l, i);
      w.reg(in.dst + i)[l].f = D[rc.row * 8 + rc.col];
    }
}

}  // namespace tessera::interp::target
