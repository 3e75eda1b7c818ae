// Kernels of the windowed and block-selected attention ops (docs/ops/graph/attnsparse.md): each
// query row gathers its kept keys in increasing order and runs flash_attn's online softmax over
// them (interp/graph/attn_rows.h). Rows are independent, so any thread count gives the same bits.
#include <functional>
#include <vector>

#include <tbb/parallel_for.h>

#include "interp/graph/attn_rows.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

/// Extents of rank-4 q [B, Hq, Sq, D], k [B, Hkv, Sk, D], v [B, Hkv, Sk, Dv].
struct Qkv {
  int64_t b, hq, hkv, sq, sk, d, dv;
  int64_t group() const { return hq / hkv; }
};

Qkv qkv_dims(const KernelCtx& c) {
  const Tensor& q = c.input(0);
  const Tensor& k = c.input(1);
  return {q.dim(0), q.dim(1), k.dim(1), q.dim(2), k.dim(2), q.dim(3), c.input(2).dim(3)};
}

/// keys(b, h, i, keys): fills the kept keys of query row i of batch b, query head h.
using KeysFn = std::function<void(int64_t, int64_t, int64_t, std::vector<int64_t>&)>;

/// out[b, h, i, :] = attention of q[b, h, i] over the keys `keys` names in k/v head h / group.
template <typename T>
void attend_rows(const Qkv& g, const T* q, const T* k, const T* v, T scale, T* out,
                 const KeysFn& keys) {
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, g.b * g.hq * g.sq, 4), [&](auto r) {
    attn::RowScratch<T> w(g.dv);
    std::vector<int64_t> kept;
    for (int64_t row = r.begin(); row < r.end(); ++row) {
      const int64_t b = row / (g.hq * g.sq), h = (row / g.sq) % g.hq, i = row % g.sq;
      const int64_t kv = b * g.hkv + h / g.group();
      kept.clear();
      keys(b, h, i, kept);
      attn::attend_row(q + row * g.d, g.d, k + kv * g.sk * g.d, v + kv * g.sk * g.dv, g.dv, kept,
                       scale, out + row * g.dv, w);
    }
  });
}

/// The keys [lo, hi] of a sliding window of `w` keys (attn_sliding_window_s1).
void window_keys(int64_t i, int64_t n, int64_t w, bool causal, std::vector<int64_t>& keys) {
  const int64_t lo = causal ? std::max<int64_t>(0, i - w + 1) : std::max<int64_t>(0, i - w / 2);
  const int64_t hi = std::min(n - 1, causal ? i : i + w / 2);
  for (int64_t j = lo; j <= hi; ++j) keys.push_back(j);
}

/// The top-k block selection of attn_top_k_blocks (attn_top_k_blocks_s1) for row i from its
/// block scores: blocks after i's block are masked when causal; the kept keys are the selected
/// blocks' tokens (<= i when causal).
template <typename T>
void topk_block_keys(const T* scores, int64_t nb, int64_t top_k, int64_t bs, int64_t sk,
                     bool causal, int64_t i, std::vector<int64_t>& keys) {
  std::vector<char> masked(static_cast<size_t>(nb), 0);
  if (causal)
    for (int64_t c = 0; c < nb; ++c) masked[size_t(c)] = c > i / bs;
  const auto sel = attn::rank_blocks(scores, nb, top_k, masked);
  attn::add_block_tokens(keys, sel, bs, sk, causal, i);
}

/// Block means of every k (or v) head: [B * Hkv, ceil(Sk / bs), width].
template <typename T>
std::vector<T> all_block_means(const T* x, int64_t heads, int64_t n, int64_t width, int64_t bs) {
  const int64_t nb = n / bs + (n % bs != 0);
  std::vector<T> out(static_cast<size_t>(heads * nb * width));
  for (int64_t hh = 0; hh < heads; ++hh) {
    auto m = attn::block_means(x + hh * n * width, n, width, bs);
    std::copy(m.begin(), m.end(), out.begin() + hh * nb * width);
  }
  return out;
}

}  // namespace

void kernel_AttnLocalWindow2d(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const Tensor& q = c.input(0);
    // Read as rank-4 attention over the flattened grid: key index y * Ws + x.
    const int64_t hs = q.dim(2), ws = q.dim(3);
    const Qkv g{q.dim(0), q.dim(1), q.dim(1), hs * ws, hs * ws, q.dim(4), c.input(2).dim(4)};
    auto win = c.op.attrs.get("window")->as_int_array().value();
    const int64_t rh = win[0], rw = win[1];
    attend_rows<T>(
        g, q.data<T>(), c.input(1).data<T>(), c.input(2).data<T>(), attn::scale_of<T>(c.op, g.d),
        c.output().data<T>(), [&](int64_t, int64_t, int64_t i, std::vector<int64_t>& keys) {
          const int64_t y = i / ws, x = i % ws;
          for (int64_t yy = std::max<int64_t>(0, y - rh); yy <= std::min(hs - 1, y + rh); ++yy)
            for (int64_t xx = std::max<int64_t>(0, x - rw); xx <= std::min(ws - 1, x + rw); ++xx)
              keys.push_back(yy * ws + xx);
        });
  });
}

void kernel_AttnSlidingWindow(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const Qkv g = qkv_dims(c);
    const int64_t w = c.op.attrs.get_int("window_size", 1);
    const bool causal = c.op.attrs.get_bool("causal", true);
    attend_rows<T>(g, c.input(0).data<T>(), c.input(1).data<T>(), c.input(2).data<T>(),
                   attn::scale_of<T>(c.op, g.d), c.output().data<T>(),
                   [&](int64_t, int64_t, int64_t i, std::vector<int64_t>& keys) {
                     window_keys(i, g.sk, w, causal, keys);
                   });
  });
}

