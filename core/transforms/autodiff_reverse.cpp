// Reverse mode: the adjoint sweep over a list of ops, from the last op to the first.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "core/transforms/autodiff_engine.h"

namespace tessera::transforms::autodiff {

using ir::Op;
using ir::Value;

Value* Engine::P(const Value* v) const {
  if (auto it = recomputed_.find(v); it != recomputed_.end()) return it->second;
  if (auto it = primal_.find(v); it != primal_.end()) return it->second;
  return const_cast<Value*>(v);  // a value the engine emitted itself
}

void Engine::accumulate(ValueMap& adj, const Value* v, Value* g) {
  if (!g) return;
  auto [it, fresh] = adj.try_emplace(v, g);
  if (!fresh) it->second = b_.add(it->second, g);
}

void Engine::begin_backward(std::vector<Value*> results) {
  backward_start_ = scanned_ = b_.size();
  read_in_backward_.insert(results.begin(), results.end());
}

bool Engine::kept(const Value* v) {
  if (backward_start_ == kNoBackward) return false;
  for (; scanned_ < b_.size(); ++scanned_)
    ir::walk(*b_.block().ops[scanned_],
             [&](Op& o) { read_in_backward_.insert(o.operands.begin(), o.operands.end()); });
  return read_in_backward_.count(v) > 0;
}

void Engine::recompute(const std::vector<const Op*>& ops, size_t first, size_t last) {
  for (size_t j = first; j <= last && b_.ok(); ++j) {
    // A value that the backward reads from the forward anyway (it is the next region's input,
    // another op's residual or a result) costs no memory to keep: the region uses it instead
    // of a recomputed copy, and only the values not kept are recomputed (docs/autodiff.md).
    bool all_kept = !ops[j]->results.empty();
    for (const auto& r : ops[j]->results) {
      auto it = primal_.find(r.get());
      all_kept = all_kept && it != primal_.end() && kept(it->second);
    }
    if (all_kept) continue;
    std::vector<Value*> in;
    for (const Value* v : ops[j]->operands) in.push_back(P(v));
    const size_t at = b_.size();
    auto r = b_.copy(*ops[j], in);
    for (size_t k = at; k < b_.size(); ++k) recomputed_ops_.push_back(b_.block().ops[k].get());
    for (size_t k = 0; k < r.size(); ++k) recomputed_[ops[j]->result(k)] = r[k];
  }
}

void Engine::drop_unused_recomputation(const std::vector<Value*>& results) {
  std::unordered_map<const Value*, size_t> uses;
  for (const Value* v : results) ++uses[v];
  for (const auto& o : b_.block().ops)
    ir::walk(*o, [&](Op& n) {
      for (const Value* v : n.operands) ++uses[v];
    });
  std::unordered_set<const Op*> dead;
  // Latest first, so a recomputed chain that feeds only dropped ops goes as a whole.
  for (auto it = recomputed_ops_.rbegin(); it != recomputed_ops_.rend(); ++it) {
    const Op& o = **it;
    const Rule* rule = lookup_rule(o.name);
    if (!o.regions.empty() || (rule && rule->effect)) continue;  // keep effects paired
    bool used = false;
    for (const auto& r : o.results) used = used || uses[r.get()] > 0;
    if (used) continue;
    dead.insert(&o);
    for (const Value* v : o.operands) --uses[v];
  }
  if (dead.empty()) return;
  auto& v = b_.block().ops;
  v.erase(std::remove_if(v.begin(), v.end(), [&](const auto& o) { return dead.count(o.get()); }),
          v.end());
  recomputed_ops_.clear();
}

bool Engine::reverse(const std::vector<const Op*>& ops, const ValueSet& varied, ValueMap& adj) {
  auto ckpt = [&](size_t i) { return ops[i]->attrs.get(kCheckpoint) != nullptr; };
  // Consecutive marked ops form one region unless their attribute values differ: ts.checkpoint
  // numbers its regions, so two checkpointed layers recompute one at a time (h-ad-ext).
  auto same = [&](size_t i, size_t j) {
    return ckpt(i) && ckpt(j) && *ops[i]->attrs.get(kCheckpoint) == *ops[j]->attrs.get(kCheckpoint);
  };
  std::vector<size_t> start(ops.size());
  for (size_t i = 0; i < ops.size(); ++i) start[i] = (i > 0 && same(i, i - 1)) ? start[i - 1] : i;
  for (size_t i = ops.size(); i-- > 0;) {
    // Entering a checkpoint region from its end: recompute its forward, so the rules below use
    // the recomputed values instead of the forward's residuals.
    if (ckpt(i) && (i + 1 == ops.size() || !same(i, i + 1))) recompute(ops, start[i], i);
    if (!b_.ok() || !reverse_op(*ops[i], varied, adj)) return false;
  }
  return b_.ok();
}

ValueSet varied_after(const std::vector<const Op*>& ops, ValueSet seeds) {
  for (const Op* o : ops) {
    const Rule* rule = lookup_rule(o->name);
    if (stops_gradient(*o) || (rule && rule->nondiff)) continue;
    bool any = rule && rule->effect;  // a recv's result: what its send carried (h-ad-ext)
    for (const Value* v : o->operands) any = any || seeds.count(v) > 0;
    if (any)
      for (const auto& r : o->results) seeds.insert(r.get());
  }
  return seeds;
}

bool Engine::reverse_op(const Op& op, const ValueSet& varied, ValueMap& adj) {
  std::vector<Value*> dy;
  bool any_dy = false;
  for (const auto& r : op.results) {
    auto it = adj.find(r.get());
    dy.push_back(it == adj.end() ? nullptr : it->second);
    any_dy = any_dy || dy.back();
  }
  std::vector<bool> want;
  bool any_want = false;
  for (const Value* v : op.operands) {
    want.push_back(varied.count(v) > 0 && is_float_value(*v));
    any_want = any_want || want.back();
  }
  const Rule* effect = lookup_rule(op.name);
  if (effect && !effect->effect) effect = nullptr;
  if ((!any_dy || !any_want) && !effect) return true;
  if (stops_gradient(op)) return true;
  std::vector<Value*> x, y, dx(op.operands.size(), nullptr);
  for (const Value* v : op.operands) x.push_back(P(v));
  for (const auto& r : op.results) y.push_back(P(r.get()));
  b_.set_loc(op.loc);
  if (op.name == "func.call") {
    if (!reverse_call(op, x, dy, want, dx)) return false;
  } else {
    const Rule* rule = lookup_rule(op.name);
    if (!rule) {
      b_.fail("no derivative rule for '" + op.name + "' (docs/ops/graph/autodiff-rules.md)");
      return false;
    }
    if (rule->nondiff) return true;
    if (rule->vjp) {
      VjpCtx ctx{b_, op, x, y, dy, dx, want};
      if (!rule->vjp(ctx) || !b_.ok()) {
        if (b_.ok()) b_.fail("the vjp rule of '" + op.name + "' failed");
        return false;
      }
      dx = ctx.dx;
      dx.resize(op.operands.size(), nullptr);
    } else {
      // Differentiate the op's decomposition into other Graph ops.
      const size_t first = b_.size();
      std::vector<Value*> outs = rule->decompose(b_, op, x);
      if (!b_.ok() || outs.size() != op.results.size()) {
        if (b_.ok()) b_.fail("the decomposition of '" + op.name + "' failed");
        return false;
      }
      std::vector<const Op*> sub;
      for (size_t k = first; k < b_.size(); ++k) sub.push_back(b_.block().ops[k].get());
      ValueSet seeds;
      for (size_t i = 0; i < x.size(); ++i)
        if (want[i]) seeds.insert(x[i]);
      ValueMap ladj;
      for (size_t k = 0; k < outs.size(); ++k)
        if (dy[k] && outs[k]) accumulate(ladj, outs[k], dy[k]);
      if (!reverse(sub, varied_after(sub, seeds), ladj)) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        // An operand passed twice gets the whole cotangent once.
        const bool dup = std::find(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(i), x[i]) !=
                         x.begin() + static_cast<std::ptrdiff_t>(i);
        auto it = ladj.find(x[i]);
        if (want[i] && !dup && it != ladj.end()) dx[i] = it->second;
      }
    }
  }
  for (size_t i = 0; i < dx.size(); ++i) {
    if (!want[i] || !dx[i]) continue;
    if (dx[i]->type != x[i]->type) {
      b_.fail("internal: the derivative rule of '" + op.name + "' gives " +
              ir::to_string(dx[i]->type) + " for operand #" + std::to_string(i) + " of type " +
              ir::to_string(x[i]->type));
      return false;
    }
    accumulate(adj, op.operands[i], dx[i]);
  }
  return b_.ok();
}

}  // namespace tessera::transforms::autodiff
