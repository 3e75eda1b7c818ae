// Derivative rules of tessera.conv2d_nhwc (docs/ops/graph/contractions.md, "Derivatives"): both
// cotangents are convolutions themselves (the input's on the stride-dilated cotangent with the
// flipped filter, the filter's with the roles of batch and channel swapped).
#include <numeric>

#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Value;

namespace {

struct ConvGeom {
  int64_t s[2] = {1, 1}, d[2] = {1, 1};
  int64_t p0[2] = {0, 0}, p1[2] = {0, 0};  ///< Padding before / after, per spatial dim.
  int64_t in[2], k[2], out[2];
};

ConvGeom conv_geom(const ir::Op& op, const ir::Type& x, const ir::Type& w, const ir::Type& y) {
  ConvGeom g;
  auto arr = [&](const char* n, int64_t* v) {
    if (const Attr* a = op.attrs.get(n))
      if (auto vs = a->as_int_array(); vs && vs->size() == 2) v[0] = (*vs)[0], v[1] = (*vs)[1];
  };
  arr("strides", g.s);
  arr("dilations", g.d);
  for (int i = 0; i < 2; ++i) {
    g.in[i] = x.shape[static_cast<size_t>(1 + i)];
    g.k[i] = w.shape[static_cast<size_t>(i)];
    g.out[i] = y.shape[static_cast<size_t>(1 + i)];
  }
  const Attr* pad = op.attrs.get("padding");
  if (pad && pad->kind == Attr::Kind::string && pad->s == "SAME") {
    for (int i = 0; i < 2; ++i) {
      const int64_t total =
          std::max<int64_t>((g.out[i] - 1) * g.s[i] + (g.k[i] - 1) * g.d[i] + 1 - g.in[i], 0);
      g.p0[i] = total / 2;
      g.p1[i] = total - g.p0[i];
    }
  } else if (pad && pad->kind != Attr::Kind::string) {
    auto v = pad->as_int_array().value_or(std::vector<int64_t>{0, 0, 0, 0});
    g.p0[0] = v[0], g.p1[0] = v[1], g.p0[1] = v[2], g.p1[1] = v[3];
  }
  return g;
}

Attr pair(int64_t a, int64_t b) {
  return Attr::array_attr({Attr::integer_attr(a), Attr::integer_attr(b)});
}

Value* conv(Builder& b, Value* x, Value* w, const int64_t s[2], const int64_t d[2],
            const int64_t p0[2], const int64_t p1[2], const ir::Type& out) {
  ir::AttrDict a;
  a.set("strides", pair(s[0], s[1]));
  a.set("dilations", pair(d[0], d[1]));
  a.set("padding", Attr::array_attr({Attr::integer_attr(p0[0]), Attr::integer_attr(p1[0]),
                                     Attr::integer_attr(p0[1]), Attr::integer_attr(p1[1])}));
  return b.emit1("tessera.conv2d_nhwc", {x, w}, std::move(a), {out});
}

/// `v` with `stride - 1` zeros between its elements along `axis` ((n - 1) * stride + 1 long).
Value* dilate(Builder& b, Value* v, int64_t axis, int64_t stride) {
  if (!v || stride == 1) return v;
  const int64_t n = v->type.shape[static_cast<size_t>(axis)];
  ir::Type dest = v->type;
  dest.shape[static_cast<size_t>(axis)] = (n - 1) * stride + 1;
  std::vector<int64_t> idx;
  for (int64_t i = 0; i < n; ++i) idx.push_back(i * stride);
  ir::AttrDict a;
  a.set("axis", Attr::integer_attr(axis));
  return b.emit1("tessera.scatter", {b.zeros(dest), b.int_vector(idx), v}, std::move(a));
}

Value* reverse(Builder& b, Value* v, int64_t axis) {
  const int64_t n = v->type.shape[static_cast<size_t>(axis)];
  std::vector<int64_t> idx;
  for (int64_t i = n - 1; i >= 0; --i) idx.push_back(i);
  ir::AttrDict a;
  a.set("axis", Attr::integer_attr(axis));
  return b.emit1("tessera.gather", {v, b.int_vector(idx)}, std::move(a));
}

/// d input: the stride-dilated cotangent convolved (stride 1, the forward's dilation) with the
/// spatially flipped filter whose channel dims are swapped.
Value* conv_dinput(Builder& b, const ConvGeom& g, Value* x, Value* w, Value* dy) {
  Value* gd = dilate(b, dilate(b, dy, 1, g.s[0]), 2, g.s[1]);
  Value* wf = b.transpose(reverse(b, reverse(b, w, 0), 1), {0, 1, 3, 2});
  int64_t one[2] = {1, 1}, p0[2], p1[2];
  for (int i = 0; i < 2; ++i) {
    p0[i] = (g.k[i] - 1) * g.d[i] - g.p0[i];
    p1[i] = g.in[i] - ((g.out[i] - 1) * g.s[i] + 1) + g.p0[i];
    if (p0[i] < 0 || p1[i] < 0) {
      b.fail("conv2d_nhwc derivative: padding wider than the dilated filter is not supported");
      return nullptr;
    }
  }
  return conv(b, gd, wf, one, g.d, p0, p1, x->type);
}

/// d filter: the input with batch and channel swapped ([C, H, W, N]) convolved with the cotangent
/// as the filter ([OH, OW, N, O]), stride = the forward's dilation, dilation = its stride.
Value* conv_dfilter(Builder& b, const ConvGeom& g, Value* x, Value* w, Value* dy) {
  Value* xin = x;
  int64_t p1[2];
  for (int i = 0; i < 2; ++i) {
    p1[i] = (g.k[i] - 1) * g.d[i] + (g.out[i] - 1) * g.s[i] + 1 - g.in[i] - g.p0[i];
    if (p1[i] < 0) {
      // Rows (columns) past the last window contribute nothing: slice them off.
      std::vector<Attr> st(4, Attr::integer_attr(0)), lim;
      for (int64_t v : xin->type.shape) lim.push_back(Attr::integer_attr(v));
      lim[static_cast<size_t>(1 + i)] = Attr::integer_attr(g.in[i] + p1[i]);
      ir::AttrDict a;
      a.set("start", Attr::array_attr(std::move(st)));
      a.set("limit", Attr::array_attr(std::move(lim)));
      xin = b.emit1("tessera.slice", {xin}, std::move(a));
      p1[i] = 0;
    }
  }
  const auto& ws = w->type.shape;
  ir::Type out = ir::Type::tensor(w->type.dtype, {ws[2], ws[0], ws[1], ws[3]});
  Value* r = conv(b, b.transpose(xin, {3, 1, 2, 0}), b.transpose(dy, {1, 2, 0, 3}), g.d, g.s, g.p0,
                  p1, out);
  return b.transpose(r, {1, 2, 0, 3});
}

}  // namespace

