// MiniMax sparse attention's index scores and block selection as scalar kernels
// (docs/ops/schedule/lowering.md, "Attention"; interp/graph/kernels_attnsparse_select.cpp,
// docs/ops/graph/attnsparse.md). The selection reproduces attn::rank_blocks, a stable sort,
// without sorting: block c's rank is the number of blocks that come before it in the order.
#include <cmath>
#include <optional>
#include <vector>

#include "core/transforms/schedule_to_tile_attn.h"
#include "core/transforms/schedule_to_tile_attn_impl.h"
#include "core/transforms/schedule_to_tile_fma.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using attn_text::kMaxLocal;
using scalar_text::Text;
using scalar_text::ty;

constexpr DType f = DType::f32;

// The ranking class of a block (attn::rank_blocks): 0 a number, 1 masked or -Inf, 2 NaN.
std::string block_class(Text& x, const std::string& s, const std::string& masked, DType t,
                        const std::string& ninf) {
  const std::string low = x.bin("arith.ori", masked, x.cmp_by("oeq", s, ninf, t), DType::i1);
  const std::string nan = x.cmp_by("une", s, s, t);
  const std::string two = x.select(nan, x.icst(2), "%c0", DType::index);
  return x.select(low, "%c1", two, DType::index);
}

// Block a comes before block b: a lower class, or one class and (class 0) a higher score, or
// a tie (neither higher) and a lower index: the stable sort of the ranking.
std::string precedes(Text& x, const std::string& sa, const std::string& ca, const std::string& ia,
                     const std::string& sb, const std::string& cb, const std::string& ib, DType t) {
  const std::string lower = x.cmp_by("slt", ca, cb, DType::index);
  const std::string same = x.cmp_by("eq", ca, cb, DType::index);
  const std::string num = x.cmp_by("eq", ca, "%c0", DType::index);
  const std::string gt = x.bin("arith.andi", num, x.cmp_by("ogt", sa, sb, t), DType::i1);
  const std::string lt = x.bin("arith.andi", num, x.cmp_by("ogt", sb, sa, t), DType::i1);
  const std::string tie = x.cmp_by("eq", lt, gt, DType::i1);  // neither (both cannot hold)
  const std::string first =
      x.bin("arith.andi", tie, x.cmp_by("slt", ia, ib, DType::index), DType::i1);
  const std::string win = x.bin("arith.ori", gt, first, DType::i1);
  return x.bin("arith.ori", lower, x.bin("arith.andi", same, win, DType::i1), DType::i1);
}

// The compute type of a score of storage type t: f64 stays, the others widen to f32.
DType compute_type(DType t) { return t == DType::f64 ? DType::f64 : f; }

std::string load_score(Text& x, DType t, const std::string& at) {
  return x.convert(x.load("%in0", t, at), t, compute_type(t));
}

ScalarKernel finish(Text& x, int64_t rows, std::vector<int64_t> flat, int64_t width) {
  x.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = x.k.str();
  s.grid = {rows};
  s.flat = std::move(flat);
  s.out_2d = {rows, width};
  return s;
}

}  // namespace

std::string attn_text::block_kept(Text& x, const std::string& b, const std::string& nbc,
                                  const Emit& score, DType c, const Emit& masked,
                                  const std::string& forced, const std::string& limit) {
  const std::string ninf = x.fcst(-HUGE_VAL, c);
  const std::string sb = score(b);
  const std::string cb = block_class(x, sb, masked(b), c, ninf);
  const std::string rank = x.fold(
      "%c0", nbc, "%c1", "%c0", DType::index, [&](const std::string& a, const std::string& r) {
        const std::string sa = score(a);
        const std::string ca = block_class(x, sa, masked(a), c, ninf);
        std::string before = precedes(x, sa, ca, a, sb, cb, b, c);
        if (!forced.empty())
          before = x.bin("arith.andi", before, x.cmp_by("ne", a, forced, DType::index), DType::i1);
        return x.idx("arith.addi", r, x.select(before, "%c1", "%c0", DType::index));
      });
  const std::string keep = x.cmp_by("slt", rank, limit, DType::index);
  if (forced.empty()) return keep;
  return x.bin("arith.ori", keep, x.cmp_by("eq", b, forced, DType::index), DType::i1);
}

