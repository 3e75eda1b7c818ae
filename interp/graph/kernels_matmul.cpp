// tessera.matmul kernel: exact input decoding, the accumulation policy, one rounding at storage.
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include <tbb/parallel_for.h>

#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#endif

#include "core/numerics/convert_array.h"
#include "core/ops/contractions.h"
#include "core/ops/policy.h"
#include "interp/graph/broadcast.h"
#include "interp/graph/isa.h"
#include "interp/graph/kernel.h"
#include "interp/graph/matmul_microkernel.h"

namespace tessera::interp {
namespace {

/// The values of a tensor decoded exactly into T (float or double); no copy when already T.
template <typename T>
const T* decode(const Tensor& t, std::vector<T>& store) {
  constexpr DType kT = sizeof(T) == 4 ? DType::f32 : DType::f64;
  if (t.dtype() == kT || (kT == DType::f32 && t.dtype() == DType::tf32)) return t.data<T>();
  store.resize(static_cast<size_t>(t.numel()));
  const int bits = dtype_bits(t.dtype());
  if (kT == DType::f32 && (bits == 8 || bits == 16)) {
    // Decode through a table of every code, itself built by the numerics library.
    const size_t codes = size_t(1) << bits;
    std::vector<T> table(codes);
    std::vector<uint16_t> all(codes);
    for (size_t c = 0; c < codes; ++c) all[c] = static_cast<uint16_t>(c);
    std::vector<uint8_t> all8(all.begin(), all.end());
    const void* src = bits == 8 ? static_cast<const void*>(all8.data()) : all.data();
    num::convert_array(t.dtype(), src, kT, table.data(), codes, {});
    tbb::parallel_for(tbb::blocked_range<size_t>(0, store.size(), 65536), [&](auto r) {
      for (size_t i = r.begin(); i < r.end(); ++i)
        store[i] = bits == 8 ? table[t.data<uint8_t>()[i]] : table[t.data<uint16_t>()[i]];
    });
    return store.data();
  }
  num::convert_array(t.dtype(), t.bytes(), kT, store.data(), store.size(), {});
  return store.data();
}

/// Shapes of one batched product: batch shapes of both inputs and the output, and m, n, k.
struct Dims {
  std::vector<int64_t> batch_a, batch_b, batch_out;
  int64_t m = 0, n = 0, k = 0, batches = 1;
  bool ta = false, tb = false;
};

Dims dims_of(const KernelCtx& ctx) {
  Dims d;
  const auto& sa = ctx.input(0).shape();
  const auto& sb = ctx.input(1).shape();
  const auto& so = ctx.output().shape();
  d.ta = ctx.op.attrs.get_bool("transpose_a", false);
  d.tb = ctx.op.attrs.get_bool("transpose_b", false);
  d.batch_a.assign(sa.begin(), sa.end() - 2);
  d.batch_b.assign(sb.begin(), sb.end() - 2);
  d.batch_out.assign(so.begin(), so.end() - 2);
  d.m = so[so.size() - 2];
  d.n = so[so.size() - 1];
  d.k = d.ta ? sa[sa.size() - 2] : sa[sa.size() - 1];
  for (int64_t x : d.batch_out) d.batches *= x;
  return d;
}

/// A's batch slice as a logical [m, k] view and B's as [k, n], honouring the transposes.
template <typename T>
struct Views {
  const T *a, *b;
  int64_t ars, acs, brs, bcs;
};

template <typename T>
Views<T> views(const Dims& d, const T* a, const T* b) {
  Views<T> v{a, b, d.k, 1, d.n, 1};
  if (d.ta) v.ars = 1, v.acs = d.m;
  if (d.tb) v.brs = 1, v.bcs = d.k;
  return v;
}

/// acc[ii][jj] = sequential FMA chain over p of a[ii, p] * b[p, jj] (6 x 8 block: twelve
/// accumulator registers, two for B and one broadcast fit the sixteen of AVX2).
void block_6x8(int64_t k, const double* a, int64_t ars, int64_t acs, const double* b, int64_t ldb,
               double (&acc)[6][8]) {
#if defined(__AVX2__) && defined(__FMA__)
  __m256d c[6][2];
  for (auto& row : c) row[0] = row[1] = _mm256_setzero_pd();
  for (int64_t p = 0; p < k; ++p) {
    const double* brow = b + p * ldb;
    const __m256d b0 = _mm256_loadu_pd(brow), b1 = _mm256_loadu_pd(brow + 4);
    const double* ap = a + p * acs;
    for (int ii = 0; ii < 6; ++ii) {
      const __m256d av = _mm256_broadcast_sd(ap + ii * ars);
      c[ii][0] = _mm256_fmadd_pd(av, b0, c[ii][0]);
      c[ii][1] = _mm256_fmadd_pd(av, b1, c[ii][1]);
    }
  }
  for (int ii = 0; ii < 6; ++ii) {
    _mm256_storeu_pd(&acc[ii][0], c[ii][0]);
    _mm256_storeu_pd(&acc[ii][4], c[ii][1]);
  }
#else
  for (int64_t p = 0; p < k; ++p)
    for (int ii = 0; ii < 6; ++ii) {
      const double av = a[ii * ars + p * acs];
      for (int jj = 0; jj < 8; ++jj) acc[ii][jj] = std::fma(av, b[p * ldb + jj], acc[ii][jj]);
    }
#endif
}

#if defined(__AVX2__) && defined(__FMA__)  // x86-64-v3 builds: <immintrin.h> is included
/// The AVX-512 form of the same chains: a 12 x 16 tile (24 accumulators) over a packed panel of A
/// (12 rows interleaved per k) and of B (16 columns contiguous per k); padding rows and columns
/// are zero and never stored, so every stored element is the same chain as block_6x8's.
__attribute__((target("avx512f"))) void tile_12x16(int64_t k, const double* pa, const double* pb,
                                                   double (&acc)[12][16]) {
  __m512d c[12][2];
  for (auto& row : c) row[0] = row[1] = _mm512_setzero_pd();
  for (int64_t p = 0; p < k; ++p) {
    const __m512d b0 = _mm512_loadu_pd(pb), b1 = _mm512_loadu_pd(pb + 8);
    for (int ii = 0; ii < 12; ++ii) {
      const __m512d av = _mm512_set1_pd(pa[ii]);
      c[ii][0] = _mm512_fmadd_pd(av, b0, c[ii][0]);
      c[ii][1] = _mm512_fmadd_pd(av, b1, c[ii][1]);
    }
    pa += 12;
    pb += 16;
  }
  for (int ii = 0; ii < 12; ++ii) {
    _mm512_storeu_pd(&acc[ii][0], c[ii][0]);
    _mm512_storeu_pd(&acc[ii][8], c[ii][1]);
  }
}

/// matmul_f64 on AVX-512: B packed once into 16-column panels, each row block's A packed once.
template <typename V>
void matmul_f64_avx512(const Dims& d, const V& v, double* c) {
  constexpr int64_t kR = 12, kC = 16;
  const int64_t panels = (d.n + kC - 1) / kC, row_blocks = (d.m + kR - 1) / kR;
  // Uninitialised: every element is written below (the padding columns with zeros). Each task
  // reads whole rows of B (sequential) and writes them into every panel.
  const std::unique_ptr<double[]> pb(new double[static_cast<size_t>(panels * d.k * kC)]);
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, d.k, 16), [&](auto r) {
    for (int64_t p = r.begin(); p < r.end(); ++p)
      for (int64_t s = 0; s < panels; ++s) {
        double* dst = pb.get() + (s * d.k + p) * kC;
        const int64_t j0 = s * kC, cols = std::min(kC, d.n - j0);
        for (int64_t jj = 0; jj < cols; ++jj) dst[jj] = v.b[p * v.brs + (j0 + jj) * v.bcs];
        std::fill(dst + cols, dst + kC, 0.0);
      }
  });
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, row_blocks, 1), [&](auto r) {
    std::vector<double> pa(static_cast<size_t>(d.k * kR));
    for (int64_t ib = r.begin(); ib < r.end(); ++ib) {
      const int64_t i0 = ib * kR, rows = std::min(kR, d.m - i0);
      std::fill(pa.begin(), pa.end(), 0.0);
      for (int64_t p = 0; p < d.k; ++p)
        for (int64_t ii = 0; ii < rows; ++ii) pa[p * kR + ii] = v.a[(i0 + ii) * v.ars + p * v.acs];
      for (int64_t s = 0; s < panels; ++s) {
        const int64_t j0 = s * kC, cols = std::min(kC, d.n - j0);
        alignas(64) double acc[kR][kC];
        tile_12x16(d.k, pa.data(), pb.get() + s * d.k * kC, acc);
        for (int64_t ii = 0; ii < rows; ++ii)
          std::copy(acc[ii], acc[ii] + cols, c + (i0 + ii) * d.n + j0);
      }
    }
  });
}

