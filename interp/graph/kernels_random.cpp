// uniform, randn, poisson and dropout kernels (docs/ops/graph/random.md). Element i's value is a
// function of (seed, stream, i) alone through num::random_bits, so it is the same for any thread
// count, chunking, schedule or position of the op in the program.
#include <cmath>
#include <cstdint>
#include <limits>

#include <tbb/parallel_for.h>

#include "core/numerics/exp64.h"
#include "core/numerics/philox.h"
#include "core/ops/random_spec.h"
#include "interp/graph/index_read.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

struct Key {
  uint64_t seed, stream;
  uint32_t bits(uint64_t i) const { return num::random_bits(seed, stream, i); }
  /// 24-bit uniform in [0, 1) from word i.
  double u24(uint64_t i) const { return double(bits(i) >> 8) * 0x1p-24; }
  /// 53-bit uniform in [0, 1) from words 2i and 2i + 1.
  double u53(uint64_t i) const {
    const uint64_t a = bits(2 * i) >> 5, b = bits(2 * i + 1) >> 6;
    return double(a * 67108864u + b) * 0x1p-53;
  }
};

/// The key: `seed`, and `stream` plus the optional offset operand `k` (wrapping modulo 2^64).
Key key_of(const KernelCtx& c, size_t k, const char* label) {
  uint64_t offset = 0;
  if (c.in.size() > k)
    with_indices(c, c.input(k), [&](const auto* p) {
      // The offset is non-negative at run time (uniform_c4, randn_c4, poisson_c4, dropout_c5).
      offset = uint64_t(checked_index(c, p, 0, std::numeric_limits<int64_t>::max(), label));
    });
  return Key{static_cast<uint64_t>(c.op.attrs.get_int("seed", 0)),
             static_cast<uint64_t>(c.op.attrs.get_int("stream", 0)) + offset};
}

/// out[i] = f(i) for every element, in parallel.
template <typename T, typename F>
void fill(KernelCtx& c, F f) {
  T* out = c.output().data<T>();
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, c.output().numel(), 4096), [&](auto r) {
    for (int64_t i = r.begin(); i < r.end(); ++i) out[i] = f(uint64_t(i));
  });
}

/// Poisson(lam) by inversion of the CDF, summed in increasing k (see random.md, poisson).
int64_t poisson_inversion(double u, double lam) {
  int64_t k = 0;
  double p = ops::poisson_p0(lam), f = p;
  while (u >= f && p > 0 && k < 4096) {
    ++k;
    p = p * lam / double(k);
    f = f + p;
  }
  return k;
}

}  // namespace

void kernel_Uniform(KernelCtx& c) {
  const Key key = key_of(c, 0, "uniform_c4");
  const double low = c.op.attrs.get_float("low", 0.0), high = c.op.attrs.get_float("high", 1.0);
  dispatch_float(c, c.output().dtype(), [&]<typename T>() {
    const T lo = static_cast<T>(low), width = static_cast<T>(high) - lo;
    const bool wide = sizeof(T) == 8;
    fill<T>(c, [&](uint64_t i) {
      const T u = static_cast<T>(wide ? key.u53(i) : key.u24(i));
      return lo + width * u;
    });
  });
}

void kernel_Randn(KernelCtx& c) {
  const Key key = key_of(c, 0, "randn_c4");
  const double mean = c.op.attrs.get_float("mean", 0.0);
  const double stddev = c.op.attrs.get_float("stddev", 1.0);
  dispatch_float(c, c.output().dtype(), [&]<typename T>() {
    fill<T>(c, [&](uint64_t i) {
      // Box-Muller (cosine branch) in f64: u1 in (0, 1], u2 in [0, 1).
      const double u1 = double((key.bits(2 * i) >> 8) + 1) * 0x1p-24;
      const double u2 = key.u24(2 * i + 1);
      const double z = ops::box_muller(u1, u2);
      return static_cast<T>(mean + stddev * z);
    });
  });
}

void kernel_Poisson(KernelCtx& c) {
  const Key key = key_of(c, 0, "poisson_c4");
  const double lam = c.op.attrs.get_float("lam", 1.0);
  auto run = [&]<typename T>() {
    fill<T>(c, [&](uint64_t i) { return static_cast<T>(poisson_inversion(key.u53(i), lam)); });
  };
  switch (c.output().dtype()) {
    case DType::i32:
      return run.template operator()<int32_t>();
    case DType::i64:
      return run.template operator()<int64_t>();
    default:
      dispatch_float(c, c.output().dtype(), run);
  }
}

void kernel_Dropout(KernelCtx& c) {
  const Key key = key_of(c, 1, "dropout_c5");
  const double p = c.op.attrs.get_float("p", 0.5);
  const bool training = c.op.attrs.get_bool("training", true);
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const T* x = c.input(0).data<T>();
    const T scale = static_cast<T>(1.0 / (1.0 - p));
    fill<T>(c, [&](uint64_t i) {
      if (!training) return x[i];
      return key.u24(i) >= p ? x[i] * scale : T(0);
    });
  });
}

}  // namespace tessera::interp
