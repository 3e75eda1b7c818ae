// Parsing the tile debugging options of the command line (--check LIST).
#pragma once

#include <cstdint>
#include <string>

namespace tessera::interp::tile {

/// "bounds,races,barriers,init,async" or "all" (or "none") to a TileDebugOptions::checks bit set.
/// Throws tessera::Error naming an unknown check.
uint32_t parse_check_list(const std::string& list);

}  // namespace tessera::interp::tile
