// Verifier hooks of upstream's normalization and comparison carriers (docs/ops/graph/carriers.md):
// tessera.softmax_safe, normalization_stats, compare_scalar, masked_fill and broadcast_in_dim.
#include <cmath>
#include <string_view>

#include "core/ops/infer_util.h"

namespace tessera::ops {

bool infer_Broadcast(InferCtx& ctx);  // graph_shape.cpp

namespace {

bool dims_match(int64_t a, int64_t b) { return a == b || a == ir::kDynamic || b == ir::kDynamic; }

/// A float tensor other than tf32.
bool require_carrier_float(InferCtx& ctx, size_t k, const char* label) {
  if (!require_float(ctx, k, label)) return false;
  if (ctx.operands[k].dtype == DType::tf32)
    return ctx.fail("element type tf32 is not supported", label);
  return true;
}

constexpr std::string_view kPredicates[] = {"eq", "ne", "lt", "le", "gt", "ge"};

}  // namespace

bool infer_SoftmaxSafe(InferCtx& ctx) {
  ctx.result_label = "softmax_safe_c3";  // softmax_safe_c3: the result has x's type
  // softmax_safe_c1: x is a float tensor (not tf32) of rank >= 1.
  if (!require_carrier_float(ctx, 0, "softmax_safe_c1")) return false;
  const ir::Type& x = ctx.operands[0];
  if (x.rank() == 0) return ctx.fail("x must have rank >= 1", "softmax_safe_c1");
  // softmax_safe_c2: the integer attribute axis (default -1) lies in [-rank, rank).
  const ir::Attr* a = ctx.attr("axis");
  if (a && a->kind != ir::Attr::Kind::integer)
    return ctx.fail("attribute 'axis' must be an integer", "softmax_safe_c2");
  const int64_t axis = a ? a->i : -1;
  if (!normalize_axis(axis, x.rank()))
    return ctx.fail(
        "axis " + std::to_string(axis) + " is out of range for rank " + std::to_string(x.rank()),
        "softmax_safe_c2");
  ctx.results = {x};
  return true;
}

bool infer_NormalizationStats(InferCtx& ctx) {
  ctx.result_label = "normalization_stats_c4";  // normalization_stats_c4: two x-without-axis
  // normalization_stats_c1: x is a float tensor (not tf32) of rank >= 1.
  if (!require_carrier_float(ctx, 0, "normalization_stats_c1")) return false;
  const ir::Type& x = ctx.operands[0];
  if (x.rank() == 0) return ctx.fail("x must have rank >= 1", "normalization_stats_c1");
  // normalization_stats_c2: the integer attribute axis (default -1) lies in [-rank, rank).
  const ir::Attr* a = ctx.attr("axis");
  if (a && a->kind != ir::Attr::Kind::integer)
    return ctx.fail("attribute 'axis' must be an integer", "normalization_stats_c2");
  const int64_t axis = a ? a->i : -1;
  const auto ax = normalize_axis(axis, x.rank());
  if (!ax)
    return ctx.fail(
        "axis " + std::to_string(axis) + " is out of range for rank " + std::to_string(x.rank()),
        "normalization_stats_c2");
  // normalization_stats_c3: epsilon (default 1e-5) is a finite number > 0.
  const ir::Attr* eps = ctx.attr("epsilon");
  if (eps && (!eps->is_number() || !std::isfinite(eps->as_double()) || eps->as_double() <= 0))
    return ctx.fail("attribute 'epsilon' must be a finite number > 0, got " + ir::to_string(*eps),
                    "normalization_stats_c3");
  std::vector<int64_t> shape = x.shape;
  shape.erase(shape.begin() + *ax);
  ir::Type r = ir::Type::tensor(x.dtype, shape);
  ctx.results = {r, r};
  return true;
}

bool infer_CompareScalar(InferCtx& ctx) {
  ctx.result_label = "compare_scalar_c4";  // compare_scalar_c4: i1 of x's shape
  // compare_scalar_c1: x is a float tensor (not tf32).
  if (!require_carrier_float(ctx, 0, "compare_scalar_c1")) return false;
  // compare_scalar_c2: predicate is one of eq ne lt le gt ge.
  const ir::Attr* p = ctx.attr("predicate");
  bool known = false;
  if (p && p->kind == ir::Attr::Kind::string)
    for (std::string_view k : kPredicates) known = known || p->s == k;
  if (!known)
    return ctx.fail(
        "attribute 'predicate' must be one of \"eq\", \"ne\", \"lt\", \"le\", \"gt\", "
        "\"ge\"",
        "compare_scalar_c2");
  // compare_scalar_c3: rhs is a number (NaN and infinities allowed as floats are).
  const ir::Attr* rhs = ctx.attr("rhs");
  if (!rhs || !rhs->is_number())
    return ctx.fail("attribute 'rhs' must be a number", "compare_scalar_c3");
  ctx.results = {ir::Type::tensor(DType::i1, ctx.operands[0].shape)};
  return true;
}

bool infer_MaskedFill(InferCtx& ctx) {
  ctx.result_label = "masked_fill_c3";  // masked_fill_c3: the result has x's type
  // masked_fill_c1: x is a float tensor (not tf32) and mask an i1 tensor of x's shape.
  if (!require_carrier_float(ctx, 0, "masked_fill_c1") || !require_tensor(ctx, 1, "masked_fill_c1"))
    return false;
  const ir::Type& x = ctx.operands[0];
  const ir::Type& m = ctx.operands[1];
  bool same = m.dtype == DType::i1 && m.rank() == x.rank();
  for (size_t d = 0; same && d < x.shape.size(); ++d) same = dims_match(x.shape[d], m.shape[d]);
  if (!same)
    return ctx.fail("mask must be an i1 tensor of x's shape " + shape_str(x.shape) + ", got " +
                        ir::to_string(m),
                    "masked_fill_c1");
  // masked_fill_c2: value is a number.
  const ir::Attr* v = ctx.attr("value");
  if (!v || !v->is_number())
    return ctx.fail("attribute 'value' must be a number", "masked_fill_c2");
  ir::Type r = x;
  for (size_t d = 0; d < r.shape.size(); ++d)
    if (r.shape[d] == ir::kDynamic) r.shape[d] = m.shape[d];
  ctx.results = {r};
  return true;
}

bool infer_BroadcastInDim(InferCtx& ctx) {
  // broadcast_c1 (through tessera.broadcast): the result type is the program's.
  if (ctx.declared.empty()) return ctx.fail("needs a declared result type", "broadcast_c1");
  const ir::Type& want = ctx.declared[0];
  // broadcast_in_dim_c1: the optional second operand is a tensor whose shape is the result's.
  if (ctx.operands.size() == 2) {
    if (!require_tensor(ctx, 1, "broadcast_in_dim_c1")) return false;
    const ir::Type& s = ctx.operands[1];
    bool ok = want.is_tensor() && want.rank() == s.rank();
    for (size_t d = 0; ok && d < s.shape.size(); ++d) ok = dims_match(want.shape[d], s.shape[d]);
    if (!ok)
      return ctx.fail("shape operand " + ir::to_string(s) + " and result " + ir::to_string(want) +
                          " differ in shape",
                      "broadcast_in_dim_c1");
    // The result dims the program leaves dynamic come from the shape operand.
    ir::Type filled = want;
    for (size_t d = 0; d < s.shape.size(); ++d)
      if (filled.shape[d] == ir::kDynamic) filled.shape[d] = s.shape[d];
    InferCtx sub{
        ctx.op,     ctx.operands.first(1), std::span<const ir::Type>(&filled, 1), {}, ctx.diag,
        ctx.runtime};
    if (!infer_Broadcast(sub)) return false;
    ctx.result_label = sub.result_label;
    ctx.results = std::move(sub.results);
    return true;
  }
  // broadcast_in_dim_c2: without a shape operand the result type is static.
  if (want.is_tensor())
    for (int64_t d : want.shape)
      if (d == ir::kDynamic)
        return ctx.fail("a dynamic result " + ir::to_string(want) +
                            " needs the shape operand (a tensor of the result's shape)",
                        "broadcast_in_dim_c2");
  // Otherwise exactly tessera.broadcast with broadcast_dimensions (broadcast_c1..c3).
  return infer_Broadcast(ctx);
}

}  // namespace tessera::ops
