// Graph IR kernels of the tessera.ebm ops (docs/ops/graph/ebm.md). Arithmetic is in f64, each
// result element rounded once to the element type; every reduction (a row's sum, a max, a
// log-sum-exp) runs sequentially in index order, and rows run in parallel, so any thread count
// gives the same bits. Noise comes from Philox4x32-10 keyed by seed and element index.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/numerics/exp64.h"
#include "core/numerics/log64.h"
#include "core/numerics/philox.h"
#include "core/ops/clifford.h"
#include "core/ops/ebm.h"
#include "core/ops/random_spec.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

/// out[i] = f(i) (f64) for every element of output 0, in parallel.
template <typename F>
void map_elements(KernelCtx& c, F f) {
  dispatch_float(c, c.output().dtype(), [&]<typename T>() {
    T* out = c.output().data<T>();
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, c.output().numel(), 4096), [&](auto r) {
      for (int64_t i = r.begin(); i < r.end(); ++i) out[i] = static_cast<T>(f(i));
    });
  });
}

/// Input k's element i as f64.
double at(const KernelCtx& c, size_t k, int64_t i) {
  const Tensor& t = c.input(k);
  return t.dtype() == DType::f64 ? t.data<double>()[i] : double(t.data<float>()[i]);
}

/// The noise amplitude (core/ops/ebm.h, shared with the Tile IR lowering).
double amplitude(const KernelCtx& c) { return ops::ebm_noise_amplitude(c.op); }

/// y - eta g + a n for element i (n only when the op has a noise operand).
double affine(const KernelCtx& c, int64_t i, double eta, double a) {
  double v = at(c, 0, i) - eta * at(c, 1, i);
  if (c.in.size() == 3) v = v + a * at(c, 2, i);
  return v;
}

/// Rows of the last axis: calls f(row, width) for each in parallel.
template <typename F>
void per_row(const KernelCtx& c, F f) {
  const auto shape = c.input(0).shape();
  const int64_t width = shape.empty() ? 1 : shape.back();
  if (width == 0) return;
  const int64_t rows = c.input(0).numel() / width;
  tbb::parallel_for(int64_t{0}, rows, [&](int64_t r) { f(r, width); });
}

/// Stores value v at element i of output 0.
void store(KernelCtx& c, int64_t i, double v) {
  if (c.output().dtype() == DType::f64)
    c.output().data<double>()[i] = v;
  else
    c.output().data<float>()[i] = static_cast<float>(v);
}

/// Standard normal from two 32-bit words by Box-Muller (cosine branch), u = (w + 0.5) 2^-32,
/// with randn's spec step (ops::box_muller: log64, cos64, a correctly rounded sqrt).
double box_muller(uint32_t w0, uint32_t w1) {
  const double u0 = (double(w0) + 0.5) * 0x1p-32, u1 = (double(w1) + 0.5) * 0x1p-32;
  return ops::box_muller(u0, u1);
}

}  // namespace

void kernel_EbmInnerStep(KernelCtx& c) {
  const double eta = c.op.attrs.get_float("eta", 0.0), a = amplitude(c);
  map_elements(c, [&](int64_t i) { return affine(c, i, eta, a); });
}

void kernel_EbmLangevinStep(KernelCtx& c) { kernel_EbmInnerStep(c); }

void kernel_EbmRefinement(KernelCtx& c) {
  // K steps with the gradient and noise held fixed, in closed form: y - (K eta) g + (K a) n.
  const double k = double(c.op.attrs.get_int("steps", 1));
  const double eta = k * c.op.attrs.get_float("eta", 0.0), a = k * amplitude(c);
  map_elements(c, [&](int64_t i) { return affine(c, i, eta, a); });
}

