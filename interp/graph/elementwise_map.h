// The Graph IR elementwise kernels' shared maps (kernels_elementwise.cpp, kernels_compare.cpp,
// kernels_activation.cpp): numpy broadcasting over one or two inputs, the output split across
// TBB workers (elementwise results do not depend on evaluation order). The kernels are three
// translation units so that their many dtype instantiations compile side by side.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "interp/graph/broadcast.h"
#include "interp/graph/isa.h"
#include "interp/graph/kernel.h"
#include "interp/graph/stream_store.h"
#include "interp/graph/vexp.h"

namespace tessera::interp::elementwise {

inline constexpr int64_t kGrain = 4096;

/// When `shape` broadcasts to `out` by repeating one block along leading dims (its dims, after
/// leading 1s, are the trailing dims of `out`): the block's element count; else 0.
inline int64_t repeated_block(const std::vector<int64_t>& shape, const std::vector<int64_t>& out) {
  size_t lead = 0;
  while (lead < shape.size() && shape[lead] == 1) ++lead;
  const size_t k = shape.size() - lead;
  if (k > out.size()) return 0;
  int64_t block = 1;
  for (size_t d = 0; d < k; ++d) {
    if (shape[lead + d] != out[out.size() - k + d]) return 0;
    block *= shape[lead + d];
  }
  return block;
}

/// Applies `f(a, b)` over the broadcast of two inputs. Elementwise results do not depend on
/// evaluation order, so the output is split across TBB workers freely (for_output: large
/// outputs are streamed).
template <typename T, typename R, typename F>
void binary_map(KernelCtx& ctx, F f) {
  const Tensor& a = ctx.input(0);
  const Tensor& b = ctx.input(1);
  Tensor& out = ctx.output();
  const T* pa = a.data<T>();
  const T* pb = b.data<T>();
  R* po = out.data<R>();
  int64_t n = out.numel();
  if (a.shape() == out.shape() && b.shape() == out.shape()) {
    for_output(po, n, kGrain, [&](int64_t lo, int64_t len, R* d) {
      const T* xa = pa + lo;
      const T* xb = pb + lo;
      for (int64_t i = 0; i < len; ++i) d[i] = f(xa[i], xb[i]);
    });
    return;
  }
  // One full operand and one repeated along leading dims (a bias row, a scalar): runs of the
  // full one against the repeated block, without per-element index arithmetic.
  const int64_t rep_b = a.shape() == out.shape() ? repeated_block(b.shape(), out.shape()) : 0;
  const int64_t rep_a = b.shape() == out.shape() ? repeated_block(a.shape(), out.shape()) : 0;
  if ((rep_a > 0 || rep_b > 0) && active_isa() != Isa::kScalar && n > 0) {
    const int64_t inner = rep_b > 0 ? rep_b : rep_a;
    for_output(po, n, kGrain, [&](int64_t lo, int64_t len, R* d) {
      for (int64_t k = 0, j = lo % inner; k < len; j = 0) {
        const int64_t run = std::min(inner - j, len - k);
        const int64_t o = lo + k;
        if (rep_b > 0)
          for (int64_t t = 0; t < run; ++t) d[k + t] = f(pa[o + t], pb[j + t]);
        else
          for (int64_t t = 0; t < run; ++t) d[k + t] = f(pa[j + t], pb[o + t]);
        k += run;
      }
    });
    return;
  }
  BroadcastIndexer ia(a.shape(), out.shape()), ib(b.shape(), out.shape());
  for_output(po, n, kGrain, [&](int64_t lo, int64_t len, R* d) {
    for (int64_t i = 0; i < len; ++i) d[i] = f(pa[ia.map(lo + i)], pb[ib.map(lo + i)]);
  });
}

template <typename F>
void unary(KernelCtx& ctx, F f) {
  dispatch_float(ctx, ctx.input(0).dtype(), [&]<typename T>() {
    const T* pi = ctx.input(0).data<T>();
    for_output(ctx.output().data<T>(), ctx.output().numel(), kGrain,
               [&](int64_t lo, int64_t len, T* d) {
                 for (int64_t i = 0; i < len; ++i) d[i] = f(pi[lo + i]);
               });
  });
}

/// A unary op of the form y = post(x, exp(pre(x))): with f32 and a vector ISA, blocks of pre(x)
/// go through the vector exp (the C library's bits, interp/graph/vexp.h) and post runs on the
/// block; otherwise (and for f64) the readable `reference` per element. pre and post are the
/// reference's own expressions, so both give the same bits.
template <typename Pre, typename Post, typename Ref>
void exp_form(KernelCtx& ctx, Pre pre, Post post, Ref reference) {
  const Isa isa = active_isa();
  if (ctx.input(0).dtype() != DType::f32 || isa == Isa::kScalar) return unary(ctx, reference);
  const float* pi = ctx.input(0).data<float>();
  for_output(ctx.output().data<float>(), ctx.output().numel(), kGrain,
             [&](int64_t lo, int64_t len, float* d) {
               constexpr int64_t kBlock = 512;
               alignas(64) float e[kBlock];
               for (int64_t b = 0; b < len; b += kBlock) {
                 const int64_t m = std::min(kBlock, len - b);
                 const float* x = pi + lo + b;
                 for (int64_t i = 0; i < m; ++i) e[i] = pre(x[i]);
                 exp_f32(e, e, m, isa);
                 for (int64_t i = 0; i < m; ++i) d[b + i] = post(x[i], e[i]);
               }
             });
}

/// -Inf maps to -0 in silu and gelu (their limit), where the formulas would give -Inf * 0.
template <typename T>
bool is_neg_inf(T x) {
  return x == -std::numeric_limits<T>::infinity();
}

}  // namespace tessera::interp::elementwise
