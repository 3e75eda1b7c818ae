// The sparse-attention kernels' shared pieces (docs/ops/graph/attnsparse.md, "Evaluation
// order"): one query row attended over a list of kept keys, block means, and top-k ranking.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "core/ir/ir.h"
#include "core/numerics/expf.h"

namespace tessera::interp::attn {

/// Kept keys per block of the online softmax (flash_attn's kBlockK; part of the spec).
constexpr int64_t kBlockK = 64;

/// Scratch of one worker: the accumulator row and one block of scores.
template <typename T>
struct RowScratch {
  std::vector<T> acc, s;
  explicit RowScratch(int64_t dv) : acc(static_cast<size_t>(dv)), s(kBlockK) {}
};

/// out[0..dv) = softmax_j(scale * q . k[j]) @ v[j] over `keys` (increasing key indices), with
/// flash_attn's online softmax over consecutive runs of kBlockK kept keys. k row j starts at
/// k + j * d and v row j at v + j * dv. No kept key gives a zero row.
template <typename T>
void attend_row(const T* q, int64_t d, const T* k, const T* v, int64_t dv,
                std::span<const int64_t> keys, T scale, T* out, RowScratch<T>& w) {
  if (keys.empty()) {
    std::fill(out, out + dv, T(0));
    return;
  }
  T m = -INFINITY, l = 0;
  std::fill(w.acc.begin(), w.acc.end(), T(0));
  const int64_t n = static_cast<int64_t>(keys.size());
  for (int64_t j0 = 0; j0 < n; j0 += kBlockK) {
    const int64_t j1 = std::min(n, j0 + kBlockK);
    T m_new = m;
    for (int64_t j = j0; j < j1; ++j) {
      const T* kj = k + keys[size_t(j)] * d;
      T dot = 0;
      for (int64_t e = 0; e < d; ++e) dot = std::fma(q[e], kj[e], dot);
      T& s = w.s[size_t(j - j0)];
      s = dot * scale;
      if (s > m_new) m_new = s;
    }
    const T alpha = num::spec_exp(m - m_new);
    l = l * alpha;
    for (T& a : w.acc) a = a * alpha;
    for (int64_t j = j0; j < j1; ++j) {
      const T p = num::spec_exp(w.s[size_t(j - j0)] - m_new);
      l = l + p;
      const T* vj = v + keys[size_t(j)] * dv;
      for (int64_t e = 0; e < dv; ++e) w.acc[size_t(e)] = std::fma(p, vj[e], w.acc[size_t(e)]);
    }
    m = m_new;
  }
  for (int64_t e = 0; e < dv; ++e) out[e] = w.acc[size_t(e)] / l;
}

/// Block means of rows [n, d] in blocks of `bs` rows: sum in row order, then divided by bs
/// (rows past n count as zeros). Returns [ceil(n / bs), d].
template <typename T>
std::vector<T> block_means(const T* x, int64_t n, int64_t d, int64_t bs) {
  const int64_t nb = n / bs + (n % bs != 0);
  std::vector<T> out(static_cast<size_t>(nb * d), T(0));
  for (int64_t c = 0; c < nb; ++c) {
    T* o = out.data() + c * d;
    for (int64_t t = c * bs; t < std::min(n, (c + 1) * bs); ++t)
      for (int64_t e = 0; e < d; ++e) o[e] = o[e] + x[t * d + e];
    for (int64_t e = 0; e < d; ++e) o[e] = o[e] / static_cast<T>(bs);
  }
  return out;
}

/// The ranking of block selection: blocks by score, highest first; masked blocks and -inf
/// scores after every other, then NaN scores; ties (and within the later classes) by lower
/// block index. Returns the first `top_k` block ids in rank order.
template <typename T>
std::vector<int64_t> rank_blocks(const T* score, int64_t nb, int64_t top_k,
                                 const std::vector<char>& masked) {
  auto cls = [&](int64_t c) {
    if (masked[size_t(c)] || score[c] == -INFINITY) return 1;
    return std::isnan(score[c]) ? 2 : 0;
  };
  std::vector<int64_t> order(static_cast<size_t>(nb));
  for (int64_t c = 0; c < nb; ++c) order[size_t(c)] = c;
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
    const int ca = cls(a), cb = cls(b);
    if (ca != cb) return ca < cb;
    return ca == 0 && score[a] > score[b];
  });
  order.resize(static_cast<size_t>(std::min(top_k, nb)));
  return order;
}

/// The tokens of `blocks` (block c = tokens [c*bs, (c+1)*bs)) that are < n and, with `causal`,
/// <= i, in increasing order without repeats, appended to `keys` (which is then sorted).
inline void add_block_tokens(std::vector<int64_t>& keys, std::span<const int64_t> blocks,
                             int64_t bs, int64_t n, bool causal, int64_t i) {
  for (int64_t c : blocks)
    for (int64_t t = c * bs; t < std::min(n, (c + 1) * bs); ++t)
      if (!causal || t <= i) keys.push_back(t);
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
}

/// The scale of an attention op: its `scale` attribute, else 1/sqrt(D) computed in f64; rounded
/// to T.
template <typename T>
T scale_of(const ir::Op& op, int64_t d) {
  const ir::Attr* s = op.attrs.get("scale");
  return static_cast<T>(s ? s->as_double() : 1.0 / std::sqrt(static_cast<double>(d)));
}

}  // namespace tessera::interp::attn
