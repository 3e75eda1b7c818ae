// tessera.grouped_gemm kernel (docs/ops/graph/grouped_gemm.md): rows of x in consecutive groups,
// each group multiplied by its own weight matrix with the sequential FMA chain of tessera.matmul.
#include <cmath>
#include <vector>

#include <tbb/parallel_for.h>

#include "interp/graph/index_read.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_GroupedGemm(KernelCtx& c) {
  const Tensor& x = c.input(0);
  const Tensor& w = c.input(1);
  const int64_t m = x.dim(0), k = x.dim(1), groups = w.dim(0), n = w.dim(2);
  // grouped_gemm_c4: the group sizes are non-negative and add up to M; row r belongs to group g
  // when it lies in [sizes[0] + .. + sizes[g-1], that + sizes[g]).
  std::vector<int64_t> group_of_row;
  group_of_row.reserve(size_t(m));
  with_indices(c, c.input(2), [&](const auto* p) {
    for (int64_t g = 0; g < groups; ++g) {
      const int64_t size =
          checked_index(c, p, g, m - int64_t(group_of_row.size()) + 1, "grouped_gemm_c4");
      group_of_row.insert(group_of_row.end(), size_t(size), g);
    }
  });
  if (int64_t(group_of_row.size()) != m)
    c.fail("the group sizes add up to " + std::to_string(group_of_row.size()) +
           ", not M = " + std::to_string(m) + " (grouped_gemm_c4)");
  dispatch_float(c, x.dtype(), [&]<typename T>() {
    const T* xv = x.data<T>();
    const T* wv = w.data<T>();
    T* out = c.output().data<T>();
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, m, 4), [&](auto r) {
      for (int64_t i = r.begin(); i < r.end(); ++i) {
        const T* wg = wv + group_of_row[size_t(i)] * k * n;
        for (int64_t j = 0; j < n; ++j) {
          T acc = 0;
          for (int64_t p = 0; p < k; ++p) acc = std::fma(xv[i * k + p], wg[p * n + j], acc);
          out[i * n + j] = acc;
        }
      }
    });
  });
}

}  // namespace tessera::interp