#endif

/// f64 accumulation (shadow runs of --shadow f64 make it a hot path): every output element is
/// the sequential FMA chain over k in increasing order from 0, as in the readable loop
///   for i, j: acc = 0; for p: acc = fma(a[i,p], b[p,j], acc)
/// computed for a block of 6 rows x 8 columns at once (the chains stay separate, so the bits
/// are those of the readable loop), B packed row-major when it is not.
void matmul_f64(const Dims& d, const double* a, const double* b, double* c) {
  auto v = views(d, a, b);
  const Isa isa = active_isa();
#if defined(__AVX2__) && defined(__FMA__)
  if (isa == Isa::kAvx512 && d.k > 0) return matmul_f64_avx512(d, v, c);
#endif
  if (isa == Isa::kScalar) {  // the readable loop itself
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, d.m, 1), [&](auto r) {
      for (int64_t i = r.begin(); i < r.end(); ++i)
        for (int64_t j = 0; j < d.n; ++j) {
          double acc = 0.0;
          for (int64_t p = 0; p < d.k; ++p)
            acc = std::fma(v.a[i * v.ars + p * v.acs], v.b[p * v.brs + j * v.bcs], acc);
          c[i * d.n + j] = acc;
        }
    });
    return;
  }
  std::vector<double> packed;
  const double* bp = v.b;
  if (v.bcs != 1 || v.brs != d.n) {
    packed.resize(static_cast<size_t>(d.k * d.n));
    for (int64_t p = 0; p < d.k; ++p)
      for (int64_t j = 0; j < d.n; ++j) packed[p * d.n + j] = v.b[p * v.brs + j * v.bcs];
    bp = packed.data();
  }
  constexpr int64_t kR = 6, kC = 8;
  const int64_t row_blocks = (d.m + kR - 1) / kR;
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, row_blocks, 1), [&](auto r) {
    for (int64_t ib = r.begin(); ib < r.end(); ++ib) {
      const int64_t i0 = ib * kR, rows = std::min(kR, d.m - i0);
      for (int64_t j0 = 0; j0 < d.n; j0 += kC) {
        const int64_t cols = std::min(kC, d.n - j0);
        double acc[kR][kC] = {};
        if (rows == kR && cols == kC) {
          block_6x8(d.k, v.a + i0 * v.ars, v.ars, v.acs, bp + j0, d.n, acc);
        } else {
          for (int64_t p = 0; p < d.k; ++p) {
            const double* brow = bp + p * d.n + j0;
            for (int64_t ii = 0; ii < rows; ++ii) {
              const double av = v.a[(i0 + ii) * v.ars + p * v.acs];
              for (int64_t jj = 0; jj < cols; ++jj)
                acc[ii][jj] = std::fma(av, brow[jj], acc[ii][jj]);
            }
          }
        }
        for (int64_t ii = 0; ii < rows; ++ii)
          for (int64_t jj = 0; jj < cols; ++jj) c[(i0 + ii) * d.n + j0 + jj] = acc[ii][jj];
      }
    }
  });
}

