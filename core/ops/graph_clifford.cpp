// Verifier hooks of the tessera.clifford ops and upstream's tessera_clifford spellings
// (docs/ops/graph/clifford.md), and the algebra they share with the kernels.
#include "core/ops/clifford.h"

#include <bit>
#include <cmath>

#include "core/ops/infer_util.h"

namespace tessera::ops {

int blade_grade(uint32_t mask) { return std::popcount(mask); }

int reverse_sign(uint32_t mask) {
  const int k = blade_grade(mask);
  return (k * (k - 1) / 2) % 2 == 0 ? 1 : -1;
}

int blade_product_sign(const Algebra& alg, uint32_t a, uint32_t b) {
  // Moving each generator of b left past the generators of a with a higher index is one swap.
  int swaps = 0;
  for (int i = 0; i < alg.n(); ++i)
    if ((b >> i) & 1u) swaps += blade_grade(a >> (i + 1));
  int sign = swaps % 2 == 0 ? 1 : -1;
  for (int i = 0; i < alg.n(); ++i)
    if (((a & b) >> i) & 1u) sign *= alg.metric[static_cast<size_t>(i)];
  return sign;
}

std::optional<Algebra> read_algebra(const ir::Op& op, std::string& error, const char*& label) {
  Algebra alg;
  label = "clifford_c1";
  const ir::Attr* algebra = op.attrs.get("algebra");
  const ir::Attr* p = op.attrs.get("p");
  const ir::Attr* q = op.attrs.get("q");
  if (algebra) {
    // clifford_c1: upstream's `algebra = [p, q]` or `[p, q, r]`, without `p`/`q` beside it.
    auto v = algebra->as_int_array();
    if (!v || v->size() < 2 || v->size() > 3) {
      error = "'algebra' must be an integer array [p, q] or [p, q, r]";
      return std::nullopt;
    }
    if (p || q) {
      error = "give the algebra either as 'algebra' or as 'p'/'q', not both";
      return std::nullopt;
    }
    for (int64_t x : *v)
      if (x < 0 || x > kMaxCliffordGenerators) {
        error = "Clifford signature p/q must be non-negative and at most 8";
        return std::nullopt;
      }
    alg.p = static_cast<int>((*v)[0]);
    alg.q = static_cast<int>((*v)[1]);
    alg.r = v->size() == 3 ? static_cast<int>((*v)[2]) : 0;
  } else {
    // clifford_c1: an integer `p` >= 0 and an optional integer `q` >= 0 (default 0).
    if (!p || !p->is_int() || (q && !q->is_int())) {
      error = "requires integer attributes 'p' and 'q' (or upstream's 'algebra = [p, q, r]')";
      return std::nullopt;
    }
    const int64_t pv = p->i, qv = q ? q->i : 0;
    if (pv < 0 || qv < 0) {
      error = "Clifford signature p/q must be non-negative";
      return std::nullopt;
    }
    if (pv > kMaxCliffordGenerators || qv > kMaxCliffordGenerators) {
      error = "Clifford algebra rank p+q is too large (at most 8 generators here)";
      return std::nullopt;
    }
    alg.p = static_cast<int>(pv);
    alg.q = static_cast<int>(qv);
  }
  if (alg.n() > kMaxCliffordGenerators) {
    error = "Clifford algebra rank p+q+r = " + std::to_string(alg.n()) +
            " is too large (at most 8 generators here)";
    return std::nullopt;
  }
  alg.metric.assign(static_cast<size_t>(alg.p), 1);
  alg.metric.resize(static_cast<size_t>(alg.p + alg.q), -1);
  alg.metric.resize(static_cast<size_t>(alg.n()), 0);
  // clifford_c2: `signature`, if present, orders the p entries +1 and q entries -1.
  if (const ir::Attr* sig = op.attrs.get("signature")) {
    label = "clifford_c2";
    auto v = sig->as_int_array();
    if (!v) {
      error = "signature must be an i64 array";
      return std::nullopt;
    }
    if (static_cast<int64_t>(v->size()) != alg.p + alg.q) {
      error = "signature length must equal p+q";
      return std::nullopt;
    }
    int plus = 0;
    for (int64_t x : *v) {
      if (x != 1 && x != -1) {
        error = "signature entries must be +1 or -1";
        return std::nullopt;
      }
      plus += x == 1;
    }
    if (plus != alg.p) {
      error = "signature must hold p entries +1 and q entries -1";
      return std::nullopt;
    }
    for (size_t i = 0; i < v->size(); ++i) alg.metric[i] = static_cast<int>((*v)[i]);
  }
  return alg;
}

std::optional<uint32_t> read_grade_mask(const ir::Op& op, int n, std::string& error) {
  const ir::Attr* a = op.attrs.get("grade_mask");
  if (!a) return (uint32_t{1} << (n + 1)) - 1;
  auto v = a->as_int_array();
  if (!v || v->empty()) {
    error = "grade_mask must be a non-empty integer array";
    return std::nullopt;
  }
  uint32_t bits = 0;
  for (int64_t g : *v) {
    if (g < 0 || g > n) {
      error = "grade_mask entries must be in [0, p+q] (here [0, " + std::to_string(n) + "])";
      return std::nullopt;
    }
    bits |= uint32_t{1} << g;
  }
  return bits;
}

namespace {

bool is_mv_dtype(DType d) {
  return d == DType::f32 || d == DType::f64 || d == DType::f16 || d == DType::bf16;
}

/// The algebra and the attributes every Clifford op shares (clifford_c1 to clifford_c3).
std::optional<Algebra> check_algebra(InferCtx& ctx) {
  std::string err;
  const char* label = nullptr;
  auto alg = read_algebra(ctx.op, err, label);
  if (!alg) {
    ctx.fail(err, label);
    return std::nullopt;
  }
  // clifford_c3: the blade axis is the last one; `dtype` names the operands' element type.
  if (const ir::Attr* l = ctx.attr("coefficient_layout");
      l && (l->kind != ir::Attr::Kind::string || (l->s != "blade_last" && l->s != "coeff_last"))) {
    ctx.fail(
        "coefficient_layout must be \"blade_last\" or \"coeff_last\" (blades on the last axis)",
        "clifford_c3");
    return std::nullopt;
  }
  if (const ir::Attr* d = ctx.attr("dtype")) {
    const auto named =
        d->kind == ir::Attr::Kind::string ? ir::parse_dtype_name(d->s) : std::nullopt;
    if (!named || ctx.operands.empty() || *named != ctx.operands[0].dtype) {
      ctx.fail("dtype must be a string naming the operands' element type", "clifford_c3");
      return std::nullopt;
    }
  }
  return alg;
}

/// clifford_c4: operand k is a float tensor whose last axis holds the 2^n blade coefficients.
bool check_mv(InferCtx& ctx, size_t k, const Algebra& alg, const char* name) {
  const ir::Type& t = ctx.operands[k];
  if (!t.is_tensor() || !is_mv_dtype(t.dtype) || t.rank() < 1)
    return ctx.fail(std::string(name) +
                        " must be an f32, f64, f16 or bf16 tensor with a coefficient axis, got " +
                        ir::to_string(t),
                    "clifford_c4");
  const int64_t c = t.shape.back();
  if (c != ir::kDynamic && c != alg.blades())
    return ctx.fail(std::string(name) + " coefficient axis must equal 2^(p+q) = " +
                        std::to_string(alg.blades()) + " blades, got " + ir::to_string(t),
                    "clifford_c4");
  return true;
}

/// Two multivector operands of one type (clifford_c5); the result has that type.
std::optional<Algebra> check_binary(InferCtx& ctx, const char* lhs, const char* rhs) {
  auto alg = check_algebra(ctx);
  if (!alg || !check_mv(ctx, 0, *alg, lhs) || !check_mv(ctx, 1, *alg, rhs)) return std::nullopt;
  if (!ir::types_compatible(ctx.operands[0], ctx.operands[1])) {
    ctx.fail("operands must have one type, got " + ir::to_string(ctx.operands[0]) + " and " +
                 ir::to_string(ctx.operands[1]),
             "clifford_c5");
    return std::nullopt;
  }
  ctx.result_label = "clifford_c5";
  ctx.results = {ctx.operands[0]};
  return alg;
}

std::optional<Algebra> check_unary(InferCtx& ctx) {
  auto alg = check_algebra(ctx);
  if (!alg || !check_mv(ctx, 0, *alg, "input")) return std::nullopt;
  ctx.result_label = "clifford_c5";
  ctx.results = {ctx.operands[0]};
  return alg;
}

bool check_grade_mask(InferCtx& ctx, const Algebra& alg) {
  std::string err;
  if (!read_grade_mask(ctx.op, alg.n(), err)) return ctx.fail(err, "clifford_c6");
  return true;
}

/// The operand's type without its coefficient axis (clifford_c7, clifford_c8).
ir::Type drop_blades(const ir::Type& t) {
  ir::Type r = t;
  r.shape.pop_back();
  return r;
}

}  // namespace

bool infer_CliffordGeometricProduct(InferCtx& ctx) {
  return check_binary(ctx, "lhs", "rhs").has_value();
}
bool infer_CliffordOuterProduct(InferCtx& ctx) {
  return check_binary(ctx, "lhs", "rhs").has_value();
}
bool infer_CliffordInnerProduct(InferCtx& ctx) {
  return check_binary(ctx, "lhs", "rhs").has_value();
}
bool infer_CliffordGeoProduct7(InferCtx& ctx) {
  return check_binary(ctx, "lhs", "rhs").has_value();
}
bool infer_CliffordReverse(InferCtx& ctx) { return check_unary(ctx).has_value(); }

bool infer_CliffordGradeProject(InferCtx& ctx) {
  auto alg = check_unary(ctx);
  return alg && check_grade_mask(ctx, *alg);
}
bool infer_CliffordGrade7(InferCtx& ctx) { return infer_CliffordGradeProject(ctx); }

bool infer_CliffordRotorSandwich(InferCtx& ctx) {
  auto alg = check_binary(ctx, "rotor", "value");
  return alg && check_grade_mask(ctx, *alg);
}
bool infer_CliffordRotorSandwich7(InferCtx& ctx) { return infer_CliffordRotorSandwich(ctx); }

bool infer_CliffordNorm(InferCtx& ctx) {
  if (!check_unary(ctx)) return false;
  // clifford_c7: the result drops the coefficient axis, or keeps the operand's type (the norm
  // in the scalar blade).
  ctx.result_label = "clifford_c7";
  const bool keep = !ctx.declared.empty() && ctx.declared[0].rank() == ctx.operands[0].rank();
  ctx.results = {keep ? ctx.operands[0] : drop_blades(ctx.operands[0])};
  return true;
}

bool infer_CliffordInner7(InferCtx& ctx) {
  if (!check_binary(ctx, "lhs", "rhs")) return false;
  ctx.result_label = "clifford_c8";  // clifford_c8: one scalar per multivector
  ctx.results = {drop_blades(ctx.operands[0])};
  return true;
}

bool infer_CliffordExp7(InferCtx& ctx) {
  if (!check_unary(ctx)) return false;
  // clifford_c9: `terms`, if present, is an integer in [0, 64] (default 24).
  if (const ir::Attr* t = ctx.attr("terms"); t && (!t->is_int() || t->i < 0 || t->i > 64))
    return ctx.fail("terms must be an integer in [0, 64]", "clifford_c9");
  return true;
}

bool infer_CliffordRotorFromAxis7(InferCtx& ctx) {
  auto alg = check_unary(ctx);
  if (!alg) return false;
  // clifford_c10: a Euclidean algebra of at most 3 generators (every bivector squares to
  // minus its squared norm) and a finite angle.
  if (alg->q != 0 || alg->r != 0 || alg->p > 3)
    return ctx.fail("rotor_from_axis requires a Euclidean algebra Cl(p, 0) with p <= 3",
                    "clifford_c10");
  if (const ir::Attr* a = ctx.attr("angle");
      a && (!a->is_number() || !std::isfinite(a->as_double())))
    return ctx.fail("angle must be a finite number", "clifford_c10");
  return true;
}

}  // namespace tessera::ops
