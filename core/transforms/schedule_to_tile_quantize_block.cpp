// Schedule -> Tile for tessera.quantize's block schemes (docs/ops/schedule/lowering.md,
// "Quantization"): "mx" (e8m0 scales per 32, num::mx_quantize_block) and "nvfp4" (e4m3 scales
// per 16 and the f32 global scale, num::nvfp4_quantize_block), as scalar kernels whose f32 steps
// and conversions give the Graph IR kernel's bits.
#include <cmath>
#include <string>

#include "core/numerics/formats.h"
#include "core/ops/policy.h"
#include "core/transforms/schedule_to_tile_quantize_impl.h"

namespace tessera::transforms::quant {

namespace {

// The loop over the blocks of row `%r` (rows of `len`, blocks of `bs`): opens
// `scf.for %b` and defines `%st`, `%en` (the block's flat bounds) and `%sflat` (its scale's flat
// index, nb scales per row).
void open_blocks(Text& t, int64_t len, int64_t bs, int64_t nb) {
  t.cst("len", std::to_string(len), "index");
  t.cst("bs", std::to_string(bs), "index");
  t.cst("nb", std::to_string(nb), "index");
  t.k << t.ind << "\"scf.for\"(%c0, %nb, %c1) ({\n" << t.ind << "^bb0(%b: index):\n";
  t.ind += "  ";
  const std::string& i = t.ind;
  t.k << i << "%boff = arith.muli %b, %bs : (index, index) -> index\n"
      << i << "%left = arith.subi %len, %boff : (index, index) -> index\n"
      << i << "%bn = arith.minsi %left, %bs : (index, index) -> index\n"
      << i << "%roff = arith.muli %r, %len : (index, index) -> index\n"
      << i << "%st = arith.addi %roff, %boff : (index, index) -> index\n"
      << i << "%en = arith.addi %st, %bn : (index, index) -> index\n"
      << i << "%rnb = arith.muli %r, %nb : (index, index) -> index\n"
      << i << "%sflat = arith.addi %rnb, %b : (index, index) -> index\n";
}

void close_loop(Text& t) {
  t.k << t.ind << "\"scf.yield\"() : () -> ()\n";
  t.ind.resize(t.ind.size() - 2);
  t.k << t.ind << "}) : (index, index, index) -> ()\n";
}

// The element loop over [%st, %en): opens `scf.for %i` and loads x[i] as f32 (returned).
std::string open_elements(Text& t) {
  t.k << t.ind << "\"scf.for\"(%st, %en, %c1) ({\n" << t.ind << "^bb0(%i: index):\n";
  t.ind += "  ";
  return t.load_f32("e", "%i");
}

std::string head(const std::string& name, DType xt) {
  return "  func.func @" + name + "(%x: memref<?x" + std::string(dtype_mlir_name(xt)) + ">, ";
}

void common_constants(Text& t, int64_t n) {
  t.cst("c0", "0", "index");
  t.cst("c1", "1", "index");
  t.cst("n", std::to_string(n), "index");
  t.cst("zero", "0.0", "f32");
}

}  // namespace

// nvfp4: g = amax / 2688 over the tensor (1 unless 0 < amax <= FLT_MAX); per block
// s = e4m3(amax_b / 6 / g) with the cuda profile's RNE and satfinite, f = value(s) * g,
// q = e2m1(f == 0 ? +0 : x / f) with the op's policy and saturation. One group: g needs the
// whole tensor's amax before any block.
QuantizePlan plan_nvfp4(const ir::Op& group, const ir::Op& op, const std::string& name,
                        QuantizePlan plan) {
  const ir::Type& q = group.result(0)->type;
  const ir::Type& s = group.result(1)->type;
  const ir::Type& g = group.result(2)->type;
  const int64_t len = q.shape.empty() ? 0 : q.shape.back(), nb = (len + 15) / 16;
  if (q.dtype != DType::f4e2m1 || s.dtype != DType::f8e4m3 || s.rank() != q.rank() ||
      s.shape.back() != nb || g.rank() != 0 || g.dtype != DType::f32 || len == 0)
    return stay(plan, "an nvfp4 quantize of other result types than the op's");
  plan.grid = {1};
  Text t(group.operands[0]->type.dtype);
  t.k << head(name, t.xt) << "%q: " << memref_of(q.shape, q.dtype)
      << ", %s: " << memref_of(s.shape, s.dtype) << ", %g: memref<f32>) {\n";
  common_constants(t, plan.in_size);
  t.amax("amax", "%c0", "%n");
  t.amax_scale("gs", "%amax", 448.0f * 6.0f);
  t.k << "    tile.store %gs, %g : (f32, memref<f32>) -> ()\n";
  t.cst("rows", std::to_string(plan.in_size / len), "index");
  t.cst("six", "6.0", "f32");
  t.k << "    \"scf.for\"(%c0, %rows, %c1) ({\n    ^bb0(%r: index):\n";
  t.ind = "      ";
  open_blocks(t, len, 16, nb);
  t.amax("bm", "%st", "%en");
  const std::string& i = t.ind;
  t.k << i << "%t1 = arith.divf %bm, %six : (f32, f32) -> f32\n"
      << i << "%t2 = arith.divf %t1, %gs : (f32, f32) -> f32\n"
      << i << "%sc = arith.truncf %t2 {numeric_policy = {profile = \"cuda\", saturate = true}}"
      << " : (f32) -> f8E4M3FN\n";
  t.store_at("%sc", "%s", s.shape, s.dtype, "%sflat", "s");
  t.k << i << "%sv = arith.extf %sc : (f8E4M3FN) -> f32\n"
      << i << "%f = arith.mulf %sv, %gs : (f32, f32) -> f32\n"
      << i << "%fz = arith.cmpf %f, %zero {predicate = \"oeq\"} : (f32, f32) -> i1\n";
  const std::string v = open_elements(t);
  t.k << t.ind << "%y0 = arith.divf " << v << ", %f : (f32, f32) -> f32\n"
      << t.ind << "%y = arith.select %fz, %zero, %y0 : (i1, f32, f32) -> f32\n"
      << t.ind << "%c = arith.truncf %y {" << policy_text(op) << "} : (f32) -> f4E2M1FN\n";
  t.store_at("%c", "%q", q.shape, q.dtype, "%i", "q");
  close_loop(t);  // elements
  close_loop(t);  // blocks
  close_loop(t);  // rows
  t.k << "    return\n  }\n";
  plan.kernel = t.k.str();
  return plan;
}

// mx: per block, with A = e8m0(amax) rounded toward zero (2^floor(log2 amax), 0x00 below 2^-127
// and for 0, 0xFF for NaN and Inf), X = value(A) * 2^-emax(F), doubled under scale_rule "ceil"
// when amax > (max_finite(F) / 2^emax) * value(A) (amax's significand above F's largest), at
// least 2^-127: S = e8m0(X) (exact), num::mx_scale_bits' exponent rule in exact f32 powers of
// two. Elements: F(x / value(S)), exact division by a power of two but where the quotient is
// below F's smallest subnormal by far (RNE gives +-0 either way); a NaN block (S = 0xFF) gives
// the NaN of x's sign (x itself when NaN), as mx_quantize_block marks every element NaN.
QuantizePlan plan_mx(const ir::Op& group, const ir::Op& op, const std::string& name,
                     QuantizePlan plan) {
  const ir::Type& q = group.result(0)->type;
  const ir::Type& s = group.result(1)->type;
  const int64_t len = q.shape.empty() ? 0 : q.shape.back(), nb = (len + 31) / 32;
  const DType f = q.dtype;
  if (!(f == DType::f8e4m3 || f == DType::f8e5m2 || f == DType::f6e3m2 || f == DType::f6e2m3 ||
        f == DType::f4e2m1) ||
      s.dtype != DType::e8m0 || s.rank() != q.rank() || s.shape.back() != nb || len == 0)
    return stay(plan, "an mx quantize of other result types than the op's");
  const num::ConvertOptions o = ops::read_policy(op).convert;
  const bool nearest = o.rounding == num::RoundingMode::kNearestEven ||
                       o.rounding == num::RoundingMode::kNearestAway;
  if (!nearest || o.flush_input_denormals)
    return stay(plan,
                "an mx quantize with a directed rounding or flushed inputs (the f32 quotient "
                "x / 2^k rounds below 2^-126, where only a nearest rounding still gives the "
                "exact quotient's code)");
  const num::FloatDesc d = num::float_desc(f);
  const int emax = d.emax();
  const float max_f = static_cast<float>(num::max_finite_value(f));
  if (plan.in_size / len > (int64_t(1) << 31))
    return stay(plan, "an mx quantize of more than 2^31 rows (one group per row, launch_c2)");
  plan.grid = {plan.in_size / len};  // one group per row
  Text t(group.operands[0]->type.dtype);
  t.k << head(name, t.xt) << "%q: " << memref_of(q.shape, f)
      << ", %s: " << memref_of(s.shape, s.dtype) << ") {\n";
  common_constants(t, plan.in_size);
  t.k << "    %r = tile.group_id {dim = 0} : index\n";
  t.cst("pow_emax", f32_hex(std::ldexp(1.0f, -emax)), "f32");
  t.cst("sig_max", f32_hex(std::ldexp(max_f, -emax)), "f32");
  t.cst("two", "2.0", "f32");
  t.cst("min_scale", f32_hex(std::ldexp(1.0f, -127)), "f32");
  t.cst("one_f", "1.0", "f32");
  t.cst("pnan", "0x7FC00000", "f32");
  t.cst("nnan", "0xFFC00000", "f32");
  open_blocks(t, len, 32, nb);
  t.amax("bm", "%st", "%en");
  const bool ceil = op.attrs.get_string("scale_rule", "ocp") == "ceil";
  const std::string fn(dtype_mlir_name(f));
  const std::string& i = t.ind;
  t.k << i << "%ea = arith.truncf %bm {numeric_policy = {rounding = \"rtz\", saturate = true}}"
      << " : (f32) -> f8E8M0FNU\n"
      << i << "%pa = arith.extf %ea : (f8E8M0FNU) -> f32\n"
      << i << "%x0 = arith.mulf %pa, %pow_emax : (f32, f32) -> f32\n";
  std::string xs = "%x0";
  if (ceil) {
    t.k << i << "%lim = arith.mulf %pa, %sig_max : (f32, f32) -> f32\n"
        << i << "%up = arith.cmpf %bm, %lim {predicate = \"ogt\"} : (f32, f32) -> i1\n"
        << i << "%x2 = arith.mulf %x0, %two : (f32, f32) -> f32\n"
        << i << "%x1 = arith.select %up, %x2, %x0 : (i1, f32, f32) -> f32\n";
    xs = "%x1";
  }
  t.k << i << "%xc = arith.maximumf " << xs << ", %min_scale : (f32, f32) -> f32\n"
      << i << "%sc = arith.truncf %xc : (f32) -> f8E8M0FNU\n";
  t.store_at("%sc", "%s", s.shape, s.dtype, "%sflat", "s");
  t.k << i << "%sv = arith.extf %sc : (f8E8M0FNU) -> f32\n"
      << i << "%nanblk = arith.cmpf %sv, %sv {predicate = \"une\"} : (f32, f32) -> i1\n";
  const std::string v = open_elements(t);
  const std::string& e = t.ind;
  t.k << e << "%y = arith.divf " << v
      << ", %sv : (f32, f32) -> f32\n"
      // x's sign: x < 0, or 1 / x < 0 (-0); a NaN x is its own NaN.
      << e << "%inv = arith.divf %one_f, " << v << " : (f32, f32) -> f32\n"
      << e << "%ng1 = arith.cmpf " << v << ", %zero {predicate = \"olt\"} : (f32, f32) -> i1\n"
      << e << "%ng2 = arith.cmpf %inv, %zero {predicate = \"olt\"} : (f32, f32) -> i1\n"
      << e << "%ng = arith.ori %ng1, %ng2 : (i1, i1) -> i1\n"
      << e << "%sn = arith.select %ng, %nnan, %pnan : (i1, f32, f32) -> f32\n"
      << e << "%isn = arith.cmpf " << v << ", " << v
      << " {predicate = \"une\"} : (f32, f32) -> i1\n"
      << e << "%xn = arith.select %isn, " << v << ", %sn : (i1, f32, f32) -> f32\n"
      << e << "%yc = arith.select %nanblk, %xn, %y : (i1, f32, f32) -> f32\n"
      << e << "%c = arith.truncf %yc {" << policy_text(op) << "} : (f32) -> " << fn << "\n";
  t.store_at("%c", "%q", q.shape, f, "%i", "q");
  close_loop(t);  // elements
  close_loop(t);  // blocks
  t.k << "    return\n  }\n";
  plan.kernel = t.k.str();
  return plan;
}

}  // namespace tessera::transforms::quant
