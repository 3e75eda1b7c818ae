// Kernels of the index-selected attention ops (docs/ops/graph/attnsparse.md): MiniMax sparse
// attention (msa_index_scores, msa_select_blocks, msa_sparse_attention) and lookahead sparse
// attention. Rows are independent; each row's order is fixed by the spec.
#include <cmath>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/ops/attn_select.h"
#include "interp/graph/attn_rows.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

/// msa_index_scores_s1 for one batch b and kv group grp: scores [Sq, nb] of the group-mean query
/// against the block-mean keys, times scale.
template <typename T>
void index_scores(const T* q, const T* k, int64_t hq, int64_t hkv, int64_t sq, int64_t sk,
                  int64_t d, int64_t bs, T scale, int64_t b, int64_t grp, T* out) {
  const int64_t g = hq / hkv, nb = sk / bs + (sk % bs != 0);
  const auto kc = attn::block_means(k + (b * hkv + grp) * sk * d, sk, d, bs);
  std::vector<T> qg(static_cast<size_t>(d));
  for (int64_t i = 0; i < sq; ++i) {
    std::fill(qg.begin(), qg.end(), T(0));
    for (int64_t hh = 0; hh < g; ++hh) {
      const T* qi = q + ((b * hq + grp * g + hh) * sq + i) * d;
      for (int64_t e = 0; e < d; ++e) qg[size_t(e)] = qg[size_t(e)] + qi[e];
    }
    for (T& x : qg) x = x / static_cast<T>(g);
    for (int64_t c = 0; c < nb; ++c) {
      T dot = 0;
      for (int64_t e = 0; e < d; ++e) dot = std::fma(qg[size_t(e)], kc[size_t(c * d + e)], dot);
      out[i * nb + c] = dot * scale;
    }
  }
}

/// msa_select_blocks_s1 for query position i: top_k block ids in increasing order.
template <typename T>
std::vector<int64_t> msa_select(const T* score, int64_t nb, int64_t top_k, int64_t bs,
                                bool force_local, bool causal, int64_t i) {
  const int64_t local = std::min(i / bs, nb - 1);
  std::vector<char> masked(static_cast<size_t>(nb), 0);
  if (causal) {
    for (int64_t c = 0; c < nb; ++c) masked[size_t(c)] = c > local;
    if (force_local) masked[size_t(local)] = 1;
  }
  std::vector<int64_t> order = attn::rank_blocks(score, nb, nb, masked);
  if (force_local) {
    order.erase(std::find(order.begin(), order.end(), local));
    order.insert(order.begin(), local);
  }
  order.resize(static_cast<size_t>(top_k));
  std::sort(order.begin(), order.end());
  return order;
}

}  // namespace

void kernel_MsaIndexScores(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const Tensor& q = c.input(0);
    const Tensor& k = c.input(1);
    const int64_t bs = c.op.attrs.get_int("block_size", 1);
    const int64_t b = q.dim(0), hkv = k.dim(1), sq = q.dim(2), sk = k.dim(2);
    const int64_t nb = sk / bs + (sk % bs != 0);
    const T scale = attn::scale_of<T>(c.op, q.dim(3));
    T* out = c.output().data<T>();
    tbb::parallel_for(int64_t{0}, b * hkv, [&](int64_t bg) {
      index_scores(q.data<T>(), k.data<T>(), q.dim(1), hkv, sq, sk, q.dim(3), bs, scale, bg / hkv,
                   bg % hkv, out + bg * sq * nb);
    });
  });
}

void kernel_MsaSelectBlocks(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const Tensor& s = c.input(0);
    const int64_t rows = s.dim(0) * s.dim(1) * s.dim(2), sq = s.dim(2), nb = s.dim(3);
    const int64_t top_k = c.op.attrs.get_int("top_k", 1), bs = c.op.attrs.get_int("block_size", 1);
    const bool force_local = c.op.attrs.get_bool("force_local_block", true);
    const bool causal = c.op.attrs.get_bool("causal", true);
    int64_t* out = c.output().data<int64_t>();
    tbb::parallel_for(int64_t{0}, rows, [&](int64_t r) {
      auto ids = msa_select(s.data<T>() + r * nb, nb, top_k, bs, force_local, causal, r % sq);
      std::copy(ids.begin(), ids.end(), out + r * top_k);
    });
  });
}

