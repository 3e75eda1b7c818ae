// Plan-level fusion: finds the patterns of interp/graph/fusion.h and rewires their steps.
#include "interp/graph/fusion.h"

#include <vector>

#include "core/ops/registry.h"

namespace tessera::interp {
namespace {

bool is_f32(const ir::Type& t) { return t.is_shaped() && t.dtype == DType::f32; }

int64_t numel(const ir::Type& t) {
  int64_t n = 1;
  for (int64_t d : t.shape) n *= d;  // shapes were checked for overflow by compile_plan
  return n;
}

/// The softmax step's axis is its last dimension (attribute -1 or rank - 1).
bool along_last_axis(const PlanStep& st) {
  const int64_t rank = static_cast<int64_t>(st.result_types[0].shape.size());
  const int64_t axis = st.op->attrs.get_int("axis", -1);
  return rank >= 1 && (axis == -1 || axis == rank - 1);
}

}  // namespace

void fuse_plan(Plan& plan) {
  // Where each slot is read: the step of each use (a slot read twice by one step counts twice).
  std::vector<std::vector<size_t>> uses(static_cast<size_t>(plan.num_slots));
  for (size_t k = 0; k < plan.steps.size(); ++k)
    for (int s : plan.steps[k].inputs) uses[static_cast<size_t>(s)].push_back(k);
  std::vector<bool> returned(static_cast<size_t>(plan.num_slots), false);
  for (int s : plan.result_slots) returned[static_cast<size_t>(s)] = true;
  std::vector<const ir::Type*> slot_type(static_cast<size_t>(plan.num_slots), nullptr);
  for (size_t a = 0; a < plan.arg_slots.size(); ++a)
    slot_type[static_cast<size_t>(plan.arg_slots[a])] = &plan.arg_types[a];
  for (const PlanStep& p : plan.steps)
    for (size_t r = 0; r < p.outputs.size(); ++r)
      slot_type[static_cast<size_t>(p.outputs[r])] = &p.result_types[r];

  for (size_t k = 0; k < plan.steps.size(); ++k) {
    PlanStep& mul = plan.steps[k];
    if (!mul.op->def || mul.op->def->kind != ops::OpKind::Mul || mul.widen) continue;
    if (mul.inputs.size() != 2 || mul.outputs.size() != 1 || !is_f32(mul.result_types[0])) continue;
    const int t = mul.outputs[0];
    const auto& t_uses = uses[static_cast<size_t>(t)];
    if (returned[static_cast<size_t>(t)] || t_uses.size() != 1) continue;
    PlanStep& sm = plan.steps[t_uses[0]];
    if (!sm.op->def || sm.widen || sm.inputs.size() != 1 || sm.fused_away) continue;
    const ops::OpKind kind = sm.op->def->kind;
    if (kind != ops::OpKind::Softmax && kind != ops::OpKind::LogSoftmax) continue;
    if (!along_last_axis(sm)) continue;
    // One operand is the scale (one f32 element), the other has the product's type.
    const ir::Type& out = mul.result_types[0];
    const ir::Type* in_types[2] = {slot_type[static_cast<size_t>(mul.inputs[0])],
                                   slot_type[static_cast<size_t>(mul.inputs[1])]};
    if (!in_types[0] || !in_types[1]) continue;
    const bool scale_second = is_f32(*in_types[1]) && numel(*in_types[1]) == 1 &&
                              in_types[0]->dtype == out.dtype && in_types[0]->shape == out.shape;
    const bool scale_first = is_f32(*in_types[0]) && numel(*in_types[0]) == 1 &&
                             in_types[1]->dtype == out.dtype && in_types[1]->shape == out.shape;
    if (!scale_second && !scale_first) continue;
    sm.inputs = mul.inputs;  // (s, c) or (c, s): the kernel multiplies in this order
    sm.kernel = &kernel_scaled_softmax;
    mul.fused_away = true;
    mul.outputs.clear();  // %t is never written
    for (int s : mul.inputs) {
      auto& u = uses[static_cast<size_t>(s)];
      for (auto& step : u)
        if (step == k) step = t_uses[0];
    }
  }
}

}  // namespace tessera::interp
