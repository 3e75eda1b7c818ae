// The front both CUDA compile paths share (runtime/compile.cpp and tools/lower_and_generate.cpp):
// a verified module brought to Target IR for the generator.
#pragma once

#include <string>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::cuda {

/// Lowers a verified module to Target IR in place, unless it already launches Target IR kernels
/// (a tessera_nvidia.launch: then it is generated as written). False with the pipeline's
/// diagnostics in `diag`, or `err` set when a level is not available.
bool lower_for_cuda(ir::Module& m, DiagnosticEngine& diag, std::string& err);

}  // namespace tessera::cuda
