// Graph IR ops whose Tile IR kernels were written after their op records' lower hooks
// (core/ops/*.def). A name here lowers as if its record's hook were `pass`; the list is folded
// into the records (and emptied) when branches meet, so that one edit of the .def files, not
// one per branch, recompiles everything.
#pragma once

#include <string_view>

namespace tessera::transforms {

/// True when schedule-to-tile has a kernel for Graph IR op `name` that its op record's lower hook
/// does not yet say.
bool lowered_by_list(std::string_view name);

}  // namespace tessera::transforms
