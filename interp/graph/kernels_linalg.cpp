// cholesky, tri_solve, cholesky_solve and svd kernels (docs/ops/graph/linalg.md): one matrix per
// task, batch in parallel.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <numeric>
#include <vector>

#include <tbb/parallel_for.h>

#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

/// Runs f(b) for every matrix b of a [..., rows, cols] tensor, in parallel.
template <typename F>
void each_matrix(const Tensor& t, F f) {
  const int64_t per = t.dim(t.rank() - 2) * t.dim(t.rank() - 1);
  const int64_t batch = per == 0 ? 0 : t.numel() / per;
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, batch, 1), [&](auto r) {
    for (int64_t b = r.begin(); b < r.end(); ++b) f(b);
  });
}

/// The lower Cholesky factor of one n x n matrix x into l (cholesky's spec loop). With
/// `upper`, x's upper triangle is read (as the lower one of xᵀ).
template <typename T>
void cholesky_one(const T* x, T* l, int64_t n, bool upper) {
  std::fill(l, l + n * n, T(0));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j <= i; ++j) {
      T s = upper ? x[j * n + i] : x[i * n + j];
      for (int64_t k = 0; k < j; ++k) s = s - l[i * n + k] * l[j * n + k];
      l[i * n + j] = i == j ? std::sqrt(s) : s / l[j * n + j];
    }
}

/// Solves M X = B in place (b: n x k) for the triangular M(i, j) = m[i * n + j], or
/// m[j * n + i] with `trans`; `lower` says which triangle of m is read, `unit` takes the
/// diagonal as 1 (tri_solve's spec loop).
template <typename T>
void tri_solve_one(const T* m, T* b, int64_t n, int64_t k, bool lower, bool trans, bool unit) {
  auto at = [&](int64_t i, int64_t j) { return trans ? m[j * n + i] : m[i * n + j]; };
  const bool forward = lower != trans;  // op(M) is lower triangular
  for (int64_t step = 0; step < n; ++step) {
    const int64_t i = forward ? step : n - 1 - step;
    for (int64_t c = 0; c < k; ++c) {
      T s = b[i * k + c];
      if (forward)
        for (int64_t j = 0; j < i; ++j) s = s - at(i, j) * b[j * k + c];
      else
        for (int64_t j = i + 1; j < n; ++j) s = s - at(i, j) * b[j * k + c];
      b[i * k + c] = unit ? s : s / at(i, i);
    }
  }
}

template <typename T>
void cholesky(KernelCtx& c) {
  const Tensor& a = c.input(0);
  const int64_t n = a.dim(a.rank() - 1);
  const bool lower = c.op.attrs.get_bool("lower", true);
  each_matrix(a, [&](int64_t b) {
    T* l = c.output().data<T>() + b * n * n;
    cholesky_one(a.data<T>() + b * n * n, l, n, !lower);
    if (!lower)  // U = Lᵀ
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < i; ++j) std::swap(l[i * n + j], l[j * n + i]);
  });
}

template <typename T>
void tri_solve(KernelCtx& c) {
  const Tensor& a = c.input(0);
  const Tensor& rhs = c.input(1);
  const int64_t n = a.dim(a.rank() - 1), k = rhs.dim(rhs.rank() - 1);
  const bool lower = c.op.attrs.get_bool("lower", true),
             trans = c.op.attrs.get_bool("trans", false),
             unit = c.op.attrs.get_bool("unit_diag", false);
  std::copy(rhs.data<T>(), rhs.data<T>() + rhs.numel(), c.output().data<T>());
  each_matrix(a, [&](int64_t b) {
    tri_solve_one(a.data<T>() + b * n * n, c.output().data<T>() + b * n * k, n, k, lower, trans,
                  unit);
  });
}

