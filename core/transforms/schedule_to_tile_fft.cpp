// tessera.fft, tessera.ifft and tessera.fft2d as scalar kernels (docs/ops/schedule/lowering.md,
// "DFT"): the Graph IR kernel's DFT by definition (interp/graph/kernels_fft.cpp), summed in f64
// in increasing input index, `t = j k mod n` stepped without a product, no fused multiply-add.
// Its twiddle table depends only on n: it is computed here by the same function
// (ops::Twiddles) and written into a shared buffer of the group at the kernel's start, one
// arith.constant per entry.
#include "core/ops/fft_twiddles.h"
#include "core/transforms/scalar_emitter.h"
#include "core/transforms/schedule_to_tile_reduce.h"

namespace tessera::transforms {

namespace {

using Val = ScalarEmitter::Val;

// A twiddle table of n entries in shared buffers %<p>re and %<p>im: cos, and sign * sin (the
// kernel's `sign * tw.im[t]`, exact: a product by +-1).
void table(ScalarEmitter& e, const std::string& p, int64_t n, double sign) {
  const ops::Twiddles tw(n);
  e.shared(p + "re", {n}, DType::f64);
  e.shared(p + "im", {n}, DType::f64);
  for (int64_t m = 0; m < n; ++m) {
    const std::string at = e.idx(m);
    e.store({e.flt(DType::f64, tw.re[size_t(m)]), "f64"}, "%" + p + "re", {at});
    e.store({e.flt(DType::f64, sign * tw.im[size_t(m)]), "f64"}, "%" + p + "im", {at});
  }
}

// For k in [0, n): (ar, ai) = sum over j in [0, n) of x(j) * w^(j k) (x(j) gives the f64 pair),
// then `out(k, ar, ai)`.
void dft(ScalarEmitter& e, const std::string& p, int64_t n,
         const std::function<std::pair<Val, Val>(const std::string&)>& x,
         const std::function<void(const std::string&, const Val&, const Val&)>& out) {
  const std::string nn = e.idx(n), c0 = e.idx(0);
  const Val zero{e.flt(DType::f64, 0.0), "f64"};
  e.loop(c0, nn, {}, [&](const std::string& k, const std::vector<Val>&) {
    const std::vector<Val> r = e.loop(
        c0, nn, {zero, zero, {c0, "index"}}, [&](const std::string& j, const std::vector<Val>& a) {
          const auto [xr, xi] = x(j);
          const Val c{e.load("%" + p + "re", {a[2].name}), "f64"};
          const Val s{e.load("%" + p + "im", {a[2].name}), "f64"};
          const Val rr{e.fop("arith.subf", {e.fop("arith.mulf", xr, c), "f64"},
                             {e.fop("arith.mulf", xi, s), "f64"}),
                       "f64"};
          const Val ii{e.fop("arith.addf", {e.fop("arith.mulf", xr, s), "f64"},
                             {e.fop("arith.mulf", xi, c), "f64"}),
                       "f64"};
          const std::string t = e.iop("arith.addi", a[2].name, k);
          const std::string wrap = e.cmp("sge", {t, "index"}, {nn, "index"});
          const std::string tn = e.sel(wrap, {e.iop("arith.subi", t, nn), "index"}, {t, "index"});
          return std::vector<Val>{{e.fop("arith.addf", a[0], rr), "f64"},
                                  {e.fop("arith.addf", a[1], ii), "f64"},
                                  {tn, "index"}};
        });
    out(k, r[0], r[1]);
    return std::vector<Val>{};
  });
}

}  // namespace

ScalarKernel plan_fft(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  if (group.operands.size() != 1 || group.results.size() != 1)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type& x = group.operands[0]->type;
  const DType t = x.dtype;
  const bool two = op.name == "tessera.fft2d", inverse = op.name == "tessera.ifft";
  if (t != DType::f32 && t != DType::f64)
    return ScalarKernel::stay(op.name + " of " + dtype_mlir_name(t));
  if (!x.has_static_shape() || x.rank() < (two ? 3 : 2) || x.shape.back() != 2 ||
      group.result(0)->type != x)
    return ScalarKernel::stay("not a static shape [..., n, 2] (fft2d: [..., h, w, 2])");
  const std::optional<int64_t> count = x.num_elements();
  if (!count || *count == 0) return ScalarKernel::stay("an empty tensor or too many elements");
  const size_t r = x.shape.size();
  const int64_t w = x.shape[r - 2], h = two ? x.shape[r - 3] : 1;
  // The tables (and fft2d's f64 buffer of the first pass) in 32 KiB of shared memory.
  if ((2 * w + (two ? 2 * h + 2 * h * w : 0)) * 8 > 32768)
    return ScalarKernel::stay(
        "twiddle tables and buffers over the 32 KiB of shared memory a "
        "scalar kernel uses");
  const std::vector<int64_t> batch(x.shape.begin(), x.shape.end() - (two ? 3 : 2));
  ScalarEmitter e(name);
  e.param("x", x.shape, t);
  e.param("out", x.shape, t);
  const std::vector<std::string> b = e.batch_indices(batch);
  const double sign = inverse ? 1.0 : -1.0;
  const std::string c0 = e.idx(0), c1 = e.idx(1);
  auto at = [&](std::vector<std::string> in) {
    std::vector<std::string> a = b;
    a.insert(a.end(), in.begin(), in.end());
    return a;
  };
  auto wide = [&](const std::string& v) {  // an input element in f64 (exact)
    return t == DType::f64 ? Val{v, "f64"} : Val{e.cast("arith.extf", {v, "f32"}, "f64"), "f64"};
  };
  auto result = [&](const Val& v) {  // T(v): one rounding to f32
    return t == DType::f64 ? v : Val{e.cast("arith.truncf", v, "f32"), "f32"};
  };
  const std::string ts(dtype_mlir_name(t));
  table(e, "w", w, sign);
  if (!two) {  // one line per group (the batch indices), scaled by 1 / n for ifft
    const Val scale{inverse ? e.flt(DType::f64, double(w)) : "", "f64"};
    dft(
        e, "w", w,
        [&](const std::string& j) {
          return std::pair{wide(e.load("%x", at({j, c0}))), wide(e.load("%x", at({j, c1})))};
        },
        [&](const std::string& k, const Val& re, const Val& im) {
          const Val a = inverse ? Val{e.fop("arith.divf", re, scale), "f64"} : re;
          const Val c = inverse ? Val{e.fop("arith.divf", im, scale), "f64"} : im;
          e.store(result(a), "%out", at({k, c0}));
          e.store(result(c), "%out", at({k, c1}));
        });
  } else {  // rows into the f64 buffer, then columns from it into the result
    table(e, "h", h, sign);
    e.shared("buf", {h, w, 2}, DType::f64);
    e.loop(c0, e.idx(h), {}, [&](const std::string& i, const std::vector<Val>&) {
      dft(
          e, "w", w,
          [&](const std::string& j) {
            return std::pair{wide(e.load("%x", at({i, j, c0}))),
                             wide(e.load("%x", at({i, j, c1})))};
          },
          [&](const std::string& k, const Val& re, const Val& im) {
            e.store(re, "%buf", {i, k, c0});
            e.store(im, "%buf", {i, k, c1});
          });
      return std::vector<Val>{};
    });
    e.loop(c0, e.idx(w), {}, [&](const std::string& col, const std::vector<Val>&) {
      dft(
          e, "h", h,
          [&](const std::string& j) {
            return std::pair{Val{e.load("%buf", {j, col, c0}), "f64"},
                             Val{e.load("%buf", {j, col, c1}), "f64"}};
          },
          [&](const std::string& k, const Val& re, const Val& im) {
            e.store(result(re), "%out", at({k, col, c0}));
            e.store(result(im), "%out", at({k, col, c1}));
          });
      return std::vector<Val>{};
    });
  }
  ScalarKernel s;
  s.kernel = e.text();
  s.grid = {*count / (2 * w * h)};
  return s;
}

}  // namespace tessera::transforms
