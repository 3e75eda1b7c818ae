// func.call: plans the callee for the concrete operand types and runs it (docs/ir-overview.md).
#include "interp/graph/kernels_call.h"

#include "core/ops/registry.h"
#include "interp/graph/plan.h"

namespace tessera::interp {
namespace {

/// Calls nest on one thread (kernels never call across threads), so a thread-local depth bounds
/// recursion.
thread_local int call_depth = 0;
constexpr int kMaxCallDepth = 64;

void kernel_call(KernelCtx& ctx) {
  const ir::Op* callee = ir::lookup_callee(ctx.op);
  if (!callee) ctx.fail("callee not found");
  if (call_depth >= kMaxCallDepth)
    ctx.fail("calls nest deeper than " + std::to_string(kMaxCallDepth) + " (unbounded recursion?)");
  std::vector<ir::Type> types;
  std::vector<Tensor> args;
  for (const Tensor* t : ctx.in) {
    types.push_back(t->type());
    args.push_back(*t);
  }
  ++call_depth;
  struct Depth {
    ~Depth() { --call_depth; }
  } guard;
  Plan plan = compile_plan(*callee, types, *ctx.sm, PlanOptions{});
  auto results = run_plan(plan, args, *ctx.sm);
  for (size_t k = 0; k < results.size() && k < ctx.out.size(); ++k) {
    if (results[k].shape() != ctx.output(k).shape() || results[k].dtype() != ctx.output(k).dtype())
      ctx.fail("result #" + std::to_string(k) + " of the callee has type " +
               ir::to_string(results[k].type()));
    ctx.output(k) = results[k];
  }
}

}  // namespace

KernelFn call_kernel_resolver(const ir::Op& op) {
  return op.def && op.def->kind == ops::OpKind::Call ? &kernel_call : nullptr;
}

}  // namespace tessera::interp
