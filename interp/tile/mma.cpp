// tile.mma in the simulator: the sequential FMA-chain model (register-blocked per ISA, same bits)
// and the accumulation models of core/numerics/accumulate.h.
#include <cstring>
#include <vector>

#include "core/numerics/accumulate.h"
#include "interp/graph/isa.h"
#include "interp/tile/exec_ops.h"

namespace tessera::interp::tile {
namespace {

/// Sequential-model mma for a fixed width N: blocks of kRows rows keep their accumulators in
/// registers across the whole k loop (each element is still one FMA chain from c in increasing
/// k, so any kRows and any vector width give the same bits).
template <int N, int kRows>
[[gnu::always_inline]] inline void mma_rows(const float* a, const float* b, const float* c,
                                            float* d, int32_t M, int32_t K) {
  int32_t i = 0;
  for (; i + kRows <= M; i += kRows) {
    float acc[kRows][N];
    for (int r = 0; r < kRows; ++r)
      for (int j = 0; j < N; ++j) acc[r][j] = c[size_t(i + r) * N + j];
    for (int32_t k = 0; k < K; ++k) {
      const float* bk = b + size_t(k) * N;
      for (int r = 0; r < kRows; ++r) {
        const float ar = a[size_t(i + r) * K + k];
        for (int j = 0; j < N; ++j) acc[r][j] = __builtin_fmaf(ar, bk[j], acc[r][j]);
      }
    }
    for (int r = 0; r < kRows; ++r)
      for (int j = 0; j < N; ++j) d[size_t(i + r) * N + j] = acc[r][j];
  }
  for (; i < M; ++i) {
    float acc[N];
    for (int j = 0; j < N; ++j) acc[j] = c[size_t(i) * N + j];
    for (int32_t k = 0; k < K; ++k) {
      const float ai = a[size_t(i) * K + k];
      const float* bk = b + size_t(k) * N;
      for (int j = 0; j < N; ++j) acc[j] = __builtin_fmaf(ai, bk[j], acc[j]);
    }
    for (int j = 0; j < N; ++j) d[size_t(i) * N + j] = acc[j];
  }
}

/// AVX2 (the build's baseline): 16 ymm registers, so 4 rows of N <= 32 accumulate in registers.
template <int N>
void mma_rows_avx2(const float* a, const float* b, const float* c, float* d, int32_t M, int32_t K) {
  mma_rows<N, 4>(a, b, c, d, M, K);
}

/// AVX-512: 32 zmm registers hold 8 rows of 32 accumulators with room for b and a broadcast.
template <int N>
__attribute__((target("avx512f"))) void mma_rows_avx512(const float* a, const float* b,
                                                        const float* c, float* d, int32_t M,
                                                        int32_t K) {
  mma_rows<N, N <= 32 ? 8 : 4>(a, b, c, d, M, K);
}

/// The widths with a register-blocked kernel on `isa`; false for the others (and kScalar).
bool mma_fixed(Isa isa, const float* a, const float* b, const float* c, float* d, int32_t M,
               int32_t N, int32_t K) {
  if (isa == Isa::kScalar) return false;
  const bool w = isa == Isa::kAvx512;
  switch (N) {
    case 16:
      w ? mma_rows_avx512<16>(a, b, c, d, M, K) : mma_rows_avx2<16>(a, b, c, d, M, K);
      return true;
    case 32:
      w ? mma_rows_avx512<32>(a, b, c, d, M, K) : mma_rows_avx2<32>(a, b, c, d, M, K);
      return true;
    case 64:
      w ? mma_rows_avx512<64>(a, b, c, d, M, K) : mma_rows_avx2<64>(a, b, c, d, M, K);
      return true;
    default:
      return false;
  }
}

}  // namespace

void exec_mma(const Program& p, const Inst& in, float* A) {
  const int32_t M = in.rows, N = in.cols, K = in.k;
  const bool ta = in.mode & 1, tb = in.mode & 2;
  thread_local std::vector<float> abuf, bbuf;  // scratch: no run state (rewritten before use)
  // Logical a is [M, K] row-major and b is [K, N] row-major after these copies.
  const float* a = A + in.a;
  const float* b = A + in.b;
  if (ta) {
    abuf.resize(size_t(M) * size_t(K));
    for (int32_t i = 0; i < M; ++i)
      for (int32_t k = 0; k < K; ++k) abuf[size_t(i) * K + k] = a[size_t(k) * M + i];
    a = abuf.data();
  }
  if (tb) {
    bbuf.resize(size_t(K) * size_t(N));
    for (int32_t k = 0; k < K; ++k)
      for (int32_t j = 0; j < N; ++j) bbuf[size_t(k) * N + j] = b[size_t(j) * K + k];
    b = bbuf.data();
  }
  float* d = A + in.dst;
  const float* c = A + in.c;
  if (in.bcast == 0) {
    // Sequential model: each d[i][j] is an FMA chain from c[i][j] over k in increasing order.
    if (mma_fixed(active_isa(), a, b, c, d, M, N, K)) return;
    // The readable path (TESSERA_ISA=scalar, and any other width): k outside j, so the j loop
    // vectorises without changing any chain.
    for (int32_t i = 0; i < M; ++i) {
      float* di = d + size_t(i) * N;
      std::memmove(di, c + size_t(i) * N, sizeof(float) * size_t(N));
      for (int32_t k = 0; k < K; ++k) {
        const float aik = a[size_t(i) * K + k];
        const float* bk = b + size_t(k) * N;
        for (int32_t j = 0; j < N; ++j) di[j] = __builtin_fmaf(aik, bk[j], di[j]);
      }
    }
    return;
  }
  const num::AccumModel& model = p.models[static_cast<size_t>(in.target)];
  std::vector<float> col(static_cast<size_t>(K));
  for (int32_t j = 0; j < N; ++j) {
    for (int32_t k = 0; k < K; ++k) col[size_t(k)] = b[size_t(k) * N + j];
    for (int32_t i = 0; i < M; ++i)
      d[size_t(i) * N + j] =
          num::accumulate(model, a + size_t(i) * K, col.data(), K, c[size_t(i) * N + j]);
  }
}

}  // namespace tessera::interp::tile
