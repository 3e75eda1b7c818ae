// Shared helpers for op infer hooks.
#include "core/ops/infer_util.h"

namespace tessera::ops {

std::optional<std::vector<int64_t>> broadcast_shapes(const std::vector<int64_t>& a,
                                                     const std::vector<int64_t>& b) {
  size_t n = std::max(a.size(), b.size());
  std::vector<int64_t> out(n);
  for (size_t k = 0; k < n; ++k) {
    int64_t da = k < n - a.size() ? 1 : a[k - (n - a.size())];
    int64_t db = k < n - b.size() ? 1 : b[k - (n - b.size())];
    if (da == db)
      out[k] = da;
    else if (da == 1)
      out[k] = db;
    else if (db == 1)
      out[k] = da;
    else if (da == ir::kDynamic || db == ir::kDynamic)
      out[k] = ir::kDynamic;
    else
      return std::nullopt;
  }
  return out;
}

bool require_tensor(InferCtx& ctx, size_t k, const char* label) {
  if (ctx.operands[k].is_tensor()) return true;
  return ctx.fail(
      "operand #" + std::to_string(k) + " must be a tensor, got " + ir::to_string(ctx.operands[k]),
      label);
}

bool require_float(InferCtx& ctx, size_t k, const char* label) {
  if (!require_tensor(ctx, k, label)) return false;
  if (dtype_is_float(ctx.operands[k].dtype)) return true;
  return ctx.fail("operand #" + std::to_string(k) + " must have a float element type, got " +
                      ir::to_string(ctx.operands[k]),
                  label);
}

std::optional<std::vector<int64_t>> int_array_attr(InferCtx& ctx, const char* name,
                                                   const char* label, bool& bad) {
  const ir::Attr* a = ctx.attr(name);
  if (!a) return std::nullopt;
  auto v = a->as_int_array();
  if (!v) {
    bad = true;
    ctx.fail(std::string("attribute '") + name + "' must be an array of integers", label);
  }
  return v;
}

std::optional<int64_t> normalize_axis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank) return std::nullopt;
  return axis < 0 ? axis + rank : axis;
}

std::vector<int64_t> reversed_dims(int64_t rank) {
  std::vector<int64_t> p;
  for (int64_t k = rank - 1; k >= 0; --k) p.push_back(k);
  return p;
}

int64_t mul_dims(int64_t a, int64_t b) {
  if (a == ir::kDynamic || b == ir::kDynamic) return ir::kDynamic;
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return ir::kDynamic;
  return r;
}

std::string shape_str(const std::vector<int64_t>& s) {
  std::string out = "[";
  for (size_t k = 0; k < s.size(); ++k) {
    if (k) out += ", ";
    out += s[k] == ir::kDynamic ? "?" : std::to_string(s[k]);
  }
  return out + "]";
}

}  // namespace tessera::ops
