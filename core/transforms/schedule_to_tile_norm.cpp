// layer_norm, rmsnorm, softmax and log_softmax as scalar kernels (docs/ops/schedule/lowering.md,
// "Scalar normalization") for what the row kernels' register tiles do not hold: f64, bf16/f16
// (computed in f32, as the Graph IR executor widens them) and rows over 1024 elements. One group
// per row repeats the Graph IR kernel's steps (interp/graph/kernels_norm.cpp): a norm's sum chain
// from x[0], mean = sum / n (layer_norm; rmsnorm's mean is +0), the chain of squared differences
// from d_0 * d_0, scale = 1 / sqrt(sq / n + eps) (tile.sqrt: the correctly rounded root, as
// std::sqrt), then (x - mean) * scale, * gamma, + beta; softmax's maximum chain from x[0]
// (arith.maximumf: ieee_max), exp(x - m) summed from the first, then e / s or (x - m) - log(s)
// (f64: the spec's exp64 and log64 as scalar steps, schedule_to_tile_exp64.h).
#include "core/transforms/schedule_to_tile_emit.h"
#include "core/transforms/schedule_to_tile_reduce.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

using namespace scalar_text;

ScalarKernel plan_scalar_norm(const ir::Op& group, const ir::Op& op, int64_t rows, int64_t width,
                              const std::string& name) {
  const DType st = group.operands[0]->type.dtype;
  const DType d = st == DType::f64 ? DType::f64 : DType::f32;  // the kernel's T
  const bool centre = op.name == "tessera.layer_norm" || op.name == "tessera.layernorm_safe";
  for (const ir::Value* v : group.operands)
    if (v->type.dtype != st) return ScalarKernel::stay("gamma or beta is not of x's type");
  if (rows == 0 || width == 0) return ScalarKernel::stay("an empty tensor");
  const size_t params = group.operands.size();
  Text k;
  k.k << header(name, std::vector<DType>(params, st), st);
  const std::string w = k.icst(width), base = k.idx("arith.muli", "%g", w);
  // T count = static_cast<T>(n), T eps = static_cast<T>(epsilon): one rounding each for f32.
  const double eps_attr = op.attrs.get_float("epsilon", 1e-5);
  const std::string count =
      k.fcst(d == DType::f32 ? static_cast<float>(width) : static_cast<double>(width), d);
  const std::string eps =
      k.fcst(d == DType::f32 ? static_cast<double>(static_cast<float>(eps_attr)) : eps_attr, d);
  auto x = [&](const std::string& j) {
    return k.load_as("%in0", st, d, k.idx("arith.addi", base, j));
  };
  std::string mean;
  if (centre) {
    const std::string sum =
        k.fold("%c1", w, "%c1", x("%c0"), d, [&](const std::string& j, const std::string& a) {
          return k.bin("arith.addf", a, x(j), d);
        });
    mean = k.bin("arith.divf", sum, count, d);
  } else {
    mean = k.fcst(0.0, d);  // rmsnorm: T mean = 0
  }
  auto square = [&](const std::string& j) {
    const std::string dj = k.bin("arith.subf", x(j), mean, d);
    return k.bin("arith.mulf", dj, dj, d);
  };
  const std::string sq =
      k.fold("%c1", w, "%c1", square("%c0"), d, [&](const std::string& j, const std::string& a) {
        return k.bin("arith.addf", a, square(j), d);
      });
  const std::string var = k.bin("arith.addf", k.bin("arith.divf", sq, count, d), eps, d);
  const std::string root = k.un("tile.sqrt", var, d, d);
  const std::string scale = k.bin("arith.divf", k.fcst(1.0, d), root, d);
  k.each("%c0", w, "%c1", [&](const std::string& j) {
    std::string v = k.bin("arith.mulf", k.bin("arith.subf", x(j), mean, d), scale, d);
    for (size_t p = 1; p < params; ++p)  // gamma, then beta
      v = k.bin(p == 1 ? "arith.mulf" : "arith.addf", v,
                k.load_as("%in" + std::to_string(p), st, d, j), d);
    k.store_as(v, d, st, "%g", j);
  });
  k.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = k.k.str();
  s.grid = {rows};
  s.flat = {rows * width};
  s.flat.resize(params, width);
  s.out_2d = {rows, width};
  return s;
}

ScalarKernel plan_scalar_softmax(const ir::Op& group, const ir::Op& op, int64_t outer, int64_t len,
                                 int64_t inner, const std::string& name) {
  const DType st = group.operands[0]->type.dtype;
  if (!computed_in_f32(st) && st != DType::f64)
    return ScalarKernel::stay(op.name + " of " + ty(st));
  // f64: the spec's exp64 / log64 (schedule_to_tile_exp64.h), the kernel's spec_exp of double.
  const DType f = st == DType::f64 ? DType::f64 : DType::f32;
  int64_t rows = 0, n = 0;
  if (__builtin_mul_overflow(outer, inner, &rows) || __builtin_mul_overflow(rows, len, &n))
    return ScalarKernel::stay("too many elements");
  if (n == 0) return ScalarKernel::stay("an empty tensor");
  const bool log_form = op.name == "tessera.log_softmax";
  Text k;
  const SpecMath sm{k, f};
  k.k << header(name, {st}, st);
  // Row g: elements (g / inner) * len * inner + g % inner + j * inner (for_each_row's order),
  // stored at [g / inner, j * inner + g % inner] of an [outer, len * inner] result.
  const std::string ci = k.icst(inner), cl = k.icst(len);
  const std::string o = k.idx("arith.divsi", "%g", ci), r = k.idx("arith.remsi", "%g", ci);
  const std::string base = k.idx("arith.addi", k.idx("arith.muli", o, k.icst(len * inner)), r);
  auto col = [&](const std::string& j) {
    return k.idx("arith.addi", k.idx("arith.muli", j, ci), r);
  };
  auto x = [&](const std::string& j) {
    return k.load_as("%in0", st, f, k.idx("arith.addi", base, k.idx("arith.muli", j, ci)));
  };
  const std::string m =
      k.fold("%c1", cl, "%c1", x("%c0"), f, [&](const std::string& j, const std::string& a) {
        return k.bin("arith.maximumf", a, x(j), f);
      });
  auto shifted_exp = [&](const std::string& j) { return sm.exp(k.bin("arith.subf", x(j), m, f)); };
  const std::string s = k.fold("%c1", cl, "%c1", shifted_exp("%c0"), f,
                               [&](const std::string& j, const std::string& a) {
                                 return k.bin("arith.addf", a, shifted_exp(j), f);
                               });
  const std::string ls = log_form ? sm.log(s) : s;
  k.each("%c0", cl, "%c1", [&](const std::string& j) {
    const std::string y = log_form ? k.bin("arith.subf", k.bin("arith.subf", x(j), m, f), ls, f)
                                   : k.bin("arith.divf", shifted_exp(j), s, f);
    k.store_as(y, f, st, o, col(j));
  });
  k.k << "    return\n  }\n";
  ScalarKernel out;
  out.kernel = k.k.str();
  out.grid = {rows};
  out.flat = {n};
  out.out_2d = {outer, len * inner};
  return out;
}

}  // namespace tessera::transforms
