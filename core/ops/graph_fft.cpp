// Verifier hooks of fft, ifft and fft2d (docs/ops/graph/fft.md). Complex numbers are carried as
// interleaved (re, im) pairs in a trailing dim of size 2 until complex<...> element types land.
#include "core/ops/infer_util.h"

namespace tessera::ops {
namespace {

/// `<op>_c1`: an f32/f64 tensor [..., n, 2] (rank >= min_rank) whose last dim is 2.
bool infer_spectral(InferCtx& ctx, int64_t min_rank, const char* c1, const char* c2) {
  ctx.result_label = c2;
  if (!require_float(ctx, 0, c1)) return false;
  const ir::Type& x = ctx.operands[0];
  if ((x.dtype != DType::f32 && x.dtype != DType::f64) || x.rank() < min_rank ||
      (x.shape.back() != 2 && x.shape.back() != ir::kDynamic))
    return ctx.fail("needs an f32 or f64 tensor of rank >= " + std::to_string(min_rank) +
                        " whose last dim is 2 (re, im), got " + ir::to_string(x),
                    c1);
  // <op>_c2: the result has the operand's type.
  ctx.results = {x};
  return true;
}

}  // namespace

bool infer_Fft(InferCtx& ctx) { return infer_spectral(ctx, 2, "fft_c1", "fft_c2"); }
bool infer_Ifft(InferCtx& ctx) { return infer_spectral(ctx, 2, "ifft_c1", "ifft_c2"); }
bool infer_Fft2d(InferCtx& ctx) { return infer_spectral(ctx, 3, "fft2d_c1", "fft2d_c2"); }

}  // namespace tessera::ops
