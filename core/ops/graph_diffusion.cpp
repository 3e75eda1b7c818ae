// Verifier hooks of tessera.guided_denoise_region and tessera.diffusion_block_step
// (docs/ops/graph/diffusion.md).
#include <cmath>

#include "core/ops/infer_util.h"

namespace tessera::ops {

namespace {

bool dims_match(int64_t a, int64_t b) { return a == b || a == ir::kDynamic || b == ir::kDynamic; }

bool same_shape(const ir::Type& a, const ir::Type& b) {
  if (a.rank() != b.rank()) return false;
  for (size_t d = 0; d < a.shape.size(); ++d)
    if (!dims_match(a.shape[d], b.shape[d])) return false;
  return true;
}

bool is_float_tensor(const ir::Type& t) {
  return t.is_tensor() && dtype_is_float(t.dtype) && t.dtype != DType::tf32;
}

/// An optional string attribute; reports `label` when present but not a string.
bool optional_string(InferCtx& ctx, const char* name, const char* label) {
  const ir::Attr* a = ctx.attr(name);
  if (a && a->kind != ir::Attr::Kind::string)
    return ctx.fail(std::string(name) + " must be a string, got " + ir::to_string(*a), label);
  return true;
}

/// A required positive integer attribute of diffusion_block_step (diffusion_block_c3).
bool positive(InferCtx& ctx, const char* name, int64_t& v) {
  const ir::Attr* a = ctx.attr(name);
  if (!a || !a->is_int() || a->i <= 0)
    return ctx.fail(std::string("requires a positive integer '") + name + "'",
                    "diffusion_block_c3");
  v = a->i;
  return true;
}

}  // namespace

bool infer_GuidedDenoiseRegion(InferCtx& ctx) {
  ctx.result_label = "guided_denoise_c4";  // guided_denoise_c4: the result has ref's type
  // guided_denoise_c2: timestep is an integer >= 0.
  const ir::Attr* ts = ctx.attr("timestep");
  if (!ts || !ts->is_int())
    return ctx.fail("requires an integer 'timestep' attribute", "guided_denoise_c2");
  if (ts->i < 0)
    return ctx.fail("timestep must be non-negative, got " + std::to_string(ts->i),
                    "guided_denoise_c2");
  // guided_denoise_c3: gamma, where present, is a finite number; schedule and preference are
  // strings.
  if (const ir::Attr* g = ctx.attr("gamma");
      g && (!g->is_number() || !std::isfinite(g->as_double())))
    return ctx.fail("gamma must be a finite number, got " + ir::to_string(*g), "guided_denoise_c3");
  if (!optional_string(ctx, "schedule", "guided_denoise_c3") ||
      !optional_string(ctx, "preference", "guided_denoise_c3"))
    return false;
  // guided_denoise_c1: ref, favored and unfavored are float tensors of one type and shape.
  const ir::Type& ref = ctx.operands[0];
  if (!is_float_tensor(ref))
    return ctx.fail("ref must be a float tensor, got " + ir::to_string(ref), "guided_denoise_c1");
  for (size_t k = 1; k < 3; ++k) {
    const ir::Type& o = ctx.operands[k];
    if (!is_float_tensor(o) || o.dtype != ref.dtype || !same_shape(o, ref))
      return ctx.fail(std::string("guided_denoise_region ") + (k == 1 ? "favored" : "unfavored") +
                          " shapes must match ref " + ir::to_string(ref) + ", got " +
                          ir::to_string(o),
                      "guided_denoise_c1");
  }
  ir::Type r = ref;
  for (size_t d = 0; d < r.shape.size(); ++d)
    for (size_t k = 1; k < 3 && r.shape[d] == ir::kDynamic; ++k)
      r.shape[d] = ctx.operands[k].shape[d];
  ctx.results = {r};
  return true;
}

bool infer_DiffusionBlockStep(InferCtx& ctx) {
  ctx.result_label = "diffusion_block_c6";  // diffusion_block_c6: the result has canvas' type
  // diffusion_block_c2: the canvas is denoised bidirectionally.
  if (const ir::Attr* c = ctx.attr("causal")) {
    if (c->kind != ir::Attr::Kind::boolean)
      return ctx.fail("causal must be a boolean, got " + ir::to_string(*c), "diffusion_block_c2");
    if (c->b)
      return ctx.fail("canvas denoising must be bidirectional (causal = false)",
                      "diffusion_block_c2");
  }
  // diffusion_block_c3: positive layer, head and head_dim counts; GQA head grouping.
  int64_t layers = 0, heads = 0, kv_heads = 0, head_dim = 0;
  if (!positive(ctx, "num_denoise_layers", layers) ||
      !positive(ctx, "num_attention_heads", heads) || !positive(ctx, "num_kv_heads", kv_heads) ||
      !positive(ctx, "head_dim", head_dim))
    return false;
  if (heads % kv_heads != 0)
    return ctx.fail("GQA requires num_attention_heads (" + std::to_string(heads) +
                        ") to be a multiple of num_kv_heads (" + std::to_string(kv_heads) + ")",
                    "diffusion_block_c3");
  // diffusion_block_c4: head_dim fits the attention kernel.
  if (head_dim > 256)
    return ctx.fail("head_dim must be in (0, 256] for the GPU attention kernel; got " +
                        std::to_string(head_dim),
                    "diffusion_block_c4");
  // diffusion_block_c1 / c5: canvas [S, heads * head_dim]; encoder k and v [kv_heads, L, head_dim]
  // of the canvas' float type.
  const ir::Type& canvas = ctx.operands[0];
  const ir::Type& k = ctx.operands[1];
  const ir::Type& v = ctx.operands[2];
  if (!is_float_tensor(canvas) || canvas.rank() != 2 || !is_float_tensor(k) || k.rank() != 3 ||
      !is_float_tensor(v) || k.dtype != canvas.dtype || v.dtype != canvas.dtype ||
      !same_shape(k, v))
    return ctx.fail("needs a canvas [S, W] and encoder k, v [KVH, L, D] of one float type, got " +
                        ir::to_string(canvas) + ", " + ir::to_string(k) + ", " + ir::to_string(v),
                    "diffusion_block_c1");
  int64_t width = 0;
  if (__builtin_mul_overflow(heads, head_dim, &width) || !dims_match(canvas.shape[1], width) ||
      !dims_match(k.shape[0], kv_heads) || !dims_match(k.shape[2], head_dim))
    return ctx.fail(
        "canvas must be [S, num_attention_heads * head_dim] and k, v [num_kv_heads, "
        "L, head_dim], got " +
            ir::to_string(canvas) + " and " + ir::to_string(k),
        "diffusion_block_c5");
  ctx.results = {canvas};
  return true;
}

}  // namespace tessera::ops
