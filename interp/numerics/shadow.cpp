// Shadow f64 execution: each op runs again in f64 on the f64 shadows of its operands (the exact
// computation) and on its actual operands (what the op alone would give without rounding): the
// first gives the total error, the second splits it into the op's own and the inherited part.
#include "interp/numerics/shadow.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>

#include <immintrin.h>

#include "core/numerics/convert_array.h"
#include "core/numerics/formats.h"
#include "core/support/error.h"
#include "interp/graph/plan.h"
#include "interp/run_context.h"

namespace tessera::interp::numerics {
namespace {

constexpr size_t kChunk = size_t{1} << 14;

/// floor(log2 x) of a finite x > 0 from its bits (subnormals: below -1022, so the callers'
/// clamp to the format's emin covers them); INT_MIN/2 for 0.
inline int exponent_bits(double x) {
  const uint64_t b = std::bit_cast<uint64_t>(x);
  const int field = static_cast<int>((b >> 52) & 0x7FF);
  return field ? field - 1023 : (x == 0 ? -(1 << 20) : -1023);
}

/// 2^e for -1022 < e < 1023, from its bits.
inline double pow2(int e) { return std::bit_cast<double>(static_cast<uint64_t>(e + 1023) << 52); }

bool same_bytes(const Tensor& a, const Tensor& b) {
  return a.dtype() == b.dtype() && a.nbytes() == b.nbytes() &&
         (a.nbytes() == 0 || std::memcmp(a.bytes(), b.bytes(), a.nbytes()) == 0);
}

}  // namespace

namespace {

/// Adds the error of v against reference r (ulps at r in a format of `mbits` mantissa bits and
/// minimum exponent `emin`, and relative).
inline void add_error(ErrorStats& p, double v, double r, int emin, int mbits) {
  if (!std::isfinite(v) || !std::isfinite(r)) {
    const bool same = (v != v && r != r) || v == r;
    p.mismatched += !same;
    return;
  }
  const double ar = std::fabs(r);
  const int er = std::max(exponent_bits(ar), emin);
  const double diff = std::fabs(v - r);
  const int sc = mbits - er;  // ulps = diff * 2^sc
  const double ulps = sc > -1022 && sc < 1023 ? diff * pow2(sc) : std::ldexp(diff, sc);
  p.max_ulp = std::max(p.max_ulp, ulps);
  p.sum_ulp += ulps;
  ++p.n;
  if (ar != 0) {
    const double rel = diff / ar;
    p.max_rel = std::max(p.max_rel, rel);
    p.sum_rel += rel;
    ++p.n_rel;
  }
}

/// add_error for four elements at once (AVX2, the build's baseline): element i of a block of
/// four goes to lane i % 4, each lane its own sums in index order; fold() merges the lanes in
/// lane order. Fixed chunks keep that order for every thread count (it is not add_error's
/// element-by-element order). Only for formats where mbits - emin < 1022, so the scale 2^sc is
/// a normal double (all but f64).
struct Lanes {
  __m256d max_ulp = _mm256_setzero_pd(), sum_ulp = _mm256_setzero_pd();
  __m256d max_rel = _mm256_setzero_pd(), sum_rel = _mm256_setzero_pd();
  __m256i n = _mm256_setzero_si256(), n_rel = _mm256_setzero_si256();
  __m256i mismatched = _mm256_setzero_si256();

