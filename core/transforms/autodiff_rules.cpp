// The derivative rule registry: one row per Graph op, keyed by the op's name (an explicit table:
// no static registration). docs/ops/graph/autodiff-rules.md lists the same rows.
#include "core/transforms/autodiff_rules.h"
#include "core/transforms/autodiff_rules_attnsparse.h"
#include "core/transforms/autodiff_rules_decodemoe.h"
#include "core/transforms/autodiff_rules_mesh.h"

namespace tessera::transforms::autodiff {
namespace {

#define RULE(name, id) \
  Rule { name, &vjp_##id, &jvp_##id, nullptr, false }
#define UNARY(name) \
  Rule { name, &vjp_unary, &jvp_unary, nullptr, false }
#define DECOMPOSE(name, id) \
  Rule { name, nullptr, nullptr, &decompose_##id, false }
#define NONDIFF(name) \
  Rule { name, nullptr, nullptr, nullptr, true }
/// An own vjp, and the jvp of the decomposition (flash_attn's blockwise backward).
#define BLOCKWISE(name, id) \
  Rule { name, &vjp_##id, nullptr, &decompose_##id, false }
/// Rules that run even without a cotangent (Rule::effect: send / recv pair up, h-ad-ext).
#define EFFECT(name, id) \
  Rule { name, &vjp_##id, &jvp_##id, nullptr, false, true }

const Rule kRules[] = {
    // Elementwise (autodiff_rules_elementwise.cpp).
    RULE("tessera.add", Add),
    RULE("tessera.sub", Sub),
    RULE("tessera.mul", Mul),
    RULE("tessera.div", Div),
    RULE("tessera.max", Max),
    RULE("tessera.min", Min),
    RULE("tessera.pow", Pow),
    RULE("tessera.select", Select),
    RULE("tessera.neg", Neg),
    UNARY("tessera.abs"),
    UNARY("tessera.exp"),
    UNARY("tessera.log"),
    UNARY("tessera.sqrt"),
    UNARY("tessera.rsqrt"),
    UNARY("tessera.tanh"),
    UNARY("tessera.relu"),
    UNARY("tessera.gelu"),
    UNARY("tessera.silu"),
    UNARY("tessera.sigmoid"),
    RULE("tessera.cast", Cast),
    // arith on float tensors in Graph IR (scf bodies; control-flow.md): the same rules, since
    // arith takes no broadcasting. Comparisons and constants have none.
    RULE("arith.addf", Add),
    RULE("arith.subf", Sub),
    RULE("arith.mulf", Mul),
    RULE("arith.divf", Div),
    RULE("arith.maximumf", Max),
    RULE("arith.minimumf", Min),
    RULE("arith.negf", Neg),
    RULE("arith.select", Select),
    NONDIFF("arith.constant"),
    NONDIFF("arith.cmpf"),
    NONDIFF("arith.cmpi"),
    NONDIFF("arith.sitofp"),
    // Shape and indexing (autodiff_rules_shape.cpp).
    RULE("tessera.reshape", Reshape),
    RULE("tessera.transpose", Transpose),
    RULE("tessera.permute", Transpose),
    RULE("tessera.broadcast", Broadcast),
    RULE("tessera.concat", Concat),
    RULE("tessera.slice", Slice),
    RULE("tessera.gather", Gather),
    RULE("tessera.embedding", Embedding),
    RULE("tessera.scatter", Scatter),
    RULE("tessera.topk", Topk),
    // Reductions, contractions, softmax (autodiff_rules_reduce.cpp).
    RULE("tessera.reduce", Reduce),
    RULE("tessera.matmul", Matmul),
    RULE("tessera.softmax", Softmax),
    RULE("tessera.log_softmax", LogSoftmax),
    // Convolution (autodiff_rules_conv.cpp).
    RULE("tessera.conv2d_nhwc", Conv2dNhwc),
    // Grouped GEMM, KV cache, sparse, spectral (autodiff_rules_{kv_gemm,linalg,fft}.cpp).
    RULE("tessera.grouped_gemm", GroupedGemm),
    RULE("tessera.kv_cache.append", KvCacheAppend),
    RULE("tessera.kv_cache.read", KvCacheRead),
    RULE("tessera.spmm", Spmm),
    RULE("tessera.fft", Fft),
    RULE("tessera.ifft", Fft),
    RULE("tessera.fft2d", Fft),
    // Matrix decompositions (autodiff_rules_decomp.cpp).
    RULE("tessera.cholesky", Cholesky),
    RULE("tessera.svd", Svd),
    // Triangular and Cholesky solves (autodiff_rules_linalg.cpp).
    RULE("tessera.tri_solve", TriSolve),
    RULE("tessera.cholesky_solve", CholeskySolve),
    // Quantization (autodiff_rules_quant.cpp).
    RULE("tessera.quantize", Quantize),
    RULE("tessera.dequantize", Dequantize),
    // Control flow (autodiff_rules_control.cpp).
    RULE("tessera.control_if", ControlIf),
    DECOMPOSE("tessera.control_for", ControlFor),
    DECOMPOSE("tessera.control_scan", ControlScan),
    // control_while: a tangent loop; a recomputing backward loop (autodiff_rules_while.cpp).
    RULE("tessera.control_while", ControlWhile),
    // Composites, through their decomposition (autodiff_rules_composite.cpp).
    DECOMPOSE("tessera.layer_norm", LayerNorm),
    DECOMPOSE("tessera.layernorm_safe", LayerNorm),
    DECOMPOSE("tessera.rmsnorm", RmsNorm),
    DECOMPOSE("tessera.rmsnorm_safe", RmsNorm),
    // flash_attn: a blockwise vjp (autodiff_rules_attention.cpp), the decomposition's jvp.
    BLOCKWISE("tessera.flash_attn", FlashAttn),
    BLOCKWISE("tessera.flash_attention", FlashAttn),
    DECOMPOSE("tessera.cross_entropy", CrossEntropy),
    DECOMPOSE("tessera.mse", Mse),
    DECOMPOSE("tessera.binary_cross_entropy", BinaryCrossEntropy),
    DECOMPOSE("tessera.sgd", Sgd),
    DECOMPOSE("tessera.adam", Adam),
    DECOMPOSE("tessera.adamw", Adam),
    // Zero derivative: boolean results, constants, random draws (their operands are shapes/seeds).
    NONDIFF("tessera.cmp_eq"),
    NONDIFF("tessera.cmp_ne"),
    NONDIFF("tessera.cmp_lt"),
    NONDIFF("tessera.cmp_le"),
    NONDIFF("tessera.cmp_gt"),
    NONDIFF("tessera.cmp_ge"),
    NONDIFF("tessera.constant"),
    NONDIFF("tessera.uniform"),
    NONDIFF("tessera.randn"),
    NONDIFF("tessera.poisson"),
    // Random ops replay their Philox bits (autodiff_rules_random.cpp, h-ad-ext).
    RULE("tessera.dropout", Dropout),
    // Mesh collectives: JAX shard_map's transposes (autodiff_rules_mesh.cpp, h-ad-ext).
    RULE("tessera.all_reduce", AllReduce),
    RULE("tessera.all_gather", AllGather),
    RULE("tessera.reduce_scatter", ReduceScatter),
    RULE("tessera.all_to_all", AllToAll),
    RULE("tessera.ppermute", Ppermute),
    RULE("tessera.collective_broadcast", CollectiveBroadcast),
    RULE("tessera.collective_reduce", CollectiveReduce),
    RULE("tessera.collective_gather", CollectiveGather),
    RULE("tessera.collective_scatter", CollectiveScatter),
    EFFECT("tessera.send", Send),
    EFFECT("tessera.recv", Recv),
    RULE("tessera.redistribute", Redistribute),
    NONDIFF("tessera.axis_index"),
    // Upstream's newer ops (autodiff_rules_upstream.cpp): SwiGLU through its decomposition,
    // scaled_matmul as the matmul of its dequantized operands, the one-device halo ops as the
    // identity; the neighbors handles (topology, stencil, pipeline hint) hold no float value.
    DECOMPOSE("tessera.silu_mul", SiluMul),
    DECOMPOSE("tessera.swiglu_fused", SwigluFused),
    RULE("tessera.scaled_matmul", ScaledMatmul),
    RULE("tessera.neighbors.halo.region", HaloIdentity),
    RULE("tessera.neighbors.halo.exchange", HaloIdentity),
    NONDIFF("tessera.neighbors.topology.create"),
    NONDIFF("tessera.neighbors.stencil.define"),
    NONDIFF("tessera.neighbors.pipeline.config"),
    RULE("tessera.neighbors.stencil.apply", StencilApply),
// Upstream op families of issue #18, one row file each (the same macros).
#include "core/transforms/autodiff_rules_up_attnsparse.inc"
#include "core/transforms/autodiff_rules_up_attnstate.inc"
#include "core/transforms/autodiff_rules_up_decodemoe.inc"
#include "core/transforms/autodiff_rules_up_forms.inc"
#include "core/transforms/autodiff_rules_up_gaebm.inc"
#include "core/transforms/autodiff_rules_up_misc.inc"
#include "core/transforms/autodiff_rules_up_train.inc"
};

#undef RULE
#undef UNARY
#undef DECOMPOSE
#undef BLOCKWISE
#undef NONDIFF
#undef EFFECT

}  // namespace

std::span<const Rule> all_rules() { return kRules; }

const Rule* lookup_rule(std::string_view name) {
  for (const Rule& r : kRules)
    if (name == r.op) return &r;
  return nullptr;
}

}  // namespace tessera::transforms::autodiff
