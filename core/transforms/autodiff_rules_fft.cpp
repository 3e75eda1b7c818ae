// Derivative rules of fft, ifft and fft2d (docs/ops/graph/fft.md, "Derivatives").
#include <cstring>

#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

namespace {

/// The complex conjugate of a (real, imaginary) pair tensor: times [1, -1] along the last dim.
ir::Value* conj(Builder& b, ir::Value* v) {
  ir::Attr a;
  a.kind = ir::Attr::Kind::dense;
  a.type = ir::Type::tensor(v->type.dtype, {2});
  auto put = [&](auto one, auto minus_one) {
    a.data.resize(2 * sizeof(one));
    std::memcpy(a.data.data(), &one, sizeof(one));
    std::memcpy(a.data.data() + sizeof(one), &minus_one, sizeof(one));
  };
  if (v->type.dtype == DType::f64)
    put(1.0, -1.0);
  else
    put(1.0f, -1.0f);
  ir::Type t = a.type;
  ir::AttrDict attrs;
  attrs.set("value", std::move(a));
  return b.mul(v, b.emit1("tessera.constant", {}, std::move(attrs), {t}));
}

}  // namespace

// fft, ifft, fft2d are linear with symmetric matrices M: the transpose of the real-pair map is
// conj(M), applied as conj(op(conj(g))); the jvp is the op on the tangent.
bool vjp_Fft(VjpCtx& c) {
  c.dx[0] = conj(c.b, c.b.emit1(c.op.name.c_str(), {conj(c.b, c.dy[0])}));
  return c.b.ok();
}
bool jvp_Fft(JvpCtx& c) {
  c.dy[0] = c.b.emit1(c.op.name.c_str(), {c.dx[0]});
  return c.b.ok();
}

}  // namespace tessera::transforms::autodiff
