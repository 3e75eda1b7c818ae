// Parsing the tile debugging options of the command line.
#include "interp/tile/options.h"

#include "core/support/error.h"
#include "interp/tile/sim.h"

namespace tessera::interp::tile {

uint32_t parse_check_list(const std::string& list) {
  static const std::pair<const char*, uint32_t> kChecks[] = {{"bounds", kCheckBounds},
                                                             {"races", kCheckRaces},
                                                             {"barriers", kCheckBarriers},
                                                             {"init", kCheckInit},
                                                             {"async", kCheckAsync}};
  uint32_t bits = 0;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    std::string word = list.substr(start, comma - start);
    start = comma + 1;
    if (word.empty()) continue;
    if (word == "all") {
      bits |= kCheckBounds | kCheckRaces | kCheckBarriers | kCheckInit | kCheckAsync;
      continue;
    }
    if (word == "none") continue;
    bool found = false;
    for (auto& [name, bit] : kChecks)
      if (word == name) {
        bits |= bit;
        found = true;
      }
    if (!found)
      throw Error("unknown check '" + word +
                  "' (known: bounds, races, barriers, init, async, all)");
  }
  return bits;
}

}  // namespace tessera::interp::tile
