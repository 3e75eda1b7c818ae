// The shadow's f64 matrix product: B widened and packed once into column panels, each row block of
// every left operand packed once, register tiles that keep every output element's FMA chain
// separate and in increasing k (so the bits are those of the readable loop).
#include "interp/numerics/shadow_gemm.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#endif

namespace tessera::interp::numerics {

void shadow_gemm_reference(int64_t m, int64_t n, int64_t k, const GemmOperand& a,
                           const GemmOperand& b, double* c) {
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, m, 1), [&](auto r) {
    for (int64_t i = r.begin(); i < r.end(); ++i)
      for (int64_t j = 0; j < n; ++j) {
        double acc = 0.0;
        for (int64_t p = 0; p < k; ++p) acc = std::fma(a.at(i, p), b.at(p, j), acc);
        c[i * n + j] = acc;
      }
  });
}

namespace {

#if defined(__AVX2__) && defined(__FMA__)
/// acc = the chains of a 6 x 8 tile over packed A (6 rows interleaved per k) and packed B (8
/// columns per k): twelve accumulators, two B vectors and a broadcast in AVX2's sixteen registers.
void tile_6x8(int64_t k, const double* pa, const double* pb, double* acc) {
  __m256d c[6][2];
  for (auto& row : c) row[0] = row[1] = _mm256_setzero_pd();
  for (int64_t p = 0; p < k; ++p, pa += 6, pb += 8) {
    const __m256d b0 = _mm256_loadu_pd(pb), b1 = _mm256_loadu_pd(pb + 4);
    for (int ii = 0; ii < 6; ++ii) {
      const __m256d av = _mm256_broadcast_sd(pa + ii);
      c[ii][0] = _mm256_fmadd_pd(av, b0, c[ii][0]);
      c[ii][1] = _mm256_fmadd_pd(av, b1, c[ii][1]);
    }
  }
  for (int ii = 0; ii < 6; ++ii) {
    _mm256_storeu_pd(acc + ii * 8, c[ii][0]);
    _mm256_storeu_pd(acc + ii * 8 + 4, c[ii][1]);
  }
}

/// The same chains as a 12 x 16 tile in AVX-512 (24 accumulators of the 32 registers).
__attribute__((target("avx512f"))) void tile_12x16(int64_t k, const double* pa, const double* pb,
                                                   double* acc) {
  __m512d c[12][2];
  for (auto& row : c) row[0] = row[1] = _mm512_setzero_pd();
  for (int64_t p = 0; p < k; ++p, pa += 12, pb += 16) {
    const __m512d b0 = _mm512_loadu_pd(pb), b1 = _mm512_loadu_pd(pb + 8);
    for (int ii = 0; ii < 12; ++ii) {
      const __m512d av = _mm512_set1_pd(pa[ii]);
      c[ii][0] = _mm512_fmadd_pd(av, b0, c[ii][0]);
      c[ii][1] = _mm512_fmadd_pd(av, b1, c[ii][1]);
    }
  }
  for (int ii = 0; ii < 12; ++ii) {
    _mm512_storeu_pd(acc + ii * 16, c[ii][0]);
    _mm512_storeu_pd(acc + ii * 16 + 8, c[ii][1]);
  }
}
#endif

using TileFn = void (*)(int64_t, const double*, const double*, double*);

/// Rows [r0, r0 + rows) x columns [c0, c0 + cols) of `g` into dst[c * ld + r] (widened), with
/// the padding rows r in [rows, ld) zero.
template <typename T>
void pack_block(const T* src, int64_t rs, int64_t cs, int64_t rows, int64_t cols, int64_t ld,
                double* dst) {
  for (int64_t c = 0; c < cols; ++c) {
    double* d = dst + c * ld;
    for (int64_t r = 0; r < rows; ++r) d[r] = static_cast<double>(src[r * rs + c * cs]);
    for (int64_t r = rows; r < ld; ++r) d[r] = 0.0;
  }
}

void pack(const GemmOperand& g, int64_t rows, int64_t cols, int64_t ld, double* dst) {
  if (g.f)
    pack_block(g.f, g.rs, g.cs, rows, cols, ld, dst);
  else
    pack_block(g.d, g.rs, g.cs, rows, cols, ld, dst);
}

/// An operand with its origin moved to element (r, c).
GemmOperand at(const GemmOperand& g, int64_t r, int64_t c) {
  GemmOperand o = g;
  const int64_t off = r * g.rs + c * g.cs;
  if (o.f) o.f += off;
  if (o.d) o.d += off;
  return o;
}

/// The packed form: B in panels of `nr` columns ([panel][p][nr], zero padding), each row block of
/// `mr` rows of A as [p][mr] (zero padding). Padding rows and columns are computed and dropped;
/// every stored element is its own chain over p = 0..k-1. Tasks are (row block, group of
/// panels) pairs, so that two threads share out small products evenly.
void packed_gemm(TileFn tile, int64_t mr, int64_t nr, int64_t m, int64_t n, int64_t k,
                 std::span<const GemmOperand> as, const GemmOperand& b, std::span<double* const> cs,
                 std::vector<double>& scratch) {
  const int64_t panels = (n + nr - 1) / nr, row_blocks = (m + mr - 1) / mr;
  const int64_t nt = static_cast<int64_t>(as.size());
  // scratch: B's panels, then every row block of every left operand ([block][t][p][mr]).
  const int64_t b_size = panels * k * nr, a_block = k * mr;
  const size_t need = static_cast<size_t>(b_size + row_blocks * nt * a_block);
  if (scratch.size() < need) scratch.resize(need);
  double* pb = scratch.data();
  double* pa = pb + b_size;
  // Panel s holds B's columns [s*nr, s*nr + nr) as [p][nr]: B^T's rows packed with ld = nr.
  const GemmOperand bt{b.f, b.d, b.cs, b.rs};
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, panels + row_blocks * nt, 1), [&](auto r) {
    for (int64_t s = r.begin(); s < r.end(); ++s) {
      if (s < panels) {
        pack(at(bt, s * nr, 0), std::min(nr, n - s * nr), k, nr, pb + s * k * nr);
        continue;
      }
      const int64_t ib = (s - panels) / nt, t = (s - panels) % nt, i0 = ib * mr;
      pack(at(as[static_cast<size_t>(t)], i0, 0), std::min(mr, m - i0), k, mr,
           pa + (ib * nt + t) * a_block);
    }
  });
  constexpr int64_t kGroup = 8;  // panels per task
  const int64_t groups = (panels + kGroup - 1) / kGroup;
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, row_blocks * groups, 1), [&](auto r) {
    alignas(64) double acc[12 * 16];
    for (int64_t task = r.begin(); task < r.end(); ++task) {
      const int64_t ib = task / groups, g = task % groups;
      const int64_t i0 = ib * mr, rows = std::min(mr, m - i0);
      for (int64_t s = g * kGroup; s < std::min(panels, g * kGroup + kGroup); ++s) {
        const int64_t j0 = s * nr, cols = std::min(nr, n - j0);
        for (int64_t t = 0; t < nt; ++t) {  // each B panel serves every left operand in turn
          tile(k, pa + (ib * nt + t) * a_block, pb + s * k * nr, acc);
          for (int64_t ii = 0; ii < rows; ++ii)
            std::copy(acc + ii * nr, acc + ii * nr + cols,
                      cs[static_cast<size_t>(t)] + (i0 + ii) * n + j0);
        }
      }
    }
  });
}

}  // namespace

void shadow_gemm(Isa isa, int64_t m, int64_t n, int64_t k, std::span<const GemmOperand> as,
                 const GemmOperand& b, std::span<double* const> cs, std::vector<double>& scratch) {
  if (m <= 0 || n <= 0) return;
#if defined(__AVX2__) && defined(__FMA__)
  if (k > 0 && isa == Isa::kAvx512)
    return packed_gemm(tile_12x16, 12, 16, m, n, k, as, b, cs, scratch);
  if (k > 0 && isa == Isa::kAvx2) return packed_gemm(tile_6x8, 6, 8, m, n, k, as, b, cs, scratch);
#else
  (void)scratch;
  (void)isa;
#endif
  for (size_t t = 0; t < as.size(); ++t) shadow_gemm_reference(m, n, k, as[t], b, cs[t]);
}

}  // namespace tessera::interp::numerics
