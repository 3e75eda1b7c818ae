// conv2d_nhwc as an implicit GEMM (docs/ops/schedule/lowering.md, "Convolution"): each tile
// computes 32 output columns x by 32 output channels o of one output row (n, y); K runs over the
// taps (ky, kx) in increasing order and, within a tap, over the channels in blocks of BK, so each
// output's FMA chain is tessera.conv2d_nhwc's. No im2col is materialised: the A block of a tap is
// one masked tile.load_tile window of the input.
#include "core/transforms/schedule_to_tile_conv.h"

#include <numeric>
#include <sstream>

#include "core/ops/contractions.h"
#include "core/transforms/schedule_to_tile_fma.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

constexpr int64_t kMaxTaps = 64;  // the taps are unrolled in the kernel text

ir::Attr int_array(const std::vector<int64_t>& v) {
  std::vector<ir::Attr> e;
  for (int64_t x : v) e.push_back(ir::Attr::integer_attr(x));
  return ir::Attr::array_attr(std::move(e));
}

int64_t floor_div(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

bool conv_input_type(DType t) {
  return t == DType::f32 || t == DType::bf16 || t == DType::f16 || t == DType::f8e4m3 ||
         t == DType::f8e5m2;
}

struct Shape {
  int64_t n, h, w, c, kh, kw, o, oh, ow, bk;
  ops::ConvGeometry g;
};

// The kernel: group (gx, go, gy) computes out[n, y, gx*32 + i, go*32 + j] for i, j < 32 with
// gy = n*OH + y. The input comes in viewed as [N, H, W/sw, sw*C]: input column w = (x + q)*sw + r
// is view row x + q, columns r*C + c, so a tap's A block is one window even with a stride.
std::string kernel_text(const std::string& name, const Shape& s, bool bias) {
  const int64_t sw = s.g.sw, nk = s.c / s.bk;
  const std::string m4 = "memref<?x?x?x?xf32>", acc = "tensor<32x32xf32>";
  const std::string ta = "tensor<32x" + std::to_string(s.bk) + "xf32>";
  const std::string tb = "tensor<" + std::to_string(s.bk) + "x32xf32>";
  std::ostringstream k;
  auto cst = [&](const std::string& v, int64_t x) {
    k << "    " << v << " = arith.constant {value = " << x << " : index} : index\n";
  };
  k << "  func.func @" << name << "(%x: " << m4 << ", %f: " << m4 << ", "
    << (bias ? "%bias: memref<?x?xf32>, " : "") << "%out: " << m4 << ") {\n"
    << "    %gx = tile.group_id {dim = 0} : index\n"
    << "    %go = tile.group_id {dim = 1} : index\n"
    << "    %gy = tile.group_id {dim = 2} : index\n";
  cst("%c0", 0);
  cst("%c1", 1);
  cst("%c32", 32);
  cst("%coh", s.oh);
  cst("%cH", s.h);
  cst("%csh", s.g.sh);
  cst("%cbk", s.bk);
  cst("%cnk", nk);
  k << "    %n = arith.divsi %gy, %coh : index\n"
    << "    %y = arith.remsi %gy, %coh : index\n"
    << "    %x0 = arith.muli %gx, %c32 : index\n"
    << "    %o0 = arith.muli %go, %c32 : index\n"
    << "    %ysh = arith.muli %y, %csh : index\n"
    << "    %a0 = tile.zeros : " << acc << "\n"
    << "    %ones = tile.full {value = 1.0 : f32} : tensor<32x1xf32>\n"
    << "    %zeros = tile.zeros : " << acc << "\n";
  int64_t t = 0;
  for (int64_t ky = 0; ky < s.kh; ++ky)
    for (int64_t kx = 0; kx < s.kw; ++kx, ++t) {
      const std::string p = "%t" + std::to_string(t) + "_", in = "%a" + std::to_string(t);
      const std::string next = "%a" + std::to_string(t + 1);
      const int64_t hoff = ky * s.g.dh - s.g.pt, off = kx * s.g.dw - s.g.pl;
      const int64_t q = floor_div(off, sw), r = off - q * sw;
      // Columns x of [0, OW) whose input column x*sw + off lies in the padding: their terms are
      // skipped (padding contributes no term), so the tap's result is selected per row.
      const bool masked = off < 0 || (s.ow - 1) * sw + off >= s.w;
      cst(p + "ho", hoff);
      cst(p + "q", q);
      cst(p + "rc", r * s.c);
      cst(p + "ky", ky);
      cst(p + "kx", kx);
      k << "    " << p << "h = arith.addi %ysh, " << p << "ho : index\n"
        << "    " << p << "h_lo = arith.cmpi " << p << "h, %c0 {predicate = \"sge\"} : (index, "
        << "index) -> i1\n"
        << "    " << p << "h_hi = arith.cmpi " << p << "h, %cH {predicate = \"slt\"} : (index, "
        << "index) -> i1\n"
        << "    " << p << "h_in = arith.andi " << p << "h_lo, " << p << "h_hi : i1\n"
        << "    " << p << "row = arith.addi %x0, " << p << "q : index\n";
      if (masked) {  // rows i with lo <= x0 + i < hi are inside the input
        cst(p + "lo", floor_div(-off + sw - 1, sw));
        cst(p + "hi", floor_div(s.w - 1 - off, sw) + 1);
        k << "    " << p << "lo_i = arith.subi " << p << "lo, %x0 : index\n"
          << "    " << p << "hi_i = arith.subi " << p << "hi, %x0 : index\n";
        for (const char* e : {"lo", "hi"})
          k << "    " << p << "m" << e << " = tile.causal_mask %ones, %c0, " << p << e
            << "_i {value = 0.0 : f32} : (tensor<32x1xf32>, index, index) -> tensor<32x1xf32>\n";
        k << "    " << p << "d = arith.subf " << p << "mlo, " << p << "mhi : tensor<32x1xf32>\n"
          << "    " << p << "col = tile.row_sum " << p << "d : (tensor<32x1xf32>) -> "
          << "tensor<32xf32>\n"
          << "    " << p << "b = tile.broadcast " << p << "col : (tensor<32xf32>) -> " << acc
          << "\n"
          << "    " << p << "ok = arith.cmpf " << p << "b, %zeros {predicate = \"ogt\"} : (" << acc
          << ", " << acc << ") -> tensor<32x32xi1>\n";
      }
      k << "    " << next << " = \"scf.if\"(" << p << "h_in) ({\n"
        << "      " << p << "acc = \"scf.for\"(%c0, %cnk, %c1, " << in << ") ({\n"
        << "      ^bb0(%kb: index, %ai: " << acc << "):\n"
        << "        %cc = arith.muli %kb, %cbk : index\n"
        << "        %col = arith.addi %cc, " << p << "rc : index\n"
        << "        %ta = tile.load_tile %x, %n, " << p << "h, " << p
        << "row, %col {mask = true} : (" << m4 << ", index, index, index, index) -> " << ta << "\n"
        << "        %tb = tile.load_tile %f, " << p << "ky, " << p
        << "kx, %cc, %o0 {mask = true} : (" << m4 << ", index, index, index, index) -> " << tb
        << "\n"
        << "        %am = tile.mma %ta, %tb, %ai : (" << ta << ", " << tb << ", " << acc << ") -> "
        << acc << "\n";
      if (masked)
        k << "        %ao = arith.select " << p << "ok, %am, %ai : (tensor<32x32xi1>, " << acc
          << ", " << acc << ") -> " << acc << "\n";
      k << "        \"scf.yield\"(" << (masked ? "%ao" : "%am") << ") : (" << acc << ") -> ()\n"
        << "      }) : (index, index, index, " << acc << ") -> " << acc << "\n"
        << "      \"scf.yield\"(" << p << "acc) : (" << acc << ") -> ()\n"
        << "    }, {\n"
        << "      \"scf.yield\"(" << in << ") : (" << acc << ") -> ()\n"
        << "    }) : (i1) -> " << acc << "\n";
    }
  std::string res = "%a" + std::to_string(t);
  if (bias) {  // + bias[o], one rounding, after the chain (the bias spread over 32 rows)
    k << "    %bt = tile.load_tile %bias, %c0, %o0 {mask = true} : (memref<?x?xf32>, index, index)"
      << " -> " << acc << "\n"
      << "    %res = arith.addf " << res << ", %bt : " << acc << "\n";
    res = "%res";
  }
  k << "    tile.store_tile " << res << ", %out, %n, %y, %x0, %o0 {mask = true} : (" << acc << ", "
    << m4 << ", index, index, index, index) -> ()\n"
    << "    return\n  }\n";
  return k.str();
}

// The first k of [0, kn) with 0 <= base + k * d (lo) and the first with base + k * d >= n (hi),
// base = pos * stride - pad, as index values of `t`: the taps of one output along one axis
// whose input lies inside [0, n) are exactly [lo, hi) (the input index grows with k).
std::pair<std::string, std::string> tap_range(scalar_text::Text& t, const std::string& pos,
                                              int64_t stride, int64_t pad, int64_t d, int64_t n,
                                              int64_t kn) {
  const std::string at = t.idx("arith.muli", pos, t.c(stride));
  const std::string dm1 = t.c(d - 1), dd = t.c(d), kk = t.c(kn);
  // ceil(max(v, 0) / d), at most kn: v = pad - at for lo, n + pad - at for hi.
  auto bound = [&](int64_t off) {
    const std::string v = t.idx("arith.maxsi", t.idx("arith.subi", t.c(off), at), "%c0");
    return t.idx("arith.minsi", t.idx("arith.divsi", t.idx("arith.addi", v, dm1), dd), kk);
  };
  const std::string lo = bound(pad);
  return {lo, bound(n + pad)};
}

// f64 conv2d_nhwc as a direct convolution (Tile IR has no f64 register tile nor mma): group g is
// the output pixel (n, oy, ox) (g = (n*OH + oy)*OW + ox); for each channel o in increasing order
// the Graph IR kernel's chain from +0: taps ky then kx over their in-range ranges (the padded
// terms skipped), channels c inner, acc = tile.fma(x[n, iy, ix, c], f[ky, kx, c, o], acc); then
// acc + bias[o] (one rounding) when there is a bias.
std::string direct_f64_text(const std::string& name, const Shape& s, bool bias) {
  using scalar_text::static_memref;
  constexpr DType kD = DType::f64;
  scalar_text::Text t;
  const std::string mx = static_memref({s.n, s.h, s.w, s.c}, kD);
  const std::string mf = static_memref({s.kh, s.kw, s.c, s.o}, kD);
  const std::string mb = static_memref({s.o}, kD), mo = static_memref({s.n, s.oh, s.ow, s.o}, kD);
  const std::vector<std::string> pix = t.group_indices({s.n, s.oh, s.ow});
  const std::pair<std::string, std::string> yr =
      tap_range(t, pix[1], s.g.sh, s.g.pt, s.g.dh, s.h, s.kh);
  const std::pair<std::string, std::string> xr =
      tap_range(t, pix[2], s.g.sw, s.g.pl, s.g.dw, s.w, s.kw);
  const std::string ybase =
      t.idx("arith.subi", t.idx("arith.muli", pix[1], t.c(s.g.sh)), t.c(s.g.pt));
  const std::string xbase =
      t.idx("arith.subi", t.idx("arith.muli", pix[2], t.c(s.g.sw)), t.c(s.g.pl));
  t.loop("%c0", t.c(s.o), {}, [&](const std::string& o, const std::vector<std::string>&) {
    const std::string zero = t.fc(0.0, kD);
    const auto by_ky = [&](const std::string& ky, const std::vector<std::string>& a) {
      const std::string iy = t.idx("arith.addi", ybase, t.idx("arith.muli", ky, t.c(s.g.dh)));
      return t.loop(
          xr.first, xr.second, {{a[0], kD}},
          [&](const std::string& kx, const std::vector<std::string>& b) {
            const std::string ix = t.idx("arith.addi", xbase, t.idx("arith.muli", kx, t.c(s.g.dw)));
            return t.loop("%c0", t.c(s.c), {{b[0], kD}},
                          [&](const std::string& c, const std::vector<std::string>& acc) {
                            const std::string xv = t.load("%x", mx, kD, {pix[0], iy, ix, c});
                            const std::string fv = t.load("%f", mf, kD, {ky, kx, c, o});
                            return std::vector<std::string>{fma_of(t, xv, fv, acc[0], kD)};
                          });
          });
    };
    std::string r = t.loop(yr.first, yr.second, {{zero, kD}}, by_ky)[0];
    if (bias) r = t.bin("arith.addf", r, t.load("%bias", mb, kD, {o}), kD);
    t.store(r, kD, "%out", mo, {pix[0], pix[1], pix[2], o});
    return std::vector<std::string>{};
  });
  std::ostringstream k;
  k << "  func.func @" << name << "(%x: " << mx << ", %f: " << mf << ", "
    << (bias ? "%bias: " + mb + ", " : "") << "%out: " << mo << ") {\n"
    << "    %g = tile.group_id {dim = 0} : index\n"
    << "    %c0 = arith.constant {value = 0 : index} : index\n"
    << t.head.str() << t.end();
  return k.str();
}

}  // namespace

