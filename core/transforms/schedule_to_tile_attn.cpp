// The attention family as scalar kernels (docs/ops/schedule/lowering.md, "Attention"). Group g
// is one query row; its loops are the Graph IR kernel's (interp/graph/kernels_attention.cpp,
// docs/ops/graph/attention.md "Evaluation order"): key blocks of 64 in increasing order, each
// score an FMA chain over d from +0 times the scale, the running maximum by `s > m`, the
// rescale by exp(m - m_new) and the FMA of every p into the accumulator row. Scores of a block
// wait in a local buffer of 64, the accumulator row in a local buffer of Dv (f32 throughout).
#include "core/transforms/schedule_to_tile_attn.h"

#include "core/ops/attn_select.h"

#include <cmath>
#include <functional>
#include <optional>
#include <vector>

#include "core/transforms/schedule_to_tile_attn_impl.h"
#include "core/transforms/schedule_to_tile_fma.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using scalar_text::Text;
using scalar_text::ty;

constexpr int64_t kBlockK = 64;  // keys per block of the online softmax (part of the spec)

// A row kernel's extents: q [rows = B * Hq * Sq, D], k [B * Hkv * Sk, D], v [B * Hkv * Sk, Dv];
// query head h reads key/value head h / (Hq / Hkv) (GQA).
struct Dims {
  int64_t hq = 1, hkv = 1, sq = 0, sk = 0, d = 0, dv = 0;
};

// The kept keys of a query row, in increasing order: `count` emits their number for row i (it
// may leave values for `key`), `key` the key index at a position of the list.
struct Row;
struct Keys {
  std::function<std::string(Text&, const std::string& i)> count;
  std::function<std::string(Text&, const std::string& pos)> key;
  bool zero_if_empty = false;  // attnsparse.md: no kept key gives 0 (flash_attn: 0 / 0)
  bool uses_row = true;        // `count` reads the row index i (else it gets "")
  // Element e (f32) of key `key`'s k row and v row, when they are not rows of %in1 and %in2
  // (block means: deepseek's compressed branch).
  std::function<std::string(Text&, const Row&, const std::string&key, const std::string&e)> kval,
      vval;
};

// How the branches of a row combine (deepseek / native sparse attention): `prepare` runs once
// per row after the branches, `apply` maps the branches' outputs of one element to the result.
struct Mix {
  std::function<void(Text&)> prepare;
  std::function<std::string(Text&, const std::vector<std::string>&)> apply;
};

// One query row's attention: where its operands start and which keys it keeps.
struct Row {
  DType t;                // the operands' storage type (computed in f32)
  int64_t d = 0, dv = 0;  // the dot's length and the value row's
  std::string q, k, v;    // first element of the q row, of k row 0, of v row 0 (index)
  std::string count;      // kept keys (index)
  std::string scale;      // f32
  const Keys* keys = nullptr;
};

std::string memref_local(int64_t n) { return "memref<" + std::to_string(n) + "xf32, 5>"; }

// An element of %in<i> at `at`, widened to f32.
std::string elem(Text& t, int i, DType ty_, const std::string& at) {
  return t.convert(t.load("%in" + std::to_string(i), ty_, at), ty_, DType::f32);
}

