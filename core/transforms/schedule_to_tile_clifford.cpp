// The tessera.clifford ops and upstream's tessera_clifford spellings as scalar kernels
// (docs/ops/schedule/lowering.md, "Clifford algebra"): one group per multivector (a row of the
// last axis), each row read into f64 (exact), every step of the Graph IR kernel
// (interp/graph/kernels_clifford.cpp) on f64 scalars in its order, and each result rounded once
// to the element type. The product sign tables depend only on the algebra: they are read here by
// the same functions (core/ops/clifford.h) and unrolled, the zero terms skipped as the kernel
// skips them; cos and sin of rotor_from_axis's angle (an attribute) are computed here by the
// kernel's std::cos / std::sin and embedded as constants.
#include <algorithm>
#include <cmath>

#include "core/ops/clifford.h"
#include "core/transforms/schedule_to_tile_reduce.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using scalar_text::Text;
using Row = std::vector<std::string>;
constexpr DType kF64 = DType::f64;

// The most unrolled multiply-add terms of one kernel (its text grows with them).
constexpr int64_t kMaxTerms = 20000;

enum class Product { geometric, outer, inner };

// The kernel's product_table entry of e_a e_b.
int table_sign(const ops::Algebra& alg, Product kind, uint32_t a, uint32_t b) {
  if (kind == Product::outer && (a & b) != 0) return 0;
  if (kind == Product::inner && (a & ~b) != 0) return 0;
  return ops::blade_product_sign(alg, a, b);
}

int64_t product_terms(const ops::Algebra& alg, Product kind) {
  int64_t n = 0;
  for (uint32_t a = 0; a < alg.blades(); ++a)
    for (uint32_t b = 0; b < alg.blades(); ++b) n += table_sign(alg, kind, a, b) != 0;
  return n;
}

struct Kernel {
  Text e;
  DType t;

  // s * v of the kernel's int-by-double product: v itself for s = 1 (exact), else one mulf.
  std::string times(int s, const std::string& v) {
    return s == 1 ? v : e.bin("arith.mulf", e.fc(double(s), kF64), v, kF64);
  }
  // out[a ^ b] += s * (x[a] * y[b]) from +0, a then b increasing (the kernel's `product`).
  Row product(const ops::Algebra& alg, Product kind, const Row& x, const Row& y) {
    Row o(x.size(), e.fc(0.0, kF64));
    for (uint32_t a = 0; a < x.size(); ++a)
      for (uint32_t b = 0; b < x.size(); ++b)
        if (const int s = table_sign(alg, kind, a, b); s != 0)
          o[a ^ b] =
              e.bin("arith.addf", o[a ^ b], times(s, e.bin("arith.mulf", x[a], y[b], kF64)), kF64);
    return o;
  }
  // <x ~y>_0 folded from +0 over increasing blades (the kernel's `scalar_product`).
  std::string scalar_product(const ops::Algebra& alg, const Row& x, const Row& y) {
    std::string s = e.fc(0.0, kF64);
    for (uint32_t a = 0; a < x.size(); ++a) {
      const int c = ops::blade_product_sign(alg, a, a) * ops::reverse_sign(a);
      s = e.bin("arith.addf", s, times(c, e.bin("arith.mulf", x[a], y[a], kF64)), kF64);
    }
    return s;
  }
  // Blades whose grade is not in `grades` become +0.
  void project(Row& x, uint32_t grades) {
    for (uint32_t a = 0; a < x.size(); ++a)
      if (((grades >> ops::blade_grade(a)) & 1u) == 0) x[a] = e.fc(0.0, kF64);
  }
  Row load_row(int in, int64_t nb) {
    Row r;
    const std::string base = e.idx("arith.muli", "%g", e.c(nb));
    for (int64_t a = 0; a < nb; ++a)
      r.push_back(
          e.load_as("%in" + std::to_string(in), t, kF64, e.idx("arith.addi", base, e.c(a))));
    return r;
  }
};

}  // namespace

