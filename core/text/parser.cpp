// Parser for Tessera's MLIR text: ops, regions, functions and modules (recursive descent).
#include "core/text/parser.h"

#include <algorithm>
#include <cstring>
#include <span>

#include "core/ops/registry.h"
#include "core/text/parser_impl.h"

namespace tessera::text::detail {

void Parser::define(Value* v, const std::string& name, Location loc) {
  if (name.empty()) return;
  for (const Scope& s : scopes_)
    if (s.find(name)) {
      diag_.error(loc, "redefinition of SSA value '%" + name + "'");
      failed_ = true;
      return;
    }
  scopes_.back().define(name, v);
}

void Parser::bind(const PendingUse& u, Value* v) {
  u.op->operands[u.operand] = v;
  if (u.written.kind != ir::TypeKind::none && !(u.written == v->type)) {
    diag_.error(u.loc, "use of value '%" + u.name + "' expects type " + ir::to_string(u.written) +
                           " but it was defined as " + ir::to_string(v->type));
    failed_ = true;
  }
}

void Parser::close_region_scope(size_t mark) {
  const Scope& top = scopes_.back();
  size_t keep = mark;
  for (size_t k = mark; k < pending_.size(); ++k) {
    if (Value* v = top.find(pending_[k].name))
      bind(pending_[k], v);
    else if (keep++ != k)
      pending_[keep - 1] = std::move(pending_[k]);
  }
  pending_.resize(keep);
  scopes_.pop_back();
}

std::pair<std::vector<Scope>, std::vector<PendingUse>> Parser::begin_isolated() {
  auto saved = std::make_pair(std::move(scopes_), std::move(pending_));
  scopes_.assign(1, Scope{});
  pending_.clear();
  return saved;
}

void Parser::end_isolated(std::pair<std::vector<Scope>, std::vector<PendingUse>>& saved) {
  scopes_ = std::move(saved.first);
  pending_ = std::move(saved.second);
}

bool Parser::parse_operand(Op& op) {
  if (!at(Tok::percent_id)) return error("expected an SSA operand");
  pending_.push_back({&op, op.operands.size(), tok_.text, tok_.loc, Type{}});
  op.operands.push_back(nullptr);
  consume();
  return true;
}

bool Parser::parse_operand_list(Op& op, Tok close) {
  if (at(close)) return true;
  do {
    if (!parse_operand(op)) return false;
  } while (accept(Tok::comma));
  return true;
}

bool Parser::resolve_scope() {
  for (const PendingUse& u : pending_) {
    Value* v = scopes_.front().find(u.name);
    if (!v) {
      diag_.error(u.loc, "use of undefined SSA value '%" + u.name + "'");
      failed_ = true;
      continue;
    }
    bind(u, v);
  }
  pending_.clear();
  scopes_.assign(1, Scope{});
  return !failed_;
}

Value* Parser::visible(const std::string& name) const {
  for (auto s = scopes_.rbegin(); s != scopes_.rend(); ++s)
    if (Value* v = s->find(name)) return v;
  return nullptr;
}

/// Takes the spelled-out types of the operands an op just parsed. `first` is the size `pending_`
/// had before the op's operands were parsed: its uses are the entries from there on that name the
/// op (the uses of its regions come after them). A use of a name already defined (the common
/// case) is bound and type-checked now and leaves `pending_`; a forward use keeps its type for the
/// check on resolve. (Names are unique across visible scopes, so binding early changes nothing.)
void Parser::record_operand_types(size_t first, const Op& op, const std::vector<Type>& types) {
  size_t keep = first, k = first;
  for (; k < pending_.size() && pending_[k].op == &op; ++k) {
    PendingUse& u = pending_[k];
    if (u.operand < types.size()) {
      if (Value* v = visible(u.name)) {
        u.op->operands[u.operand] = v;
        if (!(types[u.operand] == v->type)) {
          u.written = types[u.operand];
          bind(u, v);  // reports the mismatch
        }
        continue;
      }
      u.written = types[u.operand];
    }
    if (keep != k) pending_[keep] = std::move(u);
    ++keep;
  }
  if (keep != k)
    pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(keep),
                   pending_.begin() + static_cast<std::ptrdiff_t>(k));
}