void kernel_EbmLangevinStepPhilox(KernelCtx& c) {
  const double eta = c.op.attrs.get_float("eta", 0.0), a = amplitude(c);
  const uint64_t seed = static_cast<uint64_t>(c.input(2).data<int64_t>()[0]);
  uint32_t ctr[4];
  for (int w = 0; w < 4; ++w) ctr[w] = static_cast<uint32_t>(c.input(3).data<int64_t>()[w]);
  map_elements(c, [&](int64_t i) {
    // Element i's block: the 128-bit counter (ctr[0] least significant) plus i.
    num::Philox4 block{};
    uint64_t carry = static_cast<uint64_t>(i);
    for (int w = 0; w < 4; ++w) {
      const uint64_t sum = uint64_t(ctr[w]) + (carry & 0xffffffffu);
      block.v[w] = static_cast<uint32_t>(sum);
      carry = (carry >> 32) + (sum >> 32);
    }
    const num::Philox4 r =
        num::philox4x32_10(block, static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32));
    const double z = box_muller(r.v[0], r.v[1]);
    return (at(c, 0, i) - eta * at(c, 1, i)) + a * z;
  });
}

void kernel_EbmEnergyQuadratic(KernelCtx& c) {
  const int64_t rows = c.output().numel(), w = c.input(0).shape()[1];
  tbb::parallel_for(int64_t{0}, rows, [&](int64_t r) {
    double s = 0.0;
    for (int64_t j = 0; j < w; ++j) {
      const double d = at(c, 0, r * w + j) - at(c, 1, r * w + j);
      s += d * d;
    }
    store(c, r, 0.5 * s);
  });
}

void kernel_EbmBivectorLangevinStep(KernelCtx& c) {
  const double eta = c.op.attrs.get_float("eta", 0.0), a = amplitude(c);
  const auto shape = c.input(0).shape();
  const int64_t nb = shape.back();
  // The step projected onto the grade-2 blades (blade index bitmask with two bits set).
  map_elements(c, [&](int64_t i) {
    return ops::blade_grade(static_cast<uint32_t>(i % nb)) == 2 ? affine(c, i, eta, a) : 0.0;
  });
}

void kernel_EbmSphereLangevinStep(KernelCtx& c) {
  const double eta = c.op.attrs.get_float("eta", 0.0), a = amplitude(c);
  const bool tangent = c.op.attrs.get_string("projection", "tangent") == "tangent";
  per_row(c, [&](int64_t r, int64_t w) {
    std::vector<double> y(static_cast<size_t>(w));
    double sv = 0.0;
    for (int64_t j = 0; j < w; ++j) {
      const int64_t i = r * w + j;
      y[j] = affine(c, i, eta, a) - at(c, 0, i);  // the step v
      sv += at(c, 0, i) * y[j];
    }
    double n2 = 0.0;
    for (int64_t j = 0; j < w; ++j) {
      const double s = at(c, 0, r * w + j);
      y[j] = s + (tangent ? y[j] - sv * s : y[j]);
      n2 += y[j] * y[j];
    }
    const double n = std::sqrt(n2);
    for (int64_t j = 0; j < w; ++j) store(c, r * w + j, n > 0 ? y[j] / n : y[j]);
  });
}

void kernel_EbmDecodeInit(KernelCtx& c) {
  const std::string strategy = c.op.attrs.get_string("strategy", "noise");
  const double stddev = c.op.attrs.get_float("std", 1.0);
  const auto out_shape = c.output().shape();
  if (c.output().numel() == 0) return;
  const int64_t k = out_shape[1];
  const int64_t event = c.output().numel() / (out_shape[0] * k);
  const auto seg = c.op.attrs.get("operandSegmentSizes");
  const size_t nbase =
      seg ? static_cast<size_t>(seg->as_int_array().value_or(std::vector<int64_t>{1, 0, 0})[1]) : 0;
  const uint64_t seed = static_cast<uint64_t>(c.op.attrs.get_int("seed", 0));
  map_elements(c, [&](int64_t i) {
    const int64_t b = i / (k * event), e = i % event;
    if (strategy == "copy") return at(c, 0, b * event + e);
    if (strategy == "base_model") return at(c, 1, b * event + e);
    if (c.in.size() > 1 + nbase) return stddev * at(c, 1 + nbase, i);
    // randn's stream (random.md): words 2i and 2i + 1 of (seed, stream 0).
    const uint32_t w0 = num::random_bits(seed, 0, 2 * uint64_t(i));
    const uint32_t w1 = num::random_bits(seed, 0, 2 * uint64_t(i) + 1);
    const double u1 = double((w0 >> 8) + 1) * 0x1p-24, u2 = double(w1 >> 8) * 0x1p-24;
    return stddev * ops::box_muller(u1, u2);  // randn's spec step: log64, cos64
  });
}

