// Kernels of tessera.loss.mse_backward, binary_cross_entropy_backward and the axis-general
// tessera.loss.cross_entropy (docs/ops/graph/loss_backward.md): per element (or per position)
// in parallel, in the compute type, one rounding per step, no fused multiply-add; the cross
// entropy's reduction is one sequential chain in position order. exp and log are the spec's
// (num::spec_exp, num::spec_log: expf and logf for f32, docs/numerics.md), as at every lowered
// level.
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "core/numerics/expf.h"
#include "core/numerics/logf.h"
#include "interp/graph/ieee_minmax.h"
#include "interp/graph/index_read.h"
#include "interp/graph/train_kernels.h"

namespace tessera::interp {
namespace {

/// The cotangent scale of element i: g / N for "mean" (N = n converted to T), g for "sum",
/// g_i for "none".
template <typename T>
struct CotangentScale {
  const T* g;
  bool per_element;
  T s;
  CotangentScale(const KernelCtx& c, int64_t n) {
    const std::string red = c.op.attrs.get_string("reduction", "mean");
    g = c.input(2).data<T>();
    per_element = red == "none";
    s = red == "mean" ? g[0] / static_cast<T>(n) : g[0];
  }
  T at(int64_t i) const { return per_element ? g[i] : s; }
};

/// sigmoid(z) without overflow: 1 / (1 + exp(-z)) for z >= 0, exp(z) / (1 + exp(z)) otherwise.
template <typename T>
T sigmoid(T z) {
  if (z >= T(0)) return T(1) / (T(1) + num::spec_exp(-z));
  const T e = num::spec_exp(z);
  return e / (T(1) + e);
}

}  // namespace

void kernel_LossMseBackward(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const int64_t n = c.input(0).numel();
    const CotangentScale<T> s(c, n);
    const T* p = c.input(0).data<T>();
    const T* t = c.input(1).data<T>();
    T* dp = c.output(0).data<T>();
    T* dt = c.output(1).data<T>();
    train::each(n, [&](int64_t i) {
      const T d = (T(2) * (p[i] - t[i])) * s.at(i);
      dp[i] = d;
      dt[i] = -d;
    });
  });
}

void kernel_LossBceBackward(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const int64_t n = c.input(0).numel();
    const CotangentScale<T> s(c, n);
    const T* z = c.input(0).data<T>();
    const T* t = c.input(1).data<T>();
    T* dz = c.output(0).data<T>();
    T* dt = c.output(1).data<T>();
    train::each(n, [&](int64_t i) {
      dz[i] = (sigmoid(z[i]) - t[i]) * s.at(i);
      dt[i] = (-z[i]) * s.at(i);
    });
  });
}

void kernel_LossCrossEntropy(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const Tensor& x = c.input(0);
    const int64_t rank = static_cast<int64_t>(x.shape().size());
    int64_t axis = c.op.attrs.get_int("axis", rank >= 2 ? 1 : 0);
    if (axis < 0) axis += rank;
    const train::AxisSplit s = train::split_axis(x.shape(), axis);
    const int64_t npos = s.outer * s.inner, classes = s.extent;
    const int64_t ignore = c.op.attrs.get_int("ignore_index", -100);
    const double eps = c.op.attrs.get_float("label_smoothing", 0.0);
    const T keep = T(1.0 - eps), share = T(classes > 0 ? eps / double(classes) : 0.0);
    // loss_ce_c7: every target is in [0, C) or equals ignore_index (checked in position order).
    std::vector<int64_t> label(static_cast<size_t>(npos));
    with_indices(c, c.input(1), [&](const auto* y) {
      for (int64_t i = 0; i < npos; ++i) {
        using Y = std::remove_cvref_t<decltype(y[0])>;
        bool ignored;
        if constexpr (std::numeric_limits<Y>::is_signed)
          ignored = static_cast<int64_t>(y[i]) == ignore;
        else
          ignored = ignore >= 0 && static_cast<uint64_t>(y[i]) == static_cast<uint64_t>(ignore);
        label[i] = ignored ? -1 : checked_index(c, y, i, classes, "loss_ce_c7");
      }
    });
    const T* xd = x.data<T>();
    std::vector<T> loss(static_cast<size_t>(npos), T(0));
    train::each(npos, [&](int64_t pos) {
      if (label[pos] < 0) return;
      const int64_t o = pos / s.inner, in = pos % s.inner;
      auto at = [&](int64_t j) { return xd[(o * classes + j) * s.inner + in]; };
      T m = at(0);
      for (int64_t j = 1; j < classes; ++j) m = ieee_max(m, at(j));
      T sum = num::spec_exp(at(0) - m);
      for (int64_t j = 1; j < classes; ++j) sum = sum + num::spec_exp(at(j) - m);
      const T lse = num::spec_log(sum);
      const T nll = lse - (at(label[pos]) - m);
      if (eps == 0.0) {
        loss[pos] = nll;
        return;
      }
      T all = lse - (at(0) - m);
      for (int64_t j = 1; j < classes; ++j) all = all + (lse - (at(j) - m));
      loss[pos] = keep * nll + share * all;
    });
    const std::string red = c.op.attrs.get_string("reduction", "mean");
    T* out = c.output().data<T>();
    if (red == "none") {
      for (int64_t i = 0; i < npos; ++i) out[i] = loss[i];
      return;
    }
    T acc = T(0);
    int64_t count = 0;
    for (int64_t i = 0; i < npos; ++i) {
      if (label[i] < 0) continue;
      acc = count == 0 ? loss[i] : acc + loss[i];
      ++count;
    }
    out[0] = red == "mean" ? acc / static_cast<T>(count) : acc;
  });
}

}  // namespace tessera::interp