ScalarKernel plan_msa_select_blocks(const ir::Op& group, const ir::Op& op,
                                    const std::string& name) {
  if (group.operands.size() != 1 || group.results.size() != 1)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type& s = group.operands[0]->type;
  const ir::Type& o = group.result(0)->type;
  const DType t = s.dtype;
  if (t != DType::f32 && t != DType::f64 && t != DType::bf16 && t != DType::f16)
    return ScalarKernel::stay("msa_select_blocks of " + ty(t));
  const std::optional<int64_t> n = s.num_elements(), no = o.num_elements();
  if (!s.has_static_shape() || s.rank() != 4 || !o.has_static_shape() || !n || !no)
    return ScalarKernel::stay("not a static rank-4 score tensor");
  const int64_t sq = s.shape[2], nb = s.shape[3], top_k = op.attrs.get_int("top_k", 1);
  const int64_t bs = op.attrs.get_int("block_size", 1);
  if (*n == 0 || *no == 0) return ScalarKernel::stay("an empty tensor");
  if (top_k < 1 || top_k > nb || bs < 1 || o.dtype != DType::i64 || *no != *n / nb * top_k)
    return ScalarKernel::stay("internal: top_k, block_size or the result do not agree");
  const bool force = op.attrs.get_bool("force_local_block", true);
  const bool causal = op.attrs.get_bool("causal", true);
  const DType c = compute_type(t);
  Text x;
  x.k << scalar_text::header(name, {t}, DType::i64);
  const std::string nbc = x.icst(nb), base = x.idx("arith.muli", "%g", nbc);
  // The local block min(i / bs, N - 1) (read only when causal or forced); causal masks the later
  // blocks, force_local the local one.
  std::string local;
  if (causal || force) {
    const std::string i = x.idx("arith.remsi", "%g", x.icst(sq));
    const std::string bsc = x.icst(bs), last = x.icst(nb - 1);
    local = x.idx("arith.minsi", x.idx("arith.divsi", i, bsc), last);
  }
  auto masked = [&](const std::string& b) {
    if (!causal) return x.cmp_by("ne", "%c0", "%c0", DType::index);  // false
    const std::string later = x.cmp_by("sgt", b, local, DType::index);
    if (!force) return later;
    return x.bin("arith.ori", later, x.cmp_by("eq", b, local, DType::index), DType::i1);
  };
  // Block b is kept when it is the forced local block, or when fewer than `limit` of the other
  // blocks (the local one excluded when forced: it was moved to the front) come before it.
  const std::string limit = x.icst(force ? top_k - 1 : top_k);
  const std::string mo = "memref<?x?xi64>";
  auto score = [&](const std::string& b) { return load_score(x, t, x.idx("arith.addi", base, b)); };
  x.fold("%c0", nbc, "%c1", "%c0", DType::index, [&](const std::string& b, const std::string& cnt) {
    const std::string keep =
        attn_text::block_kept(x, b, nbc, score, c, masked, force ? local : "", limit);
    x.when(keep, [&] {  // kept blocks in increasing order: the sorted top_k ids
      x.store_at(x.un("arith.index_cast", b, DType::index, DType::i64), DType::i64, "%out", mo,
                 "%g, " + cnt, 2);
    });
    return x.idx("arith.addi", cnt, x.select(keep, "%c1", "%c0", DType::index));
  });
  return finish(x, *n / nb, {*n}, top_k);
}

std::string attn_text::block_mean(Text& x, DType t, const std::string& base, const std::string& t0,
                                  const std::string& t1, const std::string& dc,
                                  const std::string& e, const std::string& bsf,
                                  const std::string& mem) {
  // Rows t0 .. t1 - 1 of `mem` summed from +0, divided by bs (attn::block_means).
  const std::string s =
      x.fold(t0, t1, "%c1", x.fcst(0.0, f), f, [&](const std::string& tt, const std::string& acc) {
        const std::string at =
            x.idx("arith.addi", base, x.idx("arith.addi", x.idx("arith.muli", tt, dc), e));
        return x.bin("arith.addf", acc, x.convert(x.load(mem, t, at), t, f), f);
      });
  return x.bin("arith.divf", s, bsf, f);
}

