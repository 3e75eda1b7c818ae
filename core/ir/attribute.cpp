// IR attributes: constructors, lookup and MLIR printing.
#include "core/ir/attribute.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>

namespace tessera::ir {

Attr::Attr() = default;
Attr::~Attr() = default;
Attr::Attr(const Attr&) = default;
Attr::Attr(Attr&&) noexcept = default;
Attr& Attr::operator=(const Attr&) = default;
Attr& Attr::operator=(Attr&&) noexcept = default;

Attr Attr::unit_attr() { return Attr{}; }

Attr Attr::boolean_attr(bool v) {
  Attr a;
  a.kind = Kind::boolean;
  a.b = v;
  return a;
}
Attr Attr::integer_attr(int64_t v, DType t) {
  Attr a;
  a.kind = Kind::integer;
  a.i = v;
  a.type = Type::scalar(t);
  return a;
}
Attr Attr::float_attr(double v, DType t) {
  Attr a;
  a.kind = Kind::floating;
  a.f = v;
  a.type = Type::scalar(t);
  return a;
}
Attr Attr::string_attr(std::string v) {
  Attr a;
  a.kind = Kind::string;
  a.s = std::move(v);
  return a;
}
Attr Attr::type_attr(Type t) {
  Attr a;
  a.kind = Kind::type;
  a.type = std::move(t);
  return a;
}
Attr Attr::array_attr(std::vector<Attr> v) {
  Attr a;
  a.kind = Kind::array;
  a.elems = std::move(v);
  return a;
}
Attr Attr::symbol_attr(std::string v) {
  Attr a;
  a.kind = Kind::symbol;
  a.s = std::move(v);
  return a;
}

Attr Attr::func_type_attr(const std::vector<Type>& ins, const std::vector<Type>& outs) {
  Attr a;
  a.kind = Kind::func_type;
  std::vector<Attr> i, o;
  for (const Type& t : ins) i.push_back(type_attr(t));
  for (const Type& t : outs) o.push_back(type_attr(t));
  a.elems = {array_attr(std::move(i)), array_attr(std::move(o))};
  return a;
}

Attr Attr::dense_array_attr(DType t, std::vector<Attr> values) {
  Attr a;
  a.kind = Kind::dense_array;
  a.type = Type::scalar(t);
  a.elems = std::move(values);
  return a;
}

Attr Attr::opaque_attr(std::string spelling) {
  Attr a;
  a.kind = Kind::opaque;
  a.s = canonical_spelling(spelling);
  return a;
}

std::string canonical_spelling(std::string_view text) {
  auto id_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$';
  };
  std::string out;
  bool blank = false;  // white space seen since the last character kept
  for (size_t k = 0; k < text.size(); ++k) {
    const char c = text[k];
    if (std::isspace(static_cast<unsigned char>(c))) {
      blank = true;
      continue;
    }
    if (blank && !out.empty() && id_char(out.back()) && id_char(c)) out += ' ';
    blank = false;
    if (c == '"') {  // a string literal, escapes included, verbatim
      out += c;
      for (++k; k < text.size() && text[k] != '"'; ++k) {
        out += text[k];
        if (text[k] == '\\' && k + 1 < text.size()) out += text[++k];
      }
      if (k < text.size()) out += '"';
      continue;
    }
    out += c;
    if (c == ',') out += ' ';
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::optional<std::vector<int64_t>> Attr::as_int_array() const {
  if (kind == Kind::dense_array && dtype_is_float(type.dtype)) return std::nullopt;
  if (kind != Kind::array && kind != Kind::dense_array) return std::nullopt;
  std::vector<int64_t> out;
  for (const Attr& e : elems) {
    if (e.kind != Kind::integer) return std::nullopt;
    out.push_back(e.i);
  }
  return out;
}

const Attr* Attr::get(std::string_view key) const {
  if (kind != Kind::dict) return nullptr;
  for (auto& [k, v] : dict)
    if (k == key) return &v;
  return nullptr;
}

bool Attr::operator==(const Attr& o) const {
  if (kind != o.kind) return false;
  switch (kind) {
    case Kind::unit:
      return true;
    case Kind::boolean:
      return b == o.b;
    case Kind::integer:
      return i == o.i && type == o.type;
    case Kind::floating:
      return std::bit_cast<uint64_t>(f) == std::bit_cast<uint64_t>(o.f) && type == o.type;
    case Kind::string:
    case Kind::symbol:
    case Kind::opaque:
      return s == o.s;
    case Kind::dense_array:
      return type == o.type && elems == o.elems;
    case Kind::type:
      return type == o.type;
    case Kind::array:
    case Kind::func_type:
      return elems == o.elems;
    case Kind::dict:
      return dict == o.dict;
    case Kind::dense:
      return type == o.type && data == o.data;
  }
  return false;
}

const Attr* AttrDict::get(std::string_view name) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), name,
                             [](const auto& e, std::string_view n) { return e.first < n; });
  return it != entries_.end() && it->first == name ? &it->second : nullptr;
}

void AttrDict::set(std::string name, Attr value) {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), name,
                             [](const auto& e, const std::string& n) { return e.first < n; });
  if (it != entries_.end() && it->first == name)
    it->second = std::move(value);
  else
    entries_.insert(it, {std::move(name), std::move(value)});
}