// Emits the online softmax of `r` over its kept keys into the local buffer `acc` (Dv, f32)
// and returns the final l; acc ends unnormalised (the caller divides by l).
std::string attend(Text& t, const Row& r, const std::string& acc, const std::string& tag) {
  constexpr DType f = DType::f32;
  const std::string accm = memref_local(r.dv), sm = memref_local(kBlockK), sblk = "%sblk" + tag;
  const std::string blk = t.icst(kBlockK), d = t.icst(r.d), dv = t.icst(r.dv);
  const std::string zero = t.fcst(0.0, f), ninf = t.fcst(-HUGE_VAL, f);
  t.k << t.ind << sblk << " = tile.alloc_register : " << sm << "\n";
  t.each("%c0", dv, "%c1", [&](const std::string& e) { t.store_at(zero, f, acc, accm, e); });
  const std::vector<std::string> ml = t.folds(
      "%c0", r.count, blk, {ninf, zero}, {f, f},
      [&](const std::string& j0, const std::vector<std::string>& c) {
        const std::string j1 = t.idx("arith.minsi", r.count, t.idx("arith.addi", j0, blk));
        const std::string m_new =
            t.fold(j0, j1, "%c1", c[0], f, [&](const std::string& j, const std::string& mx) {
              const std::string kj = r.keys->key(t, j);
              const std::string krow = t.idx("arith.addi", r.k, t.idx("arith.muli", kj, d));
              const std::string dot =
                  t.fold("%c0", d, "%c1", zero, f, [&](const std::string& e, const std::string& a) {
                    const std::string qe = elem(t, 0, r.t, t.idx("arith.addi", r.q, e));
                    const std::string ke = r.keys->kval
                                               ? r.keys->kval(t, r, kj, e)
                                               : elem(t, 1, r.t, t.idx("arith.addi", krow, e));
                    return fma_f32(t, qe, ke, a);
                  });
              const std::string s = t.bin("arith.mulf", dot, r.scale, f);
              t.store_at(s, f, sblk, sm, t.idx("arith.subi", j, j0));
              return t.select(t.cmp_by("ogt", s, mx, f), s, mx, f);  // NaN scores are not maxima
            });
        const std::string alpha = t.un("tile.exp", t.bin("arith.subf", c[0], m_new, f), f, f);
        const std::string l1 = t.bin("arith.mulf", c[1], alpha, f);
        t.each("%c0", dv, "%c1", [&](const std::string& e) {
          const std::string a = t.load_at(acc, accm, f, e);
          t.store_at(t.bin("arith.mulf", a, alpha, f), f, acc, accm, e);
        });
        const std::string l2 =
            t.fold(j0, j1, "%c1", l1, f, [&](const std::string& j, const std::string& l) {
              const std::string s = t.load_at(sblk, sm, f, t.idx("arith.subi", j, j0));
              const std::string p = t.un("tile.exp", t.bin("arith.subf", s, m_new, f), f, f);
              const std::string kj = r.keys->key(t, j);
              const std::string vrow = t.idx("arith.addi", r.v, t.idx("arith.muli", kj, dv));
              t.each("%c0", dv, "%c1", [&](const std::string& e) {
                const std::string a = t.load_at(acc, accm, f, e);
                const std::string x = r.keys->vval ? r.keys->vval(t, r, kj, e)
                                                   : elem(t, 2, r.t, t.idx("arith.addi", vrow, e));
                t.store_at(fma_f32(t, p, x, a), f, acc, accm, e);
              });
              return t.bin("arith.addf", l, p, f);
            });
        return std::vector<std::string>{m_new, l2};
      });
  return ml[1];
}

// The kernel of an attention op over q, k, v (the group's operands 0, 1, 2) with extents `g`
// and kept keys `keys`: one group per query row; out[g, :] = acc / l (0 for no kept key with
// zero_if_empty), rounded once to the result type.
ScalarKernel row_kernel(const ir::Op& group, const ir::Op& op, const std::string& name,
                        const Dims& g, const std::vector<const Keys*>& branches,
                        const Mix* mix = nullptr) {
  const ir::Type &q = group.operands[0]->type, &k = group.operands[1]->type,
                 &v = group.operands[2]->type, &o = group.result(0)->type;
  const DType t = q.dtype;
  const std::optional<int64_t> nq = q.num_elements(), nk = k.num_elements(), nv = v.num_elements(),
                               no = o.num_elements();
  if (!nq || !nk || !nv || !no) return ScalarKernel::stay("too many elements");
  if (*nq == 0 || *nk == 0 || *nv == 0 || *no == 0 || g.d == 0 || g.dv == 0 || g.sq == 0 ||
      g.sk == 0)
    return ScalarKernel::stay("an empty tensor");
  if (g.dv > attn_text::kMaxLocal)
    return ScalarKernel::stay("value rows longer than 16384 elements");
  // Every extent is a divisor of an element count, so these products cannot overflow.
  const int64_t rows = *nq / g.d, heads = rows / g.sq, kvs = *nk / (g.sk * g.d);
  if (rows % g.sq || heads % g.hq || g.hq % g.hkv || kvs != heads / g.hq * g.hkv ||
      *nv != kvs * g.sk * g.dv || *no != rows * g.dv)
    return ScalarKernel::stay("internal: q, k, v and the result do not agree");
  // The kernel's scale: the attribute, else 1/sqrt(D) in f64, rounded to f32 (attn::scale_of).
  const ir::Attr* sa = op.attrs.get("scale");
  const double scale = sa ? sa->as_double() : 1.0 / std::sqrt(static_cast<double>(g.d));
  Text x;
  std::vector<DType> ins;  // q, k, v and any further operand (block scores), flattened
  std::vector<int64_t> flat;
  for (const ir::Value* in : group.operands) {
    const std::optional<int64_t> n = in->type.num_elements();
    if (!n || *n == 0) return ScalarKernel::stay("an empty tensor or too many elements");
    ins.push_back(in->type.dtype);
    flat.push_back(*n);
  }
  x.k << scalar_text::header(name, ins, o.dtype);
  const std::string sc = x.fcst(static_cast<float>(scale), DType::f32);
  const std::string sqc = x.icst(g.sq);
  const std::string bh = x.idx("arith.divsi", "%g", sqc);
  bool uses_row = false, any_empty = false;  // emit only values the kernel reads (func_w1)
  for (const Keys* k : branches) {
    uses_row |= k->uses_row;
    any_empty |= k->zero_if_empty;
  }
  const std::string i = uses_row ? x.idx("arith.remsi", "%g", sqc) : "";
  std::string kv = bh;  // the key/value head of query head bh = b * Hq + h
  if (g.hq != g.hkv) {
    const std::string hq = x.icst(g.hq);
    const std::string b = x.idx("arith.divsi", bh, hq), h = x.idx("arith.remsi", bh, hq);
    const std::string hk = x.idx("arith.divsi", h, x.icst(g.hq / g.hkv));
    kv = x.idx("arith.addi", x.idx("arith.muli", b, x.icst(g.hkv)), hk);
  }
  // One accumulator row and l per branch (%acc, %acc1, ...), then out = the branches' acc / l
  // (0 for no kept key with zero_if_empty), mixed, rounded once to the result type.
  std::vector<std::string> accs, ls, nones;
  for (size_t n = 0; n < branches.size(); ++n) {
    Row r{t, g.d, g.dv, "", "", "", "", sc, branches[n]};
    r.count = branches[n]->count(x, i);
    r.q = x.idx("arith.muli", "%g", x.icst(g.d));
    r.k = x.idx("arith.muli", kv, x.icst(g.sk * g.d));  // <= the element count of k
    r.v = x.idx("arith.muli", kv, x.icst(g.sk * g.dv));
    const std::string tag = n ? std::to_string(n) : "";
    accs.push_back("%acc" + tag);
    x.k << "    " << accs.back() << " = tile.alloc_register : " << memref_local(g.dv) << "\n";
    ls.push_back(attend(x, r, accs.back(), tag));
    nones.push_back(branches[n]->zero_if_empty ? x.cmp_by("eq", r.count, "%c0", DType::index) : "");
  }
  if (mix) mix->prepare(x);
  const std::string zero = any_empty ? x.fcst(0.0, DType::f32) : "";
  x.each("%c0", x.icst(g.dv), "%c1", [&](const std::string& e) {
    std::vector<std::string> ys;
    for (size_t n = 0; n < branches.size(); ++n) {
      const std::string a = x.load_at(accs[n], memref_local(g.dv), DType::f32, e);
      ys.push_back(x.bin("arith.divf", a, ls[n], DType::f32));
      if (!nones[n].empty()) ys.back() = x.select(nones[n], zero, ys.back(), DType::f32);
    }
    const std::string y = mix ? mix->apply(x, ys) : ys[0];
    x.store_at(x.convert(y, DType::f32, o.dtype), o.dtype, "%out",
               "memref<?x?x" + ty(o.dtype) + ">", "%g, " + e, 2);
  });
  x.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = x.k.str();
  s.grid = {rows};
  s.flat = std::move(flat);
  s.out_2d = {rows, g.dv};
  return s;
}

