// Tile-collective instructions: elementwise tiles, 2-D loads/stores, async copies, reductions,
// masks and warp primitives (mma: mma.cpp).
#include <algorithm>
#include <cstring>

#include "core/numerics/accumulate.h"
#include "core/numerics/fast_paths.h"
#include "core/support/error.h"
#include "interp/tile/exec_ops.h"
#include "interp/tile/memory.h"

namespace tessera::interp::tile {
namespace {

template <typename F>
void apply_bin(const Inst& in, const Cell* R, float* A, F f) {
  float* d = A + in.dst;
  const int64_t n = int64_t(in.rows) * in.cols;
  switch (static_cast<Bcast>(in.bcast)) {
    case Bcast::same: {
      const float *a = A + in.a, *b = A + in.b;
      for (int64_t k = 0; k < n; ++k) d[k] = f(a[k], b[k]);
      return;
    }
    case Bcast::agg_scalar: {
      const float* a = A + in.a;
      const float s = R[in.b].f;
      for (int64_t k = 0; k < n; ++k) d[k] = f(a[k], s);
      return;
    }
    case Bcast::scalar_agg: {
      const float* b = A + in.b;
      const float s = R[in.a].f;
      for (int64_t k = 0; k < n; ++k) d[k] = f(s, b[k]);
      return;
    }
    case Bcast::rows_left: {
      const float *a = A + in.a, *b = A + in.b;
      for (int32_t r = 0; r < in.rows; ++r)
        for (int32_t c = 0; c < in.cols; ++c) d[r * in.cols + c] = f(a[r * in.cols + c], b[r]);
      return;
    }
    case Bcast::rows_right: {
      const float *a = A + in.a, *b = A + in.b;
      for (int32_t r = 0; r < in.rows; ++r)
        for (int32_t c = 0; c < in.cols; ++c) d[r * in.cols + c] = f(a[r], b[r * in.cols + c]);
      return;
    }
  }
}

/// Integer tiles keep int32 bits in the float arena (canonical form, program.h); scalar
/// operands are int64 registers narrowed to the tile's 32-bit cells.
template <typename F>
void apply_ibin(const Inst& in, const Cell* R, float* A, F f) {
  Inst tmp = in;
  Cell r2[1];
  const Bcast bc = static_cast<Bcast>(in.bcast);
  if (bc == Bcast::agg_scalar) {
    agg_set_i(&r2[0].f, static_cast<int32_t>(R[in.b].i));
    tmp.b = 0;
  } else if (bc == Bcast::scalar_agg) {
    agg_set_i(&r2[0].f, static_cast<int32_t>(R[in.a].i));
    tmp.a = 0;
  }
  const Cell* src = bc == Bcast::agg_scalar || bc == Bcast::scalar_agg ? r2 : R;
  apply_bin(tmp, src, A, [&](float x, float y) {
    float r;
    agg_set_i(&r, f(agg_i(&x), agg_i(&y)));
    return r;
  });
}

/// Stops the run when a divisor of an integer tile division is zero (as the scalar ops do),
/// naming the first such element in row-major order and its lane (k mod L, exec_m2).
void check_divisors(GroupState& g, int32_t t, const Inst& in, const Cell* R, const float* A) {
  const int64_t n = int64_t(in.rows) * in.cols;
  int64_t bad = -1;
  switch (static_cast<Bcast>(in.bcast)) {
    case Bcast::agg_scalar:
      if (static_cast<int32_t>(R[in.b].i) == 0) bad = 0;
      break;
    case Bcast::rows_left:  // divisor b[r] for all of row r
      for (int32_t r = 0; r < in.rows && bad < 0; ++r)
        if (agg_i(A + in.b + r) == 0) bad = int64_t(r) * in.cols;
      break;
    default:  // one divisor per element
      for (int64_t k = 0; k < n && bad < 0; ++k)
        if (agg_i(A + in.b + k) == 0) bad = k;
      break;
  }
  if (bad < 0) return;
  const std::vector<int64_t>& shape = in.op->result()->type.shape;
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(), rest = size_t(bad); d-- > 0;) {
    idx[d] = int64_t(rest % size_t(shape[d]));
    rest /= size_t(shape[d]);
  }
  division_by_zero(g, t, in,
                   " in element " + index_str(idx.data(), idx.size()) + " (lane " +
                       std::to_string(bad % g.launch->lanes) + ")");
}

/// acc = op(acc, x[k]) for k = 0 .. n-1 in order, op a sum (mode 0), max (1) or min (2). A sum
/// on a bf16/f16 tile (`round`) rounds acc to `dt` after every addition: the f32 sum of two such
/// values rounds to the same value as the exact sum. Max and min of such values are exact.
float fold(uint8_t mode, bool round, DType dt, float acc, const float* x, int32_t n) {
  if (mode == 0) {
    if (round)
      for (int32_t k = 0; k < n; ++k) acc = num::round_to_accum(acc + x[k], dt);
    else
      for (int32_t k = 0; k < n; ++k) acc += x[k];
    return acc;
  }
  const Bin m = mode == 1 ? Bin::max : Bin::min;
  for (int32_t k = 0; k < n; ++k) acc = fbin(m, acc, x[k]);
  return acc;
}

}  // namespace

