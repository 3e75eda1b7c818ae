// Scalar reductions and losses (docs/ops/schedule/lowering.md, "Scalar reductions", "Losses"):
// each fold is an scf.for carrying one scalar accumulator, started from the first element and
// rounded once per step, exactly the Graph IR kernels' loops (interp/graph/kernels_reduce.cpp,
// kernels_loss.cpp, kernels_cross_entropy.cpp).
#include "core/transforms/schedule_to_tile_reduce.h"

#include <cmath>
#include <sstream>
#include <utility>

#include "core/ir/attribute.h"
#include "core/transforms/schedule_to_tile_emit.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using scalar_text::header;
using scalar_text::narrow;
using scalar_text::Text;
using scalar_text::ty;

bool reduce_type(DType t) { return t == DType::f32 || t == DType::f64 || narrow(t); }

}  // namespace

ScalarKernel plan_scalar_reduce(const std::string& name, DType in, int64_t rows, int64_t width,
                                const std::string& kind, std::optional<DType> accum) {
  if (!reduce_type(in)) return ScalarKernel::stay(std::string("no scalar reduction of ") + ty(in));
  if (rows <= 0 || width < 0) return ScalarKernel::stay("an empty tensor");
  int64_t n = 0;
  if (__builtin_mul_overflow(rows, width, &n)) return ScalarKernel::stay("too many elements");
  // The Graph IR kernel sees narrow floats widened to f32 (E) and folds sum and mean in the
  // policy's accumulator (A, default E); max and min fold in E. Its result rounds A -> E
  // (static_cast<T>) and the interpreter rounds E to the storage type (narrow floats).
  const DType e = narrow(in) ? DType::f32 : in;
  const bool minmax = kind == "max" || kind == "min";
  const DType a = minmax ? e : accum.value_or(e);
  Text t;
  t.k << header(name, {in}, in);
  ScalarKernel s;
  s.grid = {rows};
  s.flat = {n};
  s.out_2d = {rows, 1};
  if (width == 0) {  // nothing to fold: the kernel's empty results
    // max: -Inf, min: +Inf (in E); sum: A(0); mean: A(0) / A(0), a NaN.
    std::string r = minmax ? t.fcst(kind == "max" ? -HUGE_VAL : HUGE_VAL, a) : t.fcst(0.0, a);
    if (kind == "mean") r = t.bin("arith.divf", r, r, a);
    t.store(t.convert(t.convert(r, a, e), e, in), in, "%g");
    t.k << "    return\n  }\n";
    s.kernel = t.k.str();
    return s;
  }
  const std::string w = t.icst(width);
  const std::string row = t.idx("arith.muli", "%g", w);
  auto elem = [&](const std::string& i) {
    return t.convert(t.convert(t.load("%in0", in, i), in, e), e, a);
  };
  const std::string first = elem(row);
  const char* op = kind == "max"   ? "arith.maximumf"
                   : kind == "min" ? "arith.minimumf"
                                   : "arith.addf";
  std::string r =
      t.fold("%c1", w, "%c1", first, a, [&](const std::string& j, const std::string& acc) {
        return t.bin(op, acc, elem(t.idx("arith.addi", row, j)), a);
      });
  if (kind == "mean")  // acc / static_cast<A>(k_count)
    r = t.bin("arith.divf", r,
              t.fcst(a == DType::f32 ? static_cast<double>(static_cast<float>(width))
                                     : static_cast<double>(width),
                     a),
              a);
  t.store(t.convert(t.convert(r, a, e), e, in), in, "%g");
  t.k << "    return\n  }\n";
  s.kernel = t.k.str();
  return s;
}

