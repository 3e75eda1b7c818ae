// Scalar elementwise chains: out[g, c] = f(in_0[...], in_1[...], ...) with one scalar load per
// operand, the chain's arith ops on scalar registers (one rounding per op, in the element type)
// and one scalar store (docs/ops/schedule/lowering.md, "Scalar chains").
#include "core/transforms/schedule_to_tile_scalar.h"

#include "core/numerics/tanhf.h"
#include "core/ops/policy.h"
#include "core/transforms/schedule_to_tile_activation.h"
#include "core/transforms/schedule_to_tile_erfc.h"
#include "core/transforms/schedule_to_tile_exp64.h"
#include "core/transforms/schedule_to_tile_silu64.h"
#include "core/transforms/schedule_to_tile_tanh64.h"

#include <bit>
#include <limits>
#include <optional>
#include <sstream>
#include <string_view>
#include <tuple>
#include <unordered_map>

namespace tessera::transforms {

namespace {

constexpr int kZero = -2;   // a scalar 0 of the chain's type (relu)
constexpr int kConst = -3;  // kConst - k: the chain's constant k (casts)

struct Const {
  DType type;
  std::string literal;  // the arith.constant value, without its type
};

struct Step {
  const char* op;
  std::vector<int> in;
  DType type;
  const char* pred = "";
  bool rounds =
      false;  // a rounding conversion (truncf, sitofp, uitofp to a float): the cast's policy
  std::string attrs = "";  // extra attributes, printed as they are (a numeric_policy)
};

// One Graph IR op on scalars of type `t` (a select's branches' type): the arith op with the
// Graph IR kernel's rounding (f64: one IEEE rounding per op; integers wrap to the width).
bool scalar_step(std::string_view op, DType t, const std::vector<int>& in,
                 std::vector<Step>& steps) {
  const bool fl = t == DType::f64 || t == DType::f32;
  constexpr std::tuple<std::string_view, const char*, const char*> kBin[] = {
      {"tessera.add", "arith.addf", "arith.addi"},
      {"tessera.sub", "arith.subf", "arith.subi"},
      {"tessera.mul", "arith.mulf", "arith.muli"},
      {"tessera.div", "arith.divf", nullptr},
      {"tessera.max", "arith.maximumf", "arith.maxsi"},
      {"tessera.min", "arith.minimumf", "arith.minsi"},
  };
  for (const auto& [g, f, i] : kBin)
    if (op == g) {
      const char* a = fl ? f : i;
      return a && (steps.push_back({a, in, t}), true);
    }
  constexpr std::tuple<std::string_view, const char*, const char*> kCmp[] = {
      {"tessera.cmp_eq", "oeq", "eq"},  {"tessera.cmp_ne", "une", "ne"},
      {"tessera.cmp_lt", "olt", "slt"}, {"tessera.cmp_le", "ole", "sle"},
      {"tessera.cmp_gt", "ogt", "sgt"}, {"tessera.cmp_ge", "oge", "sge"},
  };
  for (const auto& [g, f, i] : kCmp)
    if (op == g)
      return steps.push_back({fl ? "arith.cmpf" : "arith.cmpi", in, DType::i1, fl ? f : i}), true;
  if (op == "tessera.select") return steps.push_back({"arith.select", in, t}), true;
  if (fl && op == "tessera.neg") return steps.push_back({"arith.negf", in, t}), true;
  // relu: maximumf(x, +0) gives +0 for -0 and negatives and keeps NaN (tessera.relu).
  if (fl && op == "tessera.relu")
    return steps.push_back({"arith.maximumf", {in[0], kZero}, t}), true;
  return false;
}

bool int_type(DType t) {
  return t == DType::i8 || t == DType::i16 || t == DType::i32 || t == DType::i64;
}
bool float_type(DType t) { return t == DType::f32 || t == DType::f64; }
bool uint_type(DType t) {
  return t == DType::u8 || t == DType::u16 || t == DType::u32 || t == DType::u64;
}
bool narrow_type(DType t) { return dtype_is_low_precision_float(t); }  // bf16 .. e8m0

// tessera.cast from `a` to `b` on scalars (docs/numerics.md, "Integer rules"; num::convert_array),
// appended to `steps`; false when Tile IR has no exact lowering. `v` is the operand's id, step k's
// result has id base + k; the cast's result is the last step's (or `v` itself for a cast to its
// own type: `same` is set). Narrow floats widen exactly to f32 first; unsigned integers go to
// the others through index (zero-extended); the one rounding step (truncf, sitofp, uitofp) is
// marked `rounds` and later takes the cast's numeric_policy.
bool cast_steps(DType a, DType b, int v, int base, std::vector<Step>& steps,
                std::vector<Const>& consts, bool& same) {
  auto prev = [&] { return base + static_cast<int>(steps.size()) - 1; };  // the last step's id
  auto cst = [&](DType t, std::string lit) {
    consts.push_back({t, std::move(lit)});
    return kConst - static_cast<int>(consts.size() - 1);
  };
  auto step = [&](const char* op, std::vector<int> in, DType t, bool rounds = false) {
    steps.push_back({op, std::move(in), t, "", rounds, {}});
    v = prev();
    a = t;
  };
  same = a == b;
  if (same) return true;
  if (narrow_type(a)) {  // exact: every narrow float is an f32 (and an f64)
    step("arith.extf", {v}, b == DType::f64 ? DType::f64 : DType::f32);
    if (a == b) return true;
  }
  if (uint_type(a)) {
    if (float_type(b) || narrow_type(b)) return step("arith.uitofp", {v}, b, true), true;
    step("arith.index_castui", {v}, DType::index);  // zero-extends
    if (b == DType::index) return true;
    if (b == DType::i1)  // != 0
      return steps.push_back({"arith.cmpi", {v, cst(DType::index, "0")}, DType::i1, "ne"}), true;
    if (!uint_type(b)) return step("arith.index_cast", {v}, b), true;  // keeps the low bits
  }
  if (a == DType::index && b != DType::index && !uint_type(b))  // the signed 64-bit value
    step("arith.index_cast", {v}, DType::i64);
  if (uint_type(b)) {
    // fptoui truncates toward zero and saturates (NaN and negatives: 0), the integer rules.
    if (float_type(a)) return step("arith.fptoui", {v}, b), true;
    if (a == DType::i1)
      step("arith.select", {v, cst(DType::i64, "1"), cst(DType::i64, "0")}, DType::i64);
    if (a != DType::index) step("arith.index_cast", {v}, DType::index);
    return step("arith.index_castui", {v}, b), true;  // keeps the low bits
  }
  if (narrow_type(b)) {
    if (a ==
        DType::i1)  // 1 or 0 (exact in every narrow format but e8m0, which rounds as cast does)
      step("arith.select", {v, cst(DType::f32, "1.0"), cst(DType::f32, "0.0")}, DType::f32);
    if (float_type(a)) return step("arith.truncf", {v}, b, true), true;
    if (int_type(a)) return step("arith.sitofp", {v}, b, true), true;
    return false;
  }
  if (b == DType::index) {  // through i64
    bool s = false;
    if (a != DType::i64 && !cast_steps(a, DType::i64, v, base, steps, consts, s)) return false;
    if (!s) v = prev();
    steps.push_back({"arith.index_cast", {v}, DType::index});
    return true;
  }
  if (a == DType::i1 && (int_type(b) || float_type(b))) {  // true -> 1, false -> 0
    const bool fl = float_type(b);
    steps.push_back({"arith.select", {v, cst(b, fl ? "1.0" : "1"), cst(b, fl ? "0.0" : "0")}, b});
    return true;
  }
  if (int_type(a) && b == DType::i1)  // != 0
    return steps.push_back({"arith.cmpi", {v, cst(a, "0")}, DType::i1, "ne"}), true;
  if (float_type(a) && b == DType::i1)  // any non-zero value, NaN included: unordered or !=
    return steps.push_back({"arith.cmpf", {v, cst(a, "0.0")}, DType::i1, "une"}), true;
  if (int_type(a) && int_type(b)) {  // wrap: sign-extend to index, keep b's low bits
    steps.push_back({"arith.index_cast", {v}, DType::index});
    steps.push_back({"arith.index_cast", {prev()}, b});
    return true;
  }
  if (a == DType::f32 && b == DType::f64)  // exact
    return steps.push_back({"arith.extf", {v}, b}), true;
  if (a == DType::f64 && b == DType::f32)  // one RNE rounding, overflow to Inf
    return steps.push_back({"arith.truncf", {v}, b, "", true}), true;
  if (int_type(a) && float_type(b))  // the nearest float (RNE), one rounding
    return steps.push_back({"arith.sitofp", {v}, b, "", true}), true;
  if (float_type(a) && int_type(b)) {
    // Truncate toward zero, saturate, NaN -> 0. Target IR's fptosi refuses NaN and values beyond
    // the i64 range, so those are selected away first (2^63 is exact in f32 and f64), then a
    // narrower b saturates by clamping the i64 value before keeping its low bits.
    const int x = v;
    steps.push_back({"arith.cmpf", {x, x}, DType::i1, "une"});  // NaN
    const int nan = prev();
    steps.push_back({"arith.cmpf", {x, cst(a, "9223372036854775808.0")}, DType::i1, "oge"});
    const int big = prev();
    steps.push_back({"arith.cmpf", {x, cst(a, "-9223372036854775808.0")}, DType::i1, "olt"});
    const int small = prev();
    steps.push_back({"arith.ori", {big, small}, DType::i1});
    steps.push_back({"arith.ori", {prev(), nan}, DType::i1});
    steps.push_back({"arith.select", {prev(), cst(a, "0.0"), x}, a});
    steps.push_back({"arith.fptosi", {prev()}, DType::i64});
    steps.push_back(
        {"arith.select", {big, cst(DType::i64, "9223372036854775807"), prev()}, DType::i64});
    steps.push_back(
        {"arith.select", {small, cst(DType::i64, "-9223372036854775808"), prev()}, DType::i64});
    if (b == DType::i64) return true;
    const int64_t bits = b == DType::i8 ? 8 : b == DType::i16 ? 16 : 32;
    const int64_t hi = (int64_t(1) << (bits - 1)) - 1, lo = -hi - 1;
    steps.push_back({"arith.maxsi", {prev(), cst(DType::i64, std::to_string(lo))}, DType::i64});
    steps.push_back({"arith.minsi", {prev(), cst(DType::i64, std::to_string(hi))}, DType::i64});
    steps.push_back({"arith.index_cast", {prev()}, DType::index});
    steps.push_back({"arith.index_cast", {prev()}, b});
    return true;
  }
  return false;
}

// num::tanhf of the f32 value `x` (core/numerics/tanhf.h, docs/numerics.md "tanh"), its steps
// in their order: tanhf_main, then the special cases as selects (|x| < 2^-12: x; NaN: x + x),
// where the Graph IR function returns early with the same results. Step k's id is base + k.
void tanh_steps(int x, std::vector<Step>& steps, std::vector<Const>& consts, int base) {
  constexpr DType kF = DType::f32, kD = DType::f64, kI = DType::i64;
  auto op = [&](const char* name, std::vector<int> in, DType t, const char* pred = "") {
    steps.push_back({name, std::move(in), t, pred});
    return base + static_cast<int>(steps.size()) - 1;
  };
  auto cst = [&](double v, DType t) {
    consts.push_back(
        {t, t == kI ? std::to_string(static_cast<int64_t>(v)) : ir::format_float(v, t)});
    return kConst - static_cast<int>(consts.size() - 1);
  };
  const int xd = op("arith.extf", {x}, kD);
  const int neg = op("arith.cmpf", {xd, cst(0.0, kD)}, DType::i1, "olt");
  const int a0 = op("arith.select", {neg, op("arith.negf", {xd}, kD), xd}, kD);
  const int clamp = cst(num::kTanhClamp, kD);
  const int a =
      op("arith.select", {op("arith.cmpf", {a0, clamp}, DType::i1, "ole"), a0, clamp}, kD);
  const int y = op("arith.mulf", {cst(2.0, kD), a}, kD);
  const int shift = cst(num::kTanhShift, kD);
  const int yk =
      op("arith.addf", {op("arith.mulf", {y, cst(num::kTanhInvLn2, kD)}, kD), shift}, kD);
  const int kd = op("arith.subf", {yk, shift}, kD);
  const int hi = op("arith.subf", {y, op("arith.mulf", {kd, cst(num::kTanhLn2Hi, kD)}, kD)}, kD);
  const int r = op("arith.subf", {hi, op("arith.mulf", {kd, cst(num::kTanhLn2Lo, kD)}, kD)}, kD);
  int q = cst(num::kTanhC[12], kD);
  for (int i = 11; i >= 0; --i)
    q = op("arith.addf", {op("arith.mulf", {q, r}, kD), cst(num::kTanhC[i], kD)}, kD);
  const int er = op("arith.mulf", {r, q}, kD);
  const int pw = op("arith.shli", {cst(1, kI), op("arith.fptosi", {kd}, kI)}, kI);
  const int p = op("arith.sitofp", {pw}, kD);
  const int per = op("arith.mulf", {p, er}, kD);
  const int em = op("arith.addf", {per, op("arith.subf", {p, cst(1.0, kD)}, kD)}, kD);
  const int t = op("arith.divf", {em, op("arith.addf", {em, cst(2.0, kD)}, kD)}, kD);
  const int tf = op("arith.truncf", {t}, kF);
  const int xneg = op("arith.cmpf", {x, cst(0.0, kF)}, DType::i1, "olt");
  const int signed_t = op("arith.select", {xneg, op("arith.negf", {tf}, kF), tf}, kF);
  const int above = op("arith.cmpf", {x, cst(-num::kTanhSmall, kF)}, DType::i1, "ogt");
  const int below = op("arith.cmpf", {x, cst(num::kTanhSmall, kF)}, DType::i1, "olt");
  const int small = op("arith.andi", {above, below}, DType::i1);
  const int res = op("arith.select", {small, x, signed_t}, kF);
  const int nan = op("arith.cmpf", {x, x}, DType::i1, "une");  // true for NaN only
  op("arith.select", {nan, op("arith.addf", {x, x}, kF), res}, kF);
}

// The emitter of the shared step templates (schedule_to_tile_erfc.h, _exp64.h) into a chain:
// step k's id is base + k, constant k's id kConst - k.
struct ChainEmit {
  std::vector<Step>& steps;
  std::vector<Const>& consts;
  int base;
  int op(const char* name, std::vector<int> args, DType, DType t, const char* pred = "") {
    steps.push_back({name, std::move(args), t, pred});
    return base + static_cast<int>(steps.size()) - 1;
  }
  int cst(double v, DType t) {
    consts.push_back(
        {t, t == DType::i64 ? std::to_string(static_cast<int64_t>(v)) : ir::format_float(v, t)});
    return kConst - static_cast<int>(consts.size() - 1);
  }
};

// gelu with approximate = none on an f32 scalar: gelu_erf_emit (schedule_to_tile_erfc.h), the
// Graph IR kernel's steps around the spec's erfcf. Step k's id is base + k.
bool gelu_erf_step(const ir::Op& o, const std::vector<int>& in, std::vector<Step>& steps,
                   std::vector<Const>& consts, int base) {
  if (o.name != "tessera.gelu" || o.attrs.get_string("approximate", "none") == "tanh") return false;
  ChainEmit e{steps, consts, base};
  gelu_erf_emit(in[0], e);
  return true;
}

// pow on f32 (a narrow float's widened value) or f64 scalars: the spec's pow64
// (schedule_to_tile_exp64.h), for f32 on the widened operands, rounded back once (num::spec_pow).
bool pow_step(std::string_view op, DType t, const std::vector<int>& in, std::vector<Step>& steps,
              std::vector<Const>& consts, int base) {
  if (op != "tessera.pow" || (t != DType::f32 && t != DType::f64)) return false;
  ChainEmit e{steps, consts, base};
  if (t == DType::f64) return pow64_emit(in[0], in[1], e), true;
  const int x = e.op("arith.extf", {in[0]}, DType::f32, DType::f64);
  const int y = e.op("arith.extf", {in[1]}, DType::f32, DType::f64);
  const int r = pow64_emit(x, y, e);
  e.op("arith.truncf", {r}, DType::f64, DType::f32);
  return true;
}

// exp, log, tanh, sigmoid, silu, gelu and silu_mul on f64 scalars: the Graph IR kernels'
// formulas around the spec's exp64 / log64 (schedule_to_tile_exp64.h, _silu64.h), tanh64 and
// erfc64 (gelu's erf form; schedule_to_tile_tanh64.h).
bool f64_math_step(const ir::Op& o, const std::vector<int>& in, std::vector<Step>& steps,
                   std::vector<Const>& consts, int base) {
  ChainEmit e{steps, consts, base};
  const std::string_view n = o.name;
  if (n == "tessera.exp") return exp64_emit(in[0], e), true;
  if (n == "tessera.log") return log64_emit(in[0], e), true;
  if (n == "tessera.tanh") return tanh64_emit(in[0], e), true;
  if (n == "tessera.gelu" && o.attrs.get_string("approximate", "none") != "tanh")
    return gelu_erf64_emit(in[0], e), true;
  const bool gelu = n == "tessera.gelu" && o.attrs.get_string("approximate", "none") == "tanh";
  if (n != "tessera.sigmoid" && n != "tessera.silu" && n != "tessera.silu_mul" && !gelu)
    return false;
  logistic64_emit(n, in[0], n == "tessera.silu_mul" ? &in[1] : nullptr, e);
  return true;
}

// sqrt, rsqrt, exp, log and tanh on f32 scalars (a narrow float's widened value, or f32 in a
// chain with a cast or a tanh): tile.sqrt/exp/log, the Graph IR kernels' functions (rsqrt: the
// square root, then 1 divided by it, two roundings as tessera.rsqrt; tanh: the spec's tanhf,
// tanh_steps). Step k's id is base + k.
bool f32_math_step(std::string_view op, const std::vector<int>& in, std::vector<Step>& steps,
                   std::vector<Const>& consts, int base) {
  constexpr std::pair<std::string_view, const char*> kOps[] = {
      {"tessera.sqrt", "tile.sqrt"}, {"tessera.exp", "tile.exp"}, {"tessera.log", "tile.log"}};
  for (const auto& [g, t] : kOps)
    if (op == g) return steps.push_back({t, {in[0]}, DType::f32}), true;
  if (op == "tessera.tanh") return tanh_steps(in[0], steps, consts, base), true;
  if (op != "tessera.rsqrt") return false;
  steps.push_back({"tile.sqrt", {in[0]}, DType::f32});
  consts.push_back({DType::f32, "1.0"});
  const int one = kConst - static_cast<int>(consts.size() - 1);
  steps.push_back({"arith.divf", {one, base + static_cast<int>(steps.size()) - 1}, DType::f32});
  return true;
}

// f64 sqrt and rsqrt: tile.sqrt of an f64 scalar (sqrt_c1: correctly rounded, the Graph IR
// kernel's std::sqrt of a double), rsqrt then 1 / it (the kernel's two roundings).
bool f64_root_step(std::string_view op, const std::vector<int>& in, std::vector<Step>& steps,
                   std::vector<Const>& consts, int base) {
  if (op != "tessera.sqrt" && op != "tessera.rsqrt") return false;
  steps.push_back({"tile.sqrt", {in[0]}, DType::f64});
  if (op == "tessera.sqrt") return true;
  consts.push_back({DType::f64, "1.0"});
  const int one = kConst - static_cast<int>(consts.size() - 1);
  steps.push_back({"arith.divf", {one, base + static_cast<int>(steps.size()) - 1}, DType::f64});
  return true;
}

// abs of an f32 or f64 scalar: maximumf(x, -x) (|x|, +0 for -0, NaN kept), the Graph IR
// kernel's std::fabs. Step k's id is base + k.
bool abs_step(std::string_view op, DType t, const std::vector<int>& in, std::vector<Step>& steps,
              int base) {
  if (op != "tessera.abs" || (t != DType::f32 && t != DType::f64)) return false;
  steps.push_back({"arith.negf", {in[0]}, t});
  steps.push_back({"arith.maximumf", {in[0], base + static_cast<int>(steps.size()) - 1}, t});
  return true;
}

// sigmoid, silu, tanh-form gelu and silu_mul on f32 scalars (a narrow float's widened value):
// the f32 steps of schedule_to_tile_activation.cpp, the Graph IR kernels' operations, on scalar
// registers. Step k's id is base + k.
bool activation_step(const ir::Op& o, const std::vector<int>& in, std::vector<Step>& steps,
                     std::vector<Const>& consts, int base) {
  if (o.name != "tessera.sigmoid" && o.name != "tessera.silu" && o.name != "tessera.silu_mul" &&
      o.name != "tessera.gelu")
    return false;
  for (int v : in)
    if (v <= kChainConst) return false;  // (a chain of ~100 constants)
  std::vector<ActivationStep> as;
  std::vector<uint32_t> bits;
  std::string why;
  if (!activation_steps(o, in, base + static_cast<int>(steps.size()), as, bits, why)) return false;
  std::vector<int> id;  // activation constant k -> the chain's constant
  for (uint32_t b : bits) {
    consts.push_back({DType::f32, ir::format_float(std::bit_cast<float>(b), DType::f32)});
    id.push_back(kConst - static_cast<int>(consts.size() - 1));
  }
  for (const ActivationStep& a : as) {
    std::vector<int> ins;
    for (int v : a.in)
      ins.push_back(v <= kChainConst ? id[static_cast<size_t>(kChainConst - v)] : v);
    steps.push_back({a.op, std::move(ins), a.i1 ? DType::i1 : DType::f32, a.pred});
  }
  return true;
}

// An op on unsigned integers held as zero-extended indices: add, sub, mul wrap (the caller keeps
// the low bits), max and min by an unsigned compare and a select, comparisons unsigned.
bool unsigned_step(std::string_view op, const std::vector<int>& in, std::vector<Step>& steps,
                   int base) {
  constexpr std::pair<std::string_view, const char*> kBin[] = {
      {"tessera.add", "arith.addi"}, {"tessera.sub", "arith.subi"}, {"tessera.mul", "arith.muli"}};
  for (const auto& [g, a] : kBin)
    if (op == g) return steps.push_back({a, in, DType::index}), true;
  constexpr std::pair<std::string_view, const char*> kCmp[] = {
      {"tessera.cmp_eq", "eq"},  {"tessera.cmp_ne", "ne"},  {"tessera.cmp_lt", "ult"},
      {"tessera.cmp_le", "ule"}, {"tessera.cmp_gt", "ugt"}, {"tessera.cmp_ge", "uge"}};
  for (const auto& [g, p] : kCmp)
    if (op == g) return steps.push_back({"arith.cmpi", in, DType::i1, p}), true;
  if (op == "tessera.select") return steps.push_back({"arith.select", in, DType::index}), true;
  if (op != "tessera.max" && op != "tessera.min") return false;
  steps.push_back({"arith.cmpi", in, DType::i1, op == "tessera.max" ? "ugt" : "ult"});
  steps.push_back(
      {"arith.select", {base + static_cast<int>(steps.size()) - 1, in[0], in[1]}, DType::index});
  return true;
}

// Why a cast from `a` to `b` has no scalar lowering (appended to the group's reason); for a == b,
// why no scalar chain holds `a` (empty when one does).
std::string cast_reason(DType a, DType b) {
  for (DType t : {a, b}) {
    if (t == DType::i4) return ": Tile IR memory holds no i4 (two elements per byte, mem_c1)";
    if (t == DType::tf32) return ": tf32 is a compute mode, not a Tile IR memory type (mem_c1)";
    if (dtype_is_complex(t)) return std::string(": no Tile IR type holds ") + dtype_mlir_name(t);
  }
  return "";
}

// Why a cast's numeric_policy keeps it from lowering ("" when the cast's last step, a rounding
// conversion, takes the policy as the Graph IR kernel applies it).
std::string policy_reason(const ir::Op& cast, const std::vector<Step>& steps, size_t first) {
  const num::ConvertOptions o = ops::read_policy(cast).convert;
  if (o.rounding == num::RoundingMode::kStochastic)
    return "stochastic rounding (its Philox stream is the Graph IR op's plan step, which no Tile "
           "IR conversion carries)";
  if (o.flush_input_denormals)
    return "a numeric policy that flushes subnormal inputs (the steps before the rounding see "
           "the widened value)";
  if (steps.size() == first || !steps.back().rounds)
    return "a numeric policy on a cast whose last step does not round to a float";
  return "";
}

std::vector<int64_t> strides_of(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;) s[d - 1] = s[d] * shape[d];
  return s;
}

// The input offset each result dim walks for an operand broadcast (numpy) to `out`.
std::vector<int64_t> bcast_steps(const std::vector<int64_t>& in, const std::vector<int64_t>& out) {
  std::vector<int64_t> step(out.size(), 0);
  const std::vector<int64_t> is = strides_of(in);
  const size_t off = out.size() - in.size();
  for (size_t d = 0; d < in.size(); ++d)
    if (in[d] != 1) step[off + d] = is[d];
  return step;
}

// `col_div[i]` > 1: operand i's column index is the result column divided by it (a block's
// scale: dequantize), its leading strides those of its own shape.
std::string kernel_text(const std::string& name, const std::vector<int64_t>& out,
                        const std::vector<const ir::Type*>& ins, const std::vector<Step>& steps,
                        int result, DType zero_type, const std::vector<Const>& consts,
                        const std::vector<int64_t>& col_div = {}) {
  const size_t r = out.size(), n = ins.size();
  std::vector<DType> type;
  for (const ir::Type* t : ins) type.push_back(t->dtype);
  for (const Step& s : steps) type.push_back(s.type);
  auto nm = [&](int v) { return std::string(dtype_mlir_name(type[static_cast<size_t>(v)])); };
  const DType rt = type[static_cast<size_t>(result)];
  std::ostringstream k;
  auto cst = [&](const std::string& ind, const std::string& v, int64_t x) {
    k << ind << v << " = arith.constant {value = " << x << " : index} : index\n";
  };
  k << "  func.func @" << name << "(";
  for (size_t i = 0; i < n; ++i)
    k << "%in" << i << ": memref<?x" << dtype_mlir_name(ins[i]->dtype) << ">, ";
  k << "%out: memref<?x?x" << dtype_mlir_name(rt) << ">) {\n"
    << "    %g = tile.group_id {dim = 0} : index\n";
  cst("    ", "%c0", 0);
  cst("    ", "%c1", 1);
  cst("    ", "%w", out.back());
  k << "    %rest0 = arith.addi %g, %c0 : index\n";
  for (size_t d = r - 1; d-- > 0;) {  // the row's leading indices, innermost first
    const std::string s = std::to_string(d), rest = "%rest" + std::to_string(r - 2 - d);
    cst("    ", "%n" + s, out[d]);
    k << "    %o" << s << " = arith.remsi " << rest << ", %n" << s << " : index\n";
    if (d > 0)
      k << "    %rest" << r - 1 - d << " = arith.divsi " << rest << ", %n" << s << " : index\n";
  }
  std::vector<std::vector<int64_t>> step;
  for (size_t i = 0; i < n; ++i) {
    step.push_back(bcast_steps(ins[i]->shape, out));
    const std::string p = "%x" + std::to_string(i) + "_";
    std::string at = "%c0";
    for (size_t d = 0; d + 1 < r; ++d) {
      const std::string s = std::to_string(d);
      cst("    ", p + "s" + s, step[i][d]);
      k << "    " << p << "p" << s << " = arith.muli %o" << s << ", " << p << "s" << s
        << " : index\n"
        << "    " << p << "at" << s << " = arith.addi " << at << ", " << p << "p" << s
        << " : index\n";
      at = p + "at" + s;
    }
    cst("    ", p + "sl", step[i].back());
    if (i < col_div.size() && col_div[i] > 1) cst("    ", p + "dv", col_div[i]);
    k << "    " << p << "row = arith.addi " << at << ", %c0 : index\n";
  }
  for (size_t i = 0; i < consts.size(); ++i) {
    const std::string t(dtype_mlir_name(consts[i].type));
    k << "    %k" << i << " = arith.constant {value = " << consts[i].literal << " : " << t
      << "} : " << t << "\n";
  }
  if (zero_type != DType::i4)
    k << "    %zero = arith.constant {value = 0.0 : " << dtype_mlir_name(zero_type)
      << "} : " << dtype_mlir_name(zero_type) << "\n";
  k << "    \"scf.for\"(%c0, %w, %c1) ({\n    ^bb0(%c: index):\n";
  for (size_t i = 0; i < n; ++i) {
    const std::string p = "%x" + std::to_string(i) + "_";
    std::string col = "%c";
    if (i < col_div.size() && col_div[i] > 1) {
      k << "      " << p << "cd = arith.divsi %c, " << p << "dv : index\n";
      col = p + "cd";
    }
    k << "      " << p << "q = arith.muli " << col << ", " << p << "sl : index\n"
      << "      " << p << "i = arith.addi " << p << "row, " << p << "q : index\n"
      << "      %v" << i << " = tile.load %in" << i << ", " << p << "i : (memref<?x"
      << nm(static_cast<int>(i)) << ">, index) -> " << nm(static_cast<int>(i)) << "\n";
  }
  for (size_t s = 0; s < steps.size(); ++s) {
    const Step& st = steps[s];
    k << "      %v" << n + s << " = " << st.op << " ";
    auto name_of = [&](int v) {
      return v == kZero    ? std::string("%zero")
             : v <= kConst ? "%k" + std::to_string(kConst - v)
                           : "%v" + std::to_string(v);
    };
    auto type_of = [&](int v) {
      return v == kZero ? std::string(dtype_mlir_name(zero_type))
             : v <= kConst
                 ? std::string(dtype_mlir_name(consts[static_cast<size_t>(kConst - v)].type))
                 : nm(v);
    };
    for (size_t i = 0; i < st.in.size(); ++i) k << (i ? ", " : "") << name_of(st.in[i]);
    if (*st.pred) k << " {predicate = \"" << st.pred << "\"}";
    if (!st.attrs.empty()) k << " {" << st.attrs << "}";
    k << " : (";
    for (size_t i = 0; i < st.in.size(); ++i) k << (i ? ", " : "") << type_of(st.in[i]);
    k << ") -> " << dtype_mlir_name(st.type) << "\n";
  }
  k << "      tile.store %v" << result << ", %out, %g, %c : (" << nm(result) << ", memref<?x?x"
    << nm(result) << ">, index, index) -> ()\n"
    << "      \"scf.yield\"() : () -> ()\n"
    << "    }) : (index, index, index) -> ()\n    return\n  }\n";
  return k.str();
}

}  // namespace

