// tessera.cross_entropy kernel (docs/ops/graph/losses.md): a stable log-sum-exp per row, rows in
// parallel, then one sequential reduction over the rows.
#include <cmath>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/numerics/expf.h"
#include "core/numerics/logf.h"
#include "interp/graph/ieee_minmax.h"
#include "interp/graph/index_read.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

template <typename T>
void cross_entropy(KernelCtx& c) {
  const Tensor& x = c.input(0);
  const int64_t classes = x.dim(x.rank() - 1);
  const int64_t rows = c.input(1).numel();
  std::vector<int64_t> label(static_cast<size_t>(rows));
  with_indices(c, c.input(1), [&](const auto* p) {
    // cross_entropy_c5: every label lies in [0, C).
    for (int64_t i = 0; i < rows; ++i)
      label[size_t(i)] = checked_index(c, p, i, classes, "cross_entropy_c5");
  });
  const T* xv = x.data<T>();
  std::vector<T> loss(static_cast<size_t>(rows));
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, rows, 64), [&](auto r) {
    for (int64_t i = r.begin(); i < r.end(); ++i) {
      const T* xr = xv + i * classes;
      T m = xr[0];
      for (int64_t j = 1; j < classes; ++j) m = ieee_max(m, xr[j]);
      T s = num::spec_exp(xr[0] - m);
      for (int64_t j = 1; j < classes; ++j) s = s + num::spec_exp(xr[j] - m);
      loss[size_t(i)] = num::spec_log(s) - (xr[label[size_t(i)]] - m);
    }
  });
  const std::string red = c.op.attrs.get_string("reduction", "mean");
  T* out = c.output().data<T>();
  if (red == "none") {
    for (int64_t i = 0; i < rows; ++i) out[i] = loss[size_t(i)];
    return;
  }
  T acc = rows > 0 ? loss[0] : T(0);
  for (int64_t i = 1; i < rows; ++i) acc = acc + loss[size_t(i)];
  out[0] = red == "mean" ? acc / static_cast<T>(rows) : acc;
}

}  // namespace

void kernel_CrossEntropy(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { cross_entropy<T>(c); });
}

}  // namespace tessera::interp
