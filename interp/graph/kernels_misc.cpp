// tessera.rope, ntk_rope and target_verify kernels (docs/ops/graph/rope.md). Low-precision
// operands arrive widened to f32 and results are rounded at storage by the executor.
#include <cmath>

#include <tbb/parallel_for.h>

#include "core/numerics/sincosf.h"
#include "interp/graph/kernel.h"
#include "interp/graph/no_slp.h"

namespace tessera::interp {
namespace {

/// The rotation of the spec: pairs (x[2p], x[2p+1]) of the flattened element order turned by
/// the angle theta[2p] (theta repeats over x's leading dims); `scale` divides the angle first
/// (ntk_rope), rounded to T. cos and sin are the spec's (core/numerics/sincosf.h: f32 by its
/// algorithm, f64 sincos64.h's). Every pair is independent, so threads split the pairs freely.
/// y[e] = x[e] cs - x[e+1] sn and y[e+1] = x[e] sn + x[e+1] cs, each product and sum rounded
/// once to T (no SLP: GCC would fuse the pair into vfmaddsub).
template <typename T>
TESSERA_NO_SLP void rotate_pair(const T* x, T* y, int64_t e, T cs, T sn) {
  const T xe = x[e], xo = x[e + 1];
  const T a = xe * cs, b = xo * sn, d = xe * sn, f = xo * cs;
  y[e] = a - b;
  y[e + 1] = d + f;
}

template <typename T>
void rope(KernelCtx& c, double scale) {
  const Tensor& xt = c.input(0);
  const int64_t inner = c.input(1).numel();
  const int64_t pairs = xt.numel() / 2;
  if (inner == 0 || pairs == 0) return;
  const T* x = xt.data<T>();
  const T* th = c.input(1).data<T>();
  T* y = c.output().data<T>();
  const T s = static_cast<T>(scale);
  const bool scaled = scale != 1.0;
  tbb::parallel_for(int64_t{0}, pairs, [&](int64_t p) {
    const int64_t e = 2 * p;
    const T angle = scaled ? th[e % inner] / s : th[e % inner];
    const auto sc = num::spec_sincos(angle);  // sincosf (f32) or sincos64 (f64)
    rotate_pair<T>(x, y, e, sc.cos, sc.sin);
  });
}

}  // namespace

void kernel_Rope(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { rope<T>(c, 1.0); });
}

void kernel_NtkRope(KernelCtx& c) {
  const double scale = c.op.attrs.get_float("scale", 1.0);
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { rope<T>(c, scale); });
}

/// softmax(logits) over V for each row: tessera.softmax with axis -1 on the second operand (the
/// same kernel, so the same bits); tokens are checked by the verifier only.
void kernel_TargetVerify(KernelCtx& c) {
  KernelCtx sub{c.op, c.in.subspan(1), c.out, c.step, c.run, nullptr};
  kernel_Softmax(sub);
}

}  // namespace tessera::interp
