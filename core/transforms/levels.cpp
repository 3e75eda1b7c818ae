// The level pipeline (docs/ops/schedule/lowering.md, "The level pipeline").
#include "core/transforms/levels.h"

#include "core/transforms/passes.h"
#include "core/verify/verifier.h"

namespace tessera::transforms {

namespace {

constexpr LevelInfo kLevels[] = {
    {"graph", nullptr, nullptr},
    {"schedule", "graph-to-schedule", nullptr},
    {"tile", "schedule-to-tile", nullptr},
    {"target", "tile-to-target", nullptr},
};

}  // namespace

std::span<const LevelInfo> all_levels() { return kLevels; }

const LevelInfo* lookup_level(std::string_view name) {
  for (const LevelInfo& l : kLevels)
    if (name == l.name) return &l;
  return nullptr;
}

bool lower_to_level(ir::Module& m, std::string_view level, DiagnosticEngine& diag,
                    std::string& err) {
  const LevelInfo* want = lookup_level(level);
  if (!want) {
    err = "unknown level '" + std::string(level) + "' (graph, schedule, tile or target)";
    return false;
  }
  for (const LevelInfo& l : kLevels) {
    if (l.name != std::string_view("graph")) {
      if (!l.pass) {
        err = std::string("cannot lower to ") + l.name + ": " + l.missing;
        return false;
      }
      const PassInfo* p = lookup_pass(l.pass);
      if (!p) {
        err =
            std::string("cannot lower to ") + l.name + ": pass '" + l.pass + "' is not registered";
        return false;
      }
      if (!p->run(m, diag) || !verify::verify_module(m, diag)) return false;
    }
    if (&l == want) return true;
  }
  return true;
}

}  // namespace tessera::transforms
