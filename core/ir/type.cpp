// IR types: printing, parsing of element names, size arithmetic with overflow checks.
#include "core/ir/type.h"

#include <array>
#include <string>

namespace tessera::ir {

bool Type::has_static_shape() const {
  for (int64_t d : shape)
    if (d == kDynamic) return false;
  return true;
}

std::optional<int64_t> Type::num_elements() const {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0) return std::nullopt;
    if (__builtin_mul_overflow(n, d, &n)) return std::nullopt;
  }
  return n;
}

std::optional<int64_t> Type::byte_size() const {
  auto n = num_elements();
  if (!n) return std::nullopt;
  int bits = dtype_bits(dtype);
  if (bits < 8) return (*n + 1) / 2;
  int64_t bytes = 0;
  if (__builtin_mul_overflow(*n, static_cast<int64_t>(bits / 8), &bytes)) return std::nullopt;
  return bytes;
}

bool types_compatible(const Type& a, const Type& b) {
  if (a.kind != b.kind || a.dtype != b.dtype || a.shape.size() != b.shape.size()) return false;
  if (a.kind == TypeKind::opaque) return a.opaque == b.opaque;
  if (a.kind == TypeKind::memref && a.memspace != b.memspace) return false;
  for (size_t i = 0; i < a.shape.size(); ++i)
    if (a.shape[i] != kDynamic && b.shape[i] != kDynamic && a.shape[i] != b.shape[i]) return false;
  return true;
}

static std::string shaped(const char* head, const Type& t) {
  std::string s = head;
  s += '<';
  for (int64_t d : t.shape) {
    s += d == kDynamic ? std::string("?") : std::to_string(d);
    s += 'x';
  }
  s += dtype_mlir_name(t.dtype);
  if (t.kind == TypeKind::memref && t.memspace != 0) s += ", " + std::to_string(t.memspace);
  s += '>';
  return s;
}

std::string to_string(const Type& t) {
  switch (t.kind) {
    case TypeKind::none:
      return "none";
    case TypeKind::scalar:
      return dtype_mlir_name(t.dtype);
    case TypeKind::tensor:
      return shaped("tensor", t);
    case TypeKind::vector:
      return shaped("vector", t);
    case TypeKind::memref:
      return shaped("memref", t);
    case TypeKind::opaque:
      return t.opaque;
  }
  return "?";
}

std::optional<DType> parse_dtype_name(std::string_view name) {
  if (name.starts_with("complex<")) {  // `complex< f32 >` names complex<f32>
    std::string compact;
    for (char c : name)
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') compact += c;
    if (compact == "complex<f32>") return DType::c64;
    if (compact == "complex<f64>") return DType::c128;
    return std::nullopt;
  }
  for (int i = 0; i < kNumDTypes; ++i) {
    auto d = static_cast<DType>(i);
    if (name == dtype_mlir_name(d)) return d;
  }
  if (name == "si8") return DType::i8;
  if (name == "si16") return DType::i16;
  if (name == "si32") return DType::i32;
  if (name == "si64") return DType::i64;
  return std::nullopt;
}

std::optional<DType> parse_dtype_any(std::string_view name) {
  if (auto d = parse_dtype_name(name)) return d;
  for (int i = 0; i < kNumDTypes; ++i) {
    auto d = static_cast<DType>(i);
    if (name == dtype_short_name(d)) return d;
  }
  // Upstream Tessera's policy spellings (fp32, fp16, ...) and numpy's names.
  static const std::array<std::pair<const char*, DType>, 20> kAliases{
      {{"float32", DType::f32},   {"complex64", DType::c64}, {"complex128", DType::c128},
       {"fp64", DType::f64},      {"fp32", DType::f32},      {"fp16", DType::f16},
       {"int1", DType::i1},       {"float64", DType::f64},   {"float16", DType::f16},
       {"bfloat16", DType::bf16}, {"e4m3", DType::f8e4m3},   {"e5m2", DType::f8e5m2},
       {"e2m3", DType::f6e2m3},   {"e3m2", DType::f6e3m2},   {"e2m1", DType::f4e2m1},
       {"int8", DType::i8},       {"int16", DType::i16},     {"int32", DType::i32},
       {"int64", DType::i64},     {"int4", DType::i4}}};
  for (auto& [n, d] : kAliases)
    if (name == n) return d;
  return std::nullopt;
}

}  // namespace tessera::ir
