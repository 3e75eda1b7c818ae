// Plan-level fusion: finds the patterns of interp/graph/fusion.h and rewires their steps.
#include "interp/graph/fusion.h"

#include <algorithm>
#include <memory>
#include <vector>

#include "core/ops/contractions.h"
#include "core/ops/policy.h"
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

bool is_kind(const PlanStep& st, ops::OpKind kind) {
  return st.op->def && st.op->def->kind == kind && !st.widen && !st.fused_away;
}

/// What fusion needs to know about the plan's slots: who reads them, who writes them, which
/// are returned, their types.
struct SlotInfo {
  std::vector<std::vector<size_t>> uses;  ///< Step of each use (a step reading twice: twice).
  std::vector<int> producer;              ///< Step writing the slot, or -1 (arguments).
  std::vector<bool> returned;
  std::vector<const ir::Type*> type;

  explicit SlotInfo(const Plan& plan)
      : uses(static_cast<size_t>(plan.num_slots)),
        producer(static_cast<size_t>(plan.num_slots), -1),
        returned(static_cast<size_t>(plan.num_slots), false),
        type(static_cast<size_t>(plan.num_slots), nullptr) {
    for (size_t k = 0; k < plan.steps.size(); ++k) {
      for (int s : plan.steps[k].inputs) uses[static_cast<size_t>(s)].push_back(k);
      for (size_t r = 0; r < plan.steps[k].outputs.size(); ++r) {
        const auto s = static_cast<size_t>(plan.steps[k].outputs[r]);
        producer[s] = static_cast<int>(k);
        type[s] = &plan.steps[k].result_types[r];
      }
    }
    for (int s : plan.result_slots) returned[static_cast<size_t>(s)] = true;
    for (size_t a = 0; a < plan.arg_slots.size(); ++a)
      type[static_cast<size_t>(plan.arg_slots[a])] = &plan.arg_types[a];
  }
  /// The value in slot s is read once, by step k, and not returned.
  bool only_use(int s, size_t k) const {
    const auto& u = uses[static_cast<size_t>(s)];
    return !returned[static_cast<size_t>(s)] && u.size() == 1 && u[0] == k;
  }
  /// Step `from`'s reads of the slots in `moved` now happen at step `to`.
  void move_uses(const std::vector<int>& moved, size_t from, size_t to) {
    for (int s : moved)
      for (auto& step : uses[static_cast<size_t>(s)])
        if (step == from) step = to;
  }
};

/// Which operand of a two-operand f32 mul is a one-element f32 scale of the other (whose type is
/// the product's): 1 for the second, 0 for the first, -1 for neither.
int scale_operand(const PlanStep& mul, const SlotInfo& si) {
  if (mul.inputs.size() != 2 || mul.outputs.size() != 1 || !is_f32(mul.result_types[0])) return -1;
  const ir::Type& out = mul.result_types[0];
  const ir::Type* t[2] = {si.type[static_cast<size_t>(mul.inputs[0])],
                          si.type[static_cast<size_t>(mul.inputs[1])]};
  if (!t[0] || !t[1]) return -1;
  for (int c : {1, 0}) {
    const ir::Type& other = *t[1 - c];
    if (is_f32(*t[c]) && numel(*t[c]) == 1 && other.dtype == out.dtype && other.shape == out.shape)
      return c;
  }
  return -1;
}

/// A matmul of f32 operands into f32 with the default sequential f32 accumulation: the
/// product sgemm_fast computes.
bool plain_f32_matmul(const PlanStep& st, const SlotInfo& si) {
  if (!is_kind(st, ops::OpKind::Matmul) || st.inputs.size() != 2 || st.outputs.size() != 1 ||
      !is_f32(st.result_types[0]))
    return false;
  for (int s : st.inputs) {
    const ir::Type* t = si.type[static_cast<size_t>(s)];
    if (!t || !is_f32(*t)) return false;
  }
  if (ops::matmul_accum_type(*st.op, DType::f32, DType::f32) != DType::f32) return false;
  const auto model =
      ops::accum_model_by_name(ops::read_policy(*st.op).accum_model, DType::f32, DType::f32);
  return model && model->kind == num::AccumKind::kSequential;
}