// Why q, k, v and the result of an attention op do not lower ("" when they do): f32, bf16 or
// f16 operands of one type and static shapes of `rank` (0: 2, 3 or 4), the result of their
// type or f32.
std::string operand_reason(const ir::Op& group, const ir::Op& op, int64_t rank) {
  if (op.attrs.get("numeric_policy")) return "a numeric policy";
  if (group.operands.size() < 3 || group.results.size() != 1)
    return "internal: the group's operands are not the op's";
  const DType t = group.operands[0]->type.dtype;
  if (t == DType::f64)
    return "f64 attention: its dot products are f64 fma chains, which no Tile IR op or exact "
           "composition of them gives";
  if (t != DType::f32 && t != DType::bf16 && t != DType::f16) return op.name + " of " + ty(t);
  const int64_t rk = group.operands[0]->type.rank();
  for (size_t n = 0; n < group.operands.size(); ++n) {
    const ir::Type& x = group.operands[n]->type;
    if (!x.has_static_shape() || x.dtype != t || x.rank() != rk) return "not static q, k, v";
  }
  const ir::Type& o = group.result(0)->type;
  if (!o.has_static_shape() || (o.dtype != t && o.dtype != DType::f32))
    return "a result of another type";
  if (rank ? rk != rank : rk < 2 || rk > 4) return "q, k, v of another rank";
  return "";
}

int64_t dim(const ir::Value* v, int64_t i) {
  const ir::Type& x = v->type;
  return x.shape[static_cast<size_t>(i < 0 ? i + x.rank() : i)];
}

// An i1 false: no block is masked (not causal).
std::string no_block(Text& x) { return x.cmp_by("ne", "%c0", "%c0", DType::index); }

// attn_sliding_window_s1's keys of row i: causal max(0, i - w + 1) .. i, else max(0, i - w/2)
// .. i + w/2, both cut at Sk - 1; sets `lo` (the first) and returns their number (0 for a row
// past its window).
std::string window_count(Text& x, const std::string& i, int64_t w, bool causal, int64_t sk,
                         std::string& lo) {
  const std::string back = x.icst(causal ? w - 1 : w / 2);
  lo = x.idx("arith.maxsi", x.idx("arith.subi", i, back), "%c0");
  const std::string fwd = causal ? i : x.idx("arith.addi", i, back);
  const std::string hi = x.idx("arith.minsi", fwd, x.icst(sk - 1));
  const std::string n = x.idx("arith.addi", x.idx("arith.subi", hi, lo), "%c1");
  return x.idx("arith.maxsi", n, "%c0");
}

