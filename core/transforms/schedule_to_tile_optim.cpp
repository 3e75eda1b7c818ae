// Optimizer steps (docs/ops/schedule/lowering.md, "Optimizers"): tessera.sgd, tessera.adam and
// tessera.adamw as scalar kernels that bind every operand and result in its own shape (adam
// writes three results), one group per row of the last dim, and compute each element with the
// Graph IR kernel's steps in its order (interp/graph/kernels_optim.cpp: one rounding per step, no
// fused multiply-add; the constants rounded to T as the kernel's T(...) does).
#include <cmath>
#include <limits>
#include <sstream>
#include <tuple>

#include "core/ir/attribute.h"
#include "core/numerics/pow64.h"
#include "core/transforms/schedule_to_tile_emit.h"
#include "core/transforms/schedule_to_tile_index.h"
#include "core/transforms/schedule_to_tile_reduce.h"

namespace tessera::transforms {

namespace {

// The element steps of one optimizer, as text on scalars of type `t`; operand k is %v<k>.
struct Body {
  std::ostringstream k;
  DType t;
  int next = 0;
  std::vector<double> consts;

  std::string ty() const { return std::string(dtype_mlir_name(t)); }
  std::string cst(double v) {
    consts.push_back(v);
    return "%k" + std::to_string(consts.size() - 1);
  }
  std::string op(const char* name, const std::string& a, const std::string& b) {
    const std::string r = "%s" + std::to_string(next++);
    k << "      " << r << " = " << name << " " << a << ", " << b << " : (" << ty() << ", " << ty()
      << ") -> " << ty() << "\n";
    return r;
  }
  std::string neg(const std::string& a) {
    const std::string r = "%s" + std::to_string(next++);
    k << "      " << r << " = arith.negf " << a << " : (" << ty() << ") -> " << ty() << "\n";
    return r;
  }
  std::string sqrt(const std::string& a) { return un("tile.sqrt", a); }
  // The spec's exp of T (num::spec_exp): tile.exp (expf) on f32, exp64's steps on f64 (values
  // named %t<n> from `spec_next` on, as the step operand's; the text joins the body's in order).
  int spec_next = 0;
  std::string exp(const std::string& a) {
    if (t != DType::f64) return un("tile.exp", a);
    scalar_text::Text spec;
    spec.ind = "      ";
    spec.next = spec_next;
    TextEmit e{spec};
    const std::string r = exp64_emit(a, e);
    spec_next = spec.next;
    k << spec.k.str();
    return r;
  }
  std::string un(const char* name, const std::string& a) {
    const std::string r = "%s" + std::to_string(next++);
    k << "      " << r << " = " << name << " " << a << " : (" << ty() << ") -> " << ty() << "\n";
    return r;
  }
  // c ? a : b with c = (a_cmp `pred` b_cmp).
  std::string select(const char* pred, const std::string& x, const std::string& y,
                     const std::string& a, const std::string& b) {
    const std::string c = "%s" + std::to_string(next++), r = "%s" + std::to_string(next++);
    k << "      " << c << " = arith.cmpf " << x << ", " << y << " {predicate = \"" << pred
      << "\"} : (" << ty() << ", " << ty() << ") -> i1\n"
      << "      " << r << " = arith.select " << c << ", " << a << ", " << b << " : (i1, " << ty()
      << ", " << ty() << ") -> " << ty() << "\n";
    return r;
  }
};

// T(v): the kernel's rounding of an f64 attribute to the element type.
double as_t(double v, DType t) { return as_type(v, t); }

// The step operand's part of an adam kernel, before its column loop (into `pre`): the step
// %in4 (a scalar of type `it`) checked as adam_c4 checks it at run time (the Graph IR kernel's
// checked_index against [0, 2^63 - 1), then >= 1; a step outside offsets the column loop's
// accesses past the row's end, so the first stops the run with the Tile and Target IR bounds
// error), then
// converted to f64 as the kernel's double(step) and the corrections T(1 - pow64(beta, step))
// (pow64_emit). Returns the names of c1 and c2.
std::pair<std::string, std::string> step_corrections(scalar_text::Text& pre, DType it, DType t,
                                                     double beta1, double beta2) {
  const bool u = it == DType::u8 || it == DType::u16 || it == DType::u32 || it == DType::u64;
  const std::string li =
      pre.un(u ? "arith.index_castui" : "arith.index_cast", "%in4", it, DType::index);
  const std::string ge = pre.cmpi("sge", li, pre.icst(1));
  const std::string lt = pre.cmpi("slt", li, pre.icst(std::numeric_limits<int64_t>::max()));
  const std::string ok = pre.logic("arith.andi", ge, lt);
  // %off: 0, or the row's width, which moves every column of the loop past its end.
  pre.k << pre.ind << "%off = arith.select " << ok << ", %c0, %w : (i1, index, index) -> index\n";
  const std::string good = pre.select(ok, li, pre.icst(1), DType::index);
  const std::string s64 = pre.un("arith.index_cast", good, DType::index, DType::i64);
  const std::string step = pre.un("arith.sitofp", s64, DType::i64, DType::f64);
  TextEmit e{pre};
  auto corr = [&](double beta) {
    const std::string pw = pow64_emit(pre.fcst(beta, DType::f64), step, e);
    const std::string c = pre.bin("arith.subf", pre.fcst(1.0, DType::f64), pw, DType::f64);
    return pre.convert(c, DType::f64, t);
  };
  const std::string c1 = corr(beta1);
  return {c1, corr(beta2)};
}

}  // namespace

ScalarKernel plan_optimizer(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  const bool sgd = op.name == "tessera.sgd", decoupled = op.name == "tessera.adamw";
  const bool adam = op.name == "tessera.adam" || decoupled;
  const bool nesterov = op.name == "tessera.nesterov";
  const bool momentum = op.name == "tessera.momentum_backward";
  const bool bce = op.name == "tessera.loss.binary_cross_entropy_backward";
  const bool mse = op.name == "tessera.loss.mse_backward" || bce;
  const bool adam_back = op.name == "tessera.adam_backward";
  // adam_c4: a rank-0 integer step operand instead of the attribute.
  const bool step_op = adam && group.operands.size() == 5;
  const size_t nin = sgd || momentum ? 2 : nesterov || mse ? 3 : adam_back ? 7 : 4;
  const size_t nout = sgd ? 1 : nesterov || mse ? 2 : adam_back ? 4 : 3;
  if (group.operands.size() != nin + step_op || group.results.size() != nout)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type& p = group.operands[0]->type;
  const DType t = p.dtype;
  if (t != DType::f32 && t != DType::f64)
    return ScalarKernel::stay("an optimizer step of " + std::string(dtype_mlir_name(t)));
  if (!p.has_static_shape() || p.rank() < 1)
    return ScalarKernel::stay("not a static shape of rank >= 1");
  const DType it = step_op ? group.operands[4]->type.dtype : DType::i64;
  if (step_op &&
      !(group.operands[4]->type == ir::Type::tensor(it, {}) && index_kernel::index_type(it)))
    return ScalarKernel::stay("a step operand that is not a rank-0 integer tensor");
  // mse_backward's cotangent is a scalar (a 0-d tensor: a scalar kernel parameter) unless the
  // reduction is "none".
  const std::string red = op.attrs.get_string("reduction", "mean");
  std::vector<bool> scalar(nin, false);
  if (mse && red != "none") scalar[2] = true;
  if (mse && red != "none" && red != "mean" && red != "sum")
    return ScalarKernel::stay("reduction '" + red + "'");
  for (size_t i = 0; i < nin; ++i)
    if (!(group.operands[i]->type == (scalar[i] ? ir::Type::tensor(t, {}) : p)))
      return ScalarKernel::stay("operands of different types");
  for (const auto& r : group.results)
    if (!(r->type == p)) return ScalarKernel::stay("results of another type");
  const std::optional<int64_t> count = p.num_elements();
  if (!count || *count == 0) return ScalarKernel::stay("an empty tensor or too many elements");
  Body b;
  b.t = t;
  scalar_text::Text pre;  // the step operand's steps before the column loop
  std::vector<std::string> res;
  const auto& a = op.attrs;
  if (sgd) {  // d = wd != 0 ? g + wd * p : g; out = p - lr * d
    const double wd64 = a.get_float("weight_decay", 0);
    std::string d = "%v1";
    if (wd64 != 0) d = b.op("arith.addf", "%v1", b.op("arith.mulf", b.cst(as_t(wd64, t)), "%v0"));
    res.push_back(
        b.op("arith.subf", "%v0", b.op("arith.mulf", b.cst(as_t(a.get_float("lr", 0), t)), d)));
  } else if (adam) {
    const double beta1 = a.get_float("beta1", 0.9), beta2 = a.get_float("beta2", 0.999);
    const double step = double(a.get_int("step", 1));
    // Bias corrections in f64 (the spec's pow64: at lowering time of the step attribute, in
    // the kernel of a step operand), rounded once to T.
    std::string c1, c2;
    if (step_op) {
      std::tie(c1, c2) = step_corrections(pre, it, t, beta1, beta2);
      b.spec_next = pre.next;
    } else {
      c1 = b.cst(as_t(1.0 - num::pow64(beta1, step), t));
      c2 = b.cst(as_t(1.0 - num::pow64(beta2, step), t));
    }
    // mi = b1 * m + ob1 * g; vi = b2 * v + ob2 * (g * g);
    // u = (mi / c1) / (sqrt(vi / c2) + eps); adamw: u = u + wd * p; p' = p - lr * u.
    // Each step a statement: the kernel text lists them in this order on every compiler.
    const std::string m1 = b.op("arith.mulf", b.cst(as_t(beta1, t)), "%v2");
    const std::string g1 = b.op("arith.mulf", b.cst(as_t(1.0 - beta1, t)), "%v1");
    const std::string mi = b.op("arith.addf", m1, g1);
    const std::string gg = b.op("arith.mulf", "%v1", "%v1");
    const std::string v2 = b.op("arith.mulf", b.cst(as_t(beta2, t)), "%v3");
    const std::string g2 = b.op("arith.mulf", b.cst(as_t(1.0 - beta2, t)), gg);
    const std::string vi = b.op("arith.addf", v2, g2);
    const std::string root = b.sqrt(b.op("arith.divf", vi, c2));
    const std::string den = b.op("arith.addf", root, b.cst(as_t(a.get_float("eps", 1e-8), t)));
    std::string u = b.op("arith.divf", b.op("arith.divf", mi, c1), den);
    if (decoupled)
      u = b.op("arith.addf", u,
               b.op("arith.mulf", b.cst(as_t(a.get_float("weight_decay", 0.01), t)), "%v0"));
    res.push_back(
        b.op("arith.subf", "%v0", b.op("arith.mulf", b.cst(as_t(a.get_float("lr", 1e-3), t)), u)));
    res.push_back(mi);
    res.push_back(vi);
  } else if (nesterov) {  // v1 = mu * v + g; p' = p - lr * (g + mu * v1)
    const std::string mu = b.cst(as_t(a.get_float("momentum", 0.9), t));
    const std::string v1 = b.op("arith.addf", b.op("arith.mulf", mu, "%v2"), "%v1");
    const std::string gm = b.op("arith.addf", "%v1", b.op("arith.mulf", mu, v1));
    const std::string lr = b.cst(as_t(a.get_float("lr", 0.0), t));
    res.push_back(b.op("arith.subf", "%v0", b.op("arith.mulf", lr, gm)));
    res.push_back(v1);
  } else if (momentum) {  // docs/ops/graph/optim_backward.md
    const double lr = a.get_float("lr", 0.0), mu = a.get_float("momentum", 0.9);
    const bool nes = a.get_bool("nesterov", false);
    const std::string lr_t = b.cst(as_t(lr, t)), mu_t = b.cst(as_t(mu, t));
    const std::string scale = nes ? b.cst(as_t(lr * mu, t)) : lr_t;  // T(lr * mu): one rounding
    const std::string w = b.op("arith.subf", "%v1", b.op("arith.mulf", scale, "%v0"));
    res.push_back("%v0");
    res.push_back(nes ? b.op("arith.subf", w, b.op("arith.mulf", lr_t, "%v0")) : w);
    res.push_back(b.op("arith.mulf", mu_t, w));
  } else if (mse) {  // d = (2 * (p - t)) * s, s = g / N ("mean"), g ("sum"), g_i ("none")
    std::string sc = scalar[2] ? "%in2" : "%v2";
    if (red == "mean") sc = b.op("arith.divf", sc, b.cst(as_t(static_cast<double>(*count), t)));
    if (bce) {  // dz = (sigmoid(z) - t) * s, dt = (-z) * s (docs/ops/graph/loss_backward.md)
      // sigmoid(z) = z >= 0 ? 1 / (1 + exp(-z)) : e / (1 + e), e = exp(z): both computed, the
      // comparison selects (NaN: the second, as the kernel's `z >= 0` is false).
      const std::string one = b.cst(1.0);
      const std::string pos = b.op("arith.divf", one, b.op("arith.addf", one, b.exp(b.neg("%v0"))));
      const std::string e = b.exp("%v0");
      const std::string negv = b.op("arith.divf", e, b.op("arith.addf", one, e));
      const std::string sg = b.select("oge", "%v0", b.cst(0.0), pos, negv);
      res.push_back(b.op("arith.mulf", b.op("arith.subf", sg, "%v1"), sc));
      res.push_back(b.op("arith.mulf", b.neg("%v0"), sc));
    } else {
      const std::string diff = b.op("arith.subf", "%v0", "%v1");
      const std::string d = b.op("arith.mulf", b.op("arith.mulf", b.cst(2.0), diff), sc);
      res.push_back(d);
      res.push_back(b.neg(d));
    }
  } else if (adam_back) {  // docs/ops/graph/optim_backward.md: the adam step, then its reverse
    const double beta1 = a.get_float("beta1", 0.9), beta2 = a.get_float("beta2", 0.999);
    const double step = double(a.get_int("step", 1));
    const bool adamw = a.get_bool("adamw", false);
    const std::string c1 = b.cst(as_t(1.0 - num::pow64(beta1, step), t));
    const std::string c2 = b.cst(as_t(1.0 - num::pow64(beta2, step), t));
    const std::string b1 = b.cst(as_t(beta1, t)), ob1 = b.cst(as_t(1.0 - beta1, t));
    const std::string b2 = b.cst(as_t(beta2, t)), ob2 = b.cst(as_t(1.0 - beta2, t));
    const std::string two = b.cst(2.0);
    // g, m, v, dP, dM, dV are %v1 .. %v6 (p, %v0, is not read by the reverse).
    const std::string bm = b.op("arith.mulf", b1, "%v2"), og = b.op("arith.mulf", ob1, "%v1");
    const std::string m1 = b.op("arith.addf", bm, og);
    const std::string gg = b.op("arith.mulf", "%v1", "%v1");
    const std::string bv = b.op("arith.mulf", b2, "%v3"), ogg = b.op("arith.mulf", ob2, gg);
    const std::string v1 = b.op("arith.addf", bv, ogg);
    const std::string mh = b.op("arith.divf", m1, c1);
    const std::string sq = b.sqrt(b.op("arith.divf", v1, c2));
    const std::string den = b.op("arith.addf", sq, b.cst(as_t(a.get_float("eps", 1e-8), t)));
    const std::string du =
        b.neg(b.op("arith.mulf", b.cst(as_t(a.get_float("lr", 1e-3), t)), "%v4"));
    std::string dp = "%v4";
    if (adamw)
      dp = b.op("arith.addf", "%v4",
                b.op("arith.mulf", b.cst(as_t(a.get_float("weight_decay", 0.01), t)), du));
    const std::string dmh = b.op("arith.divf", du, den);
    const std::string num = b.op("arith.mulf", du, mh), dd = b.op("arith.mulf", den, den);
    const std::string dden = b.neg(b.op("arith.divf", num, dd));
    const std::string dvh = b.op("arith.divf", dden, b.op("arith.mulf", two, sq));
    const std::string dm1 = b.op("arith.addf", "%v5", b.op("arith.divf", dmh, c1));
    const std::string dv1 = b.op("arith.addf", "%v6", b.op("arith.divf", dvh, c2));
    const std::string dm = b.op("arith.mulf", b1, dm1), dv = b.op("arith.mulf", b2, dv1);
    const std::string gm = b.op("arith.mulf", ob1, dm1);
    const std::string g2 = b.op("arith.mulf", ob2, b.op("arith.mulf", two, "%v1"));
    const std::string dg = b.op("arith.addf", gm, b.op("arith.mulf", g2, dv1));
    res = {dp, dg, dm, dv};
  }
  // The kernel: group g is row g of [R, W] (R the leading dims' product); its leading indices
  // come from g by remsi/divsi by the dims, innermost first; an scf.for walks the W columns.
  const std::string ts = b.ty();
  std::string mem = "memref<";
  for (int64_t e : p.shape) mem += std::to_string(e) + "x";
  mem += ts + ">";
  std::ostringstream k;
  k << "  func.func @" << name << "(";
  for (size_t i = 0; i < nin; ++i) k << "%in" << i << ": " << (scalar[i] ? ts : mem) << ", ";
  if (step_op) k << "%in4: " << scalar_text::ty(it) << ", ";
  for (size_t i = 0; i < nout; ++i) k << (i ? ", " : "") << "%out" << i << ": " << mem;
  k << ") {\n"
    << "    %g = tile.group_id {dim = 0} : index\n"
    << "    %c0 = arith.constant {value = 0 : index} : index\n"
    << "    %c1 = arith.constant {value = 1 : index} : index\n"
    << "    %w = arith.constant {value = " << p.shape.back() << " : index} : index\n";
  for (size_t i = 0; i < b.consts.size(); ++i)
    k << "    %k" << i << " = arith.constant {value = " << ir::format_float(b.consts[i], t) << " : "
      << ts << "} : " << ts << "\n";
  k << pre.k.str();
  const int64_t rank = p.rank();
  std::vector<std::string> lead(static_cast<size_t>(rank - 1));
  std::string q = "%g";
  for (int64_t d = rank - 2; d >= 0; --d) {
    const std::string s = std::to_string(d);
    k << "    %n" << s << " = arith.constant {value = " << p.shape[static_cast<size_t>(d)]
      << " : index} : index\n"
      << "    %i" << s << " = arith.remsi " << q << ", %n" << s << " : index\n"
      << "    %q" << s << " = arith.divsi " << q << ", %n" << s << " : index\n";
    lead[static_cast<size_t>(d)] = "%i" + s;
    q = "%q" + s;
  }
  std::string at, types;
  for (const auto& l : lead) {
    at += l + ", ";
    types += "index, ";
  }
  at += step_op ? "%cx" : "%c";
  types += "index";
  k << "    \"scf.for\"(%c0, %w, %c1) ({\n    ^bb0(%c: index):\n";
  if (step_op) k << "      %cx = arith.addi %c, %off : index\n";
  for (size_t i = 0; i < nin; ++i)
    if (!scalar[i])
      k << "      %v" << i << " = tile.load %in" << i << ", " << at << " : (" << mem << ", "
        << types << ") -> " << ts << "\n";
  k << b.k.str();
  for (size_t i = 0; i < nout; ++i)
    k << "      tile.store " << res[i] << ", %out" << i << ", " << at << " : (" << ts << ", " << mem
      << ", " << types << ") -> ()\n";
  k << "      \"scf.yield\"() : () -> ()\n"
    << "    }) : (index, index, index) -> ()\n    return\n  }\n";
  ScalarKernel s;
  s.kernel = k.str();
  s.grid = {*count / p.shape.back()};
  return s;
}

}  // namespace tessera::transforms
