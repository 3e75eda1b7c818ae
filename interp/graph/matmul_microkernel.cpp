// The fast f32 matmul path: GotoBLAS-style packing and FMA register tiles (AVX2 6x16, AVX-512
// 12x32).
#include "interp/graph/matmul_microkernel.h"

#include "interp/graph/isa.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

#include <immintrin.h>
#include <tbb/blocked_range2d.h>
#include <tbb/parallel_for.h>

namespace tessera::interp {
namespace {

constexpr int64_t kMaxMr = 12;  // largest register tile: 12 x 32 (AVX-512)
constexpr int64_t kMaxNr = 32;
constexpr int64_t kKc = 256;   // k per packed panel: C is stored and reloaded between panels,
                               // which keeps each element's FMA chain intact (f32 stores are exact)
constexpr int64_t kMc = 96;    // rows per task (a multiple of every tile's rows)
constexpr int64_t kNc = 2048;  // columns per packed B panel
constexpr int64_t kNb =
    256;  // columns per task inside a panel (a multiple of every tile's columns)

struct AlignedFree {
  void operator()(float* p) const { std::free(p); }
};
using Buffer = std::unique_ptr<float[], AlignedFree>;

Buffer alloc_floats(int64_t n) {
  size_t bytes = (static_cast<size_t>(n) * sizeof(float) + 63) / 64 * 64;
  return Buffer(static_cast<float*>(std::aligned_alloc(64, bytes == 0 ? 64 : bytes)));
}

/// Writes the 8 x 8 block r[0..7][p0 .. p0 + 7] transposed: column p's eight values (one per
/// row) at out[p * ld .. + 7].
inline void transpose_8x8(const float* const* r, int64_t p0, float* out, int64_t ld) {
  __m256 v[8], t[8];
  for (int i = 0; i < 8; ++i) v[i] = _mm256_loadu_ps(r[i] + p0);
  for (int i = 0; i < 8; i += 2) {
    t[i] = _mm256_unpacklo_ps(v[i], v[i + 1]);
    t[i + 1] = _mm256_unpackhi_ps(v[i], v[i + 1]);
  }
  for (int i = 0; i < 8; i += 4) {  // quads of rows i..i+3: columns 0,1 / 2,3 (per 128-bit lane)
    v[i] = _mm256_shuffle_ps(t[i], t[i + 2], 0x44);
    v[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
    v[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
    v[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
  }
  for (int q = 0; q < 4; ++q) {  // v[q] (rows 0-3) and v[q + 4] (rows 4-7): columns q and q + 4
    _mm256_storeu_ps(out + (p0 + q) * ld, _mm256_permute2f128_ps(v[q], v[q + 4], 0x20));
    _mm256_storeu_ps(out + (p0 + q + 4) * ld, _mm256_permute2f128_ps(v[q], v[q + 4], 0x31));
  }
}

/// Packs B[k0 : k0 + kc, j0 : j0 + nc] as strips of kNr columns, each kc rows of kNr floats
/// (zero padded past n).
void pack_b(MatView b, int64_t k0, int64_t kc, int64_t j0, int64_t nc, float* out, int64_t kNr) {
  for (int64_t js = 0; js < nc; js += kNr) {
    float* strip = out + js * kc;
    const int64_t w = std::min(kNr, nc - js);
    if (b.rs == 1 && b.cs != 1) {  // B^T row-major: read its rows forwards, write with stride kNr
      int64_t q = 0;
      for (; q + 8 <= w; q += 8) {  // 8 rows of B^T at a time through register transposes
        const float* rows[8];
        for (int r = 0; r < 8; ++r) rows[r] = b.data + (j0 + js + q + r) * b.cs + k0;
        int64_t p = 0;
        for (; p + 8 <= kc; p += 8) transpose_8x8(rows, p, strip + q, kNr);
        for (; p < kc; ++p)
          for (int r = 0; r < 8; ++r) strip[p * kNr + q + r] = rows[r][p];
      }
      for (; q < w; ++q) {
        const float* src = b.data + (j0 + js + q) * b.cs + k0;
        for (int64_t p = 0; p < kc; ++p) strip[p * kNr + q] = src[p];
      }
      for (int64_t p = 0; p < kc; ++p)
        for (int64_t q = w; q < kNr; ++q) strip[p * kNr + q] = 0.0f;
      continue;
    }
    for (int64_t p = 0; p < kc; ++p) {
      float* row = strip + p * kNr;
      int64_t q = 0;
      if (b.cs == 1) {
        const float* src = b.data + (k0 + p) * b.rs + j0 + js;
        if (w == 32 && kNr == 32) {  // full strips: fixed-size copies the compiler inlines
          for (int e = 0; e < 32; ++e) row[e] = src[e];
        } else if (w == 16 && kNr == 16) {
          for (int e = 0; e < 16; ++e) row[e] = src[e];
        } else {
          std::memcpy(row, src, static_cast<size_t>(w) * 4);
        }
        q = w;
      }
      for (; q < w; ++q) row[q] = b.at(k0 + p, j0 + js + q);
      for (; q < kNr; ++q) row[q] = 0.0f;
    }
  }
}

/// Writes columns p0 .. p0 + 7 of four rows (r[0..3], each read from column p0) into a packed
/// strip: column p's four values at out[p * kMr .. + 3] (out points at row r[0]'s slot).
inline void transpose_4x8(const float* const* r, int64_t p0, float* out, int64_t kMr) {
  const __m256 r0 = _mm256_loadu_ps(r[0] + p0), r1 = _mm256_loadu_ps(r[1] + p0);
  const __m256 r2 = _mm256_loadu_ps(r[2] + p0), r3 = _mm256_loadu_ps(r[3] + p0);
  const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
  const __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
  const __m256 u[4] = {_mm256_shuffle_ps(t0, t2, 0x44), _mm256_shuffle_ps(t0, t2, 0xEE),
                       _mm256_shuffle_ps(t1, t3, 0x44), _mm256_shuffle_ps(t1, t3, 0xEE)};
  for (int q = 0; q < 4; ++q) {  // u[q] holds columns q (low half) and q + 4 (high half)
    _mm_storeu_ps(out + (p0 + q) * kMr, _mm256_castps256_ps128(u[q]));
    _mm_storeu_ps(out + (p0 + q + 4) * kMr, _mm256_extractf128_ps(u[q], 1));
  }
}

/// The same for two rows: column p's two values at out[p * kMr .. + 1].
inline void transpose_2x8(const float* const* r, int64_t p0, float* out, int64_t kMr) {
  const __m256 r0 = _mm256_loadu_ps(r[0] + p0), r1 = _mm256_loadu_ps(r[1] + p0);
  const __m256 t[2] = {_mm256_unpacklo_ps(r0, r1), _mm256_unpackhi_ps(r0, r1)};
  for (int h = 0; h < 2; ++h) {  // t[h]: columns 2h, 2h + 1 (low half), 2h + 4, 2h + 5 (high)
    const __m128 lo = _mm256_castps256_ps128(t[h]), hi = _mm256_extractf128_ps(t[h], 1);
    _mm_storel_pi(reinterpret_cast<__m64*>(out + (p0 + 2 * h) * kMr), lo);
    _mm_storeh_pi(reinterpret_cast<__m64*>(out + (p0 + 2 * h + 1) * kMr), lo);
    _mm_storel_pi(reinterpret_cast<__m64*>(out + (p0 + 2 * h + 4) * kMr), hi);
    _mm_storeh_pi(reinterpret_cast<__m64*>(out + (p0 + 2 * h + 5) * kMr), hi);
  }
}

/// Packs A[i0 : i0 + mc, k0 : k0 + kc] as strips of kMr rows: for each k, kMr values (zero
/// padded past mc). A full strip of a row-major A goes 8 columns at a time through register
/// transposes (packing moves values, so the bits do not depend on how).
void pack_a(MatView a, int64_t i0, int64_t mc, int64_t k0, int64_t kc, float* out, int64_t kMr) {
  for (int64_t is = 0; is < mc; is += kMr) {
    float* strip = out + is * kc;
    const int64_t h = std::min(kMr, mc - is);
    if (a.cs == 1 && h == kMr && kMr % 2 == 0 && kMr <= kMaxMr) {
      const float* rows[kMaxMr];
      for (int64_t r = 0; r < h; ++r) rows[r] = a.data + (i0 + is + r) * a.rs + k0;
      int64_t p = 0;
      for (; p + 8 <= kc; p += 8) {
        int64_t r = 0;
        for (; r + 4 <= h; r += 4) transpose_4x8(rows + r, p, strip + r, kMr);
        for (; r < h; r += 2) transpose_2x8(rows + r, p, strip + r, kMr);
      }
      for (; p < kc; ++p)
        for (int64_t r = 0; r < h; ++r) strip[p * kMr + r] = rows[r][p];
      continue;
    }
    if (a.cs == 1) {  // row-major A: read each row forwards, write the strip with stride kMr
      for (int64_t r = 0; r < h; ++r) {
        const float* src = a.data + (i0 + is + r) * a.rs + k0;
        for (int64_t p = 0; p < kc; ++p) strip[p * kMr + r] = src[p];
      }
      for (int64_t p = 0; p < kc; ++p)
        for (int64_t r = h; r < kMr; ++r) strip[p * kMr + r] = 0.0f;
      continue;
    }
    if (a.rs == 1) {  // A^T row-major (x^T @ g, a weight gradient): each k is h contiguous rows
      for (int64_t p = 0; p < kc; ++p) {
        float* col = strip + p * kMr;
        std::memcpy(col, a.data + (k0 + p) * a.cs + i0 + is, static_cast<size_t>(h) * 4);
        std::fill(col + h, col + kMr, 0.0f);
      }
      continue;
    }
    for (int64_t p = 0; p < kc; ++p) {
      float* col = strip + p * kMr;
      int64_t r = 0;
      for (; r < h; ++r) col[r] = a.at(i0 + is + r, k0 + p);
      for (; r < kMr; ++r) col[r] = 0.0f;
    }
  }
}

/// c[6 x 16] (leading dim ldc) continues its FMA chains over kc packed k steps; `first` starts
/// them from +0 instead of loading c.
void tile_6x16(int64_t kc, const float* pa, const float* pb, float* c, int64_t ldc, bool first) {
  constexpr int kMr = 6, kNr = 16;
  __m256 acc[kMr][2];
  for (int r = 0; r < kMr; ++r) {
    if (first) {
      acc[r][0] = _mm256_setzero_ps();
      acc[r][1] = _mm256_setzero_ps();
    } else {
      acc[r][0] = _mm256_loadu_ps(c + r * ldc);
      acc[r][1] = _mm256_loadu_ps(c + r * ldc + 8);
    }
  }
  for (int64_t p = 0; p < kc; ++p) {
    const __m256 b0 = _mm256_load_ps(pb);
    const __m256 b1 = _mm256_load_ps(pb + 8);
    for (int r = 0; r < kMr; ++r) {
      const __m256 av = _mm256_broadcast_ss(pa + r);
      acc[r][0] = _mm256_fmadd_ps(av, b0, acc[r][0]);
      acc[r][1] = _mm256_fmadd_ps(av, b1, acc[r][1]);
    }
    pa += kMr;
    pb += kNr;
  }
  for (int r = 0; r < kMr; ++r) {
    _mm256_storeu_ps(c + r * ldc, acc[r][0]);
    _mm256_storeu_ps(c + r * ldc + 8, acc[r][1]);
  }
}

/// The AVX-512 register tile: c[12 x 32] continues its FMA chains, exactly like tile_6x16 (an
/// FMA is one rounding whatever the vector width, so both tiles give the same bits).
__attribute__((target("avx512f"))) void tile_12x32(int64_t kc, const float* pa, const float* pb,
                                                   float* c, int64_t ldc, bool first) {
  constexpr int kMr = 12, kNr = 32;
  __m512 acc[kMr][2];
  for (int r = 0; r < kMr; ++r) {
    if (first) {
      acc[r][0] = _mm512_setzero_ps();
      acc[r][1] = _mm512_setzero_ps();
    } else {
      acc[r][0] = _mm512_loadu_ps(c + r * ldc);
      acc[r][1] = _mm512_loadu_ps(c + r * ldc + 16);
    }
  }
  for (int64_t p = 0; p < kc; ++p) {
    const __m512 b0 = _mm512_load_ps(pb);
    const __m512 b1 = _mm512_load_ps(pb + 16);
    for (int r = 0; r < kMr; ++r) {
      const __m512 av = _mm512_set1_ps(pa[r]);
      acc[r][0] = _mm512_fmadd_ps(av, b0, acc[r][0]);
      acc[r][1] = _mm512_fmadd_ps(av, b1, acc[r][1]);
    }
    pa += kMr;
    pb += kNr;
  }
  for (int r = 0; r < kMr; ++r) {
    _mm512_storeu_ps(c + r * ldc, acc[r][0]);
    _mm512_storeu_ps(c + r * ldc + 16, acc[r][1]);
  }
}

/// A register tile kernel and its shape.
struct TileKernel {
  int64_t mr, nr;
  void (*run)(int64_t kc, const float* pa, const float* pb, float* c, int64_t ldc, bool first);
};

/// One edge tile (h < mr rows or w < nr columns) through a scratch tile.
void edge_tile(const TileKernel& t, int64_t kc, const float* pa, const float* pb, float* c,
               int64_t ldc, bool first, int64_t h, int64_t w) {
  alignas(64) float tmp[kMaxMr * kMaxNr] = {};
  if (!first)
    for (int64_t r = 0; r < h; ++r) std::memcpy(tmp + r * t.nr, c + r * ldc, w * 4);
  t.run(kc, pa, pb, tmp, t.nr, first);
  for (int64_t r = 0; r < h; ++r) std::memcpy(c + r * ldc, tmp + r * t.nr, w * 4);
}

TileKernel pick_kernel(GemmIsa isa) {
  if (isa == GemmIsa::kAvx512) return {12, 32, &tile_12x32};
  return {6, 16, &tile_6x16};
}

/// kAuto as the process runs it: AVX-512 tiles under the avx512 ISA, else AVX2 ones.
GemmIsa resolve(GemmIsa isa) {
  if (isa != GemmIsa::kAuto) return isa;
  return active_isa() == Isa::kAvx512 ? GemmIsa::kAvx512 : GemmIsa::kAvx2;
}

}  // namespace

bool gemm_isa_available(GemmIsa isa) {
  return isa != GemmIsa::kAvx512 || __builtin_cpu_supports("avx512f");
}

void sgemm_fast(int64_t m, int64_t n, int64_t k, MatView a, MatView b, float* c, int64_t ldc,
                GemmIsa isa) {
  if (m == 0 || n == 0) return;
  if (isa == GemmIsa::kAuto) {
    const Isa process_isa = active_isa();  // TESSERA_ISA or the CPU's best
    if (process_isa == Isa::kScalar) return sgemm_reference(m, n, k, a, b, c, ldc);
    isa = resolve(isa);
  }
  const TileKernel t = pick_kernel(isa);
  const int64_t kMr = t.mr, kNr = t.nr;
  if (k == 0) {
    for (int64_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, 0.0f);
    return;
  }
  const int64_t nc_max = std::min(kNc, (n + kNr - 1) / kNr * kNr);
  Buffer bpack = alloc_floats(kKc * nc_max);
  for (int64_t j0 = 0; j0 < n; j0 += kNc) {
    const int64_t nc = std::min(kNc, n - j0);
    const int64_t nc_pad = (nc + kNr - 1) / kNr * kNr;
    for (int64_t k0 = 0; k0 < k; k0 += kKc) {  // sequential: the chains run in increasing k
      const int64_t kc = std::min(kKc, k - k0);
      const bool first = k0 == 0;
      tbb::parallel_for(tbb::blocked_range<int64_t>(0, nc_pad / kNr, 4), [&](auto r) {
        for (int64_t s = r.begin(); s < r.end(); ++s)
          pack_b(b, k0, kc, j0 + s * kNr, std::min(kNr, nc - s * kNr), bpack.get() + s * kNr * kc,
                 kNr);
      });
      const int64_t mtasks = (m + kMc - 1) / kMc, ntasks = (nc + kNb - 1) / kNb;
      // A task packs its rows of A once for all its columns: with rows enough for every worker,
      // columns are not split (each split would pack the same rows of A again).
      const int64_t col_grain = mtasks >= 8 ? ntasks : 1;
      tbb::parallel_for(tbb::blocked_range2d<int64_t>(0, mtasks, 1, 0, ntasks, col_grain),
                        [&](auto r) {
                          Buffer apack = alloc_floats(kMc * kKc);
                          for (int64_t ti = r.rows().begin(); ti < r.rows().end(); ++ti) {
                            const int64_t i0 = ti * kMc, mc = std::min(kMc, m - i0);
                            pack_a(a, i0, mc, k0, kc, apack.get(), kMr);
                            for (int64_t tj = r.cols().begin(); tj < r.cols().end(); ++tj) {
                              const int64_t jb = tj * kNb, jend = std::min(nc, jb + kNb);
                              for (int64_t js = jb; js < jend; js += kNr) {
                                const int64_t w = std::min(kNr, nc - js);
                                const float* pb = bpack.get() + js * kc;
                                for (int64_t is = 0; is < mc; is += kMr) {
                                  const int64_t h = std::min(kMr, mc - is);
                                  float* ct = c + (i0 + is) * ldc + j0 + js;
                                  const float* pa = apack.get() + is * kc;
                                  if (h == kMr && w == kNr)
                                    t.run(kc, pa, pb, ct, ldc, first);
                                  else
                                    edge_tile(t, kc, pa, pb, ct, ldc, first, h, w);
                                }
                              }
                            }
                          }
                        });
    }
  }
}

void PackedB::Free::operator()(float* p) const { std::free(p); }

PackedB::PackedB(int64_t k, int64_t n, MatView b, GemmIsa isa) : k_(k), n_(n), isa_(resolve(isa)) {
  const TileKernel t = pick_kernel(isa_);
  n_pad_ = (n + t.nr - 1) / t.nr * t.nr;
  data_.reset(alloc_floats(std::max<int64_t>(1, k * n_pad_)).release());
  const int64_t panels = (k + kKc - 1) / kKc, strips = n_pad_ / t.nr;
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, panels * strips, 4), [&](auto r) {
    for (int64_t x = r.begin(); x < r.end(); ++x) {
      const int64_t k0 = x / strips * kKc, s = x % strips;
      const int64_t kc = std::min(kKc, k - k0);
      pack_b(b, k0, kc, s * t.nr, std::min(t.nr, n - s * t.nr),
             data_.get() + k0 * n_pad_ + s * t.nr * kc, t.nr);
    }
  });
}

int64_t PackedB::tile_rows() const { return pick_kernel(isa_).mr; }

int64_t gemm_rows_scratch(int64_t m) { return (m + kMaxMr - 1) / kMaxMr * kMaxMr * kKc; }

void gemm_rows(const PackedB& b, int64_t m, MatView a, float* c, int64_t ldc, float* scratch) {
  const TileKernel t = pick_kernel(b.isa());
  const int64_t n = b.n();
  if (b.k() == 0) {
    for (int64_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, 0.0f);
    return;
  }
  for (int64_t k0 = 0; k0 < b.k(); k0 += kKc) {  // the chains run in increasing k
    const int64_t kc = std::min(kKc, b.k() - k0);
    const bool first = k0 == 0;
    pack_a(a, 0, m, k0, kc, scratch, t.mr);
    const float* panel = b.panel(k0);
    for (int64_t js = 0; js < n; js += t.nr) {
      const int64_t w = std::min(t.nr, n - js);
      for (int64_t is = 0; is < m; is += t.mr) {
        const int64_t h = std::min(t.mr, m - is);
        float* ct = c + is * ldc + js;
        if (h == t.mr && w == t.nr)
          t.run(kc, scratch + is * kc, panel + js * kc, ct, ldc, first);
        else
          edge_tile(t, kc, scratch + is * kc, panel + js * kc, ct, ldc, first, h, w);
      }
    }
  }
}

void sgemm_reference(int64_t m, int64_t n, int64_t k, MatView a, MatView b, float* c, int64_t ldc) {
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, m, 1), [&](auto r) {
    for (int64_t i = r.begin(); i < r.end(); ++i)
      for (int64_t j = 0; j < n; ++j) {
        float acc = 0.0f;
        for (int64_t p = 0; p < k; ++p) acc = std::fma(a.at(i, p), b.at(p, j), acc);
        c[i * ldc + j] = acc;
      }
  });
}

}  // namespace tessera::interp
