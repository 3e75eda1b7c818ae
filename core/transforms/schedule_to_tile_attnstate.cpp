// tessera.linear_attn, lightning_attention, gated_deltanet, kimi_delta_attention and
// hybrid_attention as scalar kernels (docs/ops/schedule/lowering.md, "Recurrent attention"):
// one group per (batch..., head) slice runs the Graph IR kernel's recurrence in its order
// (interp/graph/kernels_attnstate_linear.cpp), every std::fma an exact f32 fma composed of f64
// ops (fma_f32 of schedule_to_tile_fma.h), the state in a tile.alloc_register buffer.
#include <cmath>

#include "core/ops/linear_attention.h"
#include "core/transforms/schedule_to_tile_fma.h"
#include "core/transforms/schedule_to_tile_reduce.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using namespace scalar_text;

using Spec = ops::LinearAttnSpec;
constexpr DType kF = DType::f32;

// The slice's dims and its operands' bases, shared by both bodies.
struct Slice {
  int64_t s = 0, dk = 0, dv = 0;
  std::string qk, vo;     // first element of the slice in q / k and in v / out
  DType st = DType::f32;  // the operands' storage type (bf16 and f16 computed in f32)
};

// phi(x) of the Graph IR kernel's `feature` in f32: elu is x + 1 for x > 0, else the spec's
// expf (tile.exp); relu is x for x > 0, else +0 (a NaN gives +0, as `x > T(0) ? x : T(0)`).
std::string feature(Text& k, Spec::Map m, const std::string& x) {
  if (m == Spec::Map::identity) return x;
  if (m == Spec::Map::polynomial_2) return k.bin("arith.mulf", x, x, kF);
  const std::string pos = k.cmp_by("ogt", x, k.fcst(0.0, kF), kF);
  if (m == Spec::Map::relu) return k.select(pos, x, k.fcst(0.0, kF), kF);
  const std::string inc = k.bin("arith.addf", x, k.fcst(1.0, kF), kF);
  return k.select(pos, inc, k.un("tile.exp", x, kF, kF), kF);
}

// linear_slice: S (Dk x Dv, zeros) gains fma(phi(k_t[i]), v_t[j], S[i][j]) for t in order;
// o_t[j] is the fma chain over i of phi(q_t[i]) * S[i][j] from +0.
void linear_body(Text& k, const Spec& sp, const Slice& sl) {
  const std::string dk = k.icst(sl.dk), dv = k.icst(sl.dv), s = k.icst(sl.s);
  const Text::Local st = k.alloc(sl.dk * sl.dv, kF), pq = k.alloc(sl.dk, kF);
  const std::string zero = k.fcst(0.0, kF);
  k.each("%c0", k.icst(sl.dk * sl.dv), "%c1",
         [&](const std::string& i) { k.store_local(zero, st, i); });
  auto absorb = [&](const std::string& t) {
    const std::string krow = k.idx("arith.addi", sl.qk, k.idx("arith.muli", t, dk));
    const std::string vrow = k.idx("arith.addi", sl.vo, k.idx("arith.muli", t, dv));
    k.each("%c0", dk, "%c1", [&](const std::string& i) {
      const std::string pk =
          feature(k, sp.map, k.load_as("%in1", sl.st, kF, k.idx("arith.addi", krow, i)));
      const std::string srow = k.idx("arith.muli", i, dv);
      k.each("%c0", dv, "%c1", [&](const std::string& j) {
        const std::string at = k.idx("arith.addi", srow, j);
        const std::string vj = k.load_as("%in2", sl.st, kF, k.idx("arith.addi", vrow, j));
        k.store_local(fma_f32(k, pk, vj, k.load_local(st, at)), st, at);
      });
    });
  };
  auto emit = [&](const std::string& t) {
    const std::string qrow = k.idx("arith.addi", sl.qk, k.idx("arith.muli", t, dk));
    const std::string orow = k.idx("arith.muli", t, dv);
    k.each("%c0", dk, "%c1", [&](const std::string& i) {
      k.store_local(feature(k, sp.map, k.load_as("%in0", sl.st, kF, k.idx("arith.addi", qrow, i))),
                    pq, i);
    });
    k.each("%c0", dv, "%c1", [&](const std::string& j) {
      const std::string o =
          k.fold("%c0", dk, "%c1", zero, kF, [&](const std::string& i, const std::string& acc) {
            const std::string at = k.idx("arith.addi", k.idx("arith.muli", i, dv), j);
            const std::string sij = k.load_local(st, at);
            return fma_f32(k, k.load_local(pq, i), sij, acc);
          });
      k.store_as(o, kF, sl.st, "%g", k.idx("arith.addi", orow, j));
    });
  };
  if (sp.causal) {
    k.each("%c0", s, "%c1", [&](const std::string& t) {
      absorb(t);
      emit(t);
    });
  } else {
    k.each("%c0", s, "%c1", absorb);
    k.each("%c0", s, "%c1", emit);
  }
}