bool vjp_Conv2dNhwc(VjpCtx& c) {
  ConvGeom g = conv_geom(c.op, c.x[0]->type, c.x[1]->type, c.y[0]->type);
  if (c.wants(0)) c.dx[0] = conv_dinput(c.b, g, c.x[0], c.x[1], c.dy[0]);
  if (c.wants(1)) c.dx[1] = conv_dfilter(c.b, g, c.x[0], c.x[1], c.dy[0]);
  if (c.x.size() > 2 && c.wants(2)) c.dx[2] = c.b.reduce("sum", c.dy[0], {0, 1, 2}, false);
  return c.b.ok();
}

bool jvp_Conv2dNhwc(JvpCtx& c) {
  ConvGeom g = conv_geom(c.op, c.x[0]->type, c.x[1]->type, c.y[0]->type);
  const ir::Type& t = c.y[0]->type;
  Value* a = c.dx[0] ? conv(c.b, c.dx[0], c.x[1], g.s, g.d, g.p0, g.p1, t) : nullptr;
  Value* d = c.dx[1] ? conv(c.b, c.x[0], c.dx[1], g.s, g.d, g.p0, g.p1, t) : nullptr;
  Value* s = !a ? d : !d ? a : c.b.add(a, d);
  if (c.x.size() > 2 && c.dx[2]) s = s ? c.b.add(s, c.dx[2]) : c.b.broadcast(c.dx[2], t.shape);
  c.dy[0] = s;
  return c.b.ok();
}

}  // namespace tessera::transforms::autodiff
