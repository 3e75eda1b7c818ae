// NVRTC: CUDA C++ to a cubin for one architecture.
#include "backends/cuda/nvrtc_compile.h"

#include <nvrtc.h>

#include "backends/cuda/cuda_status.h"

namespace tessera::cuda {
namespace {

/// Owns an nvrtcProgram.
struct Program {
  nvrtcProgram p = nullptr;
  ~Program() {
    if (p != nullptr) nvrtcDestroyProgram(&p);
  }
};

}  // namespace

NvrtcOutput nvrtc_compile(const std::string& source, const std::string& name, int sm,
                          const std::vector<std::string>& include_dirs) {
  NvrtcOutput out;
  Program prog;
  nvrtcResult st = nvrtcCreateProgram(&prog.p, source.c_str(), name.c_str(), 0, nullptr, nullptr);
  if (st != NVRTC_SUCCESS) {
    out.error = nvrtc_status_text("nvrtcCreateProgram", st);
    return out;
  }
  std::vector<std::string> opts = {"--gpu-architecture=sm_" + std::to_string(sm), "-std=c++17",
                                   "--fmad=false", "-default-device"};
  for (const std::string& d : include_dirs) opts.push_back("-I" + d);
  std::vector<const char*> argv;
  for (const std::string& o : opts) argv.push_back(o.c_str());
  nvrtcResult cst = nvrtcCompileProgram(prog.p, static_cast<int>(argv.size()), argv.data());
  size_t log_size = 0;
  if ((st = nvrtcGetProgramLogSize(prog.p, &log_size)) != NVRTC_SUCCESS) {
    out.error = nvrtc_status_text("nvrtcGetProgramLogSize", st);
    return out;
  }
  if (log_size > 1) {
    out.log.resize(log_size);
    if ((st = nvrtcGetProgramLog(prog.p, out.log.data())) != NVRTC_SUCCESS) {
      out.error = nvrtc_status_text("nvrtcGetProgramLog", st);
      return out;
    }
    out.log.resize(log_size - 1);
  }
  if (cst != NVRTC_SUCCESS) {
    out.error = nvrtc_status_text("nvrtcCompileProgram", cst) + ":\n" + out.log;
    return out;
  }
  size_t size = 0;
  if ((st = nvrtcGetCUBINSize(prog.p, &size)) != NVRTC_SUCCESS) {
    out.error = nvrtc_status_text("nvrtcGetCUBINSize", st);
    return out;
  }
  out.cubin.resize(size);
  if (size > 0 && (st = nvrtcGetCUBIN(prog.p, out.cubin.data())) != NVRTC_SUCCESS) {
    out.error = nvrtc_status_text("nvrtcGetCUBIN", st);
    return out;
  }
  out.cubin_bytes = size;
  out.ok = true;
  return out;
}

}  // namespace tessera::cuda