// Dims of rank-4 q [B, Hq, Sq, D], k [B, Hkv, Sk, D], v [B, Hkv, Sk, Dv].
Dims gqa_dims(const ir::Op& group) {
  const auto& in = group.operands;
  return {dim(in[0], 1), dim(in[1], 1), dim(in[0], 2), dim(in[1], 2), dim(in[0], 3), dim(in[2], 3)};
}

}  // namespace

ScalarKernel plan_flash_attn(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (std::string why = operand_reason(group, op, 0); !why.empty()) return ScalarKernel::stay(why);
  const auto& in = group.operands;
  const Dims g{1, 1, dim(in[0], -2), dim(in[1], -2), dim(in[0], -1), dim(in[2], -1)};
  const bool causal = op.attrs.get_bool("causal", false);
  const int64_t sk = g.sk;
  // Key j is kept iff j < Sk and, causal, j <= i (the mask's top-left alignment).
  Keys keys;
  keys.count = [&](Text& x, const std::string& i) {
    const std::string skc = x.icst(sk);
    return causal ? x.idx("arith.minsi", skc, x.idx("arith.addi", i, "%c1")) : skc;
  };
  keys.key = [](Text&, const std::string& pos) { return pos; };
  keys.uses_row = causal;
  return row_kernel(group, op, name, g, {&keys});
}

ScalarKernel plan_sparse_attn(const ir::Op& group, const ir::Op& op, const std::string& name) {
  const bool grid2d = op.name == "tessera.attn_local_window_2d";
  if (std::string why = operand_reason(group, op, grid2d ? 5 : 4); !why.empty())
    return ScalarKernel::stay(why);
  const auto& in = group.operands;
  std::string lo, wx;  // the first kept key; the window's width (2-D)
  Keys keys;
  keys.zero_if_empty = true;
  keys.key = [&](Text& x, const std::string& pos) {
    if (wx.empty()) return x.idx("arith.addi", lo, pos);
    const std::string y = x.idx("arith.divsi", pos, wx), c = x.idx("arith.remsi", pos, wx);
    const std::string row = x.idx("arith.muli", y, "%ws");
    return x.idx("arith.addi", row, x.idx("arith.addi", lo, c));
  };
  Dims g = gqa_dims(group);
  if (op.name == "tessera.attn_compressed_blocks") {  // every key
    keys.uses_row = false;
    keys.count = [&](Text& x, const std::string&) {
      lo = "%c0";
      return x.icst(g.sk);
    };
  } else if (op.name == "tessera.attn_sliding_window") {
    // attn_sliding_window_s1: causal keeps max(0, i - w + 1) .. i, else max(0, i - w/2) ..
    // i + w/2; both cut at Sk - 1. A row past its window keeps none.
    const int64_t w = op.attrs.get_int("window_size", 1);
    const bool causal = op.attrs.get_bool("causal", true);
    if (w < 1 || w > (int64_t{1} << 40)) return ScalarKernel::stay("a bad window_size");
    keys.count = [&, w, causal](Text& x, const std::string& i) {
      return window_count(x, i, w, causal, g.sk, lo);
    };
  } else {  // attn_local_window_2d: the (2rh+1) x (2rw+1) cells around (y, x) inside the grid
    const int64_t hs = dim(in[0], 2), ws = dim(in[0], 3);
    const std::optional<std::vector<int64_t>> win =
        op.attrs.get("window") ? op.attrs.get("window")->as_int_array() : std::nullopt;
    if (!win || win->size() != 2 || (*win)[0] < 0 || (*win)[1] < 0)
      return ScalarKernel::stay("a bad window");
    const int64_t rh = (*win)[0], rw = (*win)[1];
    g = {dim(in[0], 1), dim(in[1], 1), hs * ws, hs * ws, dim(in[0], 4), dim(in[2], 4)};
    keys.count = [&, hs, ws, rh, rw](Text& x, const std::string& i) {
      const std::string wsc = x.icst(ws);
      x.k << x.ind << "%ws = arith.addi " << wsc << ", %c0 : index\n";
      const std::string y = x.idx("arith.divsi", i, "%ws"), c = x.idx("arith.remsi", i, "%ws");
      auto span = [&](const std::string& at, int64_t r, int64_t n, std::string& first) {
        const std::string rc = x.icst(r);
        first = x.idx("arith.maxsi", x.idx("arith.subi", at, rc), "%c0");
        const std::string end = x.icst(n - 1);
        const std::string last = x.idx("arith.minsi", x.idx("arith.addi", at, rc), end);
        return x.idx("arith.addi", x.idx("arith.subi", last, first), "%c1");
      };
      std::string y0, x0;
      const std::string ny = span(y, rh, hs, y0);
      wx = span(c, rw, ws, x0);
      // key = (y0 + pos / wx) * Ws + x0 + pos % wx = lo + (pos / wx) * Ws + pos % wx.
      const std::string base = x.idx("arith.muli", y0, "%ws");
      lo = x.idx("arith.addi", base, x0);
      return x.idx("arith.muli", ny, wx);
    };
  }
  return row_kernel(group, op, name, g, {&keys});
}

