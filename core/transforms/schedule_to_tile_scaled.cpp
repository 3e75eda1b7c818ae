// tessera.scaled_matmul as a scalar kernel (docs/ops/schedule/lowering.md, "Scalar GEMMs"): the
// Graph IR kernel's order (interp/graph/kernels_scaled_matmul.cpp): per scale block of K an f32
// FMA chain from +0 (the exact FMA of schedule_to_tile_fma.h), then acc = acc + part * s with
// s = a_scale * b_scale (three roundings, no contraction), blocks in increasing order; one group
// per output row.
#include "core/transforms/schedule_to_tile_models.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include "core/ops/scaled_matmul.h"
#include "core/transforms/schedule_to_tile_fma.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using namespace scalar_text;

// 2^(b - 127) of an E8M0 byte `b` (an index in [0, 255]) as f32, NaN for 0xFF: the product of
// 2^(+-2^i) over the bits of |b - 127| <= 127, every factor and partial product an exact power
// of two between 2^-127 and 2^127 (std::ldexp's value, without bit access).
std::string e8m0_value(Text& t, const std::string& b) {
  const std::string e = t.idx("arith.subi", b, t.icst(127));
  const std::string neg = t.cmp(e, "%c0", "slt", DType::index);
  const std::string mag = t.select(neg, t.idx("arith.subi", "%c0", e), e, DType::index);
  const std::string one = t.fcst(1.0, DType::f32), two = t.icst(2);
  std::string r = one, rest = mag;
  for (int i = 0; i < 7; ++i) {
    const std::string bit = t.cmp(t.idx("arith.remsi", rest, two), "%c0", "ne", DType::index);
    rest = t.idx("arith.divsi", rest, two);
    const double up = std::ldexp(1.0, 1 << i);  // 2^(2^i), exact
    const std::string f =
        t.select(neg, t.fcst(1.0 / up, DType::f32), t.fcst(up, DType::f32), DType::f32);
    r = t.bin("arith.mulf", r, t.select(bit, f, one, DType::f32), DType::f32);
  }
  const std::string nan = t.cmp(b, t.icst(255), "eq", DType::index);
  return t.select(nan, t.fcst(std::numeric_limits<double>::quiet_NaN(), DType::f32), r, DType::f32);
}

}  // namespace