void attn_text::index_scores(
    Text& x, const MsaGeom& g, const std::string& b, const std::string& gi, const std::string& i,
    const std::function<void(const std::string&, const std::string&)>& sink) {
  const DType t = g.t;
  const int64_t grp = g.hq / g.hkv, nb = g.sk / g.bs + (g.sk % g.bs != 0);
  const std::string sqc = x.icst(g.sq), dc = x.icst(g.d), zero = x.fcst(0.0, f);
  // The group's first query head b * Hq + g * G; head hh's row ((that + hh) * Sq + i) * D.
  const std::string hqc = x.icst(g.hq), gc = x.icst(grp);
  const std::string bh = x.idx("arith.muli", b, hqc), gh = x.idx("arith.muli", gi, gc);
  const std::string h0 = x.idx("arith.addi", bh, gh);
  const std::string qm = "memref<" + std::to_string(g.d) + "xf32, 5>";
  x.k << x.ind << "%qg = tile.alloc_register : " << qm << "\n";
  const std::string gf = x.fcst(static_cast<float>(grp), f),
                    bsf = x.fcst(static_cast<float>(g.bs), f);
  x.each("%c0", dc, "%c1", [&](const std::string& e) {  // (sum of the G heads in order) / G
    const std::string sum =
        x.fold("%c0", gc, "%c1", zero, f, [&](const std::string& hh, const std::string& a) {
          const std::string row =
              x.idx("arith.addi", x.idx("arith.muli", x.idx("arith.addi", h0, hh), sqc), i);
          const std::string at = x.idx("arith.addi", x.idx("arith.muli", row, dc), e);
          return x.bin("arith.addf", a, x.convert(x.load("%in0", t, at), t, f), f);
        });
    x.store_at(x.bin("arith.divf", sum, gf, f), f, "%qg", qm, e);
  });
  const std::string kv = x.idx("arith.addi", x.idx("arith.muli", b, x.icst(g.hkv)), gi);
  const std::string kb = x.idx("arith.muli", kv, x.icst(g.sk * g.d)), bsc = x.icst(g.bs);
  const std::string skc = x.icst(g.sk), sc = x.fcst(g.scale, f);
  x.each("%c0", x.icst(nb), "%c1", [&](const std::string& cb) {
    const std::string t0 = x.idx("arith.muli", cb, bsc);
    const std::string t1 = x.idx("arith.minsi", x.idx("arith.addi", t0, bsc), skc);
    const std::string dot =
        x.fold("%c0", dc, "%c1", zero, f, [&](const std::string& e, const std::string& a) {
          const std::string km = attn_text::block_mean(x, t, kb, t0, t1, dc, e, bsf);
          const std::string qe = x.load_at("%qg", qm, f, e);
          return fma_f32(x, qe, km, a);
        });
    sink(cb, x.bin("arith.mulf", dot, sc, f));
  });
}

ScalarKernel plan_msa_index_scores(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (group.operands.size() != 2 || group.results.size() != 1)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type &q = group.operands[0]->type, &k = group.operands[1]->type,
                 &o = group.result(0)->type;
  const DType t = q.dtype;
  if (t != DType::f32 && t != DType::bf16 && t != DType::f16)
    return ScalarKernel::stay("msa_index_scores of " + ty(t) +
                              (t == DType::f64 ? " (no f64 fma in Tile IR)" : ""));
  const std::optional<int64_t> nq = q.num_elements(), nk = k.num_elements(), no = o.num_elements();
  if (!q.has_static_shape() || !k.has_static_shape() || !o.has_static_shape() || q.rank() != 4 ||
      k.rank() != 4 || k.dtype != t || o.dtype != t || !nq || !nk || !no)
    return ScalarKernel::stay("not static rank-4 q and k");
  if (*nq == 0 || *nk == 0 || *no == 0) return ScalarKernel::stay("an empty tensor");
  const int64_t hq = q.shape[1], hkv = k.shape[1], sq = q.shape[2], sk = k.shape[2];
  const int64_t d = q.shape[3], bs = op.attrs.get_int("block_size", 1);
  if (bs < 1 || hq % hkv || k.shape[3] != d) return ScalarKernel::stay("internal: bad extents");
  const int64_t nb = sk / bs + (sk % bs != 0);
  if (d > kMaxLocal) return ScalarKernel::stay("rows longer than 16384 elements");
  if (*no != q.shape[0] * hkv * sq * nb) return ScalarKernel::stay("internal: the result");
  const ir::Attr* sa = op.attrs.get("scale");
  const double scale = sa ? sa->as_double() : 1.0 / std::sqrt(static_cast<double>(d));
  Text x;
  x.k << scalar_text::header(name, {t, t}, t);
  const std::string sqc = x.icst(sq), hkc = x.icst(hkv);
  const std::string i = x.idx("arith.remsi", "%g", sqc), bg = x.idx("arith.divsi", "%g", sqc);
  const std::string b = x.idx("arith.divsi", bg, hkc), gi = x.idx("arith.remsi", bg, hkc);
  const std::string mo = "memref<?x?x" + ty(t) + ">";
  attn_text::index_scores(x, {t, hq, hkv, sq, sk, d, bs, static_cast<float>(scale)}, b, gi, i,
                          [&](const std::string& cb, const std::string& v) {
                            x.store_at(x.convert(v, f, t), t, "%out", mo, "%g, " + cb, 2);
                          });
  return finish(x, *no / nb, {*nq, *nk}, nb);
}

}  // namespace tessera::transforms
