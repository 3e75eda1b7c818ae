// Deterministic mma.sync: each lane computes its four D elements as the Target interpreter does,
// D[r][n] = fma(A[r][K-1], B[K-1][n], ... fma(A[r][0], B[0][n], C[r][n])) in f32, k increasing
// (docs/ops/target/mma.md, core/numerics/accumulate.h `sequential`), gathering A's rows and B's
// columns from the PTX fragment layouts through warp shuffles. This text is embedded verbatim in
// the device prelude (after namespace tsr's types) and also compiled as host C++ by
// tests/cuda/test_mma_sequential.cpp; the includer defines TSR_HD, TSR_FMAF and TSR_TF32 when
// it is not CUDA.
#ifdef __CUDACC__
#define TSR_HD __device__ __forceinline__
#define TSR_FMAF(a, b, c) __fmaf_rn(a, b, c)
#define TSR_TF32(x) __uint_as_float(__float_as_uint(x) & 0xffffe000u)
#endif

namespace tsr {
namespace mma_seq {

enum Shape { kM16N8K16 = 0, kM16N8K8 = 1, kM16N8K32 = 2 };

TSR_HD constexpr int k_of(int s) { return s == kM16N8K16 ? 16 : s == kM16N8K8 ? 8 : 32; }

// Lane l = 4 g + t holds row g and g + 8 of A and column g of B (g = groupID, t =
// threadID_in_group); column k of A and row k of B sit in the lanes with t = t_of(s, k).
TSR_HD constexpr int t_of(int s, int k) {
  return s == kM16N8K16 ? (k & 7) >> 1 : s == kM16N8K8 ? (k & 3) : (k & 15) >> 2;
}

// The register of A(g + 8 h, k) in its lane: m16n8k16 a0..a7 = (g, 2t+i), (g+8, 2t+i),
// (g, 2t+8+i), (g+8, 2t+8+i); m16n8k8 a0..a3 = (g, t), (g+8, t), (g, t+4), (g+8, t+4);
// m16n8k32 a0..a15 = (g, 4t+i), (g+8, 4t+i), (g, 4t+16+i), (g+8, 4t+16+i).
TSR_HD constexpr int a_reg(int s, int h, int k) {
  return s == kM16N8K16  ? (k & 1) + 2 * h + 4 * (k >> 3)
         : s == kM16N8K8 ? h + 2 * (k >> 2)
                         : (k & 3) + 4 * h + 8 * (k >> 4);
}

// The register of B(k, g) in its lane: m16n8k16 b0..b3 = (2t+i, g), (2t+8+i, g); m16n8k8
// b0, b1 = (t, g), (t+4, g); m16n8k32 b0..b7 = (4t+i, g), (4t+16+i, g).
TSR_HD constexpr int b_reg(int s, int k) {
  return s == kM16N8K16  ? (k & 1) + 2 * (k >> 3)
         : s == kM16N8K8 ? (k >> 2)
                         : (k & 3) + 4 * (k >> 4);
}

}  // namespace mma_seq

// This lane's D (c0..c3 = (g, 2t), (g, 2t+1), (g+8, 2t), (g+8, 2t+1)). fetch_a(r, src) and
// fetch_b(r, src) return register r of lane src's A / B fragment (on the device: shfl.sync of a
// register every lane names alike, so all 32 lanes must execute it, as mma.sync's .aligned).
template <int S, bool TF32, class FetchA, class FetchB>
TSR_HD void mma_sequential(int lane, const float* c, float* d, FetchA fetch_a, FetchB fetch_b) {
  const int g = lane >> 2, t = lane & 3;
  float acc0 = c[0], acc1 = c[1], acc2 = c[2], acc3 = c[3];
#ifdef __CUDACC__
#pragma unroll
#endif
  for (int k = 0; k < mma_seq::k_of(S); ++k) {
    const int tk = mma_seq::t_of(S, k);
    float a0 = fetch_a(mma_seq::a_reg(S, 0, k), 4 * g + tk);
    float a1 = fetch_a(mma_seq::a_reg(S, 1, k), 4 * g + tk);
    float b0 = fetch_b(mma_seq::b_reg(S, k), 4 * (2 * t) + tk);
    float b1 = fetch_b(mma_seq::b_reg(S, k), 4 * (2 * t + 1) + tk);
    if (TF32) {  // tf32 inputs: the low 13 fraction bits are ignored, as the hardware does
      a0 = TSR_TF32(a0);
      a1 = TSR_TF32(a1);
      b0 = TSR_TF32(b0);
      b1 = TSR_TF32(b1);
    }
    acc0 = TSR_FMAF(a0, b0, acc0);
    acc1 = TSR_FMAF(a0, b1, acc1);
    acc2 = TSR_FMAF(a1, b0, acc2);
    acc3 = TSR_FMAF(a1, b1, acc3);
  }
  d[0] = acc0;
  d[1] = acc1;
  d[2] = acc2;
  d[3] = acc3;
}

#ifdef __CUDACC__
// The generator's entry points: tessera_nvidia.mma_sync in deterministic mode.
template <int S, bool TF32, int NA, int NB>
__device__ __forceinline__ vec<float, 4> mma_seq_sync(const vec<float, NA>& a,
                                                      const vec<float, NB>& b,
                                                      const vec<float, 4>& c) {
  vec<float, 4> d;
  mma_sequential<S, TF32>(
      laneid(), c.e, d.e, [&](int r, int src) { return __shfl_sync(0xffffffffu, a.e[r], src); },
      [&](int r, int src) { return __shfl_sync(0xffffffffu, b.e[r], src); });
  return d;
}
#endif

}  // namespace tsr
