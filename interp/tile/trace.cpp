// Chrome/Perfetto trace of a launch: one process per group, one thread per tile.
#include <fstream>

#include "core/support/error.h"
#include "interp/tile/launch.h"

namespace tessera::interp::tile {
namespace {

/// At most this many events are written (the first groups' events win).
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

void write_trace(const std::string& path, const Launch& l,
                 const std::vector<GroupResult>& results) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw Error(path + ": cannot write the trace file");
  f << "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"kernel\":" << json_string(l.prog->name)
    << ",\"clock\":\"simulated lane-operations per lane\"},\"traceEvents\":[\n";
  bool first = true;
  auto sep = [&] {
    if (!first) f << ",\n";
    first = false;
  };
  size_t written = 0;
  for (size_t g = 0; g < results.size() && written < kMaxEvents; ++g) {
    sep();
    f << "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" << g << ",\"args\":{\"name\":\"group "
      << g << "\"}}";
    for (int32_t t = 0; t < l.tiles; ++t) {
      sep();
      f << "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" << g << ",\"tid\":" << t
        << ",\"args\":{\"name\":\"tile " << t << "\"}}";
    }
    for (const TraceEvent& e : results[g].trace) {
      if (++written > kMaxEvents) break;
      sep();
      f << "{\"ph\":\"X\",\"name\":" << json_string(e.name) << ",\"cat\":\""
        << (e.name.rfind("epoch", 0) == 0 ? "barrier" : e.name) << "\",\"pid\":" << e.group
        << ",\"tid\":" << e.tile << ",\"ts\":" << e.ts << ",\"dur\":" << e.dur << "}";
    }
  }
  f << "\n]}\n";
  if (!f) throw Error(path + ": error while writing the trace file");
}

}  // namespace tessera::interp::tile