ScalarKernel plan_clifford(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  const std::string& n = op.name;
  const bool binary = n.ends_with("product") || n.ends_with("sandwich") || n.ends_with(".inner");
  if (group.operands.size() != (binary ? 2u : 1u) || group.results.size() != 1)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type& x = group.operands[0]->type;
  const ir::Type& y = group.result(0)->type;
  const DType t = x.dtype;
  if (t != DType::f32 && t != DType::f64)
    return ScalarKernel::stay(n + " of " + dtype_mlir_name(t) + " (f32 and f64 lower)");
  if (!x.has_static_shape() || !y.has_static_shape() || x.rank() < 1)
    return ScalarKernel::stay("not a static shape of rank >= 1");
  std::string err;
  const char* label = nullptr;
  const std::optional<ops::Algebra> alg = ops::read_algebra(op, err, label);
  if (!alg) return ScalarKernel::stay("internal: " + err);
  const int64_t nb = alg->blades();
  const std::optional<int64_t> count = x.num_elements();
  if (!count || *count == 0 || x.shape.back() != nb)
    return ScalarKernel::stay("an empty tensor or too many elements");
  std::optional<uint32_t> grades = uint32_t{0xffffffffu};
  if (n.ends_with("grade_project") || n.ends_with(".grade") || n.ends_with("sandwich"))
    grades = ops::read_grade_mask(op, alg->n(), err);
  if (!grades) return ScalarKernel::stay("internal: " + err);
  const int64_t rows = *count / nb;
  const int64_t prod = product_terms(*alg, Product::geometric);
  const int64_t powers = std::min<int64_t>(op.attrs.get_int("terms", 24), kMaxTerms + 1);
  const int64_t terms = n.ends_with("sandwich")  ? 2 * prod
                        : n.ends_with(".exp")    ? powers * prod
                        : n.ends_with("product") ? prod
                                                 : nb;
  if (terms > kMaxTerms)
    return ScalarKernel::stay("over " + std::to_string(kMaxTerms) +
                              " unrolled multiply-add terms per multivector");
  Kernel k;
  k.t = t;
  Text& e = k.e;
  const Row a = k.load_row(0, nb);
  const Row b = binary ? k.load_row(1, nb) : Row{};
  Row o;
  if (n == "tessera.clifford.geometric_product" || n == "tessera_clifford.geo_product") {
    o = k.product(*alg, Product::geometric, a, b);
  } else if (n == "tessera.clifford.outer_product") {
    o = k.product(*alg, Product::outer, a, b);
  } else if (n == "tessera.clifford.inner_product") {
    o = k.product(*alg, Product::inner, a, b);
  } else if (n.ends_with("sandwich")) {  // (R x) ~R, projected
    Row rev;
    for (uint32_t i = 0; i < nb; ++i) rev.push_back(k.times(ops::reverse_sign(i), a[i]));
    o = k.product(*alg, Product::geometric, k.product(*alg, Product::geometric, a, b), rev);
    k.project(o, *grades);
  } else if (n == "tessera.clifford.grade_project" || n == "tessera_clifford.grade") {
    o = a;
    k.project(o, *grades);
  } else if (n == "tessera.clifford.reverse") {
    for (uint32_t i = 0; i < nb; ++i) o.push_back(k.times(ops::reverse_sign(i), a[i]));
  } else if (n == "tessera.clifford.norm") {  // sqrt(std::max(<a ~a>_0, 0))
    const std::string zero = e.fc(0.0, kF64);
    o.push_back(e.un("tile.sqrt", e.std_max(k.scalar_product(*alg, a, a), zero, kF64), kF64, kF64));
    if (y.rank() == x.rank()) o.resize(static_cast<size_t>(nb), zero);
  } else if (n == "tessera_clifford.inner") {
    o.push_back(k.scalar_product(*alg, a, b));
  } else if (n == "tessera_clifford.exp") {  // sum_{k<=terms} x^k / k!, term_k = (term_{k-1} x) / k
    Row term(static_cast<size_t>(nb), e.fc(0.0, kF64));
    term[0] = e.fc(1.0, kF64);
    o = term;
    for (int64_t i = 1; i <= powers; ++i) {
      const Row next = k.product(*alg, Product::geometric, term, a);
      for (int64_t j = 0; j < nb; ++j) {
        term[j] = e.bin("arith.divf", next[j], e.fc(double(i), kF64), kF64);
        o[j] = e.bin("arith.addf", o[j], term[j], kF64);
      }
    }
  } else if (n == "tessera_clifford.rotor_from_axis") {
    // cos(angle/2) - sin(angle/2) B/|B| for the grade-2 part B; 1 where |B| = 0 (both sides
    // computed, the comparison selects).
    const double half = 0.5 * op.attrs.get_float("angle", 0.0);
    const std::string zero = e.fc(0.0, kF64);
    std::string n2 = zero;
    for (uint32_t i = 0; i < nb; ++i)
      if (ops::blade_grade(i) == 2)
        n2 = e.bin("arith.addf", n2, e.bin("arith.mulf", a[i], a[i], kF64), kF64);
    const std::string norm = e.un("tile.sqrt", n2, kF64, kF64);
    const std::string is0 = e.cmp(norm, zero, "oeq", kF64);
    const std::string s = e.bin("arith.divf", e.fc(std::sin(half), kF64), norm, kF64);
    const std::string ns = e.un("arith.negf", s, kF64, kF64);
    o.push_back(e.select(is0, e.fc(1.0, kF64), e.fc(std::cos(half), kF64), kF64));
    for (uint32_t i = 1; i < nb; ++i)
      o.push_back(ops::blade_grade(i) == 2
                      ? e.select(is0, zero, e.bin("arith.mulf", ns, a[i], kF64), kF64)
                      : zero);
  } else {
    return ScalarKernel::stay("no Tile IR lowering for " + n);
  }
  for (size_t i = 0; i < o.size(); ++i) e.store_as(o[i], kF64, t, "%g", e.c(int64_t(i)));
  ScalarKernel s;
  s.kernel = scalar_text::header(name, std::vector<DType>(binary ? 2 : 1, t), t) + e.head.str() +
             e.k.str() + "    return\n  }\n";
  s.grid = {rows};
  s.flat = std::vector<int64_t>(binary ? 2 : 1, *count);
  s.out_2d = {rows, int64_t(o.size())};
  return s;
}

}  // namespace tessera::transforms