  void add(__m256d v, __m256d r, __m256i emin, __m256i mbits_bias) {
    const __m256i field = _mm256_set1_epi64x(0x7FF);
    const __m256i fv = _mm256_and_si256(_mm256_srli_epi64(_mm256_castpd_si256(v), 52), field);
    const __m256i fr = _mm256_and_si256(_mm256_srli_epi64(_mm256_castpd_si256(r), 52), field);
    const __m256i special = _mm256_or_si256(_mm256_cmpeq_epi64(fv, field),
                                            _mm256_cmpeq_epi64(fr, field));  // NaN or Inf
    const __m256d finite = _mm256_castsi256_pd(_mm256_xor_si256(special, _mm256_set1_epi64x(-1)));
    const __m256d abs_mask = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FFFFFFFFFFFFFFF));
    const __m256d ar = _mm256_and_pd(r, abs_mask);
    const __m256d diff = _mm256_and_pd(_mm256_sub_pd(v, r), abs_mask);
    // floor(log2 |r|) clamped to emin (a subnormal or zero r, field 0, clamps too); the scale
    // 2^(mbits - e) built from its exponent bits: (mbits + 1023 - e) << 52.
    __m256i e = _mm256_sub_epi64(fr, _mm256_set1_epi64x(1023));
    e = _mm256_blendv_epi8(e, emin, _mm256_cmpgt_epi64(emin, e));
    const __m256d scale =
        _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_sub_epi64(mbits_bias, e), 52));
    const __m256d ulps = _mm256_and_pd(finite, _mm256_mul_pd(diff, scale));
    const __m256d has_rel =
        _mm256_and_pd(finite, _mm256_cmp_pd(ar, _mm256_setzero_pd(), _CMP_NEQ_OQ));
    const __m256d rel = _mm256_and_pd(
        has_rel, _mm256_div_pd(diff, _mm256_blendv_pd(_mm256_set1_pd(1.0), ar, has_rel)));
    max_ulp = _mm256_max_pd(max_ulp, ulps);
    sum_ulp = _mm256_add_pd(sum_ulp, ulps);
    max_rel = _mm256_max_pd(max_rel, rel);
    sum_rel = _mm256_add_pd(sum_rel, rel);
    n = _mm256_sub_epi64(n, _mm256_castpd_si256(finite));  // a set mask is -1
    n_rel = _mm256_sub_epi64(n_rel, _mm256_castpd_si256(has_rel));
    const __m256d same = _mm256_or_pd(
        _mm256_and_pd(_mm256_cmp_pd(v, v, _CMP_UNORD_Q), _mm256_cmp_pd(r, r, _CMP_UNORD_Q)),
        _mm256_cmp_pd(v, r, _CMP_EQ_OQ));
    mismatched = _mm256_sub_epi64(
        mismatched, _mm256_castpd_si256(_mm256_andnot_pd(same, _mm256_castsi256_pd(special))));
  }
  void fold(ErrorStats& p) const {
    alignas(32) double a[4][4];
    alignas(32) int64_t c[3][4];
    _mm256_store_pd(a[0], max_ulp);
    _mm256_store_pd(a[1], sum_ulp);
    _mm256_store_pd(a[2], max_rel);
    _mm256_store_pd(a[3], sum_rel);
    _mm256_store_si256(reinterpret_cast<__m256i*>(c[0]), n);
    _mm256_store_si256(reinterpret_cast<__m256i*>(c[1]), n_rel);
    _mm256_store_si256(reinterpret_cast<__m256i*>(c[2]), mismatched);
    for (int l = 0; l < 4; ++l) {
      ErrorStats e;
      e.max_ulp = a[0][l];
      e.sum_ulp = a[1][l];
      e.max_rel = a[2][l];
      e.sum_rel = a[3][l];
      e.n = static_cast<uint64_t>(c[0][l]);
      e.n_rel = static_cast<uint64_t>(c[1][l]);
      e.mismatched = static_cast<uint64_t>(c[2][l]);
      p.merge(e);
    }
  }
};
constexpr size_t kLanes = 4;

/// Whether the lane form covers a format (the scale 2^(mbits - e) stays a normal double).
bool lanes_cover(int emin, int mbits) { return mbits - emin < 1022; }

/// Four elements of an f32 or f64 array as doubles.
inline __m256d load4(const float* f, const double* d, size_t i) {
  return f ? _mm256_cvtps_pd(_mm_loadu_ps(f + i)) : _mm256_loadu_pd(d + i);
}

/// The elements of a floating tensor as doubles: read in place when f32 or f64 (exact), else
/// decoded into `store`.
struct F64Reader {
  const float* f = nullptr;
  const double* d = nullptr;
  Tensor store;
  explicit F64Reader(const Tensor& t) {
    if (t.dtype() == DType::f32) {
      f = t.data<float>();
    } else if (t.dtype() == DType::f64) {
      d = t.data<double>();
    } else {
      store = to_f64(t);
      d = store.data<double>();
    }
  }
  double operator[](size_t i) const { return f ? static_cast<double>(f[i]) : d[i]; }
};

/// Runs `body(stats, begin, end)` over fixed chunks of [0, n) in parallel and merges the per-chunk
/// statistics in chunk order (the same bits for any thread count).
template <size_t K, typename Body>
std::array<ErrorStats, K> chunked(size_t n, Body body) {
  const size_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<std::array<ErrorStats, K>> parts(chunks);
  tbb::parallel_for(size_t{0}, chunks, [&](size_t c) {
    body(parts[c], c * kChunk, std::min(n, c * kChunk + kChunk));
  });
  std::array<ErrorStats, K> out;
  for (const auto& p : parts)
    for (size_t k = 0; k < K; ++k) out[k].merge(p[k]);
  return out;
}

}  // namespace

