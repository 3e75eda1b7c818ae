// Verifier hook of tessera.reduce (docs/ops/graph/reductions.md).
#include <algorithm>

#include "core/ops/infer_util.h"
#include "core/ops/policy.h"
#include "core/support/error.h"

namespace tessera::ops {

bool infer_Reduce(InferCtx& ctx) {
  ctx.result_label = "reduce_c6";  // reduce_c6: element type kept, reduced dims dropped or 1
  // reduce_c1: the operand is a float tensor (tf32 is a compute mode, not a storage type).
  if (!require_float(ctx, 0, "reduce_c1")) return false;
  const ir::Type& x = ctx.operands[0];
  if (x.dtype == DType::tf32) return ctx.fail("element type tf32 is not supported", "reduce_c1");
  // reduce_c2: `kind` is one of "sum", "max", "min", "mean".
  const ir::Attr* kind = ctx.attr("kind");
  if (!kind || kind->kind != ir::Attr::Kind::string ||
      (kind->s != "sum" && kind->s != "max" && kind->s != "min" && kind->s != "mean"))
    return ctx.fail("attribute 'kind' must be \"sum\", \"max\", \"min\" or \"mean\"" +
                        (kind ? ", got " + ir::to_string(*kind) : std::string(", got nothing")),
                    "reduce_c2");
  // reduce_c3: `axes` (default: every axis) holds unique axes in [-rank, rank).
  bool bad = false;
  // An integer `axes` (upstream's `axis = 1`) names one axis.
  std::optional<std::vector<int64_t>> axes;
  if (const ir::Attr* a = ctx.attr("axes"); a && a->is_int())
    axes = std::vector<int64_t>{a->i};
  else
    axes = int_array_attr(ctx, "axes", "reduce_c3", bad);
  if (bad) return false;
  const int64_t rank = x.rank();
  std::vector<bool> reduced(static_cast<size_t>(rank), !axes.has_value());
  if (axes) {
    for (int64_t a : *axes) {
      auto n = normalize_axis(a, rank);
      if (!n)
        return ctx.fail(
            "axis " + std::to_string(a) + " is out of range for rank " + std::to_string(rank),
            "reduce_c3");
      if (reduced[static_cast<size_t>(*n)])
        return ctx.fail("axis " + std::to_string(a) + " appears twice", "reduce_c3");
      reduced[static_cast<size_t>(*n)] = true;
    }
  }
  // reduce_c4: `keepdims`, if present, is a bool.
  const ir::Attr* kd = ctx.attr("keepdims");
  if (kd && kd->kind != ir::Attr::Kind::boolean && kd->kind != ir::Attr::Kind::unit)
    return ctx.fail("attribute 'keepdims' must be true or false", "reduce_c4");
  bool keepdims = ctx.op.attrs.get_bool("keepdims", false);
  // reduce_c6: without the attribute, a declared result of the operand's rank with 1 at each
  // reduced dim keeps the dims (upstream writes the kept shape and no attribute).
  if (!kd && ctx.declared.size() == 1 && ctx.declared[0].is_tensor() &&
      ctx.declared[0].rank() == rank && rank > 0) {
    bool kept = std::find(reduced.begin(), reduced.end(), true) != reduced.end();
    for (int64_t d = 0; kept && d < rank; ++d)
      kept = !reduced[static_cast<size_t>(d)] || ctx.declared[0].shape[static_cast<size_t>(d)] == 1;
    keepdims = kept;
  }
  // reduce_c5: numeric_policy is valid; its accum, if given, is f32 or f64.
  try {
    (void)read_policy(ctx.op);
  } catch (const Error& e) {
    std::string msg = e.what();
    auto at = msg.find("numeric_policy");
    return ctx.fail(at == std::string::npos ? msg : msg.substr(at), "reduce_c5");
  }
  if (const ir::Attr* pol = ctx.attr("numeric_policy")) {
    if (const ir::Attr* acc = pol->get("accum")) {
      if (acc->kind != ir::Attr::Kind::string || (acc->s != "f32" && acc->s != "f64"))
        return ctx.fail("numeric_policy accum must be \"f32\" or \"f64\"", "reduce_c5");
    }
  }
  // reduce_c7: upstream's `schedule` (its kernel strategy, e.g. "cooperative_128") is a string;
  // the value does not depend on it.
  if (const ir::Attr* sc = ctx.attr("schedule"); sc && sc->kind != ir::Attr::Kind::string)
    return ctx.fail("attribute 'schedule' must be a string", "reduce_c7");
  std::vector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    if (!reduced[static_cast<size_t>(d)])
      shape.push_back(x.shape[static_cast<size_t>(d)]);
    else if (keepdims)
      shape.push_back(1);
  }
  // reduce_c6: a bf16 or f16 operand may declare an f32 result (upstream writes it): the
  // reduction runs in f32 as for the operand's type and its f32 result is kept, not rounded.
  DType et = x.dtype;
  if ((et == DType::bf16 || et == DType::f16) && ctx.declared.size() == 1 &&
      ctx.declared[0].is_shaped() && ctx.declared[0].dtype == DType::f32)
    et = DType::f32;
  ctx.results = {ir::Type::tensor(et, shape)};
  return true;
}

}  // namespace tessera::ops
