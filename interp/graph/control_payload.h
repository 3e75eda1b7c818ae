// Upstream Tessera's executable-payload form of control_for / control_while / control_if: the
// body serialized as an op list in attributes (`body_opcodes`, `body_in0`, ...) next to a stub
// function. The list is rebuilt as Graph IR ops and compiled into a plan (spec:
// docs/ops/graph/control-flow.md, "Executable payload", control_payload_c1..c3).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/ir/ir.h"
#include "interp/graph/kernel.h"
#include "interp/graph/plan.h"

namespace tessera::interp {

/// A payload rebuilt as ops in a block of its own (`holder` owns it; the plan refers to it).
struct PayloadBody {
  std::unique_ptr<ir::Op> holder;
  Plan plan;
};

/// Whether `op` carries a payload under `prefix` (body, cond, then, else).
bool has_payload(const ir::Op& op, const std::string& prefix);

/// Rebuilds the payload under `prefix` of c.op over `args` (payload ids 0 .. args.size()-1; the
/// ops' results take the ids after them) and compiles it; running the plan on `args` gives the
/// value `<prefix>_out_id` names. Fails the kernel on an opcode or id outside the spec.
std::unique_ptr<PayloadBody> payload_body(const KernelCtx& c, const std::string& prefix,
                                          const std::vector<Tensor>& args);

}  // namespace tessera::interp
