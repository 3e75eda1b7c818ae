// Verifier helpers of the `train` family (core/ops/train_util.h).
#include "core/ops/train_util.h"

#include <cmath>
#include <cstdio>

namespace tessera::ops::train {

bool shapes_match(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  if (a.size() != b.size()) return false;
  for (size_t d = 0; d < a.size(); ++d)
    if (a[d] != b[d] && a[d] != ir::kDynamic && b[d] != ir::kDynamic) return false;
  return true;
}

bool same_float_group(InferCtx& ctx, size_t first, size_t count, const char* what,
                      const char* label) {
  for (size_t k = first; k < first + count; ++k)
    if (!require_float(ctx, k, label)) return false;
  const ir::Type& p = ctx.operands[first];
  if (p.dtype == DType::tf32) return ctx.fail("element type tf32 is not supported", label);
  for (size_t k = first + 1; k < first + count; ++k) {
    const ir::Type& o = ctx.operands[k];
    if (o.dtype != p.dtype || !shapes_match(o.shape, p.shape))
      return ctx.fail(std::string(what) + " must have one type and shape: operand #" +
                          std::to_string(k) + " is " + ir::to_string(o) + ", operand #" +
                          std::to_string(first) + " " + ir::to_string(p),
                      label);
  }
  return true;
}

std::optional<std::string> reduction_attr(InferCtx& ctx, bool allow_none, const char* label) {
  const ir::Attr* r = ctx.attr("reduction");
  if (!r) return std::string("mean");
  if (r->kind == ir::Attr::Kind::string &&
      (r->s == "mean" || r->s == "sum" || (allow_none && r->s == "none")))
    return r->s;
  ctx.fail(std::string("attribute 'reduction' must be ") +
               (allow_none ? "\"none\", \"mean\" or \"sum\"" : "\"mean\" or \"sum\"") + ", got " +
               ir::to_string(*r),
           label);
  return std::nullopt;
}

std::optional<double> number_attr(InferCtx& ctx, const char* name, double dflt, double lo,
                                  bool lo_open, double hi, bool hi_open, const char* label) {
  const ir::Attr* a = ctx.attr(name);
  if (!a) return dflt;
  const double v = a->is_number() ? a->as_double() : std::nan("");
  const bool ok = std::isfinite(v) && (lo_open ? v > lo : v >= lo) && (hi_open ? v < hi : v <= hi);
  if (ok) return v;
  auto num = [](double b) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", b);
    return std::string(buf);
  };
  ctx.fail(std::string("attribute '") + name + "' must be a finite number in " +
               (lo_open ? "(" : "[") + num(lo) + ", " + num(hi) + (hi_open ? ")" : "]") + ", got " +
               (a->is_number() ? num(v) : ir::to_string(*a)),
           label);
  return std::nullopt;
}

std::optional<int64_t> int_attr(InferCtx& ctx, const char* name, int64_t dflt, const char* label) {
  const ir::Attr* a = ctx.attr(name);
  if (!a) return dflt;
  if (a->kind == ir::Attr::Kind::integer) return a->i;
  ctx.fail(std::string("attribute '") + name + "' must be an integer, got " + ir::to_string(*a),
           label);
  return std::nullopt;
}

}  // namespace tessera::ops::train