bool Parser::parse_op(ir::Block& block) {
  DepthGuard g(*this);
  if (!g.ok) return false;
  // Result names: `%a, %b =` or `%x:2 =`.
  struct ResultName {
    std::string name;
    int count;
    Location loc;
  };
  std::vector<ResultName> names;
  Location op_loc = tok_.loc;
  if (at(Tok::percent_id)) {
    do {
      if (!at(Tok::percent_id)) return error("expected a result name");
      ResultName rn{tok_.text, 1, tok_.loc};
      if (rn.name.find('#') != std::string::npos) return error("result names cannot contain '#'");
      consume();
      if (accept(Tok::colon)) {
        if (!at(Tok::integer)) return error("expected a result count after ':'");
        rn.count = std::atoi(tok_.text.c_str());
        if (rn.count < 1 || rn.count > 1024) return error("bad result count");
        consume();
      }
      names.push_back(rn);
    } while (accept(Tok::comma));
    if (!expect(Tok::equal, "'=' after result names")) return false;
    op_loc = tok_.loc;
  }
  auto op = std::make_unique<Op>();
  op->loc = op_loc;
  op->parent = &block;
  Op& o = *op;
  bool ok;
  if (at(Tok::string)) {
    o.name = ops::canonical_op_name(tok_.text);  // upstream spellings (`tessera.lt`)
    consume();
    ok = parse_generic_op(o);
  } else if (at(Tok::bare_id)) {
    std::string name = tok_.text;
    consume();
    if (name == "return") name = "func.return";
    if (name == "call") name = "func.call";  // MLIR's short spelling
    name = ops::canonical_op_name(name);
    o.name = name;
    ok = parse_custom_op(o, name);
  } else {
    return error("expected an operation");
  }
  if (!ok) return false;
  if (!skip_trailing_loc()) return false;
  o.def = ops::lookup_op(o.name);
  // Upstream spellings of attributes (transposeA, eps, ...) become the record's names.
  if (std::string err; !ops::canonicalize_attr_aliases(o, err)) {
    diag_.error(op_loc, err);
    failed_ = true;
    return false;
  }
  // Bind result names.
  size_t total = 0;
  for (auto& rn : names) total += static_cast<size_t>(rn.count);
  // An op whose results are all unused may leave them unnamed (MLIR allows it).
  if (!names.empty() && total != o.results.size()) {
    diag_.error(op_loc, "operation defines " + std::to_string(o.results.size()) + " results but " +
                            std::to_string(total) + " names were given");
    failed_ = true;
    return false;
  }
  size_t k = 0;
  for (auto& rn : names) {
    for (int j = 0; j < rn.count; ++j, ++k) {
      Value* v = o.results[k].get();
      v->name = rn.name;
      v->loc = rn.loc;
      define(v, rn.count == 1 ? rn.name : rn.name + "#" + std::to_string(j), rn.loc);
    }
  }
  block.append(std::move(op));
  return !failed_;
}

bool Parser::parse_generic_op(Op& o) {
  if (!expect(Tok::l_paren, "'(' after the op name")) return false;
  const size_t first_use = pending_.size();
  if (!parse_operand_list(o, Tok::r_paren)) return false;
  if (!expect(Tok::r_paren, "')'")) return false;
  if (at(Tok::l_square)) return error("block successors are not supported");
  if (accept(Tok::less)) {  // properties: merged into attributes
    if (!parse_attr_dict(o.attrs)) return false;
    if (!expect(Tok::greater, "'>' after properties")) return false;
  }
  if (at(Tok::l_paren)) {
    consume();
    // Functions are isolated from above: their SSA names form a scope of their own.
    bool isolated = o.name == "func.func";
    std::pair<std::vector<Scope>, std::vector<PendingUse>> saved;
    if (isolated) saved = begin_isolated();
    do {
      o.regions.emplace_back();
      if (!parse_region(o.regions.back(), &o, false)) return false;
    } while (accept(Tok::comma));
    if (!expect(Tok::r_paren, "')' after regions")) return false;
    if (isolated) {
      if (!resolve_scope()) return false;
      end_isolated(saved);
    }
  }
  if (at(Tok::l_brace) && !parse_attr_dict(o.attrs)) return false;
  if (!expect(Tok::colon, "':' and a function type")) return false;
  std::vector<Type> ins, outs;
  if (!parse_type_list_parens(ins)) return false;
  if (!expect(Tok::arrow, "'->' in the op's function type")) return false;
  if (!parse_result_types(outs)) return false;
  if (ins.size() != o.operands.size())
    return error("op has " + std::to_string(o.operands.size()) + " operands but its type lists " +
                 std::to_string(ins.size()));
  record_operand_types(first_use, o, ins);
  for (Type& t : outs) o.add_result(std::move(t));
  return true;
}

