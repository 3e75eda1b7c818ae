// Graph IR elementwise kernels: add, sub, mul, div, max, min, pow, neg, abs, sqrt, rsqrt and
// relu; numpy broadcasting, one rounding per step in the compute type. Comparisons and select:
// kernels_compare.cpp; exp, log and the activations: kernels_activation.cpp.
#include <cmath>
#include <type_traits>

#include "core/numerics/pow64.h"
#include "interp/graph/elementwise_map.h"
#include "interp/graph/ieee_minmax.h"

namespace tessera::interp {
namespace {

using elementwise::binary_map;
using elementwise::unary;

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
void kernel_Neg(KernelCtx& c) {
  unary(c, [](auto x) { return -x; });
}
void kernel_Abs(KernelCtx& c) {
  unary(c, [](auto x) { return std::fabs(x); });
}
void kernel_Sqrt(KernelCtx& c) {
  unary(c, [](auto x) { return std::sqrt(x); });
}
void kernel_Rsqrt(KernelCtx& c) {
  // Two roundings: sqrt, then the division.
  unary(c, [](auto x) { return static_cast<decltype(x)>(1) / std::sqrt(x); });
}
void kernel_Relu(KernelCtx& c) {
  // relu(NaN) = NaN; relu(-0) = +0.
  unary(c, [](auto x) { return std::isnan(x) ? x : (x > 0 ? x : static_cast<decltype(x)>(0)); });
}

}  // namespace tessera::interp