ScalarKernel plan_scalar_mse(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  if (group.operands.size() != 2) return ScalarKernel::stay("mse without two operands");
  const ir::Type& x = group.operands[0]->type;
  const DType t = x.dtype;
  if ((t != DType::f32 && t != DType::f64) || !x.has_static_shape() ||
      group.operands[1]->type != x || group.result(0)->type.dtype != t)
    return ScalarKernel::stay("not an f32 or f64 mse of static shape");
  const std::optional<int64_t> n = x.num_elements();
  if (!n) return ScalarKernel::stay("too many elements");
  const std::string red = op.attrs.get_string("reduction", "mean");
  if (red != "mean" && red != "sum") return ScalarKernel::stay("reduction '" + red + "'");
  Text k;
  k.k << header(name, {t, t}, t);
  std::string r;
  if (*n == 0) {  // acc = 0 (and 0 / 0 for "mean")
    r = k.fcst(0.0, t);
    if (red == "mean") r = k.bin("arith.divf", r, r, t);
  } else {
    // d_0 * d_0, then acc + d_i * d_i (each product and sum rounded once).
    auto sq = [&](const std::string& i) {
      const std::string ai = k.load("%in0", t, i), bi = k.load("%in1", t, i);
      const std::string d = k.bin("arith.subf", ai, bi, t);
      return k.bin("arith.mulf", d, d, t);
    };
    r = k.fold("%c1", k.icst(*n), "%c1", sq("%c0"), t,
               [&](const std::string& i, const std::string& acc) {
                 return k.bin("arith.addf", acc, sq(i), t);
               });
    if (red == "mean")  // acc / static_cast<T>(n)
      r = k.bin("arith.divf", r,
                k.fcst(t == DType::f32 ? static_cast<double>(static_cast<float>(*n))
                                       : static_cast<double>(*n),
                       t),
                t);
  }
  k.store(r, t, "%c0");
  k.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = k.k.str();
  s.grid = {1};
  s.flat = {*n, *n};
  s.out_2d = {1, 1};
  return s;
}

namespace {

bool label_type(DType t) {
  return t == DType::i8 || t == DType::i16 || t == DType::i32 || t == DType::i64 ||
         t == DType::u8 || t == DType::u16 || t == DType::u32 || t == DType::u64;
}

}  // namespace

ScalarKernel plan_cross_entropy(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  if (group.operands.size() != 2) return ScalarKernel::stay("cross_entropy without two operands");
  const ir::Type& x = group.operands[0]->type;
  const ir::Type& y = group.operands[1]->type;
  if (x.dtype != DType::f64 && x.dtype != DType::f32)
    return ScalarKernel::stay("cross_entropy of " + ty(x.dtype));
  if (!x.has_static_shape() || !y.has_static_shape() || x.rank() < 1 ||
      group.result(0)->type.dtype != x.dtype)
    return ScalarKernel::stay("not a cross_entropy of static shape");
  if (!label_type(y.dtype)) return ScalarKernel::stay("labels of " + ty(y.dtype));
  const std::optional<int64_t> xn = x.num_elements(), rows = y.num_elements();
  const int64_t classes = x.shape.back();
  if (!xn || !rows || *rows == 0 || classes == 0) return ScalarKernel::stay("an empty tensor");
  if (*xn / classes != *rows) return ScalarKernel::stay("labels do not match the logits' rows");
  const std::string red = op.attrs.get_string("reduction", "mean");
  if (red != "mean" && red != "sum" && red != "none")
    return ScalarKernel::stay("reduction '" + red + "'");
  const DType f = x.dtype, l = y.dtype;
  const bool is_unsigned = l == DType::u8 || l == DType::u16 || l == DType::u32 || l == DType::u64;
  Text k;
  const SpecMath sm{k, f};
  k.k << header(name, {f, l}, f);
  const std::string cc = k.icst(classes), cn = k.icst(*xn);
  // One row's loss: m = the IEEE max chain, s = exp(x_0 - m) + ... (spec expf, sequential),
  // log(s) - (x[label] - m). A label outside [0, C) reads index N: out of bounds, which stops
  // the run as cross_entropy_c5 stops the Graph IR kernel.
  auto row_loss = [&](const std::string& i) {
    const std::string b = k.idx("arith.muli", i, cc);
    const std::string x0 = k.load("%in0", f, b);
    const std::string m =
        k.fold("%c1", cc, "%c1", x0, f, [&](const std::string& j, const std::string& a) {
          return k.bin("arith.maximumf", a, k.load("%in0", f, k.idx("arith.addi", b, j)), f);
        });
    const std::string e0 = sm.exp(k.bin("arith.subf", x0, m, f));
    const std::string s =
        k.fold("%c1", cc, "%c1", e0, f, [&](const std::string& j, const std::string& a) {
          const std::string xj = k.load("%in0", f, k.idx("arith.addi", b, j));
          return k.bin("arith.addf", a, sm.exp(k.bin("arith.subf", xj, m, f)), f);
        });
    const std::string li = k.un(is_unsigned ? "arith.index_castui" : "arith.index_cast",
                                k.load("%in1", l, i), l, DType::index);
    const std::string at = k.label_at(li, cc, k.idx("arith.addi", b, li), cn);
    const std::string d = k.bin("arith.subf", k.load("%in0", f, at), m, f);
    return k.bin("arith.subf", sm.log(s), d, f);
  };
  ScalarKernel out;
  if (red == "none") {  // one group per row
    k.store(row_loss("%g"), f, "%g");
    out.grid = {*rows};
    out.out_2d = {*rows, 1};
  } else {  // loss_0, then acc + loss_i: one group walks the rows in order
    std::string r = k.fold("%c1", k.icst(*rows), "%c1", row_loss("%c0"), f,
                           [&](const std::string& i, const std::string& a) {
                             return k.bin("arith.addf", a, row_loss(i), f);
                           });
    if (red == "mean")  // acc / static_cast<T>(rows)
      r = k.bin("arith.divf", r, k.fcst(as_type(static_cast<double>(*rows), f), f), f);
    k.store(r, f, "%c0");
    out.grid = {1};
    out.out_2d = {1, 1};
  }
  k.k << "    return\n  }\n";
  out.kernel = k.k.str();
  out.flat = {*xn, *rows};
  return out;
}