namespace {

// The kept-key list of a row in a local i32 buffer %kept (Sk entries): for each block b in
// increasing order that `kept(b)` (an i1) selects, its tokens [b * bs, min((b + 1) * bs, Sk)),
// with causal only those <= i (attn::add_block_tokens). Returns their number.
std::string block_tokens(Text& x, int64_t nb, int64_t bs, int64_t sk, bool causal,
                         const std::string& i, const attn_text::Emit& kept) {
  const std::string km = "memref<" + std::to_string(sk) + "xi32, 5>";
  x.k << x.ind << "%kept = tile.alloc_register : " << km << "\n";
  const std::string bsc = x.icst(bs), skc = x.icst(sk), nbc = x.icst(nb);
  const std::string i1 = causal ? x.idx("arith.addi", i, "%c1") : "";
  return x.fold(
      "%c0", nbc, "%c1", "%c0", DType::index, [&](const std::string& b, const std::string& n) {
        const std::string keep = kept(b);
        const std::string t0 = x.idx("arith.muli", b, bsc);
        std::string t1 = x.idx("arith.minsi", x.idx("arith.addi", t0, bsc), skc);
        if (causal) t1 = x.idx("arith.minsi", t1, i1);
        return x.fold(t0, t1, "%c1", n, DType::index,
                      [&](const std::string& tok, const std::string& m) {
                        x.when(keep, [&] {
                          x.store_at(x.un("arith.index_cast", tok, DType::index, DType::i32),
                                     DType::i32, "%kept", km, m);
                        });
                        return x.idx("arith.addi", m, x.select(keep, "%c1", "%c0", DType::index));
                      });
      });
}

// Key at list position `pos` of %kept (Sk entries).
std::string kept_key(Text& x, int64_t sk, const std::string& pos) {
  const std::string v =
      x.load_at("%kept", "memref<" + std::to_string(sk) + "xi32, 5>", DType::i32, pos);
  return x.un("arith.index_cast", v, DType::i32, DType::index);
}

}  // namespace

ScalarKernel plan_block_attn(const ir::Op& group, const ir::Op& op, const std::string& name) {
  const bool msa = op.name == "tessera.msa_sparse_attention";
  if (std::string why = operand_reason(group, op, 4); !why.empty()) return ScalarKernel::stay(why);
  if (group.operands.size() != (msa ? 3u : 4u))
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const Dims g = gqa_dims(group);
  const int64_t bs = op.attrs.get_int("block_size", 1), top_k = op.attrs.get_int("top_k", 1);
  const bool causal = op.attrs.get_bool("causal", true);
  const bool force = op.attrs.get_bool("force_local_block", true);
  if (bs < 1 || top_k < 1 || g.sk > attn_text::kMaxLocal)
    return ScalarKernel::stay("a block_size or top_k below 1, or more than 16384 keys");
  const int64_t nb = msa ? g.sk / bs + (g.sk % bs != 0) : g.sk / bs;
  const DType t = group.operands[0]->type.dtype;
  const ir::Attr* sa = op.attrs.get("scale");
  const float scale =
      static_cast<float>(sa ? sa->as_double() : 1.0 / std::sqrt(static_cast<double>(g.d)));
  Keys keys;
  keys.zero_if_empty = true;
  keys.uses_row = msa || causal;
  keys.key = [&](Text& x, const std::string& pos) { return kept_key(x, g.sk, pos); };
  keys.count = [&](Text& x, const std::string& i) {
    const std::string nbc = x.icst(nb), bsc = msa || causal ? x.icst(bs) : "";
    if (!msa) {  // attn_top_k_blocks_s1: row g's scores, blocks after i's masked when causal
      const std::string base = x.idx("arith.muli", "%g", nbc);
      const std::string ib = causal ? x.idx("arith.divsi", i, bsc) : "", limit = x.icst(top_k);
      auto score = [&](const std::string& c) {
        return x.convert(x.load("%in3", t, x.idx("arith.addi", base, c)), t, DType::f32);
      };
      auto masked = [&](const std::string& c) {
        return causal ? x.cmp_by("sgt", c, ib, DType::index) : no_block(x);
      };
      return block_tokens(x, nb, bs, g.sk, causal, i, [&](const std::string& b) {
        return attn_text::block_kept(x, b, nbc, score, DType::f32, masked, "", limit);
      });
    }
    // msa_sparse_attention: the index scores of the row's kv group (a local buffer of N), then
    // msa_select_blocks_s1's selection.
    const std::string sm = "memref<" + std::to_string(nb) + "xf32, 5>";
    x.k << x.ind << "%msc = tile.alloc_register : " << sm << "\n";
    const std::string bh = x.idx("arith.divsi", "%g", x.icst(g.sq)), hqc = x.icst(g.hq);
    const std::string b = x.idx("arith.divsi", bh, hqc), h = x.idx("arith.remsi", bh, hqc);
    const std::string gi = x.idx("arith.divsi", h, x.icst(g.hq / g.hkv));
    attn_text::index_scores(x, {t, g.hq, g.hkv, g.sq, g.sk, g.d, bs, scale}, b, gi, i,
                            [&](const std::string& cb, const std::string& v) {
                              x.store_at(v, DType::f32, "%msc", sm, cb);
                            });
    const std::string last = x.icst(nb - 1);
    const std::string local = x.idx("arith.minsi", x.idx("arith.divsi", i, bsc), last);
    const std::string limit = x.icst(force ? top_k - 1 : top_k);
    auto score = [&](const std::string& c) { return x.load_at("%msc", sm, DType::f32, c); };
    auto masked = [&](const std::string& c) {
      if (!causal) return no_block(x);
      const std::string later = x.cmp_by("sgt", c, local, DType::index);
      if (!force) return later;
      return x.bin("arith.ori", later, x.cmp_by("eq", c, local, DType::index), DType::i1);
    };
    return block_tokens(x, nb, bs, g.sk, causal, i, [&](const std::string& blk) {
      return attn_text::block_kept(x, blk, nbc, score, DType::f32, masked, force ? local : "",
                                   limit);
    });
  };
  if (nb < 1 || (msa && top_k > nb)) return ScalarKernel::stay("no blocks, or top_k above N");
  return row_kernel(group, op, name, g, {&keys});
}

