// Verifier hooks of Tile IR's float and unsigned conversions: arith.extf, truncf, sitofp (to a
// narrow float), uitofp, fptoui, index_castui (docs/ops/tile/scalar.md, "Conversions").
#include "core/ops/policy.h"
#include "core/ops/tile_util.h"
#include "core/support/error.h"

namespace tessera::ops {
namespace {

using namespace tile;

bool is_unsigned_scalar(const ir::Type& t) {
  return t.is_scalar() && (t.dtype == DType::u8 || t.dtype == DType::u16 || t.dtype == DType::u32 ||
                           t.dtype == DType::u64);
}
bool is_wide_float(const ir::Type& t) {
  return t.is_scalar() && (t.dtype == DType::f32 || t.dtype == DType::f64);
}
bool is_narrow_scalar(const ir::Type& t) { return t.is_scalar() && is_narrow_float(t.dtype); }
/// A fixed-width signed integer scalar (i1..i64, not index).
bool is_signed_scalar(const ir::Type& t) {
  return is_scalar_reg(t) && dtype_is_int(t.dtype) && t.dtype != DType::index;
}

/// arith_c8: a `numeric_policy` on a conversion that rounds to a float holds only `rounding`
/// (not stochastic: a lowered kernel has no Philox stream of its own), `saturate`, `profile` and
/// `denorm`, with docs/numerics.md's meanings; ops that do not round take none.
bool check_policy(InferCtx& ctx, bool rounds) {
  const ir::Attr* pol = ctx.attr("numeric_policy");
  if (!pol) return true;
  if (!rounds)
    return ctx.fail(ctx.op.name + " takes no numeric_policy here (it does not round to a float)",
                    "arith_c8");
  try {
    if (read_policy(ctx.op).convert.rounding == num::RoundingMode::kStochastic)
      return ctx.fail("numeric_policy: stochastic rounding is not available on " + ctx.op.name,
                      "arith_c8");
  } catch (const Error& e) {
    return ctx.fail(e.what(), "arith_c8");
  }
  for (const auto& [k, v] : pol->dict)
    if (k != "rounding" && k != "saturate" && k != "profile" && k != "denorm")
      return ctx.fail("numeric_policy field '" + k + "' has no meaning for " + ctx.op.name +
                          " (allowed: rounding, saturate, profile, denorm)",
                      "arith_c8");
  return true;
}

bool done(InferCtx& ctx, bool ok, const char* label, const std::string& rule, bool rounds) {
  ctx.result_label = label;
  const ir::Type& a = ctx.operands[0];
  const ir::Type& r = ctx.declared[0];
  if (!ok)
    return ctx.fail("cannot convert " + ir::to_string(a) + " to " + ir::to_string(r) + " (" +
                        ctx.op.name + " " + rule + ")",
                    label);
  if (!check_policy(ctx, rounds)) return false;
  ctx.results = {r};
  return true;
}

}  // namespace

/// arith_c7: extf widens exactly: f32 to f64, or a narrow float to f32 or f64.
bool infer_ArithExtF(InferCtx& ctx) {
  const ir::Type &a = ctx.operands[0], &r = ctx.declared[0];
  const bool ok = (a == ir::Type::scalar(DType::f32) && r == ir::Type::scalar(DType::f64)) ||
                  (is_narrow_scalar(a) && is_wide_float(r));
  return done(ctx, ok, "arith_c7",
              "takes an f32 scalar to f64, or a narrow float scalar to f32 or f64", false);
}

/// arith_c7: truncf rounds once: f64 to f32, or f32 or f64 to a narrow float.
bool infer_ArithTruncF(InferCtx& ctx) {
  const ir::Type &a = ctx.operands[0], &r = ctx.declared[0];
  const bool ok = (a == ir::Type::scalar(DType::f64) && r == ir::Type::scalar(DType::f32)) ||
                  (is_wide_float(a) && is_narrow_scalar(r));
  return done(ctx, ok, "arith_c7",
              "takes an f64 scalar to f32, or an f32 or f64 scalar to a narrow float", true);
}

/// arith_c6 for sitofp to a narrow float, or with a numeric_policy (the other f32/f64 results
/// are tile_scalar.cpp's infer_cast).
bool infer_sitofp_narrow(InferCtx& ctx) {
  const ir::Type& r = ctx.declared[0];
  const bool ok = is_signed_scalar(ctx.operands[0]) && (is_narrow_scalar(r) || is_wide_float(r));
  return done(ctx, ok, "arith_c6", "takes a fixed-width integer scalar to a float", true);
}

/// arith_c6: uitofp reads an unsigned scalar (ui8..ui64) and rounds it once to a float.
bool infer_ArithUIToFP(InferCtx& ctx) {
  const ir::Type& r = ctx.declared[0];
  const bool ok = is_unsigned_scalar(ctx.operands[0]) && (is_wide_float(r) || is_narrow_scalar(r));
  return done(ctx, ok, "arith_c6", "takes an unsigned integer scalar to a float", true);
}

/// arith_c6: fptoui truncates an f32 or f64 scalar toward zero into an unsigned scalar,
/// saturating (negatives and NaN give 0).
bool infer_ArithFPToUI(InferCtx& ctx) {
  const bool ok = is_wide_float(ctx.operands[0]) && is_unsigned_scalar(ctx.declared[0]);
  return done(ctx, ok, "arith_c6", "takes an f32 or f64 scalar to an unsigned integer", false);
}

/// arith_c6: index_castui between index and an integer (unsigned or fixed-width), exactly one
/// side index: the source zero-extends, the result keeps its low bits.
bool infer_ArithIndexCastUI(InferCtx& ctx) {
  const ir::Type &a = ctx.operands[0], &r = ctx.declared[0];
  auto integer = [](const ir::Type& t) { return is_unsigned_scalar(t) || is_signed_scalar(t); };
  const bool ok = (is_index(a) && integer(r)) || (integer(a) && is_index(r));
  return done(ctx, ok, "arith_c6", "needs index on exactly one side and an integer on the other",
              false);
}

}  // namespace tessera::ops
