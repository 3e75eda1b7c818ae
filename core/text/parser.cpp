// Parser for Tessera's MLIR text: recursive descent over the lexer's tokens.
#include "core/text/parser.h"

#include <charconv>
#include <cstring>
#include <functional>
#include <unordered_map>

#include "core/ops/registry.h"
#include "core/text/lexer.h"

namespace tessera::text {
namespace {

using ir::Attr;
using ir::Location;
using ir::Op;
using ir::Type;
using ir::Value;

/// Parses the inside of `tensor<...>`, `memref<...>` or `vector<...>`.
std::optional<Type> parse_shaped_body(ir::TypeKind kind, std::string_view body) {
  Type t;
  t.kind = kind;
  std::string_view rest = body;
  std::string_view extra;
  if (auto comma = rest.find(','); comma != std::string_view::npos) {
    extra = rest.substr(comma + 1);
    rest = rest.substr(0, comma);
  }
  auto trim = [](std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
  };
  rest = trim(rest);
  for (;;) {
    if (rest.empty()) return std::nullopt;
    if (rest[0] == '?') {
      t.shape.push_back(ir::kDynamic);
      rest.remove_prefix(1);
    } else if (std::isdigit(static_cast<unsigned char>(rest[0]))) {
      int64_t d = 0;
      auto [p, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), d);
      if (ec != std::errc()) return std::nullopt;
      t.shape.push_back(d);
      rest.remove_prefix(static_cast<size_t>(p - rest.data()));
    } else {
      break;
    }
    if (rest.empty() || rest[0] != 'x') return std::nullopt;
    rest.remove_prefix(1);
    if (t.shape.size() > 64) return std::nullopt;
  }
  auto d = ir::parse_dtype_name(rest);
  if (!d) return std::nullopt;
  t.dtype = *d;
  extra = trim(extra);
  if (!extra.empty()) {
    if (kind != ir::TypeKind::memref) return std::nullopt;
    int64_t space = 0;
    auto [p, ec] = std::from_chars(extra.data(), extra.data() + extra.size(), space);
    if (ec != std::errc() || p != extra.data() + extra.size()) return std::nullopt;
    t.memspace = space;
  }
  return t;
}

struct PendingUse {
  Op* op;
  size_t operand;
  std::string name;
  Location loc;
  Type written;  ///< The operand type the op spelled out (kind none if not yet known).
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
  bool parse_type_list_parens(std::vector<Type>& out);
  bool parse_result_types(std::vector<Type>& out);
  bool parse_attr(Attr& a);
  bool parse_attr_dict(ir::AttrDict& d);
  bool parse_number_attr(Attr& a, bool negative);
  bool parse_dense(Attr& a);
  bool parse_op(ir::Block& block);
  bool parse_generic_op(Op& op);
  bool parse_custom_op(Op& op, const std::string& name);
  bool parse_func(Op& op);
  bool parse_return(Op& op);
  bool parse_module_body(ir::Module& m);
  bool parse_region(ir::Region& r, Op* parent, bool has_entry);
  bool parse_block_body(ir::Block& b);
  bool parse_operand_list(Op& op, Tok close);
  bool parse_operand(Op& op);
  bool skip_trailing_loc();

  // SSA scope (one per isolated region: module body or function).
  void define(Value* v, const std::string& name, Location loc);
  bool resolve_scope();