ScalarKernel plan_lookahead_attn(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (std::string why = operand_reason(group, op, 4); !why.empty()) return ScalarKernel::stay(why);
  const Dims g = gqa_dims(group);
  const int64_t bs = op.attrs.get_int("block_size", 1), w = op.attrs.get_int("window_size", 1);
  const bool causal = op.attrs.get_bool("causal", true);
  const int64_t nb = bs >= 1 ? g.sk / bs : 0;
  if (g.hq != g.hkv || g.sq != g.sk || g.sk > attn_text::kMaxLocal || nb < 1 || w < 1 ||
      w > (int64_t{1} << 40))
    return ScalarKernel::stay("not one sequence of whole blocks, or more than 16384 keys");
  // lookahead_sparse_attention_s1: block c is selected when (q_i . kmean_c) * (1/sqrt(D)) >=
  // logit(threshold), compared in f64; the logit is the Graph IR kernel's (ops::lookahead_cut).
  const double cut = ops::lookahead_cut(op.attrs.get_float("threshold", 0.5));
  const float sel_scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(g.d)));
  const DType t = group.operands[0]->type.dtype;
  Keys keys;
  keys.zero_if_empty = true;
  keys.key = [&](Text& x, const std::string& pos) { return kept_key(x, g.sk, pos); };
  keys.count = [&](Text& x, const std::string& i) {
    constexpr DType f = DType::f32;
    const std::string sm = "memref<" + std::to_string(nb) + "xi32, 5>";
    x.k << x.ind << "%lsel = tile.alloc_register : " << sm << "\n";
    const std::string dc = x.icst(g.d), bsc = x.icst(bs), skc = x.icst(g.sk);
    const std::string qrow = x.idx("arith.muli", "%g", dc), ib = x.idx("arith.divsi", i, bsc);
    const std::string hsk = x.icst(g.sk * g.d);
    const std::string kb = x.idx("arith.muli", x.idx("arith.divsi", "%g", skc), hsk);
    const std::string bsf = x.fcst(static_cast<float>(bs), f), ss = x.fcst(sel_scale, f);
    const std::string cutc = x.fcst(cut, DType::f64), zero = x.fcst(0.0, f);
    const std::string one = x.un("arith.index_cast", "%c1", DType::index, DType::i32);
    const std::string none = x.un("arith.index_cast", "%c0", DType::index, DType::i32);
    const std::string n =
        x.fold("%c0", x.icst(nb), "%c1", "%c0", DType::index,
               [&](const std::string& cb, const std::string& cnt) {
                 const std::string t0 = x.idx("arith.muli", cb, bsc);
                 const std::string t1 = x.idx("arith.minsi", x.idx("arith.addi", t0, bsc), skc);
                 const std::string dot = x.fold(
                     "%c0", dc, "%c1", zero, f, [&](const std::string& e, const std::string& a) {
                       const std::string km = attn_text::block_mean(x, t, kb, t0, t1, dc, e, bsf);
                       const std::string qe = elem(x, 0, t, x.idx("arith.addi", qrow, e));
                       return fma_f32(x, qe, km, a);
                     });
                 const std::string v = x.convert(x.bin("arith.mulf", dot, ss, f), f, DType::f64);
                 std::string ok = x.cmp_by("oge", v, cutc, DType::f64);
                 if (causal)
                   ok = x.bin("arith.andi", ok, x.cmp_by("sle", cb, ib, DType::index), DType::i1);
                 x.store_at(x.select(ok, one, none, DType::i32), DType::i32, "%lsel", sm, cb);
                 return x.idx("arith.addi", cnt, x.select(ok, "%c1", "%c0", DType::index));
               });
    // No block selected: the row's own block min(i / bs, N - 1).
    x.when(x.cmp_by("eq", n, "%c0", DType::index), [&] {
      const std::string own = x.idx("arith.minsi", ib, x.icst(nb - 1));
      x.store_at(one, DType::i32, "%lsel", sm, own);
    });
    // The kept keys: the window (attn_sliding_window_s1) and the selected blocks' tokens, with
    // causal only those <= i, in increasing order.
    const std::string back = x.icst(causal ? w - 1 : w / 2);
    const std::string lo = x.idx("arith.maxsi", x.idx("arith.subi", i, back), "%c0");
    const std::string hi = causal ? i : x.idx("arith.addi", i, back);
    const std::string covered = x.icst(nb * bs);
    const std::string km = "memref<" + std::to_string(g.sk) + "xi32, 5>";
    x.k << x.ind << "%kept = tile.alloc_register : " << km << "\n";
    return x.fold(
        "%c0", skc, "%c1", "%c0", DType::index, [&](const std::string& tok, const std::string& m) {
          const std::string ge = x.cmp_by("sge", tok, lo, DType::index);
          const std::string in_w =
              x.bin("arith.andi", ge, x.cmp_by("sle", tok, hi, DType::index), DType::i1);
          const std::string inb = x.cmp_by("slt", tok, covered, DType::index);
          const std::string blk =
              x.select(inb, x.idx("arith.divsi", tok, bsc), "%c0", DType::index);
          const std::string sel =
              x.cmp_by("ne", x.load_at("%lsel", sm, DType::i32, blk), none, DType::i32);
          const std::string in_b = x.bin("arith.andi", inb, sel, DType::i1);
          std::string keep = x.bin("arith.ori", in_w, in_b, DType::i1);
          if (causal)
            keep = x.bin("arith.andi", keep, x.cmp_by("sle", tok, i, DType::index), DType::i1);
          x.when(keep, [&] {
            x.store_at(x.un("arith.index_cast", tok, DType::index, DType::i32), DType::i32, "%kept",
                       km, m);
          });
          return x.idx("arith.addi", m, x.select(keep, "%c1", "%c0", DType::index));
        });
  };
  return row_kernel(group, op, name, g, {&keys});
}

