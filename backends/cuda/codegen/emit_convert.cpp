// The conversions of the storage-only scalars (docs/ops/tile/scalar.md, "Conversions"), per lane:
// each a call of device/convert.h's tsr::cvt, core/numerics' convert_bits, with the op's options.
#include "backends/cuda/codegen/emitter.h"
#include "core/numerics/convert_pack.h"
#include "core/ops/policy.h"

namespace tessera::cuda {
namespace {

bool narrow(DType d) { return dtype_is_low_precision_float(d); }

std::string num(DType d) { return std::to_string(static_cast<int>(d)); }

const char* uint_type(DType d) {
  switch (d) {
    case DType::u8:
    case DType::i8:
      return "tsr::u8";
    case DType::u16:
    case DType::i16:
      return "tsr::u16";
    case DType::u32:
    case DType::i32:
      return "tsr::u32";
    default:
      return "tsr::u64";
  }
}

const char* int_type(DType d) {
  switch (d) {
    case DType::i8:
      return "tsr::i8";
    case DType::i16:
      return "tsr::i16";
    case DType::i32:
      return "tsr::i32";
    default:
      return "tsr::i64";
  }
}

/// The register value of storage bits `call` of type `rt`.
std::string value_of(const std::string& call, DType rt) {
  if (rt == DType::f32) return "tsr::f32_of(" + call + ")";
  if (rt == DType::f64) return "tsr::f64_of(" + call + ")";
  if (narrow(rt)) return "tsr::narrow_value(" + num(rt) + ", " + call + ")";
  return std::string(uint_type(rt)) + "(" + call + ")";
}

}  // namespace

std::string convert_expr(const ir::Op& o, const std::string& x, DType d, DType rt) {
  const std::string& n = o.name;
  const std::string opts = std::to_string(num::pack_options(ops::read_policy(o).convert));
  auto cvt = [&](DType from, const std::string& bits) {
    return value_of("tsr::cvt(" + num(from) + ", " + bits + ", " + num(rt) + ", " + opts + ")", rt);
  };
  const std::string fbits =
      d == DType::f64 ? "tsr::bits_f64(" + x + ")" : "tsr::bits_f32(" + x + ")";
  if (n == "arith.extf" &&
      narrow(d))  // the register's pattern, converted (NaNs as the interpreter)
    return cvt(d, "tsr::narrow_bits(" + num(d) + ", " + x + ")");
  // f32 -> bf16 / f16 with the default options: device/narrow.h's integer form of convert_bits
  // (round to nearest even, subnormals kept, overflow to Inf, the ocp NaN rules), no intrinsic.
  const bool plain = num::pack_options(ops::read_policy(o).convert) == 0;
  if (n == "arith.truncf" && d == DType::f32 && plain && rt == DType::bf16)
    return "tsr::nar::bf16_value(tsr::nar::bf16_cvt(" + x + "))";
  if (n == "arith.truncf" && d == DType::f32 && plain && rt == DType::f16)
    return "tsr::nar::f16_value(tsr::nar::f16_cvt(" + x + "))";
  if (n == "arith.truncf" && (narrow(rt) || o.attrs.get("numeric_policy")))
    return cvt(d == DType::f64 ? DType::f64 : DType::f32, fbits);
  if (n == "arith.sitofp" &&
      (narrow(rt) || o.attrs.get("numeric_policy"))) {  // i1 true is -1 (MLIR's signed view)
    const std::string v = d == DType::i1 ? "tsr::s1(" + x + ")" : x;
    return cvt(DType::i64, "tsr::u64(tsr::i64(" + v + "))");
  }
  if (n == "arith.uitofp") return cvt(DType::u64, "tsr::u64(" + x + ")");
  if (n == "arith.fptoui") return cvt(d == DType::f64 ? DType::f64 : DType::f32, fbits);
  if (n == "arith.index_castui") {
    if (d == DType::index) {  // keep the result's low bits
      if (rt == DType::i1) return "((" + x + " & 1) != 0)";
      return std::string(dtype_is_unsigned(rt) ? uint_type(rt) : int_type(rt)) + "(" + x + ")";
    }
    if (d == DType::i1) return "tsr::i64(" + x + ")";
    return "tsr::i64(" + std::string(uint_type(d)) + "(" + x + "))";  // zero-extend
  }
  return "";
}

}  // namespace tessera::cuda
