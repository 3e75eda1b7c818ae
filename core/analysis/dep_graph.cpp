// Dependency graph of a function's ops, built with Boost.Graph.
#include "core/analysis/dep_graph.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/topological_sort.hpp>
#include <queue>
#include <unordered_map>

#include "core/ops/registry.h"

namespace tessera::analysis {
namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS>;

struct FuncGraph {
  Graph g;
  std::vector<const ir::Op*> ops;
  std::unordered_map<const ir::Op*, size_t> index;
};

/// The top-level op of the entry block that contains `op` (itself if it is top level).
const ir::Op* top_level(const ir::Op* op, const ir::Block* entry) {
  while (op && op->parent && op->parent != entry) {
    const ir::Op* up = op->parent->parent;
    if (!up) return nullptr;
    op = up;
  }
  return op;
}

FuncGraph build(const ir::Op& func) {
  FuncGraph fg;
  if (func.regions.empty() || func.regions[0].empty()) return fg;
  const ir::Block& entry = func.regions[0].front();
  for (const auto& o : entry.ops) {
    fg.index[o.get()] = fg.ops.size();
    fg.ops.push_back(o.get());
  }
  fg.g = Graph(fg.ops.size());
  for (size_t k = 0; k < fg.ops.size(); ++k) {
    ir::walk(const_cast<ir::Op&>(*fg.ops[k]), [&](ir::Op& inner) {
      for (const ir::Value* v : inner.operands) {
        if (!v || !v->def) continue;
        const ir::Op* src = top_level(v->def, &entry);
        auto it = src ? fg.index.find(src) : fg.index.end();
        if (it != fg.index.end() && it->second != k) boost::add_edge(it->second, k, fg.g);
      }
    });
  }
  return fg;
}

}  // namespace

std::vector<const ir::Op*> topological_order(const ir::Op& func, DiagnosticEngine& diag) {
  FuncGraph fg = build(func);
  // Kahn's algorithm with a min-heap on the textual index keeps textual order where free.
  size_t n = fg.ops.size();
  std::vector<size_t> indeg(n);
  for (size_t v = 0; v < n; ++v) indeg[v] = boost::in_degree(v, fg.g);
  std::priority_queue<size_t, std::vector<size_t>, std::greater<>> ready;
  for (size_t v = 0; v < n; ++v)
    if (indeg[v] == 0) ready.push(v);
  std::vector<const ir::Op*> order;
  while (!ready.empty()) {
    size_t v = ready.top();
    ready.pop();
    order.push_back(fg.ops[v]);
    for (auto [e, end] = boost::out_edges(v, fg.g); e != end; ++e) {
      size_t w = boost::target(*e, fg.g);
      if (--indeg[w] == 0) ready.push(w);
    }
  }
  if (order.size() != n) {
    // Boost's DFS-based sort names a cycle precisely; report the first op on it.
    std::vector<size_t> out;
    try {
      boost::topological_sort(fg.g, std::back_inserter(out));
    } catch (const boost::not_a_dag&) {
    }
    for (size_t v = 0; v < n; ++v)
      if (indeg[v] != 0) {
        diag.op_error(*fg.ops[v], "is part of a dependency cycle", "func_c4");
        break;
      }
    return {};
  }
  return order;
}

std::vector<const ir::Op*> dead_ops(const ir::Op& func) {
  FuncGraph fg = build(func);
  size_t n = fg.ops.size();
  std::vector<bool> live(n, false);
  std::vector<size_t> work;
  for (size_t v = 0; v < n; ++v) {
    const ir::Op* o = fg.ops[v];
    bool root =
        !o->def || o->def->has(ops::kEffect) || o->def->has(ops::kTerminator) || o->results.empty();
    if (root) {
      live[v] = true;
      work.push_back(v);
    }
  }
  while (!work.empty()) {
    size_t v = work.back();
    work.pop_back();
    for (auto [e, end] = boost::in_edges(v, fg.g); e != end; ++e) {
      size_t u = boost::source(*e, fg.g);
      if (!live[u]) {
        live[u] = true;
        work.push_back(u);
      }
    }
  }
  std::vector<const ir::Op*> dead;
  for (size_t v = 0; v < n; ++v)
    if (!live[v]) dead.push_back(fg.ops[v]);
  return dead;
}

bool check_function_graph(const ir::Op& func, DiagnosticEngine& diag) {
  if (func.regions.empty() || func.regions[0].empty()) return true;
  auto order = topological_order(func, diag);
  if (order.empty() && !func.regions[0].front().ops.empty()) return false;
  // func_c5: every use comes after its definition in the block (SSA dominance in one block).
  const ir::Block& entry = func.regions[0].front();
  std::unordered_map<const ir::Op*, size_t> pos;
  for (size_t k = 0; k < entry.ops.size(); ++k) pos[entry.ops[k].get()] = k;
  bool ok = true;
  for (size_t k = 0; k < entry.ops.size(); ++k) {
    const ir::Op& o = *entry.ops[k];
    for (const ir::Value* v : o.operands) {
      if (!v || !v->def) continue;
      auto it = pos.find(v->def);
      if (it != pos.end() && it->second >= k) {
        diag.op_error(o, "uses '%" + v->name + "' before its definition", "func_c5");
        ok = false;
      }
    }
  }
  for (const ir::Op* d : dead_ops(func))
    diag.warning(d->loc, "'" + d->name + "' op result is never used (func_w1)");
  return ok;
}

}  // namespace tessera::analysis
