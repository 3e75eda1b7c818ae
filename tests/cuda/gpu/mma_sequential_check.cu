// GPU check of the deterministic mma.sync emulation (backends/cuda/codegen/device/
// mma_sequential.h) for the lead to run on a machine with a GPU (tests/cuda/gpu/run.sh): one warp
// per launch computes D from random fragments of each shape with tsr::mma_seq_sync, and every
// lane's D must be bit-identical to the host's sequential fmaf chain over k on the dense
// matrices (the PTX fragment layouts written out as in tests/cuda/test_mma_sequential.cpp).
// Prints one line per shape and exits 1 on any difference.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>

namespace tsr {
template <class T, int N>
struct vec {
  T e[N];
};
__device__ __forceinline__ int laneid() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return int(r);
}
}  // namespace tsr
#include "backends/cuda/codegen/device/mma_sequential.h"

template <int S, bool TF32, int NA, int NB>
__global__ void run(const float* a, const float* b, const float* c, float* d) {
  int l = threadIdx.x;
  tsr::vec<float, NA> fa;
  tsr::vec<float, NB> fb;
  tsr::vec<float, 4> fc;
  for (int i = 0; i < NA; ++i) fa.e[i] = a[l * NA + i];
  for (int i = 0; i < NB; ++i) fb.e[i] = b[l * NB + i];
  for (int i = 0; i < 4; ++i) fc.e[i] = c[l * 4 + i];
  tsr::vec<float, 4> fd = tsr::mma_seq_sync<S, TF32>(fa, fb, fc);
  for (int i = 0; i < 4; ++i) d[l * 4 + i] = fd.e[i];
}

static void a_pos(int s, int l, int i, int& r, int& c) {
  int g = l / 4, t = l % 4;
  if (s == 0)
    r = g + ((i / 2) % 2) * 8, c = 2 * t + i % 2 + (i / 4) * 8;
  else if (s == 1)
    r = g + (i % 2) * 8, c = t + (i / 2) * 4;
  else
    r = g + ((i / 4) % 2) * 8, c = 4 * t + i % 4 + (i / 8) * 16;
}
static void b_pos(int s, int l, int i, int& k) {
  int t = l % 4;
  k = s == 0 ? 2 * t + i % 2 + (i / 2) * 8 : s == 1 ? t + i * 4 : 4 * t + i % 4 + (i / 4) * 16;
}
static float bits_f(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
static uint32_t f_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

template <int S, bool TF32, int NA, int NB, int K>
static int check(std::mt19937& rng, int rounds) {
  int bad = 0;
  for (int round = 0; round < rounds; ++round) {
    float A[32 * NA], B[32 * NB], C[32 * 4], D[32 * 4], Ad[16][K], Bd[K][8], Cd[16][8];
    for (int l = 0; l < 32; ++l) {
      for (int i = 0; i < NA; ++i) {
        int r, c;
        a_pos(S, l, i, r, c);
        float x = std::ldexp(float(int(rng() % 2001) - 1000) / 128.0f, int(rng() % 9) - 4);
        if (S == 0) x = bits_f(f_bits(x) & 0xffff0000u);
        if (S == 1) x = bits_f(rng() & 0xbfffffffu);
        if (S == 2) x = std::ldexp(std::round(std::ldexp(x, 3)), -3);
        Ad[r][c] = A[l * NA + i] = x;
      }
      for (int i = 0; i < NB; ++i) {
        int k;
        b_pos(S, l, i, k);
        float x = std::ldexp(float(int(rng() % 2001) - 1000) / 128.0f, int(rng() % 9) - 4);
        if (S == 0) x = bits_f(f_bits(x) & 0xffff0000u);
        if (S == 1) x = bits_f(rng() & 0xbfffffffu);
        Bd[k][l / 4] = B[l * NB + i] = x;
      }
      for (int i = 0; i < 4; ++i)
        Cd[l / 4 + (i / 2) * 8][2 * (l % 4) + i % 2] = C[l * 4 + i] = bits_f(rng() & 0xbfffffffu);
    }
    float *da, *db, *dc, *dd;
    cudaMalloc(&da, sizeof A);
    cudaMalloc(&db, sizeof B);
    cudaMalloc(&dc, sizeof C);
    cudaMalloc(&dd, sizeof D);
    cudaMemcpy(da, A, sizeof A, cudaMemcpyHostToDevice);
    cudaMemcpy(db, B, sizeof B, cudaMemcpyHostToDevice);
    cudaMemcpy(dc, C, sizeof C, cudaMemcpyHostToDevice);
    run<S, TF32, NA, NB><<<1, 32>>>(da, db, dc, dd);
    cudaError_t e = cudaMemcpy(D, dd, sizeof D, cudaMemcpyDeviceToHost);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    cudaFree(dd);
    if (e != cudaSuccess) {
      std::printf("error: the kernel did not run: %s\n", cudaGetErrorString(e));
      return -1;
    }
    for (int l = 0; l < 32; ++l)
      for (int i = 0; i < 4; ++i) {
        int r = l / 4 + (i / 2) * 8, n = 2 * (l % 4) + i % 2;
        float want = Cd[r][n];
        for (int k = 0; k < K; ++k) {
          float a = Ad[r][k], b = Bd[k][n];
          if (TF32) a = bits_f(f_bits(a) & 0xffffe000u), b = bits_f(f_bits(b) & 0xffffe000u);
          want = std::fmaf(a, b, want);
        }
        bool same =
            f_bits(want) == f_bits(D[l * 4 + i]) || (std::isnan(want) && std::isnan(D[l * 4 + i]));
        bad += same ? 0 : 1;
      }
  }
  return bad;
}

int main() {
  std::mt19937 rng(20261126);
  int b0 = check<0, false, 8, 4, 16>(rng, 100), b1 = check<1, true, 4, 2, 8>(rng, 100),
      b2 = check<2, false, 16, 8, 32>(rng, 100);
  if (b0 < 0 || b1 < 0 || b2 < 0) return 2;
  std::printf("m16n8k16 (bf16): %d of 12800 D elements differ\n", b0);
  std::printf("m16n8k8 (tf32):  %d of 12800 D elements differ\n", b1);
  std::printf("m16n8k32 (fp8):  %d of 12800 D elements differ\n", b2);
  return b0 + b1 + b2 == 0 ? 0 : 1;
}