void kernel_AttnCompressedBlocks(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const Qkv g = qkv_dims(c);
    attend_rows<T>(g, c.input(0).data<T>(), c.input(1).data<T>(), c.input(2).data<T>(),
                   attn::scale_of<T>(c.op, g.d), c.output().data<T>(),
                   [&](int64_t, int64_t, int64_t, std::vector<int64_t>& keys) {
                     for (int64_t j = 0; j < g.sk; ++j) keys.push_back(j);
                   });
  });
}

void kernel_AttnTopKBlocks(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const Qkv g = qkv_dims(c);
    const int64_t bs = c.op.attrs.get_int("block_size", 1), nb = g.sk / bs;
    const int64_t top_k = c.op.attrs.get_int("top_k", 1);
    const bool causal = c.op.attrs.get_bool("causal", true);
    const T* scores = c.input(3).data<T>();
    attend_rows<T>(g, c.input(0).data<T>(), c.input(1).data<T>(), c.input(2).data<T>(),
                   attn::scale_of<T>(c.op, g.d), c.output().data<T>(),
                   [&](int64_t b, int64_t h, int64_t i, std::vector<int64_t>& keys) {
                     const T* row = scores + ((b * g.hq + h) * g.sq + i) * nb;
                     topk_block_keys(row, nb, top_k, bs, g.sk, causal, i, keys);
                   });
  });
}

namespace {

/// deepseek_sparse_attention and native_sparse_attn_fused (deepseek_sparse_attention_s1): the
/// sliding-window, compressed-block and selected-block branches, weighted. `scores` gives the
/// block scores of the selection (native) or null (q . k_c per head); `gate` the gate logits
/// [.., 3] (softmax weights) or null (1/3 each).
template <typename T>
void nsa(KernelCtx& c, const T* scores, const T* gate) {
  const Qkv g = qkv_dims(c);
  const int64_t bs = c.op.attrs.get_int("block_size", 1), nb = g.sk / bs;
  const int64_t w = c.op.attrs.get_int("window_size", 1);
  const int64_t top_k = c.op.attrs.get_int("top_k", 1);
  const bool causal = c.op.attrs.get_bool("causal", true);
  const T* q = c.input(0).data<T>();
  const T* k = c.input(1).data<T>();
  const T* v = c.input(2).data<T>();
  const T scale = attn::scale_of<T>(c.op, g.d);
  const size_t n = static_cast<size_t>(g.b * g.hq * g.sq * g.dv);
  std::vector<T> ow(n), oc(n), os(n);
  attend_rows<T>(g, q, k, v, scale, ow.data(),
                 [&](int64_t, int64_t, int64_t i, std::vector<int64_t>& keys) {
                   window_keys(i, g.sk, w, causal, keys);
                 });
  const auto kc = all_block_means(k, g.b * g.hkv, g.sk, g.d, bs);
  const auto vc = all_block_means(v, g.b * g.hkv, g.sk, g.dv, bs);
  Qkv gc = g;
  gc.sk = nb;
  attend_rows<T>(gc, q, kc.data(), vc.data(), scale, oc.data(),
                 [&](int64_t, int64_t, int64_t, std::vector<int64_t>& keys) {
                   for (int64_t j = 0; j < nb; ++j) keys.push_back(j);
                 });
  attend_rows<T>(g, q, k, v, scale, os.data(),
                 [&](int64_t b, int64_t h, int64_t i, std::vector<int64_t>& keys) {
                   const int64_t row = (b * g.hq + h) * g.sq + i;
                   std::vector<T> own;
                   const T* sc = scores ? scores + row * nb : nullptr;
                   if (!sc) {  // s_c = q . k_c, an FMA chain over d, unscaled
                     own.resize(static_cast<size_t>(nb));
                     const T* kcg = kc.data() + (b * g.hkv + h / g.group()) * nb * g.d;
                     for (int64_t cb = 0; cb < nb; ++cb) {
                       T dot = 0;
                       for (int64_t e = 0; e < g.d; ++e)
                         dot = std::fma(q[row * g.d + e], kcg[cb * g.d + e], dot);
                       own[size_t(cb)] = dot;
                     }
                     sc = own.data();
                   }
                   topk_block_keys(sc, nb, top_k, bs, g.sk, causal, i, keys);
                 });
  T* out = c.output().data<T>();
  const T third = static_cast<T>(1.0 / 3.0);
  for (int64_t row = 0; row < g.b * g.hq * g.sq; ++row) {
    T wt[3] = {third, third, third};
    if (gate) {  // softmax over the three logits: max, exp, sum in order, divide
      const T* gl = gate + row * 3;
      T m = gl[0];
      for (int j = 1; j < 3; ++j) m = gl[j] > m ? gl[j] : m;
      T sum = 0;
      for (int j = 0; j < 3; ++j) sum = sum + (wt[j] = num::spec_exp(gl[j] - m));
      for (T& x : wt) x = x / sum;
    }
    for (int64_t e = 0; e < g.dv; ++e) {
      const size_t at = static_cast<size_t>(row * g.dv + e);
      out[at] = ow[at] * wt[0] + oc[at] * wt[1] + os[at] * wt[2];
    }
  }
}

}  // namespace

void kernel_DeepseekSparseAttention(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    nsa<T>(c, nullptr, c.in.size() > 3 ? c.input(3).data<T>() : nullptr);
  });
}

void kernel_NativeSparseAttnFused(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(),
                 [&]<typename T>() { nsa<T>(c, c.input(3).data<T>(), nullptr); });
}

}  // namespace tessera::interp
