// Graph IR elementwise kernels: numpy broadcasting, one rounding per element in the compute type.
#include <cmath>

#include <tbb/parallel_for.h>

#include "interp/graph/broadcast.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

/// Applies `f(a, b)` over the broadcast of two inputs. Elementwise results do not depend on
/// evaluation order, so the output is split across TBB workers freely.
template <typename T, typename R, typename F>
void binary_map(KernelCtx& ctx, F f) {
  const Tensor& a = ctx.input(0);
  const Tensor& b = ctx.input(1);
  Tensor& out = ctx.output();
  BroadcastIndexer ia(a.shape(), out.shape()), ib(b.shape(), out.shape());
  const T* pa = a.data<T>();
  const T* pb = b.data<T>();
  R* po = out.data<R>();
  int64_t n = out.numel();
  if (a.shape() == out.shape() && b.shape() == out.shape()) {
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, n, 4096), [&](auto r) {
      for (int64_t i = r.begin(); i < r.end(); ++i) po[i] = f(pa[i], pb[i]);
    });
    return;
  }
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, n, 4096), [&](auto r) {
    for (int64_t i = r.begin(); i < r.end(); ++i) po[i] = f(pa[ia.map(i)], pb[ib.map(i)]);
  });
}

template <typename F>
void float_binary(KernelCtx& ctx, F f) {
  dispatch_any(ctx, ctx.input(0).dtype(), [&]<typename T>() { binary_map<T, T>(ctx, f); });
}

template <typename F>
void compare(KernelCtx& ctx, F f) {
  dispatch_any(ctx, ctx.input(0).dtype(), [&]<typename T>() {
    binary_map<T, uint8_t>(ctx, [&](T x, T y) -> uint8_t { return f(x, y) ? 1 : 0; });
  });
}

template <typename F>
void unary(KernelCtx& ctx, F f) {
  dispatch_float(ctx, ctx.input(0).dtype(), [&]<typename T>() {
    const T* pi = ctx.input(0).data<T>();
    T* po = ctx.output().data<T>();
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, ctx.output().numel(), 4096), [&](auto r) {
      for (int64_t i = r.begin(); i < r.end(); ++i) po[i] = f(pi[i]);
    });
  });
}

/// NaN-propagating max/min (IEEE maximum/minimum semantics, as numpy.maximum): -0 < +0.
template <typename T>
T nan_max(T x, T y) {
  if (std::isnan(x) || std::isnan(y)) return x + y;
  if (x == y) return std::signbit(x) ? y : x;
  return x > y ? x : y;
}
template <typename T>
T nan_min(T x, T y) {
  if (std::isnan(x) || std::isnan(y)) return x + y;
  if (x == y) return std::signbit(x) ? x : y;
  return x < y ? x : y;
}

}  // namespace

void kernel_Add(KernelCtx& c) { float_binary(c, [](auto x, auto y) { return static_cast<decltype(x)>(x + y); }); }
void kernel_Sub(KernelCtx& c) { float_binary(c, [](auto x, auto y) { return static_cast<decltype(x)>(x - y); }); }
void kernel_Mul(KernelCtx& c) { float_binary(c, [](auto x, auto y) { return static_cast<decltype(x)>(x * y); }); }
void kernel_Div(KernelCtx& c) {
  dispatch_any(c, c.input(0).dtype(), [&]<typename T>() {
    if constexpr (std::is_integral_v<T>) {
      c.fail("integer division is not supported; cast to a float type first");
    } else {
      binary_map<T, T>(c, [](T x, T y) { return x / y; });
    }
  });
}
void kernel_Max(KernelCtx& c) {
  float_binary(c, [](auto x, auto y) {
    if constexpr (std::is_floating_point_v<decltype(x)>) return nan_max(x, y);
    else return x > y ? x : y;
  });
}
void kernel_Min(KernelCtx& c) {
  float_binary(c, [](auto x, auto y) {
    if constexpr (std::is_floating_point_v<decltype(x)>) return nan_min(x, y);
    else return x < y ? x : y;
  });
}
void kernel_Pow(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { binary_map<T, T>(c, [](T x, T y) { return std::pow(x, y); }); });
}
void kernel_CmpEq(KernelCtx& c) { compare(c, [](auto x, auto y) { return x == y; }); }
void kernel_CmpNe(KernelCtx& c) { compare(c, [](auto x, auto y) { return x != y; }); }
void kernel_CmpLt(KernelCtx& c) { compare(c, [](auto x, auto y) { return x < y; }); }
void kernel_CmpLe(KernelCtx& c) { compare(c, [](auto x, auto y) { return x <= y; }); }
void kernel_CmpGt(KernelCtx& c) { compare(c, [](auto x, auto y) { return x > y; }); }
void kernel_CmpGe(KernelCtx& c) { compare(c, [](auto x, auto y) { return x >= y; }); }

