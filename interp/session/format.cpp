// Human-readable printing of tensors for `--print`.
#include "interp/session/format.h"

#include <cstdio>
#include <cstring>
#include <vector>

#include "core/numerics/convert_array.h"

namespace tessera::interp {

namespace {

/// Element k of an integer tensor, exactly (as text: u64 does not fit in int64).
std::string integer_text(const Tensor& t, int64_t k) {
  const std::byte* p = t.bytes();
  auto load = [&](auto v) {
    std::memcpy(&v, p + k * static_cast<int64_t>(sizeof v), sizeof v);
    return std::to_string(v);
  };
  switch (t.dtype()) {
    case DType::i4: {
      auto byte = static_cast<uint8_t>(p[k / 2]);
      int v = (k % 2 == 0) ? (byte & 0xF) : (byte >> 4);
      return std::to_string(v >= 8 ? v - 16 : v);
    }
    case DType::i1:
      return static_cast<uint8_t>(p[k]) ? "1" : "0";
    case DType::i8:
      return std::to_string(static_cast<int>(static_cast<int8_t>(p[k])));
    case DType::u8:
      return std::to_string(static_cast<unsigned>(p[k]));
    case DType::i16:
      return load(int16_t{});
    case DType::u16:
      return load(uint16_t{});
    case DType::i32:
      return load(int32_t{});
    case DType::u32:
      return load(uint32_t{});
    case DType::u64:
      return load(uint64_t{});
    default:  // i64, index
      return load(int64_t{});
  }
}

}  // namespace

std::string format_tensor(const std::string& name, const Tensor& t, int64_t max_elems) {
  std::string out = name + ": " + ir::to_string(t.type()) + "\n";
  int64_t n = t.numel();
  int64_t shown = std::min(n, max_elems);
  const DType d = t.dtype();
  const bool integer = dtype_is_int(d);
  std::vector<double> vals(integer ? 0 : static_cast<size_t>(shown));
  if (shown > 0 && !integer)
    num::convert_array(d, t.bytes(), DType::f64, vals.data(), static_cast<size_t>(shown), {});
  // Floats: enough digits to read the value back (f64 needs 17, the others at most 9).
  const char* fmt = d == DType::f64 ? "%.17g" : "%.9g";
  auto strides = interp::row_major_strides(t.shape());
  for (int64_t k = 0; k < shown; ++k) {
    // Open brackets at the start of each row of every rank.
    for (size_t dim = 0; dim < strides.size(); ++dim)
      if (k % (strides[dim] * t.shape()[dim]) == 0) out += "[";
    if (integer) {
      out += integer_text(t, k);
    } else {
      char buf[40];
      std::snprintf(buf, sizeof buf, fmt, vals[static_cast<size_t>(k)]);
      out += buf;
    }
    int closes = 0;
    for (size_t dim = 0; dim < strides.size(); ++dim)
      if ((k + 1) % (strides[dim] * t.shape()[dim]) == 0) ++closes;
    out.append(static_cast<size_t>(closes), ']');
    if (k + 1 < shown) out += closes ? (closes > 1 ? ",\n\n" : ",\n") : ", ";
  }
  if (shown < n) out += ", ... (" + std::to_string(n - shown) + " more)";
  out += "\n";
  return out;
}

}  // namespace tessera::interp
