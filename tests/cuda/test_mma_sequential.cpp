// The deterministic mma.sync emulation of the CUDA prelude (backends/cuda/codegen/device/
// mma_sequential.h), compiled as host C++ with a 32-lane shuffle model: every lane's D must be
// bit-identical to (1) the spec's sequential f32 FMA chain over k computed on dense matrices with
// the PTX ISA fragment layouts written out below by hand, and (2) the Target interpreter's
// function (num::accumulate with core/ops/target_fragments.h).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#define TSR_HD inline
#define TSR_FMAF(a, b, c) std::fmaf(a, b, c)
#define TSR_TF32(x) std::bit_cast<float>(std::bit_cast<uint32_t>(x) & 0xffffe000u)
#include "backends/cuda/codegen/device/mma_sequential.h"
#include "core/numerics/accumulate.h"
#include "core/ops/target_fragments.h"

namespace {

using namespace tessera;

struct Shape {
  int code, k, a_regs, b_regs;
};
constexpr Shape kShapes[] = {{0, 16, 8, 4}, {1, 8, 4, 2}, {2, 32, 16, 8}};

// PTX ISA "Matrix Fragments for mma.m16n8k*", element i of lane l: (row, col) of A, (k, n) of B.
void a_pos(int s, int l, int i, int& r, int& c) {
  int g = l / 4, t = l % 4;
  if (s == 0) {  // a0,a1: (g, 2t+i); a2,a3: (g+8, ...); a4,a5: (g, 2t+8+i); a6,a7: (g+8, 2t+8+i)
    r = g + ((i / 2) % 2) * 8;
    c = 2 * t + i % 2 + (i / 4) * 8;
  } else if (s == 1) {  // a0: (g, t), a1: (g+8, t), a2: (g, t+4), a3: (g+8, t+4)
    r = g + (i % 2) * 8;
    c = t + (i / 2) * 4;
  } else {  // a0..a3: (g, 4t+i), a4..a7: (g+8, ...), a8..a11: (g, 4t+16+i), a12..a15: (g+8, ...)
    r = g + ((i / 4) % 2) * 8;
    c = 4 * t + i % 4 + (i / 8) * 16;
  }
}
void b_pos(int s, int l, int i, int& k, int& n) {
  int g = l / 4, t = l % 4;
  n = g;
  if (s == 0)
    k = 2 * t + i % 2 + (i / 2) * 8;  // b0,b1: (2t+i, g); b2,b3: (2t+8+i, g)
  else if (s == 1)
    k = t + i * 4;  // b0: (t, g), b1: (t+4, g)
  else
    k = 4 * t + i % 4 + (i / 4) * 16;  // b0..b3: (4t+i, g); b4..b7: (4t+16+i, g)
}

float tf32(float x) { return std::bit_cast<float>(std::bit_cast<uint32_t>(x) & 0xffffe000u); }

// Values of the input format: bf16 (shape 0), any f32 (tf32, shape 1), e4m3 (shape 2), with
// some specials mixed in.
float draw(std::mt19937& rng, int s, bool specials) {
  std::uniform_int_distribution<uint32_t> bits;
  uint32_t u = bits(rng);
  if (specials && u % 29 == 0) {
    const float sp[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1e-40f, 3e38f};
    return sp[(u >> 8) % 7];
  }
  float x = std::ldexp(float(int32_t(u % 2001) - 1000) / 128.0f, int((u >> 12) % 9) - 4);
  if (s == 0) x = std::bit_cast<float>(std::bit_cast<uint32_t>(x) & 0xffff0000u);
  if (s == 2) x = std::ldexp(std::round(std::ldexp(x, 3)), -3);  // a few fraction bits
  if (s == 1) x = std::bit_cast<float>(u & 0xbfffffffu);         // any finite-ish f32 pattern
  return x;
}

bool same_bits(float a, float b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  return std::bit_cast<uint32_t>(a) == std::bit_cast<uint32_t>(b);
}

void check_shape(const Shape& sh, std::mt19937& rng, bool specials) {
  float A[32][16], B[32][8], C[32][4];
  float Ad[16][32], Bd[32][8], Cd[16][8];
  for (int l = 0; l < 32; ++l) {
    for (int i = 0; i < sh.a_regs; ++i) {
      int r, c;
      a_pos(sh.code, l, i, r, c);
      Ad[r][c] = A[l][i] = draw(rng, sh.code, specials);
    }
    for (int i = 0; i < sh.b_regs; ++i) {
      int k, n;
      b_pos(sh.code, l, i, k, n);
      Bd[k][n] = B[l][i] = draw(rng, sh.code, specials);
    }
    for (int i = 0; i < 4; ++i) {
      int r = l / 4 + (i / 2) * 8, n = 2 * (l % 4) + i % 2;
      Cd[r][n] = C[l][i] = draw(rng, 1, specials);
    }
  }
  for (int l = 0; l < 32; ++l) {
    float D[4];
    auto fa = [&](int r, int src) { return A[src][r]; };
    auto fb = [&](int r, int src) { return B[src][r]; };
    if (sh.code == 0) tsr::mma_sequential<0, false>(l, C[l], D, fa, fb);
    if (sh.code == 1) tsr::mma_sequential<1, true>(l, C[l], D, fa, fb);
    if (sh.code == 2) tsr::mma_sequential<2, false>(l, C[l], D, fa, fb);
    for (int i = 0; i < 4; ++i) {
      int r = l / 4 + (i / 2) * 8, n = 2 * (l % 4) + i % 2;
      // (1) the spec: c = fma(a[k], b[k], c) for k = 0, 1, ..., K-1 in f32.
      float want = Cd[r][n];
      float arow[32], bcol[32];
      for (int k = 0; k < sh.k; ++k) {
        float a = Ad[r][k], b = Bd[k][n];
        if (sh.code == 1) a = tf32(a), b = tf32(b);
        want = std::fmaf(a, b, want);
        arow[k] = a;
        bcol[k] = b;
      }
      // (2) the interpreter's accumulation function and fragment table.
      ops::target::RowCol rc = ops::target::mma_c_elem(l, i);
      float interp = num::accumulate(num::AccumModel{}, arow, bcol, sh.k, Cd[rc.row][rc.col]);
      INFO("shape " << sh.code << " lane " << l << " element " << i);
      CHECK(same_bits(D[i], want));
      CHECK(same_bits(D[i], interp));
    }
  }
}

}  // namespace

TEST_CASE("deterministic mma.sync emulation: bit-identical to the sequential FMA chain") {
  std::mt19937 rng(20261126);
  for (const Shape& sh : kShapes)
    for (int round = 0; round < 200; ++round) check_shape(sh, rng, round % 4 == 3);
}

TEST_CASE("the emulation's register tables agree with the PTX layouts") {
  for (const Shape& sh : kShapes)
    for (int l = 0; l < 32; ++l) {
      for (int i = 0; i < sh.a_regs; ++i) {
        int r, c;
        a_pos(sh.code, l, i, r, c);
        CHECK(tsr::mma_seq::t_of(sh.code, c) == l % 4);
        CHECK(tsr::mma_seq::a_reg(sh.code, r / 8, c) == i);
      }
      for (int i = 0; i < sh.b_regs; ++i) {
        int k, n;
        b_pos(sh.code, l, i, k, n);
        CHECK(tsr::mma_seq::t_of(sh.code, k) == l % 4);
        CHECK(tsr::mma_seq::b_reg(sh.code, k) == i);
      }
    }
}