bool scalar_chain_type(DType t) {
  // The narrow floats and unsigned integers are storage-only scalars (docs/ops/tile/scalar.md):
  // loaded, converted and stored; a narrow float's ops compute in f32 and round back.
  return t == DType::f64 || t == DType::i8 || t == DType::i16 || t == DType::i64 ||
         t == DType::index || uint_type(t) || narrow_type(t);
}

bool scalar_value_type(DType t) {
  return scalar_chain_type(t) || t == DType::f32 || t == DType::i32;
}

ScalarChain plan_scalar_chain(const ir::Op& group, const ir::Op& callee, const std::string& name) {
  ScalarChain c;
  auto stay = [&](std::string why) {
    c.kernel.clear();
    c.why = std::move(why);
    return c;
  };
  const ir::Type& out = group.result(0)->type;
  if (!out.is_tensor() || out.rank() < 1 || !out.has_static_shape())
    return stay("not a tensor of static shape");
  std::vector<const ir::Type*> ins;
  for (const ir::Value* v : group.operands) {
    const DType t = v->type.dtype;
    if (!v->type.is_tensor() || !v->type.has_static_shape() ||
        !(scalar_value_type(t) || t == DType::i1))
      return stay(std::string("no scalar chain for ") + dtype_mlir_name(t) + cast_reason(t, t));
    const std::optional<int64_t> count =
        v->type.has_static_shape() ? v->type.num_elements() : std::nullopt;
    if (!count) return stay("too many elements");
    const auto& sh = v->type.shape;
    bool fits = sh.size() <= out.shape.size();
    for (size_t d = 0; fits && d < sh.size(); ++d)
      fits = sh[d] == 1 || sh[d] == out.shape[out.shape.size() - sh.size() + d];
    if (!fits) return stay("an operand does not broadcast to the result");
    int64_t n = 1;
    for (int64_t e : sh) n *= e;
    if (n == 0) return stay("an empty tensor");
    c.in_sizes.push_back(n);
    ins.push_back(&v->type);
  }
  if (!out.num_elements() || *out.num_elements() == 0)
    return stay("an empty tensor or too many elements");
  c.rows = 1;  // <= the element count: no overflow
  for (int64_t d = 0; d + 1 < out.rank(); ++d) c.rows *= out.shape[static_cast<size_t>(d)];
  c.width = out.shape.back();
  if (c.rows == 0 || c.width == 0) return stay("an empty tensor");
  const ir::Block& body = callee.regions[0].front();
  std::unordered_map<const ir::Value*, int> id;
  std::vector<DType> type;
  for (const ir::Type* t : ins) type.push_back(t->dtype);
  for (const auto& a : body.args) id[a.get()] = a->index;
  const int n = static_cast<int>(ins.size());
  std::vector<Step> steps;
  std::vector<Const> consts;
  DType zero = DType::i4;  // none
  for (const auto& o : body.ops) {
    if (o->name == "func.return") {
      const int result = id.at(o->operands[0]);
      c.kernel = kernel_text(name, out.shape, ins, steps, result, zero, consts);
      return c;
    }
    const ir::Attr* policy = o->attrs.get("numeric_policy");
    if (policy && o->name != "tessera.cast") return stay("a numeric policy");
    std::vector<int> in;
    for (const ir::Value* v : o->operands) {
      auto it = id.find(v);
      if (it == id.end()) return stay("an operand from outside the chain");
      in.push_back(it->second);
    }
    // Guards for hand-written Schedule IR: one result, and the operands the steps read.
    const bool select = o->name == "tessera.select";
    if (o->results.size() != 1 || in.size() < (select ? 3u : 1u))
      return stay("no exact scalar lowering for " + o->name);
    const DType t = type[static_cast<size_t>(in[select ? 1 : 0])];
    if (o->name == "tessera.cast") {  // docs/numerics.md, "Integer rules"
      const DType to = o->result(0)->type.dtype;
      bool same = false;
      const size_t first = steps.size();
      if (!(scalar_value_type(t) || t == DType::i1) ||
          !(scalar_value_type(to) || to == DType::i1) ||
          !cast_steps(t, to, in[0], n, steps, consts, same))
        return stay(std::string("no exact scalar lowering for a cast from ") + dtype_mlir_name(t) +
                    " to " + dtype_mlir_name(to) + cast_reason(t, to));
      if (policy) {
        if (std::string why = policy_reason(*o, steps, first); !why.empty()) return stay(why);
        steps.back().attrs = "numeric_policy = " + ir::to_string(*policy);
      }
      for (size_t k = type.size() - static_cast<size_t>(n); k < steps.size(); ++k)
        type.push_back(steps[k].type);
      id[o->result(0)] = same ? in[0] : n + static_cast<int>(steps.size()) - 1;
      continue;
    }
    // A narrow float's op: its operands widen exactly to f32, the op runs in f32 and its float
    // result rounds back once (RNE), as the Graph IR interpreter computes low-precision ops. An
    // unsigned integer's op runs on its zero-extended value as an index (unsigned compares) and
    // its integer result wraps back to the width (index_castui keeps the low bits).
    const bool nf = narrow_type(t), un = uint_type(t);
    const size_t first = steps.size();
    if (nf || un)
      for (int& v : in) {
        if (type[static_cast<size_t>(v)] != t) continue;  // a select's condition
        steps.push_back(
            {nf ? "arith.extf" : "arith.index_castui", {v}, nf ? DType::f32 : DType::index});
        v = n + static_cast<int>(steps.size()) - 1;
      }
    const DType ct = nf ? DType::f32 : un ? DType::index : t;
    const std::string why = "no exact scalar lowering for " + o->name + " on " + dtype_mlir_name(t);
    if (!scalar_value_type(t)) return stay(why);
    if (!(un ? unsigned_step(o->name, in, steps, n)
             : (ct == DType::f32 && (f32_math_step(o->name, in, steps, consts, n) ||
                                     gelu_erf_step(*o, in, steps, consts, n) ||
                                     activation_step(*o, in, steps, consts, n))) ||
                   (ct == DType::f64 && (f64_root_step(o->name, in, steps, consts, n) ||
                                         f64_math_step(*o, in, steps, consts, n))) ||
                   abs_step(o->name, ct, in, steps, n) ||
                   pow_step(o->name, ct, in, steps, consts, n)) &&
        !(!un && scalar_step(o->name, ct, in, steps)))
      return stay(why);
    for (int v : steps.back().in)
      if (v == kZero) {
        if (zero != DType::i4 && zero != ct) return stay("relu on two types in one chain");
        zero = ct;
      }
    if (nf && steps.back().type == DType::f32)
      steps.push_back({"arith.truncf", {n + static_cast<int>(steps.size()) - 1}, t});
    if (un && steps.back().type == DType::index)
      steps.push_back({"arith.index_castui", {n + static_cast<int>(steps.size()) - 1}, t});
    if (steps.back().type != o->result(0)->type.dtype) return stay("internal: result type");
    for (size_t k = first; k < steps.size(); ++k) type.push_back(steps[k].type);
    id[o->result(0)] = n + static_cast<int>(steps.size()) - 1;
  }
  return stay("the group's function does not return");
}

}  // namespace tessera::transforms

