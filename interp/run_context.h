// The run context: everything a kernel or a launch may read about the run it belongs to.
#pragma once

#include <cstdint>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"
#include "interp/api.h"
#include "interp/numerics/observer.h"

namespace tessera::interp {

class BufferCache;

/// What one run of a function passes down to every plan, kernel and tile launch: the module (its
/// symbol table resolves `func.call` and `tile.launch` callees), the sources diagnostics refer
/// to, the thread cap, the memory limit and the tile simulator's options (sanitizers, schedule
/// seed, trace, step and time limits, the report log). There is no other run state: nothing
/// global, nothing thread-local (run_m1, docs/ir-overview.md "The run context").
struct RunContext {
  const ir::Module* module = nullptr;       ///< the running module (callee lookups)
  const SourceManager* sm = nullptr;        ///< sources of diagnostics
  int threads = 0;                          ///< TBB worker cap of the run (0 = default)
  uint64_t max_memory = uint64_t{8} << 30;  ///< live-buffer limit of plans (--max-memory)
  TileDebugOptions tile;                    ///< what tile launches of this run use
  int call_depth = 0;                       ///< func.call nesting (kMaxCallDepth bounds it)
  StepObserver* observer = nullptr;         ///< numerics tools watching the steps (may be null)
  int64_t rank = -1;                        ///< mesh rank of this context (-1: no mesh)
  /// Buffers kept between runs (interp/graph/plan.h), or nullptr: where the run's plans take
  /// their intermediate buffers first and leave them at the end. Changes no result.
  BufferCache* buffers = nullptr;

  /// Calls nest at most this deep (deeper is reported as probable unbounded recursion).
  static constexpr int kMaxCallDepth = 64;

  /// The function `name` of the module, or nullptr.
  const ir::Op* lookup_func(std::string_view name) const {
    return module ? module->lookup_func(name) : nullptr;
  }
  /// The context of a callee run by `func.call`: the same run, one call deeper.
  RunContext nested_call() const {
    RunContext c = *this;
    ++c.call_depth;
    return c;
  }
};

}  // namespace tessera::interp
