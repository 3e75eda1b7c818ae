// Kernels of the RL policy losses tessera.rl.ppo_policy_loss, grpo_policy_loss and
// cispo_policy_loss (docs/ops/graph/rl_losses.md): per-element losses in parallel, in the compute
// type with one rounding per step and no fused multiply-add, then one sequential reduction. exp
// is the spec's (num::spec_exp: expf for f32, docs/numerics.md "exp"), as at every lowered level.
#include <cmath>
#include <vector>

#include "core/numerics/expf.h"
#include "interp/graph/ieee_minmax.h"
#include "interp/graph/train_kernels.h"

namespace tessera::interp {
namespace {

/// The six operand roles of ppo_policy_loss; -1 marks an absent optional one (ppo_c2).
struct PpoRoles {
  int mask = -1, ref = -1, entropy = -1;
};

PpoRoles ppo_roles(const KernelCtx& c) {
  PpoRoles r;
  const ir::Attr* seg = c.op.attrs.get("operandSegmentSizes");
  if (!seg) return r;
  const auto v = seg->as_int_array();
  int next = 3;
  if ((*v)[3]) r.mask = next++;
  if ((*v)[4]) r.ref = next++;
  if ((*v)[5]) r.entropy = next++;
  return r;
}

/// The clipped surrogate loss of one element: -min(r a, clamp(r, lo, hi) a), r = exp(ln - lo).
template <typename T>
T ppo_term(T ln, T lo, T a, T clip_lo, T clip_hi) {
  const T r = num::spec_exp(ln - lo);
  const T c = ieee_min(ieee_max(r, clip_lo), clip_hi);
  return -ieee_min(r * a, c * a);
}

/// Group-normalised advantages of `rewards` along `axis` (grpo_policy_loss "Advantages").
template <typename T>
std::vector<T> group_advantages(const Tensor& rewards, int64_t axis) {
  const T* r = rewards.data<T>();
  const train::AxisSplit s = train::split_axis(rewards.shape(), axis);
  std::vector<T> adv(static_cast<size_t>(rewards.numel()));
  const T eps = T(1e-8), g = static_cast<T>(s.extent);
  train::each(s.outer * s.inner, [&](int64_t row) {
    const int64_t o = row / s.inner, in = row % s.inner;
    auto at = [&](int64_t j) { return (o * s.extent + j) * s.inner + in; };
    T sum = s.extent > 0 ? r[at(0)] : T(0);
    for (int64_t j = 1; j < s.extent; ++j) sum = sum + r[at(j)];
    const T mean = sum / g;
    T var = T(0);
    for (int64_t j = 0; j < s.extent; ++j) {
      const T d = r[at(j)] - mean;
      var = j == 0 ? d * d : var + d * d;
    }
    const T den = std::sqrt(var / g + eps);
    for (int64_t j = 0; j < s.extent; ++j) adv[at(j)] = (r[at(j)] - mean) / den;
  });
  return adv;
}

int64_t group_axis(const KernelCtx& c) {
  const int64_t axis = c.op.attrs.get_int("group_axis", 1);
  const int64_t rank = static_cast<int64_t>(c.input(0).shape().size());
  return axis < 0 ? axis + rank : axis;
}

}  // namespace

void kernel_RlPpoPolicyLoss(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const auto& a = c.op.attrs;
    const PpoRoles roles = ppo_roles(c);
    const double eps = a.get_float("clip_epsilon", 0.2);
    const T clip_lo = T(1.0 - eps), clip_hi = T(1.0 + eps);
    const double kl = a.get_float("kl_coef", 0.0), ec = a.get_float("entropy_coef", 0.0);
    const T* ln = c.input(0).data<T>();
    const T* lo = c.input(1).data<T>();
    const T* adv = c.input(2).data<T>();
    const T* m = roles.mask >= 0 ? c.input(roles.mask).data<T>() : nullptr;
    const T* ref = roles.ref >= 0 && kl != 0 ? c.input(roles.ref).data<T>() : nullptr;
    const T* ent = roles.entropy >= 0 && ec != 0 ? c.input(roles.entropy).data<T>() : nullptr;
    const T kl_t = T(kl), ec_t = T(ec);
    std::vector<T> l(static_cast<size_t>(c.input(0).numel()));
    train::each(c.input(0).numel(), [&](int64_t i) {
      T v = ppo_term(ln[i], lo[i], adv[i], clip_lo, clip_hi);
      if (ref) {
        const T d = ref[i] - ln[i];
        v = v + kl_t * ((num::spec_exp(d) - d) - T(1));
      }
      if (ent) v = v - ec_t * ent[i];
      if (m) v = v * m[i];
      l[i] = v;
    });
    train::reduce_losses(l, m, a.get_string("reduction", "mean"), c.output().data<T>());
  });
}

void kernel_RlGrpoPolicyLoss(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const double eps = c.op.attrs.get_float("clip_epsilon", 0.2);
    const T clip_lo = T(1.0 - eps), clip_hi = T(1.0 + eps);
    const std::vector<T> adv = group_advantages<T>(c.input(2), group_axis(c));
    const T* ln = c.input(0).data<T>();
    const T* lo = c.input(1).data<T>();
    std::vector<T> l(adv.size());
    train::each(c.input(0).numel(),
                [&](int64_t i) { l[i] = ppo_term(ln[i], lo[i], adv[i], clip_lo, clip_hi); });
    train::reduce_losses<T>(l, nullptr, c.op.attrs.get_string("reduction", "mean"),
                            c.output().data<T>());
  });
}

void kernel_RlCispoPolicyLoss(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const T hi = T(c.op.attrs.get_float("epsilon_high", 5.0));
    const std::vector<T> adv = group_advantages<T>(c.input(2), group_axis(c));
    const T* ln = c.input(0).data<T>();
    const T* lo = c.input(1).data<T>();
    std::vector<T> l(adv.size());
    train::each(c.input(0).numel(), [&](int64_t i) {
      const T w = ieee_min(num::spec_exp(ln[i] - lo[i]), hi);
      l[i] = -((w * adv[i]) * ln[i]);
    });
    train::reduce_losses<T>(l, nullptr, c.op.attrs.get_string("reduction", "mean"),
                            c.output().data<T>());
  });
}

}  // namespace tessera::interp