namespace tessera::transforms {

ScalarChain plan_dequantize(const ir::Op& group, const ir::Op& callee, const std::string& name) {
  ScalarChain c;
  auto stay = [&](std::string why) {
    c.kernel.clear();
    c.why = std::move(why);
    return c;
  };
  const ir::Block& body = callee.regions[0].front();
  if (body.ops.size() != 2 || body.ops[0]->name != "tessera.dequantize")
    return stay("a group holding more than one tessera.dequantize");
  const ir::Op& op = *body.ops[0];
  const std::string scheme = op.attrs.get_string("scheme", "tensor");
  const ir::Type& q = group.operands[0]->type;
  const ir::Type& out = group.result(0)->type;
  if (!q.has_static_shape() || q.rank() < 1 || out.shape != q.shape ||
      group.operands.size() != (scheme == "nvfp4" ? 3u : 2u))
    return stay("a dequantize of static rank >= 1 (hand-written groups: its operands)");
  for (const ir::Value* v : group.operands)
    if (!v->type.has_static_shape()) return stay("a dequantize of static shapes");
  const std::optional<int64_t> count = q.num_elements();
  if (!count || *count == 0) return stay("an empty tensor or too many elements");
  // docs/ops/graph/quantization.md: every element is value(q) times its scale, in f32 (mx:
  // value(q) * 2^(S - 127) rounded once, and 2^(S - 127) is an exact f32, NaN for S = 0xFF;
  // nvfp4: (value(q) * value(s)) * g, left to right). Each block of B elements of a row shares
  // one scale, at column c / B of the scales' row (the last block may be partial).
  const int64_t block = scheme == "mx" ? 32 : scheme == "nvfp4" ? 16 : 0;
  const int64_t len = q.shape.back();
  const ir::Type& sc = group.operands[1]->type;
  if (block > 0 && (sc.rank() != q.rank() || sc.shape.back() != (len + block - 1) / block))
    return stay("a dequantize whose scales are not one per block of the last dim");
  std::vector<const ir::Type*> ins;
  for (const ir::Value* v : group.operands) {
    const std::optional<int64_t> k = v->type.num_elements();
    if (!k) return stay("too many elements");
    c.in_sizes.push_back(*k);
    ins.push_back(&v->type);
  }
  const std::vector<int64_t> col_div = {1, block > 0 ? block : 1, 1};
  const int n = static_cast<int>(ins.size());
  std::vector<Step> steps = {{"arith.extf", {0}, DType::f32}};  // value(q), exact
  if (block > 0) {
    steps.push_back({"arith.extf", {1}, DType::f32});  // the block's scale, exact
    steps.push_back({"arith.mulf", {n, n + 1}, DType::f32});
  } else {
    steps.push_back({"arith.mulf", {n, 1}, DType::f32});
  }
  if (scheme == "nvfp4") steps.push_back({"arith.mulf", {n + 2, 2}, DType::f32});
  c.rows = *count / len;
  c.width = len;
  c.kernel = kernel_text(name, q.shape, ins, steps, n + static_cast<int>(steps.size()) - 1,
                         DType::i4, {}, col_div);
  return c;
}

}  // namespace tessera::transforms
