// Verifier hooks of builtin and func ops (docs/ir-overview.md: func_c1..c6).
#include "core/ops/registry.h"

namespace tessera::ops {

bool infer_Module(InferCtx&) { return true; }

bool infer_Func(InferCtx& ctx) {
  const ir::Op& op = ctx.op;
  const ir::Attr* ft = op.attrs.get("function_type");
  if (!ft || ft->kind != ir::Attr::Kind::func_type)
    return ctx.fail("needs a 'function_type' attribute", "func_c1");
  if (op.attrs.get_string("sym_name", "").empty())
    return ctx.fail("needs a 'sym_name' attribute", "func_c1");
  if (ir::is_declaration(op)) return true;  // a declaration
  const ir::Block& entry = op.regions[0].front();
  const auto& ins = ft->elems[0].elems;
  // func_c2: entry block arguments match the signature.
  if (entry.args.size() != ins.size())
    return ctx.fail("entry block has " + std::to_string(entry.args.size()) +
                        " arguments but the signature has " + std::to_string(ins.size()),
                    "func_c2");
  for (size_t k = 0; k < ins.size(); ++k)
    if (!(entry.args[k]->type == ins[k].type))
      return ctx.fail("argument #" + std::to_string(k) + " type differs from the signature",
                      "func_c2");
  // func_c3: the body ends in func.return.
  // (A return that is not last is generic_c4's to report.)
  bool has_return = false;
  for (const auto& o : entry.ops) has_return |= o->name == "func.return";
  if (!has_return) return ctx.fail("body must end with 'return'", "func_c3");
  return true;
}

bool infer_Return(InferCtx& ctx) {
  const ir::Op* func = ctx.op.parent ? ctx.op.parent->parent : nullptr;
  if (!func || func->name != "func.func") return ctx.fail("must be inside a func.func", "func_c6");
  auto want = ir::func_result_types(*func);
  // func_c6: returned values match the function's result types.
  if (want.size() != ctx.operands.size())
    return ctx.fail("returns " + std::to_string(ctx.operands.size()) +
                        " values but the function "
                        "declares " +
                        std::to_string(want.size()),
                    "func_c6");
  for (size_t k = 0; k < want.size(); ++k)
    if (!ir::types_compatible(want[k], ctx.operands[k]))
      return ctx.fail("returned value #" + std::to_string(k) + " has type " +
                          ir::to_string(ctx.operands[k]) + " but the function returns " +
                          ir::to_string(want[k]),
                      "func_c6");
  return true;
}

bool infer_Call(InferCtx& ctx) {
  const ir::Attr* callee = ctx.attr("callee");
  // call_c1: `callee` names a function of the enclosing module.
  if (!callee || callee->kind != ir::Attr::Kind::symbol)
    return ctx.fail("needs a 'callee' symbol attribute", "call_c1");
  const ir::Op* target = ir::lookup_callee(ctx.op);  // the module's symbol table, O(1)
  if (!target)
    return ctx.fail("calls @" + callee->s + ", which is not a function of this module", "call_c1");
  const ir::Attr* ft = target->attrs.get("function_type");
  if (!ft || ft->kind != ir::Attr::Kind::func_type)
    return ctx.fail("callee has no function type", "call_c1");
  // call_c2: the operands match the callee's parameter types.
  const auto& ins = ft->elems[0].elems;
  if (ins.size() != ctx.operands.size())
    return ctx.fail("passes " + std::to_string(ctx.operands.size()) + " operands to @" + callee->s +
                        ", which takes " + std::to_string(ins.size()),
                    "call_c2");
  for (size_t k = 0; k < ins.size(); ++k)
    if (!ir::types_compatible(ins[k].type, ctx.operands[k]))
      return ctx.fail("operand #" + std::to_string(k) + " has type " +
                          ir::to_string(ctx.operands[k]) + " but @" + callee->s + " takes " +
                          ir::to_string(ins[k].type),
                      "call_c2");
  // Results are the callee's (generic_c3 compares them with the written result types). At run
  // time the callee is planned for the concrete operand shapes, so dynamic dims are left open.
  ctx.results = ir::func_result_types(*target);
  if (ctx.runtime) ctx.results.assign(ctx.declared.begin(), ctx.declared.end());
  return true;
}

}  // namespace tessera::ops
