// Kernels of the speculative-decoding acceptance ops (docs/ops/graph/spec_accept.md): greedy
// longest-prefix acceptance, Leviathan rejection sampling along one draft chain, and along a
// tree of draft paths. The uniforms are operands, so each op is a deterministic function; all
// probability arithmetic is carried out in f64 on the exactly widened inputs.
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/numerics/exp64.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

/// Reads element i of a float tensor (f32 or f64; narrower formats arrive widened to f32).
struct FloatView {
  const Tensor& t;
  double operator[](int64_t i) const {
    return t.dtype() == DType::f64 ? t.data<double>()[i] : static_cast<double>(t.data<float>()[i]);
  }
};

/// The categorical draw by CDF inversion (spec_accept.md, "Sampling"): the smallest k with
/// w_0 + ... + w_k > u * S, S = w_0 + ... + w_{V-1}, sums sequential in k in f64; the first
/// largest weight when S <= 0 (or S is NaN); V - 1 when rounding leaves no k.
int32_t cdf_invert(double u, const std::vector<double>& w) {
  double s = 0.0;
  for (double x : w) s += x;
  if (!(s > 0.0)) {
    size_t best = 0;
    for (size_t k = 1; k < w.size(); ++k)
      if (w[k] > w[best]) best = k;
    return static_cast<int32_t>(best);
  }
  const double target = u * s;
  double cum = 0.0;
  for (size_t k = 0; k < w.size(); ++k) {
    cum += w[k];
    if (cum > target) return static_cast<int32_t>(k);
  }
  return static_cast<int32_t>(w.size() - 1);
}

}  // namespace

/// [best path, its accepted prefix length, target's token after that prefix]; first path wins
/// ties.
void kernel_SpecAccept(KernelCtx& c) {
  const Tensor& draft = c.input(0);
  const Tensor& target = c.input(1);
  const int64_t paths = draft.shape()[0], depth = draft.shape()[1];
  if (paths == 0) c.fail("draft must hold at least one path (spec_accept_c1)");
  const int32_t* d = draft.data<int32_t>();
  const int32_t* t = target.data<int32_t>();
  int64_t best_path = 0, best_len = -1;
  for (int64_t p = 0; p < paths; ++p) {
    int64_t len = 0;
    while (len < depth && d[p * depth + len] == t[p * (depth + 1) + len]) ++len;
    if (len > best_len) best_len = len, best_path = p;
  }
  int32_t* out = c.output().data<int32_t>();
  out[0] = static_cast<int32_t>(best_path);
  out[1] = static_cast<int32_t>(best_len);
  out[2] = t[best_path * (depth + 1) + best_len];
}

/// [accepted count n, the n accepted tokens, the corrected or bonus token, zeros].
void kernel_SpecAcceptSample(KernelCtx& c) {
  const Tensor& draft = c.input(0);
  const FloatView tp{c.input(1)}, dp{c.input(2)}, au{c.input(3)}, ru{c.input(4)};
  const int64_t depth = draft.shape()[0], vocab = c.input(1).shape()[1];
  if (vocab == 0)
    c.fail("target_probs must have a vocabulary of at least 1 (spec_accept_sample_c2)");
  const int32_t* d = draft.data<int32_t>();
  int32_t* out = c.output().data<int32_t>();
  for (int64_t i = 0; i < depth + 2; ++i) out[i] = 0;
  const double u_resid = ru[0];
  std::vector<double> w(static_cast<size_t>(vocab));
  int64_t accepted = 0;
  for (; accepted < depth; ++accepted) {
    const int64_t i = accepted;
    const int64_t tok = d[i];
    if (tok < 0 || tok >= vocab)
      c.fail("draft token " + std::to_string(tok) + " at position " + std::to_string(i) +
             " is outside the vocabulary [0, " + std::to_string(vocab) +
             ") (spec_accept_sample_c7)");
    const double pd = dp[i * vocab + tok], pt = tp[i * vocab + tok];
    if (pd > 0.0 && au[i] * pd <= pt) {
      out[1 + i] = static_cast<int32_t>(tok);
      continue;
    }
    // Rejected: the corrected token comes from the residual max(target - draft, 0).
    for (int64_t k = 0; k < vocab; ++k) {
      const double r = tp[i * vocab + k] - dp[i * vocab + k];
      w[static_cast<size_t>(k)] = r > 0.0 ? r : 0.0;
    }
    out[1 + i] = cdf_invert(u_resid, w);
    out[0] = static_cast<int32_t>(accepted);
    return;
  }
  // All D accepted: the bonus token comes from target's extra row.
  for (int64_t k = 0; k < vocab; ++k) w[static_cast<size_t>(k)] = tp[depth * vocab + k];
  out[1 + depth] = cdf_invert(u_resid, w);
  out[0] = static_cast<int32_t>(depth);
}

/// [path with the longest run of leading accepts, that length]; first path wins ties.
void kernel_SpecAcceptTreeSample(KernelCtx& c) {
  const FloatView t{c.input(0)}, d{c.input(1)}, u{c.input(2)};
  const int64_t paths = c.input(0).shape()[0], depth = c.input(0).shape()[1];
  if (paths == 0)
    c.fail("target_log_probs must hold at least one path (spec_accept_tree_sample_c1)");
  int64_t best_path = 0, best_len = -1;
  for (int64_t p = 0; p < paths; ++p) {
    int64_t len = 0;
    while (len < depth) {
      const int64_t i = p * depth + len;
      if (!(u[i] <= num::exp64(t[i] - d[i]))) break;
      ++len;
    }
    if (len > best_len) best_len = len, best_path = p;
  }
  int32_t* out = c.output().data<int32_t>();
  out[0] = static_cast<int32_t>(best_path);
  out[1] = static_cast<int32_t>(best_len);
}

}  // namespace tessera::interp
