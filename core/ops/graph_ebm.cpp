// Verifier hooks of the tessera.ebm ops (docs/ops/graph/ebm.md).
#include <cmath>
#include <initializer_list>

#include "core/ops/infer_util.h"

namespace tessera::ops {
namespace {

bool is_ebm_dtype(DType d) {
  return d == DType::f32 || d == DType::f64 || d == DType::f16 || d == DType::bf16;
}

/// Operand k is a float tensor (f32, f64, f16, bf16) of operand 0's type (ebm_c1).
bool check_like_state(InferCtx& ctx, size_t k, const char* name) {
  const ir::Type& t = ctx.operands[k];
  if (!t.is_tensor() || !is_ebm_dtype(t.dtype))
    return ctx.fail(
        std::string(name) + " must be an f32, f64, f16 or bf16 tensor, got " + ir::to_string(t),
        "ebm_c1");
  if (k > 0 && !ir::types_compatible(t, ctx.operands[0]))
    return ctx.fail(std::string(name) + " must have the state's type " +
                        ir::to_string(ctx.operands[0]) + ", got " + ir::to_string(t),
                    "ebm_c1");
  return true;
}

/// A number attribute; `dflt` when absent. Reports `label` when present but not a finite number.
std::optional<double> number_attr(InferCtx& ctx, const char* name, double dflt, const char* label) {
  const ir::Attr* a = ctx.attr(name);
  if (!a) return dflt;
  if (!a->is_number() || !std::isfinite(a->as_double())) {
    ctx.fail(std::string(name) + " must be a finite number", label);
    return std::nullopt;
  }
  return a->as_double();
}

/// `value` of `name` is one of `allowed` (or absent).
bool check_choice(InferCtx& ctx, const char* name, std::initializer_list<const char*> allowed,
                  const char* label) {
  const ir::Attr* a = ctx.attr(name);
  if (!a) return true;
  if (a->kind == ir::Attr::Kind::string)
    for (const char* v : allowed)
      if (a->s == v) return true;
  std::string list;
  for (const char* v : allowed) list += std::string(list.empty() ? "\"" : ", \"") + v + "\"";
  return ctx.fail(std::string(name) + " must be one of " + list + ", got " + ir::to_string(*a),
                  label);
}

/// eta: a required positive number that stays nonzero in the state's element type (ebm_c2).
bool check_eta(InferCtx& ctx) {
  const ir::Attr* a = ctx.attr("eta");
  if (!a || !a->is_number() || !std::isfinite(a->as_double()) || a->as_double() <= 0)
    return ctx.fail("eta must be positive (a finite number)", "ebm_c2");
  const double eta = a->as_double();
  const DType d = ctx.operands[0].dtype;
  const bool narrow = d != DType::f64;
  // f32 carries every f16 and bf16 value's range; below its smallest normal eta would underflow.
  if (narrow && (static_cast<float>(eta) == 0.0f || eta < 1.1754943508222875e-38))
    return ctx.fail(
        "eta = " + ir::format_float(eta, DType::f64) + " underflows in " + dtype_mlir_name(d),
        "ebm_c2");
  return true;
}

/// temperature and noise_scale are >= 0; either > 0 needs a noise operand (ebm_c3).
bool check_noise(InferCtx& ctx, bool has_noise) {
  auto t = number_attr(ctx, "temperature", 0.0, "ebm_c3");
  auto s = number_attr(ctx, "noise_scale", 0.0, "ebm_c3");
  if (!t || !s) return false;
  if (*t < 0) return ctx.fail("temperature must be non-negative", "ebm_c3");
  if (*s < 0) return ctx.fail("noise_scale must be non-negative", "ebm_c3");
  if (*t > 0 && !has_noise)
    return ctx.fail("temperature > 0 requires a noise operand or RNG state", "ebm_c3");
  if (*s > 0 && !has_noise) return ctx.fail("noise_scale > 0 requires a noise operand", "ebm_c3");
  return true;
}

/// state, grad and an optional noise of one float type; the result is the state's type.
bool affine_step(InferCtx& ctx) {
  if (!check_like_state(ctx, 0, "state") || !check_like_state(ctx, 1, "grad")) return false;
  if (ctx.operands.size() == 3 && !check_like_state(ctx, 2, "noise")) return false;
  if (!check_eta(ctx) || !check_noise(ctx, ctx.operands.size() == 3)) return false;
  ctx.result_label = "ebm_c1";
  ctx.results = {ctx.operands[0]};
  return true;
}

}  // namespace

bool infer_EbmInnerStep(InferCtx& ctx) { return affine_step(ctx); }
bool infer_EbmLangevinStep(InferCtx& ctx) { return affine_step(ctx); }

bool infer_EbmRefinement(InferCtx& ctx) {
  // ebm_c4: steps is an integer in [1, 2^31).
  const ir::Attr* s = ctx.attr("steps");
  if (!s || !s->is_int() || s->i <= 0 || s->i >= (int64_t{1} << 31))
    return ctx.fail("steps must be positive (an integer below 2^31)", "ebm_c4");
  return affine_step(ctx);
}

bool infer_EbmLangevinStepPhilox(InferCtx& ctx) {
  if (!check_like_state(ctx, 0, "state") || !check_like_state(ctx, 1, "grad") || !check_eta(ctx))
    return false;
  // ebm_c5: seed tensor<1xi64>, counter tensor<4xi64>, temperature > 0, noise_scale >= 0.
  auto i64_vector = [&](size_t k, int64_t n, const char* what) {
    const ir::Type& t = ctx.operands[k];
    if (!t.is_tensor() || t.dtype != DType::i64 || t.rank() != 1)
      return ctx.fail("Philox seed/counter tensors must be rank-1 i64, got " + ir::to_string(t),
                      "ebm_c5");
    if (t.shape[0] != ir::kDynamic && t.shape[0] != n)
      return ctx.fail(std::string("Philox ") + what + " tensor must have length " +
                          std::to_string(n) + ", got " + ir::to_string(t),
                      "ebm_c5");
    return true;
  };
  if (!i64_vector(2, 1, "seed") || !i64_vector(3, 4, "counter")) return false;
  auto t = number_attr(ctx, "temperature", 0.0, "ebm_c5");
  auto s = number_attr(ctx, "noise_scale", 0.0, "ebm_c5");
  if (!t || !s) return false;
  if (*t <= 0) return ctx.fail("temperature must be positive", "ebm_c5");
  if (*s < 0) return ctx.fail("noise_scale must be non-negative", "ebm_c5");
  ctx.result_label = "ebm_c1";
  ctx.results = {ctx.operands[0]};
  return true;
}

bool infer_EbmEnergyQuadratic(InferCtx& ctx) {
  if (!check_like_state(ctx, 0, "x") || !check_like_state(ctx, 1, "y")) return false;
  // ebm_c6: rank-2 x and y [B, D]; the result is [B].
  if (ctx.operands[0].rank() != 2)
    return ctx.fail("expects rank-2 x and y tensors, got " + ir::to_string(ctx.operands[0]),
                    "ebm_c6");
  ctx.result_label = "ebm_c6";
  ctx.results = {ir::Type::tensor(ctx.operands[0].dtype, {ctx.operands[0].shape[0]})};
  return true;
}

bool infer_EbmBivectorLangevinStep(InferCtx& ctx) {
  // ebm_c7: grade 2, a bivector manifold with grade projection and the Euclidean metric, and a
  // coefficient axis of 2^n blades with n >= 2.
  if (ctx.attr("grade") && (!ctx.attr("grade")->is_int() || ctx.attr("grade")->i != 2))
    return ctx.fail("bivector Langevin requires grade = 2", "ebm_c7");
  if (!check_choice(ctx, "manifold", {"bivector", "so_n"}, "ebm_c7") ||
      !check_choice(ctx, "projection", {"grade", "bivector"}, "ebm_c7") ||
      !check_choice(ctx, "metric", {"euclidean"}, "ebm_c7"))
    return false;
  if (!affine_step(ctx)) return false;
  const ir::Type& s = ctx.operands[0];
  const int64_t nb = s.rank() > 0 ? s.shape.back() : 0;
  if (nb != ir::kDynamic && (nb < 4 || nb > 256 || (nb & (nb - 1)) != 0))
    return ctx.fail(
        "the state's last axis must hold 2^n blades with 2 <= n <= 8, got " + ir::to_string(s),
        "ebm_c7");
  return true;
}

bool infer_EbmSphereLangevinStep(InferCtx& ctx) {
  // ebm_c8: a unit-norm state (rows on the last axis), the sphere manifold.
  if (const ir::Attr* n = ctx.attr("normalized_state");
      n && (n->kind != ir::Attr::Kind::boolean || !n->b))
    return ctx.fail("sphere Langevin requires normalized_state = true", "ebm_c8");
  if (!check_choice(ctx, "manifold", {"sphere", "unit_sphere"}, "ebm_c8") ||
      !check_choice(ctx, "projection", {"tangent", "normalize_retract"}, "ebm_c8") ||
      !check_choice(ctx, "metric", {"riemannian", "euclidean"}, "ebm_c8"))
    return false;
  if (!affine_step(ctx)) return false;
  if (ctx.operands[0].rank() < 1)
    return ctx.fail("the state must have rank >= 1 (rows on the last axis)", "ebm_c8");
  return true;
}

bool infer_EbmDecodeInit(InferCtx& ctx) {
  // ebm_c9: operands x, optional base, optional noise named by operandSegmentSizes.
  size_t nbase = 0, nnoise = 0;
  if (const ir::Attr* seg = ctx.attr("operandSegmentSizes")) {
    auto v = seg->as_int_array();
    if (!v || v->size() != 3 || (*v)[0] != 1 || (*v)[1] < 0 || (*v)[1] > 1 || (*v)[2] < 0 ||
        (*v)[2] > 1 || static_cast<size_t>(1 + (*v)[1] + (*v)[2]) != ctx.operands.size())
      return ctx.fail(
          "operandSegmentSizes must be array<i32: 1, b, n> (x, base, noise; b and n "
          "0 or 1) matching the operands",
          "ebm_c9");
    nbase = static_cast<size_t>((*v)[1]);
    nnoise = static_cast<size_t>((*v)[2]);
  } else if (ctx.operands.size() != 1) {
    return ctx.fail("optional operands need operandSegmentSizes = array<i32: 1, b, n>", "ebm_c9");
  }
  const ir::Attr* st = ctx.attr("strategy");
  if (!st || st->kind != ir::Attr::Kind::string ||
      (st->s != "noise" && st->s != "copy" && st->s != "base_model"))
    return ctx.fail("strategy must be \"noise\", \"copy\" or \"base_model\"", "ebm_c9");
  const ir::Attr* k = ctx.attr("steps");
  if (!k || !k->is_int() || k->i <= 0 || k->i >= (int64_t{1} << 31))
    return ctx.fail("steps must be positive (an integer below 2^31)", "ebm_c9");
  if (!check_like_state(ctx, 0, "x")) return false;
  if (ctx.operands[0].rank() < 1) return ctx.fail("x must have a batch axis", "ebm_c9");
  if (nbase && !check_like_state(ctx, 1, "base")) return false;
  const ir::Attr* seed = ctx.attr("seed");
  if (seed && !seed->is_int()) return ctx.fail("seed must be an integer", "ebm_c9");
  if (st->s == "noise" && !nnoise && !seed)
    return ctx.fail("strategy=\"noise\" requires noise operand or seed attr", "ebm_c9");
  if (st->s == "base_model" && !nbase)
    return ctx.fail("strategy=\"base_model\" requires base operand", "ebm_c9");
  auto sd = number_attr(ctx, "std", 1.0, "ebm_c9");
  if (!sd) return false;
  if (*sd < 0) return ctx.fail("std must be non-negative", "ebm_c9");
  ir::Type out = ctx.operands[0];
  out.shape.insert(out.shape.begin() + 1, k->i);
  if (nnoise) {
    const ir::Type& n = ctx.operands[1 + nbase];
    if (!n.is_tensor() || n.dtype != out.dtype || !ir::types_compatible(n, out))
      return ctx.fail("noise must have the candidates' type " + ir::to_string(out) + ", got " +
                          ir::to_string(n),
                      "ebm_c9");
  }
  ctx.result_label = "ebm_c9";
  ctx.results = {out};
  return true;
}

bool infer_EbmSelfVerify(InferCtx& ctx) {
  // ebm_c10: energies [B, K], candidates [B, K, ...] of one float type; result [B, ...].
  if (!check_like_state(ctx, 0, "energies")) return false;
  const ir::Type& e = ctx.operands[0];
  const ir::Type& c = ctx.operands[1];
  if (e.rank() != 2) return ctx.fail("energies must be rank-2 [B,K]", "ebm_c10");
  auto same = [](int64_t a, int64_t b) { return a == b || a == ir::kDynamic || b == ir::kDynamic; };
  if (!c.is_tensor() || c.dtype != e.dtype || c.rank() < 2 || !same(c.shape[0], e.shape[0]) ||
      !same(c.shape[1], e.shape[1]))
    return ctx.fail("energies and candidates B/K axes must match, got " + ir::to_string(e) +
                        " and " + ir::to_string(c),
                    "ebm_c10");
  if (e.shape[1] == 0)
    return ctx.fail("self_verify needs at least one candidate (K >= 1)", "ebm_c10");
  if (!check_choice(ctx, "reduction", {"hard_argmin", "softmin"}, "ebm_c10")) return false;
  auto t = number_attr(ctx, "temperature", 0.0, "ebm_c10");
  if (!t) return false;
  if (*t < 0) return ctx.fail("temperature must be non-negative", "ebm_c10");
  if (ctx.op.attrs.get_string("reduction", "hard_argmin") == "softmin" && *t <= 0)
    return ctx.fail("reduction=\"softmin\" requires temperature > 0", "ebm_c10");
  ir::Type out = c;
  out.shape.erase(out.shape.begin() + 1);
  ctx.result_label = "ebm_c10";
  ctx.results = {out};
  return true;
}

bool infer_EbmPartitionExact(InferCtx& ctx) {
  // ebm_c11: the result is rank 0 (every energy) or reduces the last axis; temperature > 0.
  if (!check_like_state(ctx, 0, "energies")) return false;
  const ir::Type& e = ctx.operands[0];
  if (e.rank() < 1) return ctx.fail("energies must have rank >= 1", "ebm_c11");
  auto t = number_attr(ctx, "temperature", 1.0, "ebm_c11");
  if (!t) return false;
  if (*t <= 0) return ctx.fail("temperature must be positive", "ebm_c11");
  if (!check_choice(ctx, "reduction", {"logsumexp", "sum", "mean"}, "ebm_c11")) return false;
  ir::Type out = e;
  out.shape.pop_back();
  const bool all = ctx.declared.empty() || ctx.declared[0].rank() == 0;
  if (all) out.shape.clear();
  ctx.result_label = "ebm_c11";
  ctx.results = {out};
  return true;
}

}  // namespace tessera::ops