namespace {

/// One position's label of loss.cross_entropy: `ignored` (an i1) and the flat index of the
/// logit x[label] (base when ignored; N, out of bounds, when outside [0, C): the run stops as
/// loss_ce_c7 stops the Graph IR kernel).
struct Label {
  std::string ignored, at;
};

Label position_label(Text& k, DType l, int64_t ignore, const std::string& p,
                     const std::string& base, const std::string& inner, const std::string& classes,
                     const std::string& n) {
  const bool is_unsigned = dtype_is_unsigned(l);
  const std::string li = k.un(is_unsigned ? "arith.index_castui" : "arith.index_cast",
                              k.load("%in1", l, p), l, DType::index);
  Label r;
  // Signed labels: y == ignore as int64 (sign-extended); unsigned: ignore >= 0 and y == ignore.
  if (is_unsigned && ignore < 0) {
    r.ignored = k.fresh();
    k.k << k.ind << r.ignored << " = arith.constant {value = false} : i1\n";
  } else {
    r.ignored = k.cmpi("eq", li, k.icst(ignore));
  }
  const std::string xi = k.idx("arith.addi", base, k.idx("arith.muli", li, inner));
  r.at = k.select(r.ignored, base, k.label_at(li, classes, xi, n), DType::index);
  return r;
}

}  // namespace