bool AttrDict::erase(std::string_view name) {
  for (auto it = entries_.begin(); it != entries_.end(); ++it)
    if (it->first == name) {
      entries_.erase(it);
      return true;
    }
  return false;
}

int64_t AttrDict::get_int(std::string_view name, int64_t dflt) const {
  const Attr* a = get(name);
  return a && a->kind == Attr::Kind::integer ? a->i : dflt;
}
double AttrDict::get_float(std::string_view name, double dflt) const {
  const Attr* a = get(name);
  return a && a->is_number() ? a->as_double() : dflt;
}
bool AttrDict::get_bool(std::string_view name, bool dflt) const {
  const Attr* a = get(name);
  if (!a) return dflt;
  if (a->kind == Attr::Kind::unit) return true;
  return a->kind == Attr::Kind::boolean ? a->b : dflt;
}
std::string AttrDict::get_string(std::string_view name, std::string dflt) const {
  const Attr* a = get(name);
  return a && a->kind == Attr::Kind::string ? a->s : dflt;
}

static void append_escaped(std::string& out, const std::string& s) {
  out += '"';
  static const char* kHex = "0123456789ABCDEF";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c < 0x20 || c >= 0x7f) {
      out += '\\';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

std::string format_float(double v, DType t) {
  if (!std::isfinite(v)) {
    // MLIR reads hex integer literals as the float's bit pattern.
    char buf[32];
    if (t == DType::f32) {
      auto bits = std::bit_cast<uint32_t>(static_cast<float>(v));
      std::snprintf(buf, sizeof buf, "0x%08X", bits);
    } else {
      std::snprintf(buf, sizeof buf, "0x%016llX",
                    static_cast<unsigned long long>(std::bit_cast<uint64_t>(v)));
    }
    return buf;
  }
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string s(buf, res.ptr);
  auto e = s.find('e');
  if (s.find('.') == std::string::npos) s.insert(e, ".0");
  return s;
}

static void print_attr(std::string& out, const Attr& a);

static void print_dense(std::string& out, const Attr& a) {
  out += "dense<\"0x";
  static const char* kHex = "0123456789ABCDEF";
  for (std::byte by : a.data) {
    auto c = static_cast<unsigned>(by);
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
  out += "\"> : " + to_string(a.type);
}

static void print_attr(std::string& out, const Attr& a) {
  switch (a.kind) {
    case Attr::Kind::unit:
      out += "unit";
      break;
    case Attr::Kind::boolean:
      out += a.b ? "true" : "false";
      break;
    case Attr::Kind::integer:
      out += std::to_string(a.i);
      if (a.type.dtype != DType::i64) out += std::string(" : ") + to_string(a.type);
      break;
    case Attr::Kind::floating:
      out += format_float(a.f, a.type.dtype);
      // A non-finite value prints as a hex bit pattern, which reads back as an integer unless
      // its float type follows.
      if (a.type.dtype != DType::f64 || !std::isfinite(a.f))
        out += std::string(" : ") + to_string(a.type);
      break;
    case Attr::Kind::string:
      append_escaped(out, a.s);
      break;
    case Attr::Kind::symbol:
      out += "@" + a.s;
      break;
    case Attr::Kind::type:
      out += to_string(a.type);
      break;
    case Attr::Kind::array:
      out += '[';
      for (size_t k = 0; k < a.elems.size(); ++k) {
        if (k) out += ", ";
        print_attr(out, a.elems[k]);
      }
      out += ']';
      break;
    case Attr::Kind::dict:
      out += '{';
      for (size_t k = 0; k < a.dict.size(); ++k) {
        if (k) out += ", ";
        out += a.dict[k].first;
        if (a.dict[k].second.kind != Attr::Kind::unit) {
          out += " = ";
          print_attr(out, a.dict[k].second);
        }
      }
      out += '}';
      break;
    case Attr::Kind::dense:
      print_dense(out, a);
      break;
    case Attr::Kind::dense_array:
      out += "array<" + to_string(a.type);
      for (size_t k = 0; k < a.elems.size(); ++k) {
        out += k ? ", " : ": ";
        const Attr& e = a.elems[k];
        if (e.kind == Attr::Kind::floating)
          out += format_float(e.f, a.type.dtype);
        else if (e.kind == Attr::Kind::boolean)
          out += e.b ? "true" : "false";
        else
          out += std::to_string(e.i);
      }
      out += '>';
      break;
    case Attr::Kind::opaque:
      out += a.s;
      break;
    case Attr::Kind::func_type: {
      out += '(';
      const auto& ins = a.elems[0].elems;
      for (size_t k = 0; k < ins.size(); ++k) out += (k ? ", " : "") + to_string(ins[k].type);
      out += ") -> ";
      const auto& outs = a.elems[1].elems;
      bool paren = outs.size() != 1 || outs[0].type.kind == TypeKind::none;
      if (paren) out += '(';
      for (size_t k = 0; k < outs.size(); ++k) out += (k ? ", " : "") + to_string(outs[k].type);
      if (paren) out += ')';
      break;
    }
  }
}

std::string to_string(const Attr& a) {
  std::string out;
  print_attr(out, a);
  return out;
}

}  // namespace tessera::ir
