// Internal to core/text: the recursive-descent parser's class, shared by parser.cpp (ops,
// regions, functions, modules) and parser_attrs.cpp (types and attributes).
#pragma once

#include <algorithm>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"
#include "core/text/lexer.h"
#include "core/text/parser.h"

namespace tessera::text::detail {

using ir::Attr;
using ir::Location;
using ir::Op;
using ir::Type;
using ir::Value;

struct PendingUse {
  Op* op;
  size_t operand;
  std::string name;
  Location loc;
  Type written;  ///< The operand type the op spelled out (kind none if not yet known).
};

/// The SSA names of one scope: entries in a vector plus an open-addressing index over them, so
/// defining a name allocates nothing beyond amortised growth (names up to 15 characters stay
/// inline in their std::string) and a lookup touches few cache lines.
class Scope {
 public:
  /// The value `name` denotes in this scope, or nullptr.
  Value* find(std::string_view name) const {
    if (slots_.empty()) return nullptr;
    const size_t h = std::hash<std::string_view>{}(name);
    for (size_t i = h & (slots_.size() - 1); slots_[i] != 0; i = (i + 1) & (slots_.size() - 1)) {
      const Entry& e = entries_[slots_[i] - 1];
      if (e.hash == h && e.name == name) return e.value;
    }
    return nullptr;
  }
  /// Adds `name` (the caller has checked that no visible scope defines it).
  void define(std::string name, Value* v) {
    if ((entries_.size() + 1) * 2 > slots_.size()) grow();
    const size_t h = std::hash<std::string_view>{}(name);
    entries_.push_back({std::move(name), v, h});
    insert(entries_.size() - 1);
  }

 private:
  struct Entry {
    std::string name;
    Value* value;
    size_t hash;
  };
  void insert(size_t k) {
    size_t i = entries_[k].hash & (slots_.size() - 1);
    while (slots_[i] != 0) i = (i + 1) & (slots_.size() - 1);
    slots_[i] = k + 1;
  }
  void grow() {
    slots_.assign(std::max<size_t>(16, slots_.size() * 2), 0);
    for (size_t k = 0; k < entries_.size(); ++k) insert(k);
  }
  std::vector<Entry> entries_;
  std::vector<size_t> slots_;  ///< 0: empty; k + 1: entries_[k]
};

class Parser {
 public:
  Parser(std::string_view text, uint32_t file, DiagnosticEngine& diag)
      : lex_(text, file), diag_(diag) {
    tok_ = lex_.next();
  }

  std::unique_ptr<ir::Module> parse_top();

 private:
  // Token helpers.
  void consume() { tok_ = lex_.next(); }
  bool at(Tok k) const { return tok_.kind == k; }
  bool at_id(const char* s) const { return tok_.kind == Tok::bare_id && tok_.text == s; }
  /// Whether the token after the current one is `k` (a copy of the lexer looks ahead).
  bool peek_is(Tok k) const {
    Lexer ahead = lex_;
    return ahead.next().kind == k;
  }
  bool accept(Tok k) {
    if (!at(k)) return false;
    consume();
    return true;
  }
  bool expect(Tok k, const char* what) {
    if (accept(k)) return true;
    return error(std::string("expected ") + what);
  }
  bool error(const std::string& msg) {
    if (!failed_) {
      if (tok_.kind == Tok::error)
        diag_.error(tok_.loc, tok_.text);
      else
        diag_.error(tok_.loc, msg);
    }
    failed_ = true;
    return false;
  }

  struct DepthGuard {
    Parser& p;
    bool ok;
    explicit DepthGuard(Parser& parser) : p(parser), ok(++parser.depth_ <= kMaxNesting) {
      if (!ok) p.error("nesting is deeper than " + std::to_string(kMaxNesting) + " levels");
    }
    ~DepthGuard() { --p.depth_; }
  };

  // Grammar.
  bool parse_type(Type& t);
  /// `T, U, ...` (one or more types, no parentheses).
  bool parse_type_list(std::vector<Type>& out);
  bool parse_type_list_parens(std::vector<Type>& out);
  bool parse_result_types(std::vector<Type>& out);
  bool parse_attr(Attr& a);
  bool parse_attr_dict(ir::AttrDict& d);
  bool parse_number_attr(Attr& a, bool negative);
  bool parse_dense(Attr& a);
  /// `array<i32: 1, 2>` after the `array` keyword (MLIR's dense array attribute).
  bool parse_dense_array(Attr& a);
  /// `#name = attr` or `!name = type` at the top level of a file.
  bool parse_alias_def();
  bool parse_op(ir::Block& block);
  bool parse_generic_op(Op& op);
  bool parse_custom_op(Op& op, const std::string& name);
  bool parse_unknown_custom_op(Op& op, const std::string& name);
  bool parse_func(Op& op);
  bool parse_mlir_constant(Op& op);
  bool parse_mlir_compare(Op& op, bool is_float);
  bool parse_return(Op& op);
  bool parse_module_body(ir::Module& m);
  /// `entry_args`: names of arguments already added to the entry block (the region's first
  /// block, which then exists), defined in the region's scope (scf.for's induction variable).
  bool parse_region(ir::Region& r, Op* parent, bool has_entry,
                    const std::vector<std::pair<std::string, Location>>& entry_args = {});
  bool parse_mlir_for(Op& op);
  bool parse_mlir_if(Op& op);
  /// Appends `scf.yield` to the last block of `r` unless it already ends with one (MLIR's
  /// implicit terminator of result-less scf.for / scf.if bodies).
  void add_implicit_yield(ir::Region& r, Op* parent, Location loc);
  bool parse_block_body(ir::Block& b);
  bool parse_operand_list(Op& op, Tok close);
  bool parse_operand(Op& op);
  bool skip_trailing_loc();

  // SSA names, scoped as MLIR scopes them: every region opens a scope nested in the enclosing
  // one; a name is visible in its scope and the scopes nested in it, may not be redefined while
  // visible, and goes out of scope when its region ends (so sibling regions may reuse names).
  // Uses are resolved when their scope closes (forward references within a scope work): uses a
  // region's own names do not satisfy move out to the enclosing scope. Isolated ops (modules,
  // functions) start a fresh stack.
  void define(Value* v, const std::string& name, Location loc);
  /// Binds a pending use to its value, checking the type the op spelled out.
  void bind(const PendingUse& u, Value* v);
  /// Closes the innermost region scope: binds the uses since `mark` that its names satisfy.
  void close_region_scope(size_t mark);
  /// Ends an isolated scope: every remaining use must name a value of it.
  bool resolve_scope();
  /// Saves the name state and starts an isolated one (restored by end_isolated).
  /// The value a name denotes in the scopes visible now, or nullptr.
  Value* visible(const std::string& name) const;
  void record_operand_types(size_t first, const Op& op, const std::vector<Type>& types);
  std::pair<std::vector<Scope>, std::vector<PendingUse>> begin_isolated();
  void end_isolated(std::pair<std::vector<Scope>, std::vector<PendingUse>>& saved);

  Lexer lex_;
  Token tok_;
  DiagnosticEngine& diag_;
  bool failed_ = false;
  int depth_ = 0;
  std::vector<Scope> scopes_ = std::vector<Scope>(1);  ///< innermost last
  std::vector<PendingUse> pending_;
  // Aliases of the file (`#name = ...`, `!name = ...`); uses are replaced by their value.
  std::unordered_map<std::string, Attr> attr_aliases_;
  std::unordered_map<std::string, Type> type_aliases_;
};

}  // namespace tessera::text::detail
