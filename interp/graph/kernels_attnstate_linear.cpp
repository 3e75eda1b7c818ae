// Kernels of tessera.linear_attn, lightning_attention, gated_deltanet, kimi_delta_attention and
// hybrid_attention (docs/ops/graph/linear_attention.md). Each (batch..., head) slice runs on its
// own TBB task; inside a slice every sum has the spec's fixed order, so the bits do not depend on
// the thread count. f32 (and widened f16/bf16) slices accumulate in f32, f64 slices in f64.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/numerics/expf.h"
#include "core/ops/linear_attention.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

using Spec = ops::LinearAttnSpec;

template <typename T>
T feature(Spec::Map m, T x) {
  switch (m) {
    case Spec::Map::identity:
      return x;
    case Spec::Map::elu:  // elu(x) + 1
      return x > T(0) ? x + T(1) : num::spec_exp(x);
    case Spec::Map::relu:
      return x > T(0) ? x : T(0);
    case Spec::Map::polynomial_2:
      return x * x;
  }
  return x;
}

/// The state recurrence of one slice: S (Dk x Dv, from zeros) gains phi(k_t) v_t^T for t in
/// increasing order, each element by one FMA per step; o_t[j] is the FMA chain over i in
/// increasing order of phi(q_t[i]) * S[i][j] from 0, with S after step t (causal) or after the
/// last step (non-causal).
template <typename T>
void linear_slice(const Spec& sp, const T* q, const T* k, const T* v, T* o, int64_t s, int64_t dk,
                  int64_t dv, std::vector<T>& st, std::vector<T>& pq) {
  std::fill(st.begin(), st.end(), T(0));
  auto absorb = [&](int64_t t) {
    for (int64_t i = 0; i < dk; ++i) {
      const T pk = feature(sp.map, k[t * dk + i]);
      for (int64_t j = 0; j < dv; ++j)
        st[size_t(i * dv + j)] = std::fma(pk, v[t * dv + j], st[size_t(i * dv + j)]);
    }
  };
  auto emit = [&](int64_t t) {
    for (int64_t i = 0; i < dk; ++i) pq[size_t(i)] = feature(sp.map, q[t * dk + i]);
    for (int64_t j = 0; j < dv; ++j) {
      T acc = T(0);
      for (int64_t i = 0; i < dk; ++i) acc = std::fma(pq[size_t(i)], st[size_t(i * dv + j)], acc);
      o[t * dv + j] = acc;
    }
  };
  if (sp.causal) {
    for (int64_t t = 0; t < s; ++t) absorb(t), emit(t);
  } else {
    for (int64_t t = 0; t < s; ++t) absorb(t);
    for (int64_t t = 0; t < s; ++t) emit(t);
  }
}

/// hybrid_attention's softmax slot: o_i = sum_j softmax_j(q_i . k_j / sqrt(Dk)) v_j over keys
/// j <= i (causal) or all j. Dot products are FMA chains over d from 0; the row maximum is
/// taken first, then e_j = exp(s_j - max) and their sum in increasing j, the numerator as an FMA
/// chain over j of e_j * v_j, and one division.
template <typename T>
void softmax_slice(const Spec& sp, const T* q, const T* k, const T* v, T* o, int64_t s, int64_t dk,
                   int64_t dv, std::vector<T>& e) {
  const T scale = T(1) / std::sqrt(T(dk == 0 ? 1 : dk));
  for (int64_t i = 0; i < s; ++i) {
    const int64_t n = sp.causal ? i + 1 : s;
    T mx = -std::numeric_limits<T>::infinity();
    for (int64_t j = 0; j < n; ++j) {
      T acc = T(0);
      for (int64_t d = 0; d < dk; ++d) acc = std::fma(q[i * dk + d], k[j * dk + d], acc);
      e[size_t(j)] = acc * scale;
      mx = std::max(mx, e[size_t(j)]);
    }
    T sum = T(0);
    for (int64_t j = 0; j < n; ++j) {
      e[size_t(j)] = num::spec_exp(e[size_t(j)] - mx);
      sum += e[size_t(j)];
    }
    for (int64_t c = 0; c < dv; ++c) {
      T acc = T(0);
      for (int64_t j = 0; j < n; ++j) acc = std::fma(e[size_t(j)], v[j * dv + c], acc);
      o[i * dv + c] = acc / sum;
    }
  }
}

void run_family(KernelCtx& c) {
  std::string err;
  const char* label = nullptr;
  const auto sp = ops::read_linear_attn(c.op, err, label);
  if (!sp) c.fail(err + " (" + label + ")");
  const auto& qs = c.input(0).shape();
  const int64_t s = qs[qs.size() - 2], dk = qs.back(), dv = c.input(2).shape().back();
  int64_t slices = 1;
  for (size_t d = 0; d + 2 < qs.size(); ++d) slices *= qs[d];  // fits: the tensor exists
  int64_t state = 0;
  if (__builtin_mul_overflow(dk, dv, &state) || state > (int64_t{1} << 31))
    c.fail("the recurrent state of " + std::to_string(dk) + " x " + std::to_string(dv) +
           " elements is too large");
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const T* q = c.input(0).data<T>();
    const T* k = c.input(1).data<T>();
    const T* v = c.input(2).data<T>();
    T* o = c.output().data<T>();
    tbb::parallel_for(int64_t{0}, slices, [&](int64_t b) {
      const T* qb = q + b * s * dk;
      const T* kb = k + b * s * dk;
      const T* vb = v + b * s * dv;
      T* ob = o + b * s * dv;
      if (sp->body == Spec::Body::softmax) {
        std::vector<T> e(static_cast<size_t>(s));
        softmax_slice(*sp, qb, kb, vb, ob, s, dk, dv, e);
      } else {
        std::vector<T> st(static_cast<size_t>(state)), pq(static_cast<size_t>(dk));
        linear_slice(*sp, qb, kb, vb, ob, s, dk, dv, st, pq);
      }
    });
  });
}

}  // namespace

void kernel_LinearAttn(KernelCtx& c) { run_family(c); }
void kernel_LightningAttention(KernelCtx& c) { run_family(c); }
void kernel_GatedDeltanet(KernelCtx& c) { run_family(c); }
void kernel_KimiDeltaAttention(KernelCtx& c) { run_family(c); }
void kernel_HybridAttention(KernelCtx& c) { run_family(c); }

}  // namespace tessera::interp
