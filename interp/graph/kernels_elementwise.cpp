// Graph IR elementwise kernels: numpy broadcasting, one rounding per step in the compute type.
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "core/numerics/erfcf.h"
#include "core/numerics/expf.h"
#include "core/numerics/logf.h"
#include "core/numerics/pow64.h"
#include "core/numerics/tanhf.h"
#include "interp/graph/broadcast.h"
#include "interp/graph/ieee_minmax.h"
#include "interp/graph/isa.h"
#include "interp/graph/kernel.h"
#include "interp/graph/stream_store.h"
#include "interp/graph/vexp.h"

namespace tessera::interp {
namespace {

constexpr int64_t kGrain = 4096;

/// When `shape` broadcasts to `out` by repeating one block along leading dims (its dims, after
/// leading 1s, are the trailing dims of `out`): the block's element count; else 0.
int64_t repeated_block(const std::vector<int64_t>& shape, const std::vector<int64_t>& out) {
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

/// Integer add/sub/mul wrap modulo 2^bits (computed on the unsigned type of the same width, so
/// there is no signed-overflow UB); i1 keeps only the low bit (add = sub = xor, mul = and).
template <typename T, typename F>
T wrap(T x, T y, F f, bool is_i1) {
  using U = std::make_unsigned_t<T>;
  // Narrow types would promote to (signed) int, where 65535 * 65535 overflows: widen to unsigned.
  using W = std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;
  U r = static_cast<U>(f(static_cast<W>(static_cast<U>(x)), static_cast<W>(static_cast<U>(y))));
  if (is_i1) r = static_cast<U>(r & 1u);
  return static_cast<T>(r);
}

/// add/sub/mul: `f` runs in T for floats and through `wrap` for integers.
template <typename F>
void arith(KernelCtx& ctx, F f) {
  const bool is_i1 = ctx.input(0).dtype() == DType::i1;
  dispatch_any(ctx, ctx.input(0).dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      binary_map<T, T>(ctx, [&](T x, T y) { return static_cast<T>(f(x, y)); });
    } else {
      binary_map<T, T>(ctx, [&](T x, T y) { return wrap<T>(x, y, f, is_i1); });
    }
  });
}

/// A comparison; integer operands compare as the type's signedness unless the op's `signedness`
/// (compare_c4) says "signed" or "unsigned": then the same bits are read as that signedness.
template <typename F>
void compare(KernelCtx& ctx, F f) {
  const ir::Attr* s = ctx.op.attrs.get("signedness");
  const int sign = !s ? 0 : s->s == "unsigned" ? 1 : 2;  // 0 the type's, 1 unsigned, 2 signed
  dispatch_any(ctx, ctx.input(0).dtype(), [&]<typename T>() {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      using U = std::make_unsigned_t<T>;
      using S = std::make_signed_t<T>;
      binary_map<T, uint8_t>(ctx, [&](T x, T y) -> uint8_t {
        if (sign == 1) return f(static_cast<U>(x), static_cast<U>(y)) ? 1 : 0;
        if (sign == 2) return f(static_cast<S>(x), static_cast<S>(y)) ? 1 : 0;
        return f(x, y) ? 1 : 0;
      });
    } else {
      binary_map<T, uint8_t>(ctx, [&](T x, T y) -> uint8_t { return f(x, y) ? 1 : 0; });
    }
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

}  // namespace

void kernel_Add(KernelCtx& c) {
  arith(c, [](auto x, auto y) { return x + y; });
}
void kernel_Sub(KernelCtx& c) {
  arith(c, [](auto x, auto y) { return x - y; });
}
void kernel_Mul(KernelCtx& c) {
  arith(c, [](auto x, auto y) { return x * y; });
}
void kernel_Div(KernelCtx& c) {
  // The verifier admits float operands only (binary_c1).
  dispatch_float(c, c.input(0).dtype(),
                 [&]<typename T>() { binary_map<T, T>(c, [](T x, T y) { return x / y; }); });
}
void kernel_Max(KernelCtx& c) {
  dispatch_any(c, c.input(0).dtype(), [&]<typename T>() {
    binary_map<T, T>(c, [](T x, T y) {
      if constexpr (std::is_floating_point_v<T>)
        return ieee_max(x, y);
      else
        return x > y ? x : y;
    });
  });
}
void kernel_Min(KernelCtx& c) {
  dispatch_any(c, c.input(0).dtype(), [&]<typename T>() {
    binary_map<T, T>(c, [](T x, T y) {
      if constexpr (std::is_floating_point_v<T>)
        return ieee_min(x, y);
      else
        return x < y ? x : y;
    });
  });
}
void kernel_Pow(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    // The spec's pow (docs/numerics.md "pow"): pow64, rounded once more to f32 for f32.
    binary_map<T, T>(c, [](T x, T y) { return num::spec_pow(x, y); });
  });
}
void kernel_CmpEq(KernelCtx& c) {
  compare(c, [](auto x, auto y) { return x == y; });
}
void kernel_CmpNe(KernelCtx& c) {
  compare(c, [](auto x, auto y) { return x != y; });
}
void kernel_CmpLt(KernelCtx& c) {
  compare(c, [](auto x, auto y) { return x < y; });
}
void kernel_CmpLe(KernelCtx& c) {
  compare(c, [](auto x, auto y) { return x <= y; });
}
void kernel_CmpGt(KernelCtx& c) {
  compare(c, [](auto x, auto y) { return x > y; });
}
void kernel_CmpGe(KernelCtx& c) {
  compare(c, [](auto x, auto y) { return x >= y; });
}