ScalarKernel plan_nsa_attn(const ir::Op& group, const ir::Op& op, const std::string& name) {
  const bool native = op.name == "tessera.native_sparse_attn_fused";
  if (std::string why = operand_reason(group, op, 4); !why.empty()) return ScalarKernel::stay(why);
  const bool gate = !native && group.operands.size() == 4;
  const Dims g = gqa_dims(group);
  const int64_t bs = op.attrs.get_int("block_size", 1), w = op.attrs.get_int("window_size", 1);
  const int64_t top_k = op.attrs.get_int("top_k", 1);
  const bool causal = op.attrs.get_bool("causal", true);
  if (bs < 1 || g.sk % bs || w < 1 || w > (int64_t{1} << 40) || top_k < 1 ||
      g.sk > attn_text::kMaxLocal)
    return ScalarKernel::stay(
        "block_size not dividing Sk, a bad window_size or top_k, or more "
        "than 16384 keys");
  const int64_t nb = g.sk / bs;
  const DType t = group.operands[0]->type.dtype;
  constexpr DType f = DType::f32;
  // deepseek_sparse_attention_s1: o_w over the sliding window, o_c over the block means of k and
  // v (all N), o_s over the top_k blocks by scores (native: the operand; deepseek: q . k_c, an
  // unscaled fma chain); out = (o_w * w0 + o_c * w1) + o_s * w2.
  Keys win, comp, sel;
  win.zero_if_empty = comp.zero_if_empty = sel.zero_if_empty = true;
  std::string lo;
  win.count = [&](Text& x, const std::string& i) {
    return window_count(x, i, w, causal, g.sk, lo);
  };
  win.key = [&](Text& x, const std::string& pos) { return x.idx("arith.addi", lo, pos); };
  std::string bsc, bsf;
  comp.count = [&](Text& x, const std::string&) {
    bsc = x.icst(bs);
    bsf = x.fcst(static_cast<float>(bs), f);
    return x.icst(nb);
  };
  comp.key = [](Text&, const std::string& pos) { return pos; };
  auto mean = [&](Text& x, const std::string& base, int64_t width, const std::string& c,
                  const std::string& e, const char* mem) {
    const std::string t0 = x.idx("arith.muli", c, bsc), t1 = x.idx("arith.addi", t0, bsc);
    return attn_text::block_mean(x, t, base, t0, t1, x.icst(width), e, bsf, mem);
  };
  comp.kval = [&](Text& x, const Row& r, const std::string& c, const std::string& e) {
    return mean(x, r.k, g.d, c, e, "%in1");
  };
  comp.vval = [&](Text& x, const Row& r, const std::string& c, const std::string& e) {
    return mean(x, r.v, g.dv, c, e, "%in2");
  };
  sel.key = [&](Text& x, const std::string& pos) { return kept_key(x, g.sk, pos); };
  sel.count = [&](Text& x, const std::string& i) {
    const std::string nbc = x.icst(nb), ib = causal ? x.idx("arith.divsi", i, bsc) : "";
    const std::string sm = "memref<" + std::to_string(nb) + "xf32, 5>";
    x.k << x.ind << "%nsc = tile.alloc_register : " << sm << "\n";
    if (native) {  // the operand's scores of row g
      const std::string base = x.idx("arith.muli", "%g", nbc);
      x.each("%c0", nbc, "%c1", [&](const std::string& c) {
        const std::string v = x.load("%in3", t, x.idx("arith.addi", base, c));
        x.store_at(x.convert(v, t, f), f, "%nsc", sm, c);
      });
    } else {  // s_c = q . k_c from +0, unscaled, against the row's kv head's block means
      const std::string dc = x.icst(g.d), zero = x.fcst(0.0, f);
      const std::string sq = x.icst(g.sq), kvrow = x.idx("arith.divsi", "%g", sq);
      std::string kb = kvrow;  // the kv head, as row_kernel finds it
      if (g.hq != g.hkv) {
        const std::string hq = x.icst(g.hq), grp = x.icst(g.hq / g.hkv), hk = x.icst(g.hkv);
        const std::string b = x.idx("arith.divsi", kvrow, hq), h = x.idx("arith.remsi", kvrow, hq);
        const std::string bk = x.idx("arith.muli", b, hk);
        kb = x.idx("arith.addi", bk, x.idx("arith.divsi", h, grp));
      }
      const std::string base = x.idx("arith.muli", kb, x.icst(g.sk * g.d));
      const std::string qrow = x.idx("arith.muli", "%g", dc);
      x.each("%c0", nbc, "%c1", [&](const std::string& c) {
        const std::string dot =
            x.fold("%c0", dc, "%c1", zero, f, [&](const std::string& e, const std::string& a) {
              const std::string qe = elem(x, 0, t, x.idx("arith.addi", qrow, e));
              return fma_f32(x, qe, mean(x, base, g.d, c, e, "%in1"), a);
            });
        x.store_at(dot, f, "%nsc", sm, c);
      });
    }
    const std::string limit = x.icst(top_k);
    auto score = [&](const std::string& c) { return x.load_at("%nsc", sm, f, c); };
    auto masked = [&](const std::string& c) {
      return causal ? x.cmp_by("sgt", c, ib, DType::index) : no_block(x);
    };
    return block_tokens(x, nb, bs, g.sk, causal, i, [&](const std::string& b) {
      return attn_text::block_kept(x, b, nbc, score, f, masked, "", limit);
    });
  };
  std::vector<std::string> wt;
  Mix mix;
  mix.prepare = [&](Text& x) {
    if (!gate) {
      wt.assign(3, x.fcst(static_cast<float>(1.0 / 3.0), f));
      return;
    }
    // The gate's softmax over its three logits: max from the first by >, exp, sum from +0.
    const std::string base = x.idx("arith.muli", "%g", x.icst(3));
    std::vector<std::string> gl;
    for (int j = 0; j < 3; ++j) {
      const std::string at = x.idx("arith.addi", base, x.icst(j));
      gl.push_back(x.convert(x.load("%in3", t, at), t, f));
    }
    std::string m = gl[0];
    for (int j = 1; j < 3; ++j) m = x.select(x.cmp_by("ogt", gl[j], m, f), gl[j], m, f);
    std::string sum = x.fcst(0.0, f);
    for (int j = 0; j < 3; ++j) {
      wt.push_back(x.un("tile.exp", x.bin("arith.subf", gl[j], m, f), f, f));
      sum = x.bin("arith.addf", sum, wt.back(), f);
    }
    for (std::string& v : wt) v = x.bin("arith.divf", v, sum, f);
  };
  mix.apply = [&](Text& x, const std::vector<std::string>& o) {
    const std::string a = x.bin("arith.mulf", o[0], wt[0], f);
    const std::string b = x.bin("arith.mulf", o[1], wt[1], f);
    const std::string c = x.bin("arith.mulf", o[2], wt[2], f);
    return x.bin("arith.addf", x.bin("arith.addf", a, b, f), c, f);
  };
  return row_kernel(group, op, name, g, {&win, &comp, &sel}, &mix);
}

}  // namespace tessera::transforms
