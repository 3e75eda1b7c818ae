// The pass registry (an explicit table: no static registration).
#include "core/transforms/passes.h"

#include "core/transforms/insert_collectives.h"

namespace tessera::transforms {

namespace {

constexpr PassInfo kPasses[] = {
    {"insert-collectives",
     "propagate ShardSpecs through SPMD functions and insert the collectives they need",
     &insert_collectives},
};

}  // namespace

std::span<const PassInfo> all_passes() { return kPasses; }

const PassInfo* lookup_pass(std::string_view name) {
  for (const PassInfo& p : kPasses)
    if (name == p.name) return &p;
  return nullptr;
}

}  // namespace tessera::transforms