ScalarKernel plan_loss_cross_entropy(const ir::Op& group, const ir::Op& op,
                                     const std::string& name) {
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  if (group.operands.size() != 2 || group.results.size() != 1)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type& x = group.operands[0]->type;
  const ir::Type& y = group.operands[1]->type;
  const DType f = x.dtype, l = y.dtype;
  if ((f != DType::f32 && f != DType::f64) || !x.has_static_shape() || !y.has_static_shape() ||
      x.rank() < 1 || group.result(0)->type.dtype != f)
    return ScalarKernel::stay("not an f32 or f64 loss.cross_entropy of static shape");
  if (!label_type(l)) return ScalarKernel::stay("labels of " + ty(l));
  int64_t axis = op.attrs.get_int("axis", x.rank() >= 2 ? 1 : 0);
  if (axis < -x.rank() || axis >= x.rank()) return ScalarKernel::stay("bad axis");
  if (axis < 0) axis += x.rank();
  const std::optional<int64_t> xn = x.num_elements(), npos = y.num_elements();
  const int64_t classes = x.shape[static_cast<size_t>(axis)];
  if (!xn || !npos || *npos == 0 || classes == 0) return ScalarKernel::stay("an empty tensor");
  int64_t inner = 1;
  for (size_t d = static_cast<size_t>(axis) + 1; d < x.shape.size(); ++d) inner *= x.shape[d];
  const std::string red = op.attrs.get_string("reduction", "mean");
  if (red != "mean" && red != "sum" && red != "none")
    return ScalarKernel::stay("reduction '" + red + "'");
  const int64_t ignore = op.attrs.get_int("ignore_index", -100);
  const double eps = op.attrs.get_float("label_smoothing", 0.0);
  Text k;
  const SpecMath sm{k, f};
  k.k << header(name, {f, l}, f);
  const std::string cc = k.icst(classes), ci = k.icst(inner), cci = k.icst(classes * inner);
  const std::string cn = k.icst(*xn);
  // Position p's loss (docs/ops/graph/loss_backward.md): m = the IEEE max chain over the
  // classes, s = the chain of expf(x_j - m), lse = logf(s), nll = lse - (x[label] - m); with
  // smoothing, keep * nll + share * (the chain of lse - (x_j - m)).
  auto position = [&](const std::string& p) {
    const std::string outer = k.idx("arith.muli", k.idx("arith.divsi", p, ci), cci);
    const std::string base = k.idx("arith.addi", outer, k.idx("arith.remsi", p, ci));
    auto at = [&](const std::string& j) {
      return k.load("%in0", f, k.idx("arith.addi", base, k.idx("arith.muli", j, ci)));
    };
    const Label lab = position_label(k, l, ignore, p, base, ci, cc, cn);
    const std::string m =
        k.fold("%c1", cc, "%c1", at("%c0"), f, [&](const std::string& j, const std::string& a) {
          return k.bin("arith.maximumf", a, at(j), f);
        });
    auto shifted = [&](const std::string& j) { return k.bin("arith.subf", at(j), m, f); };
    const std::string s = k.fold("%c1", cc, "%c1", sm.exp(shifted("%c0")), f,
                                 [&](const std::string& j, const std::string& a) {
                                   return k.bin("arith.addf", a, sm.exp(shifted(j)), f);
                                 });
    const std::string lse = sm.log(s);
    const std::string xl = k.bin("arith.subf", k.load("%in0", f, lab.at), m, f);
    std::string loss = k.bin("arith.subf", lse, xl, f);
    if (eps != 0.0) {
      auto term = [&](const std::string& j) { return k.bin("arith.subf", lse, shifted(j), f); };
      const std::string all =
          k.fold("%c1", cc, "%c1", term("%c0"), f, [&](const std::string& j, const std::string& a) {
            return k.bin("arith.addf", a, term(j), f);
          });
      const std::string keep = k.fcst(as_type(1.0 - eps, f), f);
      const std::string kn = k.bin("arith.mulf", keep, loss, f);
      const std::string share = k.fcst(as_type(eps / double(classes), f), f);
      loss = k.bin("arith.addf", kn, k.bin("arith.mulf", share, all, f), f);
    }
    return std::pair{lab.ignored, loss};
  };
  ScalarKernel out;
  out.flat = {*xn, *npos};
  if (red == "none") {  // position g by group g; an ignored position's loss is +0
    const auto [ignored, loss] = position("%g");
    k.store(k.select(ignored, k.fcst(0.0, f), loss, f), f, "%g");
    out.grid = {*npos};
    out.out_2d = {*npos, 1};
  } else {
    // The kept losses' chain: -0 + loss_first is loss_first exactly, so a fold from -0 that
    // adds the kept positions is the kernel's chain from the first kept loss; no kept position
    // gives the kernel's +0 (the count's select below), and "mean" divides by the count.
    const std::string sum =
        k.fold("%c0", k.icst(*npos), "%c1", k.fcst(-0.0, f), f,
               [&](const std::string& p, const std::string& a) {
                 const auto [ignored, loss] = position(p);
                 return k.select(ignored, a, k.bin("arith.addf", a, loss, f), f);
               });
    const std::string count =
        k.fold("%c0", k.icst(*npos), "%c1", "%c0", DType::index,
               [&](const std::string& p, const std::string& a) {
                 const std::string li =
                     k.un(dtype_is_unsigned(l) ? "arith.index_castui" : "arith.index_cast",
                          k.load("%in1", l, p), l, DType::index);
                 if (dtype_is_unsigned(l) && ignore < 0) return k.idx("arith.addi", a, "%c1");
                 const std::string kept = k.cmpi("ne", li, k.icst(ignore));
                 return k.idx("arith.addi", a, k.select(kept, "%c1", "%c0", DType::index));
               });
    const std::string none = k.cmpi("eq", count, "%c0");
    std::string r = k.select(none, k.fcst(0.0, f), sum, f);
    if (red == "mean")  // acc / static_cast<T>(count)
      r = k.bin("arith.divf", r,
                k.un("arith.sitofp", k.un("arith.index_cast", count, DType::index, DType::i64),
                     DType::i64, f),
                f);
    k.store(r, f, "%c0");
    out.grid = {1};
    out.out_2d = {1, 1};
  }
  out.kernel = k.end();
  return out;
}

const char* libm_reason(std::string_view op) {
  // None now: partition_exact's log-sum-exp is the spec's exp64 / log64 (schedule_to_tile_ebm).
  (void)op;
  return nullptr;
}

}  // namespace tessera::transforms