ErrorStats compare_to_reference(const Tensor& x, const Tensor& ref, DType fmt) {
  if (!dtype_is_float(x.dtype()) || ref.dtype() != DType::f64 || x.numel() != ref.numel() ||
      x.numel() == 0)
    return {};
  const F64Reader xv(x);
  const double* rv = ref.data<double>();
  const num::FloatDesc d = num::float_desc(dtype_is_float(fmt) ? fmt : x.dtype());
  const int emin = d.emin(), mbits = d.man_bits;
  const bool lanes = lanes_cover(emin, mbits);
  return chunked<1>(static_cast<size_t>(x.numel()), [&](auto& p, size_t b, size_t e) {
    size_t i = b;
    if (lanes) {
      Lanes a;
      const __m256i em = _mm256_set1_epi64x(emin), mb = _mm256_set1_epi64x(mbits + 1023);
      for (; i + kLanes <= e; i += kLanes)
        a.add(load4(xv.f, xv.d, i), _mm256_loadu_pd(rv + i), em, mb);
      a.fold(p[0]);
    }
    for (; i < e; ++i) add_error(p[0], xv[i], rv[i], emin, mbits);
  })[0];
}

SplitErrors compare_split(const Tensor& x, const Tensor& local, const Tensor& ref) {
  if (local.dtype() != DType::f64 || local.numel() != x.numel()) return {};
  return compare_split(x, local.data<double>(), ref);
}

SplitErrors compare_split(const Tensor& x, const double* lv, const Tensor& ref) {
  const size_t n = static_cast<size_t>(x.numel());
  if (!dtype_is_float(x.dtype()) || ref.dtype() != DType::f64 || ref.numel() != x.numel() ||
      n == 0 || !lv)
    return {};
  const F64Reader xv(x);
  const double* rv = ref.data<double>();
  const num::FloatDesc d = num::float_desc(x.dtype());
  const int emin = d.emin(), mbits = d.man_bits;
  const bool lanes = lanes_cover(emin, mbits);
  const auto s = chunked<3>(n, [&](auto& p, size_t b, size_t e) {
    size_t i = b;
    if (lanes) {  // blocks of four elements: the three comparisons each in its own lanes
      Lanes a[3];
      const __m256i em = _mm256_set1_epi64x(emin), mb = _mm256_set1_epi64x(mbits + 1023);
      for (; i + kLanes <= e; i += kLanes) {
        const __m256d v = load4(xv.f, xv.d, i), lo = _mm256_loadu_pd(lv + i);
        const __m256d r = _mm256_loadu_pd(rv + i);
        a[0].add(v, r, em, mb);
        a[1].add(v, lo, em, mb);
        a[2].add(lo, r, em, mb);
      }
      for (int k = 0; k < 3; ++k) a[k].fold(p[k]);
    }
    for (; i < e; ++i) {
      const double v = xv[i], l = lv[i], r = rv[i];
      add_error(p[0], v, r, emin, mbits);
      add_error(p[1], v, l, emin, mbits);
      add_error(p[2], l, r, emin, mbits);
    }
  });
  return {s[0], s[1], s[2]};
}

Tensor Monitor::shadow_of(RankState& st, const ir::Value* v, const Tensor& primary) const {
  if (!dtype_is_float(primary.dtype())) return primary;
  // Function arguments are exact by definition (a callee's too: its shadow chain starts there).
  if (v->def) {
    auto it = st.shadow.find(v);
    if (it != st.shadow.end()) return it->second;
  }
  return to_f64(primary);
}

void Monitor::set_shadow(RankState& st, const ir::Value* v, Tensor t) {
  int uses = 0;
  if (const ir::Block* blk = v->def ? v->def->parent : nullptr) {
    for (const auto& o : blk->ops)
      for (const ir::Value* u : o->operands) uses += u == v;
  }
  if (uses == 0) return;
  st.shadow[v] = std::move(t);
  st.uses_left[v] = uses;
}

void Monitor::release_uses(RankState& st, const ir::Op& op) {
  for (const ir::Value* u : op.operands) {
    auto it = st.uses_left.find(u);
    if (it == st.uses_left.end() || --it->second > 0) continue;
    st.uses_left.erase(it);
    st.shadow.erase(u);
  }
}

