// Parser for Tessera's MLIR text: types, attributes and dense literals.
#include <charconv>
#include <cstring>
#include <functional>

#include "core/text/parser_impl.h"

namespace tessera::text::detail {
namespace {

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

}  // namespace

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
    if (auto it = type_aliases_.find(tok_.text); it != type_aliases_.end()) {
      t = it->second;
      consume();
      return true;
    }
    // A dialect type: kept by its canonical spelling, so spellings that differ only in white
    // space are the same type.
    t = Type{};
    t.kind = ir::TypeKind::opaque;
    t.opaque = ir::canonical_spelling(tok_.text);
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
  if (id == "complex") {  // complex<f32>, complex<f64>
    std::string body;
    if (!lex_.eat_char('<')) return error("expected '<' after 'complex'");
    if (!lex_.scan_angle_body(body)) return error("unbalanced '<' in type");
    id = "complex<" + body + ">";
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

bool Parser::parse_type_list(std::vector<Type>& out) {
  do {
    Type t;
    if (!parse_type(t)) return false;
    out.push_back(std::move(t));
  } while (accept(Tok::comma));
  return true;
}

bool Parser::parse_type_list_parens(std::vector<Type>& out) {
  if (!expect(Tok::l_paren, "'('")) return false;
  if (accept(Tok::r_paren)) return true;
  return parse_type_list(out) && expect(Tok::r_paren, "')'");
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
  int bits = dtype_bits(t.dtype);
  if (t.dtype != DType::f32 && t.dtype != DType::f64 && dtype_is_float(t.dtype))
    return error("dense literals of " + std::string(dtype_mlir_name(t.dtype)) +
                 " must use the hex form");
  if (bits < 8 && t.dtype == DType::i4) return error("dense literals of i4 must use the hex form");
  for (int64_t k = 0; k < *n; ++k) {
    const Attr& x = *flat[splat ? 0 : static_cast<size_t>(k)];
    std::byte* dst = a.data.data() + k * (bits / 8);
    double dv = x.kind == Attr::Kind::boolean ? (x.b ? 1.0 : 0.0) : x.as_double();
    if (t.dtype == DType::f32) {
      float f = static_cast<float>(dv);
      std::memcpy(dst, &f, 4);
    } else if (t.dtype == DType::f64) {
      std::memcpy(dst, &dv, 8);
    } else {
      // A float literal for an integer element converts only when it is finite and in range
      // (the conversion of anything else is undefined).
      if (x.kind != Attr::Kind::integer && !(dv >= -0x1p63 && dv < 0x1p63))
        return error("dense literal " + std::to_string(dv) + " does not fit " +
                     std::string(dtype_mlir_name(t.dtype)));
      int64_t iv = x.kind == Attr::Kind::integer ? x.i : static_cast<int64_t>(dv);
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
      if (tok_.text == "array") {
        consume();
        return parse_dense_array(a);
      }
      if (tok_.text == "affine_map" || tok_.text == "affine_set" || tok_.text == "strided") {
        // Builtin attributes this IR does not model: kept by their spelling.
        std::string text = tok_.text, body;
        if (!lex_.eat_char('<')) return error("expected '<' after '" + text + "'");
        if (!lex_.scan_angle_body(body)) return error("unbalanced '<' in " + text);
        a = Attr::opaque_attr(text + "<" + body + ">");
        consume();
        return true;
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
    case Tok::hash_id: {
      if (auto it = attr_aliases_.find(tok_.text); it != attr_aliases_.end()) {
        a = it->second;
        consume();
        return true;
      }
      // `#dialect.name` or `#dialect.name<...>`: a dialect attribute, kept by its spelling.
      // A name without a dialect prefix can only be an alias, and this one is not defined.
      const std::string head = tok_.text.substr(0, tok_.text.find('<'));
      if (head.find('.') == std::string::npos)
        return error("undefined attribute alias '#" + tok_.text + "'");
      a = Attr::opaque_attr("#" + tok_.text);
      consume();
      return true;
    }
    default:
      return error("expected an attribute value");
  }
}

bool Parser::parse_dense_array(Attr& a) {
  // The body is lexed as tokens: `<`, the element type, then `: v, v, ...` unless empty.
  if (!expect(Tok::less, "'<' after array")) return false;
  Location tloc = tok_.loc;
  Type et;
  if (!parse_type(et)) return false;
  if (et.kind != ir::TypeKind::scalar || et.dtype == DType::index || et.dtype == DType::i4 ||
      (dtype_is_float(et.dtype) && et.dtype != DType::f32 && et.dtype != DType::f64)) {
    diag_.error(tloc, "array<...> holds i1, i8, i16, i32, i64, f32 or f64 elements, not " +
                          ir::to_string(et));
    failed_ = true;
    return false;
  }
  std::vector<Attr> values;
  if (accept(Tok::colon)) {
    do {
      Attr v;
      if (at(Tok::bare_id) && (tok_.text == "true" || tok_.text == "false")) {
        if (et.dtype != DType::i1) return error("true/false only in array<i1: ...>");
        v = Attr::boolean_attr(tok_.text == "true");
        consume();
      } else {
        const bool neg = accept(Tok::minus);
        if (!at(Tok::integer) && !at(Tok::floating)) return error("expected an array element");
        if (!parse_number_attr(v, neg)) return false;
        if (dtype_is_float(et.dtype)) {
          v = Attr::float_attr(v.as_double(), et.dtype);
        } else {
          if (v.kind != Attr::Kind::integer) return error("float element in an integer array");
          const int bits = dtype_bits(et.dtype);
          if (bits < 64 && (v.i < -(int64_t{1} << (bits - 1)) || v.i >= (int64_t{1} << bits)))
            return error("array element " + std::to_string(v.i) + " does not fit " +
                         ir::to_string(et));
          v = Attr::integer_attr(v.i, et.dtype);
        }
      }
      values.push_back(std::move(v));
      if (values.size() > (size_t{1} << 24)) return error("array<...> has too many elements");
    } while (accept(Tok::comma));
  }
  if (!expect(Tok::greater, "'>' closing array<...>")) return false;
  a = Attr::dense_array_attr(et.dtype, std::move(values));
  return true;
}

bool Parser::parse_alias_def() {
  const bool is_type = at(Tok::excl_id);
  std::string name = tok_.text;
  Location loc = tok_.loc;
  if (name.find('<') != std::string::npos) return error("an alias name cannot have '<...>'");
  consume();
  if (!expect(Tok::equal, "'=' after the alias name")) return false;
  if (is_type ? type_aliases_.count(name) != 0 : attr_aliases_.count(name) != 0) {
    diag_.error(loc, "redefinition of alias '" + std::string(is_type ? "" : "#") + name + "'");
    failed_ = true;
    return false;
  }
  if (is_type) {
    Type t;
    if (!parse_type(t)) return false;
    type_aliases_.emplace(std::move(name), std::move(t));
  } else {
    Attr v;
    if (!parse_attr(v)) return false;
    attr_aliases_.emplace(std::move(name), std::move(v));
  }
  return true;
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

}  // namespace tessera::text::detail
