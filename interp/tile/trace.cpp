// Chrome/Perfetto trace of a launch: one process per group, one thread per tile.
#include <algorithm>
#include <fstream>

#include "core/support/error.h"
#include "interp/tile/launch.h"

namespace tessera::interp::tile {
namespace {

/// At most this many events are written (the first events win).
constexpr size_t kMaxEvents = 1'000'000;

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out + "\"";
}

}  // namespace

void render_trace(const Launch& l, const std::vector<GroupResult>& results, int64_t pid_base,
                  const std::string& process_prefix, uint64_t ts_offset,
                  std::vector<std::string>& events, uint64_t& end) {
  for (size_t g = 0; g < results.size() && events.size() < kMaxEvents; ++g) {
    const int64_t pid = pid_base + static_cast<int64_t>(g);
    events.push_back(
        "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + std::to_string(pid) +
        ",\"args\":{\"name\":" + json_string(process_prefix + "group " + std::to_string(g)) + "}}");
    for (int32_t t = 0; t < l.tiles; ++t)
      events.push_back("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + std::to_string(pid) +
                       ",\"tid\":" + std::to_string(t) + ",\"args\":{\"name\":\"tile " +
                       std::to_string(t) + "\"}}");
    for (const TraceEvent& e : results[g].trace) {
      if (events.size() >= kMaxEvents) break;
      events.push_back("{\"ph\":\"X\",\"name\":" + json_string(e.name) + ",\"cat\":\"" +
                       (e.name.rfind("epoch", 0) == 0 ? "barrier" : e.name) + "\",\"pid\":" +
                       std::to_string(pid_base + e.group) + ",\"tid\":" + std::to_string(e.tile) +
                       ",\"ts\":" + std::to_string(ts_offset + e.ts) +
                       ",\"dur\":" + std::to_string(e.dur) + "}");
      end = std::max(end, ts_offset + e.ts + e.dur);
    }
  }
}

void write_trace_file(const std::string& path, const std::string& what,
                      const std::vector<std::string>& events) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw Error(path + ": error: cannot open the trace file for writing");
  f << "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"kernel\":" << json_string(what)
    << ",\"clock\":\"simulated lane-operations per lane\"},\"traceEvents\":[\n";
  for (size_t k = 0; k < events.size(); ++k) f << (k ? ",\n" : "") << events[k];
  f << "\n]}\n";
  f.close();  // buffered bytes reach the file (or fail, e.g. on a full disk) only here
  if (f.fail()) throw Error(path + ": error: writing the trace file failed (disk full?)");
}

void write_trace(const std::string& path, const Launch& l,
                 const std::vector<GroupResult>& results) {
  std::vector<std::string> events;
  uint64_t end = 0;
  render_trace(l, results, 0, "", 0, events, end);
  write_trace_file(path, l.prog->name, events);
}

}  // namespace tessera::interp::tile