/// The batch dims (all but the last two) of a slot's type equal `batch`.
bool same_batch(const SlotInfo& si, int s, const std::vector<int64_t>& batch) {
  const ir::Type* t = si.type[static_cast<size_t>(s)];
  return t && t->shape.size() == batch.size() + 2 &&
         std::equal(batch.begin(), batch.end(), t->shape.begin());
}

/// Attention: step k2 is `%o = matmul %p, %v` with `%p = softmax(%t)` along the last axis and
/// `%t = %s * c` (or c * %s, or %t = %s) for `%s = matmul %q, %k`, each intermediate read once.
void fuse_attention_at(Plan& plan, SlotInfo& si, size_t k2) {
  PlanStep& mm2 = plan.steps[k2];
  if (!plain_f32_matmul(mm2, si) || mm2.op->attrs.get_bool("transpose_a", false)) return;
  const int p = mm2.inputs[0];
  const int k_sm = si.producer[static_cast<size_t>(p)];
  if (k_sm < 0 || !si.only_use(p, k2)) return;
  PlanStep& sm = plan.steps[static_cast<size_t>(k_sm)];
  if (!is_kind(sm, ops::OpKind::Softmax) || sm.inputs.size() != 1 || !along_last_axis(sm)) return;
  int t = sm.inputs[0];
  if (!si.only_use(t, static_cast<size_t>(k_sm))) return;
  int k_prev = si.producer[static_cast<size_t>(t)];
  if (k_prev < 0) return;
  PlanStep* mul = nullptr;
  int scale = -1;
  bool scale_second = false;
  const int k_mul = k_prev;
  if (is_kind(plan.steps[static_cast<size_t>(k_prev)], ops::OpKind::Mul)) {
    mul = &plan.steps[static_cast<size_t>(k_prev)];
    const int c = scale_operand(*mul, si);
    if (c < 0) return;
    scale_second = c == 1;
    scale = mul->inputs[static_cast<size_t>(c)];
    t = mul->inputs[static_cast<size_t>(1 - c)];
    if (!si.only_use(t, static_cast<size_t>(k_prev))) return;
    k_prev = si.producer[static_cast<size_t>(t)];
    if (k_prev < 0) return;
  }
  PlanStep& mm1 = plan.steps[static_cast<size_t>(k_prev)];
  if (!plain_f32_matmul(mm1, si)) return;
  // Every operand has the scores' batch dims: no broadcasting inside the fused kernel.
  const auto& sshape = mm1.result_types[0].shape;
  const std::vector<int64_t> batch(sshape.begin(), sshape.end() - 2);
  for (int s : {mm1.inputs[0], mm1.inputs[1], mm2.inputs[1]})
    if (!same_batch(si, s, batch)) return;
  std::vector<int> ins = {mm1.inputs[0], mm1.inputs[1], mm2.inputs[1]};
  if (mul) ins.push_back(scale);
  si.move_uses({mm1.inputs[0], mm1.inputs[1]}, static_cast<size_t>(k_prev), k2);
  if (mul) si.move_uses({scale}, static_cast<size_t>(k_mul), k2);
  mm2.inputs = ins;
  mm2.kernel = !mul           ? &kernel_attention_block
               : scale_second ? &kernel_attention_block_scale_second
                              : &kernel_attention_block_scale_first;
  for (PlanStep* st : {&mm1, mul, &sm}) {
    if (!st) continue;
    st->fused_away = true;
    st->outputs.clear();  // never written
    st->inputs.clear();   // read by the fused step (q, k, c) or never written (%s, %t)
  }
}

/// Scale into softmax at step k (a mul).
void fuse_scale_softmax_at(Plan& plan, SlotInfo& si, size_t k) {
  PlanStep& mul = plan.steps[k];
  if (!is_kind(mul, ops::OpKind::Mul) || scale_operand(mul, si) < 0) return;
  const int t = mul.outputs[0];
  const auto& t_uses = si.uses[static_cast<size_t>(t)];
  if (si.returned[static_cast<size_t>(t)] || t_uses.size() != 1) return;
  PlanStep& sm = plan.steps[t_uses[0]];
  if (sm.inputs.size() != 1 || !along_last_axis(sm)) return;
  if (!is_kind(sm, ops::OpKind::Softmax) && !is_kind(sm, ops::OpKind::LogSoftmax)) return;
  sm.inputs = mul.inputs;  // (s, c) or (c, s): the kernel multiplies in this order
  sm.kernel = &kernel_scaled_softmax;
  mul.fused_away = true;
  mul.outputs.clear();  // %t is never written
  si.move_uses(mul.inputs, k, t_uses[0]);
}