ConvPlan plan_conv(const ir::Op& group, const ir::Op& callee, const std::string& name) {
  ConvPlan p;
  auto stay = [&](std::string why) {
    p.kernel.clear();
    p.why = std::move(why);
    return p;
  };
  const auto& body = callee.regions[0].front().ops;
  if (body.size() != 2 || body.front()->name != "tessera.conv2d_nhwc")
    return stay("a conv2d_nhwc with an epilogue");
  const ir::Op& conv = *body.front();
  if (conv.attrs.get("numeric_policy")) return stay("a numeric policy");
  // Guards for hand-written Schedule IR (the verifier checks the op, not the group's shape).
  const size_t nops = group.operands.size();
  if ((nops != 2 && nops != 3) || conv.operands.size() != nops || group.results.size() != 1 ||
      callee.regions[0].front().args.size() != nops)
    return stay("the group does not pass the conv2d_nhwc its operands");
  for (size_t i = 0; i < conv.operands.size(); ++i)
    if (conv.operands[i] != callee.regions[0].front().args[i].get())
      return stay("the conv2d_nhwc does not take the group's parameters in order");
  const ir::Type &x = group.operands[0]->type, &f = group.operands[1]->type;
  const ir::Type& out = group.result(0)->type;
  for (const ir::Value* v : group.operands)
    if (!v->type.is_tensor() || !v->type.has_static_shape()) return stay("not of static shape");
  if (!out.is_tensor() || !out.has_static_shape()) return stay("not of static shape");
  if (x.rank() != 4 || f.rank() != 4 || out.rank() != 4 || f.shape[2] != x.shape[3] ||
      out.shape[3] != f.shape[3] || out.shape[0] != x.shape[0] || out.dtype != x.dtype ||
      f.dtype != x.dtype || (nops == 3 && group.operands[2]->type.shape != std::vector{f.shape[3]}))
    return stay("operand shapes that do not match the conv2d_nhwc");
  const DType dt = x.dtype;
  // f64 convolutions accumulate in f64 (no f64 register tile nor mma): the direct kernel.
  if (!conv_input_type(dt) && dt != DType::f64)
    return stay(std::string("conv2d_nhwc of ") + dtype_mlir_name(dt));
  Shape s{x.shape[0],
          x.shape[1],
          x.shape[2],
          x.shape[3],
          f.shape[0],
          f.shape[1],
          f.shape[3],
          out.shape[1],
          out.shape[2],
          0,
          ops::conv_geometry(conv, x.shape[1], x.shape[2], f.shape[0], f.shape[1])};
  if (!s.g.error.empty()) return stay("bad geometry: " + s.g.error);
  if (s.g.oh != s.oh || s.g.ow != s.ow) return stay("the result's extents differ");
  if (s.n == 0 || s.h == 0 || s.w == 0 || s.c == 0 || s.o == 0 || s.oh == 0 || s.ow == 0 ||
      s.kh == 0 || s.kw == 0)
    return stay("an empty tensor");
  // W goes up to a multiple of sw for the view: the extra columns lie past every tap's valid
  // columns (the row masks never select them), so they are any data: x's own first columns.
  const bool direct = dt == DType::f64;
  const int64_t wpad = direct ? 0 : (s.g.sw - s.w % s.g.sw) % s.g.sw;
  // Index arithmetic of the kernel stays far from overflow: every extent below 2^31 (a product
  // that overflows counts as -1: out of range).
  auto mul = [](int64_t a, int64_t b) {
    int64_t r = 0;
    return __builtin_mul_overflow(a, b, &r) ? int64_t(-1) : r;
  };
  for (int64_t e : {mul(s.n, s.oh), s.h, s.w + wpad, mul(s.c, s.g.sw), s.o, mul(s.kh, s.g.dh),
                    mul(s.kw, s.g.dw), s.g.pt, s.g.pl, mul(s.oh, s.g.sh), mul(s.ow, s.g.sw),
                    mul(mul(s.n, s.oh), s.ow)})
    if (e < 0 || e >= (int64_t(1) << 31)) return stay("extents of 2^31 or more");
  if (direct) {
    p.kernel = direct_f64_text(name, s, group.operands.size() == 3);
    p.grid = {s.n * s.oh * s.ow};
    p.out_shape = out.shape;
    p.prep.resize(group.operands.size());
    return p;
  }
  if (s.kh * s.kw > kMaxTaps) return stay("more than 64 filter taps (they are unrolled)");
  if (wpad > s.w) return stay("W below half the W stride (the input's [N, H, W/sw, sw*C] view)");
  // K blocks of BK channels (BK divides C, so no block is padded: a zero term appended to a
  // chain could turn a -0 from underflow into +0).
  s.bk = std::gcd(s.c, int64_t(32));
  const bool bias = group.operands.size() == 3;
  p.kernel = kernel_text(name, s, bias);
  p.grid = {(s.ow + 31) / 32, (s.o + 31) / 32, s.n * s.oh};
  p.out_shape = out.shape;
  p.prep.resize(group.operands.size());
  // Inputs up to f32 widen exactly to f32 (the op's compute type), the result rounds once.
  if (dt != DType::f32) {
    for (size_t i = 0; i < group.operands.size(); ++i)
      p.prep[i].push_back({"tessera.cast", group.operands[i]->type.shape, DType::f32});
    p.post.push_back({"tessera.cast", out.shape, dt});
  }
  if (wpad) {  // concat(x, x[:, :, 0:wpad, :]) along W
    GraphStep slice{"tessera.slice", {s.n, s.h, wpad, s.c}, DType::f32};
    slice.attrs.set("start", int_array({0, 0, 0, 0}));
    slice.attrs.set("limit", int_array({s.n, s.h, wpad, s.c}));
    p.prep[0].push_back(std::move(slice));
    GraphStep cat{"tessera.concat", {s.n, s.h, s.w + wpad, s.c}, DType::f32};
    cat.attrs.set("axis", ir::Attr::integer_attr(2));
    cat.with_previous = true;
    p.prep[0].push_back(std::move(cat));
  }
  if (s.g.sw != 1)
    p.prep[0].push_back(
        {"tessera.reshape", {s.n, s.h, (s.w + wpad) / s.g.sw, s.c * s.g.sw}, DType::f32});
  if (bias) p.prep[2].push_back({"tessera.broadcast", {32, s.o}, DType::f32});
  return p;
}

}  // namespace tessera::transforms
