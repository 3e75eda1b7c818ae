// tessera.rope and tessera.ntk_rope as scalar kernels (docs/ops/schedule/lowering.md, "Rotary
// embeddings"): one group per row of x's last axis, each pair (x[2j], x[2j+1]) turned by the
// angle theta[(row mod theta's rows) W + 2j] (theta repeats over x's leading dims), in f32 (f64
// for f64): the angle (divided by scale for ntk_rope), cos and sin by the spec's sincosf
// (core/numerics/sincosf.h) or sincos64 (sincos64.h, schedule_to_tile_sincos64.h), the steps the
// Graph IR kernel calls, the four products and the difference and sum of
// interp/graph/kernels_misc.cpp, each rounded once to the compute type.
#include <string>
#include <utility>

#include "core/numerics/sincosf.h"
#include "core/transforms/schedule_to_tile_reduce.h"
#include "core/transforms/schedule_to_tile_sincos64.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using scalar_text::Text;
constexpr DType kF = DType::f32, kD = DType::f64;

// num::sincosf of the f32 value `x`, its steps in their order: (sin, cos) as f32 values.
std::pair<std::string, std::string> sincos_steps(Text& e, const std::string& x) {
  const std::string xd = e.convert(x, kF, kD);
  const std::string shift = e.fc(num::kSinShift, kD);
  const std::string y = e.bin("arith.mulf", xd, e.fc(num::kSinTwoOverPi, kD), kD);
  const std::string kd = e.bin("arith.subf", e.bin("arith.addf", y, shift, kD), shift, kD);
  std::string r = xd;
  for (const double p : {num::kSinPio2P1, num::kSinPio2P2, num::kSinPio2P3}) {
    const std::string kp = e.bin("arith.mulf", kd, e.fc(p, kD), kD);
    r = e.bin("arith.subf", r, kp, kD);
  }
  const std::string z = e.bin("arith.mulf", r, r, kD);
  std::string ps = e.fc(num::kSinS[num::kSinTerms], kD);
  std::string pc = e.fc(num::kSinC[num::kSinTerms], kD);
  for (int i = num::kSinTerms - 1; i >= 1; --i) {
    const std::string sc = e.fc(num::kSinS[i], kD), cc = e.fc(num::kSinC[i], kD);
    ps = e.bin("arith.addf", e.bin("arith.mulf", ps, z, kD), sc, kD);
    pc = e.bin("arith.addf", e.bin("arith.mulf", pc, z, kD), cc, kD);
  }
  const std::string one = e.fc(1.0, kD);
  const std::string s =
      e.bin("arith.mulf", r, e.bin("arith.addf", one, e.bin("arith.mulf", z, ps, kD), kD), kD);
  const std::string c = e.bin("arith.addf", one, e.bin("arith.mulf", z, pc, kD), kD);
  // The quadrant q = kd - 4 round(kd / 4) in {-2, -1, 0, 1, 2}.
  const std::string quarter = e.bin("arith.mulf", kd, e.fc(0.25, kD), kD);
  const std::string k4 = e.bin("arith.subf", e.bin("arith.addf", quarter, shift, kD), shift, kD);
  const std::string q = e.bin("arith.subf", kd, e.bin("arith.mulf", e.fc(4.0, kD), k4, kD), kD);
  const std::string q1 = e.cmp(q, e.fc(1.0, kD), "oeq", kD);
  const std::string q3 = e.cmp(q, e.fc(-1.0, kD), "oeq", kD);
  const std::string q2a = e.cmp(q, e.fc(2.0, kD), "oeq", kD);
  const std::string q2b = e.cmp(q, e.fc(-2.0, kD), "oeq", kD);
  const std::string q2 = e.logic("arith.ori", q2a, q2b);
  const std::string ns = e.un("arith.negf", s, kD, kD), nc = e.un("arith.negf", c, kD, kD);
  // sin = s, c, -s, -c and cos = c, -s, -c, s for q = 0, 1, +-2, -1.
  const std::string sn3 = e.select(q3, nc, s, kD), cs3 = e.select(q3, s, c, kD);
  const std::string sn2 = e.select(q2, ns, sn3, kD), cs2 = e.select(q2, nc, cs3, kD);
  const std::string sn = e.select(q1, c, sn2, kD), cs = e.select(q1, ns, cs2, kD);
  const std::string sin32 = e.convert(sn, kD, kF);
  return {sin32, e.convert(cs, kD, kF)};
}

}  // namespace

