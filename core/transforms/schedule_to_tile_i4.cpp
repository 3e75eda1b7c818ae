// tessera.cast from or to i4 (docs/ops/schedule/lowering.md, "Casts"): Tile IR memory holds no
// i4 (mem_c1), so the kernel binds the i4 tensor as its packed bytes (a memref<?xi8> of
// ceil(n / 2) bytes, two elements per byte, low nibble first: launch_c3, core/ops/packed_i4.h)
// and one group handles one byte, both of its elements, with the rules of num::convert_bits
// (core/numerics/convert.h):
// - to i4 from a float: truncation toward zero, saturation at [-8, 7], NaN -> 0: arith.fptosi
//   to i64 (toward zero, NaN 0, saturating at the i64 range; narrow floats widened exactly to f32
//   first), then maxsi / minsi; from a signed integer: the low four bits (int_to_int wraps);
//   the byte is (hi << 4) | (lo & 15), an odd count's last high nibble 0;
// - from i4: the byte sign-extended to index, lo = (b << 60) >> 60 and hi = b >> 4 (shrsi), to
//   a float by sitofp (every value in [-8, 7] is exact in the formats taken here, so no rounding
//   and no numeric policy option changes it) or to a signed integer by index_cast (sign
//   extension, exact).
#include "core/transforms/schedule_to_tile_i4.h"

#include "core/ops/packed_i4.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using namespace scalar_text;
constexpr DType kX = DType::index;

bool signed_int(DType t) {
  return t == DType::i8 || t == DType::i16 || t == DType::i32 || t == DType::i64;
}

// Float formats that hold every integer in [-8, 7] exactly (f4E2M1FN does not: 5, 7).
bool exact_float(DType t) {
  return t == DType::f32 || t == DType::f64 || t == DType::bf16 || t == DType::f16 ||
         t == DType::f8e4m3 || t == DType::f8e5m2 || t == DType::f6e2m3 || t == DType::f6e3m2;
}

bool any_float(DType t) { return t == DType::f32 || t == DType::f64 || narrow(t); }

// Element i of %in0 (of type `from`) as its i4 value in an index: saturated for floats, any
// sign-extended integer otherwise (only its low four bits are kept).
std::string nibble(Text& t, DType from, const std::string& i) {
  const std::string v = t.load("%in0", from, i);
  if (signed_int(from)) return t.un("arith.index_cast", v, from, kX);
  const DType w = from == DType::f64 ? DType::f64 : DType::f32;
  const std::string q = t.un("arith.fptosi", t.convert(v, from, w), w, DType::i64);
  const std::string x = t.un("arith.index_cast", q, DType::i64, kX);
  return t.idx("arith.minsi", t.idx("arith.maxsi", x, t.icst(-8)), t.icst(7));
}

std::string to_i4(const std::string& name, DType from, int64_t n) {
  Text t;
  t.k << "  func.func @" << name << "(%in0: memref<?x" << ty(from) << ">, %out: memref<?xi8>) {\n"
      << "    %g = tile.group_id {dim = 0} : index\n";
  const std::string two = t.icst(2), lo_i = t.idx("arith.muli", "%g", two);
  const std::string hi_i = t.idx("arith.addi", lo_i, t.icst(1)), last = t.icst(n - 1);
  const std::string lo = nibble(t, from, lo_i);
  const std::string hi_v = nibble(t, from, t.idx("arith.minsi", hi_i, last));
  const std::string hi = t.select(t.cmp(hi_i, last, "sle", kX), hi_v, t.icst(0), kX);
  const std::string byte =
      t.idx("arith.ori", t.idx("arith.shli", hi, t.icst(4)), t.idx("arith.andi", lo, t.icst(15)));
  t.store_at(t.un("arith.index_cast", byte, kX, DType::i8), DType::i8, "%out", "memref<?xi8>",
             "%g");
  t.k << "    return\n  }\n";
  return t.k.str();
}

// An i4 value held in an index as `to`.
std::string from_nibble(Text& t, const std::string& v, DType to) {
  if (signed_int(to)) return t.un("arith.index_cast", v, kX, to);
  return t.un("arith.sitofp", t.un("arith.index_cast", v, kX, DType::i64), DType::i64, to);
}

std::string from_i4(const std::string& name, DType to, int64_t n) {
  Text t;
  t.k << header(name, {DType::i8}, to);
  const std::string b = t.un("arith.index_cast", t.load("%in0", DType::i8, "%g"), DType::i8, kX);
  const std::string lo = t.idx("arith.shrsi", t.idx("arith.shli", b, t.icst(60)), t.icst(60));
  const std::string hi = t.idx("arith.shrsi", b, t.icst(4));
  const std::string lo_i = t.idx("arith.muli", "%g", t.icst(2));
  t.store(from_nibble(t, lo, to), to, lo_i, "%c0");
  const std::string hi_i = t.idx("arith.addi", lo_i, "%c1");
  t.when(t.cmp(hi_i, t.icst(n), "slt", kX),
         [&] { t.store(from_nibble(t, hi, to), to, hi_i, "%c0"); });
  t.k << "    return\n  }\n";
  return t.k.str();
}

}  // namespace

std::optional<ScalarKernel> plan_i4_cast(const ir::Op& group, const ir::Op& callee,
                                         const std::string& name) {
  const auto& ops = callee.regions[0].front().ops;
  if (ops.size() != 2 || ops[0]->name != "tessera.cast" || group.operands.size() != 1 ||
      group.num_results() != 1 || ops[0]->operands[0] != callee.regions[0].front().args[0].get())
    return std::nullopt;
  const ir::Type &in = group.operands[0]->type, &out = group.result(0)->type;
  if (in.dtype != DType::i4 && out.dtype != DType::i4) return std::nullopt;
  auto stay = [&](const std::string& why) {
    return ScalarKernel::stay("no exact scalar lowering for a cast from " + ty(in.dtype) + " to " +
                              ty(out.dtype) + ": " + why);
  };
  if (!in.is_tensor() || !out.is_tensor() || !in.has_static_shape() || !out.has_static_shape())
    return stay("not a static shape");
  const std::optional<int64_t> n = in.num_elements();
  if (!n || *n == 0) return stay("an empty tensor or too many elements");
  if (*n > (int64_t{1} << 32)) return stay("over 2^32 elements (2^31 groups of two)");
  ScalarKernel k;
  k.grid = {ops::packed_i4_bytes(*n)};
  k.flat = {*n};
  if (out.dtype == DType::i4) {
    if (in.dtype == DType::i4) return stay("a copy (no conversion)");
    if (!signed_int(in.dtype) && !any_float(in.dtype))
      return stay("the source is neither a float nor a signed integer of 8 to 64 bits");
    k.kernel = to_i4(name, in.dtype, *n);
    k.out_2d = {*n};
  } else {
    if (!signed_int(out.dtype) && !exact_float(out.dtype))
      return stay(
          "the result is neither a float that holds [-8, 7] exactly nor a signed "
          "integer of 8 to 64 bits");
    k.kernel = from_i4(name, out.dtype, *n);
    k.out_2d = {*n, 1};
  }
  return k;
}

}  // namespace tessera::transforms
