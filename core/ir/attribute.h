// IR attributes: the MLIR attribute forms Tessera uses (scalars, strings, arrays, dicts, dense).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/ir/type.h"

namespace tessera::ir {

/// One attribute value. A plain struct with a kind tag: cheap to read, simple to print.
struct Attr {
  enum class Kind : uint8_t {
    unit,         ///< `unit` or a bare key in a dict.
    boolean,      ///< true / false
    integer,      ///< 5 : i64 (type defaults to i64)
    floating,     ///< 1.5 : f32 (type defaults to f64)
    string,       ///< "text"
    type,         ///< a type used as a value, e.g. `to = f32`
    array,        ///< [a, b, ...]
    dict,         ///< {k = v, ...}
    dense,        ///< dense<...> : tensor<...>; raw little-endian element bytes in `data`
    symbol,       ///< @name
    func_type,    ///< (T, T) -> T: elems[0] = inputs (array of type attrs), elems[1] = results
    dense_array,  ///< array<i32: 1, 2>: `type` is the scalar element type, elems the values
    opaque,       ///< #dialect.name<...> or affine_map<...>: kept as canonical text in `s`
  };
  Kind kind = Kind::unit;
  bool b = false;
  int64_t i = 0;
  double f = 0.0;
  std::string s;  ///< string text or symbol name
  Type type;      ///< integer/floating element type, the type value, or the dense tensor type
  std::vector<Attr> elems;                         ///< array
  std::vector<std::pair<std::string, Attr>> dict;  ///< dict, kept sorted by key
  std::vector<std::byte> data;                     ///< dense storage (C order)

  // Special members are defined in attribute.cpp: implicit ones would make clang instantiate
  // std::pair<std::string, Attr> (in `dict`) while Attr is still incomplete, with libstdc++.
  Attr();
  ~Attr();
  Attr(const Attr&);
  Attr(Attr&&) noexcept;
  Attr& operator=(const Attr&);
  Attr& operator=(Attr&&) noexcept;

  static Attr unit_attr();
  static Attr boolean_attr(bool v);
  static Attr integer_attr(int64_t v, DType t = DType::i64);
  static Attr float_attr(double v, DType t = DType::f64);
  static Attr string_attr(std::string v);
  static Attr type_attr(Type t);
  static Attr array_attr(std::vector<Attr> v);
  static Attr symbol_attr(std::string v);
  static Attr func_type_attr(const std::vector<Type>& ins, const std::vector<Type>& outs);
  /// array<T: v, ...>: each value an integer (or boolean for i1) or float attribute of type T.
  static Attr dense_array_attr(DType t, std::vector<Attr> values);
  /// An attribute this IR does not model, kept by its spelling (canonical_spelling applied).
  static Attr opaque_attr(std::string spelling);

  bool is_int() const { return kind == Kind::integer; }
  bool is_number() const { return kind == Kind::integer || kind == Kind::floating; }
  double as_double() const { return kind == Kind::integer ? static_cast<double>(i) : f; }
  /// For arrays (`[1, 2]`) and integer dense arrays (`array<i64: 1, 2>`) of integers: the
  /// values, or nullopt if any element is not an integer.
  std::optional<std::vector<int64_t>> as_int_array() const;
  /// Dict lookup (nullptr if absent or not a dict).
  const Attr* get(std::string_view key) const;
  bool operator==(const Attr& o) const;
};

/// Attribute dictionary of an op: sorted by name, unique keys.
class AttrDict {
 public:
  const Attr* get(std::string_view name) const;
  void set(std::string name, Attr value);
  bool erase(std::string_view name);
  const std::vector<std::pair<std::string, Attr>>& entries() const { return entries_; }
  bool empty() const { return entries_.empty(); }

  /// Typed getters with defaults for optional attributes.
  int64_t get_int(std::string_view name, int64_t dflt) const;
  double get_float(std::string_view name, double dflt) const;
  bool get_bool(std::string_view name, bool dflt) const;
  std::string get_string(std::string_view name, std::string dflt) const;

 private:
  std::vector<std::pair<std::string, Attr>> entries_;
};

/// MLIR spelling of an attribute value.
std::string to_string(const Attr& a);

/// The canonical spelling of an opaque type or attribute (`!d.t< a , b >`, `#d.a<x>`): white
/// space is dropped except one blank between two identifier characters and one after each
/// comma; string literals are kept verbatim. Two spellings that differ only in white space get
/// the same canonical form, so opaque types and attributes compare structurally.
std::string canonical_spelling(std::string_view text);

/// Prints a float so that it reads back to the same double and is valid MLIR (always has a
/// `.`; uses hex notation for NaN/Inf).
std::string format_float(double v, DType t);

}  // namespace tessera::ir