ScalarKernel plan_rope(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  if (group.operands.size() != 2 || group.results.size() != 1)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type& x = group.operands[0]->type;
  const ir::Type& th = group.operands[1]->type;
  const DType t = x.dtype;
  if ((t != kD && !computed_in_f32(t)) || th.dtype != t)
    return ScalarKernel::stay(op.name + " of " + dtype_mlir_name(t) +
                              " (f64, f32, bf16 and f16 lower)");
  const DType ct = t == kD ? kD : kF;  // the compute type
  if (!x.has_static_shape() || !th.has_static_shape() || x.rank() < 1 || th.rank() < 1)
    return ScalarKernel::stay("not a static shape of rank >= 1");
  const std::optional<int64_t> count = x.num_elements(), inner = th.num_elements();
  const int64_t width = x.shape.back();
  if (!count || !inner || *count == 0 || *inner == 0 || width < 2 || width % 2 != 0 ||
      *inner % width != 0)
    return ScalarKernel::stay("an empty tensor, or theta is not a suffix of x's shape");
  const int64_t rows = *count / width, trows = *inner / width;
  const double scale = op.name == "tessera.ntk_rope" ? op.attrs.get_float("scale", 1.0) : 1.0;
  Text e;
  // Theta's row for group g (theta repeats over x's leading dims), in the entry block.
  const std::string tn = e.c(trows), trow = e.fresh();
  e.head << "    " << trow << " = arith.remsi %g, " << tn << " : index\n";
  const std::string w = e.c(width), half = e.c(width / 2), two = e.c(2);
  e.each("%c0", half, "%c1", [&](const std::string& j) {
    const std::string col = e.idx("arith.muli", j, two);
    const std::string col1 = e.idx("arith.addi", col, "%c1");
    const std::string xi = e.idx("arith.addi", e.idx("arith.muli", "%g", w), col);
    const std::string xi1 = e.idx("arith.addi", xi, "%c1");
    const std::string ti = e.idx("arith.addi", e.idx("arith.muli", trow, w), col);
    std::string angle = e.convert(e.load("%in1", t, ti), t, ct);
    if (scale != 1.0) {  // ntk_rope: theta / T(scale), one division in the compute type
      const double sc = ct == kD ? scale : double(static_cast<float>(scale));
      angle = e.bin("arith.divf", angle, e.fc(sc, ct), ct);
    }
    const auto [sn, cs] = ct == kD ? sincos64_f64(e, angle) : sincos_steps(e, angle);
    const std::string xe = e.convert(e.load("%in0", t, xi), t, ct);
    const std::string xo = e.convert(e.load("%in0", t, xi1), t, ct);
    const std::string a = e.bin("arith.mulf", xe, cs, ct), b = e.bin("arith.mulf", xo, sn, ct);
    const std::string d = e.bin("arith.mulf", xe, sn, ct), f = e.bin("arith.mulf", xo, cs, ct);
    const std::string y0 = e.bin("arith.subf", a, b, ct), y1 = e.bin("arith.addf", d, f, ct);
    e.store(e.convert(y0, ct, t), t, "%g", col);
    e.store(e.convert(y1, ct, t), t, "%g", col1);
  });
  ScalarKernel s;
  s.kernel = scalar_text::header(name, {t, t}, t) + e.head.str() + e.k.str() + "    return\n  }\n";
  s.grid = {rows};
  s.flat = {*count, *inner};
  s.out_2d = {rows, width};
  return s;
}

}  // namespace tessera::transforms