  Lexer lex_;
  Token tok_;
  DiagnosticEngine& diag_;
  bool failed_ = false;
  int depth_ = 0;
  std::unordered_map<std::string, Value*> names_;
  std::vector<PendingUse> pending_;
};

bool Parser::skip_trailing_loc() {
  if (!at_id("loc")) return true;
  consume();
  if (!expect(Tok::l_paren, "'(' after loc")) return false;
  int depth = 1;
  while (depth > 0) {
    if (at(Tok::eof) || at(Tok::error)) return error("unterminated loc(...)");
    if (at(Tok::l_paren)) ++depth;
    if (at(Tok::r_paren)) --depth;
    consume();
  }
  return true;
}

bool Parser::parse_type(Type& t) {
  DepthGuard g(*this);
  if (!g.ok) return false;
  if (at(Tok::excl_id)) {
    t = Type{};
    t.kind = ir::TypeKind::opaque;
    t.opaque = tok_.text;
    consume();
    return true;
  }
  if (!at(Tok::bare_id)) return error("expected a type");
  std::string id = tok_.text;
  Location loc = tok_.loc;
  ir::TypeKind kind = id == "tensor"   ? ir::TypeKind::tensor
                      : id == "memref" ? ir::TypeKind::memref
                      : id == "vector" ? ir::TypeKind::vector
                                       : ir::TypeKind::none;
  if (kind != ir::TypeKind::none) {
    // The lexer must not tokenize `4x8xf32`; read the raw body instead.
    // The lexer sits just after the keyword: read the raw `<...>` body so that `4x8xf32` is
    // not split into tokens.
    std::string body;
    if (!lex_.eat_char('<')) return error("expected '<' after '" + id + "'");
    if (!lex_.scan_angle_body(body)) return error("unbalanced '<' in type");
    auto parsed = parse_shaped_body(kind, body);
    if (!parsed) {
      diag_.error(loc, "malformed type '" + id + "<" + body.substr(0, 80) + ">'");
      failed_ = true;
      return false;
    }
    t = std::move(*parsed);
    consume();
    return true;
  }
  auto d = ir::parse_dtype_name(id);
  if (!d) {
    diag_.error(loc, "unknown type '" + id + "'");
    failed_ = true;
    return false;
  }
  t = Type::scalar(*d);
  consume();
  return true;
}

bool Parser::parse_type_list_parens(std::vector<Type>& out) {
  if (!expect(Tok::l_paren, "'('")) return false;
  if (accept(Tok::r_paren)) return true;
  do {
    Type t;
    if (!parse_type(t)) return false;
    out.push_back(std::move(t));
  } while (accept(Tok::comma));
  return expect(Tok::r_paren, "')'");
}

bool Parser::parse_result_types(std::vector<Type>& out) {
  if (at(Tok::l_paren)) return parse_type_list_parens(out);
  Type t;
  if (!parse_type(t)) return false;
  out.push_back(std::move(t));
  return true;
}

bool Parser::parse_number_attr(Attr& a, bool negative) {
  std::string text = tok_.text;
  bool is_float = at(Tok::floating);
  Location loc = tok_.loc;
  consume();
  if (is_float) {
    a = Attr::float_attr(std::strtod(text.c_str(), nullptr) * (negative ? -1.0 : 1.0));
  } else {
    int64_t v = 0;
    bool hex = text.size() > 2 && text[1] == 'x';
    uint64_t u = 0;
    auto [p, ec] =
        std::from_chars(text.data() + (hex ? 2 : 0), text.data() + text.size(), u, hex ? 16 : 10);
    if (ec != std::errc()) {
      diag_.error(loc, "integer literal '" + text + "' is out of range");
      failed_ = true;
      return false;
    }
    v = static_cast<int64_t>(u);
    if (!hex && u > static_cast<uint64_t>(INT64_MAX) + (negative ? 1 : 0)) {
      diag_.error(loc, "integer literal '" + text + "' is out of range");
      failed_ = true;
      return false;
    }
    a = Attr::integer_attr(negative ? static_cast<int64_t>(0 - u) : v);
    if (hex) a.b = true;  // remembered so `: f32` can reinterpret the bits
  }
  if (accept(Tok::colon)) {
    Type t;
    if (!parse_type(t)) return false;
    if (t.kind != ir::TypeKind::scalar) return error("expected a scalar type for a number");
    if (dtype_is_float(t.dtype)) {
      if (a.kind == Attr::Kind::integer) {
        if (a.b) {  // hex bit pattern
          uint64_t bits = static_cast<uint64_t>(a.i);
          double f;
          if (t.dtype == DType::f32) {
            uint32_t b32 = static_cast<uint32_t>(bits);
            float ff;
            std::memcpy(&ff, &b32, 4);
            f = ff;
          } else {
            std::memcpy(&f, &bits, 8);
          }
          a = Attr::float_attr(f, t.dtype);
        } else {
          a = Attr::float_attr(static_cast<double>(a.i), t.dtype);
        }
      } else {
        a.type = t;
      }
    } else {
      if (a.kind != Attr::Kind::integer) return error("float literal with an integer type");
      a.type = t;
    }
  }
  a.b = false;
  return true;
}

bool Parser::parse_dense(Attr& a) {
  // dense<...> : tensor<...>; the body is a splat number, a nested list, or a "0x..." hex blob.
  if (!expect(Tok::less, "'<' after dense")) return false;
  Attr body;
  bool hex = false;
  std::string hex_text;
  if (at(Tok::string)) {
    hex_text = tok_.text;
    hex = true;
    consume();
  } else if (!parse_attr(body)) {
    return false;
  }
  if (!expect(Tok::greater, "'>' closing dense")) return false;
  if (!expect(Tok::colon, "':' and a tensor type after dense<...>")) return false;
  Location tloc = tok_.loc;
  Type t;
  if (!parse_type(t)) return false;
  if (t.kind != ir::TypeKind::tensor || !t.has_static_shape()) {
    diag_.error(tloc, "dense attribute needs a static tensor type");
    failed_ = true;
    return false;
  }
  auto nbytes = t.byte_size();
  auto n = t.num_elements();
  if (!nbytes || *nbytes > (int64_t{1} << 32)) {
    diag_.error(tloc, "dense attribute is too large");
    failed_ = true;
    return false;
  }
  a = Attr{};
  a.kind = Attr::Kind::dense;
  a.type = t;
  a.data.resize(static_cast<size_t>(*nbytes));
  if (hex) {
    if (hex_text.size() < 2 || hex_text[0] != '0' || (hex_text[1] != 'x' && hex_text[1] != 'X'))
      return error("dense hex data must start with 0x");
    std::string_view digits(hex_text);
    digits.remove_prefix(2);
    if (digits.size() != a.data.size() * 2) {
      diag_.error(tloc, "dense hex data has " + std::to_string(digits.size() / 2) +
                            " bytes but the type needs " + std::to_string(a.data.size()));
      failed_ = true;
      return false;
    }
    for (size_t k = 0; k < a.data.size(); ++k) {
      unsigned v = 0;
      auto [p, ec] = std::from_chars(digits.data() + 2 * k, digits.data() + 2 * k + 2, v, 16);
      if (ec != std::errc() || p != digits.data() + 2 * k + 2)
        return error("bad hex digit in dense");
      a.data[k] = static_cast<std::byte>(v);
    }
    return true;
  }
  // Flatten nested lists into numbers.
  std::vector<double> vals;
  std::vector<int64_t> ivals;
  bool all_int = true;
  std::vector<const Attr*> stack{&body};
  std::vector<const Attr*> flat;
  std::function<bool(const Attr&)> collect = [&](const Attr& x) {
    if (x.kind == Attr::Kind::array) {
      for (const Attr& e : x.elems)
        if (!collect(e)) return false;
      return true;
    }
    if (x.kind == Attr::Kind::boolean) {
      flat.push_back(&x);
      return true;
    }
    if (!x.is_number()) return false;
    flat.push_back(&x);
    return true;
  };
  if (!collect(body)) return error("dense elements must be numbers");
  bool splat = body.kind != Attr::Kind::array;
  if (!splat && static_cast<int64_t>(flat.size()) != *n) {
    diag_.error(tloc, "dense has " + std::to_string(flat.size()) + " elements but the type has " +
                          std::to_string(*n));
    failed_ = true;
    return false;
  }
  (void)all_int;
  (void)stack;
  int bits = dtype_bits(t.dtype);
  if (t.dtype != DType::f32 && t.dtype != DType::f64 && dtype_is_float(t.dtype))
    return error("dense literals of " + std::string(dtype_mlir_name(t.dtype)) +
                 " must use the hex form");
  if (bits < 8 && t.dtype == DType::i4) return error("dense literals of i4 must use the hex form");
  for (int64_t k = 0; k < *n; ++k) {
    const Attr& x = *flat[splat ? 0 : static_cast<size_t>(k)];
    std::byte* dst = a.data.data() + k * (bits / 8);
    double dv = x.kind == Attr::Kind::boolean ? (x.b ? 1.0 : 0.0) : x.as_double();
    int64_t iv = x.kind == Attr::Kind::integer ? x.i : static_cast<int64_t>(dv);
    if (t.dtype == DType::f32) {
      float f = static_cast<float>(dv);
      std::memcpy(dst, &f, 4);
    } else if (t.dtype == DType::f64) {
      std::memcpy(dst, &dv, 8);
    } else {
      std::memcpy(dst, &iv, static_cast<size_t>(bits / 8));  // little-endian truncation
    }
  }
  return true;
}

bool Parser::parse_attr(Attr& a) {
  DepthGuard g(*this);
  if (!g.ok) return false;
  switch (tok_.kind) {
    case Tok::string:
      a = Attr::string_attr(tok_.text);
      consume();
      return true;
    case Tok::at_id:
      a = Attr::symbol_attr(tok_.text);
      consume();
      return true;
    case Tok::integer:
    case Tok::floating:
      return parse_number_attr(a, false);
    case Tok::minus:
      consume();
      if (!at(Tok::integer) && !at(Tok::floating)) return error("expected a number after '-'");
      return parse_number_attr(a, true);
    case Tok::l_square: {
      consume();
      std::vector<Attr> elems;
      if (!accept(Tok::r_square)) {
        do {
          Attr e;
          if (!parse_attr(e)) return false;
          elems.push_back(std::move(e));
        } while (accept(Tok::comma));
        if (!expect(Tok::r_square, "']'")) return false;
      }
      a = Attr::array_attr(std::move(elems));
      return true;
    }
    case Tok::l_brace: {
      ir::AttrDict d;
      if (!parse_attr_dict(d)) return false;
      a = Attr{};
      a.kind = Attr::Kind::dict;
      a.dict = d.entries();
      return true;
    }
    case Tok::l_paren: {
      std::vector<Type> ins, outs;
      if (!parse_type_list_parens(ins)) return false;
      if (!expect(Tok::arrow, "'->' in function type")) return false;
      if (!parse_result_types(outs)) return false;
      a = Attr::func_type_attr(ins, outs);
      return true;
    }
    case Tok::bare_id: {
      if (tok_.text == "true" || tok_.text == "false") {
        a = Attr::boolean_attr(tok_.text == "true");
        consume();
        return true;
      }
      if (tok_.text == "unit") {
        a = Attr::unit_attr();
        consume();
        return true;
      }
      if (tok_.text == "dense") {
        consume();
        return parse_dense(a);
      }
      Type t;
      if (!parse_type(t)) return false;
      a = Attr::type_attr(std::move(t));
      return true;
    }
    case Tok::excl_id: {
      Type t;
      if (!parse_type(t)) return false;
      a = Attr::type_attr(std::move(t));
      return true;
    }
    case Tok::hash_id:
      return error("attribute aliases (#" + tok_.text + ") are not supported");
    default:
      return error("expected an attribute value");
  }
}

bool Parser::parse_attr_dict(ir::AttrDict& d) {
  DepthGuard g(*this);
  if (!g.ok) return false;
  if (!expect(Tok::l_brace, "'{'")) return false;
  if (accept(Tok::r_brace)) return true;
  do {
    std::string key;
    if (at(Tok::bare_id) || at(Tok::string)) {
      key = tok_.text;
      consume();
    } else {
      return error("expected an attribute name");
    }
    if (d.get(key)) return error("duplicate attribute '" + key + "'");
    Attr v;
    if (accept(Tok::equal)) {
      if (!parse_attr(v)) return false;
    }
    d.set(key, std::move(v));
  } while (accept(Tok::comma));
  return expect(Tok::r_brace, "'}' or ','");
}

void Parser::define(Value* v, const std::string& name, Location loc) {
  if (name.empty()) return;
  auto [it, inserted] = names_.emplace(name, v);
  if (!inserted) {
    diag_.error(loc, "redefinition of SSA value '%" + name + "'");
    failed_ = true;
  }
}

bool Parser::parse_operand(Op& op) {
  if (!at(Tok::percent_id)) return error("expected an SSA operand");
  pending_.push_back({&op, op.operands.size(), tok_.text, tok_.loc});
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
    auto it = names_.find(u.name);
    if (it == names_.end()) {
      diag_.error(u.loc, "use of undefined SSA value '%" + u.name + "'");
      failed_ = true;
      continue;
    }
    u.op->operands[u.operand] = it->second;
    if (u.written.kind != ir::TypeKind::none && !(u.written == it->second->type)) {
      diag_.error(u.loc, "use of value '%" + u.name + "' expects type " + ir::to_string(u.written) +
                             " but it was defined as " + ir::to_string(it->second->type));
      failed_ = true;
    }
  }
  pending_.clear();
  names_.clear();
  return !failed_;
}

