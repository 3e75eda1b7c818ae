// The numerics monitor inside tile kernels: per-op statistics of Tile IR ops, their probes and
// --stop-on (the tile simulator measures; interp/tile/observe.cpp).
#include "core/support/error.h"
#include "interp/numerics/monitor.h"
#include "interp/run_context.h"

namespace tessera::interp::numerics {

TileWants Monitor::tile_wants(const ir::Op& op, size_t r) const {
  TileWants w;
  w.stats = opts_.stats || opts_.stop_nan || opts_.stop_inf;
  w.probe = !probe_stems(op, r).empty();
  w.shadow = opts_.shadow;
  return w;
}

void Monitor::tile_stop_on(bool& nan, bool& inf) const {
  nan = opts_.stop_nan;
  inf = opts_.stop_inf;
}

void Monitor::after_tile_value(const TileValueEvent& e, const RunContext& run) {
  if (e.stats || e.errors) {
    const ir::Type& type = e.op.results[e.result]->type;
    OpEntry& entry = entry_for(e.op, e.result, dtype_mlir_name(type.dtype), run.rank);
    if (e.stats) {
      entry.calls += e.executions;
      entry.value.merge(*e.stats);
    }
    if (e.errors) {  // f64 evaluated in the kernel (docs/numerics-report.md, "Tile kernels")
      entry.shadowed = true;
      entry.shadow_note.clear();
      entry.total.merge(e.errors[0]);
      entry.own.merge(e.errors[1]);
      entry.inherited.merge(e.errors[2]);
    } else if (!entry.shadowed) {
      entry.shadow_note =
          opts_.shadow ? "an op inside a tile kernel without an f64 evaluation: its result is "
                         "exact for the ops after it"
                       : "an op inside a tile kernel (its launch's results are shadowed)";
    }
  }
  if (e.probe)
    for (const auto& [stem, p] : probe_stems(e.op, e.result))
      write_probe(stem, p, *e.probe, run.rank);
}

void Monitor::after_tile_stop(const TileStopEvent& e, const RunContext& run) {
  StopInfo info;
  info.message = e.message;
  info.op = e.op.name;
  info.location = e.op.loc.known() && sm_
                      ? sm_->name(e.op.loc.file) + ":" + std::to_string(e.op.loc.line) + ":" +
                            std::to_string(e.op.loc.col)
                      : std::string("<unknown>");
  info.what = e.what;
  info.element = e.element;
  info.rank = run.rank;
  std::lock_guard<std::mutex> lock(mu_);
  if (!stop_) stop_ = info;
}

}  // namespace tessera::interp::numerics
