// Printer for Tessera's MLIR text.
#include "core/text/printer.h"

#include <cctype>

#include <set>
#include <unordered_map>

#include "core/ops/registry.h"

namespace tessera::text {
namespace {

using ir::Op;
using ir::Value;

bool is_valid_name(const std::string& n) {
  if (n.empty()) return false;
  for (char c : n)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.' ||
          c == '-'))
      return false;
  return true;
}

class Printer {
 public:
  explicit Printer(const PrintOptions& o) : opts_(o) {}

  void module(const ir::Module& m);
  void op(const Op& o, int indent);
  std::string take() { return std::move(out_); }

 private:
  void indent(int n) { out_.append(static_cast<size_t>(n) * 2, ' '); }
  void begin_scope() {
    names_.clear();
    used_.clear();
    next_id_ = 0;
    next_arg_ = 0;
  }
  /// Assigns printable names to an op's results (all share one base name).
  std::string result_base(const Op& o);
  /// Names every value of an isolated op's regions up front, in textual order, so that uses
  /// printed before their definition (forward references) already have names.
  void assign_names(const Op& isolated);
  std::string ref(const Value* v);
  std::string arg_name(const Value* v);
  std::string fresh(const std::string& want, bool is_arg);
  void results_prefix(const Op& o);
  void generic(const Op& o, int ind);
  void custom(const Op& o, int ind);
  void func(const Op& o, int ind);
  void region(const ir::Region& r, int ind, bool print_entry_label);
  void attr_dict(const ir::AttrDict& d, const std::set<std::string>& skip);
  /// The result half of an op's function type: `T` for one result, `(T, U)` otherwise.
  void result_types(const Op& o);
  std::string types(const std::vector<const Value*>& vs);

  const PrintOptions& opts_;
  std::string out_;
  std::unordered_map<const Value*, std::string> names_;
  std::set<std::string> used_;
  int next_id_ = 0, next_arg_ = 0;
};

std::string Printer::fresh(const std::string& want, bool is_arg) {
  if (is_valid_name(want) && !used_.count(want)) {
    used_.insert(want);
    return want;
  }
  for (;;) {
    std::string n = is_arg ? "arg" + std::to_string(next_arg_++) : std::to_string(next_id_++);
    if (!used_.count(n)) {
      used_.insert(n);
      return n;
    }
  }
}

std::string Printer::arg_name(const Value* v) {
  auto it = names_.find(v);
  if (it != names_.end()) return it->second;
  std::string n = "%" + fresh(v->name, true);
  names_[v] = n;
  return n;
}

std::string Printer::result_base(const Op& o) {
  std::string base = fresh(o.results[0]->name, false);
  for (size_t k = 0; k < o.results.size(); ++k)
    names_[o.results[k].get()] =
        o.results.size() == 1 ? "%" + base : "%" + base + "#" + std::to_string(k);
  return base;
}

void Printer::assign_names(const Op& isolated) {
  for (const ir::Region& r : isolated.regions)
    for (const auto& b : r.blocks) {
      for (const auto& a : b->args) arg_name(a.get());
      for (const auto& o : b->ops) {
        if (!o->results.empty()) result_base(*o);
        if (o->name != "func.func") assign_names(*o);
      }
    }
}

std::string Printer::ref(const Value* v) {
  if (!v) return "%<null>";
  auto it = names_.find(v);
  if (it != names_.end()) return it->second;
  return "%<unknown>";
}

void Printer::results_prefix(const Op& o) {
  if (o.results.empty()) return;
  auto known = names_.find(o.results[0].get());
  std::string base =
      known != names_.end() ? known->second.substr(1, known->second.find('#') - 1) : result_base(o);
  out_ += "%" + base;
  if (o.results.size() > 1) out_ += ":" + std::to_string(o.results.size());
  out_ += " = ";
}

void Printer::attr_dict(const ir::AttrDict& d, const std::set<std::string>& skip) {
  bool first = true;
  for (auto& [k, v] : d.entries()) {
    if (skip.count(k)) continue;
    out_ += first ? " {" : ", ";
    first = false;
    out_ += k;
    if (v.kind != ir::Attr::Kind::unit) out_ += " = " + ir::to_string(v);
  }
  if (!first) out_ += "}";
}

