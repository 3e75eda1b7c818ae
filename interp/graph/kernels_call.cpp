// func.call: plans the callee for the concrete operand types and runs it (docs/ir-overview.md).
#include "core/ops/registry.h"
#include "interp/graph/kernel.h"
#include "interp/graph/plan.h"

namespace tessera::interp {

void kernel_Call(KernelCtx& ctx) {
  const ir::Attr* name = ctx.op.attrs.get("callee");
  const ir::Op* callee = name ? ctx.run.lookup_func(name->s) : nullptr;
  if (!callee) ctx.fail("callee not found (call_c1)");
  // The depth travels in the run context (no thread-local counter): a callee's context is its
  // caller's, one call deeper.
  if (ctx.run.call_depth >= RunContext::kMaxCallDepth)
    ctx.fail("calls nest deeper than " + std::to_string(RunContext::kMaxCallDepth) +
             " (unbounded recursion?)");
  std::vector<ir::Type> types;
  std::vector<Tensor> args;
  for (const Tensor* t : ctx.in) {
    types.push_back(t->type());
    args.push_back(*t);
  }
  const RunContext inner = ctx.run.nested_call();
  PlanOptions po;
  po.max_memory = ctx.run.max_memory;
  po.fuse = ctx.run.observer == nullptr;
  Plan plan = compile_plan(*callee, types, *ctx.run.sm, po);
  auto results = run_plan(plan, args, inner);
  for (size_t k = 0; k < results.size() && k < ctx.out.size(); ++k) {
    if (results[k].shape() != ctx.output(k).shape() || results[k].dtype() != ctx.output(k).dtype())
      ctx.fail("result #" + std::to_string(k) + " of the callee has type " +
               ir::to_string(results[k].type()));
    ctx.output(k) = results[k];
  }
}

}  // namespace tessera::interp
