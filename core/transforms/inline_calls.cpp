// The func.call inliner of inline_calls.h.
#include "core/transforms/inline_calls.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/transforms/autodiff_builder.h"

namespace tessera::transforms {
namespace {

bool single_block(const ir::Op& f) {
  return !ir::is_declaration(f) && f.regions[0].blocks.size() == 1;
}

/// Whether `call` can take `callee`'s body as it is: the same types on both sides, so the copied
/// ops keep their result types and every use of a call result sees the type it saw.
bool inlinable(const ir::Op& call, const ir::Op& callee) {
  if (!single_block(callee)) return false;
  const ir::Block& body = callee.regions[0].front();
  if (body.ops.empty() || body.ops.back()->name != "func.return") return false;
  const ir::Op& ret = *body.ops.back();
  if (body.args.size() != call.operands.size() || ret.operands.size() != call.num_results())
    return false;
  for (size_t i = 0; i < body.args.size(); ++i)
    if (!(body.args[i]->type == call.operands[i]->type)) return false;
  for (size_t r = 0; r < call.num_results(); ++r)
    if (!(ret.operands[r]->type == call.result(r)->type)) return false;
  return true;
}

class Inliner {
 public:
  explicit Inliner(DiagnosticEngine& diag) : diag_(diag) {}

  /// Inlines the calls of `f` (after those of its callees). False after an error.
  bool run(ir::Op& f) {
    if (done_.count(&f) || !single_block(f)) return true;
    stack_.push_back(&f);
    ir::Block& body = f.regions[0].front();
    std::unordered_map<const ir::Value*, ir::Value*> repl;  // call result -> inlined value
    std::vector<std::unique_ptr<ir::Op>> out;
    for (auto& up : body.ops) {
      for (auto& v : up->operands)
        if (auto it = repl.find(v); it != repl.end()) v = it->second;
      ir::Op* callee = up->name == "func.call" ? ir::lookup_callee(*up) : nullptr;
      if (callee == nullptr || !inlinable(*up, *callee)) {
        out.push_back(std::move(up));
        continue;
      }
      if (std::find(stack_.begin(), stack_.end(), callee) != stack_.end()) {
        std::string chain;
        for (auto it = std::find(stack_.begin(), stack_.end(), callee); it != stack_.end(); ++it)
          chain += "@" + ir::func_name(**it) + " -> ";
        diag_.op_error(*up,
                       "recursive call chain " + chain + "@" + ir::func_name(*callee) +
                           " cannot be inlined: it would never end",
                       "inline_c1");
        return false;
      }
      if (!run(*callee)) return false;
      const ir::Block& cb = callee->regions[0].front();
      std::unordered_map<const ir::Value*, ir::Value*> vm;
      for (size_t i = 0; i < cb.args.size(); ++i) vm[cb.args[i].get()] = up->operands[i];
      for (const auto& o : cb.ops) {
        if (o->name == "func.return") {
          for (size_t r = 0; r < o->operands.size(); ++r) {
            auto it = vm.find(o->operands[r]);
            repl[up->result(r)] = it == vm.end() ? o->operands[r] : it->second;
          }
          break;
        }
        out.push_back(autodiff::clone_op(*o, vm));
      }
    }
    body.ops.clear();
    for (auto& o : out) body.append(std::move(o));
    // Uses inside nested regions (ops that hold regions keep their calls' results in scope).
    if (!repl.empty())
      for (auto& o : body.ops)
        ir::walk(*o, [&](ir::Op& n) {
          for (auto& v : n.operands)
            if (auto it = repl.find(v); it != repl.end()) v = it->second;
        });
    stack_.pop_back();
    done_.insert(&f);
    return true;
  }

 private:
  DiagnosticEngine& diag_;
  std::vector<ir::Op*> stack_;
  std::unordered_set<const ir::Op*> done_;
};

}  // namespace

bool inline_calls(ir::Module& m, DiagnosticEngine& diag) {
  if (m.op().attrs.get("tessera.mesh")) return true;
  Inliner inliner(diag);
  for (ir::Op* f : m.funcs())
    if (!inliner.run(*f)) return false;
  return true;
}

}  // namespace tessera::transforms