void Printer::region(const ir::Region& r, int ind, bool print_entry_label) {
  out_ += "{\n";
  for (size_t b = 0; b < r.blocks.size(); ++b) {
    const ir::Block& blk = *r.blocks[b];
    if (b > 0 || print_entry_label) {
      indent(ind);
      out_ += "^" + (blk.label.empty() ? "bb" + std::to_string(b) : blk.label);
      if (!blk.args.empty()) {
        out_ += "(";
        for (size_t a = 0; a < blk.args.size(); ++a) {
          if (a) out_ += ", ";
          out_ += arg_name(blk.args[a].get()) + ": " + ir::to_string(blk.args[a]->type);
        }
        out_ += ")";
      }
      out_ += ":\n";
    }
    for (const auto& o : blk.ops) op(*o, ind + 1);
  }
  indent(ind);
  out_ += "}";
}

void Printer::generic(const Op& o, int ind) {
  results_prefix(o);
  out_ += "\"" + o.name + "\"(";
  for (size_t k = 0; k < o.operands.size(); ++k) out_ += (k ? ", " : "") + ref(o.operands[k]);
  out_ += ")";
  if (!o.regions.empty()) {
    bool isolated = o.name == "func.func";
    auto saved = names_;
    auto saved_used = used_;
    if (isolated) {
      begin_scope();
      assign_names(o);
    }
    out_ += " (";
    for (size_t k = 0; k < o.regions.size(); ++k) {
      if (k) out_ += ", ";
      region(o.regions[k], ind, true);
    }
    out_ += ")";
    if (isolated) {
      names_ = std::move(saved);
      used_ = std::move(saved_used);
    }
  }
  attr_dict(o.attrs, {});
  out_ += " : (";
  for (size_t k = 0; k < o.operands.size(); ++k)
    out_ += (k ? ", " : "") + (o.operands[k] ? ir::to_string(o.operands[k]->type) : "none");
  out_ += ") -> ";
  result_types(o);
}

void Printer::result_types(const Op& o) {
  bool paren = o.results.size() != 1;
  if (paren) out_ += "(";
  for (size_t k = 0; k < o.results.size(); ++k)
    out_ += (k ? ", " : "") + ir::to_string(o.results[k]->type);
  if (paren) out_ += ")";
}

void Printer::func(const Op& o, int ind) {
  begin_scope();
  assign_names(o);
  out_ += "func.func ";
  std::string vis = o.attrs.get_string("sym_visibility", "");
  if (!vis.empty()) out_ += vis + " ";
  out_ += "@" + ir::func_name(o) + "(";
  const ir::Attr* arg_attrs = o.attrs.get("arg_attrs");
  const ir::Attr* ft = o.attrs.get("function_type");
  if (!o.regions.empty() && !o.regions[0].empty()) {
    const ir::Block& entry = o.regions[0].front();
    for (size_t a = 0; a < entry.args.size(); ++a) {
      if (a) out_ += ", ";
      out_ += arg_name(entry.args[a].get()) + ": " + ir::to_string(entry.args[a]->type);
      if (arg_attrs && a < arg_attrs->elems.size() && !arg_attrs->elems[a].dict.empty())
        out_ += " " + ir::to_string(arg_attrs->elems[a]);
    }
  } else if (ft && ft->kind == ir::Attr::Kind::func_type) {
    // A declaration: MLIR's form lists the parameter types only.
    const auto& ins = ft->elems[0].elems;
    for (size_t a = 0; a < ins.size(); ++a) {
      out_ += (a ? ", " : "") + ir::to_string(ins[a].type);
      if (arg_attrs && a < arg_attrs->elems.size() && !arg_attrs->elems[a].dict.empty())
        out_ += " " + ir::to_string(arg_attrs->elems[a]);
    }
  }
  out_ += ")";
  auto results = ir::func_result_types(o);
  if (!results.empty()) {
    out_ += " -> ";
    bool paren = results.size() != 1;
    if (paren) out_ += "(";
    for (size_t k = 0; k < results.size(); ++k) out_ += (k ? ", " : "") + ir::to_string(results[k]);
    if (paren) out_ += ")";
  }
  bool has_extra = false;
  for (auto& [k, v] : o.attrs.entries())
    if (k != "sym_name" && k != "function_type" && k != "arg_attrs" && k != "sym_visibility")
      has_extra = true;
  if (has_extra) {
    out_ += " attributes";
    attr_dict(o.attrs, {"sym_name", "function_type", "arg_attrs", "sym_visibility"});
  }
  if (!o.regions.empty() && !o.regions[0].empty()) {
    out_ += " ";
    region(o.regions[0], ind, o.regions[0].blocks.size() > 1);
  }
}

