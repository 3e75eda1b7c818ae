// Verifier hooks of the mixture-of-recursions ops tessera.mor_router, mor_partition and
// mor_scatter, and of tessera.moe_dispatch (docs/ops/graph/moe_routing.md).
#include "core/ops/infer_util.h"

namespace tessera::ops {

namespace {

bool dims_match(int64_t a, int64_t b) { return a == b || a == ir::kDynamic || b == ir::kDynamic; }

bool is_float_tensor(const ir::Type& t) {
  return t.is_tensor() && dtype_is_float(t.dtype) && t.dtype != DType::tf32;
}

bool is_index_tensor(const ir::Type& t) {
  return t.is_tensor() && dtype_is_int(t.dtype) && t.dtype != DType::i1 && t.dtype != DType::i4;
}

/// Reads a required positive integer attribute; reports `label` otherwise.
bool positive_int_attr(InferCtx& ctx, const char* name, const char* label, int64_t& v) {
  const ir::Attr* a = ctx.attr(name);
  if (!a || !a->is_int())
    return ctx.fail(std::string("requires an integer '") + name + "' attribute", label);
  if (a->i <= 0)
    return ctx.fail(std::string(name) + " must be positive, got " + std::to_string(a->i), label);
  v = a->i;
  return true;
}

}  // namespace

bool infer_MorRouter(InferCtx& ctx) {
  ctx.result_label = "mor_router_c4";  // mor_router_c4: the result is [B, S] of i64
  // mor_router_c2: max_depth is a positive integer.
  int64_t max_depth = 0;
  if (!positive_int_attr(ctx, "max_depth", "mor_router_c2", max_depth)) return false;
  const ir::Type& x = ctx.operands[0];
  const ir::Type& w = ctx.operands[1];
  // mor_router_c1: x is [B, S, D] and w_router [D, N] of one float element type.
  if (!is_float_tensor(x) || x.rank() != 3 || !is_float_tensor(w) || w.rank() != 2 ||
      w.dtype != x.dtype || !dims_match(x.shape[2], w.shape[0]))
    return ctx.fail("needs x [B, S, D] and w_router [D, max_depth] of one float type, got " +
                        ir::to_string(x) + " and " + ir::to_string(w),
                    "mor_router_c1");
  // mor_router_c3: w_router has max_depth columns.
  if (!dims_match(w.shape[1], max_depth))
    return ctx.fail("w_router must have max_depth = " + std::to_string(max_depth) +
                        " columns, got " + ir::to_string(w),
                    "mor_router_c3");
  ctx.results = {ir::Type::tensor(DType::i64, {x.shape[0], x.shape[1]})};
  return true;
}

bool infer_MorPartition(InferCtx& ctx) {
  ctx.result_label = "mor_partition_c3";  // mor_partition_c3: the result is [B, S] of i1
  // mor_partition_c2: step is a positive integer (recursion steps count from 1).
  int64_t step = 0;
  if (!positive_int_attr(ctx, "step", "mor_partition_c2", step)) return false;
  const ir::Type& x = ctx.operands[0];
  const ir::Type& depth = ctx.operands[1];
  // mor_partition_c1: x is a rank-3 tensor [B, S, D] and depth an integer tensor [B, S].
  if (!x.is_tensor() || x.rank() != 3 || !is_index_tensor(depth) || depth.rank() != 2 ||
      !dims_match(depth.shape[0], x.shape[0]) || !dims_match(depth.shape[1], x.shape[1]))
    return ctx.fail("needs x [B, S, D] and an integer depth [B, S], got " + ir::to_string(x) +
                        " and " + ir::to_string(depth),
                    "mor_partition_c1");
  ctx.results = {ir::Type::tensor(DType::i1, {x.shape[0], x.shape[1]})};
  return true;
}

bool infer_MorScatter(InferCtx& ctx) {
  ctx.result_label = "mor_scatter_c3";  // mor_scatter_c3: the result has full's type
  const ir::Type& full = ctx.operands[0];
  const ir::Type& upd = ctx.operands[1];
  const ir::Type& mask = ctx.operands[2];
  // mor_scatter_c1: full and updated are rank-3 tensors of one shape and element type.
  bool same = full.is_tensor() && upd.is_tensor() && full.rank() == 3 && upd.rank() == 3 &&
              full.dtype == upd.dtype;
  for (size_t d = 0; same && d < 3; ++d) same = dims_match(full.shape[d], upd.shape[d]);
  if (!same)
    return ctx.fail("full and updated must be rank-3 tensors of one shape and element type, got " +
                        ir::to_string(full) + " and " + ir::to_string(upd),
                    "mor_scatter_c1");
  // mor_scatter_c2: mask is [B, S] of i1.
  if (!mask.is_tensor() || mask.dtype != DType::i1 || mask.rank() != 2 ||
      !dims_match(mask.shape[0], full.shape[0]) || !dims_match(mask.shape[1], full.shape[1]))
    return ctx.fail(
        "mask must be an i1 tensor of full's leading [B, S] dims, got " + ir::to_string(mask),
        "mor_scatter_c2");
  ir::Type r = full;
  for (size_t d = 0; d < 3; ++d)
    if (r.shape[d] == ir::kDynamic) r.shape[d] = upd.shape[d];
  ctx.results = {r};
  return true;
}

bool infer_MoeDispatch(InferCtx& ctx) {
  ctx.result_label = "moe_dispatch_c3";  // moe_dispatch_c3: the result shape of the route form
  const ir::Type& x = ctx.operands[0];
  const ir::Type& route = ctx.operands[1];
  // moe_dispatch_c1: x is a float tensor [T, H]; route an integer tensor of rank 1 or 2.
  if (!is_float_tensor(x) || x.rank() != 2 || !is_index_tensor(route) ||
      (route.rank() != 1 && route.rank() != 2))
    return ctx.fail("needs x [T, H] (float) and an integer route of rank 1 or 2, got " +
                        ir::to_string(x) + " and " + ir::to_string(route),
                    "moe_dispatch_c1");
  if (route.rank() == 1) {  // the gather form: one slot per route entry
    ctx.results = {ir::Type::tensor(x.dtype, {route.shape[0], x.shape[1]})};
    return true;
  }
  // moe_dispatch_c2: the routing-table form has one row per token.
  if (!dims_match(x.shape[0], route.shape[0]))
    return ctx.fail("token count mismatch: x[0]=" + std::to_string(x.shape[0]) +
                        " route[0]=" + std::to_string(route.shape[0]),
                    "moe_dispatch_c2");
  ir::Type r = x;
  if (r.shape[0] == ir::kDynamic) r.shape[0] = route.shape[0];
  ctx.results = {r};
  return true;
}

}  // namespace tessera::ops
