// The RL policy losses tessera.rl.ppo_policy_loss, grpo_policy_loss and cispo_policy_loss as
// scalar kernels (docs/ops/schedule/lowering.md, "Losses"): each element's loss with the Graph IR
// kernel's steps in its order, in f32 or f64 (interp/graph/kernels_rl_loss.cpp: one rounding
// per step, no fused multiply-add, the ratio exp(ln - lo) the spec's expf, tile.exp, or exp64),
// then its reduction
// ("none": one group per element; "sum", "mean": one group folding the losses in index order).
#include <string>
#include <vector>

#include "core/ir/attribute.h"
#include "core/transforms/schedule_to_tile_emit.h"
#include "core/transforms/schedule_to_tile_reduce.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using scalar_text::Text;

constexpr DType kF = DType::f32;

/// Operand positions of ppo_policy_loss's optional mask, ref and entropy (-1: absent), from
/// operandSegmentSizes as the Graph IR kernel reads them (ppo_c2).
struct Roles {
  int mask = -1, ref = -1, entropy = -1;
};

Roles ppo_roles(const ir::Op& op) {
  Roles r;
  const ir::Attr* seg = op.attrs.get("operandSegmentSizes");
  if (!seg) return r;
  const auto v = seg->as_int_array();
  if (!v || v->size() != 6) return r;
  int next = 3;
  if ((*v)[3]) r.mask = next++;
  if ((*v)[4]) r.ref = next++;
  if ((*v)[5]) r.entropy = next++;
  return r;
}

/// Text of one element's loss; `adv` gives the advantage of element i (an operand, or the
/// group-normalised rewards).
struct LossText {
  Text& k;
  const ir::Op& op;
  std::vector<int64_t> shape;
  int64_t axis = 0;  // grpo, cispo: the group axis, in [0, rank)
  DType t = kF;      // the element type, f32 or f64

  std::string f(double v) { return k.fcst(v, t); }
  /// The kernel's T(v) of an f64 attribute expression.
  std::string ft(double v) { return f(as_type(v, t)); }
  std::string bin(const char* o, const std::string& a, const std::string& b) {
    return k.bin(o, a, b, t);
  }
  std::string load(int operand, const std::string& i) {
    return k.load("%in" + std::to_string(operand), t, i);
  }
  std::string neg(const std::string& a) { return k.un("arith.negf", a, t, t); }
  std::string exp(const std::string& a) { return SpecMath{k, t}.exp(a); }

  // group_advantages of element i: its group (the elements sharing every index but the
  // axis) gives mean = (r_0 + ... + r_{E-1}) / E and var = (d_0^2 + ...) / E with d_j = r_j - mean,
  // each a chain from the first element; adv = (r_i - mean) / sqrt(var / E + 1e-8). One
  // statement per step, so the text has one order on every compiler.
  std::string advantage(const std::string& i) {
    int64_t extent = shape[static_cast<size_t>(axis)], inner = 1;
    for (size_t d = static_cast<size_t>(axis) + 1; d < shape.size(); ++d) inner *= shape[d];
    const std::string ei = k.icst(extent * inner), in = k.icst(inner), e = k.icst(extent);
    const std::string outer = k.idx("arith.muli", k.idx("arith.divsi", i, ei), ei);
    const std::string base = k.idx("arith.addi", outer, k.idx("arith.remsi", i, in));
    auto at = [&](const std::string& j) {
      return load(2, k.idx("arith.addi", base, k.idx("arith.muli", j, in)));
    };
    const std::string g = ft(static_cast<double>(extent));
    const std::string sum = k.fold(
        "%c1", e, "%c1", at("%c0"), t,
        [&](const std::string& j, const std::string& a) { return bin("arith.addf", a, at(j)); });
    const std::string mean = bin("arith.divf", sum, g);
    auto sq = [&](const std::string& j) {
      const std::string d = bin("arith.subf", at(j), mean);
      return bin("arith.mulf", d, d);
    };
    const std::string var = k.fold(
        "%c1", e, "%c1", sq("%c0"), t,
        [&](const std::string& j, const std::string& a) { return bin("arith.addf", a, sq(j)); });
    const std::string eps = ft(1e-8);
    const std::string den =
        k.un("tile.sqrt", bin("arith.addf", bin("arith.divf", var, g), eps), t, t);
    const std::string ri = load(2, i);
    return bin("arith.divf", bin("arith.subf", ri, mean), den);
  }

  // r = exp(ln - lo), the spec's expf (f64: exp64).
  std::string ratio(const std::string& ln, const std::string& lo) {
    return exp(bin("arith.subf", ln, lo));
  }

  // -min(r a, clamp(r, 1 - eps, 1 + eps) a) (ppo_term).
  std::string ppo_term(const std::string& ln, const std::string& lo, const std::string& a) {
    const double eps = op.attrs.get_float("clip_epsilon", 0.2);
    const std::string r = ratio(ln, lo);
    const std::string clo = ft(1.0 - eps), chi = ft(1.0 + eps);
    const std::string c = bin("arith.minimumf", bin("arith.maximumf", r, clo), chi);
    const std::string ra = bin("arith.mulf", r, a);
    const std::string ca = bin("arith.mulf", c, a);
    return neg(bin("arith.minimumf", ra, ca));
  }

