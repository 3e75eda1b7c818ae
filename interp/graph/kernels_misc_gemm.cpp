// tessera.fused_epilogue and tessera.dequant_matmul kernels (docs/ops/graph/misc_gemm.md).
// Low-precision float operands arrive widened to f32 and results are rounded at storage by the
// executor; integer weight codes arrive as stored.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/numerics/convert.h"
#include "core/numerics/erfcf.h"
#include "core/ops/misc_gemm.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

/// out[i, j] = FMA chain over p in increasing order of a[i, p] * b[p, j], from +0 (the matmul
/// spec's order), then `finish(acc, j)`; rows in parallel (each element's chain is unchanged).
template <typename T, typename F>
void gemm_rows(const T* a, const T* b, T* out, int64_t m, int64_t k, int64_t n, F finish) {
  tbb::parallel_for(int64_t{0}, m, [&](int64_t i) {
    for (int64_t j = 0; j < n; ++j) {
      T acc = T(0);
      for (int64_t p = 0; p < k; ++p) acc = std::fma(a[i * k + p], b[p * n + j], acc);
      out[i * n + j] = finish(acc, j);
    }
  });
}

/// tessera.gelu's erf form (elementwise.md): (0.5 x) erfc(-(x / sqrt 2)), gelu(-Inf) = -0.
template <typename T>
T gelu_erf(T x) {
  if (x == -std::numeric_limits<T>::infinity()) return T(-0.0);
  const T t = x * static_cast<T>(0.7071067811865476);
  return (T(0.5) * x) * num::spec_erfc(-t);
}

/// The value of weight code `code` (its element read as an integer) in format `fmt`; fails
/// on an int4 / int8 code out of range.
double int_code(const KernelCtx& c, int64_t code, bool int4) {
  const int64_t lo = int4 ? -8 : -128, hi = int4 ? 7 : 127;
  if (code < lo || code > hi)
    c.fail("weight code " + std::to_string(code) + " is outside [" + std::to_string(lo) + ", " +
           std::to_string(hi) + "] of " + (int4 ? "int4" : "int8") + " (dequant_matmul_c6)");
  return static_cast<double>(code);
}

/// The dequantized [K, N] weights in the compute type T: code value (an fp8 code rounded to its
/// format; every value is exact in T) times scale[k / group, j], one rounding.
template <typename T>
std::vector<T> dequantize(const KernelCtx& c, std::string_view fmt, int64_t k, int64_t n) {
  const Tensor& w = c.input(1);
  std::vector<T> out(static_cast<size_t>(k * n));
  if (fmt.starts_with("int")) {
    const bool int4 = fmt == "int4";
    dispatch_any(c, w.dtype(), [&]<typename C>() {
      if constexpr (std::is_integral_v<C>) {
        const C* codes = w.data<C>();
        for (int64_t i = 0; i < k * n; ++i) {
          const auto v = codes[i];
          if constexpr (std::is_same_v<C, uint64_t>) {
            if (v > static_cast<C>(std::numeric_limits<int64_t>::max()))
              c.fail("weight code out of range (dequant_matmul_c6)");
          }
          out[size_t(i)] = static_cast<T>(int_code(c, static_cast<int64_t>(v), int4));
        }
      } else {
        c.fail("integer weight codes expected (dequant_matmul_c3)");
      }
    });
  } else {
    const DType f = fmt == "fp8_e4m3" ? DType::f8e4m3 : DType::f8e5m2;
    dispatch_float(c, w.dtype(), [&]<typename C>() {
      const C* codes = w.data<C>();
      for (int64_t i = 0; i < k * n; ++i)
        out[size_t(i)] =
            static_cast<T>(num::to_double(f, num::from_double(f, static_cast<double>(codes[i]))));
    });
  }
  if (c.in.size() < 3) return out;
  const int64_t group = c.op.attrs.get_int("quant_group_size", std::max<int64_t>(k, 1));
  dispatch_float(c, c.input(2).dtype(), [&]<typename S>() {
    const S* s = c.input(2).data<S>();
    for (int64_t p = 0; p < k; ++p)
      for (int64_t j = 0; j < n; ++j)
        out[size_t(p * n + j)] = out[size_t(p * n + j)] * static_cast<T>(s[(p / group) * n + j]);
  });
  return out;
}

}  // namespace

/// act(a b + bias): the FMA chain of tessera.matmul, one rounded addition of the bias, then
/// relu or tessera.gelu's erf form, all in the compute type T.
void kernel_FusedEpilogue(KernelCtx& c) {
  const int code = ops::fused_epilogue_code(c.op.attrs.get("epilogue"));
  const int64_t m = c.input(0).shape()[0], k = c.input(0).shape()[1];
  const int64_t n = c.input(1).shape()[1];
  dispatch_float(c, c.output().dtype(), [&]<typename T>() {
    if (c.input(0).dtype() != c.output().dtype()) c.fail("operand and result types differ");
    const T* bias = c.in.size() == 3 ? c.input(2).data<T>() : nullptr;
    gemm_rows(c.input(0).data<T>(), c.input(1).data<T>(), c.output().data<T>(), m, k, n,
              [&](T acc, int64_t j) {
                const T v = bias ? acc + bias[j] : acc;
                if (code == 1) return std::isnan(v) ? v : (v > T(0) ? v : T(0));
                if (code == 2) return gelu_erf(v);
                return v;
              });
  });
}

/// x times the dequantized weights, the FMA chain of tessera.matmul in the compute type.
void kernel_DequantMatmul(KernelCtx& c) {
  const auto fmt = ops::dequant_weight_dtype(c.op.attrs.get("weight_dtype"));
  if (!fmt) c.fail("unknown weight_dtype (dequant_matmul_c2)");
  const int64_t m = c.input(0).shape()[0], k = c.input(0).shape()[1];
  const int64_t n = c.input(1).shape()[1];
  dispatch_float(c, c.output().dtype(), [&]<typename T>() {
    const std::vector<T> w = dequantize<T>(c, *fmt, k, n);
    gemm_rows(c.input(0).data<T>(), w.data(), c.output().data<T>(), m, k, n,
              [](T acc, int64_t) { return acc; });
  });
}

/// tessera.quantize with scheme "tensor" (quantization.md): scale = amax / max_finite(F), the
/// codes x / scale rounded and saturated; the format is result #0's element type.
void kernel_QuantizeFp8(KernelCtx& c) { kernel_Quantize(c); }

}  // namespace tessera::interp
