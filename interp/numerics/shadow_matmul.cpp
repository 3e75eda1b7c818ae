// Shadow f64 of tessera.matmul without the generic path's copies: operands read in place (f32
// widened while packing), the right operand packed once for the exact and the actual product,
// the actual product's buffer kept between calls. The results are those of the generic path
// (run_f64 through the matmul kernel: the same sequential FMA chain per element).
#include <bit>
#include <cstring>

#include "interp/graph/isa.h"
#include "interp/graph/plan.h"
#include "interp/numerics/monitor.h"
#include "interp/numerics/shadow.h"
#include "interp/numerics/shadow_gemm.h"
#include "interp/run_context.h"

namespace tessera::interp::numerics {
namespace {

/// `t` (f32 or f64, rank 2) as a logical [rows, cols] operand, `transposed` when stored
/// [cols, rows].
GemmOperand operand(const Tensor& t, bool transposed) {
  GemmOperand g;
  if (t.dtype() == DType::f32)
    g.f = t.data<float>();
  else
    g.d = t.data<double>();
  const int64_t stored_cols = t.dim(1);
  g.rs = transposed ? 1 : stored_cols;
  g.cs = transposed ? stored_cols : 1;
  return g;
}

/// Whether the f64 shadow `sh` holds exactly the values of `prim` (f32 or f64): the bytes of
/// to_f64(prim) and of sh are the same.
bool same_values(const Tensor& sh, const Tensor& prim) {
  const size_t n = static_cast<size_t>(prim.numel());
  if (prim.dtype() == DType::f64) return std::memcmp(sh.bytes(), prim.bytes(), n * 8) == 0;
  const double* s = sh.data<double>();
  const float* p = prim.data<float>();
  for (size_t i = 0; i < n; ++i)
    if (std::bit_cast<uint64_t>(static_cast<double>(p[i])) != std::bit_cast<uint64_t>(s[i]))
      return false;
  return true;
}

bool is_f32_or_f64_matrix(const Tensor& t) {
  return t.rank() == 2 && (t.dtype() == DType::f32 || t.dtype() == DType::f64);
}

}  // namespace

bool Monitor::shadow_matmul(const StepEvent& e, const RunContext& run,
                            std::vector<OpEntry*>& entries) {
  const ir::Op& op = *e.step.op;
  // Only the plain form: a numeric_policy may name another accumulator or an unknown model,
  // batched or broadcast operands take the kernel's batch loop; those go the generic way.
  if (op.name != "tessera.matmul" || op.attrs.get("numeric_policy") || e.inputs.size() != 2 ||
      op.operands.size() != 2 || e.outputs.size() != 1 || op.results.size() != 1 ||
      entries.size() != 1)
    return false;
  const Tensor& out = *e.outputs[0];
  const Tensor &a = *e.inputs[0], &b = *e.inputs[1];
  if (!dtype_is_float(out.dtype()) || out.rank() != 2 || !is_f32_or_f64_matrix(a) ||
      !is_f32_or_f64_matrix(b))
    return false;
  const bool ta = op.attrs.get_bool("transpose_a", false);
  const bool tb = op.attrs.get_bool("transpose_b", false);
  const int64_t m = out.dim(0), n = out.dim(1), k = a.dim(ta ? 0 : 1);
  if (a.dim(ta ? 1 : 0) != m || b.dim(tb ? 1 : 0) != k || b.dim(tb ? 0 : 1) != n || k > INT32_MAX)
    return false;
  RankState& st = rank_state(run.rank);
  // Shadow operands: the stored f64 shadow where the operand has one, else the value itself.
  Tensor own[2];
  GemmOperand sh[2], act[2];
  bool exact = true;
  for (size_t i = 0; i < 2; ++i) {
    const Tensor& prim = *e.inputs[i];
    act[i] = operand(prim, i == 0 ? ta : tb);
    sh[i] = act[i];
    const ir::Value* v = op.operands[i];
    const auto it = v->def ? st.shadow.find(v) : st.shadow.end();
    if (it == st.shadow.end()) continue;
    if (it->second.dtype() != DType::f64 || it->second.numel() != prim.numel()) return false;
    own[i] = it->second;
    sh[i] = operand(own[i], i == 0 ? ta : tb);
    exact = exact && same_values(own[i], prim);
  }
  release_uses(st, op);
  Tensor ref(DType::f64, {m, n});
  const Isa isa = active_isa();
  const GemmOperand pair[2] = {sh[0], act[0]};
  double* local = nullptr;
  if (!exact) {
    const size_t cells = static_cast<size_t>(m * n);
    if (st.local.size() < cells) st.local.resize(cells);
    local = st.local.data();
  }
  double* const outs[2] = {ref.data<double>(), local};
  if (exact) {
    shadow_gemm(isa, m, n, k, {pair, 1}, sh[1], {outs, 1}, st.packed);
  } else if (!own[1].bytes()) {  // B is the same on both sides: packed once for both products
    shadow_gemm(isa, m, n, k, {pair, 2}, sh[1], {outs, 2}, st.packed);
  } else {
    shadow_gemm(isa, m, n, k, {pair, 1}, sh[1], {outs, 1}, st.packed);
    shadow_gemm(isa, m, n, k, {pair + 1, 1}, act[1], {outs + 1, 1}, st.packed);
  }
  OpEntry& entry = *entries[0];
  entry.shadowed = true;
  record_split(entry, out, local, ref);
  set_shadow(st, op.result(0), std::move(ref));
  return true;
}

}  // namespace tessera::interp::numerics