void round_cells(DType dt, float* p, int64_t n) {
  if (dt == DType::bf16) {
    // Bit-identical to num::from_float<num::BF16> (fast_paths.h); widening back is exact.
    for (int64_t k = 0; k < n; ++k) {
      const uint16_t h = num::fast::f32_to_bf16<false, false>(num::f32_bits(p[k]));
      p[k] = num::f32_from_bits(uint32_t(h) << 16);
    }
  } else if (dt == DType::f16) {
    for (int64_t k = 0; k < n; ++k) p[k] = num::round_to_accum(p[k], DType::f16);
  }
}

void exec_abin(GroupState& g, int32_t t, const Inst& in, const Cell* R, float* A) {
  const Bin m = static_cast<Bin>(in.mode);
  if (!dtype_is_float(in.dt)) {
    if (m == Bin::div || m == Bin::rem) check_divisors(g, t, in, R, A);
    if (in.dt == DType::i1) {  // one signed bit: true is -1; the cell keeps 0/1
      apply_ibin(in, R, A, [m](int32_t a, int32_t b) {
        const int32_t r = int_bin(m, signed_int(a, DType::i1), signed_int(b, DType::i1), 1);
        return canonical_int(r, DType::i1);
      });
    } else {
      apply_ibin(in, R, A, [m](int32_t a, int32_t b) { return int_bin(m, a, b, 32); });
    }
    return;
  }
  switch (m) {
    case Bin::add:
      apply_bin(in, R, A, [](float a, float b) { return a + b; });
      break;
    case Bin::sub:
      apply_bin(in, R, A, [](float a, float b) { return a - b; });
      break;
    case Bin::mul:
      apply_bin(in, R, A, [](float a, float b) { return a * b; });
      break;
    case Bin::div:
      apply_bin(in, R, A, [](float a, float b) { return a / b; });
      break;
    default:
      apply_bin(in, R, A, [m](float a, float b) { return fbin(m, a, b); });
      break;
  }
  // bf16/f16: the f32 result of one +, -, *, / of two such values rounds to the same value as
  // the exact result would (f32 has more than 2p + 2 bits), so this is one rounding per op.
  if (in.round_to_dt) round_cells(in.dt, A + in.dst, int64_t(in.rows) * in.cols);
}

void exec_acmp(const Inst& in, const Cell* R, float* A) {
  auto bits = [](bool v) {
    float f;
    agg_set_i(&f, v);
    return f;
  };
  if (dtype_is_float(in.dt)) {
    apply_bin(in, R, A, [&](float a, float b) { return bits(fcmp(in.mode, a, b)); });
  } else {
    apply_ibin(in, R, A, [&](int32_t a, int32_t b) {
      return static_cast<int32_t>(int_cmp(in.mode, a, b, in.dt));
    });
  }
}