namespace {

/// Operand clauses of upstream's custom forms that registered ops read positionally: the
/// clause's operands follow the op's leading operands (`tessera.scaled_matmul %a, %b
/// scales(%sa, %sb)` has operands a, b, sa, sb). The printer writes the generic form.
bool registered_clause(std::string_view op, std::string_view word) {
  if (op == "tessera.moe_swiglu_block" && word == "scales") return true;  // moe_swiglu_c6
  return (op == "tessera.scaled_matmul" && word == "scales") ||
         (op == "tessera.selective_ssm" && (word == "gate" || word == "init")) ||
         (op == "tessera.dequant_matmul" && word == "scale");  // docs/ops/graph/misc_gemm.md
}

/// Registered ops whose optional clauses are told apart by name, not position: the parser
/// records them in `operand_clauses` as `{word = [first, count]}`, as for unregistered ops.
bool recorded_clauses(std::string_view op) { return op == "tessera.selective_ssm"; }

}  // namespace

bool Parser::parse_custom_op(Op& o, const std::string& name) {
  if (name == "func.func") return parse_func(o);
  if (name == "func.return") return parse_return(o);
  if (name == "module" || name == "builtin.module")
    return error("nested modules are not supported");
  if (!ops::lookup_op(name)) return parse_unknown_custom_op(o, name);
  // MLIR's own custom forms of a few upstream ops, so that text mlir-opt prints reads back.
  if (name == "arith.constant" && !at(Tok::l_brace)) return parse_mlir_constant(o);
  if ((name == "arith.cmpi" || name == "arith.cmpf") && at(Tok::bare_id))
    return parse_mlir_compare(o, name == "arith.cmpf");
  if (name == "scf.for") return parse_mlir_for(o);
  if (name == "scf.if") return parse_mlir_if(o);
  const size_t first_use = pending_.size();
  if (name == "func.call" && at(Tok::at_id)) {  // func.call @f(%a, %b) {attrs} : (T, U) -> R
    o.attrs.set("callee", Attr::symbol_attr(tok_.text));
    consume();
    if (!expect(Tok::l_paren, "'(' after the callee")) return false;
    if (!parse_operand_list(o, Tok::r_paren)) return false;
    if (!expect(Tok::r_paren, "')' closing the call's operands")) return false;
  }
  if (at(Tok::percent_id) && !parse_operand_list(o, Tok::eof)) return false;
  // Upstream's operand clauses that a registered op reads as its trailing operands, in order.
  Attr clauses;
  clauses.kind = Attr::Kind::dict;
  while (at(Tok::bare_id) && peek_is(Tok::l_paren) && registered_clause(name, tok_.text)) {
    std::string word = tok_.text;
    consume();
    consume();
    const auto first = static_cast<int64_t>(o.operands.size());
    if (!parse_operand_list(o, Tok::r_paren)) return false;
    if (!expect(Tok::r_paren, "')' closing the operand clause")) return false;
    if (!recorded_clauses(name)) break;  // one positional clause
    if (clauses.get(word)) return error("operand clause '" + word + "' appears twice");
    const auto count = static_cast<int64_t>(o.operands.size()) - first;
    clauses.dict.emplace_back(
        std::move(word), Attr::array_attr({Attr::integer_attr(first), Attr::integer_attr(count)}));
  }
  if (at(Tok::bare_id) && peek_is(Tok::l_paren))  // upstream's `scales(%a, %b)` clauses
    return error("'" + name + "' has no operand clause '" + tok_.text +
                 "(...)' here (an unregistered op's custom form may have them)");
  if (at(Tok::l_brace) && !parse_attr_dict(o.attrs)) return false;
  std::vector<Type> ins, outs;
  if (accept(Tok::colon)) {
    if (at(Tok::l_paren)) {
      if (!parse_type_list_parens(ins)) return false;
      if (!expect(Tok::arrow, "'->' in the op's function type")) return false;
      if (!parse_result_types(outs)) return false;
    } else {
      if (!parse_type_list(ins)) return false;
      if (accept(Tok::arrow)) {
        if (!parse_result_types(outs)) return false;
      } else if (at_id("to") &&
                 ins.size() == 1) {  // MLIR casts: `arith.index_cast %x : i32 to index`
        consume();
        Type t;
        if (!parse_type(t)) return false;
        outs.push_back(std::move(t));
      } else if (name == "arith.select" && o.operands.size() == 3 && ins.size() <= 2) {
        // MLIR: `arith.select %c, %a, %b : T` (i1 condition) or `: C, T`.
        Type t = ins.back(), c = ins.size() == 2 ? ins[0] : Type::scalar(DType::i1);
        ins = {c, t, t};
        outs.push_back(t);
      } else if (ins.size() == 1) {
        // `: T` names one type for every operand and the result.
        Type t = ins[0];
        ins.assign(o.operands.size(), t);
        const ops::OpDef* d = ops::lookup_op(name);
        if (d->num_results != 0) outs.push_back(t);
      }
    }
  }
  if (ins.size() != o.operands.size())
    return error("op has " + std::to_string(o.operands.size()) + " operands but " +
                 std::to_string(ins.size()) + " operand types");
  if (!clauses.dict.empty()) {
    std::sort(clauses.dict.begin(), clauses.dict.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    if (o.attrs.get("operand_clauses")) return error("'operand_clauses' is given twice");
    o.attrs.set("operand_clauses", std::move(clauses));
  }
  record_operand_types(first_use, o, ins);
  for (Type& t : outs) o.add_result(std::move(t));
  return true;
}

/// The custom form of an op this project does not register, read by its structure alone:
/// `name %a, %b [word(%c, ...)]... [{attrs}] : (T, ...) -> R`, the same with `: T, ... -> R`,
/// or `name {attrs}` with neither operands nor results (upstream's operand clauses such as
/// `scales(...)` append their operands and are recorded in `operand_clauses` as
/// `{word = [first, count]}`). The op is then an unregistered op, as its generic form
/// would be: the verifier warns and the interpreter refuses to run it.
bool Parser::parse_unknown_custom_op(Op& o, const std::string& name) {
  const std::string refusal = "custom form of unknown op '" + name +
                              "'; only `name operands [clause(operands)] {attrs} : (types) -> "
                              "results` (or `: types -> results`, or `name {attrs}` without "
                              "operands) reads, else use the generic form \"" +
                              name + "\"(...)";
  auto refuse = [&] {  // reported at the op: the token after it may lie on the next line
    diag_.error(o.loc, refusal);
    failed_ = true;
    return false;
  };
  const size_t first_use = pending_.size();
  if (at(Tok::percent_id) && !parse_operand_list(o, Tok::eof)) return false;
  Attr clauses;
  clauses.kind = Attr::Kind::dict;
  while (at(Tok::bare_id) && peek_is(Tok::l_paren)) {
    std::string word = tok_.text;
    consume();
    consume();
    const auto first = static_cast<int64_t>(o.operands.size());
    if (!parse_operand_list(o, Tok::r_paren)) return false;
    if (!expect(Tok::r_paren, "')' closing the operand clause")) return false;
    if (clauses.get(word)) return error("operand clause '" + word + "' appears twice");
    const auto count = static_cast<int64_t>(o.operands.size()) - first;
    clauses.dict.emplace_back(
        std::move(word), Attr::array_attr({Attr::integer_attr(first), Attr::integer_attr(count)}));
  }
  if (at(Tok::l_brace) && !parse_attr_dict(o.attrs)) return false;
  std::vector<Type> ins, outs;
  if (!accept(Tok::colon)) {
    // `name {attrs}` without a type: no operands and no results (`schedule.artifact {...}`).
    if (!o.operands.empty()) return refuse();
  } else if (at(Tok::l_paren)) {
    if (!parse_type_list_parens(ins)) return false;
    if (!expect(Tok::arrow, "'->' in the op's function type")) return false;
    if (!parse_result_types(outs)) return false;
  } else {
    // `: T, U -> R`: the operand types without parentheses, then the results.
    if (!parse_type_list(ins)) return false;
    if (!accept(Tok::arrow)) return refuse();
    if (!parse_result_types(outs)) return false;
  }
  if (ins.size() != o.operands.size()) {  // reported at the op, not at the token after it
    diag_.error(o.loc, "op has " + std::to_string(o.operands.size()) +
                           " operands but its type lists " + std::to_string(ins.size()));
    failed_ = true;
    return false;
  }
  if (!clauses.dict.empty()) {
    std::sort(clauses.dict.begin(), clauses.dict.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    if (o.attrs.get("operand_clauses")) return error("'operand_clauses' is given twice");
    o.attrs.set("operand_clauses", std::move(clauses));
  }
  record_operand_types(first_use, o, ins);
  for (Type& t : outs) o.add_result(std::move(t));
  return true;
}

/// `arith.constant 0 : index`, `arith.constant 1.5 : f32`, `arith.constant true`,
/// `arith.constant dense<...> : tensor<...>`: the value attribute carries the result type.
bool Parser::parse_mlir_constant(Op& o) {
  Attr v;
  if (!parse_attr(v)) return false;
  if (at(Tok::l_brace) && !parse_attr_dict(o.attrs)) return false;
  Type t = v.type;
  if (v.kind == Attr::Kind::boolean) t = Type::scalar(DType::i1);
  if (t.kind == ir::TypeKind::none)
    return error("arith.constant needs a typed value (`0 : index`, `1.0 : f32`, `dense<..> : T`)");
  o.attrs.set("value", std::move(v));
  o.add_result(std::move(t));
  return true;
}

/// `arith.cmpi slt, %a, %b : T` / `arith.cmpf olt, %a, %b : T`: the predicate becomes MLIR's
/// integer encoding (what the generic form carries); the result is i1 of the operands' shape.
bool Parser::parse_mlir_compare(Op& o, bool is_float) {
  static const char* const kInt[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                     "sge", "ult", "ule", "ugt", "uge"};
  static const char* const kFloat[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                       "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
  const std::span<const char* const> names =
      is_float ? std::span<const char* const>(kFloat) : std::span<const char* const>(kInt);
  auto it = std::find_if(names.begin(), names.end(), [&](const char* n) { return tok_.text == n; });
  if (it == names.end()) return error("unknown comparison predicate '" + tok_.text + "'");
  o.attrs.set("predicate", Attr::integer_attr(it - names.begin()));
  consume();
  if (!expect(Tok::comma, "',' after the predicate")) return false;
  const size_t first_use = pending_.size();
  if (!parse_operand_list(o, Tok::colon)) return false;
  if (at(Tok::l_brace) && !parse_attr_dict(o.attrs)) return false;
  if (!expect(Tok::colon, "':' and the operand type")) return false;
  Type t;
  if (!parse_type(t)) return false;
  if (o.operands.size() != 2) return error("a comparison takes two operands");
  record_operand_types(first_use, o, {t, t});
  t.dtype = DType::i1;
  o.add_result(std::move(t));
  return true;
}

void Parser::add_implicit_yield(ir::Region& r, Op* parent, Location loc) {
  if (r.blocks.empty()) {
    r.blocks.push_back(std::make_unique<ir::Block>());
    r.blocks.back()->parent = parent;
  }
  ir::Block& b = *r.blocks.back();
  if (!b.ops.empty() && b.ops.back()->name == "scf.yield") return;
  auto y = std::make_unique<Op>();
  y->name = "scf.yield";
  y->def = ops::lookup_op(y->name);
  y->loc = loc;
  y->parent = &b;
  b.append(std::move(y));
}

/// `scf.for %iv = %lb to %ub step %s [iter_args(%a = %init, ...) -> (T, ...)] [: T] { ... }`
bool Parser::parse_mlir_for(Op& o) {
  const Location loc = tok_.loc;
  if (!at(Tok::percent_id)) return error("expected the induction variable of scf.for");
  std::vector<std::pair<std::string, Location>> args{{tok_.text, tok_.loc}};
  consume();
  const size_t first_use = pending_.size();
  if (!expect(Tok::equal, "'=' after the induction variable")) return false;
  if (!parse_operand(o)) return false;
  if (!at_id("to")) return error("expected 'to' in scf.for");
  consume();
  if (!parse_operand(o)) return false;
  if (!at_id("step")) return error("expected 'step' in scf.for");
  consume();
  if (!parse_operand(o)) return false;
  std::vector<Type> outs;
  if (at_id("iter_args")) {
    consume();
    if (!expect(Tok::l_paren, "'(' after iter_args")) return false;
    do {
      if (!at(Tok::percent_id)) return error("expected an iter_args name");
      args.emplace_back(tok_.text, tok_.loc);
      consume();
      if (!expect(Tok::equal, "'=' in iter_args")) return false;
      if (!parse_operand(o)) return false;
    } while (accept(Tok::comma));
    if (!expect(Tok::r_paren, "')' closing iter_args")) return false;
    if (!expect(Tok::arrow, "'->' and the iter_args types")) return false;
    if (!parse_result_types(outs)) return false;
    if (outs.size() + 1 != args.size()) return error("iter_args and their types differ in number");
  }
  Type iv = Type::scalar(DType::index);
  if (accept(Tok::colon) && !parse_type(iv)) return false;
  std::vector<Type> ins{iv, iv, iv};
  ins.insert(ins.end(), outs.begin(), outs.end());
  record_operand_types(first_use, o, ins);
  o.regions.emplace_back();
  auto entry = std::make_unique<ir::Block>();
  entry->parent = &o;
  for (size_t k = 0; k < args.size(); ++k) {
    Value* v = entry->add_arg(k == 0 ? iv : outs[k - 1], args[k].first);
    v->loc = args[k].second;
  }
  o.regions[0].blocks.push_back(std::move(entry));
  if (!parse_region(o.regions[0], &o, true, args)) return false;
  if (outs.empty()) add_implicit_yield(o.regions[0], &o, loc);
  if (at(Tok::l_brace) && !parse_attr_dict(o.attrs)) return false;
  for (Type& t : outs) o.add_result(std::move(t));
  return true;
}

/// `scf.if %cond [-> (T, ...)] { ... } [else { ... }]`
bool Parser::parse_mlir_if(Op& o) {
  const Location loc = tok_.loc;
  const size_t first_use = pending_.size();
  if (!parse_operand(o)) return false;
  record_operand_types(first_use, o, {Type::scalar(DType::i1)});
  std::vector<Type> outs;
  if (accept(Tok::arrow) && !parse_result_types(outs)) return false;
  o.regions.resize(2);
  if (!parse_region(o.regions[0], &o, false)) return false;
  if (at_id("else")) {
    consume();
    if (!parse_region(o.regions[1], &o, false)) return false;
  } else if (!outs.empty()) {
    return error("an scf.if with results needs an else region");
  }
  if (outs.empty()) {
    add_implicit_yield(o.regions[0], &o, loc);
    add_implicit_yield(o.regions[1], &o, loc);
  }
  if (at(Tok::l_brace) && !parse_attr_dict(o.attrs)) return false;
  for (Type& t : outs) o.add_result(std::move(t));
  return true;
}

bool Parser::parse_func(Op& o) {
  o.name = "func.func";
  if (at_id("private") || at_id("public") || at_id("nested")) {
    o.attrs.set("sym_visibility", Attr::string_attr(tok_.text));
    consume();
  }
  if (!at(Tok::at_id)) return error("expected '@name' after func.func");
  o.attrs.set("sym_name", Attr::string_attr(tok_.text));
  consume();
  // New SSA scope: functions are isolated from above.
  auto saved = begin_isolated();
  auto entry = std::make_unique<ir::Block>();
  std::vector<Type> ins, outs;
  std::vector<Attr> arg_attrs;
  bool any_arg_attrs = false;
  if (!expect(Tok::l_paren, "'(' starting the parameter list")) return false;
  bool unnamed = false;  // `func.func private @f(tensor<4xf32>)`: a declaration's signature
  Location unnamed_loc;
  if (!at(Tok::r_paren)) {
    unnamed = !at(Tok::percent_id);
    unnamed_loc = tok_.loc;
    do {
      std::string pname;
      Location ploc = tok_.loc;
      if (!unnamed) {
        if (!at(Tok::percent_id)) return error("expected a parameter name");
        pname = tok_.text;
        consume();
        if (!expect(Tok::colon, "':' after the parameter name")) return false;
      }
      Type t;
      if (!parse_type(t)) return false;
      Value* v = entry->add_arg(t, pname);
      v->loc = ploc;
      define(v, pname, ploc);
      ins.push_back(t);
      Attr dict;
      dict.kind = Attr::Kind::dict;
      if (at(Tok::l_brace)) {
        ir::AttrDict d;
        if (!parse_attr_dict(d)) return false;
        dict.dict = d.entries();
        any_arg_attrs = true;
      }
      arg_attrs.push_back(std::move(dict));
    } while (accept(Tok::comma));
  }
  if (!expect(Tok::r_paren, "')' closing the parameter list")) return false;
  if (accept(Tok::arrow) && !parse_result_types(outs)) return false;
  o.attrs.set("function_type", Attr::func_type_attr(ins, outs));
  if (any_arg_attrs) o.attrs.set("arg_attrs", Attr::array_attr(std::move(arg_attrs)));
  if (at_id("attributes")) {
    consume();
    if (!parse_attr_dict(o.attrs)) return false;
  }
  // A declaration (no body) keeps one empty region, as MLIR's func.func does.
  o.regions.emplace_back();
  if (at(Tok::l_brace)) {
    if (unnamed) {
      diag_.error(unnamed_loc, "a function with a body names its parameters (%name: type)");
      failed_ = true;
      return false;
    }
    entry->parent = &o;
    o.regions[0].blocks.push_back(std::move(entry));
    if (!parse_region(o.regions[0], &o, true)) return false;
  }
  bool ok = resolve_scope();
  end_isolated(saved);
  return ok;
}

bool Parser::parse_return(Op& o) {
  if (at(Tok::percent_id)) {
    const size_t first_use = pending_.size();
    if (!parse_operand_list(o, Tok::colon)) return false;
    if (!expect(Tok::colon, "':' and the returned types")) return false;
    std::vector<Type> ins;
    do {
      Type t;
      if (!parse_type(t)) return false;
      ins.push_back(std::move(t));
    } while (accept(Tok::comma));
    if (ins.size() != o.operands.size()) return error("return lists a different number of types");
    record_operand_types(first_use, o, ins);
  }
  return true;
}

bool Parser::parse_region(ir::Region& r, Op* parent, bool has_entry,
                          const std::vector<std::pair<std::string, Location>>& entry_args) {
  DepthGuard g(*this);
  if (!g.ok) return false;
  if (!expect(Tok::l_brace, "'{' starting a region")) return false;
  scopes_.emplace_back();  // the region's names (closed below)
  const size_t mark = pending_.size();
  for (size_t k = 0; k < entry_args.size(); ++k)
    define(r.blocks.front()->args[k].get(), entry_args[k].first, entry_args[k].second);
  // `has_entry`: the entry block already exists with the signature's arguments (func.func).
  bool have_entry = has_entry;
  ir::Block* cur = have_entry ? r.blocks.front().get() : nullptr;
  for (;;) {
    if (accept(Tok::r_brace)) break;
    if (at(Tok::eof) || at(Tok::error)) return error("expected '}' closing a region");
    if (at(Tok::caret_id)) {
      if (have_entry && r.blocks.size() == 1 && r.blocks[0]->ops.empty())
        return error("the entry block of a function takes its arguments from the signature");
      auto b = std::make_unique<ir::Block>();
      b->label = tok_.text;
      b->parent = parent;
      consume();
      if (accept(Tok::l_paren) && !at(Tok::r_paren)) {
        do {
          if (!at(Tok::percent_id)) return error("expected a block argument");
          std::string an = tok_.text;
          Location al = tok_.loc;
          consume();
          if (!expect(Tok::colon, "':' after a block argument")) return false;
          Type t;
          if (!parse_type(t)) return false;
          Value* v = b->add_arg(t, an);
          v->loc = al;
          define(v, an, al);
        } while (accept(Tok::comma));
        if (!expect(Tok::r_paren, "')' after block arguments")) return false;
      } else if (at(Tok::r_paren)) {
        consume();
      }
      if (!expect(Tok::colon, "':' after the block label")) return false;
      r.blocks.push_back(std::move(b));
      cur = r.blocks.back().get();
      continue;
    }
    if (!cur) {
      r.blocks.push_back(std::make_unique<ir::Block>());
      r.blocks.back()->parent = parent;
      cur = r.blocks.back().get();
    }
    if (!parse_op(*cur)) return false;
  }
  // `{}` is a region without blocks for a function (a declaration, as MLIR prints it) and an
  // empty block elsewhere.
  if (r.blocks.empty() && !(parent && parent->name == "func.func")) {
    r.blocks.push_back(std::make_unique<ir::Block>());
    r.blocks.back()->parent = parent;
  }
  close_region_scope(mark);
  return true;
}

bool Parser::parse_module_body(ir::Module& m) {
  ir::Block& body = m.body();
  if (!expect(Tok::l_brace, "'{' starting the module body")) return false;
  while (!accept(Tok::r_brace)) {
    if (at(Tok::eof) || at(Tok::error)) return error("expected '}' closing the module");
    if (!parse_op(body)) return false;
  }
  return true;
}

std::unique_ptr<ir::Module> Parser::parse_top() {
  auto m = std::make_unique<ir::Module>();
  auto at_alias = [&] { return at(Tok::hash_id) || at(Tok::excl_id); };
  while (at_alias())
    if (!parse_alias_def()) return nullptr;
  if (at_id("module")) {
    m->op().loc = tok_.loc;
    consume();
    if (at(Tok::at_id)) {
      m->op().attrs.set("sym_name", Attr::string_attr(tok_.text));
      consume();
    }
    if (at_id("attributes")) {
      consume();
      if (!parse_attr_dict(m->op().attrs)) return nullptr;
    }
    if (!parse_module_body(*m)) return nullptr;
    while (at_alias())
      if (!parse_alias_def()) return nullptr;
  } else if (at(Tok::string) && tok_.text == "builtin.module") {
    // Generic module: parse it as an op, then adopt its region.
    ir::Block scratch;
    if (!parse_op(scratch)) return nullptr;
    Op& gm = *scratch.ops.front();
    if (gm.regions.size() != 1 || gm.regions[0].blocks.size() != 1)
      return error("builtin.module needs exactly one region with one block"), nullptr;
    m->op().attrs = gm.attrs;
    m->op().loc = gm.loc;
    auto& dst = m->op().regions[0].blocks[0];
    dst = std::move(gm.regions[0].blocks[0]);
    dst->parent = &m->op();
  } else {
    // A bare list of functions forms an implicit module.
    while (!at(Tok::eof)) {
      if (at(Tok::error)) return error(""), nullptr;
      if (at_alias()) {
        if (!parse_alias_def()) return nullptr;
        continue;
      }
      if (!parse_op(m->body())) return nullptr;
    }
  }
  if (!at(Tok::eof)) return error("unexpected text after the module"), nullptr;
  if (!resolve_scope()) return nullptr;
  if (failed_) return nullptr;
  m->rebuild_symbols();  // once per module: every callee lookup uses it
  return m;
}

}  // namespace tessera::text::detail

namespace tessera::text {

using detail::Parser;

std::unique_ptr<ir::Module> parse_module(std::string_view text, const std::string& name,
                                         SourceManager& sm, DiagnosticEngine& diag) {
  uint32_t id = sm.add(name, std::string(text));
  diag.set_source_manager(&sm);
  Parser p(sm.text(id), id, diag);
  auto m = p.parse_top();
  if (diag.has_errors()) return nullptr;
  return m;
}

std::optional<ir::Type> parse_type(std::string_view text) {
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  std::string wrapped = "func.func @t(%x: " + std::string(text) + ")";
  auto m = parse_module(wrapped, "<type>", sm, diag);
  if (!m || m->funcs().empty()) return std::nullopt;
  const ir::Attr* ft = m->funcs()[0]->attrs.get("function_type");
  if (!ft || ft->elems[0].elems.size() != 1) return std::nullopt;
  return ft->elems[0].elems[0].type;
}

}  // namespace tessera::text
