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

namespace {
/// Upstream's dim names: result dim d is the operand dim whose name is out[d].
std::optional<std::vector<int64_t>> perm_from_names(const ir::Attr& in, const ir::Attr& out,
                                                    int64_t rank, std::string* why) {
  auto fail = [&](const std::string& m) -> std::optional<std::vector<int64_t>> {
    if (why) *why = m;
    return std::nullopt;
  };
  if (in.kind != ir::Attr::Kind::array || out.kind != ir::Attr::Kind::array)
    return fail("tessera.dim_names_in / dim_names_out must be arrays of strings");
  if (static_cast<int64_t>(in.elems.size()) != rank || out.elems.size() != in.elems.size())
    return fail("tessera.dim_names_in / dim_names_out must name each of the " +
                std::to_string(rank) + " dims once");
  std::vector<int64_t> perm;
  for (const ir::Attr& o : out.elems) {
    int64_t found = -1;
    for (size_t k = 0; k < in.elems.size(); ++k)
      if (in.elems[k].kind == ir::Attr::Kind::string && o.kind == ir::Attr::Kind::string &&
          in.elems[k].s == o.s) {
        if (found >= 0) return fail("dim name \"" + o.s + "\" appears twice in dim_names_in");
        found = static_cast<int64_t>(k);
      }
    if (found < 0) return fail("dim name \"" + o.s + "\" of dim_names_out is not in dim_names_in");
    perm.push_back(found);
  }
  return perm;
}
}  // namespace

std::optional<std::vector<int64_t>> transpose_perm(const ir::Op& op, int64_t rank,
                                                   std::string* why) {
  if (const ir::Attr* p = op.attrs.get("perm")) {
    auto v = p->as_int_array();
    if (!v && why) *why = "'perm' must be an array of integers";
    return v;
  }
  if (op.name != "tessera.transpose") {
    if (why) *why = "needs attribute 'perm' (an array of integers)";
    return std::nullopt;
  }
  const ir::Attr* in = op.attrs.get("tessera.dim_names_in");
  const ir::Attr* out = op.attrs.get("tessera.dim_names_out");
  if (in && out) return perm_from_names(*in, *out, rank, why);
  return reversed_dims(rank);
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
