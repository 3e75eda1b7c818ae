// NVRTC: CUDA C++ to a cubin for one architecture. Every NVRTC error becomes a message naming the
// call and its error string; nothing aborts.
#pragma once

#include <string>
#include <vector>

namespace tessera::cuda {

struct NvrtcOutput {
  bool ok = false;
  std::string error;  ///< When !ok: the failing call or the compile log.
  std::string log;    ///< NVRTC's log (warnings too).
  size_t cubin_bytes = 0;
  std::string cubin;  ///< The machine code (cuobjdump can read it).
};

/// Compiles `source` (named `name` in diagnostics) for sm_<sm> with `include_dirs` on the
/// include path, without FMA contraction (--fmad=false), so each arith op rounds once.
NvrtcOutput nvrtc_compile(const std::string& source, const std::string& name, int sm,
                          const std::vector<std::string>& include_dirs);

}  // namespace tessera::cuda
