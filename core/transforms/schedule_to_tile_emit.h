// TextEmit: the emitter of the shared scalar step templates (schedule_to_tile_erfc.h,
// schedule_to_tile_exp64.h) into kernel text (scalar_text::Text), for the kernel builders that
// write text by name (fused_epilogue's gelu, the f64 softmax, cross_entropy, ... kernels).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

struct TextEmit {
  scalar_text::Text& t;
  /// One op: `in_t` is the operands' type (a select's value type), `out_t` the result's.
  std::string op(const char* name, std::vector<std::string> in, DType in_t, DType out_t,
                 const char* pred = "") {
    const std::string_view n = name;
    if (n == "arith.select") return t.select(in[0], in[1], in[2], out_t);
    if (n == "arith.cmpf" || n == "arith.cmpi") return t.cmp(in[0], in[1], pred, in_t);
    if (in.size() == 1) return t.un(name, in[0], in_t, out_t);
    return t.bin(name, in[0], in[1], out_t);
  }
  std::string cst(double v, DType type) {
    if (type != DType::i64) return t.fcst(v, type);
    const std::string r = t.fresh();
    t.k << t.ind << r << " = arith.constant {value = " << static_cast<int64_t>(v)
        << " : i64} : i64\n";
    return r;
  }
};

}  // namespace tessera::transforms
