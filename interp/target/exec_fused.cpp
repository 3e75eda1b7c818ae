// Whole-warp fast paths of the fused instructions (exec_fused.h), one copy per ISA: the
// readable loop (TESSERA_ISA=scalar) and AVX2 FMAs on whole cells (AVX2 and AVX-512
// machines). Both give each lane std::fmaf of the fma's operands in its order (the same bits).
#include "interp/target/exec_fused.h"

#include <immintrin.h>

#include <bit>
#include <cmath>
#include <cstring>

namespace tessera::interp::target {
namespace {

/// The lane shfl `sh` reads when the whole warp broadcasts one lane (a decoded constant lane,
/// or a lane register equal in every lane), else -1 (for a whole warp). The member mask is the
/// constant full mask (checked at decode).
[[gnu::always_inline]] inline int uniform_src_lane(const Warp& w, const Inst& sh) {
  if (sh.imm == 1) return sh.target;
  const Cell* s = w.reg(sh.b);
  const int64_t v = s[0].i;
  int64_t diff = 0;
  for (int l = 0; l < kWarp; ++l) diff |= s[l].i ^ v;
  return diff ? -1 : static_cast<int>(v & 31);
}

/// d = fma(x, v, c) (is_b: v is the fma's operand b) or fma(v, x, c) over the 32 lanes, f32
/// results as whole cells (as the unfused whole-warp fma writes them).
struct FmaScalar {
  [[gnu::always_inline]] void operator()(Cell* d, const Cell* x, const Cell* c, float v,
                                         bool is_b) const {
    if (is_b)
      for (int l = 0; l < kWarp; ++l)
        d[l].i = static_cast<int64_t>(std::bit_cast<uint32_t>(std::fmaf(x[l].f, v, c[l].f)));
    else
      for (int l = 0; l < kWarp; ++l)
        d[l].i = static_cast<int64_t>(std::bit_cast<uint32_t>(std::fmaf(v, x[l].f, c[l].f)));
  }
};

/// Four cells (lanes) per vector, each one's f32 in its low half: the FMA also runs on the
/// high halves, which the store clears.
struct FmaAvx2 {
  [[gnu::always_inline]] void operator()(Cell* d, const Cell* x, const Cell* c, float v,
                                         bool is_b) const {
    const __m256 vb = _mm256_set1_ps(v);
    const __m256 low = _mm256_castsi256_ps(_mm256_set1_epi64x(0xffffffff));
    __m256 r[kWarp / 4];
    for (int q = 0; q < kWarp / 4; ++q) {
      const __m256 xv = _mm256_loadu_ps(reinterpret_cast<const float*>(x + 4 * q));
      const __m256 cv = _mm256_loadu_ps(reinterpret_cast<const float*>(c + 4 * q));
      r[q] = _mm256_and_ps(is_b ? _mm256_fmadd_ps(xv, vb, cv) : _mm256_fmadd_ps(vb, xv, cv), low);
    }
    for (int q = 0; q < kWarp / 4; ++q) _mm256_storeu_ps(reinterpret_cast<float*>(d + 4 * q), r[q]);
  }
};

template <class Fma>
[[gnu::always_inline]] inline bool run_impl(Block& b, Warp& w, const Inst* code, const Inst& in,
                                            uint64_t max_steps, Fma fma) {
  if (w.active != kFull) return false;
  uint64_t steps = w.steps - 1;
  const Inst* m = &in;
  const int n = in.run > 1 ? in.run : 1;
  const bool room = steps + 3 * static_cast<uint64_t>(n) <= max_steps;  // no member can pass it
  int32_t lane_slot = -1;  // the last lane register found uniform, and its lane
  int lane_src = -1;
  int32_t buf_alloc = 0;  // the local buffer last found without init shadow or copies in flight
  const Buf* buf = nullptr;
  for (int k = 0; k < n; ++k) {
    const bool ld = m->opc == Opc::kLdShflFma;
    const int len = ld ? 3 : 2;
    const Inst& sh = m[ld ? 1 : 0];
    if (sh.imm != 1 && sh.b != lane_slot) {
      lane_src = uniform_src_lane(w, sh);
      lane_slot = lane_src < 0 ? -1 : sh.b;
    }
    const int src = sh.imm == 1 ? sh.target : lane_src;
    bool ok = src >= 0 && (room || steps + static_cast<uint64_t>(len) <= max_steps);
    if (ok && ld && m->target != buf_alloc) {
      buf = &b.allocs[static_cast<size_t>(m->target - 1)];
      ok = buf->local_init.empty() && buf->pending == 0;
      buf_alloc = ok ? m->target : 0;
    }
    if (!ok) {
      if (k == 0) return false;
      break;
    }
    float v;  // ld: lane src's copy of the element (lane-interleaved local memory, see Buf)
    if (ld)
      std::memcpy(&v, buf->data + ((int64_t{w.id} * buf->numel + m->imm) * kWarp + src) * 4, 4);
    else
      v = w.reg(sh.a)[src].f;
    const Inst& f = m[len - 1];
    const bool is_b = m->fma_b != 0;
    fma(w.reg(f.dst), w.reg(is_b ? f.a : f.b), w.reg(f.c), v, is_b);
    if (m[len - 1].dst == lane_slot) lane_slot = -1;  // the fma overwrote the lane register
    steps += static_cast<uint64_t>(len);
    m += len;
  }
  w.steps = steps;
  w.pc = static_cast<int32_t>(m - code);
  return true;
}

bool run_scalar(Block& b, Warp& w, const Inst* code, const Inst& in, uint64_t max_steps) {
  return run_impl(b, w, code, in, max_steps, FmaScalar{});
}

bool run_avx2(Block& b, Warp& w, const Inst* code, const Inst& in, uint64_t max_steps) {
  return run_impl(b, w, code, in, max_steps, FmaAvx2{});
}

}  // namespace

bool fused_run(Block& b, Warp& w, const Inst* code, const Inst& in, uint64_t max_steps) {
  switch (b.launch->isa) {
    case Isa::kScalar:
      return run_scalar(b, w, code, in, max_steps);
    default:  // AVX2 (the build's baseline) and AVX-512 machines
      return run_avx2(b, w, code, in, max_steps);
  }
}

}  // namespace tessera::interp::target
