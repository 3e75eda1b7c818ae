// Dependency graph of a function's entry block: built once, linear in ops and uses.
#include "core/analysis/dep_graph.h"

#include <functional>
#include <queue>

#include "core/ops/registry.h"

namespace tessera::analysis {
namespace {

/// Op pointer -> index in the block: open addressing over a power-of-two table sized once, so
/// building it is one allocation and a lookup touches one or two cache lines.
class OpIndex {
 public:
  explicit OpIndex(const std::vector<const ir::Op*>& ops) {
    size_t cap = 16;
    while (cap < ops.size() * 2) cap *= 2;
    mask_ = cap - 1;
    slots_.assign(cap, Slot{nullptr, 0});
    for (size_t k = 0; k < ops.size(); ++k) {
      size_t h = hash(ops[k]);
      while (slots_[h].op) h = (h + 1) & mask_;
      slots_[h] = Slot{ops[k], static_cast<uint32_t>(k)};
    }
  }
  /// The index of `op`, or -1 when it is not an op of the block.
  int64_t find(const ir::Op* op) const {
    for (size_t h = hash(op); slots_[h].op; h = (h + 1) & mask_)
      if (slots_[h].op == op) return slots_[h].index;
    return -1;
  }

 private:
  struct Slot {
    const ir::Op* op;
    uint32_t index;
  };
  size_t hash(const ir::Op* p) const {
    return static_cast<size_t>((reinterpret_cast<uintptr_t>(p) >> 4) * 0x9E3779B97F4A7C15ull) &
           mask_;
  }
  std::vector<Slot> slots_;
  size_t mask_ = 0;
};

/// The op of the entry block that contains `op` (itself if it is top level), or nullptr.
const ir::Op* top_level(const ir::Op* op, const ir::Block* entry) {
  while (op && op->parent && op->parent != entry) {
    const ir::Op* up = op->parent->parent;
    if (!up) return nullptr;
    op = up;
  }
  return op && op->parent == entry ? op : nullptr;
}

/// Fills CSR arrays (start has n + 1 entries) from an edge list, keyed by `key` of each edge.
void to_csr(size_t n, const std::vector<std::pair<uint32_t, uint32_t>>& edges, bool by_source,
            std::vector<size_t>& start, std::vector<uint32_t>& adj) {
  start.assign(n + 1, 0);
  for (const auto& [u, v] : edges) ++start[(by_source ? u : v) + 1];
  for (size_t k = 0; k < n; ++k) start[k + 1] += start[k];
  adj.resize(edges.size());
  std::vector<size_t> fill(start.begin(), start.end() - 1);
  for (const auto& [u, v] : edges) adj[fill[by_source ? u : v]++] = by_source ? v : u;
}

}  // namespace

FunctionGraph::FunctionGraph(const ir::Op& func) {
  if (func.regions.empty() || func.regions[0].empty()) {
    out_start_.assign(1, 0);
    in_start_.assign(1, 0);
    return;
  }
  const ir::Block& entry = func.regions[0].front();
  ops_.reserve(entry.ops.size());
  for (const auto& o : entry.ops) ops_.push_back(o.get());
  const OpIndex index(ops_);
  std::vector<std::pair<uint32_t, uint32_t>> edges;
  edges.reserve(ops_.size() * 2);
  for (size_t k = 0; k < ops_.size(); ++k) {
    const uint32_t user = static_cast<uint32_t>(k);
    auto add_uses = [&](const ir::Op& inner, bool direct) {
      for (const ir::Value* v : inner.operands) {
        if (!v || !v->def) continue;
        // A direct operand defined in the block is its own op (no walk up needed).
        const ir::Op* src = v->def->parent == &entry ? v->def : top_level(v->def, &entry);
        int64_t i = src ? index.find(src) : -1;
        if (i < 0) continue;
        if (direct && i >= static_cast<int64_t>(k))
          early_uses_.push_back({user, static_cast<uint32_t>(i), v});
        if (i == static_cast<int64_t>(k)) continue;
        if (i > static_cast<int64_t>(k)) forward_only_ = false;
        edges.emplace_back(static_cast<uint32_t>(i), user);
      }
    };
    add_uses(*ops_[k], true);
    for (const ir::Region& r : ops_[k]->regions)
      for (const auto& b : r.blocks)
        for (const auto& o : b->ops) ir::walk(*o, [&](ir::Op& inner) { add_uses(inner, false); });
  }
  to_csr(ops_.size(), edges, true, out_start_, out_);
  to_csr(ops_.size(), edges, false, in_start_, in_);
}

std::vector<const ir::Op*> FunctionGraph::topological_order(DiagnosticEngine& diag) const {
  // Every edge forward: textual order is the smallest topological order (the common case).
  if (forward_only_) return ops_;
  // Kahn's algorithm with a min-heap on the textual index keeps textual order where free.
  const size_t n = ops_.size();
  std::vector<size_t> indeg(n);
  for (size_t v = 0; v < n; ++v) indeg[v] = in_start_[v + 1] - in_start_[v];
  std::priority_queue<uint32_t, std::vector<uint32_t>, std::greater<>> ready;
  for (size_t v = 0; v < n; ++v)
    if (indeg[v] == 0) ready.push(static_cast<uint32_t>(v));
  std::vector<const ir::Op*> order;
  order.reserve(n);
  while (!ready.empty()) {
    uint32_t v = ready.top();
    ready.pop();
    order.push_back(ops_[v]);
    for (size_t e = out_start_[v]; e < out_start_[v + 1]; ++e)
      if (--indeg[out_[e]] == 0) ready.push(out_[e]);
  }
  if (order.size() != n) {
    // func_c4: the first op (textually) left with unmet dependencies lies on or behind a cycle.
    for (size_t v = 0; v < n; ++v)
      if (indeg[v] != 0) {
        diag.op_error(*ops_[v], "is part of a dependency cycle", "func_c4");
        break;
      }
    return {};
  }
  return order;
}

std::vector<const ir::Op*> FunctionGraph::dead_ops() const {
  const size_t n = ops_.size();
  std::vector<char> live(n, 0);
  std::vector<uint32_t> work;
  for (size_t v = 0; v < n; ++v) {
    const ir::Op* o = ops_[v];
    bool root =
        !o->def || o->def->has(ops::kEffect) || o->def->has(ops::kTerminator) || o->results.empty();
    if (root) {
      live[v] = 1;
      work.push_back(static_cast<uint32_t>(v));
    }
  }
  while (!work.empty()) {
    uint32_t v = work.back();
    work.pop_back();
    for (size_t e = in_start_[v]; e < in_start_[v + 1]; ++e)
      if (!live[in_[e]]) {
        live[in_[e]] = 1;
        work.push_back(in_[e]);
      }
  }
  std::vector<const ir::Op*> dead;
  for (size_t v = 0; v < n; ++v)
    if (!live[v]) dead.push_back(ops_[v]);
  return dead;
}

std::vector<const ir::Op*> topological_order(const ir::Op& func, DiagnosticEngine& diag) {
  return FunctionGraph(func).topological_order(diag);
}

std::vector<const ir::Op*> dead_ops(const ir::Op& func) { return FunctionGraph(func).dead_ops(); }

bool check_function_graph(const ir::Op& func, DiagnosticEngine& diag) {
  if (func.regions.empty() || func.regions[0].empty()) return true;
  const FunctionGraph g(func);
  auto order = g.topological_order(diag);
  if (order.empty() && g.size() != 0) return false;
  // func_c5: every use comes after its definition in the block (SSA dominance in one block).
  for (const FunctionGraph::EarlyUse& u : g.early_uses())
    diag.op_error(*g.op(u.user), "uses '%" + u.value->name + "' before its definition", "func_c5");
  for (const ir::Op* d : g.dead_ops())
    diag.warning(d->loc, "'" + d->name + "' op result is never used (func_w1)");
  return g.early_uses().empty();
}

}  // namespace tessera::analysis
