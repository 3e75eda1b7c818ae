// Schedule -> Tile for tessera.quantize and tessera.quantize_fp8 (docs/ops/schedule/lowering.md,
// "Quantization"): one scalar kernel with several results (the codes and the scales) whose f32
// steps are the Graph IR kernel's one for one (interp/graph/kernels_quant.cpp, core/numerics/
// mx.h): "tensor" and quantize_fp8 here, "mx" and "nvfp4" in schedule_to_tile_quantize_block.cpp.
#include "core/transforms/schedule_to_tile_quantize.h"

#include <cstdio>
#include <cstring>
#include <optional>

#include "core/numerics/formats.h"
#include "core/ops/policy.h"
#include "core/transforms/schedule_to_tile_quantize_impl.h"

namespace tessera::transforms {

namespace quant {

std::string f32_hex(float v) {
  uint32_t b = 0;
  std::memcpy(&b, &v, sizeof b);
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", b);
  return buf;
}

std::string policy_text(const ir::Op& op) {
  std::string s = "numeric_policy = {";
  if (const ir::Attr* p = op.attrs.get("numeric_policy"))
    for (const auto& [k, v] : p->dict)
      if (k != "seed") s += k + " = " + ir::to_string(v) + ", ";
  return s + "saturate = true}";
}

std::string memref_of(const std::vector<int64_t>& shape, DType t) {
  std::string m = "memref<";
  for (size_t d = 0; d < shape.size(); ++d) m += "?x";
  return m + std::string(dtype_mlir_name(t)) + ">";
}

void Text::cst(const std::string& v, const std::string& lit, const char* t) {
  k << ind << "%" << v << " = arith.constant {value = " << lit << " : " << t << "} : " << t << "\n";
}

std::string Text::load_f32(const std::string& p, const std::string& i) {
  const std::string tn(dtype_mlir_name(xt));
  k << ind << "%" << p << "l = tile.load %x, " << i << " : (memref<?x" << tn << ">, index) -> "
    << tn << "\n";
  if (xt == DType::f32) return "%" + p + "l";
  k << ind << "%" << p << "v = arith.extf %" << p << "l : (" << tn << ") -> f32\n";
  return "%" + p + "v";
}

void Text::amax(const std::string& out, const std::string& lb, const std::string& ub) {
  k << ind << "%" << out << " = \"scf.for\"(" << lb << ", " << ub << ", %c1, %zero) ({\n"
    << ind << "^bb0(%" << out << "_i: index, %" << out << "_m: f32):\n";
  const std::string saved = ind;
  ind += "  ";
  const std::string v = load_f32(out + "_", "%" + out + "_i");
  k << ind << "%" << out << "_n = arith.negf " << v << " : (f32) -> f32\n"
    << ind << "%" << out << "_a = arith.maximumf " << v << ", %" << out
    << "_n : (f32, f32) -> f32\n"
    << ind << "%" << out << "_x = arith.maximumf %" << out << "_m, %" << out
    << "_a : (f32, f32) -> f32\n"
    << ind << "\"scf.yield\"(%" << out << "_x) : (f32) -> ()\n";
  ind = saved;
  k << ind << "}) : (index, index, index, f32) -> f32\n";
}

void Text::amax_scale(const std::string& out, const std::string& amax, float divisor) {
  const std::string p = "%" + out + "_";
  cst(out + "_one", "1.0", "f32");
  cst(out + "_fltmax", f32_hex(3.40282346638528859812e+38f), "f32");
  cst(out + "_div", f32_hex(divisor), "f32");
  k << ind << p << "pos = arith.cmpf " << amax
    << ", %zero {predicate = \"ogt\"} : (f32, f32) -> i1\n"
    << ind << p << "fin = arith.cmpf " << amax << ", " << p
    << "fltmax {predicate = \"ole\"} : (f32, f32) -> i1\n"
    << ind << p << "quo = arith.divf " << amax << ", " << p << "div : (f32, f32) -> f32\n"
    << ind << p << "s1 = arith.select " << p << "fin, " << p << "quo, " << p
    << "one : (i1, f32, f32) -> f32\n"
    << ind << "%" << out << " = arith.select " << p << "pos, " << p << "s1, " << p
    << "one : (i1, f32, f32) -> f32\n";
}

void Text::store_at(const std::string& v, const std::string& mem, const std::vector<int64_t>& shape,
                    DType t, const std::string& flat, const std::string& p) {
  const std::string mt = memref_of(shape, t);
  std::string rest = flat, idx, types;
  for (size_t d = shape.size(), j = 0; d-- > 0; ++j) {
    const std::string n = "%" + p + "n" + std::to_string(d);
    const std::string o = "%" + p + "o" + std::to_string(d);
    k << ind << n << " = arith.constant {value = " << shape[d] << " : index} : index\n"
      << ind << o << " = arith.remsi " << rest << ", " << n << " : (index, index) -> index\n";
    if (d > 0) {
      const std::string r = "%" + p + "r" + std::to_string(j);
      k << ind << r << " = arith.divsi " << rest << ", " << n << " : (index, index) -> index\n";
      rest = r;
    }
  }
  for (size_t d = 0; d < shape.size(); ++d) {
    idx += ", %" + p + "o" + std::to_string(d);
    types += ", index";
  }
  k << ind << "tile.store " << v << ", " << mem << idx << " : (" << dtype_mlir_name(t) << ", " << mt
    << types << ") -> ()\n";
}

}  // namespace quant

namespace {

using quant::Text;

// "tensor" (and quantize_fp8): scale = amax / max_finite(F) or the operand, q = F(x / scale).
QuantizePlan plan_tensor(const ir::Op& group, const ir::Op& op, const std::string& name,
                         QuantizePlan plan) {
  const bool given = group.operands.size() == 2;
  const ir::Type& x = group.operands[0]->type;
  const ir::Type& q = group.result(0)->type;
  const ir::Type& s = group.result(1)->type;
  if (!s.is_tensor() || s.rank() != 0 || s.dtype != DType::f32)
    return quant::stay(plan, "a scale result that is not tensor<f32> (launch results are tensors)");
  if (given && (!group.operands[1]->type.is_tensor() || group.operands[1]->type.rank() != 0))
    return quant::stay(plan, "a scale operand that is not tensor<f32>");
  if (!dtype_is_low_precision_float(q.dtype) || q.dtype == DType::e8m0)
    return quant::stay(plan, std::string("no conversion to ") + dtype_mlir_name(q.dtype));
  plan.grid = {1};
  Text t(x.dtype);
  t.k << "  func.func @" << name << "(%x: memref<?x" << dtype_mlir_name(x.dtype) << ">, "
      << (given ? "%given: f32, " : "") << "%q: " << quant::memref_of(q.shape, q.dtype)
      << ", %s: memref<f32>) {\n";
  t.cst("c0", "0", "index");
  t.cst("c1", "1", "index");
  t.cst("n", std::to_string(plan.in_size), "index");
  t.cst("zero", "0.0", "f32");
  std::string scale = "%given";  // the operand's bits, as the Graph IR kernel copies them
  if (!given) {
    t.amax("amax", "%c0", "%n");
    t.amax_scale("scale", "%amax", static_cast<float>(num::max_finite_value(q.dtype)));
    scale = "%scale";
  }
  t.k << "    tile.store " << scale << ", %s : (f32, memref<f32>) -> ()\n";
  // q[i] = convert(x[i] / scale), stored at i's indices in q's shape (C order).
  t.k << "    \"scf.for\"(%c0, %n, %c1) ({\n    ^bb0(%i: index):\n";
  t.ind = "      ";
  const std::string v = t.load_f32("e", "%i");
  t.k << "      %y = arith.divf " << v << ", " << scale << " : (f32, f32) -> f32\n"
      << "      %c = arith.truncf %y {" << quant::policy_text(op) << "} : (f32) -> "
      << dtype_mlir_name(q.dtype) << "\n";
  t.store_at("%c", "%q", q.shape, q.dtype, "%i", "q");
  t.k << "      \"scf.yield\"() : () -> ()\n"
      << "    }) : (index, index, index) -> ()\n    return\n  }\n";
  plan.kernel = t.k.str();
  return plan;
}

}  // namespace

bool is_quantize_group(const ir::Op& callee) {
  if (callee.regions.empty() || callee.regions[0].empty()) return false;
  const auto& ops = callee.regions[0].front().ops;
  if (ops.empty()) return false;
  const std::string& n = ops.front()->name;
  return n == "tessera.quantize" || n == "tessera.quantize_fp8";
}

QuantizePlan plan_quantize(const ir::Op& group, const ir::Op& callee, const std::string& name) {
  QuantizePlan plan;
  const ir::Block& body = callee.regions[0].front();
  if (body.ops.size() != 2 || !is_quantize_group(callee))
    return quant::stay(plan, "a group holding more than one quantize op");
  const ir::Op& op = *body.ops[0];
  const std::string scheme =
      op.name == "tessera.quantize_fp8" ? "tensor" : op.attrs.get_string("scheme", "tensor");
  if (ops::read_policy(op).convert.rounding == num::RoundingMode::kStochastic)
    return quant::stay(plan,
                       "stochastic rounding (its Philox stream is the Graph IR op's plan step, "
                       "which no Tile IR conversion carries)");
  // Guards for hand-written Schedule IR; the verifier holds quantize_c1..c5 for the op itself.
  const size_t results = scheme == "nvfp4" ? 3 : 2;
  if (group.operands.empty() || group.operands.size() > (scheme == "tensor" ? 2u : 1u) ||
      group.results.size() != results)
    return quant::stay(plan, "a quantize group of other operands or results than the op's");
  const ir::Type& x = group.operands[0]->type;
  const ir::Type& q = group.result(0)->type;
  if (!x.is_tensor() || !x.has_static_shape() || !q.is_tensor() || q.shape != x.shape)
    return quant::stay(plan, "a quantize of static shapes");
  for (size_t r = 1; r < results; ++r) {
    if (!group.result(r)->type.is_tensor())
      return quant::stay(plan, "a scalar scale result (tile.launch results are tensors)");
    if (!group.result(r)->type.has_static_shape())
      return quant::stay(plan, "a quantize of static shapes");
  }
  if (x.dtype != DType::f32 && x.dtype != DType::f16 && x.dtype != DType::bf16)
    return quant::stay(plan, "x of another type than f32, f16, bf16");
  const std::optional<int64_t> count = x.num_elements();
  if (!count || *count == 0) return quant::stay(plan, "an empty tensor or too many elements");
  plan.in_size = *count;
  if (scheme == "mx") return quant::plan_mx(group, op, name, std::move(plan));
  if (scheme == "nvfp4") return quant::plan_nvfp4(group, op, name, std::move(plan));
  return plan_tensor(group, op, name, std::move(plan));
}

}  // namespace tessera::transforms
