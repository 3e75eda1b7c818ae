// The derivative rules of the Graph ops (autodiff_rules_*.cpp), collected by the registry in
// autodiff_rules.cpp. A rule is named after its op's record identifier (vjp_Add for tessera.add).
#pragma once

#include <span>
#include <vector>

#include "core/transforms/autodiff.h"
#include "core/transforms/autodiff_builder.h"

namespace tessera::transforms::autodiff {

#define TESSERA_AD_RULE(id) \
  bool vjp_##id(VjpCtx&);   \
  bool jvp_##id(JvpCtx&);
#define TESSERA_AD_DECOMPOSE(id) \
  std::vector<ir::Value*> decompose_##id(Builder&, const ir::Op&, std::span<ir::Value* const>);

// autodiff_rules_elementwise.cpp
TESSERA_AD_RULE(Add)
TESSERA_AD_RULE(Sub)
TESSERA_AD_RULE(Mul)
TESSERA_AD_RULE(Div)
TESSERA_AD_RULE(Max)
TESSERA_AD_RULE(Min)
TESSERA_AD_RULE(Pow)
TESSERA_AD_RULE(Select)
TESSERA_AD_RULE(Neg)
TESSERA_AD_RULE(Cast)
/// Unary elementwise ops share one rule pair over the op's derivative f'(x) (unary_deriv).
bool vjp_unary(VjpCtx&);
bool jvp_unary(JvpCtx&);
// autodiff_rules_shape.cpp
TESSERA_AD_RULE(Reshape)
TESSERA_AD_RULE(Transpose)
TESSERA_AD_RULE(Broadcast)
TESSERA_AD_RULE(Concat)
TESSERA_AD_RULE(Slice)
TESSERA_AD_RULE(Gather)
TESSERA_AD_RULE(Embedding)
TESSERA_AD_RULE(Scatter)
TESSERA_AD_RULE(Topk)
// autodiff_rules_reduce.cpp
TESSERA_AD_RULE(Reduce)
TESSERA_AD_RULE(Matmul)
// autodiff_rules_conv.cpp
TESSERA_AD_RULE(Conv2dNhwc)
TESSERA_AD_RULE(Softmax)
TESSERA_AD_RULE(LogSoftmax)
// autodiff_rules_kv_gemm.cpp
/// The rows of each group as a 0/1 tensor [G, M] of `dtype`, from the run-time group sizes:
/// row i is in group g when start_g <= i < end_g, with the ends the inclusive prefix sums of the
/// sizes (a matmul with a lower-triangular constant; exact below 2^24 rows in f32). Also used by
/// moe_swiglu_block's decomposition (autodiff_rules_decodemoe.cpp).
ir::Value* group_rows(Builder& b, ir::Value* sizes, int64_t rows, DType dtype);
TESSERA_AD_RULE(KvCacheAppend)
TESSERA_AD_RULE(KvCacheRead)
TESSERA_AD_RULE(GroupedGemm)
// autodiff_rules_linalg.cpp
TESSERA_AD_RULE(Spmm)
TESSERA_AD_RULE(TriSolve)
TESSERA_AD_RULE(CholeskySolve)
// autodiff_rules_decomp.cpp
TESSERA_AD_RULE(Cholesky)
TESSERA_AD_RULE(Svd)
// autodiff_rules_quant.cpp
TESSERA_AD_RULE(Quantize)
TESSERA_AD_RULE(Dequantize)
// autodiff_rules_fft.cpp
TESSERA_AD_RULE(Fft)  // fft, ifft, fft2d
// autodiff_rules_control.cpp
TESSERA_AD_RULE(ControlIf)
TESSERA_AD_DECOMPOSE(ControlFor)
TESSERA_AD_DECOMPOSE(ControlScan)
// autodiff_rules_while.cpp
TESSERA_AD_RULE(ControlWhile)
// autodiff_rules_composite.cpp
TESSERA_AD_DECOMPOSE(LayerNorm)
TESSERA_AD_DECOMPOSE(RmsNorm)
TESSERA_AD_DECOMPOSE(FlashAttn)
// autodiff_rules_attention.cpp: flash_attn's blockwise vjp (its jvp: the decomposition).
bool vjp_FlashAttn(VjpCtx&);
TESSERA_AD_DECOMPOSE(CrossEntropy)
TESSERA_AD_DECOMPOSE(Mse)
TESSERA_AD_DECOMPOSE(BinaryCrossEntropy)
TESSERA_AD_DECOMPOSE(Sgd)
TESSERA_AD_DECOMPOSE(Adam)  // adam, adamw
// autodiff_rules_upstream.cpp
TESSERA_AD_DECOMPOSE(SiluMul)
TESSERA_AD_DECOMPOSE(SwigluFused)
TESSERA_AD_RULE(ScaledMatmul)
TESSERA_AD_RULE(HaloIdentity)  // neighbors.halo.region, neighbors.halo.exchange
// autodiff_rules_stencil.cpp
TESSERA_AD_RULE(StencilApply)  // neighbors.stencil.apply
// autodiff_rules_attnstate.cpp
TESSERA_AD_DECOMPOSE(LatentKv)  // latent_kv_compress, latent_kv_expand_k, latent_kv_expand_v
// autodiff_rules_train.cpp (upstream family `train`)
TESSERA_AD_DECOMPOSE(RlPpoPolicyLoss)
TESSERA_AD_DECOMPOSE(RlGrpoPolicyLoss)
TESSERA_AD_DECOMPOSE(Nesterov)
TESSERA_AD_DECOMPOSE(RlCispoPolicyLoss)
TESSERA_AD_DECOMPOSE(MomentumBackward)
// autodiff_rules_gaebm.cpp (issue #18 family gaebm)
TESSERA_AD_DECOMPOSE(EbmInnerStep)  // ebm.inner_step, ebm.langevin_step
TESSERA_AD_DECOMPOSE(EbmRefinement)
TESSERA_AD_DECOMPOSE(EbmEnergyQuadratic)
// autodiff_rules_up_misc.cpp (upstream op family misc)
TESSERA_AD_RULE(Rope)  // rope, ntk_rope
TESSERA_AD_DECOMPOSE(TargetVerify)
TESSERA_AD_DECOMPOSE(SoftmaxSafe)
TESSERA_AD_DECOMPOSE(NormalizationStats)
TESSERA_AD_DECOMPOSE(MaskedFill)
TESSERA_AD_DECOMPOSE(BroadcastInDim)
TESSERA_AD_DECOMPOSE(FusedEpilogue)
TESSERA_AD_DECOMPOSE(DequantMatmul)
TESSERA_AD_DECOMPOSE(MiscView)  // squeeze, unsqueeze, flatten
TESSERA_AD_DECOMPOSE(Expand)

#undef TESSERA_AD_RULE
#undef TESSERA_AD_DECOMPOSE

/// The axes an op's `axes` attribute (or `axis` integer) names, normalised to [0, rank); all axes
/// when absent.
std::vector<int64_t> attr_axes(const ir::Op& op, const char* name, int64_t rank);
/// The integer attribute `name` of `op` normalised as an axis of `rank` (default `dflt`).
int64_t attr_axis(const ir::Op& op, const char* name, int64_t dflt, int64_t rank);

}  // namespace tessera::transforms::autodiff
