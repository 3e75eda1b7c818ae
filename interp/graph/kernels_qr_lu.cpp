// Kernels of tessera.qr (Householder, R's diagonal made >= 0) and tessera.lu (partial pivoting,
// first largest pivot) (docs/ops/graph/qr_lu.md): matrices of a batch in parallel, each on one
// thread in the compute type, every dot product a sequential chain in increasing index order.
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "interp/graph/train_kernels.h"

namespace tessera::interp {
namespace {

/// Householder QR of the m x n matrix `a` (row-major, m >= n) into q (m x n) and r (n x n).
template <typename T>
void qr_one(const T* a, int64_t m, int64_t n, T* q, T* r) {
  std::vector<T> w(a, a + m * n);       // the matrix being reduced
  std::vector<T> vs(size_t(m * n), 0);  // reflector k in column k, rows k..m-1
  std::vector<T> vn(size_t(n), 0);      // v_kᵀ v_k, 0 for no reflection
  for (int64_t k = 0; k < n; ++k) {
    T s = w[k * n + k] * w[k * n + k];
    for (int64_t i = k + 1; i < m; ++i) s = s + w[i * n + k] * w[i * n + k];
    const T nrm = std::sqrt(s);
    if (nrm == T(0)) continue;
    const T alpha = w[k * n + k] >= T(0) ? -nrm : nrm;
    for (int64_t i = k; i < m; ++i) vs[i * n + k] = w[i * n + k];
    vs[k * n + k] = vs[k * n + k] - alpha;
    T vv = vs[k * n + k] * vs[k * n + k];
    for (int64_t i = k + 1; i < m; ++i) vv = vv + vs[i * n + k] * vs[i * n + k];
    if (vv == T(0)) continue;
    vn[k] = vv;
    for (int64_t j = k; j < n; ++j) {
      T t = vs[k * n + k] * w[k * n + j];
      for (int64_t i = k + 1; i < m; ++i) t = t + vs[i * n + k] * w[i * n + j];
      const T f = (T(2) * t) / vv;
      for (int64_t i = k; i < m; ++i) w[i * n + j] = w[i * n + j] - f * vs[i * n + k];
    }
  }
  // Q = H_0 H_1 ... H_{n-1} I[:, :n], the reflectors applied last to first.
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) q[i * n + j] = i == j ? T(1) : T(0);
  for (int64_t k = n - 1; k >= 0; --k) {
    if (vn[k] == T(0)) continue;
    for (int64_t j = 0; j < n; ++j) {
      T t = vs[k * n + k] * q[k * n + j];
      for (int64_t i = k + 1; i < m; ++i) t = t + vs[i * n + k] * q[i * n + j];
      const T f = (T(2) * t) / vn[k];
      for (int64_t i = k; i < m; ++i) q[i * n + j] = q[i * n + j] - f * vs[i * n + k];
    }
  }
  // R: the upper triangle; then the sign convention R_kk >= 0 (row k of R, column k of Q).
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) r[i * n + j] = j >= i ? w[i * n + j] : T(0);
  for (int64_t k = 0; k < n; ++k) {
    if (!(r[k * n + k] < T(0))) continue;
    for (int64_t j = k; j < n; ++j) r[k * n + j] = -r[k * n + j];
    for (int64_t i = 0; i < m; ++i) q[i * n + k] = -q[i * n + k];
  }
}

/// LU with partial pivoting of the n x n matrix in `lu` (in place); piv[k] is the row swapped
/// with row k at step k.
template <typename T>
void lu_one(T* lu, int64_t n, int32_t* piv) {
  for (int64_t k = 0; k < n; ++k) {
    int64_t p = k;
    T best = std::fabs(lu[k * n + k]);
    for (int64_t i = k + 1; i < n; ++i) {
      const T v = std::fabs(lu[i * n + k]);
      if (v > best || (std::isnan(v) && !std::isnan(best))) {
        best = v;
        p = i;
      }
    }
    piv[k] = static_cast<int32_t>(p);
    if (p != k)
      for (int64_t j = 0; j < n; ++j) std::swap(lu[k * n + j], lu[p * n + j]);
    const T d = lu[k * n + k];
    if (d == T(0)) continue;
    for (int64_t i = k + 1; i < n; ++i) {
      const T l = lu[i * n + k] / d;
      lu[i * n + k] = l;
      for (int64_t j = k + 1; j < n; ++j) lu[i * n + j] = lu[i * n + j] - l * lu[k * n + j];
    }
  }
}

}  // namespace

void kernel_Qr(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const auto& sh = c.input(0).shape();
    const int64_t m = sh[sh.size() - 2], n = sh.back();
    if (m < n)
      c.fail("expects M >= N at run time, got " + std::to_string(m) + " x " + std::to_string(n) +
             " (qr_c2)");
    const int64_t batch = m * n == 0 ? 0 : c.input(0).numel() / (m * n);
    const T* a = c.input(0).data<T>();
    T* q = c.output(0).data<T>();
    T* r = c.output(1).data<T>();
    if (batch == 0) {
      for (int64_t i = 0; i < c.output(1).numel(); ++i) r[i] = T(0);
      return;
    }
    train::each(batch,
                [&](int64_t b) { qr_one(a + b * m * n, m, n, q + b * m * n, r + b * n * n); });
  });
}

void kernel_Lu(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const auto& sh = c.input(0).shape();
    const int64_t m = sh[sh.size() - 2], n = sh.back();
    if (m != n)
      c.fail("expects a square matrix at run time, got " + std::to_string(m) + " x " +
             std::to_string(n) + " (lu_c2)");
    if (n > INT32_MAX)
      c.fail("order " + std::to_string(n) + " does not fit the i32 pivots (lu_c3)");
    const int64_t batch = n == 0 ? 0 : c.input(0).numel() / (n * n);
    const T* a = c.input(0).data<T>();
    T* lu = c.output(0).data<T>();
    int32_t* piv = c.output(1).data<int32_t>();
    for (int64_t i = 0; i < c.input(0).numel(); ++i) lu[i] = a[i];
    train::each(batch, [&](int64_t b) { lu_one(lu + b * n * n, n, piv + b * n); });
  });
}

}  // namespace tessera::interp
