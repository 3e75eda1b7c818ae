// The attention family as scalar kernels (docs/ops/schedule/lowering.md, "Attention"). Group g
// is one query row; its loops are the Graph IR kernel's (interp/graph/kernels_attention.cpp,
// docs/ops/graph/attention.md "Evaluation order"): key blocks of 64 in increasing order, each
// score an FMA chain over d from +0 times the scale, the running maximum by `s > m`, the
// rescale by exp(m - m_new) and the FMA of every p into the accumulator row. Scores of a block
// wait in a local buffer of 64, the accumulator row in a local buffer of Dv (f32 throughout).
#include "core/transforms/schedule_to_tile_attn.h"

#include <cmath>
#include <optional>

#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using scalar_text::fma_f32;
using scalar_text::Text;
using scalar_text::ty;

constexpr int64_t kBlockK = 64;     // keys per block of the online softmax (part of the spec)
constexpr int64_t kMaxRow = 16384;  // the accumulator row lives in a local array

// One query row's attention: where its operands start and how many keys it keeps.
struct Row {
  DType t;                // the operands' storage type (computed in f32)
  int64_t d = 0, dv = 0;  // the dot's length and the value row's
  std::string q, k, v;    // first element of the q row, of k row 0, of v row 0 (index)
  std::string keys;       // kept keys 0 .. keys-1 (index)
  std::string scale;      // f32
};

std::string memref_local(int64_t n) { return "memref<" + std::to_string(n) + "xf32, 5>"; }

// An element of %in<i> at `at`, widened to f32.
std::string elem(Text& t, int i, DType ty_, const std::string& at) {
  return t.convert(t.load("%in" + std::to_string(i), ty_, at), ty_, DType::f32);
}

// Emits the online softmax of `r` over its kept keys into the local buffer `acc` (Dv, f32)
// and returns the final l; acc ends unnormalised (the caller divides by l).
std::string attend(Text& t, const Row& r, const std::string& acc) {
  constexpr DType f = DType::f32;
  const std::string accm = memref_local(r.dv), sm = memref_local(kBlockK);
  const std::string blk = t.icst(kBlockK), d = t.icst(r.d), dv = t.icst(r.dv);
  const std::string zero = t.fcst(0.0, f), ninf = t.fcst(-HUGE_VAL, f);
  t.k << t.ind << "%sblk = tile.alloc_register : " << sm << "\n";
  t.each("%c0", dv, "%c1", [&](const std::string& e) { t.store_at(zero, f, acc, accm, e); });
  const std::vector<std::string> ml = t.folds(
      "%c0", r.keys, blk, {ninf, zero}, {f, f},
      [&](const std::string& j0, const std::vector<std::string>& c) {
        const std::string j1 = t.idx("arith.minsi", r.keys, t.idx("arith.addi", j0, blk));
        const std::string m_new =
            t.fold(j0, j1, "%c1", c[0], f, [&](const std::string& j, const std::string& mx) {
              const std::string krow = t.idx("arith.addi", r.k, t.idx("arith.muli", j, d));
              const std::string dot =
                  t.fold("%c0", d, "%c1", zero, f, [&](const std::string& e, const std::string& a) {
                    const std::string qe = elem(t, 0, r.t, t.idx("arith.addi", r.q, e));
                    const std::string ke = elem(t, 1, r.t, t.idx("arith.addi", krow, e));
                    return fma_f32(t, qe, ke, a);
                  });
              const std::string s = t.bin("arith.mulf", dot, r.scale, f);
              t.store_at(s, f, "%sblk", sm, t.idx("arith.subi", j, j0));
              return t.select(t.cmp("ogt", s, mx, f), s, mx, f);  // NaN scores are not maxima
            });
        const std::string alpha = t.un("tile.exp", t.bin("arith.subf", c[0], m_new, f), f, f);
        const std::string l1 = t.bin("arith.mulf", c[1], alpha, f);
        t.each("%c0", dv, "%c1", [&](const std::string& e) {
          const std::string a = t.load_at(acc, accm, f, e);
          t.store_at(t.bin("arith.mulf", a, alpha, f), f, acc, accm, e);
        });
        const std::string l2 =
            t.fold(j0, j1, "%c1", l1, f, [&](const std::string& j, const std::string& l) {
              const std::string s = t.load_at("%sblk", sm, f, t.idx("arith.subi", j, j0));
              const std::string p = t.un("tile.exp", t.bin("arith.subf", s, m_new, f), f, f);
              const std::string vrow = t.idx("arith.addi", r.v, t.idx("arith.muli", j, dv));
              t.each("%c0", dv, "%c1", [&](const std::string& e) {
                const std::string a = t.load_at(acc, accm, f, e);
                const std::string x = elem(t, 2, r.t, t.idx("arith.addi", vrow, e));
                t.store_at(fma_f32(t, p, x, a), f, acc, accm, e);
              });
              return t.bin("arith.addf", l, p, f);
            });
        return std::vector<std::string>{m_new, l2};
      });
  return ml[1];
}

}  // namespace

