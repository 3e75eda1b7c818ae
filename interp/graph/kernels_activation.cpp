// Graph IR exp, log, tanh and the activations (sigmoid, silu, gelu): the spec's functions
// (docs/numerics.md) per element, with the f32 vector exp for the exp forms.
#include <cmath>
#include <limits>

#include "core/numerics/erfcf.h"
#include "core/numerics/expf.h"
#include "core/numerics/logf.h"
#include "core/numerics/tanhf.h"
#include "interp/graph/elementwise_map.h"

namespace tessera::interp {
namespace {

using elementwise::exp_form;
using elementwise::is_neg_inf;
using elementwise::unary;

}  // namespace

void kernel_Exp(KernelCtx& c) {
  exp_form(
      c, [](float x) { return x; }, [](float, float e) { return e; },
      [](auto x) { return num::spec_exp(x); });
}
void kernel_Log(KernelCtx& c) {
  unary(c, [](auto x) { return num::spec_log(x); });
}
void kernel_Tanh(KernelCtx& c) {
  // The spec's tanhf for f32 and tanh64 for f64 (docs/numerics.md "tanh", "tanh and erfc on f64").
  unary(c, [](auto x) { return num::spec_tanh(x); });
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
