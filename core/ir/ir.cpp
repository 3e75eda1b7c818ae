// The IR's object model: construction helpers and module lookup.
#include "core/ir/ir.h"

namespace tessera::ir {

Value* Op::add_result(Type t) {
  auto v = std::make_unique<Value>();
  v->type = std::move(t);
  v->def = this;
  v->index = static_cast<int>(results.size());
  v->loc = loc;
  results.push_back(std::move(v));
  return results.back().get();
}

Value* Block::add_arg(Type t, std::string name) {
  auto v = std::make_unique<Value>();
  v->type = std::move(t);
  v->name = std::move(name);
  v->owner = this;
  v->index = static_cast<int>(args.size());
  args.push_back(std::move(v));
  return args.back().get();
}

Op* Block::append(std::unique_ptr<Op> op) {
  op->parent = this;
  ops.push_back(std::move(op));
  return ops.back().get();
}

Module::Module() : op_(std::make_unique<Op>()) {
  op_->name = "builtin.module";
  op_->regions.emplace_back();
  op_->regions[0].blocks.push_back(std::make_unique<Block>());
  op_->regions[0].blocks[0]->parent = op_.get();
  build_symbol_table(*op_);
}

Op* Module::lookup_func(std::string_view name) const { return symbols().lookup_func(name); }

void Module::rebuild_symbols() { build_symbol_table(*op_); }

SymbolTable::SymbolTable(const Block& body) : ops_seen_(body.ops.size()) {
  map_.reserve(body.ops.size());
  for (const auto& o : body.ops) {
    const Attr* name = o->attrs.get("sym_name");
    if (!name || name->kind != Attr::Kind::string) continue;
    auto [it, fresh] = map_.try_emplace(name->s, o.get());
    if (!fresh) redefinitions_.push_back({it->second, o.get()});
  }
}

Op* SymbolTable::lookup(std::string_view name) const {
  auto it = map_.find(name);
  return it == map_.end() ? nullptr : it->second;
}

Op* SymbolTable::lookup_func(std::string_view name) const {
  Op* o = lookup(name);
  return o && o->name == "func.func" ? o : nullptr;
}

void build_symbol_table(Op& op) {
  if (op.regions.empty() || op.regions[0].empty()) return;
  op.regions[0].symbols = std::make_shared<const SymbolTable>(op.regions[0].front());
}

const SymbolTable& ensure_symbol_table(const Op& op) {
  const Region& r = op.regions.at(0);
  if (!r.symbols || r.symbols->stale(r.front()))
    r.symbols = std::make_shared<const SymbolTable>(r.front());
  return *r.symbols;
}

const SymbolTable* enclosing_symbol_table(const Op& op) {
  for (const Op* o = &op; o; o = o->parent ? o->parent->parent : nullptr) {
    if (!o->parent || !o->parent->parent) break;
    // The region of the parent op that holds o's block.
    const Op* up = o->parent->parent;
    for (const Region& r : up->regions)
      if (r.symbols && !r.empty() && &r.front() == o->parent) return r.symbols.get();
  }
  return nullptr;
}

Op* lookup_callee(const Op& op) {
  const Attr* callee = op.attrs.get("callee");
  if (!callee || callee->kind != Attr::Kind::symbol) return nullptr;
  const SymbolTable* table = enclosing_symbol_table(op);
  return table ? table->lookup_func(callee->s) : nullptr;
}

std::vector<Op*> Module::funcs() const {
  std::vector<Op*> out;
  for (auto& o : op_->regions[0].front().ops)
    if (o->name == "func.func") out.push_back(o.get());
  return out;
}

std::string func_name(const Op& func) { return func.attrs.get_string("sym_name", ""); }

std::vector<Type> func_result_types(const Op& func) {
  const Attr* ft = func.attrs.get("function_type");
  if (!ft || ft->kind != Attr::Kind::func_type) return {};
  std::vector<Type> out;
  for (const Attr& a : ft->elems[1].elems) out.push_back(a.type);
  return out;
}

}  // namespace tessera::ir
