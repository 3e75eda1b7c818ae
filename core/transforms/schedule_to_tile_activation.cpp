// sigmoid, silu, tanh-form gelu and silu_mul as f32 tile steps, each rounding once where the
// Graph IR kernel rounds (interp/graph/kernels_elementwise.cpp, kernels_swiglu.cpp;
// docs/ops/graph/elementwise.md): the same f32 operations in the same order, with the spec's
// expf (tile.exp, docs/numerics.md "exp") and no contraction.
#include "core/transforms/schedule_to_tile_activation.h"

#include <bit>
#include <limits>

namespace tessera::transforms {

namespace {

struct Builder {
  std::vector<ActivationStep>& steps;
  std::vector<uint32_t>& consts;
  int next;

  int step(const char* op, std::vector<int> in, bool i1 = false, const char* pred = "") {
    steps.push_back({op, std::move(in), i1, pred});
    return next++;
  }
  int constant(float v) {
    const uint32_t bits = std::bit_cast<uint32_t>(v);
    for (size_t k = 0; k < consts.size(); ++k)
      if (consts[k] == bits) return kChainConst - static_cast<int>(k);
    consts.push_back(bits);
    return kChainConst - static_cast<int>(consts.size() - 1);
  }
  // x / (1 + exp(a)), the common tail of silu and gelu (the Graph IR kernels' `1 + e` order),
  // with the limit -0 at x = -Inf: x < -FLT_MAX holds for -Inf only (false for NaN).
  int ratio_or_neg_zero(int x, int a) {
    const int e = step("tile.exp", {a});
    const int d = step("arith.addf", {constant(1.0f), e});
    const int q = step("arith.divf", {x, d});
    const int m =
        step("arith.cmpf", {x, constant(-std::numeric_limits<float>::max())}, true, "olt");
    return step("arith.select", {m, constant(-0.0f), q});
  }
};

}  // namespace

bool activation_steps(const ir::Op& o, const std::vector<int>& in, int next,
                      std::vector<ActivationStep>& steps, std::vector<uint32_t>& consts,
                      std::string& why) {
  Builder b{steps, consts, next};
  const std::string_view op = o.name;
  if (op == "tessera.sigmoid") {  // 1 / (1 + exp(-x))
    const int e = b.step("tile.exp", {b.step("arith.negf", {in[0]})});
    b.step("arith.divf", {b.constant(1.0f), b.step("arith.addf", {b.constant(1.0f), e})});
    return true;
  }
  if (op == "tessera.silu") {  // x / (1 + exp(-x)); silu(-Inf) = -0
    b.ratio_or_neg_zero(in[0], b.step("arith.negf", {in[0]}));
    return true;
  }
  if (op == "tessera.silu_mul") {  // silu(g) * u
    if (in.size() < 2) return why = "silu_mul without two operands", false;
    b.step("arith.mulf", {b.ratio_or_neg_zero(in[0], b.step("arith.negf", {in[0]})), in[1]});
    return true;
  }
  if (op == "tessera.gelu") {
    if (o.attrs.get_string("approximate", "none") != "tanh") {
      why =
          "gelu with approximate = none computes the spec's erfcf in f64, which no register tile "
          "holds (scalar chains and fused_epilogue lower it: schedule_to_tile_erfc.h)";
      return false;
    }
    // x / (1 + exp(-2 u)), u = c1 * (x + c2 * ((x * x) * x)), c1, c2 the f32 roundings of
    // sqrt(2/pi) and 0.044715, as gelu_tanh_arg computes them.
    const int x = in[0];
    const int x3 = b.step("arith.mulf", {b.step("arith.mulf", {x, x}), x});
    const int s = b.step("arith.addf", {x, b.step("arith.mulf", {b.constant(0.044715f), x3})});
    const int u = b.step("arith.mulf", {b.constant(static_cast<float>(0.7978845608028654)), s});
    b.ratio_or_neg_zero(x, b.step("arith.mulf", {b.constant(-2.0f), u}));
    return true;
  }
  // compare_scalar (docs/ops/graph/carriers.md): x and rhs compared as reals; one f32
  // comparison is that comparison when rhs is an f32 number (or NaN, or an infinity).
  if (op == "tessera.compare_scalar") {
    const double rhs = o.attrs.get_float("rhs", 0.0);
    constexpr std::pair<std::string_view, const char*> kPred[] = {
        {"eq", "oeq"}, {"ne", "une"}, {"lt", "olt"}, {"le", "ole"}, {"gt", "ogt"}, {"ge", "oge"}};
    const std::string p = o.attrs.get_string("predicate", "");
    const char* pred = nullptr;
    for (const auto& [g, f] : kPred)
      if (p == g) pred = f;
    if (!pred) return why = "compare_scalar without a known predicate", false;
    if (rhs == rhs && static_cast<double>(static_cast<float>(rhs)) != rhs)
      return why = "compare_scalar with an rhs that is no f32 number (compared in f64)", false;
    b.step("arith.cmpf", {in[0], b.constant(static_cast<float>(rhs))}, true, pred);
    return true;
  }
  // masked_fill(x, mask) = mask ? value : x, value rounded once to f32.
  if (op == "tessera.masked_fill") {
    if (in.size() < 2) return why = "masked_fill without two operands", false;
    const float v = static_cast<float>(o.attrs.get_float("value", 0.0));
    b.step("arith.select", {in[1], b.constant(v), in[0]});
    return true;
  }
  if (op == "tessera.pow") {
    why = o.name + " computes the C library's " + std::string(op.substr(8)) +
          " (within 1 ulp, not a spec algorithm), which no Tile IR op reproduces bit for bit";
    return false;
  }
  return false;
}

}  // namespace tessera::transforms
