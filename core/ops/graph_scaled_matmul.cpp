// Verifier hook of tessera.scaled_matmul (docs/ops/graph/scaled_matmul.md).
#include "core/ops/scaled_matmul.h"

#include "core/ops/infer_util.h"

namespace tessera::ops {

namespace {

bool dims_match(int64_t a, int64_t b) { return a == b || a == ir::kDynamic || b == ir::kDynamic; }

int64_t ceil_div(int64_t a, int64_t b) {  // b >= 1: no overflow for any a >= 0
  return a == ir::kDynamic ? ir::kDynamic : a / b + (a % b != 0);
}

/// scaled_matmul_c4: the scale layout dictionary; nullopt after a diagnostic.
std::optional<ScaleLayout> check_layout(InferCtx& ctx) {
  const ir::Attr* l = ctx.attr("scale_layout");
  if (!l || l->kind != ir::Attr::Kind::dict) {
    ctx.fail("attribute 'scale_layout' must be a dictionary {granularity, block, format}",
             "scaled_matmul_c4");
    return std::nullopt;
  }
  for (const auto& entry : l->dict)
    if (entry.first != "granularity" && entry.first != "block" && entry.first != "format") {
      ctx.fail("scale_layout has unknown field '" + entry.first + "'", "scaled_matmul_c4");
      return std::nullopt;
    }
  const ir::Attr* g = l->get("granularity");
  if (!g || g->kind != ir::Attr::Kind::string || g->s != "block") {
    ctx.fail("scale_layout granularity must be \"block\"", "scaled_matmul_c4");
    return std::nullopt;
  }
  const ir::Attr* b = l->get("block");
  auto blk = b ? b->as_int_array() : std::nullopt;
  if (!blk || blk->size() != 2 || (*blk)[0] < 1 || (*blk)[1] < 1) {
    ctx.fail("scale_layout block must be [bn, bk] with integers >= 1", "scaled_matmul_c4");
    return std::nullopt;
  }
  const ir::Attr* f = l->get("format");
  if (!f || f->kind != ir::Attr::Kind::string || (f->s != "e8m0" && f->s != "fp32")) {
    ctx.fail("scale_layout format must be \"e8m0\" or \"fp32\"", "scaled_matmul_c4");
    return std::nullopt;
  }
  return ScaleLayout{(*blk)[0], (*blk)[1], f->s == "e8m0"};
}

/// scaled_matmul_c6: the numeric policy asks for what the kernel does (an f32 accumulator,
/// exact per-block scaling).
bool check_policy(InferCtx& ctx) {
  const ir::Attr* p = ctx.attr("numeric_policy");
  if (!p) return true;
  for (const auto& entry : p->dict) {
    const std::string& k = entry.first;
    const ir::Attr& v = entry.second;
    const bool is_str = v.kind == ir::Attr::Kind::string;
    if (k == "accum" && !(is_str && (v.s == "fp32" || v.s == "f32")))
      return ctx.fail("numeric_policy accum must be \"fp32\" (the accumulator is f32)",
                      "scaled_matmul_c6");
    if (k == "execution_mode" && !(is_str && v.s == "exact_per_block"))
      return ctx.fail("numeric_policy execution_mode must be \"exact_per_block\"",
                      "scaled_matmul_c6");
    if (k != "accum" && k != "execution_mode")
      return ctx.fail("numeric_policy field '" + k + "' does not apply to scaled_matmul",
                      "scaled_matmul_c6");
  }
  return true;
}

bool is_operand_format(DType t) {
  return dtype_is_float(t) && t != DType::f64 && t != DType::tf32 && t != DType::e8m0;
}

}  // namespace

ScaleLayout read_scale_layout(const ir::Op& op) {
  ScaleLayout s;
  const ir::Attr* l = op.attrs.get("scale_layout");
  if (!l) return s;
  if (const ir::Attr* b = l->get("block"))
    if (auto v = b->as_int_array(); v && v->size() == 2) {
      s.bn = (*v)[0];
      s.bk = (*v)[1];
    }
  if (const ir::Attr* f = l->get("format")) s.e8m0 = f->s == "e8m0";
  return s;
}

bool infer_ScaledMatmul(InferCtx& ctx) {
  ctx.result_label = "scaled_matmul_c7";
  for (size_t k = 0; k < 4; ++k)
    if (!require_tensor(ctx, k, "scaled_matmul_c1")) return false;
  const ir::Type& a = ctx.operands[0];
  const ir::Type& b = ctx.operands[1];
  // scaled_matmul_c1: a and b hold a float format of at most 32 bits (not tf32 or e8m0).
  if (!is_operand_format(a.dtype) || !is_operand_format(b.dtype))
    return ctx.fail("a and b must hold float formats of at most 32 bits, got " + ir::to_string(a) +
                        " and " + ir::to_string(b),
                    "scaled_matmul_c1");
  // scaled_matmul_c2: ranks and batching.
  const ir::Attr* tb_attr = ctx.attr("transpose_b");
  if (tb_attr && tb_attr->kind != ir::Attr::Kind::boolean)
    return ctx.fail("attribute 'transpose_b' must be true or false", "scaled_matmul_c2");
  const ir::Attr* bat = ctx.attr("batching");
  const std::string batching = bat && bat->kind == ir::Attr::Kind::string ? bat->s : "";
  const size_t ra = a.shape.size(), rb = b.shape.size();
  const bool plain = ra == 2 && rb == 2 && !bat;
  const bool shared = ra == 3 && rb == 2 && batching == "shared_rhs_rows";
  const bool indep = ra == 3 && rb == 3 && batching == "independent_rhs";
  if (!plain && !shared && !indep)
    return ctx.fail(
        "expects a [M, K] with b [K, N] and no batching, a [B, M, K] with b [K, N] and "
        "batching = \"shared_rhs_rows\", or a [B, M, K] with b [B, K, N] and batching "
        "= \"independent_rhs\"; got " +
            ir::to_string(a) + " and " + ir::to_string(b),
        "scaled_matmul_c2");
  if (indep && !dims_match(a.shape[0], b.shape[0]))
    return ctx.fail("batch dims of a and b differ", "scaled_matmul_c2");
  const bool tb = ctx.op.attrs.get_bool("transpose_b", false);
  const int64_t m = a.shape[ra - 2], k = a.shape[ra - 1];
  const int64_t kb = tb ? b.shape[rb - 1] : b.shape[rb - 2];
  const int64_t n = tb ? b.shape[rb - 2] : b.shape[rb - 1];
  // scaled_matmul_c3: contraction dims agree.
  if (!dims_match(k, kb))
    return ctx.fail(
        "contraction dims differ: " + std::to_string(k) + " (a) vs " + std::to_string(kb) + " (b)",
        "scaled_matmul_c3");
  auto layout = check_layout(ctx);
  if (!layout) return false;
  const int64_t kk = k != ir::kDynamic ? k : kb;
  // scaled_matmul_c4: K is a whole number of scale blocks.
  if (kk != ir::kDynamic && kk % layout->bk != 0)
    return ctx.fail("K = " + std::to_string(kk) + " is not a whole number of scale blocks of " +
                        std::to_string(layout->bk),
                    "scaled_matmul_c4");
  // scaled_matmul_c5: scale shapes and storage.
  const int64_t nk = kk == ir::kDynamic ? ir::kDynamic : kk / layout->bk;
  std::vector<int64_t> want_sa = {m, nk}, want_sb = {nk, ceil_div(n, layout->bn)};
  if (ra == 3) want_sa.insert(want_sa.begin(), a.shape[0]);
  if (indep) want_sb.insert(want_sb.begin(), b.shape[0]);
  for (size_t s = 0; s < 2; ++s) {
    const ir::Type& t = ctx.operands[2 + s];
    const auto& want = s == 0 ? want_sa : want_sb;
    bool ok = t.shape.size() == want.size();
    for (size_t d = 0; ok && d < want.size(); ++d) ok = dims_match(t.shape[d], want[d]);
    if (!ok)
      return ctx.fail(std::string(s == 0 ? "a_scale" : "b_scale") + " must be " + shape_str(want) +
                          ", got " + ir::to_string(t),
                      "scaled_matmul_c5");
    const bool storage_ok =
        layout->e8m0 ? (t.dtype == DType::i8 || t.dtype == DType::u8) : t.dtype == DType::f32;
    if (!storage_ok)
      return ctx.fail(std::string(s == 0 ? "a_scale" : "b_scale") +
                          (layout->e8m0 ? " of format e8m0 must be stored as i8 or ui8, got "
                                        : " of format fp32 must be stored as f32, got ") +
                          ir::to_string(t),
                      "scaled_matmul_c5");
  }
  if (!check_policy(ctx)) return false;
  // scaled_matmul_c7: the result is [(B,) M, N] of f32, bf16 or f16 (the declared one).
  DType rt = DType::f32;
  if (!ctx.declared.empty() && ctx.declared[0].kind == ir::TypeKind::tensor) {
    const DType d = ctx.declared[0].dtype;
    if (d != DType::f32 && d != DType::bf16 && d != DType::f16)
      return ctx.fail(
          "the result must hold f32, bf16 or f16, got " + ir::to_string(ctx.declared[0]),
          "scaled_matmul_c7");
    rt = d;
  }
  std::vector<int64_t> out = {m, n};
  if (ra == 3) out.insert(out.begin(), a.shape[0]);
  ctx.results = {ir::Type::tensor(rt, out)};
  return true;
}

}  // namespace tessera::ops
