// Graph IR kernels of the tessera.neighbors ops on one device (docs/ops/graph/neighbors.md):
// a topology and a stencil are compile-time descriptions, a halo region is the field itself, and
// stencil.apply reads values beyond the field's edge from its boundary rules.
#include <cstring>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/ops/neighbors.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

/// Writes a token's storage (a topology or a halo token carries no value): zero bytes.
void zero_output(KernelCtx& c) { std::memset(c.output().bytes(), 0, c.output().nbytes()); }

}  // namespace

void kernel_NbrTopologyCreate(KernelCtx& c) { zero_output(c); }
void kernel_NbrStencilDefine(KernelCtx& c) { zero_output(c); }

void kernel_NbrHaloRegion(KernelCtx& c) {
  if (c.output().nbytes() == c.input(0).nbytes() && c.output().dtype() == c.input(0).dtype())
    std::memcpy(c.output().bytes(), c.input(0).bytes(), c.output().nbytes());
  else
    zero_output(c);  // a !tessera.neighbors.halo token
}

/// One device has no neighbours: an exchanged tensor is unchanged; a token exchange does nothing.
void kernel_NbrHaloExchange(KernelCtx& c) {
  if (!c.out.empty()) std::memcpy(c.output().bytes(), c.input(0).bytes(), c.output().nbytes());
}

/// A schedule hint (how halo exchange overlaps compute): no value changes.
void kernel_NbrPipelineConfig(KernelCtx&) {}

void kernel_NbrStencilApply(KernelCtx& c) {
  std::string err;
  const char* label = nullptr;
  const ir::Op* def = c.op.operands[0]->def;
  auto st = def ? ops::read_stencil(*def, err, label) : std::nullopt;
  if (!st) c.fail("operand #0 is not a valid stencil (neighbors_c7)");
  const std::vector<int64_t> shape = c.input(1).shape();
  const size_t rank = shape.size();
  if (rank > 8) c.fail("stencils of rank above 8 are not supported here");
  for (int64_t n : shape)
    if (n == 0) return;  // an empty field has an empty result
  dispatch_float(c, c.input(1).dtype(), [&]<typename T>() {
    const T* x = c.input(1).data<T>();
    T* out = c.output().data<T>();
    // The halo is filled dim by dim in dim order, each dim's rule applied to the field already
    // extended along the dims before it; so the last outside dim is resolved first.
    auto tap_value = [&](const T* f, const int64_t* idx, const std::vector<int64_t>& tap) -> T {
      int64_t j[8];
      T ramp[8];
      size_t nramp = 0;
      for (size_t d = rank; d-- > 0;) {
        const int64_t n = shape[d];
        j[d] = idx[d] + tap[d];
        if (j[d] >= 0 && j[d] < n) continue;
        const ops::Boundary& b = ops::rule_of(*st, d);
        if (b.kind == ops::Boundary::Kind::dirichlet) {
          T v = static_cast<T>(b.value);
          while (nramp > 0) v = v + ramp[--nramp];  // later dims' ramps, in dim order
          return v;
        }
        if (b.kind == ops::Boundary::Kind::neumann) {
          const int64_t dist = j[d] < 0 ? -j[d] : j[d] - (n - 1);
          ramp[nramp++] = static_cast<T>(b.value) * static_cast<T>(dist);
          j[d] = j[d] < 0 ? 0 : n - 1;
        } else {
          j[d] = ops::wrap_coord(j[d], n, b.kind);
        }
      }
      int64_t src = 0;
      for (size_t d = 0; d < rank; ++d) src = src * shape[d] + j[d];
      T v = f[src];
      while (nramp > 0) v = v + ramp[--nramp];
      return v;
    };
    tbb::parallel_for(int64_t{0}, c.output().numel(), [&](int64_t flat) {
      int64_t idx[8] = {0};
      for (int64_t r = flat, d = static_cast<int64_t>(rank) - 1; d >= 0; --d) {
        idx[d] = r % shape[static_cast<size_t>(d)];
        r /= shape[static_cast<size_t>(d)];
      }
      T acc = T(0);
      for (size_t t = 0; t < st->taps.size(); ++t) {
        const T term = static_cast<T>(st->coeffs[t]) * tap_value(x, idx, st->taps[t]);
        acc = t == 0 ? term : acc + term;
      }
      out[flat] = acc;
    });
  });
}

}  // namespace tessera::interp