template <typename T>
void cholesky_solve(KernelCtx& c) {
  const Tensor& a = c.input(0);
  const Tensor& rhs = c.input(1);
  const int64_t n = a.dim(a.rank() - 1), k = rhs.dim(rhs.rank() - 1);
  const bool lower = c.op.attrs.get_bool("lower", true);
  std::copy(rhs.data<T>(), rhs.data<T>() + rhs.numel(), c.output().data<T>());
  each_matrix(a, [&](int64_t b) {
    std::vector<T> l(static_cast<size_t>(n * n));
    cholesky_one(a.data<T>() + b * n * n, l.data(), n, !lower);
    T* x = c.output().data<T>() + b * n * k;
    tri_solve_one(l.data(), x, n, k, true, false, false);  // L Y = B
    tri_solve_one(l.data(), x, n, k, true, true, false);   // Lᵀ X = Y
  });
}

/// Column sums of products of w (rows x cols, row-major) columns p and q, in row order.
double col_dot(const std::vector<double>& w, int64_t rows, int64_t cols, int64_t p, int64_t q) {
  double s = 0;
  for (int64_t i = 0; i < rows; ++i) s = s + w[size_t(i * cols + p)] * w[size_t(i * cols + q)];
  return s;
}

void rotate(std::vector<double>& w, int64_t rows, int64_t cols, int64_t p, int64_t q, double cs,
            double sn) {
  for (int64_t i = 0; i < rows; ++i) {
    double& wp = w[size_t(i * cols + p)];
    double& wq = w[size_t(i * cols + q)];
    const double a = wp, b = wq;
    wp = cs * a - sn * b;
    wq = sn * a + cs * b;
  }
}

/// One-sided Jacobi (Hestenes) on w (m x n, m >= n) in f64: cyclic sweeps over the pairs
/// (p, q), p < q, in row-major order, until a sweep rotates nothing (at most 60 sweeps).
/// Leaves W = U * diag(S) in w and V (n x n) in v.
void jacobi(std::vector<double>& w, std::vector<double>& v, int64_t m, int64_t n) {
  v.assign(size_t(n * n), 0.0);
  for (int64_t i = 0; i < n; ++i) v[size_t(i * n + i)] = 1.0;
  for (int sweep = 0; sweep < 60; ++sweep) {
    bool rotated = false;
    for (int64_t p = 0; p + 1 < n; ++p)
      for (int64_t q = p + 1; q < n; ++q) {
        const double alpha = col_dot(w, m, n, p, p), beta = col_dot(w, m, n, q, q);
        const double gamma = col_dot(w, m, n, p, q);
        if (!(std::fabs(gamma) > DBL_EPSILON * std::sqrt(alpha) * std::sqrt(beta))) continue;
        rotated = true;
        const double zeta = (beta - alpha) / (2.0 * gamma);
        const double t =
            (zeta >= 0 ? 1.0 : -1.0) / (std::fabs(zeta) + std::sqrt(1.0 + zeta * zeta));
        const double cs = 1.0 / std::sqrt(1.0 + t * t), sn = cs * t;
        rotate(w, m, n, p, q, cs, sn);
        rotate(v, n, n, p, q, cs, sn);
      }
    if (!rotated) break;
  }
}

