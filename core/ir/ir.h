// The IR's object model: values, ops with attributes and regions, blocks, modules.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/ir/attribute.h"
#include "core/ir/type.h"

namespace tessera::ir {

struct Op;
struct Block;
class SymbolTable;
}  // namespace tessera::ir

namespace tessera::ops {
struct OpDef;
}  // namespace tessera::ops

namespace tessera::ir {

/// A source position. `file` indexes the SourceManager that parsed the text (0 = unknown).
struct Location {
  uint32_t file = 0;
  uint32_t line = 0;
  uint32_t col = 0;
  bool known() const { return line != 0; }
};

/// An SSA value: an op result or a block argument.
struct Value {
  Type type;
  std::string name;        ///< Source name without `%` (may be empty; the printer invents one).
  Op* def = nullptr;       ///< Defining op for results; nullptr for block arguments.
  Block* owner = nullptr;  ///< Owning block for block arguments.
  int index = 0;           ///< Result number or argument number.
  Location loc;
};

/// A list of blocks. Tessera uses single-block regions except in Target IR.
struct Region {
  std::vector<std::unique_ptr<Block>> blocks;
  /// Set on the region of a symbol-table op (`builtin.module`): its symbols, built once by
  /// build_symbol_table() (the parser does it); nullptr elsewhere. A cache of the block's
  /// `sym_name`s, hence mutable: ensure_symbol_table() refreshes it after ops were added.
  mutable std::shared_ptr<const SymbolTable> symbols;
  Block& front() { return *blocks.front(); }
  const Block& front() const { return *blocks.front(); }
  bool empty() const { return blocks.empty(); }
};

/// An operation. Its kind is fixed by `def` (registered ops) or only by `name` (unregistered
/// ops, which parse and print but do not verify or run).
struct Op {
  std::string name;
  const ops::OpDef* def = nullptr;
  std::vector<Value*> operands;
  std::vector<std::unique_ptr<Value>> results;
  AttrDict attrs;
  std::vector<Region> regions;
  Location loc;
  Block* parent = nullptr;

  Value* result(size_t k = 0) const { return results.at(k).get(); }
  size_t num_results() const { return results.size(); }
  Value* add_result(Type t);
};

/// A basic block: arguments and a list of ops.
struct Block {
  std::string label;  ///< Without `^` (may be empty).
  std::vector<std::unique_ptr<Value>> args;
  std::vector<std::unique_ptr<Op>> ops;
  Op* parent = nullptr;

  Value* add_arg(Type t, std::string name = {});
  Op* append(std::unique_ptr<Op> op);
};

/// A module: the top-level op (`builtin.module`) with one region of one block holding
/// functions and declarations.
class Module {
 public:
  Module();
  Op& op() { return *op_; }
  const Op& op() const { return *op_; }
  Block& body() { return op_->regions[0].front(); }
  const Block& body() const { return op_->regions[0].front(); }
  /// Finds a `func.func` by symbol name through the module's symbol table (O(1)), or nullptr.
  Op* lookup_func(std::string_view name) const;
  std::vector<Op*> funcs() const;
  /// The module's symbol table (built by the parser; rebuild_symbols() after adding symbols).
  const SymbolTable& symbols() const { return *op_->regions[0].symbols; }
  void rebuild_symbols();

 private:
  std::unique_ptr<Op> op_;
};

/// The symbols of one symbol-table region: every op of its block with a string `sym_name`,
/// by name. A name defined twice keeps its first definition; the later ones are recorded as
/// redefinitions (the verifier reports them, module_c1). Lookups are O(1) and allocate nothing.
class SymbolTable {
 public:
  explicit SymbolTable(const Block& body);
  /// The op defining `name`, or nullptr.
  Op* lookup(std::string_view name) const;
  /// The `func.func` named `name`, or nullptr (also when `name` is another kind of symbol).
  Op* lookup_func(std::string_view name) const;
  struct Redefinition {
    const Op* first;  ///< The definition the table keeps.
    const Op* again;  ///< A later op with the same name.
  };
  const std::vector<Redefinition>& redefinitions() const { return redefinitions_; }
  size_t size() const { return map_.size(); }
  /// Whether ops were added to or removed from the block since the table was built.
  bool stale(const Block& body) const { return body.ops.size() != ops_seen_; }

 private:
  size_t ops_seen_ = 0;  ///< The block's op count when the table was built.
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, Op*, Hash, std::equal_to<>> map_;
  std::vector<Redefinition> redefinitions_;
};

/// Builds (or rebuilds) the symbol table of a symbol-table op (`builtin.module`) from its body.
void build_symbol_table(Op& symbol_table_op);

/// Rebuilds the table of a symbol-table op when it is missing or stale (ops were added to the
/// module since; the verifier calls this once per module). Not for use while other threads look
/// symbols up.
const SymbolTable& ensure_symbol_table(const Op& symbol_table_op);

/// The symbol table nearest to `op`: that of the first enclosing region that has one.
const SymbolTable* enclosing_symbol_table(const Op& op);

/// The `func.func` that `op`'s `callee` symbol attribute names, looked up in the enclosing symbol
/// table; nullptr when there is no such attribute, table or function. Every callee lookup
/// (func.call, tile.launch; verifier and interpreter) goes through here.
Op* lookup_callee(const Op& op);

/// Function helpers (a func.func op keeps `sym_name` and `function_type` attributes and one
/// region whose entry block arguments are the parameters).
std::string func_name(const Op& func);
/// A function without a body (`func.func private @f(i32) -> i32`): no region, or an empty one.
inline bool is_declaration(const Op& func) {
  return func.regions.empty() || func.regions[0].empty();
}
std::vector<Type> func_result_types(const Op& func);

/// Walks every op nested under `op` (pre-order), including `op` itself.
template <typename F>
void walk(Op& op, F&& f) {
  f(op);
  for (Region& r : op.regions)
    for (auto& b : r.blocks)
      for (auto& o : b->ops) walk(*o, f);
}

}  // namespace tessera::ir