namespace {

/// The origin of a 2-D window: base offset of the leading indices, first row and column.
struct Window {
  int64_t base = 0, r0 = 0, c0 = 0, rows = 0, cols = 0, rstride = 0;
  bool lead_ok = true;
};

/// Reads the window's indices (one per dimension of `b`). A leading index is used only when it
/// lies inside its dimension, so the base offset never overflows.
Window window(const Program& p, const Inst& in, const Cell* R, const Buffer& b) {
  Window w;
  const int32_t* li = p.lists.data() + in.list;
  const size_t rank = b.shape.size();
  for (size_t d = 0; d + 2 < rank; ++d) {
    const int64_t i = R[li[d]].i;
    if (i < 0 || i >= b.shape[d])
      w.lead_ok = false;
    else
      w.base += i * b.strides[d];
  }
  w.r0 = R[li[rank - 2]].i;
  w.c0 = R[li[rank - 1]].i;
  w.rows = b.shape[rank - 2];
  w.cols = b.shape[rank - 1];
  w.rstride = b.strides[rank - 2];
  return w;
}

/// Position origin + off inside [0, size): `pos` is set unless the sum overflows.
bool in_dim(int64_t origin, int32_t off, int64_t size, int64_t& pos) {
  if (__builtin_add_overflow(origin, int64_t{off}, &pos)) return false;
  return pos >= 0 && pos < size;
}

/// "origin+off" when origin + off does not fit in 64 bits, else the sum.
std::string pos_str(int64_t origin, int32_t off) {
  int64_t pos;
  if (__builtin_add_overflow(origin, int64_t{off}, &pos))
    return std::to_string(origin) + "+" + std::to_string(off);
  return std::to_string(pos);
}

/// The out-of-bounds message of element (i, j) of the window.
std::string window_outside(const Program& p, const Inst& in, const Cell* R, const Buffer& b,
                           const Window& w, int32_t i, int32_t j) {
  const int32_t* li = p.lists.data() + in.list;
  const size_t rank = b.shape.size();
  std::string at = "[", origin = "[";
  for (size_t d = 0; d < rank; ++d) {
    const std::string sep = d ? ", " : "";
    origin += sep + std::to_string(R[li[d]].i);
    at += sep + (d + 2 == rank   ? pos_str(w.r0, i)
                 : d + 1 == rank ? pos_str(w.c0, j)
                                 : std::to_string(R[li[d]].i));
  }
  return at + "] outside " + index_str(b.shape.data(), rank) + " (window " +
         std::to_string(in.rows) + "x" + std::to_string(in.cols) + " at " + origin + "])";
}

/// Visits every element (i, j) of an rows x cols window: in(i, j) says whether it is inside.
/// Reports the first outside element once when the access is not masked.
template <typename F>
void for_window(GroupState& g, int32_t t, int32_t pc, const Inst& in, const Cell* R,
                const Buffer& b, const Window& w, F f) {
  bool reported = false;
  const int32_t lanes = g.launch->lanes;
  int32_t lane = -1;
  for (int32_t i = 0; i < in.rows; ++i) {
    int64_t r = 0, c = 0;
    const bool row_ok = w.lead_ok && in_dim(w.r0, i, w.rows, r);
    for (int32_t j = 0; j < in.cols; ++j) {
      const bool inside = row_ok && in_dim(w.c0, j, w.cols, c);
      if (++lane == lanes) lane = 0;  // element k of the window belongs to lane k mod L
      if (!inside && !in.bcast && !reported) {
        reported = true;
        out_of_bounds(g, t, b, lane, pc, window_outside(*g.launch->prog, in, R, b, w, i, j));
      }
      f(i, j, inside, inside ? w.base + r * w.rstride + c : -1, lane);
    }
  }
}

bool fully_inside(const Window& w, const Inst& in) {  // written so that nothing overflows
  return w.lead_ok && w.r0 >= 0 && w.c0 >= 0 && w.r0 <= w.rows - in.rows &&
         w.c0 <= w.cols - in.cols;
}

/// Copies a fully-inside f32 window between an unchecked buffer and registers `reg` (rows x cols,
/// row-major) without per-element work: whole rows for plain or padded buffers, runs of one
/// swizzle chunk (contiguous in both layouts) for swizzled shared buffers (for_phys_runs). Returns
/// false when the buffer needs the general element-by-element path.
bool copy_window_f32(Buffer& b, const Window& w, const Inst& in, float* reg, bool to_buffer) {
  if (shadowed(b) || b.dt != DType::f32 || !fully_inside(w, in)) return false;
  auto* data = reinterpret_cast<float*>(b.data);
  for (int32_t i = 0; i < in.rows; ++i) {
    float* r = reg + int64_t(i) * in.cols;
    for_phys_runs(b, w.base + (w.r0 + i) * w.rstride + w.c0, in.cols,
                  [&](int64_t off, int64_t phys, int64_t n) {
                    if (to_buffer)
                      copy_run(data + phys, r + off, size_t(n) * sizeof(float));
                    else
                      copy_run(r + off, data + phys, size_t(n) * sizeof(float));
                  });
  }
  return true;
}

}  // namespace

void exec_load_tile(GroupState& g, int32_t t, int32_t pc, const Inst& in, const Cell* R, float* A) {
  Buffer& b = buffer_of(g, t, R[in.b].i);
  Window w = window(*g.launch->prog, in, R, b);
  float* d = A + in.dst;
  if (copy_window_f32(b, w, in, d, false)) return;
  const float pad = imm_cell(in);  // in the element type (decode)
  for_window(g, t, pc, in, R, b, w,
             [&](int32_t i, int32_t j, bool inside, int64_t e, int32_t lane) {
               float& out = d[int64_t(i) * in.cols + j];
               if (!inside) {
                 out = pad;
                 return;
               }
               if (shadowed(b)) shadow_access(g, t, b, e, lane, pc, AccessKind::kRead);
               out = load_agg(b, b.phys(e));
             });
}