// softmax_slice (hybrid_attention's softmax slot): for each query i, scores e_j = (q_i . k_j)
// * scale over keys j < n (n = i + 1 when causal, else S), the running std::max from -Inf
// ((mx < e) ? e : mx: a NaN score is skipped), e_j = exp(e_j - mx) summed from +0, then each
// output column's fma chain over j of e_j * v_j[c] from +0, divided by the sum.
void softmax_body(Text& k, const Spec& sp, const Slice& sl) {
  const std::string dk = k.icst(sl.dk), dv = k.icst(sl.dv), s = k.icst(sl.s);
  const Text::Local e = k.alloc(sl.s, kF);
  const std::string zero = k.fcst(0.0, kF);
  // T(1) / std::sqrt(T(dk)): both IEEE operations round once, so the host computes its bits.
  const float scale = 1.0f / std::sqrt(static_cast<float>(sl.dk == 0 ? 1 : sl.dk));
  const std::string sc = k.fcst(scale, kF), ninf = k.fcst(-HUGE_VAL, kF);
  k.each("%c0", s, "%c1", [&](const std::string& i) {
    const std::string n = sp.causal ? k.idx("arith.addi", i, "%c1") : s;
    const std::string qrow = k.idx("arith.addi", sl.qk, k.idx("arith.muli", i, dk));
    const std::string mx =
        k.fold("%c0", n, "%c1", ninf, kF, [&](const std::string& j, const std::string& m) {
          const std::string krow = k.idx("arith.addi", sl.qk, k.idx("arith.muli", j, dk));
          const std::string dot =
              k.fold("%c0", dk, "%c1", zero, kF, [&](const std::string& d, const std::string& a) {
                const std::string qd = k.load_as("%in0", sl.st, kF, k.idx("arith.addi", qrow, d));
                return fma_f32(k, qd, k.load_as("%in1", sl.st, kF, k.idx("arith.addi", krow, d)),
                               a);
              });
          const std::string ej = k.bin("arith.mulf", dot, sc, kF);
          k.store_local(ej, e, j);
          return k.std_max(m, ej, kF);
        });
    const std::string sum = k.exp_shift_sum(e, n, mx);
    const std::string orow = k.idx("arith.muli", i, dv);
    k.each("%c0", dv, "%c1", [&](const std::string& c) {
      const std::string num =
          k.fold("%c0", n, "%c1", zero, kF, [&](const std::string& j, const std::string& a) {
            const std::string vj = k.idx("arith.addi", sl.vo, k.idx("arith.muli", j, dv));
            const std::string ej = k.load_local(e, j);
            return fma_f32(k, ej, k.load_as("%in2", sl.st, kF, k.idx("arith.addi", vj, c)), a);
          });
      const std::string y = k.bin("arith.divf", num, sum, kF);
      k.store_as(y, kF, sl.st, "%g", k.idx("arith.addi", orow, c));
    });
  });
}

}  // namespace

bool is_linear_attn_family(std::string_view op) {
  return op == "tessera.linear_attn" || op == "tessera.lightning_attention" ||
         op == "tessera.gated_deltanet" || op == "tessera.kimi_delta_attention" ||
         op == "tessera.hybrid_attention";
}

ScalarKernel plan_linear_attn(const ir::Op& group, const ir::Op& op, const std::string& name) {
  std::string err;
  const char* label = nullptr;
  const auto sp = ops::read_linear_attn(op, err, label);
  if (!sp) return ScalarKernel::stay(err);
  if (group.operands.size() != 3) return ScalarKernel::stay("without q, k and v");
  const ir::Type& q = group.operands[0]->type;
  const ir::Type& v = group.operands[2]->type;
  if (q.dtype == DType::f64)
    return ScalarKernel::stay(
        "f64 linear attention: its fma chains need an f64 fma, which no Tile IR op or exact "
        "composition of them gives");
  if (!computed_in_f32(q.dtype)) return ScalarKernel::stay("linear attention of " + ty(q.dtype));
  for (const ir::Value* o : group.operands)
    if (o->type.dtype != q.dtype) return ScalarKernel::stay("operands of different types");
  if (q.dtype != kF && op.attrs.get("numeric_policy"))  // it would round the result at storage
    return ScalarKernel::stay("linear attention of " + ty(q.dtype) + " with a numeric policy");
  if (!q.has_static_shape() || !v.has_static_shape() || q.rank() < 2)
    return ScalarKernel::stay("not a static shape of rank >= 2");
  Slice sl;
  sl.st = q.dtype;
  sl.s = q.shape[q.shape.size() - 2];
  sl.dk = q.shape.back();
  sl.dv = v.shape.back();
  const std::optional<int64_t> qn = q.num_elements(), vn = v.num_elements();
  if (!qn || !vn) return ScalarKernel::stay("too many elements");
  if (*qn == 0 || *vn == 0) return ScalarKernel::stay("an empty tensor");
  const int64_t slices = *qn / (sl.s * sl.dk);
  // The state (Dk x Dv, or the S scores of the softmax slot) is one local buffer per tile.
  int64_t local = sl.s;
  if (sp->body == Spec::Body::linear && __builtin_mul_overflow(sl.dk, sl.dv, &local))
    return ScalarKernel::stay("too many elements");
  if (local > kMaxLocalElements)
    return ScalarKernel::stay("a state of " + std::to_string(local) +
                              " elements, more than a tile's local buffer holds (" +
                              std::to_string(kMaxLocalElements) + ")");
  Text k;
  k.k << header(name, {sl.st, sl.st, sl.st}, sl.st);
  sl.qk = k.idx("arith.muli", "%g", k.icst(sl.s * sl.dk));
  sl.vo = k.idx("arith.muli", "%g", k.icst(sl.s * sl.dv));
  if (sp->body == Spec::Body::softmax)
    softmax_body(k, *sp, sl);
  else
    linear_body(k, *sp, sl);
  k.k << "    return\n  }\n";
  ScalarKernel out;
  out.kernel = k.k.str();
  out.grid = {slices};
  out.flat = {*qn, *qn, *vn};
  out.out_2d = {slices, sl.s * sl.dv};
  return out;
}

}  // namespace tessera::transforms
