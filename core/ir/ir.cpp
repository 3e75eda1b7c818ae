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
}

Op* Module::lookup_func(std::string_view name) const {
  for (auto& o : op_->regions[0].front().ops)
    if (o->name == "func.func" && func_name(*o) == name) return o.get();
  return nullptr;
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