void kernel_EbmSelfVerify(KernelCtx& c) {
  const auto es = c.input(0).shape();
  const int64_t batch = es[0], kk = es[1];
  const int64_t event = batch * kk == 0 ? 0 : c.input(1).numel() / (batch * kk);
  const bool soft = c.op.attrs.get_string("reduction", "hard_argmin") == "softmin";
  const double temp = c.op.attrs.get_float("temperature", 0.0);
  if (event == 0) return;
  tbb::parallel_for(int64_t{0}, batch, [&](int64_t b) {
    if (!soft || kk == 0) {
      // The first candidate of least energy; NaN energies lose, all NaN picks candidate 0.
      int64_t best = 0;
      bool found = false;
      for (int64_t q = 0; q < kk; ++q) {
        const double e = at(c, 0, b * kk + q);
        if (std::isnan(e)) continue;
        if (!found || e < at(c, 0, b * kk + best)) best = q;
        found = true;
      }
      for (int64_t j = 0; j < event; ++j)
        store(c, b * event + j, kk == 0 ? 0.0 : at(c, 1, (b * kk + best) * event + j));
      return;
    }
    // softmin: weights softmax(-e / T) over k, max shifted, summed in k order.
    std::vector<double> w(static_cast<size_t>(kk));
    double m = -std::numeric_limits<double>::infinity(), z = 0.0;
    for (int64_t q = 0; q < kk; ++q) m = std::max(m, -at(c, 0, b * kk + q) / temp);
    for (int64_t q = 0; q < kk; ++q) {
      w[q] = std::exp(-at(c, 0, b * kk + q) / temp - m);
      z += w[q];
    }
    for (int64_t j = 0; j < event; ++j) {
      double s = 0.0;
      for (int64_t q = 0; q < kk; ++q) s += (w[q] / z) * at(c, 1, (b * kk + q) * event + j);
      store(c, b * event + j, s);
    }
  });
}

void kernel_EbmPartitionExact(KernelCtx& c) {
  const double temp = c.op.attrs.get_float("temperature", 1.0);
  const std::string red = c.op.attrs.get_string("reduction", "logsumexp");
  const int64_t n = c.input(0).numel();
  const int64_t outs = c.output().numel();
  const int64_t width = outs == 0 ? 0 : n / outs;
  tbb::parallel_for(int64_t{0}, outs, [&](int64_t r) {
    // l_i = -e_i / T; m = max l_i (index order); log Z = m + log sum exp(l_i - m).
    double m = -std::numeric_limits<double>::infinity();
    bool nan = false;
    for (int64_t j = 0; j < width; ++j) {
      const double l = -at(c, 0, r * width + j) / temp;
      nan = nan || std::isnan(l);
      m = std::max(m, l);
    }
    double lz = m;
    if (nan) {
      lz = std::numeric_limits<double>::quiet_NaN();
    } else if (std::isfinite(m)) {
      double s = 0.0;
      for (int64_t j = 0; j < width; ++j) s += num::exp64(-at(c, 0, r * width + j) / temp - m);
      lz = m + num::log64(s);
    }
    double v = lz;  // the spec's f64 exp and log (docs/numerics.md), lowered too
    if (red == "sum") v = num::exp64(lz);
    if (red == "mean") v = num::exp64(lz) / double(width);
    store(c, r, v);
  });
}

}  // namespace tessera::interp
