// tessera.quantize / tessera.dequantize kernels: per-tensor amax, MX and NVFP4 block scaling.
#include <cmath>
#include <cstring>
#include <vector>

#include "core/numerics/convert_array.h"
#include "core/ops/policy.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

enum class Scheme { kTensor, kMx, kNvfp4 };

Scheme scheme_of(const ir::Op& op) {
  const std::string s = op.attrs.get_string("scheme", "tensor");
  return s == "mx" ? Scheme::kMx : s == "nvfp4" ? Scheme::kNvfp4 : Scheme::kTensor;
}

/// The data operand as f32 values (f16 / bf16 widen exactly).
std::vector<float> as_f32(const Tensor& t) {
  const size_t n = static_cast<size_t>(t.numel());
  std::vector<float> v(n);
  if (t.dtype() == DType::f32) {
    if (n) std::memcpy(v.data(), t.bytes(), n * sizeof(float));
  } else {
    num::convert_array(t.dtype(), t.bytes(), DType::f32, v.data(), n, {});
  }
  return v;
}

float scalar_f32(const Tensor& t) {
  float v;
  std::memcpy(&v, t.bytes(), sizeof v);
  return v;
}

/// Largest |x| in index order; NaN when any element is NaN.
float tensor_amax(const std::vector<float>& x) {
  float m = 0.0f;
  for (float v : x) {
    const float a = std::fabs(v);
    if (a != a) return a;
    m = a > m ? a : m;
  }
  return m;
}

/// Rows of the last axis: (row count, row length). Rank 0 is one row of one element.
std::pair<size_t, size_t> rows_of(const Tensor& t) {
  const size_t len = t.rank() == 0 ? 1 : static_cast<size_t>(t.dim(t.rank() - 1));
  return {len == 0 ? 0 : static_cast<size_t>(t.numel()) / len, len};
}

}  // namespace

void kernel_Quantize(KernelCtx& c) {
  const Scheme scheme = scheme_of(c.op);
  const std::vector<float> x = as_f32(c.input(0));
  Tensor& q = c.output(0);
  const DType fmt = q.dtype();
  num::ConvertOptions opt = ops::read_policy(c.op).convert;
  opt.stream = c.step;  // stochastic bits: Philox(seed, plan step, logical element index)
  opt.saturate = true;  // quantization clamps finite overflow to the largest finite value
  auto* qd = q.data<uint8_t>();
  const auto [rows, len] = rows_of(q);
  switch (scheme) {
    case Scheme::kTensor: {
      const float scale =
          c.in.size() > 1 ? scalar_f32(c.input(1)) : num::amax_scale(fmt, tensor_amax(x));
      std::vector<float> y(x.size());
      for (size_t i = 0; i < x.size(); ++i) y[i] = x[i] / scale;
      num::convert_array(DType::f32, y.data(), fmt, q.bytes(), y.size(), opt, 0);
      std::memcpy(c.output(1).bytes(), &scale, sizeof scale);
      return;
    }
    case Scheme::kMx: {
      const auto rule = c.op.attrs.get_string("scale_rule", "ocp") == "ceil"
                            ? num::MxScaleRule::kCeil
                            : num::MxScaleRule::kOcp;
      auto* sd = c.output(1).data<uint8_t>();
      const size_t nb = (len + num::kMxBlock - 1) / num::kMxBlock;
      if (len % num::kMxBlock == 0) {  // blocks never straddle rows: one bulk call
        num::mx_quantize(fmt, x.data(), x.size(), qd, sd, rule, opt, 0);
        return;
      }
      for (size_t r = 0; r < rows; ++r)
        num::mx_quantize(fmt, x.data() + r * len, len, qd + r * len, sd + r * nb, rule, opt,
                         r * len);
      return;
    }
    case Scheme::kNvfp4: {
      const float amax = tensor_amax(x);
      const float g = std::isfinite(amax) ? num::nvfp4_global_scale(amax) : 1.0f;
      auto* sd = c.output(1).data<uint8_t>();
      const size_t nb = (len + num::kNvfp4Block - 1) / num::kNvfp4Block;
      for (size_t r = 0; r < rows; ++r)
        num::nvfp4_quantize(x.data() + r * len, len, g, opt, qd + r * len, sd + r * nb, r * len);
      std::memcpy(c.output(2).bytes(), &g, sizeof g);
      return;
    }
  }
}

void kernel_Dequantize(KernelCtx& c) {
  const Scheme scheme = scheme_of(c.op);
  const Tensor& q = c.input(0);
  Tensor& out = c.output(0);
  float* od = out.data<float>();
  const auto* qd = q.data<uint8_t>();
  const size_t n = static_cast<size_t>(q.numel());
  const auto [rows, len] = rows_of(q);
  switch (scheme) {
    case Scheme::kTensor: {
      const float scale = scalar_f32(c.input(1));
      num::convert_array(q.dtype(), q.bytes(), DType::f32, od, n, {});
      for (size_t i = 0; i < n; ++i) od[i] *= scale;
      return;
    }
    case Scheme::kMx: {
      const auto* sd = c.input(1).data<uint8_t>();
      const size_t nb = (len + num::kMxBlock - 1) / num::kMxBlock;
      for (size_t r = 0; r < rows; ++r)
        num::mx_dequantize(q.dtype(), qd + r * len, sd + r * nb, len, od + r * len);
      return;
    }
    case Scheme::kNvfp4: {
      const auto* sd = c.input(1).data<uint8_t>();
      const float g = scalar_f32(c.input(2));
      const size_t nb = (len + num::kNvfp4Block - 1) / num::kNvfp4Block;
      for (size_t r = 0; r < rows; ++r)
        num::nvfp4_dequantize(qd + r * len, sd + r * nb, len, g, od + r * len);
      return;
    }
  }
}

}  // namespace tessera::interp
