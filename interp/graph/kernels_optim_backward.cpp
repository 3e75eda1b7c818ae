// Kernels of tessera.nesterov, tessera.momentum_backward and tessera.adam_backward
// (docs/ops/graph/optim_backward.md): per element, in parallel, in the compute type with one
// rounding per step in the order the spec writes and no fused multiply-add.
#include <cmath>

#include "core/numerics/pow64.h"
#include "interp/graph/train_kernels.h"

namespace tessera::interp {

void kernel_Nesterov(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const T lr = T(c.op.attrs.get_float("lr", 0.0));
    const T mu = T(c.op.attrs.get_float("momentum", 0.9));
    const T* p = c.input(0).data<T>();
    const T* g = c.input(1).data<T>();
    const T* v = c.input(2).data<T>();
    T* po = c.output(0).data<T>();
    T* vo = c.output(1).data<T>();
    train::each(c.input(0).numel(), [&](int64_t i) {
      const T v1 = mu * v[i] + g[i];
      po[i] = p[i] - lr * (g[i] + mu * v1);
      vo[i] = v1;
    });
  });
}

void kernel_MomentumBackward(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const double lr = c.op.attrs.get_float("lr", 0.0), mu = c.op.attrs.get_float("momentum", 0.9);
    const bool nesterov = c.op.attrs.get_bool("nesterov", false);
    const T lr_t = T(lr), mu_t = T(mu), lr_mu = T(lr * mu);
    const T* dp1 = c.input(0).data<T>();
    const T* dv1 = c.input(1).data<T>();
    T* dp = c.output(0).data<T>();
    T* dg = c.output(1).data<T>();
    T* dv = c.output(2).data<T>();
    train::each(c.input(0).numel(), [&](int64_t i) {
      // w: the whole cotangent of the new velocity v1.
      const T w = dv1[i] - (nesterov ? lr_mu : lr_t) * dp1[i];
      dp[i] = dp1[i];
      dg[i] = nesterov ? w - lr_t * dp1[i] : w;
      dv[i] = mu_t * w;
    });
  });
}

void kernel_AdamBackward(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const auto& a = c.op.attrs;
    const double beta1 = a.get_float("beta1", 0.9), beta2 = a.get_float("beta2", 0.999);
    const double step = double(a.get_int("step", 1));
    const bool adamw = a.get_bool("adamw", false);
    const T lr = T(a.get_float("lr", 1e-3)), eps = T(a.get_float("eps", 1e-8));
    const T b1 = T(beta1), b2 = T(beta2), ob1 = T(1.0 - beta1), ob2 = T(1.0 - beta2);
    const T c1 = T(1.0 - num::pow64(beta1, step)), c2 = T(1.0 - num::pow64(beta2, step));
    const T wd = T(adamw ? a.get_float("weight_decay", 0.01) : 0.0);
    const T* g = c.input(1).data<T>();
    const T* m = c.input(2).data<T>();
    const T* v = c.input(3).data<T>();
    const T* dP = c.input(4).data<T>();
    const T* dM = c.input(5).data<T>();
    const T* dV = c.input(6).data<T>();
    T* dp = c.output(0).data<T>();
    T* dg = c.output(1).data<T>();
    T* dm = c.output(2).data<T>();
    T* dv = c.output(3).data<T>();
    train::each(c.input(0).numel(), [&](int64_t i) {
      // The forward step (tessera.adam / adamw), recomputed.
      const T m1 = b1 * m[i] + ob1 * g[i];
      const T v1 = b2 * v[i] + ob2 * (g[i] * g[i]);
      const T mh = m1 / c1, sq = std::sqrt(v1 / c2);
      const T den = sq + eps;
      // Its reverse, from p1 = p - lr * u and u = mh / den (+ wd * p for adamw).
      const T du = -(lr * dP[i]);
      dp[i] = adamw ? dP[i] + wd * du : dP[i];
      const T dmh = du / den;
      const T dden = -((du * mh) / (den * den));
      const T dvh = dden / (T(2) * sq);
      const T dm1 = dM[i] + dmh / c1;
      const T dv1 = dV[i] + dvh / c2;
      dm[i] = b1 * dm1;
      dv[i] = b2 * dv1;
      dg[i] = ob1 * dm1 + (ob2 * (T(2) * g[i])) * dv1;
    });
  });
}

}  // namespace tessera::interp
