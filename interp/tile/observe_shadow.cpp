// --shadow f64 inside tile kernels. Each tile keeps the f64 shadow of the values its watched ops
// produced (keyed by SSA value, valid while the value's cells are unchanged); an operand without
// one (a load, a constant, a loop-carried value, an op without an f64 evaluation) is exact as it
// is, as a function argument is in Graph IR. The errors of one tile are summed in its execution
// order; tiles and groups are merged in order (observe.cpp), so the figures do not depend on
// threads or the schedule.
#include "interp/tile/observe_shadow.h"

#include <bit>
#include <cmath>
#include <cstring>

#include "interp/numerics/shadow.h"
#include "interp/tile/exec_ops.h"

namespace tessera::interp::tile {
namespace {

/// The shadow of operand `v` of tile t if its cells still hold what it shadows, else null.
const double* shadow_of(GroupResult& out, int32_t t, const ir::Value* v, const float* cells,
                        int64_t n) {
  if (!v) return nullptr;
  auto& m = out.shadows[static_cast<size_t>(t)];
  const auto it = m.find(v);
  if (it == m.end() || it->second.actual.size() != static_cast<size_t>(n) ||
      std::memcmp(it->second.actual.data(), cells, static_cast<size_t>(n) * sizeof(float)) != 0)
    return nullptr;
  return it->second.ref.data();
}

/// Whether a shadow equals the values it shadows (widened), bit for bit.
bool exact(const double* sh, const float* cells, int64_t n) {
  if (!sh) return true;
  for (int64_t k = 0; k < n; ++k)
    if (std::bit_cast<uint64_t>(sh[k]) != std::bit_cast<uint64_t>(static_cast<double>(cells[k])))
      return false;
  return true;
}

}  // namespace

bool has_f64_eval(const Inst& in) {
  if (!dtype_is_float(in.dt) || in.dt == DType::f64) return false;
  switch (in.opc) {
    case Opc::kABin:
      switch (static_cast<Bin>(in.mode)) {
        case Bin::add:
        case Bin::sub:
        case Bin::mul:
        case Bin::div:
        case Bin::min:
        case Bin::max:
          return true;
        default:
          return false;
      }
    case Opc::kAExp:
    case Opc::kALog:
    case Opc::kASqrt:
      return true;
    default:
      return false;
  }
}

void shadow_before(GroupState& g, int32_t t, const WatchPoint& p, const Inst& in, const Cell* R,
                   const float* A) {
  GroupResult& out = *g.out;
  if (out.shadows.size() < g.tiles.size()) out.shadows.resize(g.tiles.size());
  if (in.opc != Opc::kABin) {  // unary on a lane vector of in.rows elements
    const int64_t n = in.rows;
    const float* a = A + in.a;
    const double* sa = shadow_of(out, t, p.va, a, n);
    out.shadow_ref.resize(static_cast<size_t>(n));
    out.shadow_local.resize(static_cast<size_t>(n));
    auto f = [&](double x) {
      return in.opc == Opc::kAExp ? std::exp(x) : in.opc == Opc::kALog ? std::log(x) : std::sqrt(x);
    };
    for (int64_t k = 0; k < n; ++k) {
      out.shadow_local[static_cast<size_t>(k)] = f(a[k]);
      out.shadow_ref[static_cast<size_t>(k)] = sa ? f(sa[k]) : f(a[k]);
    }
    out.shadow_exact = exact(sa, a, n);
    return;
  }
  // A binary op: element k of the result reads a and b as the broadcast says (exec_collective's
  // apply_bin); register-tile operands may have shadows, scalar registers are exact.
  const int64_t n = int64_t(in.rows) * in.cols;
  const auto bc = static_cast<Bcast>(in.bcast);
  const bool a_agg = bc != Bcast::scalar_agg, b_agg = bc != Bcast::agg_scalar;
  const int64_t na = bc == Bcast::rows_right ? in.rows : n;
  const int64_t nb = bc == Bcast::rows_left ? in.rows : n;
  const float* a = a_agg ? A + in.a : nullptr;
  const float* b = b_agg ? A + in.b : nullptr;
  const double* sa = a_agg ? shadow_of(out, t, p.va, a, na) : nullptr;
  const double* sb = b_agg ? shadow_of(out, t, p.vb, b, nb) : nullptr;
  const auto m = static_cast<Bin>(in.mode);
  out.shadow_ref.resize(static_cast<size_t>(n));
  out.shadow_local.resize(static_cast<size_t>(n));
  for (int64_t k = 0; k < n; ++k) {
    const int64_t r = in.cols ? k / in.cols : 0;
    const int64_t ia = bc == Bcast::rows_right ? r : k, ib = bc == Bcast::rows_left ? r : k;
    const double xa = a ? a[ia] : R[in.a].f, xb = b ? b[ib] : R[in.b].f;
    out.shadow_local[static_cast<size_t>(k)] = fbin<double>(m, xa, xb);
    out.shadow_ref[static_cast<size_t>(k)] = fbin<double>(m, sa ? sa[ia] : xa, sb ? sb[ib] : xb);
  }
  out.shadow_exact = exact(sa, a, na) && exact(sb, b, nb);
}

void shadow_after(GroupState& g, int32_t t, size_t k, const WatchPoint& p, const Tensor& v,
                  const float* A) {
  GroupResult& out = *g.out;
  const auto n = static_cast<size_t>(p.slot.numel());
  if (out.shadow_ref.size() != n || static_cast<size_t>(v.numel()) != n) return;
  Tensor ref(DType::f64, {static_cast<int64_t>(n)});
  std::memcpy(ref.bytes(), out.shadow_ref.data(), n * sizeof(double));
  auto& te = out.watch[k].tile_err;
  if (te.size() < g.tiles.size()) te.resize(g.tiles.size());
  auto& e = te[static_cast<size_t>(t)];
  numerics::record_split(e[0], e[1], e[2], v, out.shadow_exact ? nullptr : out.shadow_local.data(),
                         ref);
  TileShadow& sh = out.shadows[static_cast<size_t>(t)][p.op->results[p.result].get()];
  sh.actual.assign(A + p.slot.idx, A + p.slot.idx + n);
  sh.ref = out.shadow_ref;
}

}  // namespace tessera::interp::tile