void kernel_Select(KernelCtx& c) {
  dispatch_any(c, c.output().dtype(), [&]<typename T>() {
    const Tensor& cond = c.input(0);
    const Tensor& a = c.input(1);
    const Tensor& b = c.input(2);
    Tensor& out = c.output();
    BroadcastIndexer ic(cond.shape(), out.shape()), ia(a.shape(), out.shape()),
        ib(b.shape(), out.shape());
    const uint8_t* pc = cond.data<uint8_t>();
    const T* pa = a.data<T>();
    const T* pb = b.data<T>();
    for_output(out.data<T>(), out.numel(), kGrain, [&](int64_t lo, int64_t len, T* d) {
      for (int64_t i = 0; i < len; ++i) {
        const int64_t k = lo + i;
        d[i] = pc[ic.map(k)] ? pa[ia.map(k)] : pb[ib.map(k)];
      }
    });
  });
}

void kernel_Neg(KernelCtx& c) {
  unary(c, [](auto x) { return -x; });
}
void kernel_Abs(KernelCtx& c) {
  unary(c, [](auto x) { return std::fabs(x); });
}
void kernel_Exp(KernelCtx& c) {
  exp_form(
      c, [](float x) { return x; }, [](float, float e) { return e; },
      [](auto x) { return num::spec_exp(x); });
}
void kernel_Log(KernelCtx& c) {
  unary(c, [](auto x) { return num::spec_log(x); });
}
void kernel_Sqrt(KernelCtx& c) {
  unary(c, [](auto x) { return std::sqrt(x); });
}
void kernel_Rsqrt(KernelCtx& c) {
  // Two roundings: sqrt, then the division.
  unary(c, [](auto x) { return static_cast<decltype(x)>(1) / std::sqrt(x); });
}
void kernel_Tanh(KernelCtx& c) {
  // The spec's tanhf for f32 (docs/numerics.md "tanh"), the C library's tanh for f64.
  unary(c, [](auto x) { return num::spec_tanh(x); });
}
void kernel_Relu(KernelCtx& c) {
  // relu(NaN) = NaN; relu(-0) = +0.
  unary(c, [](auto x) { return std::isnan(x) ? x : (x > 0 ? x : static_cast<decltype(x)>(0)); });
}
/// sigmoid, silu and tanh-form gelu as formulas of one exp (docs/ops/graph/elementwise.md).
template <typename T>
T sigmoid_ref(T x) {
  return T(1) / (T(1) + num::spec_exp(-x));
}
template <typename T>
T silu_ref(T x) {
  if (is_neg_inf(x)) return T(-0.0);
  return x / (T(1) + num::spec_exp(-x));
}
/// x / (1 + exp(-2u)), u = sqrt(2/pi) * (x + 0.044715 * ((x * x) * x)): equal to
/// 0.5 x (1 + tanh(u)) without its cancellation for negative x. gelu_tanh_arg is -2u.
template <typename T>
T gelu_tanh_arg(T x) {
  const T x3 = (x * x) * x;
  const T u = static_cast<T>(0.7978845608028654) * (x + static_cast<T>(0.044715) * x3);
  return T(-2) * u;
}
template <typename T>
T gelu_tanh_ref(T x) {
  if (is_neg_inf(x)) return T(-0.0);
  return x / (T(1) + num::spec_exp(gelu_tanh_arg(x)));
}

void kernel_Sigmoid(KernelCtx& c) {
  exp_form(
      c, [](float x) { return -x; }, [](float, float e) { return 1.0f / (1.0f + e); },
      [](auto x) { return sigmoid_ref(x); });
}
void kernel_Silu(KernelCtx& c) {
  exp_form(
      c, [](float x) { return -x; },
      [](float x, float e) { return is_neg_inf(x) ? -0.0f : x / (1.0f + e); },
      [](auto x) { return silu_ref(x); });
}
void kernel_Gelu(KernelCtx& c) {
  if (c.op.attrs.get_string("approximate", "none") == "tanh") {
    exp_form(
        c, [](float x) { return gelu_tanh_arg(x); },
        [](float x, float e) { return is_neg_inf(x) ? -0.0f : x / (1.0f + e); },
        [](auto x) { return gelu_tanh_ref(x); });
    return;
  }
  unary(c, [](auto x) {
    using T = decltype(x);
    if (is_neg_inf(x)) return T(-0.0);
    // (0.5 x) * erfc(-(x * (1 / sqrt 2))): equal to 0.5 x (1 + erf(x / sqrt 2)) without its
    // cancellation for negative x.
    const T t = x * static_cast<T>(0.7071067811865476);
    return (T(0.5) * x) * num::spec_erfc(-t);
  });
}

}  // namespace tessera::interp