/// The elementwise ops a fused elementwise step evaluates, with their operand counts.
int ew_arity(ops::OpKind kind) {
  switch (kind) {
    case ops::OpKind::Add:
    case ops::OpKind::Sub:
    case ops::OpKind::Mul:
    case ops::OpKind::Div:
      return 2;
    case ops::OpKind::Neg:
      return 1;
    default:
      return 0;
  }
}

/// Step st can be a node of a fused elementwise step: add / sub / mul / div / neg of f32 into
/// f32 without attributes (so no numeric policy), each operand of the result's shape or one
/// element (no other broadcasting), run by its own kernel.
bool ew_node(const PlanStep& st, const SlotInfo& si) {
  if (st.widen || st.fused_away || !st.op->def || st.outputs.size() != 1 || !st.op->attrs.empty() ||
      st.kernel != graph_kernel(*st.op))
    return false;
  const int arity = ew_arity(st.op->def->kind);
  if (arity == 0 || st.inputs.size() != static_cast<size_t>(arity)) return false;
  const ir::Type& out = st.result_types[0];
  if (!is_f32(out)) return false;
  for (int s : st.inputs) {
    const ir::Type* t = si.type[static_cast<size_t>(s)];
    if (!t || !is_f32(*t) || (t->shape != out.shape && numel(*t) != 1)) return false;
  }
  return true;
}

/// A chain of elementwise steps ending at step k, each intermediate read once (by the next
/// node) and not returned: step k evaluates the whole tree per element (kernel_fused_elementwise),
/// each node rounding to f32 as its own kernel does, and the others are fused away.
void fuse_elementwise_at(Plan& plan, SlotInfo& si, size_t k) {
  PlanStep& root = plan.steps[k];
  if (!ew_node(root, si)) return;
  const auto& shape = root.result_types[0].shape;
  auto expr = std::make_shared<FusedExpr>();
  std::vector<int> leaves;
  std::vector<size_t> absorbed;
  auto build = [&](auto& self, size_t at) -> int {
    const PlanStep& st = plan.steps[at];
    int opnd[2] = {0, 0};
    for (size_t i = 0; i < st.inputs.size(); ++i) {
      const int s = st.inputs[i];
      const int p = si.producer[static_cast<size_t>(s)];
      const bool room = absorbed.size() + 2 <= FusedExpr::kMaxNodes;  // each step is one node
      if (p >= 0 && room && si.only_use(s, at) && ew_node(plan.steps[static_cast<size_t>(p)], si) &&
          plan.steps[static_cast<size_t>(p)].result_types[0].shape == shape) {
        absorbed.push_back(static_cast<size_t>(p));
        opnd[i] = self(self, static_cast<size_t>(p));
        continue;
      }
      auto it = std::find(leaves.begin(), leaves.end(), s);
      if (it == leaves.end()) it = leaves.insert(leaves.end(), s);
      opnd[i] = -1 - static_cast<int>(it - leaves.begin());
    }
    expr->nodes.push_back({st.op->def->kind, opnd[0], opnd[1]});
    return static_cast<int>(expr->nodes.size()) - 1;
  };
  build(build, k);
  if (absorbed.empty()) return;
  for (size_t p : absorbed) {
    PlanStep& st = plan.steps[p];
    si.move_uses(st.inputs, p, k);
    st.fused_away = true;
    st.outputs.clear();  // never written
    st.inputs.clear();   // the leaves are read by step k
  }
  root.inputs = leaves;
  root.kernel = &kernel_fused_elementwise;
  root.fused = std::move(expr);
}

}  // namespace

void fuse_plan(Plan& plan) {
  SlotInfo si(plan);
  for (size_t k = 0; k < plan.steps.size(); ++k) fuse_attention_at(plan, si, k);
  for (size_t k = 0; k < plan.steps.size(); ++k) fuse_scale_softmax_at(plan, si, k);
  // From the last step back, so each tree is rooted at its final consumer.
  for (size_t k = plan.steps.size(); k-- > 0;) fuse_elementwise_at(plan, si, k);
}

}  // namespace tessera::interp
