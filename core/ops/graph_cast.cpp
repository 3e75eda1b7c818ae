// Verifier hook of tessera.cast (docs/ops/graph/cast.md).
#include "core/ops/infer_util.h"
#include "core/ops/policy.h"
#include "core/support/error.h"

namespace tessera::ops {

bool infer_Cast(InferCtx& ctx) {
  ctx.result_label = "cast_c2";  // cast_c2: the result has the operand's shape
  // cast_c1: the operand and the result are tensors (the result's element type is the target).
  if (!require_tensor(ctx, 0, "cast_c1")) return false;
  if (ctx.declared.empty() || !ctx.declared[0].is_tensor())
    return ctx.fail(
        "result must be a tensor, got " +
            (ctx.declared.empty() ? std::string("nothing") : ir::to_string(ctx.declared[0])),
        "cast_c1");
  // cast_c3: numeric_policy, if present, is valid and holds only conversion fields.
  const ir::Attr* pol = ctx.attr("numeric_policy");
  if (pol) {
    try {
      (void)read_policy(ctx.op);
    } catch (const Error& e) {
      std::string msg = e.what();
      auto at = msg.find("numeric_policy");
      return ctx.fail(at == std::string::npos ? msg : msg.substr(at), "cast_c3");
    }
    for (const auto& [k, v] : pol->dict)
      if (k != "rounding" && k != "saturate" && k != "profile" && k != "seed" && k != "denorm")
        return ctx.fail("numeric_policy field '" + k +
                            "' has no meaning for a cast (allowed: "
                            "rounding, saturate, profile, seed, denorm)",
                        "cast_c3");
  }
  ctx.results = {ir::Type::tensor(ctx.declared[0].dtype, ctx.operands[0].shape)};
  return true;
}

}  // namespace tessera::ops
