// Deterministic mode's flash attention as users run it: a Graph IR tessera.flash_attn compiled
// and executed by the CUDA plugin (libtessera_cuda.so, loaded through the plugin ABI from the
// tools' plugin directory) with TESSERA_DETERMINISM_REQUIRED: the lowering's generated kernel.
#pragma once

#include <cuda_runtime_api.h>

namespace tessera::bench {

/// Checks the generated kernel on [1, 2, 128, 64] f32 causal (bit for bit against the reference
/// plugin, and against a host f64 softmax attention within 2^-16 * max|v|), then times causal
/// B 4, H 16, S 4096, D 64 f32 against cuDNN SDPA in bf16 at the same shape (D 64 and f32 are
/// what the deterministic lowering takes; docs/ops/schedule/lowering.md). Prints its lines;
/// returns the number of failed checks.
int deterministic_attention_section(cudaStream_t stream);

}  // namespace tessera::bench
