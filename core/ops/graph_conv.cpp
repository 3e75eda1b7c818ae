// Verifier hook of tessera.conv2d_nhwc (docs/ops/graph/contractions.md, "conv2d_nhwc").
#include "core/ops/contractions.h"
#include "core/ops/infer_util.h"

namespace tessera::ops {
namespace {

/// Reads a 2-element array of integers in [1, 2^31] (default [1, 1]); false when malformed.
bool pair_attr(const ir::Op& op, const char* name, int64_t& x, int64_t& y) {
  const ir::Attr* a = op.attrs.get(name);
  if (!a) return true;
  auto v = a->as_int_array();
  const int64_t kMax = int64_t(1) << 31;  // keeps window arithmetic far from overflow
  if (!v || v->size() != 2 || (*v)[0] <= 0 || (*v)[1] <= 0 || (*v)[0] > kMax || (*v)[1] > kMax)
    return false;
  x = (*v)[0];
  y = (*v)[1];
  return true;
}

/// Output size of one spatial dim, or kDynamic; -2 when the window does not fit.
int64_t out_dim(int64_t in, int64_t k, int64_t s, int64_t d, int64_t p0, int64_t p1) {
  if (in == ir::kDynamic || k == ir::kDynamic) return ir::kDynamic;
  const int64_t eff = (k - 1) * d + 1, span = in + p0 + p1;
  if (k <= 0 || span < eff) return -2;
  return (span - eff) / s + 1;
}

/// TF-style "SAME" padding of one dim: the output is ceil(in / s); odd extra padding goes last.
void same_pad(int64_t in, int64_t k, int64_t s, int64_t d, int64_t& p0, int64_t& p1) {
  if (in == ir::kDynamic || k == ir::kDynamic) return;
  const int64_t out = (in + s - 1) / s;
  const int64_t total = std::max<int64_t>((out - 1) * s + (k - 1) * d + 1 - in, 0);
  p0 = total / 2;
  p1 = total - p0;
}

/// conv_c7: without a `padding` attribute, upstream writes the SAME result extents where it
/// means SAME padding. True when the op's declared result is static in H and W, equals SAME's
/// output there and differs from VALID's (where both agree, the two paddings are one).
bool implies_same(const ir::Op& op, int64_t h, int64_t w, int64_t kh, int64_t kw,
                  const ConvGeometry& g) {
  if (op.num_results() != 1 || h < 0 || w < 0 || kh < 0 || kw < 0) return false;
  const ir::Type& r = op.result(0)->type;
  if (!r.is_tensor() || r.rank() != 4 || r.shape[1] < 0 || r.shape[2] < 0) return false;
  int64_t pt = 0, pb = 0, pl = 0, pr = 0;
  same_pad(h, kh, g.sh, g.dh, pt, pb);
  same_pad(w, kw, g.sw, g.dw, pl, pr);
  const int64_t soh = out_dim(h, kh, g.sh, g.dh, pt, pb), sow = out_dim(w, kw, g.sw, g.dw, pl, pr);
  const int64_t voh = out_dim(h, kh, g.sh, g.dh, 0, 0), vow = out_dim(w, kw, g.sw, g.dw, 0, 0);
  return r.shape[1] == soh && r.shape[2] == sow && (soh != voh || sow != vow);
}

}  // namespace

ConvGeometry conv_geometry(const ir::Op& op, int64_t h, int64_t w, int64_t kh, int64_t kw) {
  ConvGeometry g;
  // conv_c3: strides and dilations are two positive integers.
  if (!pair_attr(op, "strides", g.sh, g.sw) || !pair_attr(op, "dilations", g.dh, g.dw)) {
    g.error = "'strides' and 'dilations' must be arrays of two positive integers";
    g.label = "conv_c3";
    return g;
  }
  // conv_c4: padding is "SAME", "VALID" or [top, bottom, left, right] of non-negative integers.
  const ir::Attr* p = op.attrs.get("padding");
  if (p && p->kind == ir::Attr::Kind::string && p->s == "SAME") {
    same_pad(h, kh, g.sh, g.dh, g.pt, g.pb);
    same_pad(w, kw, g.sw, g.dw, g.pl, g.pr);
  } else if (!p && implies_same(op, h, w, kh, kw, g)) {
    // conv_c7: no `padding`, and the declared result has SAME's spatial extents, not VALID's.
    same_pad(h, kh, g.sh, g.dh, g.pt, g.pb);
    same_pad(w, kw, g.sw, g.dw, g.pl, g.pr);
  } else if (p && !(p->kind == ir::Attr::Kind::string && p->s == "VALID")) {
    auto v = p->as_int_array();
    bool ok = v && v->size() == 4;
    for (size_t k = 0; ok && k < 4; ++k) ok = (*v)[k] >= 0 && (*v)[k] < (int64_t(1) << 40);
    if (!ok) {
      g.error = "'padding' must be \"SAME\", \"VALID\" or [top, bottom, left, right] >= 0";
      g.label = "conv_c4";
      return g;
    }
    g.pt = (*v)[0], g.pb = (*v)[1], g.pl = (*v)[2], g.pr = (*v)[3];
  }
  g.oh = out_dim(h, kh, g.sh, g.dh, g.pt, g.pb);
  g.ow = out_dim(w, kw, g.sw, g.dw, g.pl, g.pr);
  // conv_c5: the dilated filter fits in the padded input.
  if (g.oh == -2 || g.ow == -2) {
    g.error = "the dilated filter does not fit in the padded input";
    g.label = "conv_c5";
  }
  return g;
}

bool infer_Conv2dNhwc(InferCtx& ctx) {
  ctx.result_label = "conv_c6";
  const size_t nops = ctx.operands.size();
  // conv_c1: rank-4 float input and filter, rank-1 bias, one element type.
  for (size_t k = 0; k < nops; ++k) {
    if (!require_float(ctx, k, "conv_c1")) return false;
    const int64_t want = k == 2 ? 1 : 4;
    if (ctx.operands[k].rank() != want)
      return ctx.fail("operand #" + std::to_string(k) + " must have rank " + std::to_string(want) +
                          ", got " + ir::to_string(ctx.operands[k]),
                      "conv_c1");
    if (ctx.operands[k].dtype != ctx.operands[0].dtype)
      return ctx.fail("operands have different element types", "conv_c1");
  }
  const auto& x = ctx.operands[0].shape;
  const auto& f = ctx.operands[1].shape;
  auto differ = [](int64_t a, int64_t b) {
    return a != b && a != ir::kDynamic && b != ir::kDynamic;
  };
  // conv_c2: input channels match the filter's; the bias has one value per output channel.
  if (differ(x[3], f[2]))
    return ctx.fail("input has " + std::to_string(x[3]) + " channels but the filter expects " +
                        std::to_string(f[2]),
                    "conv_c2");
  if (nops == 3 && differ(ctx.operands[2].shape[0], f[3]))
    return ctx.fail("bias has " + std::to_string(ctx.operands[2].shape[0]) +
                        " values but the filter has " + std::to_string(f[3]) + " output channels",
                    "conv_c2");
  ConvGeometry g = conv_geometry(ctx.op, x[1], x[2], f[0], f[1]);
  if (!g.error.empty()) return ctx.fail(g.error, g.label);
  ctx.results = {ir::Type::tensor(ctx.operands[0].dtype, {x[0], g.oh, g.ow, f[3]})};
  return true;
}

}  // namespace tessera::ops
