// Human-readable printing of tensors for `--print`.
#include "interp/cli/format.h"

#include <cstdio>
#include <cstring>
#include <vector>

#include "core/numerics/convert_array.h"

namespace tessera::cli {

std::string format_tensor(const std::string& name, const interp::Tensor& t, int64_t max_elems) {
  std::string out = name + ": " + ir::to_string(t.type()) + "\n";
  int64_t n = t.numel();
  int64_t shown = std::min(n, max_elems);
  std::vector<double> vals(static_cast<size_t>(shown));
  if (shown > 0) {
    DType d = t.dtype();
    if (d == DType::i4) {
      for (int64_t k = 0; k < shown; ++k) {
        auto byte = static_cast<uint8_t>(t.bytes()[k / 2]);
        int v = (k % 2 == 0) ? (byte & 0xF) : (byte >> 4);
        vals[static_cast<size_t>(k)] = v >= 8 ? v - 16 : v;
      }
    } else {
      num::convert_array(d, t.bytes(), DType::f64, vals.data(), static_cast<size_t>(shown), {});
    }
  }
  auto strides = interp::row_major_strides(t.shape());
  for (int64_t k = 0; k < shown; ++k) {
    // Open brackets at the start of each row of every rank.
    for (size_t d = 0; d < strides.size(); ++d)
      if (k % (strides[d] * t.shape()[d]) == 0) out += "[";
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", vals[static_cast<size_t>(k)]);
    out += buf;
    int closes = 0;
    for (size_t d = 0; d < strides.size(); ++d)
      if ((k + 1) % (strides[d] * t.shape()[d]) == 0) ++closes;
    out.append(static_cast<size_t>(closes), ']');
    if (k + 1 < shown) out += closes ? (closes > 1 ? ",\n\n" : ",\n") : ", ";
  }
  if (t.rank() == 0 && shown == 1) {
  }
  if (shown < n) out += ", ... (" + std::to_string(n - shown) + " more)";
  out += "\n";
  return out;
}

}  // namespace tessera::cli