void kernel_Select(KernelCtx& c) {
  dispatch_any(c, c.output().dtype(), [&]<typename T>() {
    const Tensor& cond = c.input(0);
    const Tensor& a = c.input(1);
    const Tensor& b = c.input(2);
    Tensor& out = c.output();
    BroadcastIndexer ic(cond.shape(), out.shape()), ia(a.shape(), out.shape()), ib(b.shape(), out.shape());
    const uint8_t* pc = cond.data<uint8_t>();
    const T* pa = a.data<T>();
    const T* pb = b.data<T>();
    T* po = out.data<T>();
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, out.numel(), 4096), [&](auto r) {
      for (int64_t i = r.begin(); i < r.end(); ++i) po[i] = pc[ic.map(i)] ? pa[ia.map(i)] : pb[ib.map(i)];
    });
  });
}

void kernel_Neg(KernelCtx& c) { unary(c, [](auto x) { return -x; }); }
void kernel_Abs(KernelCtx& c) { unary(c, [](auto x) { return std::fabs(x); }); }
void kernel_Exp(KernelCtx& c) { unary(c, [](auto x) { return std::exp(x); }); }
void kernel_Log(KernelCtx& c) { unary(c, [](auto x) { return std::log(x); }); }
void kernel_Sqrt(KernelCtx& c) { unary(c, [](auto x) { return std::sqrt(x); }); }
void kernel_Rsqrt(KernelCtx& c) {
  unary(c, [](auto x) { return static_cast<decltype(x)>(1) / std::sqrt(x); });
}
void kernel_Tanh(KernelCtx& c) { unary(c, [](auto x) { return std::tanh(x); }); }
void kernel_Relu(KernelCtx& c) {
  // relu(NaN) = NaN; relu(-0) = +0.
  unary(c, [](auto x) { return std::isnan(x) ? x : (x > 0 ? x : static_cast<decltype(x)>(0)); });
}
void kernel_Sigmoid(KernelCtx& c) {
  unary(c, [](auto x) { return static_cast<decltype(x)>(1) / (static_cast<decltype(x)>(1) + std::exp(-x)); });
}
void kernel_Silu(KernelCtx& c) {
  unary(c, [](auto x) { return x / (static_cast<decltype(x)>(1) + std::exp(-x)); });
}
void kernel_Gelu(KernelCtx& c) {
  bool tanh_form = c.op.attrs.get_string("approximate", "none") == "tanh";
  unary(c, [tanh_form](auto x) {
    using T = decltype(x);
    if (tanh_form) {
      // 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), evaluated left to right in T.
      const T k = static_cast<T>(0.7978845608028654);
      const T inner = k * (x + static_cast<T>(0.044715) * x * x * x);
      return static_cast<T>(0.5) * x * (static_cast<T>(1) + std::tanh(inner));
    }
    // 0.5 x (1 + erf(x / sqrt 2)).
    return static_cast<T>(0.5) * x * (static_cast<T>(1) + std::erf(x * static_cast<T>(0.7071067811865476)));
  });
}

}  // namespace tessera::interp
