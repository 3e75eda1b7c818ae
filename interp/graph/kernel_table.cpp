// Graph IR kernel dispatch, built from the `kernel` hooks of ops.def.
#include "core/ops/registry.h"
#include "interp/graph/kernel.h"
#include "interp/graph/plan.h"

#include <array>
#include <mutex>
#include <vector>

namespace tessera::interp {
namespace {

struct Entry {
  ops::OpKind kind;
  KernelFn fn;
};

#define TESSERA_GRAPH_ENTRY_kernel(id) {ops::OpKind::id, &kernel_##id},
#define TESSERA_GRAPH_ENTRY_resolver(id)
#define TESSERA_GRAPH_ENTRY_none(id)
#define TESSERA_GRAPH_ENTRY__(id)
constexpr Entry kGraphKernels[] = {
#define TESSERA_OP(id, name, level, mino, maxo, nres, traits, attrs, hooks) \
  TESSERA_CAT(TESSERA_GRAPH_ENTRY_, TESSERA_HOOK_GRAPH hooks)(id)
#include "core/ops/ops.def"
#undef TESSERA_OP
};

std::vector<KernelResolver>& resolvers() {
  static auto* r = new std::vector<KernelResolver>();
  return *r;
}
std::mutex& resolver_mutex() {
  static auto* m = new std::mutex();
  return *m;
}

}  // namespace

void register_kernel_resolver(KernelResolver r) {
  std::lock_guard<std::mutex> lock(resolver_mutex());
  for (KernelResolver x : resolvers())
    if (x == r) return;
  resolvers().push_back(r);
}

KernelFn graph_kernel(const ir::Op& op) {
  static const auto* table = [] {
    auto* t = new std::array<KernelFn, ops::kNumOps>{};
    for (const Entry& e : kGraphKernels) (*t)[static_cast<size_t>(e.kind)] = e.fn;
    return t;
  }();
  if (!op.def) return nullptr;
  if (KernelFn k = (*table)[static_cast<size_t>(op.def->kind)]) return k;
  std::lock_guard<std::mutex> lock(resolver_mutex());
  for (KernelResolver r : resolvers())
    if (KernelFn k = r(op)) return k;
  return nullptr;
}

bool kernel_handles_low_precision(const ir::Op& op) {
  return op.def && op.def->has(ops::kLowPrecision);
}

}  // namespace tessera::interp
