// Graph IR kernels of the tessera.clifford ops and upstream's tessera_clifford spellings
// (docs/ops/graph/clifford.md). Every row (one multivector: the last axis) is computed in f64
// from a product sign table and rounded once to the element type; rows run in parallel, and the
// terms of each output blade are summed in increasing order of the left blade.
#include <algorithm>
#include <cmath>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/ops/clifford.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

enum class Product { geometric, outer, inner };

/// sign[a * nb + b] of e_a e_b restricted to the product: the outer product keeps disjoint
/// blades, the inner product (left contraction) blades a contained in b.
std::vector<int8_t> product_table(const ops::Algebra& alg, Product kind) {
  const int64_t nb = alg.blades();
  std::vector<int8_t> t(static_cast<size_t>(nb * nb));
  for (uint32_t a = 0; a < nb; ++a)
    for (uint32_t b = 0; b < nb; ++b) {
      int s = ops::blade_product_sign(alg, a, b);
      if (kind == Product::outer && (a & b) != 0) s = 0;
      if (kind == Product::inner && (a & ~b) != 0) s = 0;
      t[a * nb + b] = static_cast<int8_t>(s);
    }
  return t;
}

ops::Algebra algebra_of(const KernelCtx& c) {
  std::string err;
  const char* label = nullptr;
  auto alg = ops::read_algebra(c.op, err, label);
  if (!alg) c.fail(err + " (" + label + ")");
  return *alg;
}

/// out = x y under `table`: out[a ^ b] += sign * x[a] * y[b], a then b increasing.
void product(const double* x, const double* y, const std::vector<int8_t>& table, int64_t nb,
             double* out) {
  std::fill(out, out + nb, 0.0);
  for (int64_t a = 0; a < nb; ++a) {
    for (int64_t b = 0; b < nb; ++b) {
      const int s = table[static_cast<size_t>(a * nb + b)];
      if (s != 0) out[a ^ b] += s * (x[a] * y[b]);
    }
  }
}

/// Runs f(rows of the inputs as f64, output row as f64) for every multivector: inputs have `nb`
/// coefficients per row, the output `nb_out`.
template <typename F>
void per_row(KernelCtx& c, int64_t nb, int64_t nb_out, F f) {
  const int64_t rows = c.input(0).numel() / nb;
  if (rows == 0) return;
  dispatch_float(c, c.output().dtype(), [&]<typename T>() {
    T* out = c.output().data<T>();
    tbb::parallel_for(int64_t{0}, rows, [&](int64_t r) {
      std::vector<double> buf(static_cast<size_t>(nb * static_cast<int64_t>(c.in.size()) + nb_out));
      std::vector<const double*> rows_in;
      for (size_t k = 0; k < c.in.size(); ++k) {
        const T* x = c.input(k).data<T>() + r * nb;
        double* dst = buf.data() + static_cast<int64_t>(k) * nb;
        for (int64_t i = 0; i < nb; ++i) dst[i] = static_cast<double>(x[i]);
        rows_in.push_back(dst);
      }
      double* o = buf.data() + static_cast<int64_t>(c.in.size()) * nb;
      f(rows_in.data(), o);
      for (int64_t i = 0; i < nb_out; ++i) out[r * nb_out + i] = static_cast<T>(o[i]);
    });
  });
}

void run_product(KernelCtx& c, Product kind) {
  const ops::Algebra alg = algebra_of(c);
  const auto table = product_table(alg, kind);
  const int64_t nb = alg.blades();
  per_row(c, nb, nb,
          [&](const double* const* in, double* o) { product(in[0], in[1], table, nb, o); });
}

/// Zeroes the blades whose grade is not in `grades` (bit g keeps grade g).
void project(double* x, int64_t nb, uint32_t grades) {
  for (int64_t a = 0; a < nb; ++a)
    if (((grades >> ops::blade_grade(static_cast<uint32_t>(a))) & 1u) == 0) x[a] = 0.0;
}

uint32_t grade_mask_of(const KernelCtx& c, const ops::Algebra& alg) {
  std::string err;
  auto m = ops::read_grade_mask(c.op, alg.n(), err);
  if (!m) c.fail(err + " (clifford_c6)");
  return *m;
}

/// <x ~y>_0: sum over blades a, increasing, of x[a] y[a] sign(e_a e_a) reverse_sign(a).
double scalar_product(const ops::Algebra& alg, const double* x, const double* y) {
  double s = 0.0;
  for (uint32_t a = 0; a < alg.blades(); ++a)
    s += (ops::blade_product_sign(alg, a, a) * ops::reverse_sign(a)) * (x[a] * y[a]);
  return s;
}

