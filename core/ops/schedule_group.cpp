// Verifier hook of schedule.group (docs/ops/schedule/group.md: schedule_c1..schedule_c7).
#include "core/ops/registry.h"
#include "core/ops/schedule_util.h"

namespace tessera::ops {

namespace {

// schedule_c3..schedule_c5: the schedule attributes' kinds and ranges.
bool check_schedule_attrs(InferCtx& ctx, sched::GroupKind kind) {
  if (const ir::Attr* ts = ctx.attr("tile_shape")) {
    auto v = ts->kind == ir::Attr::Kind::array ? ts->as_int_array() : std::nullopt;
    if (!v || v->empty() || v->size() > 8)
      return ctx.fail("'tile_shape' is an array of 1 to 8 integers", "schedule_c3");
    for (int64_t e : *v)
      if (e < 1 || e > (int64_t{1} << 31))
        return ctx.fail("'tile_shape' extents lie in [1, 2^31]", "schedule_c3");
    const int64_t rank = ctx.declared.empty() ? 0 : ctx.declared[0].rank();
    const size_t want = kind == sched::GroupKind::gemm ? 3 : static_cast<size_t>(rank);
    if (kind != sched::GroupKind::whole && v->size() != want)
      return ctx.fail("'tile_shape' of a '" + std::string(sched::group_kind_name(kind)) +
                          "' group has " + std::to_string(want) + " extents",
                      "schedule_c3");
  } else if (kind != sched::GroupKind::whole) {
    return ctx.fail("a tiled group needs 'tile_shape'", "schedule_c3");
  }
  const ir::Attr* st = ctx.attr("stages");
  if (st && (!st->is_int() || st->i < 1 || st->i > 8))
    return ctx.fail("'stages' is an integer in [1, 8]", "schedule_c4");
  const ir::Attr* w = ctx.attr("warps");
  if (w && (!w->is_int() || w->i < 1 || w->i > 32))
    return ctx.fail("'warps' is an integer in [1, 32]", "schedule_c4");
  const ir::Attr* pl = ctx.attr("placement");
  if (pl && (pl->kind != ir::Attr::Kind::string || pl->s != "replicated"))
    return ctx.fail("'placement' is \"replicated\"", "schedule_c5");
  return true;
}

}  // namespace

bool infer_ScheduleGroup(InferCtx& ctx) {
  const ir::Attr* callee = ctx.attr("callee");
  // schedule_c1: `callee` names a function of the module whose parameters match the operands.
  if (!callee || callee->kind != ir::Attr::Kind::symbol)
    return ctx.fail("needs a 'callee' symbol attribute", "schedule_c1");
  const ir::Op* target = ir::lookup_callee(ctx.op);
  if (!target)
    return ctx.fail("groups @" + callee->s + ", which is not a function of this module",
                    "schedule_c1");
  const ir::Attr* ft = target->attrs.get("function_type");
  if (!ft || ft->kind != ir::Attr::Kind::func_type || target->regions.empty())
    return ctx.fail("@" + callee->s + " is not a function with a body", "schedule_c1");
  const auto& ins = ft->elems[0].elems;
  if (ins.size() != ctx.operands.size())
    return ctx.fail("passes " + std::to_string(ctx.operands.size()) + " operands to @" + callee->s +
                        ", which takes " + std::to_string(ins.size()),
                    "schedule_c1");
  for (size_t k = 0; k < ins.size(); ++k)
    if (!ir::types_compatible(ins[k].type, ctx.operands[k]))
      return ctx.fail("operand #" + std::to_string(k) + " has type " +
                          ir::to_string(ctx.operands[k]) + " but @" + callee->s + " takes " +
                          ir::to_string(ins[k].type),
                      "schedule_c1");
  // schedule_c2: `kind` names a group kind.
  const ir::Attr* k = ctx.attr("kind");
  auto kind = k && k->kind == ir::Attr::Kind::string ? sched::parse_group_kind(k->s) : std::nullopt;
  if (!kind)
    return ctx.fail(
        "'kind' is one of \"gemm\", \"conv\", \"attention\", \"row\", \"elementwise\", \"whole\"",
        "schedule_c2");
  ctx.results = ir::func_result_types(*target);
  if (ctx.runtime) ctx.results.assign(ctx.declared.begin(), ctx.declared.end());
  if (!check_schedule_attrs(ctx, *kind)) return false;
  // schedule_c6, schedule_c7: the body fits the kind.
  std::string err;
  const char* label = "schedule_c6";
  if (!sched::analyse_group(*target, *kind, err, label)) return ctx.fail(err, label);
  return true;
}

}  // namespace tessera::ops