  std::string loss(const std::string& i, const Roles& roles) {
    const std::string ln = load(0, i);
    const std::string lo = load(1, i);
    if (op.name == "tessera.rl.cispo_policy_loss") {  // -((min(exp(ln - lo), hi) * adv) * ln)
      const std::string r = ratio(ln, lo);
      const std::string hi = ft(op.attrs.get_float("epsilon_high", 5.0));
      const std::string w = bin("arith.minimumf", r, hi);
      const std::string wa = bin("arith.mulf", w, advantage(i));
      return neg(bin("arith.mulf", wa, ln));
    }
    if (op.name == "tessera.rl.grpo_policy_loss") {
      const std::string adv = advantage(i);
      return ppo_term(ln, lo, adv);
    }
    std::string v = ppo_term(ln, lo, load(2, i));
    const double kl = op.attrs.get_float("kl_coef", 0.0);
    const double ec = op.attrs.get_float("entropy_coef", 0.0);
    if (roles.ref >= 0 && kl != 0) {  // v + kl * ((exp(d) - d) - 1), d = ref - ln
      const std::string d = bin("arith.subf", load(roles.ref, i), ln);
      const std::string ed = bin("arith.subf", exp(d), d);
      const std::string tm = bin("arith.subf", ed, f(1.0));
      v = bin("arith.addf", v, bin("arith.mulf", ft(kl), tm));
    }
    if (roles.entropy >= 0 && ec != 0) {
      const std::string coef = ft(ec);
      v = bin("arith.subf", v, bin("arith.mulf", coef, load(roles.entropy, i)));
    }
    if (roles.mask >= 0) v = bin("arith.mulf", v, load(roles.mask, i));
    return v;
  }
};

}  // namespace

ScalarKernel plan_rl_loss(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  const bool ppo = op.name == "tessera.rl.ppo_policy_loss";
  const Roles roles = ppo ? ppo_roles(op) : Roles{};
  if (group.operands.size() != op.operands.size() || group.operands.size() < 3 ||
      group.results.size() != 1)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type& x = group.operands[0]->type;
  // f64: the ratio's exp is the spec's exp64 (schedule_to_tile_exp64.h).
  const DType t = x.dtype;
  for (const ir::Value* v : group.operands)
    if (!(v->type == x) || (t != kF && t != DType::f64) || !x.has_static_shape())
      return ScalarKernel::stay("not f32 or f64 operands of one static shape");
  const std::optional<int64_t> n = x.num_elements();
  if (!n || *n == 0 || x.rank() < 1) return ScalarKernel::stay("an empty tensor or a 0-d one");
  const std::string red = op.attrs.get_string("reduction", "mean");
  if (red != "mean" && red != "sum" && red != "none")
    return ScalarKernel::stay("reduction '" + red + "'");
  int64_t axis = op.attrs.get_int("group_axis", 1);
  if (!ppo) {
    if (axis < -x.rank() || axis >= x.rank()) return ScalarKernel::stay("bad group_axis");
    if (axis < 0) axis += x.rank();
  }
  Text k;
  k.k << scalar_text::header(name, std::vector<DType>(group.operands.size(), t), t);
  LossText l{k, op, x.shape, axis, t};
  ScalarKernel s;
  s.flat.assign(group.operands.size(), *n);
  if (red == "none") {  // element g by group g
    k.store(l.loss("%g", roles), t, "%g");
    s.grid = {*n};
    s.out_2d = {*n, 1};
  } else {  // l_0, then acc + l_i (chain_sum); "mean": / n, or / the mask's chain sum unless 0
    std::string r = k.fold("%c1", k.icst(*n), "%c1", l.loss("%c0", roles), t,
                           [&](const std::string& i, const std::string& a) {
                             return k.bin("arith.addf", a, l.loss(i, roles), t);
                           });
    if (red == "mean" && roles.mask < 0) {
      const std::string count = l.ft(static_cast<double>(*n));
      r = k.bin("arith.divf", r, count, t);
    } else if (red == "mean") {
      const std::string total = k.fold("%c1", k.icst(*n), "%c1", l.load(roles.mask, "%c0"), t,
                                       [&](const std::string& i, const std::string& a) {
                                         return k.bin("arith.addf", a, l.load(roles.mask, i), t);
                                       });
      const std::string nz = k.cmpf("une", total, l.f(0.0), t);
      const std::string q = k.bin("arith.divf", r, total, t);
      r = k.select(nz, q, r, t);
    }
    k.store(r, t, "%c0");
    s.grid = {1};
    s.out_2d = {1, 1};
  }
  s.kernel = k.end();
  return s;
}

}  // namespace tessera::transforms
