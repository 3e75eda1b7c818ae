// A verified module brought to Target IR for the CUDA generator.
#include "backends/cuda/codegen/lower_front.h"

#include "core/transforms/levels.h"

namespace tessera::cuda {

bool lower_for_cuda(ir::Module& m, DiagnosticEngine& diag, std::string& err) {
  bool launches = false;
  for (ir::Op* f : m.funcs())
    ir::walk(*f, [&](ir::Op& o) { launches = launches || o.name == "tessera_nvidia.launch"; });
  return launches || transforms::lower_to_level(m, "target", diag, err);
}

}  // namespace tessera::cuda