/// Runs `step` with every floating result in f64 on `ins`; on failure returns a note instead.
static std::vector<Tensor> run_f64(const PlanStep& step, uint64_t k, const std::vector<Tensor>& ins,
                                   const RunContext& run, std::string& note) {
  PlanStep wide = step;
  wide.widen = false;
  for (ir::Type& t : wide.result_types)
    if (dtype_is_float(t.dtype)) t.dtype = DType::f64;
  try {
    std::vector<const Tensor*> p;
    for (const Tensor& t : ins) p.push_back(&t);
    return execute_step(wide, k, p, run.nested_call());
  } catch (const Error& err) {
    std::string m = err.what();
    const size_t at = m.find("error: ");
    note = "no f64 evaluation: " + m.substr(at == std::string::npos ? 0 : at + 7, 160);
    if (const size_t nl = note.find('\n'); nl != std::string::npos) note.resize(nl);
    return {};
  }
}

void record_split(ErrorStats& total, ErrorStats& own, ErrorStats& inherited, const Tensor& x,
                  const double* local, const Tensor& ref) {
  if (local) {  // one pass for the three comparisons
    const SplitErrors s = compare_split(x, local, ref);
    total.merge(s.total);
    own.merge(s.own);
    inherited.merge(s.inherited);
    return;
  }
  // Exact operands: all of the error is the op's own, nothing inherited.
  const ErrorStats t = compare_to_reference(x, ref);
  total.merge(t);
  own.merge(t);
  ErrorStats none;
  none.n = t.n + t.mismatched;
  inherited.merge(none);
}

void record_split(OpEntry& entry, const Tensor& x, const double* local, const Tensor& ref) {
  record_split(entry.total, entry.own, entry.inherited, x, local, ref);
}

void Monitor::shadow_step(const StepEvent& e, const RunContext& run,
                          std::vector<OpEntry*>& entries) {
  if (shadow_matmul(e, run, entries)) return;
  const PlanStep& step = e.step;
  const ir::Op& op = *step.op;
  RankState& st = rank_state(run.rank);
  // The shadow operands (exact values) and the actual operands in f64.
  std::vector<Tensor> sh_in, actual_in;
  bool inputs_exact = true;
  for (size_t i = 0; i < e.inputs.size(); ++i) {
    const Tensor& prim = *e.inputs[i];
    const ir::Value* v = op.operands[i];
    const bool own_shadow = v->def && st.shadow.count(v) > 0;
    sh_in.push_back(shadow_of(st, v, prim));
    if (!own_shadow) {  // the shadow is the actual value itself: share it, no second copy
      actual_in.push_back(sh_in.back());
      continue;
    }
    actual_in.push_back(to_f64(prim));
    inputs_exact = inputs_exact && same_bytes(sh_in.back(), actual_in.back());
  }
  release_uses(st, op);
  bool any_float = false;
  for (const Tensor* t : e.outputs) any_float = any_float || dtype_is_float(t->dtype());
  if (!any_float) return;
  std::string note;
  std::vector<Tensor> sh_out = run_f64(step, e.index, sh_in, run, note);
  // Without rounding in this op: the f64 op on its actual operands (the shadow when they are
  // exact).
  std::vector<Tensor> local;
  if (note.empty() && !inputs_exact) local = run_f64(step, e.index, actual_in, run, note);
  for (size_t r = 0; r < e.outputs.size(); ++r) {
    const Tensor& prim = *e.outputs[r];
    OpEntry& entry = *entries[r];
    if (!dtype_is_float(prim.dtype())) continue;
    if (!note.empty() || r >= sh_out.size()) {
      if (entry.shadow_note.empty()) entry.shadow_note = note;
      set_shadow(st, op.result(r), to_f64(prim));
      continue;
    }
    const Tensor& ref = sh_out[r];
    entry.shadowed = true;
    const bool has_local =
        r < local.size() && local[r].dtype() == DType::f64 && local[r].numel() == prim.numel();
    record_split(entry, prim, has_local ? local[r].data<double>() : nullptr, ref);
    set_shadow(st, op.result(r), ref);
  }
}

void Monitor::shadow_collective(const ir::Op& op, const Tensor& out, int64_t rank, OpEntry& entry) {
  // Collectives move and sum values; their shadow starts again from the stored result.
  RankState& st = rank_state(rank);
  release_uses(st, op);
  if (entry.shadow_note.empty()) entry.shadow_note = "collective: shadow restarts here";
  if (!op.results.empty() && dtype_is_float(out.dtype())) set_shadow(st, op.result(0), to_f64(out));
}

}  // namespace tessera::interp::numerics
