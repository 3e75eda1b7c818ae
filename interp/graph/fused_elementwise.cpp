// The kernel of a fused elementwise chain (interp/graph/fusion.h): each node is the f32
// operation of its op, so the result has the bits of the unfused steps.
#include <algorithm>
#include <cstdint>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "interp/graph/fusion.h"

namespace tessera::interp {
namespace {

constexpr int64_t kBlock = 256;      // elements per node row: the rows stay in L1
constexpr int64_t kGrain = 1 << 14;  // elements per task

/// An operand of a node over one block: a row of kBlock values, or one value for all.
struct Operand {
  const float* p;
  bool one;
};

template <typename F>
void apply(Operand a, Operand b, float* d, int64_t len, F f) {
  if (!a.one && !b.one) {
    for (int64_t j = 0; j < len; ++j) d[j] = f(a.p[j], b.p[j]);
  } else if (a.one && !b.one) {
    const float av = *a.p;
    for (int64_t j = 0; j < len; ++j) d[j] = f(av, b.p[j]);
  } else if (!a.one) {
    const float bv = *b.p;
    for (int64_t j = 0; j < len; ++j) d[j] = f(a.p[j], bv);
  } else {
    std::fill(d, d + len, f(*a.p, *b.p));
  }
}

}  // namespace

void kernel_fused_elementwise(KernelCtx& ctx) {
  if (!ctx.fused || ctx.fused->nodes.empty() || ctx.fused->nodes.size() > FusedExpr::kMaxNodes)
    ctx.fail("internal: a fused elementwise step without a recipe");
  const auto& nodes = ctx.fused->nodes;
  Tensor& out = ctx.output();
  const int64_t n = out.numel();
  float* y = out.data<float>();
  std::vector<Operand> leaves;
  for (const Tensor* t : ctx.in) leaves.push_back({t->data<float>(), t->numel() == 1});
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, n, kGrain), [&](const auto& r) {
    alignas(64) float rows[FusedExpr::kMaxNodes][kBlock];
    for (int64_t b = r.begin(); b < r.end(); b += kBlock) {
      const int64_t len = std::min(kBlock, r.end() - b);
      auto operand = [&](int j) -> Operand {
        if (j >= 0) return {rows[j], false};
        const Operand& l = leaves[static_cast<size_t>(-1 - j)];
        return l.one ? l : Operand{l.p + b, false};
      };
      for (size_t i = 0; i < nodes.size(); ++i) {
        // The last node writes the result; a leaf it shares storage with (in place) is read
        // at the same index just before.
        float* d = i + 1 == nodes.size() ? y + b : rows[i];
        const Operand a = operand(nodes[i].a), c = operand(nodes[i].b);
        switch (nodes[i].kind) {
          case ops::OpKind::Add:
            apply(a, c, d, len, [](float u, float v) { return u + v; });
            break;
          case ops::OpKind::Sub:
            apply(a, c, d, len, [](float u, float v) { return u - v; });
            break;
          case ops::OpKind::Mul:
            apply(a, c, d, len, [](float u, float v) { return u * v; });
            break;
          case ops::OpKind::Div:
            apply(a, c, d, len, [](float u, float v) { return u / v; });
            break;
          default:  // Neg
            apply(a, a, d, len, [](float u, float) { return -u; });
            break;
        }
      }
    }
  });
}

}  // namespace tessera::interp