void kernel_MsaSparseAttention(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const Tensor& q = c.input(0);
    const Tensor& k = c.input(1);
    const Tensor& v = c.input(2);
    const int64_t b = q.dim(0), hq = q.dim(1), hkv = k.dim(1), sq = q.dim(2), sk = k.dim(2);
    const int64_t d = q.dim(3), dv = v.dim(3), g = hq / hkv;
    const int64_t bs = c.op.attrs.get_int("block_size", 1), nb = sk / bs + (sk % bs != 0);
    const int64_t top_k = c.op.attrs.get_int("top_k", 1);
    const bool force_local = c.op.attrs.get_bool("force_local_block", true);
    const bool causal = c.op.attrs.get_bool("causal", true);
    const T scale = attn::scale_of<T>(c.op, d);
    T* out = c.output().data<T>();
    // One task per (batch, kv group): its index scores, then each row's selection and heads.
    tbb::parallel_for(int64_t{0}, b * hkv, [&](int64_t bg) {
      const int64_t bb = bg / hkv, grp = bg % hkv;
      std::vector<T> scores(static_cast<size_t>(sq * nb));
      index_scores(q.data<T>(), k.data<T>(), hq, hkv, sq, sk, d, bs, scale, bb, grp, scores.data());
      attn::RowScratch<T> w(dv);
      std::vector<int64_t> keys;
      const T* kg = k.data<T>() + bg * sk * d;
      const T* vg = v.data<T>() + bg * sk * dv;
      for (int64_t i = 0; i < sq; ++i) {
        auto sel = msa_select(scores.data() + i * nb, nb, top_k, bs, force_local, causal, i);
        keys.clear();
        attn::add_block_tokens(keys, sel, bs, sk, causal, i);
        for (int64_t hh = 0; hh < g; ++hh) {
          const int64_t row = (bb * hq + grp * g + hh) * sq + i;
          attn::attend_row(q.data<T>() + row * d, d, kg, vg, dv, keys, scale, out + row * dv, w);
        }
      }
    });
  });
}

void kernel_LookaheadSparseAttention(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const Tensor& q = c.input(0);
    const int64_t b = q.dim(0), h = q.dim(1), s = q.dim(2), d = q.dim(3);
    const int64_t dv = c.input(2).dim(3);
    const int64_t bs = c.op.attrs.get_int("block_size", 1), nb = s / bs;
    const int64_t w = c.op.attrs.get_int("window_size", 1);
    const bool causal = c.op.attrs.get_bool("causal", true);
    const double thr = c.op.attrs.get_float("threshold", 0.5);
    // sigmoid(x) >= thr  <=>  x >= logit(thr) (lookahead_sparse_attention_s1), in f64.
    const double cut = ops::lookahead_cut(thr);
    const T sel_scale = static_cast<T>(1.0 / std::sqrt(static_cast<double>(d)));
    const T scale = attn::scale_of<T>(c.op, d);
    T* out = c.output().data<T>();
    tbb::parallel_for(int64_t{0}, b * h, [&](int64_t bh) {
      const T* qh = q.data<T>() + bh * s * d;
      const T* kh = c.input(1).data<T>() + bh * s * d;
      const T* vh = c.input(2).data<T>() + bh * s * dv;
      const auto kc = attn::block_means(kh, s, d, bs);
      attn::RowScratch<T> ws(dv);
      std::vector<int64_t> keys, blocks;
      for (int64_t i = 0; i < s; ++i) {
        const T* qi = qh + i * d;
        blocks.clear();
        for (int64_t cb = 0; cb < nb; ++cb) {
          if (causal && cb > i / bs) continue;
          T dot = 0;
          for (int64_t e = 0; e < d; ++e) dot = std::fma(qi[e], kc[size_t(cb * d + e)], dot);
          if (static_cast<double>(dot * sel_scale) >= cut) blocks.push_back(cb);
        }
        if (blocks.empty()) blocks.push_back(std::min(i / bs, nb - 1));
        keys.clear();
        const int64_t lo =
            causal ? std::max<int64_t>(0, i - w + 1) : std::max<int64_t>(0, i - w / 2);
        const int64_t hi = std::min(s - 1, causal ? i : i + w / 2);
        for (int64_t j = lo; j <= hi; ++j) keys.push_back(j);
        attn::add_block_tokens(keys, blocks, bs, s, causal, i);
        attn::attend_row(qi, d, kh, vh, dv, keys, scale, out + (bh * s + i) * dv, ws);
      }
    });
  });
}

}  // namespace tessera::interp