/// Any other model (pairwise, tensor core, f16/bf16 accumulators) through num::accumulate over
/// a contiguous row of A and column of B.
void matmul_model(const Dims& d, const num::AccumModel& model, const float* a, const float* b,
                  float* c) {
  auto v = views(d, a, b);
  std::vector<float> bt(static_cast<size_t>(d.n * d.k));
  for (int64_t j = 0; j < d.n; ++j)
    for (int64_t p = 0; p < d.k; ++p) bt[j * d.k + p] = v.b[p * v.brs + j * v.bcs];
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, d.m, 1), [&](auto r) {
    std::vector<float> row(static_cast<size_t>(d.k));
    for (int64_t i = r.begin(); i < r.end(); ++i) {
      for (int64_t p = 0; p < d.k; ++p) row[p] = v.a[i * v.ars + p * v.acs];
      for (int64_t j = 0; j < d.n; ++j)
        c[i * d.n + j] =
            num::accumulate(model, row.data(), bt.data() + j * d.k, static_cast<int>(d.k), 0.0f);
    }
  });
}

/// Runs every batch with `one(a_slice, b_slice, c_slice)` (T is the accumulator's C type).
template <typename T, typename F>
void for_each_batch(const Dims& d, const T* a, const T* b, T* c, F one) {
  BroadcastIndexer ia(d.batch_a, d.batch_out), ib(d.batch_b, d.batch_out);
  for (int64_t bi = 0; bi < d.batches; ++bi)
    one(a + ia.map(bi) * d.m * d.k, b + ib.map(bi) * d.k * d.n, c + bi * d.m * d.n);
}

}  // namespace