/// The custom form of func.func reads back as the same op only when its symbol is a bare
/// identifier, its visibility a keyword and its signature a function type matching the entry
/// block; anything else (a mangled generic func.func) prints generically.
static bool custom_func_prints_faithfully(const Op& o) {
  const ir::Attr* name = o.attrs.get("sym_name");
  if (!name || name->kind != ir::Attr::Kind::string || name->s.empty()) return false;
  const std::string& n = name->s;
  if (!(std::isalpha(static_cast<unsigned char>(n[0])) || n[0] == '_')) return false;
  for (char c : n)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.'))
      return false;
  if (const ir::Attr* vis = o.attrs.get("sym_visibility"))
    if (vis->kind != ir::Attr::Kind::string ||
        (vis->s != "private" && vis->s != "public" && vis->s != "nested"))
      return false;
  const ir::Attr* ft = o.attrs.get("function_type");
  if (!ft || ft->kind != ir::Attr::Kind::func_type) return false;
  if (o.regions.size() != 1) return false;
  if (!o.regions[0].empty()) {
    const ir::Block& entry = o.regions[0].front();
    const auto& ins = ft->elems[0].elems;
    if (entry.args.size() != ins.size()) return false;
    for (size_t a = 0; a < ins.size(); ++a)
      if (!(entry.args[a]->type == ins[a].type)) return false;
  }
  if (const ir::Attr* aa = o.attrs.get("arg_attrs")) {
    if (aa->kind != ir::Attr::Kind::array || aa->elems.size() != ft->elems[0].elems.size())
      return false;
    for (const ir::Attr& e : aa->elems)
      if (e.kind != ir::Attr::Kind::dict) return false;
  }
  return true;
}

void Printer::custom(const Op& o, int ind) {
  if (o.name == "func.func")
    return custom_func_prints_faithfully(o) ? func(o, ind) : generic(o, ind);
  if (o.name == "func.return") {
    out_ += "return";
    for (size_t k = 0; k < o.operands.size(); ++k) out_ += (k ? ", " : " ") + ref(o.operands[k]);
    if (!o.operands.empty()) {
      out_ += " : ";
      for (size_t k = 0; k < o.operands.size(); ++k)
        out_ += (k ? ", " : "") + ir::to_string(o.operands[k]->type);
    }
    return;
  }
  if (!o.def || !o.regions.empty()) return generic(o, ind);
  // The parser reads `arith.constant` not followed by `{` as MLIR's own form (`arith.constant 1.0
  // : f32`), so our form is faithful only for an operand-free constant with attributes.
  if (o.name == "arith.constant" && (!o.operands.empty() || o.attrs.entries().empty()))
    return generic(o, ind);
  results_prefix(o);
  out_ += o.name;
  for (size_t k = 0; k < o.operands.size(); ++k) out_ += (k ? ", " : " ") + ref(o.operands[k]);
  attr_dict(o.attrs, {});
  out_ += " : (";
  for (size_t k = 0; k < o.operands.size(); ++k)
    out_ += (k ? ", " : "") + ir::to_string(o.operands[k]->type);
  out_ += ") -> ";
  result_types(o);
}

void Printer::op(const Op& o, int ind) {
  indent(ind);
  if (opts_.generic) {
    if (o.name == "func.func") begin_scope();
    generic(o, ind);
  } else {
    custom(o, ind);
  }
  out_ += "\n";
}

void Printer::module(const ir::Module& m) {
  const Op& mo = m.op();
  if (opts_.generic) {
    out_ += "\"builtin.module\"() (";
    region(mo.regions[0], 0, false);
    out_ += ")";
    attr_dict(mo.attrs, {});
    out_ += " : () -> ()\n";
    return;
  }
  out_ += "module";
  std::string sym = mo.attrs.get_string("sym_name", "");
  if (!sym.empty()) out_ += " @" + sym;
  bool extra = false;
  for (auto& [k, v] : mo.attrs.entries())
    if (k != "sym_name") extra = true;
  if (extra) {
    out_ += " attributes";
    attr_dict(mo.attrs, {"sym_name"});
  }
  out_ += " ";
  region(mo.regions[0], 0, false);
  out_ += "\n";
}

}  // namespace

std::string print_module(const ir::Module& m, const PrintOptions& opts) {
  Printer p(opts);
  p.module(m);
  return p.take();
}

std::string print_op_generic(const ir::Op& op) {
  PrintOptions o;
  o.generic = true;
  Printer p(o);
  p.op(op, 0);
  return p.take();
}

}  // namespace tessera::text