/// Sets the spelled-out types of the operands an op just parsed (for the type check on resolve).
static void record_operand_types(std::vector<PendingUse>& pending, const Op& op,
                                 const std::vector<Type>& types) {
  for (auto it = pending.rbegin(); it != pending.rend() && it->op == &op; ++it)
    if (it->operand < types.size()) it->written = types[it->operand];
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
    o.name = tok_.text;
    consume();
    ok = parse_generic_op(o);
  } else if (at(Tok::bare_id)) {
    std::string name = tok_.text;
    consume();
    if (name == "return") name = "func.return";
    o.name = name;
    ok = parse_custom_op(o, name);
  } else {
    return error("expected an operation");
  }
  if (!ok) return false;
  if (!skip_trailing_loc()) return false;
  o.def = ops::lookup_op(o.name);
  // Bind result names.
  size_t total = 0;
  for (auto& rn : names) total += static_cast<size_t>(rn.count);
  if (total != o.results.size()) {
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
    auto saved_names = isolated ? std::move(names_) : decltype(names_){};
    auto saved_pending = isolated ? std::move(pending_) : decltype(pending_){};
    if (isolated) {
      names_.clear();
      pending_.clear();
    }
    do {
      o.regions.emplace_back();
      if (!parse_region(o.regions.back(), &o, false)) return false;
    } while (accept(Tok::comma));
    if (!expect(Tok::r_paren, "')' after regions")) return false;
    if (isolated) {
      if (!resolve_scope()) return false;
      names_ = std::move(saved_names);
      pending_ = std::move(saved_pending);
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
  record_operand_types(pending_, o, ins);
  for (Type& t : outs) o.add_result(std::move(t));
  return true;
}

bool Parser::parse_custom_op(Op& o, const std::string& name) {
  if (name == "func.func") return parse_func(o);
  if (name == "func.return") return parse_return(o);
  if (name == "module" || name == "builtin.module")
    return error("nested modules are not supported");
  if (!ops::lookup_op(name))
    return error("custom form of unknown op '" + name + "'; use the generic form \"" + name +
                 "\"(...)");
  if (at(Tok::percent_id) && !parse_operand_list(o, Tok::eof)) return false;
  if (at(Tok::l_brace) && !parse_attr_dict(o.attrs)) return false;
  std::vector<Type> ins, outs;
  if (accept(Tok::colon)) {
    if (at(Tok::l_paren)) {
      if (!parse_type_list_parens(ins)) return false;
      if (!expect(Tok::arrow, "'->' in the op's function type")) return false;
      if (!parse_result_types(outs)) return false;
    } else {
      do {
        Type t;
        if (!parse_type(t)) return false;
        ins.push_back(std::move(t));
      } while (accept(Tok::comma));
      if (accept(Tok::arrow)) {
        if (!parse_result_types(outs)) return false;
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
  record_operand_types(pending_, o, ins);
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
  auto saved_names = std::move(names_);
  auto saved_pending = std::move(pending_);
  names_.clear();
  pending_.clear();
  auto entry = std::make_unique<ir::Block>();
  std::vector<Type> ins, outs;
  std::vector<Attr> arg_attrs;
  bool any_arg_attrs = false;
  if (!expect(Tok::l_paren, "'(' starting the parameter list")) return false;
  if (!at(Tok::r_paren)) {
    do {
      if (!at(Tok::percent_id)) return error("expected a parameter name");
      std::string pname = tok_.text;
      Location ploc = tok_.loc;
      consume();
      if (!expect(Tok::colon, "':' after the parameter name")) return false;
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
  if (at(Tok::l_brace)) {
    o.regions.emplace_back();
    entry->parent = &o;
    o.regions[0].blocks.push_back(std::move(entry));
    if (!parse_region(o.regions[0], &o, true)) return false;
  }
  bool ok = resolve_scope();
  names_ = std::move(saved_names);
  pending_ = std::move(saved_pending);
  return ok;
}

bool Parser::parse_return(Op& o) {
  if (at(Tok::percent_id)) {
    if (!parse_operand_list(o, Tok::colon)) return false;
    if (!expect(Tok::colon, "':' and the returned types")) return false;
    std::vector<Type> ins;
    do {
      Type t;
      if (!parse_type(t)) return false;
      ins.push_back(std::move(t));
    } while (accept(Tok::comma));
    if (ins.size() != o.operands.size()) return error("return lists a different number of types");
    record_operand_types(pending_, o, ins);
  }
  return true;
}

bool Parser::parse_region(ir::Region& r, Op* parent, bool has_entry) {
  DepthGuard g(*this);
  if (!g.ok) return false;
  if (!expect(Tok::l_brace, "'{' starting a region")) return false;
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
  if (r.blocks.empty()) {
    r.blocks.push_back(std::make_unique<ir::Block>());
    r.blocks.back()->parent = parent;
  }
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
      if (!parse_op(m->body())) return nullptr;
    }
  }
  if (!at(Tok::eof)) return error("unexpected text after the module"), nullptr;
  if (!resolve_scope()) return nullptr;
  if (failed_) return nullptr;
  return m;
}

}  // namespace

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