void kernel_Matmul(KernelCtx& ctx) {
  const Tensor& ta = ctx.input(0);
  const Tensor& tb = ctx.input(1);
  Tensor& out = ctx.output();
  const Dims d = dims_of(ctx);
  if (d.k > INT32_MAX) ctx.fail("contraction dim is too large");
  ops::NumericPolicy pol = ops::read_policy(ctx.op);
  pol.convert.stream = ctx.step;
  const DType acc = ops::matmul_accum_type(ctx.op, ta.dtype(), tb.dtype());
  auto model = ops::accum_model_by_name(pol.accum_model, acc, ta.dtype());
  if (!model) ctx.fail("unknown accum_model \"" + pol.accum_model + "\"");
  const size_t n_out = static_cast<size_t>(out.numel());
  if (acc == DType::f64) {
    std::vector<double> sa, sb, sc;
    const double* a = decode<double>(ta, sa);
    const double* b = decode<double>(tb, sb);
    double* c = out.dtype() == DType::f64 ? out.data<double>() : (sc.resize(n_out), sc.data());
    for_each_batch<double>(
        d, a, b, c, [&](const double* x, const double* y, double* z) { matmul_f64(d, x, y, z); });
    if (c != out.data<double>())
      num::convert_array(DType::f64, c, out.dtype(), out.bytes(), n_out, pol.convert);
    return;
  }
  std::vector<float> sa, sb, sc;
  const float* a = decode<float>(ta, sa);
  const float* b = decode<float>(tb, sb);
  const bool direct = out.dtype() == DType::f32 || out.dtype() == DType::tf32;
  float* c = direct ? out.data<float>() : (sc.resize(n_out), sc.data());
  const bool fast = model->kind == num::AccumKind::kSequential && acc == DType::f32;
  for_each_batch<float>(d, a, b, c, [&](const float* x, const float* y, float* z) {
    if (fast) {
      auto v = views(d, x, y);
      sgemm_fast(d.m, d.n, d.k, {v.a, v.ars, v.acs}, {v.b, v.brs, v.bcs}, z, d.n);
    } else {
      matmul_model(d, *model, x, y, z);
    }
  });
  if (!direct) num::convert_array(DType::f32, c, out.dtype(), out.bytes(), n_out, pol.convert);
}

}  // namespace tessera::interp