ScalarKernel plan_scaled_matmul(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (group.operands.size() != 4) return ScalarKernel::stay("without four operands");
  const ir::Type &a = group.operands[0]->type, &b = group.operands[1]->type,
                 &y = group.result(0)->type;
  const std::optional<std::vector<int64_t>> counts = operand_sizes(group);
  if (!counts) return ScalarKernel::stay("not a static shape");
  const std::vector<int64_t>& sizes = *counts;
  const ops::ScaleLayout lay = ops::read_scale_layout(op);
  const DType st = lay.e8m0 ? DType::u8 : DType::f32;
  const auto f32_in = [](DType t) { return t == DType::f32 || dtype_is_low_precision_float(t); };
  if (!f32_in(a.dtype) || !f32_in(b.dtype) || y.dtype != DType::f32 ||
      group.operands[2]->type.dtype != st || group.operands[3]->type.dtype != st)
    return ScalarKernel::stay(
        "scaled_matmul of other types than f32 (or widened) operands, an "
        "f32 result and f32 or E8M0 (ui8) scales");
  const bool tr = op.attrs.get_bool("transpose_b", false);
  const size_t ra = a.shape.size(), rb = b.shape.size();
  const int64_t batches = ra == 3 ? a.shape[0] : 1, m = a.shape[ra - 2], k = a.shape[ra - 1];
  const int64_t n = tr ? b.shape[rb - 2] : b.shape[rb - 1];
  const int64_t kb = tr ? b.shape[rb - 1] : b.shape[rb - 2];
  // The run-time checks of the Graph IR kernel (scaled_matmul_c3..c5) hold statically here.
  if (kb != k || lay.bk < 1 || lay.bn < 1 || k % lay.bk != 0)
    return ScalarKernel::stay("K is not a whole number of scale blocks (scaled_matmul_c4)");
  const int64_t nk = k / lay.bk, nn = n / lay.bn + (n % lay.bn != 0);
  const bool bb = rb == 3;
  if (sizes[2] != batches * m * nk || sizes[3] != (bb ? batches : 1) * nk * nn)
    return ScalarKernel::stay("scale shapes that do not match a and b (scaled_matmul_c5)");
  if (batches * m == 0 || n == 0) return ScalarKernel::stay("an empty tensor");
  Text t;
  t.k << header(name, {a.dtype, b.dtype, st, st}, DType::f32);
  const std::string mc = t.icst(m), kc = t.icst(k), nc = t.icst(n), bkc = t.icst(lay.bk),
                    bnc = t.icst(lay.bn), nkc = t.icst(nk), nnc = t.icst(nn);
  const std::string arow = t.idx("arith.muli", "%g", kc);
  const std::string bi = t.idx("arith.divsi", "%g", mc);
  const std::string bbase = bb ? t.idx("arith.muli", bi, t.icst(k * n)) : "%c0";
  const std::string sbase = bb ? t.idx("arith.muli", bi, t.icst(nk * nn)) : "%c0";
  const std::string sarow = t.idx("arith.muli", "%g", nkc);
  auto scale = [&](const char* mem, const std::string& at) {
    const std::string v = t.load(mem, st, at);
    return lay.e8m0 ? e8m0_value(t, t.un("arith.index_castui", v, st, DType::index)) : v;
  };
  const std::string j = t.fresh(), ind = t.ind;
  t.k << t.ind << "\"scf.for\"(%c0, " << nc << ", %c1) ({\n"
      << t.ind << "^bb0(" << j << ": index):\n";
  t.ind += "  ";
  const std::string zero = t.fcst(0.0, DType::f32);
  const std::string acc = t.fold(
      "%c0", nkc, "%c1", zero, DType::f32, [&](const std::string& blk, const std::string& acc0) {
        const std::string lo = t.idx("arith.muli", blk, bkc);
        const std::string part = t.fold(
            "%c0", bkc, "%c1", t.fcst(0.0, DType::f32), DType::f32,
            [&](const std::string& q, const std::string& pa) {
              const std::string p = t.idx("arith.addi", lo, q);
              const std::string av = t.convert(
                  t.load("%in0", a.dtype, t.idx("arith.addi", arow, p)), a.dtype, DType::f32);
              const std::string bat = tr ? t.idx("arith.addi", t.idx("arith.muli", j, kc), p)
                                         : t.idx("arith.addi", t.idx("arith.muli", p, nc), j);
              const std::string bv = t.convert(
                  t.load("%in1", b.dtype, t.idx("arith.addi", bbase, bat)), b.dtype, DType::f32);
              return fma_f32(t, av, bv, pa);
            });
        const std::string sa = scale("%in2", t.idx("arith.addi", sarow, blk));
        const std::string sbat =
            t.idx("arith.addi", t.idx("arith.addi", sbase, t.idx("arith.muli", blk, nnc)),
                  t.idx("arith.divsi", j, bnc));
        const std::string s = t.bin("arith.mulf", sa, scale("%in3", sbat), DType::f32);
        return t.bin("arith.addf", acc0, t.bin("arith.mulf", part, s, DType::f32), DType::f32);
      });
  t.store(acc, DType::f32, "%g", j);
  t.k << t.ind << "\"scf.yield\"() : () -> ()\n";
  t.ind = ind;
  t.k << t.ind << "}) : (index, index, index) -> ()\n    return\n  }\n";
  ScalarKernel r;
  r.kernel = t.k.str();
  r.grid = {batches * m};
  r.flat = sizes;
  r.out_2d = {batches * m, n};
  return r;
}

}  // namespace tessera::transforms
