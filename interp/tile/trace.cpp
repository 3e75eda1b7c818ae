// Chrome/Perfetto trace of a launch: one process per group, one thread per tile.
#include <algorithm>
#include <fstream>

#include <nlohmann/json.hpp>

#include "core/support/error.h"
#include "interp/tile/launch.h"

namespace tessera::interp::tile {
namespace {

using nlohmann::json;

/// At most this many events are written (the first events win).
constexpr size_t kMaxEvents = 1'000'000;

/// One event as compact JSON; invalid UTF-8 in names (user symbols) is replaced, never thrown on.
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

json metadata(const char* what, int64_t pid, const std::string& name) {
  return {{"ph", "M"}, {"name", what}, {"pid", pid}, {"args", {{"name", name}}}};
}

}  // namespace

void render_trace(const Launch& l, const std::vector<GroupResult>& results, int64_t pid_base,
                  const std::string& process_prefix, uint64_t ts_offset,
                  std::vector<std::string>& events, uint64_t& end) {
  for (size_t g = 0; g < results.size() && events.size() < kMaxEvents; ++g) {
    const int64_t pid = pid_base + static_cast<int64_t>(g);
    events.push_back(
        dump(metadata("process_name", pid, process_prefix + "group " + std::to_string(g))));
    for (int32_t t = 0; t < l.tiles; ++t) {
      json m = metadata("thread_name", pid, "tile " + std::to_string(t));
      m["tid"] = t;
      events.push_back(dump(m));
    }
    for (const TraceEvent& e : results[g].trace) {
      if (events.size() >= kMaxEvents) break;
      const bool barrier = e.name.rfind("epoch", 0) == 0;
      events.push_back(dump({{"ph", "X"},
                             {"name", e.name},
                             {"cat", barrier ? std::string("barrier") : e.name},
                             {"pid", pid_base + e.group},
                             {"tid", e.tile},
                             {"ts", ts_offset + e.ts},
                             {"dur", e.dur}}));
      end = std::max(end, ts_offset + e.ts + e.dur);
    }
  }
}

void add_graph_trace_event(const TileDebugOptions& o, const GraphTraceEvent& e) {
  TileCheckLog& log = *o.log;
  if (log.trace_events.size() >= kMaxEvents) return;
  const int64_t pid = o.trace_pid_base + kGraphTracePid;
  if (!log.graph_track) {
    log.graph_track = true;
    log.trace_events.push_back(dump(
        metadata("process_name", pid, (o.context.empty() ? "" : o.context + " ") + "graph ops")));
  }
  log.trace_events.push_back(
      dump({{"ph", "X"},
            {"name", e.name},
            {"cat", e.cat},
            {"pid", pid},
            {"tid", 0},
            {"ts", e.ts},
            {"dur", e.dur},
            {"args",
             {{"location", e.location}, {"bytes_in", e.bytes_in}, {"bytes_out", e.bytes_out}}}}));
  log.trace_end = std::max(log.trace_end, e.ts + e.dur);
}

void write_trace_file(const std::string& path, const std::string& what,
                      const std::vector<std::string>& events) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw Error(path + ": error: cannot write the trace file");
  const json header = {{"kernel", what}, {"clock", "simulated lane-operations per lane"}};
  // The events are already JSON; the array is streamed so that a million of them need no copy.
  f << "{\"displayTimeUnit\":\"ns\",\"otherData\":" << dump(header) << ",\"traceEvents\":[\n";
  for (size_t k = 0; k < events.size(); ++k) f << (k ? ",\n" : "") << events[k];
  f << "\n]}\n";
  f.close();  // a full disk shows only when the buffer is written
  if (!f) throw Error(path + ": error: writing the trace file failed");
}

void write_trace(const std::string& path, const Launch& l,
                 const std::vector<GroupResult>& results) {
  std::vector<std::string> events;
  uint64_t end = 0;
  render_trace(l, results, 0, "", 0, events, end);
  write_trace_file(path, l.prog->name, events);
}

}  // namespace tessera::interp::tile