void exec_store_tile(GroupState& g, int32_t t, int32_t pc, const Inst& in, const Cell* R,
                     const float* A) {
  Buffer& b = buffer_of(g, t, R[in.b].i);
  check_writable(g, t, b, pc);
  Window w = window(*g.launch->prog, in, R, b);
  const float* s = A + in.a;
  if (copy_window_f32(b, w, in, const_cast<float*>(s), true)) return;
  for_window(g, t, pc, in, R, b, w,
             [&](int32_t i, int32_t j, bool inside, int64_t e, int32_t lane) {
               if (!inside) return;
               if (shadowed(b)) shadow_access(g, t, b, e, lane, pc, AccessKind::kWrite);
               store_agg(b, b.phys(e), s[int64_t(i) * in.cols + j]);
             });
}

void exec_async_copy(GroupState& g, int32_t t, int32_t pc, const Inst& in, const Cell* R) {
  Buffer& src = buffer_of(g, t, R[in.a].i);
  Buffer& dst = buffer_of(g, t, R[in.b].i);
  TileState& ts = g.tiles[static_cast<size_t>(t)];
  Window w = window(*g.launch->prog, in, R, src);
  PendingCopy pcopy;
  pcopy.inst = pc;
  pcopy.dst_buf = static_cast<int32_t>(handle_id(R[in.b].i));
  pcopy.esize = src.esize;
  pcopy.issue_time = ts.clock;
  const size_t n = size_t(in.rows) * size_t(in.cols);
  if (!ts.spare_staged.empty()) {
    pcopy.staged = std::move(ts.spare_staged.back());
    ts.spare_staged.pop_back();
  }
  pcopy.staged.assign(n * size_t(src.esize), std::byte{0});
  if (src.plain && !shadowed(src) && fully_inside(w, in)) {
    // Fast path: whole rows of a plain, unchecked source (same bytes as the loop below).
    const size_t row_bytes = size_t(in.cols) * size_t(src.esize);
    for (int32_t i = 0; i < in.rows; ++i)
      std::memcpy(pcopy.staged.data() + size_t(i) * row_bytes,
                  src.data + (w.base + (w.r0 + i) * w.rstride + w.c0) * src.esize, row_bytes);
  } else {
    for_window(g, t, pc, in, R, src, w,
               [&](int32_t i, int32_t j, bool inside, int64_t e, int32_t lane) {
                 const size_t k = size_t(i) * size_t(in.cols) + size_t(j);
                 if (!inside) return;  // zero fill
                 if (shadowed(src)) shadow_access(g, t, src, e, lane, pc, AccessKind::kRead);
                 std::memcpy(pcopy.staged.data() + k * size_t(src.esize),
                             src.data + src.phys(e) * src.esize, size_t(src.esize));
               });
  }
  if (shadowed(dst) && (g.launch->opts.checks & kCheckAsync)) {
    for (size_t k = 0; k < n; ++k)
      async_issue(g, t, dst, int64_t(k), static_cast<int32_t>(k % size_t(g.launch->lanes)), pc);
  }
  ts.uncommitted.push_back(std::move(pcopy));
}

/// Largest staging buffer a tile keeps for reuse after its copy completed.
constexpr size_t kSpareStagedBytes = size_t{64} << 10;

void complete_async(GroupState& g, int32_t t, int64_t keep) {
  TileState& ts = g.tiles[static_cast<size_t>(t)];
  while (static_cast<int64_t>(ts.committed.size()) > keep) {
    for (PendingCopy& c : ts.committed.front()) {
      Buffer& dst = g.shared.at(static_cast<size_t>(c.dst_buf));
      const int64_t n = static_cast<int64_t>(c.staged.size() / size_t(c.esize));
      if (!shadowed(dst)) {
        // Fast path: an unchecked destination takes the staged bytes run by run (whole rows, or
        // one swizzle chunk at a time), the bytes the per-element loop below writes.
        for_phys_runs(dst, 0, n, [&](int64_t off, int64_t phys, int64_t len) {
          copy_run(dst.data + phys * dst.esize, c.staged.data() + off * c.esize,
                   size_t(len) * size_t(c.esize));
        });
      } else {
        for (int64_t e = 0; e < n; ++e) {
          async_land(g, t, dst, e, static_cast<int32_t>(e % g.launch->lanes), c.inst);
          std::memcpy(dst.data + dst.phys(e) * dst.esize, c.staged.data() + e * c.esize,
                      size_t(c.esize));
        }
      }
      if (g.launch->trace)
        g.out->trace.push_back({"async_copy", g.id, t, c.issue_time, ts.clock - c.issue_time});
      // A few small ones only: a kept buffer must not change what --max-memory admits.
      if (ts.spare_staged.size() < 4 && c.staged.capacity() <= kSpareStagedBytes)
        ts.spare_staged.push_back(std::move(c.staged));
    }
    ts.committed.erase(ts.committed.begin());
  }
}

