// Verifier hooks of uniform, randn, poisson and dropout (docs/ops/graph/random.md).
#include <cmath>

#include "core/ops/infer_util.h"

namespace tessera::ops {
namespace {

/// `<op>_c1`: `seed` is a required integer attribute; `stream` (default 0) a non-negative one.
bool check_key(InferCtx& ctx, const char* label) {
  const ir::Attr* s = ctx.attr("seed");
  if (!s || s->kind != ir::Attr::Kind::integer)
    return ctx.fail("needs an integer attribute 'seed'", label);
  const ir::Attr* st = ctx.attr("stream");
  if (st && (st->kind != ir::Attr::Kind::integer || st->i < 0))
    return ctx.fail("attribute 'stream' must be a non-negative integer", label);
  return true;
}

/// The optional stream-offset operand `k` (when present) is a rank-0 tensor of an integer type.
bool check_offset(InferCtx& ctx, size_t k, const char* label) {
  if (ctx.operands.size() <= k) return true;
  const ir::Type& t = ctx.operands[k];
  if (t.is_tensor() && t.rank() == 0 && dtype_is_int(t.dtype) && t.dtype != DType::i1 &&
      t.dtype != DType::i4)
    return true;
  return ctx.fail("the stream offset must be a rank-0 integer tensor, got " + ir::to_string(t),
                  label);
}

/// Reads the optional number attribute `name` (default `dflt`) into `v`; it must be finite.
bool finite_attr(InferCtx& ctx, const char* name, double dflt, double& v, const char* label) {
  const ir::Attr* a = ctx.attr(name);
  v = a ? a->as_double() : dflt;
  if (a && !a->is_number())
    return ctx.fail(std::string("attribute '") + name + "' must be a number", label);
  if (!std::isfinite(v))
    return ctx.fail(std::string("attribute '") + name + "' must be finite", label);
  return true;
}

/// `<op>_c3`: the declared result is a tensor of static shape whose element type `ok` accepts;
/// a source op's result type is its whole shape specification.
template <typename Ok>
bool declared_result(InferCtx& ctx, const char* label, Ok ok, const char* what) {
  ctx.result_label = label;
  const ir::Type& t = ctx.declared[0];
  bool fine = t.is_tensor() && ok(t.dtype);
  for (int64_t d : t.shape) fine = fine && d != ir::kDynamic;
  if (!fine)
    return ctx.fail("the result must be a tensor of static shape with " + std::string(what) +
                        " elements, got " + ir::to_string(t),
                    label);
  ctx.results = {t};
  return true;
}

bool float_not_tf32(DType t) { return dtype_is_float(t) && t != DType::tf32; }

}  // namespace

bool infer_Uniform(InferCtx& ctx) {
  // uniform_c1: seed and stream.
  if (!check_key(ctx, "uniform_c1")) return false;
  // uniform_c2: `low` (default 0) and `high` (default 1) are finite numbers with low <= high.
  double lo = 0, hi = 1;
  if (!finite_attr(ctx, "low", 0.0, lo, "uniform_c2") ||
      !finite_attr(ctx, "high", 1.0, hi, "uniform_c2"))
    return false;
  if (!(lo <= hi)) return ctx.fail("needs low <= high", "uniform_c2");
  // uniform_c4: the optional operand is a rank-0 integer tensor.
  if (!check_offset(ctx, 0, "uniform_c4")) return false;
  // uniform_c3: the result.
  return declared_result(ctx, "uniform_c3", float_not_tf32, "float");
}

bool infer_Randn(InferCtx& ctx) {
  // randn_c1: seed and stream.
  if (!check_key(ctx, "randn_c1")) return false;
  // randn_c2: `mean` (default 0) and `stddev` (default 1) are finite, stddev >= 0.
  double m = 0, s = 1;
  if (!finite_attr(ctx, "mean", 0.0, m, "randn_c2") ||
      !finite_attr(ctx, "stddev", 1.0, s, "randn_c2"))
    return false;
  if (s < 0) return ctx.fail("needs stddev >= 0", "randn_c2");
  // randn_c4: the optional operand is a rank-0 integer tensor.
  if (!check_offset(ctx, 0, "randn_c4")) return false;
  // randn_c3: the result.
  return declared_result(ctx, "randn_c3", float_not_tf32, "float");
}

bool infer_Poisson(InferCtx& ctx) {
  // poisson_c1: seed and stream.
  if (!check_key(ctx, "poisson_c1")) return false;
  // poisson_c2: `lam` (required) is a number in [0, 256].
  const ir::Attr* l = ctx.attr("lam");
  if (!l || !l->is_number() || !(l->as_double() >= 0 && l->as_double() <= 256))
    return ctx.fail("needs a number attribute 'lam' in [0, 256]", "poisson_c2");
  // poisson_c4: the optional operand is a rank-0 integer tensor.
  if (!check_offset(ctx, 0, "poisson_c4")) return false;
  // poisson_c3: the result holds f32, f64, i32 or i64 elements.
  return declared_result(
      ctx, "poisson_c3",
      [](DType t) {
        return t == DType::f32 || t == DType::f64 || t == DType::i32 || t == DType::i64;
      },
      "f32, f64, i32 or i64");
}

bool infer_Dropout(InferCtx& ctx) {
  ctx.result_label = "dropout_c4";  // dropout_c4: the result type is the operand's
  // dropout_c1: seed and stream.
  if (!check_key(ctx, "dropout_c1")) return false;
  // dropout_c2: `p` (required) is a number in [0, 1); `training` (default true) a boolean.
  const ir::Attr* p = ctx.attr("p");
  if (!p || !p->is_number() || !(p->as_double() >= 0 && p->as_double() < 1))
    return ctx.fail("needs a number attribute 'p' in [0, 1)", "dropout_c2");
  const ir::Attr* t = ctx.attr("training");
  if (t && t->kind != ir::Attr::Kind::boolean)
    return ctx.fail("attribute 'training' must be a boolean", "dropout_c2");
  // dropout_c3: the operand is a float tensor other than tf32.
  if (!require_float(ctx, 0, "dropout_c3")) return false;
  if (ctx.operands[0].dtype == DType::tf32)
    return ctx.fail("element type tf32 is not supported", "dropout_c3");
  // dropout_c5: the optional second operand is a rank-0 integer tensor.
  if (!check_offset(ctx, 1, "dropout_c5")) return false;
  ctx.results = {ctx.operands[0]};
  return true;
}

}  // namespace tessera::ops