void run_sandwich(KernelCtx& c) {
  const ops::Algebra alg = algebra_of(c);
  const uint32_t grades = grade_mask_of(c, alg);
  const auto table = product_table(alg, Product::geometric);
  const int64_t nb = alg.blades();
  per_row(c, nb, nb, [&](const double* const* in, double* o) {
    std::vector<double> t(static_cast<size_t>(nb)), rev(static_cast<size_t>(nb));
    for (int64_t a = 0; a < nb; ++a)
      rev[a] = ops::reverse_sign(static_cast<uint32_t>(a)) * in[0][a];
    product(in[0], in[1], table, nb, t.data());
    product(t.data(), rev.data(), table, nb, o);
    project(o, nb, grades);
  });
}

void run_grade(KernelCtx& c) {
  const ops::Algebra alg = algebra_of(c);
  const uint32_t grades = grade_mask_of(c, alg);
  const int64_t nb = alg.blades();
  per_row(c, nb, nb, [&](const double* const* in, double* o) {
    std::copy(in[0], in[0] + nb, o);
    project(o, nb, grades);
  });
}

}  // namespace

void kernel_CliffordGeometricProduct(KernelCtx& c) { run_product(c, Product::geometric); }
void kernel_CliffordGeoProduct7(KernelCtx& c) { run_product(c, Product::geometric); }
void kernel_CliffordOuterProduct(KernelCtx& c) { run_product(c, Product::outer); }
void kernel_CliffordInnerProduct(KernelCtx& c) { run_product(c, Product::inner); }
void kernel_CliffordRotorSandwich(KernelCtx& c) { run_sandwich(c); }
void kernel_CliffordRotorSandwich7(KernelCtx& c) { run_sandwich(c); }
void kernel_CliffordGradeProject(KernelCtx& c) { run_grade(c); }
void kernel_CliffordGrade7(KernelCtx& c) { run_grade(c); }

void kernel_CliffordReverse(KernelCtx& c) {
  const int64_t nb = algebra_of(c).blades();
  per_row(c, nb, nb, [&](const double* const* in, double* o) {
    for (int64_t a = 0; a < nb; ++a) o[a] = ops::reverse_sign(static_cast<uint32_t>(a)) * in[0][a];
  });
}

void kernel_CliffordNorm(KernelCtx& c) {
  const ops::Algebra alg = algebra_of(c);
  const int64_t nb = alg.blades();
  // The result keeps the coefficient axis (norm in the scalar blade) or drops it (clifford_c7).
  const bool keep = c.output().shape().size() == c.input(0).shape().size();
  per_row(c, nb, keep ? nb : 1, [&](const double* const* in, double* o) {
    const double n = std::sqrt(std::max(scalar_product(alg, in[0], in[0]), 0.0));
    if (keep) std::fill(o, o + nb, 0.0);
    o[0] = n;
  });
}

void kernel_CliffordInner7(KernelCtx& c) {
  const ops::Algebra alg = algebra_of(c);
  per_row(c, alg.blades(), 1,
          [&](const double* const* in, double* o) { o[0] = scalar_product(alg, in[0], in[1]); });
}

void kernel_CliffordExp7(KernelCtx& c) {
  const ops::Algebra alg = algebra_of(c);
  const int64_t nb = alg.blades();
  const int64_t terms = c.op.attrs.get_int("terms", 24);
  const auto table = product_table(alg, Product::geometric);
  // exp(x) = sum_{k=0}^{terms} x^k / k!, the term of order k being (term_{k-1} x) / k.
  per_row(c, nb, nb, [&](const double* const* in, double* o) {
    std::vector<double> term(static_cast<size_t>(nb), 0.0), next(static_cast<size_t>(nb));
    term[0] = 1.0;
    std::copy(term.begin(), term.end(), o);
    for (int64_t k = 1; k <= terms; ++k) {
      product(term.data(), in[0], table, nb, next.data());
      for (int64_t a = 0; a < nb; ++a) {
        term[a] = next[a] / static_cast<double>(k);
        o[a] += term[a];
      }
    }
  });
}

void kernel_CliffordRotorFromAxis7(KernelCtx& c) {
  const ops::Algebra alg = algebra_of(c);
  const int64_t nb = alg.blades();
  const double half = 0.5 * c.op.attrs.get_float("angle", 0.0);
  // R = cos(angle/2) - sin(angle/2) B/|B| for the grade-2 part B of the axis; 1 where B = 0.
  per_row(c, nb, nb, [&](const double* const* in, double* o) {
    std::fill(o, o + nb, 0.0);
    double n2 = 0.0;
    for (uint32_t a = 0; a < nb; ++a)
      if (ops::blade_grade(a) == 2) n2 += in[0][a] * in[0][a];
    const double norm = std::sqrt(n2);
    if (norm == 0.0) {
      o[0] = 1.0;
      return;
    }
    o[0] = std::cos(half);
    const double s = std::sin(half) / norm;
    for (uint32_t a = 0; a < nb; ++a)
      if (ops::blade_grade(a) == 2) o[a] = -s * in[0][a];
  });
}

}  // namespace tessera::interp