void exec_collective(const Inst& in, Cell* R, float* A) {
  const float* a = A + in.a;
  float* d = A + in.dst;
  switch (in.opc) {
    case Opc::kReduce:
      R[in.dst].f = fold(in.mode, in.round_to_dt, in.dt, a[0], a + 1, in.rows - 1);
      return;
    case Opc::kRowMax:
    case Opc::kRowSum: {
      const uint8_t mode = in.opc == Opc::kRowSum ? 0 : 1;
      for (int32_t i = 0; i < in.rows; ++i) {
        const float* row = a + size_t(i) * in.cols;
        float acc;
        int32_t j0 = 0;
        if (in.b >= 0) {
          acc = A[in.b + i];
        } else {
          acc = row[0];
          j0 = 1;
        }
        d[i] = fold(mode, in.round_to_dt, in.dt, acc, row + j0, in.cols - j0);
      }
      return;
    }
    case Opc::kCausalMask: {
      const int64_t r0 = R[in.b].i, c0 = R[in.c].i;
      const float v = static_cast<float>(in.fimm);
      for (int32_t i = 0; i < in.rows; ++i)
        for (int32_t j = 0; j < in.cols; ++j) {
          const size_t k = size_t(i) * in.cols + j;
          d[k] = __int128{c0} + j > __int128{r0} + i ? v : a[k];  // exact for any index
        }
      return;
    }
    case Opc::kFill:
    case Opc::kFillReg: {
      float v;
      if (in.opc == Opc::kFill)
        v = imm_cell(in);  // already in the element type (decode)
      else if (!dtype_is_float(in.dt))
        agg_set_i(&v, static_cast<int32_t>(R[in.a].i));  // canonical scalar, narrowed
      else
        v = R[in.a].f;  // an f32 register: f32 tiles only (scalar registers are not bf16/f16)
      std::fill(d, d + in.rows, v);
      return;
    }
    case Opc::kRowBcast:
      for (int32_t i = 0; i < in.rows; ++i) std::fill(d + i * in.cols, d + (i + 1) * in.cols, a[i]);
      return;
    case Opc::kShuffle: {
      const int32_t L = in.rows;
      thread_local std::vector<float> tmp;  // scratch: no run state (rewritten before use)
      tmp.assign(a, a + L);
      for (int32_t l = 0; l < L; ++l) {
        int64_t s = in.bcast ? agg_i(A + in.b + l) : R[in.b].i;
        int64_t src = in.mode == 0 ? s : in.mode == 1 ? (l ^ s) : in.mode == 2 ? l - s : l + s;
        d[l] = src >= 0 && src < L ? tmp[size_t(src)] : tmp[size_t(l)];
      }
      return;
    }
    case Opc::kVote: {
      bool all = true, any = false;
      int64_t ballot = 0;
      for (int32_t l = 0; l < in.rows; ++l) {
        bool v = (agg_i(a + l) & 1) != 0;
        all &= v;
        any |= v;
        if (v && l < 64) ballot |= int64_t{1} << l;  // ballot needs L <= 64 (warp_c2)
      }
      R[in.dst].i = in.mode == 0 ? any : in.mode == 1 ? all : ballot;
      return;
    }
    case Opc::kWarpReduce: {
      if (in.dt == DType::i32) {
        int32_t acc = agg_i(a);
        for (int32_t l = 1; l < in.rows; ++l) {
          int32_t v = agg_i(a + l);
          acc = in.mode == 0   ? static_cast<int32_t>(uint32_t(acc) + uint32_t(v))
                : in.mode == 1 ? std::max(acc, v)
                               : std::min(acc, v);
        }
        R[in.dst].i = acc;
      } else {
        R[in.dst].f = fold(in.mode, in.round_to_dt, in.dt, a[0], a + 1, in.rows - 1);
      }
      return;
    }
    default:  // run_tile routes only the opcodes above here
      throw Error("internal: tile instruction " + std::to_string(int(in.opc)) +
                  " has no execution case");
  }
}

}  // namespace tessera::interp::tile
