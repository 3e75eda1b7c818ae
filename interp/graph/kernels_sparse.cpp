// tessera.spmm kernel (docs/ops/graph/linalg.md): CSR matrix times dense matrix, one FMA chain per
// output element over the row's stored entries in storage order; rows in parallel.
#include <cmath>
#include <vector>

#include <tbb/parallel_for.h>

#include "interp/graph/index_read.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_Spmm(KernelCtx& c) {
  const Tensor& vals = c.input(0);
  const Tensor& dense = c.input(3);
  const int64_t nnz = vals.numel(), k = dense.dim(0), n = dense.dim(1);
  const int64_t m = c.input(2).numel() - 1;
  std::vector<int64_t> col(static_cast<size_t>(nnz)), ptr(static_cast<size_t>(m + 1));
  // spmm_c5: column indices in [0, K); row_ptr starts at 0, never decreases, ends at nnz.
  with_indices(c, c.input(1), [&](const auto* p) {
    for (int64_t e = 0; e < nnz; ++e) col[size_t(e)] = checked_index(c, p, e, k, "spmm_c5");
  });
  with_indices(c, c.input(2), [&](const auto* p) {
    for (int64_t i = 0; i <= m; ++i) ptr[size_t(i)] = checked_index(c, p, i, nnz + 1, "spmm_c5");
  });
  for (int64_t i = 0; i <= m; ++i) {
    const bool ok = i == 0 ? ptr[0] == 0 : ptr[size_t(i)] >= ptr[size_t(i - 1)];
    if (!ok || (i == m && ptr[size_t(m)] != nnz))
      c.fail("row_ptr[" + std::to_string(i) + "] = " + std::to_string(ptr[size_t(i)]) +
             " breaks 0 = row_ptr[0] <= row_ptr[1] <= ... <= row_ptr[M] = nnz = " +
             std::to_string(nnz) + " (spmm_c5)");
  }
  dispatch_float(c, vals.dtype(), [&]<typename T>() {
    const T* v = vals.data<T>();
    const T* bv = dense.data<T>();
    T* out = c.output().data<T>();
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, m, 8), [&](auto r) {
      for (int64_t i = r.begin(); i < r.end(); ++i)
        for (int64_t j = 0; j < n; ++j) {
          T acc = 0;
          for (int64_t e = ptr[size_t(i)]; e < ptr[size_t(i + 1)]; ++e)
            acc = std::fma(v[e], bv[col[size_t(e)] * n + j], acc);
          out[i * n + j] = acc;
        }
    });
  });
}

}  // namespace tessera::interp
