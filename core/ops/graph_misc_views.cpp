// Verifier hooks of upstream's structural views (docs/ops/graph/misc_views.md: tessera.squeeze,
// unsqueeze, expand, flatten) and random spellings (docs/ops/graph/misc_random.md:
// tessera.rng_uniform, rng_normal, tessera_rng.bernoulli, tessera_rng.normal).
#include <algorithm>
#include <cmath>

#include "core/ops/infer_util.h"

namespace tessera::ops {

bool infer_Broadcast(InferCtx& ctx);  // graph_shape.cpp
bool infer_Uniform(InferCtx& ctx);    // graph_random.cpp
bool infer_Randn(InferCtx& ctx);      // graph_random.cpp

namespace {

/// The distinct axes of attribute `axes`, normalised against `rank`; nullopt after a diagnostic.
std::optional<std::vector<int64_t>> read_axes(InferCtx& ctx, int64_t rank, const char* label) {
  bool bad = false;
  auto axes = int_array_attr(ctx, "axes", label, bad);
  if (bad) return std::nullopt;
  std::vector<int64_t> out;
  if (!axes) return out;
  for (int64_t a : *axes) {
    auto n = normalize_axis(a, rank);
    if (!n || std::find(out.begin(), out.end(), *n) != out.end()) {
      ctx.fail("axes " + shape_str(*axes) + " must be distinct axes in [-" + std::to_string(rank) +
                   ", " + std::to_string(rank) + ")",
               label);
      return std::nullopt;
    }
    out.push_back(*n);
  }
  return out;
}

/// An optional integer attribute (default `dflt`); nullopt after a diagnostic.
std::optional<int64_t> int_attr(InferCtx& ctx, const char* name, int64_t dflt, const char* label) {
  const ir::Attr* a = ctx.attr(name);
  if (!a) return dflt;
  if (a->kind != ir::Attr::Kind::integer) {
    ctx.fail(std::string("attribute '") + name + "' must be an integer", label);
    return std::nullopt;
  }
  return a->i;
}

/// `label`: a seed (default 0) and stream (default 0) that are integers, the stream >= 0.
bool optional_key(InferCtx& ctx, const char* label) {
  const ir::Attr* s = ctx.attr("seed");
  if (s && s->kind != ir::Attr::Kind::integer)
    return ctx.fail("attribute 'seed' must be an integer", label);
  const ir::Attr* st = ctx.attr("stream");
  if (st && (st->kind != ir::Attr::Kind::integer || st->i < 0))
    return ctx.fail("attribute 'stream' must be a non-negative integer", label);
  return true;
}

/// `label`: the `shape` attribute is an array of integers >= 0 equal to the declared shape.
bool shape_matches(InferCtx& ctx, const char* label) {
  bool bad = false;
  auto shape = int_array_attr(ctx, "shape", label, bad);
  if (bad) return false;
  if (!shape) return ctx.fail("needs an attribute 'shape' (an array of integers)", label);
  for (int64_t d : *shape)
    if (d < 0) return ctx.fail("shape " + shape_str(*shape) + " has a negative extent", label);
  if (ctx.declared.empty()) return ctx.fail("needs a declared result type", label);
  const ir::Type& t = ctx.declared[0];
  if (!t.is_tensor() || t.shape != *shape)
    return ctx.fail(
        "shape " + shape_str(*shape) + " differs from the result type " + ir::to_string(t), label);
  return true;
}

}  // namespace

bool infer_Squeeze(InferCtx& ctx) {
  ctx.result_label = "squeeze_c3";  // squeeze_c3: the result drops the squeezed dims
  if (!require_tensor(ctx, 0, "squeeze_c1")) return false;  // squeeze_c1: a tensor operand
  const ir::Type& x = ctx.operands[0];
  // squeeze_c2: axes (default: every dim of extent 1) are distinct, in range, of extent 1.
  auto axes = read_axes(ctx, x.rank(), "squeeze_c2");
  if (!axes) return false;
  if (!ctx.attr("axes"))
    for (int64_t d = 0; d < x.rank(); ++d)
      if (x.shape[size_t(d)] == 1) axes->push_back(d);
  for (int64_t a : *axes)
    if (x.shape[size_t(a)] != 1 && x.shape[size_t(a)] != ir::kDynamic)
      return ctx.fail("dim " + std::to_string(a) + " of " + ir::to_string(x) + " has extent " +
                          std::to_string(x.shape[size_t(a)]) + ", not 1",
                      "squeeze_c2");
  std::vector<int64_t> shape;
  for (int64_t d = 0; d < x.rank(); ++d)
    if (std::find(axes->begin(), axes->end(), d) == axes->end())
      shape.push_back(x.shape[size_t(d)]);
  ctx.results = {ir::Type::tensor(x.dtype, shape)};
  return true;
}

bool infer_Unsqueeze(InferCtx& ctx) {
  ctx.result_label = "unsqueeze_c3";  // unsqueeze_c3: the result has 1s inserted at axes
  if (!require_tensor(ctx, 0, "unsqueeze_c1")) return false;  // unsqueeze_c1: a tensor operand
  const ir::Type& x = ctx.operands[0];
  // unsqueeze_c2: axes (required) are distinct axes of the result's rank.
  const ir::Attr* a = ctx.attr("axes");
  const auto raw = a ? a->as_int_array() : std::nullopt;
  const int64_t out_rank = x.rank() + (raw ? int64_t(raw->size()) : 0);
  auto axes = read_axes(ctx, out_rank, "unsqueeze_c2");
  if (!axes) return false;
  if (axes->empty()) return ctx.fail("needs a non-empty attribute 'axes'", "unsqueeze_c2");
  std::vector<int64_t> shape;
  size_t k = 0;
  for (int64_t d = 0; d < out_rank; ++d)
    shape.push_back(std::find(axes->begin(), axes->end(), d) != axes->end() ? 1 : x.shape[k++]);
  ctx.results = {ir::Type::tensor(x.dtype, shape)};
  return true;
}

bool infer_Expand(InferCtx& ctx) {
  // numpy broadcasting to the result type: tessera.broadcast without broadcast_dimensions
  // (broadcast_c1..broadcast_c3); broadcast_c1: the result type is the program's.
  if (ctx.declared.empty()) return ctx.fail("needs a declared result type", "broadcast_c1");
  return infer_Broadcast(ctx);
}

bool infer_Flatten(InferCtx& ctx) {
  ctx.result_label = "flatten_c3";  // flatten_c3: dims start..end merged into one
  if (!require_tensor(ctx, 0, "flatten_c1")) return false;
  const ir::Type& x = ctx.operands[0];
  // flatten_c1: a tensor of rank >= 1.
  if (x.rank() == 0) return ctx.fail("the operand must have rank >= 1", "flatten_c1");
  // flatten_c2: start (default 0) and end (default -1, inclusive) are axes with start <= end.
  auto s = int_attr(ctx, "start", 0, "flatten_c2");
  auto e = int_attr(ctx, "end", -1, "flatten_c2");
  if (!s || !e) return false;
  auto ns = normalize_axis(*s, x.rank()), ne = normalize_axis(*e, x.rank());
  if (!ns || !ne || *ns > *ne)
    return ctx.fail("start " + std::to_string(*s) + " and end " + std::to_string(*e) +
                        " must be axes of rank " + std::to_string(x.rank()) + " with start <= end",
                    "flatten_c2");
  std::vector<int64_t> shape(x.shape.begin(), x.shape.begin() + *ns);
  int64_t merged = 1;
  for (int64_t d = *ns; d <= *ne; ++d) merged = mul_dims(merged, x.shape[size_t(d)]);
  shape.push_back(merged);
  shape.insert(shape.end(), x.shape.begin() + *ne + 1, x.shape.end());
  ctx.results = {ir::Type::tensor(x.dtype, shape)};
  return true;
}

bool infer_RngUniform(InferCtx& ctx) {
  // rng_uniform_c1: `shape` lists non-negative extents equal to the result type's.
  if (!shape_matches(ctx, "rng_uniform_c1")) return false;
  // rng_uniform_c2: low < high (upstream's; the other checks are uniform_c1..uniform_c3).
  if (ctx.op.attrs.get_float("low", 0.0) >= ctx.op.attrs.get_float("high", 1.0))
    return ctx.fail("needs low < high", "rng_uniform_c2");
  return infer_Uniform(ctx);
}

bool infer_RngNormal(InferCtx& ctx) {
  // rng_normal_c1: `shape` lists non-negative extents equal to the result type's.
  if (!shape_matches(ctx, "rng_normal_c1")) return false;
  // rng_normal_c2: stddev > 0 (upstream's; the other checks are randn_c1..randn_c3).
  const ir::Attr* s = ctx.attr("stddev");
  if (s && s->is_number() && !(s->as_double() > 0))
    return ctx.fail("needs stddev > 0", "rng_normal_c2");
  return infer_Randn(ctx);
}

bool infer_RngBernoulliLike(InferCtx& ctx) {
  ctx.result_label = "rng_bernoulli_c4";  // rng_bernoulli_c4: i1 of the operand's shape
  // rng_bernoulli_c1: the operand (a shape template) is a tensor.
  if (!require_tensor(ctx, 0, "rng_bernoulli_c1")) return false;
  // rng_bernoulli_c2: p (default 0.5) is a number in [0, 1].
  const ir::Attr* p = ctx.attr("p");
  if (p && (!p->is_number() || !(p->as_double() >= 0 && p->as_double() <= 1)))
    return ctx.fail("attribute 'p' must be a number in [0, 1]", "rng_bernoulli_c2");
  // rng_bernoulli_c3: seed (default 0) and stream (default 0).
  if (!optional_key(ctx, "rng_bernoulli_c3")) return false;
  ctx.results = {ir::Type::tensor(DType::i1, ctx.operands[0].shape)};
  return true;
}

bool infer_RngNormalLike(InferCtx& ctx) {
  ctx.result_label = "rng_normal_like_c4";  // rng_normal_like_c4: the operand's type
  // rng_normal_like_c1: the operand (a shape template) is a float tensor other than tf32.
  if (!require_float(ctx, 0, "rng_normal_like_c1")) return false;
  if (ctx.operands[0].dtype == DType::tf32)
    return ctx.fail("element type tf32 is not supported", "rng_normal_like_c1");
  // rng_normal_like_c2: mean and stddev are finite numbers, stddev >= 0.
  for (const char* name : {"mean", "stddev"}) {
    const ir::Attr* a = ctx.attr(name);
    if (a && (!a->is_number() || !std::isfinite(a->as_double())))
      return ctx.fail(std::string("attribute '") + name + "' must be a finite number",
                      "rng_normal_like_c2");
  }
  if (ctx.op.attrs.get_float("stddev", 1.0) < 0)
    return ctx.fail("needs stddev >= 0", "rng_normal_like_c2");
  // rng_normal_like_c3: seed (default 0) and stream (default 0).
  if (!optional_key(ctx, "rng_normal_like_c3")) return false;
  ctx.results = {ctx.operands[0]};
  return true;
}

}  // namespace tessera::ops