ScalarKernel plan_flash_attn(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  if (group.operands.size() != 3 || group.results.size() != 1)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type &q = group.operands[0]->type, &k = group.operands[1]->type,
                 &v = group.operands[2]->type, &o = group.result(0)->type;
  const DType t = q.dtype;
  if (t == DType::f64)
    return ScalarKernel::stay(
        "f64 attention: its exp is the C library's, which no Tile IR op reproduces bit for bit");
  if (t != DType::f32 && t != DType::bf16 && t != DType::f16)
    return ScalarKernel::stay("flash_attn of " + ty(t));
  const int64_t rk = q.rank();
  if (!q.has_static_shape() || !k.has_static_shape() || !v.has_static_shape() ||
      !o.has_static_shape() || rk < 2 || rk > 4 || k.rank() != rk || v.rank() != rk ||
      o.rank() != rk || k.dtype != t || v.dtype != t || (o.dtype != t && o.dtype != DType::f32))
    return ScalarKernel::stay("not a flash_attn of static shapes (flash_attn_c1)");
  const auto dim = [&](const ir::Type& x, int64_t i) { return x.shape[static_cast<size_t>(i)]; };
  const int64_t sq = dim(q, rk - 2), d = dim(q, rk - 1), sk = dim(k, rk - 2), dv = dim(v, rk - 1);
  for (int64_t i = 0; i + 2 < rk; ++i)
    if (dim(k, i) != dim(q, i) || dim(v, i) != dim(q, i) || dim(o, i) != dim(q, i))
      return ScalarKernel::stay("batch or head counts differ (flash_attn_c2)");
  if (dim(k, rk - 1) != d || dim(v, rk - 2) != sk || dim(o, rk - 2) != sq || dim(o, rk - 1) != dv)
    return ScalarKernel::stay("q, k, v and the result do not agree (flash_attn_c2)");
  const std::optional<int64_t> nq = q.num_elements(), nk = k.num_elements(), nv = v.num_elements(),
                               no = o.num_elements();
  if (!nq || !nk || !nv || !no) return ScalarKernel::stay("too many elements");
  if (*nq == 0 || *nk == 0 || *nv == 0 || *no == 0) return ScalarKernel::stay("an empty tensor");
  if (dv > kMaxRow) return ScalarKernel::stay("value rows longer than 16384 elements");
  // The kernel's scale: the attribute, else 1/sqrt(D) in f64, rounded to f32 (attn::scale_of).
  const ir::Attr* sa = op.attrs.get("scale");
  const double scale = sa ? sa->as_double() : 1.0 / std::sqrt(static_cast<double>(d));
  const bool causal = op.attrs.get_bool("causal", false);
  Text x;
  x.k << scalar_text::header(name, {t, t, t}, o.dtype);
  Row r{t, d, dv, "", "", "", "", x.fcst(static_cast<float>(scale), DType::f32)};
  const std::string sqc = x.icst(sq), skc = x.icst(sk);
  const std::string bh = x.idx("arith.divsi", "%g", sqc), i = x.idx("arith.remsi", "%g", sqc);
  // Key j is kept iff j < Sk and, causal, j <= i (the mask's top-left alignment).
  r.keys = causal ? x.idx("arith.minsi", skc, x.idx("arith.addi", i, "%c1")) : skc;
  r.q = x.idx("arith.muli", "%g", x.icst(d));
  r.k = x.idx("arith.muli", bh, x.icst(sk * d));  // <= the element count of k
  r.v = x.idx("arith.muli", bh, x.icst(sk * dv));
  x.k << "    %acc = tile.alloc_register : " << memref_local(dv) << "\n";
  const std::string l = attend(x, r, "%acc");
  x.each("%c0", x.icst(dv), "%c1", [&](const std::string& e) {
    const std::string a = x.load_at("%acc", memref_local(dv), DType::f32, e);
    const std::string y = x.bin("arith.divf", a, l, DType::f32);
    x.store_at(x.convert(y, DType::f32, o.dtype), o.dtype, "%out",
               "memref<?x?x" + ty(o.dtype) + ">", "%g, " + e, 2);
  });
  x.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = x.k.str();
  s.grid = {*nq / d};
  s.flat = {*nq, *nk, *nv};
  s.out_2d = {*no / dv, dv};
  return s;
}

}  // namespace tessera::transforms
