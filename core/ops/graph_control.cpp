// Verifier hooks of tessera.control_for / control_while / control_if / control_scan
// (docs/ops/graph/control-flow.md): bodies are functions named by symbol attributes.
#include "core/ops/infer_util.h"

namespace tessera::ops {
namespace {

/// Reads an integer attribute; `required` reports its absence. Returns false after reporting.
bool int_of(InferCtx& ctx, const char* name, bool required, int64_t dflt, const char* label,
            int64_t& out) {
  const ir::Attr* a = ctx.attr(name);
  out = dflt;
  if (!a) return !required || ctx.fail(std::string("needs an integer '") + name + "'", label);
  if (a->kind != ir::Attr::Kind::integer)
    return ctx.fail(std::string("attribute '") + name + "' must be an integer", label);
  out = a->i;
  return true;
}

/// The function a symbol attribute names: a func.func of the enclosing module, or nullptr after
/// reporting `label`. A declaration (no body) is accepted here; running it fails.
const ir::Op* callee_of(InferCtx& ctx, const char* name, const char* label) {
  const ir::Attr* a = ctx.attr(name);
  if (!a || a->kind != ir::Attr::Kind::symbol) {
    ctx.fail(std::string("needs a function symbol '") + name + "' (e.g. " + name + " = @f)", label);
    return nullptr;
  }
  const ir::SymbolTable* st = ir::enclosing_symbol_table(ctx.op);
  const ir::Op* f = st ? st->lookup_func(a->s) : nullptr;
  if (!f)
    ctx.fail("'" + std::string(name) + "' names @" + a->s + ", which is not a function", label);
  return f;
}

/// Whether `f`'s signature is exactly (ins) -> (outs); reports `label` otherwise. A callee
/// declared as `()` with no results is a stub (upstream's payload form) and is not checked.
bool signature_is(InferCtx& ctx, const ir::Op& f, const std::vector<ir::Type>& ins,
                  const std::vector<ir::Type>& outs, const char* what, const char* label) {
  const ir::Attr* ft = f.attrs.get("function_type");
  if (!ft || ft->kind != ir::Attr::Kind::func_type) return true;  // func_c1 reports it
  std::vector<ir::Type> fi, fo;
  for (const ir::Attr& t : ft->elems[0].elems) fi.push_back(t.type);
  for (const ir::Attr& t : ft->elems[1].elems) fo.push_back(t.type);
  if (ir::is_declaration(f) && fi.empty() && fo.empty()) return true;
  auto same = [](const std::vector<ir::Type>& a, const std::vector<ir::Type>& b) {
    if (a.size() != b.size()) return false;
    for (size_t k = 0; k < a.size(); ++k)
      if (!ir::types_compatible(a[k], b[k])) return false;
    return true;
  };
  if (same(fi, ins) && same(fo, outs)) return true;
  auto list = [](const std::vector<ir::Type>& v) {
    std::string s = "(";
    for (size_t k = 0; k < v.size(); ++k) s += (k ? ", " : "") + ir::to_string(v[k]);
    return s + ")";
  };
  return ctx.fail(std::string(what) + " @" + ir::func_name(f) + " has type " + list(fi) + " -> " +
                      list(fo) + ", expected " + list(ins) + " -> " + list(outs),
                  label);
}

/// The carried operand positions: `carry_arg_index` alone, or every operand without it.
bool carried(InferCtx& ctx, const char* label, std::vector<size_t>& pos) {
  int64_t idx;
  if (!int_of(ctx, "carry_arg_index", false, -1, label, idx)) return false;
  const auto n = static_cast<int64_t>(ctx.operands.size());
  pos.clear();
  if (!ctx.attr("carry_arg_index")) {
    for (size_t k = 0; k < ctx.operands.size(); ++k) pos.push_back(k);
    return true;
  }
  if (idx < 0 || idx >= n)
    return ctx.fail("carry_arg_index out of range: " + std::to_string(idx) + " with " +
                        std::to_string(n) + " operands",
                    label);
  pos.push_back(static_cast<size_t>(idx));
  return true;
}

/// Results are the carried operands' types, one each.
bool carried_results(InferCtx& ctx, const std::vector<size_t>& pos, const char* label) {
  if (ctx.declared.size() != pos.size())
    return ctx.fail("carries " + std::to_string(pos.size()) + " value(s) but has " +
                        std::to_string(ctx.declared.size()) + " results",
                    label);
  for (size_t k = 0; k < pos.size(); ++k) ctx.results.push_back(ctx.operands[pos[k]]);
  return true;
}

/// A flag: an i1 scalar, or an f32/f64/i1 tensor (rank 0 included) that is not statically empty.
bool is_flag(const ir::Type& t) {
  bool empty = false;
  for (int64_t d : t.shape) empty |= d == 0;
  return (t.is_scalar() && t.dtype == DType::i1) ||
         (t.is_tensor() && !empty &&
          (t.dtype == DType::f32 || t.dtype == DType::f64 || t.dtype == DType::i1));
}

/// Upstream's executable-payload form (body ops serialized into attributes for its Apple
/// backend): accepted by the verifier, refused by the interpreter. control_if_c3: the then and
/// else payloads come together.
bool payload_pairs(InferCtx& ctx) {
  const bool t = ctx.attr("then_opcodes") != nullptr, e = ctx.attr("else_opcodes") != nullptr;
  if (t != e)
    return ctx.fail("then/else payloads must both be present or both absent", "control_if_c3");
  return true;
}

/// control_payload_c1: upstream's op-list payload under `prefix` (body, cond, then, else):
/// `<prefix>_opcodes` is a non-empty integer dense array; `<prefix>_in0`, `_in1`, `_iattr`
/// (integers) and `_fattr` (floats), where present, are dense arrays of the same length;
/// `<prefix>_out_id` is an integer; none of them appears without `<prefix>_opcodes`. Sets
/// `present` when the payload is there.
bool payload_ok(InferCtx& ctx, const std::string& prefix, bool& present) {
  const char* label = "control_payload_c1";
  const ir::Attr* ops = ctx.attr((prefix + "_opcodes").c_str());
  present = ops != nullptr;
  static const char* const kParts[] = {"_in0", "_in1", "_iattr", "_fattr", "_out_id"};
  if (!present) {
    for (const char* s : kParts)
      if (ctx.attr((prefix + s).c_str()))
        return ctx.fail("'" + prefix + s + "' needs '" + prefix + "_opcodes'", label);
    return true;
  }
  auto dense = [&](const ir::Attr* a, bool floats) {
    if (a->kind != ir::Attr::Kind::dense_array) return false;
    for (const ir::Attr& e : a->elems)
      if (floats ? !e.is_number() : !e.is_int()) return false;
    return true;
  };
  if (!dense(ops, false) || ops->elems.empty())
    return ctx.fail("'" + prefix + "_opcodes' must be a non-empty integer array<i32: ...>", label);
  for (const char* s : kParts) {
    const ir::Attr* a = ctx.attr((prefix + s).c_str());
    if (!a || std::string(s) == "_out_id") continue;
    const bool floats = std::string(s) == "_fattr";
    if (!dense(a, floats) || a->elems.size() != ops->elems.size())
      return ctx.fail("'" + prefix + s + "' must be an array<" + (floats ? "f32" : "i32") +
                          ": ...> with one entry per opcode (" + std::to_string(ops->elems.size()) +
                          ")",
                      label);
  }
  const ir::Attr* out = ctx.attr((prefix + "_out_id").c_str());
  if (!out || !out->is_int())
    return ctx.fail("'" + prefix + "_opcodes' needs an integer '" + prefix + "_out_id'", label);
  return true;
}

/// control_payload_c1: a payload computes one value (the carried one, or the branch's result).
bool single_payload_value(InferCtx& ctx, size_t n) {
  if (n == 1) return true;
  return ctx.fail("the payload form carries or returns one value, not " + std::to_string(n),
                  "control_payload_c1");
}

}  // namespace

bool infer_ControlFor(InferCtx& ctx) {
  ctx.result_label = "control_for_c3";
  // control_for_c1: integer start, stop, step with step > 0.
  int64_t start, stop, step;
  if (!int_of(ctx, "start", true, 0, "control_for_c1", start) ||
      !int_of(ctx, "stop", true, 0, "control_for_c1", stop) ||
      !int_of(ctx, "step", true, 1, "control_for_c1", step))
    return false;
  if (step <= 0) return ctx.fail("step must be positive", "control_for_c1");
  // control_for_c2: carry_arg_index, if present, names an operand (else every operand is carried).
  std::vector<size_t> pos;
  if (!carried(ctx, "control_for_c2", pos)) return false;
  // control_for_c3: one result per carried operand, of its type.
  if (!carried_results(ctx, pos, "control_for_c3")) return false;
  // control_for_c4: @body takes every operand and returns the carried types; with a payload
  // (control_payload_c1) the payload is the body and @body a stub whose signature is not read.
  const ir::Op* body = callee_of(ctx, "body", "control_for_c4");
  bool payload = false;
  if (!body || !payload_ok(ctx, "body", payload)) return false;
  if (payload) return single_payload_value(ctx, pos.size());
  return signature_is(ctx, *body, {ctx.operands.begin(), ctx.operands.end()}, ctx.results, "body",
                      "control_for_c4");
}

bool infer_ControlWhile(InferCtx& ctx) {
  ctx.result_label = "control_while_c3";
  // control_while_c1: max_iters is a positive integer.
  int64_t max_iters;
  if (!int_of(ctx, "max_iters", true, 0, "control_while_c1", max_iters)) return false;
  if (max_iters <= 0) return ctx.fail("max_iters must be positive", "control_while_c1");
  std::vector<size_t> pos;
  if (!carried(ctx, "control_while_c2", pos)) return false;          // control_while_c2
  if (!carried_results(ctx, pos, "control_while_c3")) return false;  // control_while_c3
  // control_while_c4: @body takes every operand and returns the carried types; @cond takes every
  // operand, or (with carry_arg_index) the carried ones alone as upstream writes it, and returns
  // a flag (an i1 scalar, or a tensor whose first element decides).
  const ir::Op* body = callee_of(ctx, "body", "control_while_c4");
  const ir::Op* cond = body ? callee_of(ctx, "cond", "control_while_c4") : nullptr;
  bool body_payload = false, cond_payload = false;
  if (!cond || !payload_ok(ctx, "body", body_payload) || !payload_ok(ctx, "cond", cond_payload))
    return false;
  // A payload replaces the function it sits next to (control_payload_c1): that stub is not read.
  std::vector<ir::Type> ins(ctx.operands.begin(), ctx.operands.end());
  if ((body_payload || cond_payload) && !single_payload_value(ctx, pos.size())) return false;
  // @cond and @body may each take the carried operands alone (with carry_arg_index).
  std::vector<ir::Type> carried_ins;
  for (size_t p : pos) carried_ins.push_back(ctx.operands[p]);
  auto carried_only = [&](const ir::Op& f) {
    const ir::Attr* ft = f.attrs.get("function_type");
    return ft && ft->kind == ir::Attr::Kind::func_type && ctx.attr("carry_arg_index") &&
           ft->elems[0].elems.size() == pos.size() && pos.size() < ins.size();
  };
  if (!body_payload && !signature_is(ctx, *body, carried_only(*body) ? carried_ins : ins,
                                     ctx.results, "body", "control_while_c4"))
    return false;
  if (cond_payload) return true;
  auto cond_results = ir::func_result_types(*cond);
  if (cond_results.empty() && ir::is_declaration(*cond)) return true;  // a stub
  if (cond_results.size() != 1 || !is_flag(cond_results[0]))
    return ctx.fail("cond @" + ir::func_name(*cond) +
                        " must return one flag (i1, or a non-empty f32/f64/i1 tensor)",
                    "control_while_c4");
  return signature_is(ctx, *cond, carried_only(*cond) ? carried_ins : ins, cond_results, "cond",
                      "control_while_c4");
}

bool infer_ControlIf(InferCtx& ctx) {
  ctx.result_label = "control_if_c2";
  // control_if_c1: flag_arg_index (default 0) names the flag operand: an i1 scalar or a non-empty
  // f32/f64/i1 tensor whose first element decides (> 0, or true, selects then_branch).
  int64_t fi;
  if (!int_of(ctx, "flag_arg_index", false, 0, "control_if_c1", fi)) return false;
  if (fi < 0 || fi >= static_cast<int64_t>(ctx.operands.size()))
    return ctx.fail("flag_arg_index out of range: " + std::to_string(fi), "control_if_c1");
  if (!is_flag(ctx.operands[static_cast<size_t>(fi)]))
    return ctx.fail("the flag must be i1 or a non-empty f32/f64/i1 tensor, got " +
                        ir::to_string(ctx.operands[static_cast<size_t>(fi)]),
                    "control_if_c1");
  // control_if_c4: upstream's `out_shape`, when present, is the shape of the one result.
  if (const ir::Attr* os = ctx.attr("out_shape")) {
    const auto shape = os->as_int_array();
    if (!shape || ctx.declared.size() != 1 || !ctx.declared[0].is_shaped() ||
        *shape != ctx.declared[0].shape)
      return ctx.fail("out_shape must be the shape of the one result", "control_if_c4");
  }
  // control_if_c2: each branch takes the other operands in order (or a leading part of them)
  // and returns the results.
  std::vector<ir::Type> ins;
  for (size_t k = 0; k < ctx.operands.size(); ++k)
    if (static_cast<int64_t>(k) != fi) ins.push_back(ctx.operands[k]);
  const ir::Op* t = callee_of(ctx, "then_branch", "control_if_c2");
  const ir::Op* e = t ? callee_of(ctx, "else_branch", "control_if_c2") : nullptr;
  if (!e) return false;
  bool then_payload = false, else_payload = false;
  if (!payload_pairs(ctx) || !payload_ok(ctx, "then", then_payload) ||
      !payload_ok(ctx, "else", else_payload))
    return false;
  std::vector<ir::Type> outs(ctx.declared.begin(), ctx.declared.end());
  if (then_payload) {  // the payloads are the branches (control_payload_c1)
    if (!single_payload_value(ctx, outs.size())) return false;
    ctx.results = outs;
    return true;
  }
  // A branch with fewer parameters takes the leading non-flag operands alone (upstream passes
  // operands a branch leaves unused).
  auto prefix = [&](const ir::Op& f) {
    const ir::Attr* ft = f.attrs.get("function_type");
    const size_t n = ft && ft->kind == ir::Attr::Kind::func_type ? ft->elems[0].elems.size() : 0;
    return n > 0 && n < ins.size() ? std::vector<ir::Type>(ins.begin(), ins.begin() + long(n))
                                   : ins;
  };
  if (!signature_is(ctx, *t, prefix(*t), outs, "then_branch", "control_if_c2") ||
      !signature_is(ctx, *e, prefix(*e), outs, "else_branch", "control_if_c2"))
    return false;
  ctx.results = outs;
  return true;
}

bool infer_ControlScan(InferCtx& ctx) {
  ctx.result_label = "control_scan_c3";
  // control_scan_c1: trip is a positive integer; carry_arg_index, if present, is 0 (the carry is
  // the first operand, xs the second, captures follow).
  int64_t trip, ci;
  if (!int_of(ctx, "trip", true, 0, "control_scan_c1", trip)) return false;
  if (trip <= 0) return ctx.fail("trip must be positive", "control_scan_c1");
  if (!int_of(ctx, "carry_arg_index", false, 0, "control_scan_c1", ci)) return false;
  if (ci != 0)
    return ctx.fail("carry_arg_index must be 0 (init, xs, captures...)", "control_scan_c1");
  // control_scan_c2: xs is a tensor whose leading dim is trip.
  const ir::Type& init = ctx.operands[0];
  const ir::Type& xs = ctx.operands[1];
  if (!xs.is_tensor() || xs.rank() < 1 || (xs.shape[0] != ir::kDynamic && xs.shape[0] != trip))
    return ctx.fail(
        "xs leading dim must equal trip (" + std::to_string(trip) + "), got " + ir::to_string(xs),
        "control_scan_c2");
  // control_scan_c3: results are (carry of the init's type, ys = trip stacked per-step outputs).
  if (ctx.declared.size() != 2) return ctx.fail("has two results (carry, ys)", "control_scan_c3");
  const ir::Type& ys = ctx.declared[1];
  if (!ys.is_tensor() || ys.rank() < 1 || ys.shape[0] != trip)
    return ctx.fail(
        "ys leading dim must equal trip (" + std::to_string(trip) + "), got " + ir::to_string(ys),
        "control_scan_c3");
  ctx.results = {init, ys};
  // control_scan_c4: @body takes (carry, one slice of xs, captures...) and returns (carry, y)
  // with y one slice of ys.
  const ir::Op* body = callee_of(ctx, "body", "control_scan_c4");
  if (!body) return false;
  std::vector<ir::Type> ins(ctx.operands.begin(), ctx.operands.end());
  ins[1].shape.erase(ins[1].shape.begin());
  ir::Type y = ys;
  y.shape.erase(y.shape.begin());
  return signature_is(ctx, *body, ins, {init, y}, "body", "control_scan_c4");
}

}  // namespace tessera::ops