/// The left singular vectors (m x k, k = n, column r for the r-th largest value) of the Jacobi
/// result: W[:, j] / s_j where s_j > s_max * 2^-52 * m; the other columns are completed in column
/// order by the unit vector e_i whose part orthogonal to the columns filled so far (classical
/// Gram-Schmidt, applied twice) is longest (the first such i on ties), normalised.
std::vector<double> left_vectors(const std::vector<double>& w, const std::vector<double>& s,
                                 const std::vector<int64_t>& order, int64_t m, int64_t n) {
  const int64_t k = n;
  std::vector<double> l(static_cast<size_t>(m * k), 0.0);
  std::vector<bool> filled(static_cast<size_t>(k), false);
  const double tol = k > 0 ? s[size_t(order[0])] * DBL_EPSILON * double(m) : 0.0;
  for (int64_t r = 0; r < k; ++r) {
    const int64_t j = order[size_t(r)];
    const double sj = s[size_t(j)];
    if (!(sj > tol)) continue;
    for (int64_t i = 0; i < m; ++i) l[size_t(i * k + r)] = w[size_t(i * n + j)] / sj;
    filled[size_t(r)] = true;
  }
  std::vector<double> x(static_cast<size_t>(m)), best(static_cast<size_t>(m));
  for (int64_t r = 0; r < k; ++r) {
    if (filled[size_t(r)]) continue;
    double best_norm = 0;
    for (int64_t e = 0; e < m; ++e) {
      std::fill(x.begin(), x.end(), 0.0);
      x[size_t(e)] = 1.0;
      for (int pass = 0; pass < 2; ++pass)
        for (int64_t q = 0; q < k; ++q) {
          if (!filled[size_t(q)]) continue;
          double dot = 0;
          for (int64_t i = 0; i < m; ++i) dot = dot + l[size_t(i * k + q)] * x[size_t(i)];
          for (int64_t i = 0; i < m; ++i) x[size_t(i)] = x[size_t(i)] - dot * l[size_t(i * k + q)];
        }
      double norm = 0;
      for (int64_t i = 0; i < m; ++i) norm = norm + x[size_t(i)] * x[size_t(i)];
      norm = std::sqrt(norm);
      if (norm > best_norm) {
        best_norm = norm;
        best = x;
      }
    }
    if (!(best_norm > 0)) continue;  // NaN input: the column stays zero
    for (int64_t i = 0; i < m; ++i) l[size_t(i * k + r)] = best[size_t(i)] / best_norm;
    filled[size_t(r)] = true;
  }
  return l;
}

template <typename T>
void svd(KernelCtx& c) {
  const Tensor& a = c.input(0);
  const int64_t m0 = a.dim(a.rank() - 2), n0 = a.dim(a.rank() - 1);
  const bool tr = m0 < n0;  // work on A^T so that rows >= cols
  const int64_t m = tr ? n0 : m0, n = tr ? m0 : n0, k = n;
  each_matrix(a, [&](int64_t b) {
    const T* x = a.data<T>() + b * m0 * n0;
    std::vector<double> w(static_cast<size_t>(m * n)), v;
    for (int64_t i = 0; i < m0; ++i)
      for (int64_t j = 0; j < n0; ++j)
        w[size_t(tr ? j * n + i : i * n + j)] = double(x[i * n0 + j]);
    jacobi(w, v, m, n);
    std::vector<double> s(static_cast<size_t>(n));
    for (int64_t j = 0; j < n; ++j) s[size_t(j)] = std::sqrt(col_dot(w, m, n, j, j));
    std::vector<int64_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), int64_t(0));
    // Decreasing s_j, NaN after every number, ties in column order (svd's order: a strict
    // weak order, so the stable sort's result is unique).
    std::stable_sort(order.begin(), order.end(), [&](int64_t p, int64_t q) {
      const double a = s[size_t(p)], b = s[size_t(q)];
      return !std::isnan(a) && (std::isnan(b) || a > b);
    });
    const std::vector<double> left = left_vectors(w, s, order, m, n);
    // Left vectors of the worked matrix (m x k) and right vectors (n x k), sorted.
    T* uo = c.output(0).data<T>() + b * m0 * k;
    T* so = c.output(1).data<T>() + b * k;
    T* vo = c.output(2).data<T>() + b * k * n0;
    for (int64_t r = 0; r < k; ++r) {
      const int64_t j = order[size_t(r)];
      so[r] = T(s[size_t(j)]);
      for (int64_t i = 0; i < m; ++i) {
        const T l = T(left[size_t(i * k + r)]);
        if (tr)
          vo[r * n0 + i] = l;  // A^T = U' S V'^T: Vt of A is U'^T
        else
          uo[i * k + r] = l;
      }
      for (int64_t i = 0; i < n; ++i) {
        const T right = T(v[size_t(i * n + j)]);
        if (tr)
          uo[i * k + r] = right;  // U of A is V'
        else
          vo[r * n0 + i] = right;
      }
    }
  });
}

}  // namespace

void kernel_Cholesky(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { cholesky<T>(c); });
}

void kernel_TriSolve(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { tri_solve<T>(c); });
}

void kernel_CholeskySolve(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { cholesky_solve<T>(c); });
}

void kernel_Svd(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { svd<T>(c); });
}

}  // namespace tessera::interp
