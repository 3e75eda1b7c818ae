// Verifier hook of tessera.matmul (docs/ops/graph/contractions.md, "matmul").
#include "core/ops/contractions.h"

#include <algorithm>

#include "core/ops/infer_util.h"

namespace tessera::ops {

std::optional<num::AccumModel> accum_model_by_name(const std::string& name, DType accum, DType in) {
  num::AccumModel m;
  m.accum = accum;
  if (name == "sequential") return m;
  if (name == "pairwise") {
    m.kind = num::AccumKind::kPairwise;
    return m;
  }
  struct Named {
    const char* name;
    num::TcArch arch;
  };
  static constexpr Named kTc[] = {
      {"tc_volta", num::TcArch::kVolta},    {"tc_turing", num::TcArch::kTuring},
      {"tc_ampere", num::TcArch::kAmpere},  {"tc_ada", num::TcArch::kAda},
      {"tc_hopper", num::TcArch::kHopper},  {"tc_blackwell", num::TcArch::kBlackwell},
      {"tc_ada_fp8", num::TcArch::kAdaFp8}, {"tc_hopper_fp8", num::TcArch::kHopperFp8},
  };
  for (const Named& t : kTc) {
    if (name != t.name) continue;
    m.kind = num::AccumKind::kTensorCore;
    m.tc = num::tc_model(t.arch, in);
    return m;
  }
  return std::nullopt;
}

DType matmul_accum_type(const ir::Op& op, DType a, DType b) {
  const ir::Attr* pol = op.attrs.get("numeric_policy");
  const ir::Attr* acc = pol ? pol->get("accum") : nullptr;
  if (acc && acc->kind == ir::Attr::Kind::string) {
    if (auto d = ir::parse_dtype_any(acc->s)) return *d;
  }
  return a == DType::f64 || b == DType::f64 ? DType::f64 : DType::f32;
}

bool infer_Matmul(InferCtx& ctx) {
  ctx.result_label = "matmul_c5";
  // matmul_c1: float tensors of rank >= 2.
  for (size_t k = 0; k < 2; ++k) {
    if (!require_float(ctx, k, "matmul_c1")) return false;
    if (ctx.operands[k].rank() < 2)
      return ctx.fail("operand #" + std::to_string(k) + " must have rank >= 2, got " +
                          ir::to_string(ctx.operands[k]),
                      "matmul_c1");
  }
  // matmul_c4: transpose flags are booleans.
  for (const char* name : {"transpose_a", "transpose_b"}) {
    const ir::Attr* t = ctx.attr(name);
    if (t && t->kind != ir::Attr::Kind::boolean)
      return ctx.fail(std::string("attribute '") + name + "' must be true or false", "matmul_c4");
  }
  // matmul_c7: the schedule hints `tile_k` (an integer >= 1) and `layout` ("row_major", the
  // layout of every tensor here) change no value.
  if (const ir::Attr* t = ctx.attr("tile_k"); t && (t->kind != ir::Attr::Kind::integer || t->i < 1))
    return ctx.fail("attribute 'tile_k' must be an integer >= 1", "matmul_c7");
  if (const ir::Attr* l = ctx.attr("layout");
      l && (l->kind != ir::Attr::Kind::string || l->s != "row_major"))
    return ctx.fail("attribute 'layout' must be \"row_major\" (the layout of every tensor here)",
                    "matmul_c7");
  if (const ir::Attr* r = ctx.attr("rhs_storage_order");
      r && (r->kind != ir::Attr::Kind::string || r->s != "row_major"))
    return ctx.fail(
        "attribute 'rhs_storage_order' must be \"row_major\" (a column-major rhs is "
        "transpose_b = true)",
        "matmul_c7");
  const ir::Type& a = ctx.operands[0];
  const ir::Type& b = ctx.operands[1];
  const bool ta = ctx.op.attrs.get_bool("transpose_a", false);
  const bool tb = ctx.op.attrs.get_bool("transpose_b", false);
  const size_t ra = a.shape.size(), rb = b.shape.size();
  const int64_t m = ta ? a.shape[ra - 1] : a.shape[ra - 2];
  const int64_t ka = ta ? a.shape[ra - 2] : a.shape[ra - 1];
  const int64_t kb = tb ? b.shape[rb - 1] : b.shape[rb - 2];
  const int64_t n = tb ? b.shape[rb - 2] : b.shape[rb - 1];
  // matmul_c8: upstream's shape_bounds [M, N, K] bound the extents (checked again with the
  // run-time shapes when the op runs).
  if (const ir::Attr* sb = ctx.attr("shape_bounds")) {
    const auto bounds = sb->as_int_array();
    if (!bounds || bounds->size() != 3 ||
        std::any_of(bounds->begin(), bounds->end(), [](int64_t v) { return v < 1; }))
      return ctx.fail("shape_bounds must be three integers >= 1 [M, N, K]", "matmul_c8");
    const int64_t ext[3] = {m, n, ka != ir::kDynamic ? ka : kb};
    const char* names[3] = {"M", "N", "K"};
    for (int d = 0; d < 3; ++d)
      if (ext[d] != ir::kDynamic && ext[d] > (*bounds)[static_cast<size_t>(d)])
        return ctx.fail(std::string(names[d]) + " = " + std::to_string(ext[d]) +
                            " exceeds its bound " +
                            std::to_string((*bounds)[static_cast<size_t>(d)]) + " in shape_bounds",
                        "matmul_c8");
  }
  // matmul_c2: contraction dims agree.
  if (ka != kb && ka != ir::kDynamic && kb != ir::kDynamic)
    return ctx.fail("contraction dims differ: " + std::to_string(ka) + " (lhs) vs " +
                        std::to_string(kb) + " (rhs)",
                    "matmul_c2");
  // matmul_c3: batch dims broadcast (numpy rules).
  std::vector<int64_t> ba(a.shape.begin(), a.shape.end() - 2);
  std::vector<int64_t> bb(b.shape.begin(), b.shape.end() - 2);
  auto batch = broadcast_shapes(ba, bb);
  if (!batch)
    return ctx.fail("batch dims " + shape_str(ba) + " and " + shape_str(bb) + " do not broadcast",
                    "matmul_c3");
  // matmul_c6: the accumulation policy is one the kernel implements.
  const DType acc = matmul_accum_type(ctx.op, a.dtype, b.dtype);
  std::string model = "sequential";
  if (const ir::Attr* pol = ctx.attr("numeric_policy")) {
    if (const ir::Attr* am = pol->get("accum_model")) {
      if (am->kind != ir::Attr::Kind::string)
        return ctx.fail("numeric_policy field 'accum_model' must be a string", "matmul_c6");
      model = am->s;
    }
    if (const ir::Attr* ac = pol->get("accum");
        ac && (ac->kind != ir::Attr::Kind::string || !ir::parse_dtype_any(ac->s)))
      return ctx.fail("numeric_policy field 'accum' must name a type", "matmul_c6");
  }
  auto am = accum_model_by_name(model, acc, a.dtype);
  if (!am) return ctx.fail("unknown accum_model \"" + model + "\"", "matmul_c6");
  const bool wide_in = a.dtype == DType::f64 || b.dtype == DType::f64;
  if (wide_in && acc != DType::f64)
    return ctx.fail("f64 operands need an f64 accumulator", "matmul_c6");
  if (acc == DType::f64 && am->kind != num::AccumKind::kSequential)
    return ctx.fail("an f64 accumulator supports only accum_model \"sequential\"", "matmul_c6");
  if (acc != DType::f64 && acc != DType::f32 && acc != DType::f16 && acc != DType::bf16)
    return ctx.fail(std::string("accumulator type ") + dtype_mlir_name(acc) +
                        " is not one of f64, f32, f16, bf16",
                    "matmul_c6");
  if (am->kind == num::AccumKind::kTensorCore && acc != DType::f32 && acc != DType::f16)
    return ctx.fail("tensor-core models accumulate in f32 or f16", "matmul_c6");
  // matmul_c5: the result is a float tensor [batch..., M, N]; its element type is the program's.
  if (ctx.declared.empty() || !ctx.declared[0].is_tensor() ||
      !dtype_is_float(ctx.declared[0].dtype))
    return ctx.fail("result must be a float tensor", "matmul_c5");
  std::vector<int64_t> shape = *batch;
  shape.push_back(m);
  shape.push_back(n);
  ctx.results = {ir::Type::tensor(ctx.declared[0].dtype, shape)};
  return true;
}

}  // namespace tessera::ops
