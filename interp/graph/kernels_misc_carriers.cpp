// tessera.softmax_safe, normalization_stats, compare_scalar, masked_fill and broadcast_in_dim
// kernels (docs/ops/graph/carriers.md). Low-precision float operands arrive widened to f32 and
// results are rounded at storage by the executor (broadcast_in_dim copies any storage itself).
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "interp/graph/dims.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

/// Rows along `axis` whose every element is -Inf get +0 (softmax_safe's one difference).
template <typename T>
void zero_masked_rows(KernelCtx& c, int64_t axis) {
  const auto& shape = c.input(0).shape();
  const auto a = static_cast<size_t>(axis);
  const int64_t len = shape[a], inner = dims_product(shape, a + 1, shape.size());
  const int64_t rows = dims_product(shape, 0, a) * inner;
  const T* x = c.input(0).data<T>();
  T* y = c.output().data<T>();
  const T ninf = -std::numeric_limits<T>::infinity();
  tbb::parallel_for(int64_t{0}, rows, [&](int64_t i) {
    const int64_t base = (i / inner) * len * inner + i % inner;
    bool masked = len > 0;
    for (int64_t j = 0; masked && j < len; ++j) masked = x[base + j * inner] == ninf;
    if (masked)
      for (int64_t j = 0; j < len; ++j) y[base + j * inner] = T(0);
  });
}

/// Mean and 1/sqrt(var + eps) of each row along `axis`, in layer_norm's order: the sum chain
/// x0 + x1 + ... in index order, / n; then d0*d0 + d1*d1 + ... with d = x - mean, / n.
template <typename T>
void row_stats(KernelCtx& c, int64_t axis) {
  const auto& shape = c.input(0).shape();
  const auto a = static_cast<size_t>(axis);
  const int64_t n = shape[a], inner = dims_product(shape, a + 1, shape.size());
  const int64_t rows = c.output(0).numel();
  const T* x = c.input(0).data<T>();
  T* mean = c.output(0).data<T>();
  T* inv = c.output(1).data<T>();
  const T eps = static_cast<T>(c.op.attrs.get_float("epsilon", 1e-5));
  const T count = static_cast<T>(n);
  tbb::parallel_for(int64_t{0}, rows, [&](int64_t i) {
    const T* xr = x + (i / inner) * n * inner + i % inner;
    T sum = n > 0 ? xr[0] : T(0);
    for (int64_t j = 1; j < n; ++j) sum = sum + xr[j * inner];
    const T m = sum / count;
    T sq = T(0);
    if (n > 0) {
      const T d0 = xr[0] - m;
      sq = d0 * d0;
    }
    for (int64_t j = 1; j < n; ++j) {
      const T d = xr[j * inner] - m;
      sq = sq + d * d;
    }
    mean[i] = m;
    inv[i] = T(1) / std::sqrt(sq / count + eps);
  });
}

int64_t axis_of(const KernelCtx& c) {
  int64_t axis = c.op.attrs.get_int("axis", -1);
  return axis < 0 ? axis + c.input(0).rank() : axis;
}

}  // namespace

void kernel_SoftmaxSafe(KernelCtx& c) {
  kernel_Softmax(c);
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { zero_masked_rows<T>(c, axis_of(c)); });
}

void kernel_NormalizationStats(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { row_stats<T>(c, axis_of(c)); });
}

/// x <pred> rhs with x's value and rhs exactly (both widened to f64, an exact widening); NaN
/// compares unequal to everything, as IEEE 754 says.
void kernel_CompareScalar(KernelCtx& c) {
  const std::string pred = c.op.attrs.get_string("predicate", "");
  const double rhs = c.op.attrs.get_float("rhs", 0.0);
  uint8_t* y = c.output().data<uint8_t>();
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const T* x = c.input(0).data<T>();
    auto run = [&](auto cmp) {
      tbb::parallel_for(int64_t{0}, c.output().numel(),
                        [&](int64_t i) { y[i] = cmp(static_cast<double>(x[i]), rhs) ? 1 : 0; });
    };
    if (pred == "eq")
      run([](double a, double b) { return a == b; });
    else if (pred == "ne")
      run([](double a, double b) { return a != b; });
    else if (pred == "lt")
      run([](double a, double b) { return a < b; });
    else if (pred == "le")
      run([](double a, double b) { return a <= b; });
    else if (pred == "gt")
      run([](double a, double b) { return a > b; });
    else if (pred == "ge")
      run([](double a, double b) { return a >= b; });
    else
      c.fail("unknown predicate '" + pred + "'");
  });
}

/// mask ? value : x, with value rounded to the compute type (f64 or f32; the executor rounds
/// an f32 result to a narrower storage type).
void kernel_MaskedFill(KernelCtx& c) {
  const double value = c.op.attrs.get_float("value", 0.0);
  const uint8_t* m = c.input(1).data<uint8_t>();
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const T* x = c.input(0).data<T>();
    T* y = c.output().data<T>();
    const T v = static_cast<T>(value);
    tbb::parallel_for(int64_t{0}, c.output().numel(), [&](int64_t i) { y[i] = m[i] ? v : x[i]; });
  });
}

/// tessera.broadcast's kernel: the optional shape operand only gave the result's shape.
void kernel_BroadcastInDim(KernelCtx& c) { kernel_Broadcast(c); }

}  // namespace tessera::interp
