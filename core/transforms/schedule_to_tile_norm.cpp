// f64 tessera.layer_norm and tessera.rmsnorm as scalar kernels (docs/ops/schedule/lowering.md,
// "Scalar normalization"): register tiles hold no f64, so one group per row repeats the Graph IR
// kernel's steps on f64 scalars (interp/graph/kernels_norm.cpp, normalize_rows): the sum chain
// from x[0], mean = sum / n (layer_norm; rmsnorm's mean is +0), the chain of squared
// differences from d_0 * d_0, scale = 1 / sqrt(sq / n + eps) (tile.sqrt: the correctly rounded
// root, as std::sqrt), then (x - mean) * scale, * gamma, + beta per element.
#include "core/transforms/scalar_text.h"
#include "core/transforms/schedule_to_tile_reduce.h"

namespace tessera::transforms {

ScalarKernel plan_scalar_norm(const ir::Op& group, const ir::Op& op, int64_t rows, int64_t width,
                              const std::string& name) {
  constexpr DType d = DType::f64;
  const bool centre = op.name == "tessera.layer_norm" || op.name == "tessera.layernorm_safe";
  for (const ir::Value* v : group.operands)
    if (v->type.dtype != d) return ScalarKernel::stay("gamma or beta is not f64");
  if (rows == 0 || width == 0) return ScalarKernel::stay("an empty tensor");
  const size_t params = group.operands.size();
  ScalarText k;
  k.k << scalar_header(name, std::vector<DType>(params, d), d);
  const std::string w = k.icst(width), base = k.idx("arith.muli", "%g", w);
  // T count = static_cast<T>(n), T eps = static_cast<T>(epsilon): exact for f64 (n < 2^53).
  const std::string count = k.fcst(static_cast<double>(width), d);
  const std::string eps = k.fcst(op.attrs.get_float("epsilon", 1e-5), d);
  auto x = [&](const std::string& j) { return k.load("%in0", d, k.idx("arith.addi", base, j)); };
  std::string mean = k.fcst(0.0, d);
  if (centre) {
    const std::string sum =
        k.fold("%c1", w, "%c1", x("%c0"), d, [&](const std::string& j, const std::string& a) {
          return k.bin("arith.addf", a, x(j), d);
        });
    mean = k.bin("arith.divf", sum, count, d);
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
  k.each("%c0", w, [&](const std::string& j) {
    std::string v = k.bin("arith.mulf", k.bin("arith.subf", x(j), mean, d), scale, d);
    for (size_t p = 1; p < params; ++p)  // gamma, then beta
      v = k.bin(p == 1 ? "arith.mulf" : "arith.addf", v, k.load("%in" + std::to_string(p), d, j),
                d);
    k.store_out(v, d, "%g", j);
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

}  // namespace tessera::transforms
