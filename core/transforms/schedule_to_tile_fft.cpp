// tessera.fft, tessera.ifft and tessera.fft2d as scalar kernels (docs/ops/schedule/lowering.md,
// "DFT"): the Graph IR kernel's DFT by definition (interp/graph/kernels_fft.cpp), summed in f64
// in increasing input index, `t = j k mod n` stepped without a product, no fused multiply-add.
// Its twiddle table depends only on n: it is computed here by the same function
// (ops::Twiddles) and written into a shared buffer of the group at the kernel's start, one
// arith.constant per entry.
#include <functional>

#include "core/ops/fft_twiddles.h"
#include "core/transforms/schedule_to_tile_reduce.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using scalar_text::static_memref;
using scalar_text::Text;
using Str = const std::string&;
constexpr DType kF64 = DType::f64;

// A twiddle table of n entries in shared buffers %<p>re and %<p>im: cos, and sign * sin (the
// kernel's `sign * tw.im[t]`, exact: a product by +-1).
void table(Text& e, Str p, int64_t n, double sign) {
  const ops::Twiddles tw(n);
  const std::string m = static_memref({n}, kF64, true);
  e.shared(p + "re", m);
  e.shared(p + "im", m);
  for (int64_t k = 0; k < n; ++k) {
    e.store(e.fc(tw.re[size_t(k)], kF64), kF64, "%" + p + "re", m, {e.c(k)});
    e.store(e.fc(sign * tw.im[size_t(k)], kF64), kF64, "%" + p + "im", m, {e.c(k)});
  }
}

// For k in [0, n): (ar, ai) = the sum over j in [0, n) of x(j) * w^(j k) (x(j) gives the f64
// pair), then `out(k, ar, ai)`.
void dft(Text& e, Str p, int64_t n,
         const std::function<std::pair<std::string, std::string>(Str)>& x,
         const std::function<void(Str, Str, Str)>& out) {
  const std::string nn = e.c(n), c0 = e.c(0), zero = e.fc(0.0, kF64);
  const std::string m = static_memref({n}, kF64, true);
  e.loop(c0, nn, {}, [&](Str k, const std::vector<std::string>&) {
    const std::vector<std::string> r =
        e.loop(c0, nn, {{zero, kF64}, {zero, kF64}, {c0, DType::index}},
               [&](Str j, const std::vector<std::string>& a) {
                 const auto [xr, xi] = x(j);
                 const std::string c = e.load("%" + p + "re", m, kF64, {a[2]});
                 const std::string s = e.load("%" + p + "im", m, kF64, {a[2]});
                 const std::string rr = e.bin("arith.subf", e.bin("arith.mulf", xr, c, kF64),
                                              e.bin("arith.mulf", xi, s, kF64), kF64);
                 const std::string ii = e.bin("arith.addf", e.bin("arith.mulf", xr, s, kF64),
                                              e.bin("arith.mulf", xi, c, kF64), kF64);
                 const std::string t = e.idx("arith.addi", a[2], k);
                 const std::string wrap = e.cmp_by("sge", t, nn, DType::index);
                 const std::string tn = e.select(wrap, e.idx("arith.subi", t, nn), t, DType::index);
                 return std::vector<std::string>{e.bin("arith.addf", a[0], rr, kF64),
                                                 e.bin("arith.addf", a[1], ii, kF64), tn};
               });
    out(k, r[0], r[1]);
    return std::vector<std::string>{};
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
  Text e;
  const std::vector<std::string> b = e.group_indices(batch);
  const std::string mx = static_memref(x.shape, t);
  const double sign = inverse ? 1.0 : -1.0;
  const std::string c0 = e.c(0), c1 = e.c(1);
  auto at = [&](std::vector<std::string> in) {
    std::vector<std::string> a = b;
    a.insert(a.end(), in.begin(), in.end());
    return a;
  };
  auto load = [&](std::vector<std::string> in) {  // an input element in f64 (exact)
    return e.convert(e.load("%x", mx, t, at(std::move(in))), t, kF64);
  };
  auto store = [&](Str v, std::vector<std::string> in) {  // T(v): one rounding
    e.store(e.convert(v, kF64, t), t, "%out", mx, at(std::move(in)));
  };
  table(e, "w", w, sign);
  if (!two) {  // one line per group (the batch indices), scaled by 1 / n for ifft
    const std::string scale = inverse ? e.fc(double(w), kF64) : "";
    dft(
        e, "w", w,
        [&](Str j) {
          return std::pair{load({j, c0}), load({j, c1})};
        },
        [&](Str k, Str re, Str im) {
          store(inverse ? e.bin("arith.divf", re, scale, kF64) : re, {k, c0});
          store(inverse ? e.bin("arith.divf", im, scale, kF64) : im, {k, c1});
        });
  } else {  // rows into the f64 buffer, then columns from it into the result
    table(e, "h", h, sign);
    const std::string mb = static_memref({h, w, 2}, kF64, true);
    e.shared("buf", mb);
    e.loop(c0, e.c(h), {}, [&](Str i, const std::vector<std::string>&) {
      dft(
          e, "w", w,
          [&](Str j) {
            return std::pair{load({i, j, c0}), load({i, j, c1})};
          },
          [&](Str k, Str re, Str im) {
            e.store(re, kF64, "%buf", mb, {i, k, c0});
            e.store(im, kF64, "%buf", mb, {i, k, c1});
          });
      return std::vector<std::string>{};
    });
    e.loop(c0, e.c(w), {}, [&](Str col, const std::vector<std::string>&) {
      dft(
          e, "h", h,
          [&](Str j) {
            return std::pair{e.load("%buf", mb, kF64, {j, col, c0}),
                             e.load("%buf", mb, kF64, {j, col, c1})};
          },
          [&](Str k, Str re, Str im) {
            store(re, {k, col, c0});
            store(im, {k, col, c1});
          });
      return std::vector<std::string>{};
    });
  }
  std::string sig = "  func.func @" + name + "(%x: " + mx + ", %out: " + mx + ") {\n";
  if (!batch.empty()) sig += "    %g = tile.group_id {dim = 0} : index\n";
  ScalarKernel s;
  s.kernel = sig + e.head.str() + e.k.str() + "    return\n  }\n";
  s.grid = {*count / (2 * w * h)};
  return s;
}

}  // namespace tessera::transforms
