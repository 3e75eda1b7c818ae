// TextEmit: the emitter of the shared scalar step templates (schedule_to_tile_erfc.h,
// schedule_to_tile_exp64.h) into kernel text (scalar_text::Text), for the kernel builders that
// write text by name (fused_epilogue's gelu, the f64 softmax, cross_entropy, ... kernels).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/transforms/schedule_to_tile_exp64.h"
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

/// The spec's exp and log of a value of type `t`, as the Graph IR kernels' num::spec_exp and
/// spec_log: f32 tile.exp / tile.log (expf, logf), f64 the steps of exp64 / log64.
struct SpecMath {
  scalar_text::Text& k;
  DType t;
  std::string exp(const std::string& v) const {
    TextEmit e{k};
    return t == DType::f64 ? exp64_emit(v, e) : k.un("tile.exp", v, t, t);
  }
  std::string log(const std::string& v) const {
    TextEmit e{k};
    return t == DType::f64 ? log64_emit(v, e) : k.un("tile.log", v, t, t);
  }
};

/// `v` rounded to `t` (f32) or kept (f64): a Graph IR kernel's T(v) as a constant's value.
inline double as_type(double v, DType t) {
  return t == DType::f32 ? static_cast<double>(static_cast<float>(v)) : v;
}

}  // namespace tessera::transforms
