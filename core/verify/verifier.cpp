// The verifier: generic constraints generic_c1..c5, module_c1, and dispatch to per-op infer hooks.
#include "core/verify/verifier.h"

#include "core/analysis/dep_graph.h"
#include "core/ops/policy.h"
#include "core/ops/registry.h"
#include "core/support/error.h"

namespace tessera::verify {
namespace {

using ir::Op;

bool verify_region_ops(const ir::Region& r, DiagnosticEngine& diag);

/// generic_c5: every attribute is one the op's record defines, universal or dialect-prefixed.
bool check_attrs(const Op& op, const ops::OpDef& def, DiagnosticEngine& diag) {
  for (const auto& [name, value] : op.attrs.entries()) {
    if (ops::attr_allowed(def, name)) continue;
    const ops::AttrSpec* alias = def.find_attr(name);
    if (alias)  // only reachable for ops built in memory: text has its aliases renamed
      diag.op_error(op,
                    "attribute '" + name + "' is spelled '" + std::string(alias->name) + "' here",
                    "generic_c5");
    else
      diag.op_error(op,
                    "does not define attribute '" + name + "'; its attributes are " +
                        ops::describe_attrs(def) +
                        " (a dialect-prefixed name such as 'foo.bar' is a discardable attribute)",
                    "generic_c5");
    return false;
  }
  return true;
}

/// generic_c5 for a function's argument and result attributes: dialect attributes only (MLIR:
/// "arguments may only have dialect attributes"), such as tessera.shard and tessera.dims.
bool check_arg_attrs(const Op& func, DiagnosticEngine& diag) {
  for (const char* key : {"arg_attrs", "res_attrs"}) {
    const ir::Attr* all = func.attrs.get(key);
    if (!all || all->kind != ir::Attr::Kind::array) continue;
    for (size_t k = 0; k < all->elems.size(); ++k)
      for (const auto& [name, value] : all->elems[k].dict)
        if (name.find('.') == std::string::npos) {
          diag.op_error(func,
                        std::string(key[0] == 'a' ? "argument #" : "result #") + std::to_string(k) +
                            " attribute '" + name + "' is not dialect-prefixed (e.g. 'tessera." +
                            name + "')",
                        "generic_c5");
          return false;
        }
  }
  return true;
}

bool verify_op(const Op& op, DiagnosticEngine& diag) {
  if (!op.def) {
    // Unregistered ops parse and print, but nothing can run them.
    diag.warning(op.loc, "'" + op.name + "' is not a registered op; it will not verify or run");
    bool ok = true;
    for (const ir::Region& r : op.regions) ok &= verify_region_ops(r, diag);
    return ok;
  }
  const ops::OpDef& d = *op.def;
  int n = static_cast<int>(op.operands.size());
  // generic_c1: operand count within the op's declared range.
  if (n < d.min_operands || (d.max_operands >= 0 && n > d.max_operands)) {
    std::string want =
        d.min_operands == d.max_operands
            ? std::to_string(d.min_operands)
            : std::to_string(d.min_operands) + ".." +
                  (d.max_operands < 0 ? std::string("any") : std::to_string(d.max_operands));
    diag.op_error(op, "expects " + want + " operands, got " + std::to_string(n), "generic_c1");
    return false;
  }
  // generic_c2: result count.
  if (d.num_results >= 0 && static_cast<int>(op.results.size()) != d.num_results) {
    diag.op_error(op,
                  "expects " + std::to_string(d.num_results) + " results, got " +
                      std::to_string(op.results.size()),
                  "generic_c2");
    return false;
  }
  if (!check_attrs(op, *op.def, diag)) return false;
  if (d.kind == ops::OpKind::Func && !check_arg_attrs(op, diag)) return false;
  // policy_c1..c3: a numeric policy, where present, is well formed.
  if (op.attrs.get("numeric_policy")) {
    try {
      (void)ops::read_policy(op);
    } catch (const Error& e) {
      diag.error(op.loc, e.what());
      return false;
    }
  }
  // Scratch reused from op to op: copy-assigning a Type reuses its shape's storage.
  thread_local std::vector<ir::Type> operand_types;
  operand_types.resize(op.operands.size());
  for (size_t k = 0; k < op.operands.size(); ++k) operand_types[k] = op.operands[k]->type;
  thread_local std::vector<ir::Type> inferred;
  // The op's own constraints first (a function's signature before its body), then its regions.
  if (!infer_op(op, operand_types, false, diag, inferred)) return false;
  bool ok = true;
  for (const ir::Region& r : op.regions) ok &= verify_region_ops(r, diag);
  return ok;
}

bool verify_region_ops(const ir::Region& r, DiagnosticEngine& diag) {
  bool ok = true;
  for (const auto& b : r.blocks) {
    for (size_t k = 0; k < b->ops.size(); ++k) {
      const Op& o = *b->ops[k];
      // generic_c4: a terminator ends its block.
      if (o.def && o.def->has(ops::kTerminator) && k + 1 != b->ops.size()) {
        diag.op_error(o, "must be the last op of its block", "generic_c4");
        ok = false;
      }
      ok &= verify_op(o, diag);
    }
  }
  return ok;
}

}  // namespace

bool infer_op(const ir::Op& op, const std::vector<ir::Type>& operand_types, bool runtime,
              DiagnosticEngine& diag, std::vector<ir::Type>& results) {
  // Scratch per thread (hooks never re-enter infer_op); assignment reuses the shapes' storage.
  thread_local std::vector<ir::Type> declared;
  declared.resize(op.results.size());
  for (size_t k = 0; k < op.results.size(); ++k) declared[k] = op.results[k]->type;
  ops::InferCtx ctx{op, operand_types, declared, {}, diag, runtime};
  size_t before = diag.error_count();
  if (!op.def->infer(ctx)) {
    if (diag.error_count() == before) diag.op_error(op, "failed to verify", "generic_c3");
    return false;
  }
  if (ctx.results.size() != op.results.size()) {
    diag.op_error(
        op, "internal: infer produced " + std::to_string(ctx.results.size()) + " result types",
        "generic_c3");
    return false;
  }
  // generic_c3: every declared result type agrees with the inferred one (dynamic dims match any).
  for (size_t k = 0; k < ctx.results.size(); ++k) {
    if (!ir::types_compatible(ctx.results[k], ctx.declared[k])) {
      diag.op_error(op,
                    "result #" + std::to_string(k) + " has type " + ir::to_string(ctx.declared[k]) +
                        " but the operands give " + ir::to_string(ctx.results[k]),
                    ctx.result_label);
      return false;
    }
    // Keep the more precise of the two: a static declared dim refines a dynamic inferred one.
    if (!runtime)
      for (size_t d = 0; d < ctx.results[k].shape.size(); ++d)
        if (ctx.results[k].shape[d] == ir::kDynamic)
          ctx.results[k].shape[d] = ctx.declared[k].shape[d];
  }
  results = std::move(ctx.results);
  return true;
}

bool verify_module(const ir::Module& m, DiagnosticEngine& diag) {
  bool ok = true;
  // generic_c5 on the module itself: `module attributes {...}` holds dialect-prefixed
  // declarations (tessera.mesh, ...) besides its sym_name.
  if (const ops::OpDef* md = ops::lookup_op("builtin.module")) ok &= check_attrs(m.op(), *md, diag);
  // module_c1: symbol names are unique within the module (the table keeps the first one).
  const ir::SymbolTable& symbols = ir::ensure_symbol_table(m.op());  // once per module
  for (const auto& r : symbols.redefinitions()) {
    auto& d = diag.op_error(*r.again,
                            "redefines symbol '" + r.again->attrs.get_string("sym_name", "") + "'",
                            "module_c1");
    d.notes.push_back({Severity::note, r.first->loc, "first defined here", {}});
    ok = false;
  }
  for (const auto& o : m.body().ops) {
    if (o->name != "func.func") {
      ok &= verify_op(*o, diag);
      continue;
    }
    ok &= verify_op(*o, diag);
    if (ok) ok &= analysis::check_function_graph(*o, diag);
  }
  return ok && !diag.has_errors();
}

}  // namespace tessera::verify
