// Host bulk conversions: element loads/stores, TBB chunking, fast-path dispatch, MX arrays.
#include "core/numerics/convert_array.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <cstring>

#include "core/numerics/fast_paths.h"
#include "core/numerics/fast_paths_avx2.h"

namespace tessera::num {
namespace {

/// Elements per parallel task; even so that i4 bytes are never shared by two tasks.
constexpr size_t kGrain = 1 << 14;

uint64_t load_bits(DType t, const void* base, size_t i) {
  const uint8_t* p = static_cast<const uint8_t*>(base);
  switch (dtype_bits(t)) {
    case 4:
      return (p[i >> 1] >> ((i & 1) * 4)) & 0xF;
    case 8:
      return p[i];
    case 16: {
      uint16_t v;
      memcpy(&v, p + 2 * i, 2);
      return v;
    }
    case 32: {
      uint32_t v;
      memcpy(&v, p + 4 * i, 4);
      return v;
    }
    default: {
      uint64_t v;
      memcpy(&v, p + 8 * i, 8);
      return v;
    }
  }
}

void store_bits(DType t, void* base, size_t i, uint64_t v) {
  uint8_t* p = static_cast<uint8_t*>(base);
  switch (dtype_bits(t)) {
    case 4: {
      const int sh = int(i & 1) * 4;
      p[i >> 1] = uint8_t((p[i >> 1] & ~(0xF << sh)) | ((v & 0xF) << sh));
      return;
    }
    case 8:
      p[i] = uint8_t(v);
      return;
    case 16: {
      const uint16_t w = uint16_t(v);
      memcpy(p + 2 * i, &w, 2);
      return;
    }
    case 32: {
      const uint32_t w = uint32_t(v);
      memcpy(p + 4 * i, &w, 4);
      return;
    }
    default:
      memcpy(p + 8 * i, &v, 8);
      return;
  }
}

void reference_range(DType from, const void* src, DType to, void* dst, size_t lo, size_t hi,
                     const ConvertOptions& opt, uint64_t first) {
  const bool sr = opt.rounding == RoundingMode::kStochastic;
  for (size_t i = lo; i < hi; ++i) {
    const uint32_t r = sr ? random_bits(opt.seed, opt.stream, first + i) : 0;
    store_bits(to, dst, i, convert_bits(from, load_bits(from, src, i), to, opt, r));
  }
}

template <class F, bool kCuda, bool kSat>
void fast_small(const uint32_t* s, uint8_t* d, size_t n) {
#if defined(TESSERA_NUMERICS_AVX2)
  fast::avx2::f32_to_small_n<F, kCuda, kSat>(s, d, n);
#else
  for (size_t i = 0; i < n; ++i) d[i] = fast::f32_to_small<F, kCuda, kSat>(s[i]);
#endif
}

template <bool kCuda, bool kSat>
void fast_bf16(const uint32_t* s, uint16_t* d, size_t n) {
#if defined(TESSERA_NUMERICS_AVX2)
  fast::avx2::f32_to_bf16_n<kCuda, kSat>(s, d, n);
#else
  for (size_t i = 0; i < n; ++i) d[i] = fast::f32_to_bf16<kCuda, kSat>(s[i]);
#endif
}

/// mx_scale_bits for the pattern of a non-negative f32 amax, with integer steps only.
template <class F>
uint8_t fast_scale_bits(uint32_t amax, MxScaleRule rule) {
  constexpr FloatDesc d = F::desc();
  // Significand of max finite, left-aligned to the f32 mantissa field.
  constexpr uint32_t kMaxMant = uint32_t(d.max_finite_bits() & low_mask(d.man_bits))
                                << (23 - d.man_bits);
  if (amax >= 0x7F800000u) return 0xFF;
  if (amax == 0) return 0x00;
  int e;
  uint32_t mant;
  if (amax >= 0x00800000u) {
    e = int(amax >> 23) - 127;
    mant = amax & 0x7FFFFFu;
  } else {                                   // subnormal: normalise
    const int lz = __builtin_clz(amax) - 8;  // leading zeros within the 24-bit significand
    e = -126 - lz;
    mant = (amax << lz) & 0x7FFFFFu;
  }
  e -= d.emax();
  if (rule == MxScaleRule::kCeil && mant > kMaxMant) ++e;
  e = e < -127 ? -127 : (e > 127 ? 127 : e);
  return uint8_t(e + 127);
}

/// One MX block through the fast kernels: the scale, then x * 2^(127 - s) converted with
/// saturation. Returns false for NaN/Inf blocks (scale 0xFF), which the reference path handles.
template <class F, bool kCuda>
bool fast_mx_block(DType elem, const float* x, int len, MxScaleRule rule, uint8_t* q,
                   uint8_t* scale) {
#if defined(TESSERA_NUMERICS_AVX2)
  const uint32_t amax = len == kMxBlock ? fast::avx2::amax_bits32(x) : f32_bits(block_amax(x, len));
#else
  const uint32_t amax = f32_bits(block_amax(x, len));
#endif
  const uint8_t s = fast_scale_bits<F>(amax, rule);
  *scale = s;
  if (s == 0xFF) return false;
  // 2^(127 - s) is an exact f32 (subnormal for s = 254 is still exact); x * it rounds
  // once only when it leaves the normal f32 range, far below every element's half-ulp.
  const float factor =
      s == 254 ? f32_from_bits(0x00400000u) : f32_from_bits(uint32_t(254 - s) << 23);
#if defined(TESSERA_NUMERICS_AVX2)
  if (len == kMxBlock) {
    fast::avx2::mx_block32<F, kCuda>(x, factor, q);
    return true;
  }
#endif
  uint32_t tmp[kMxBlock];
  for (int i = 0; i < len; ++i) tmp[i] = f32_bits(x[i] * factor);
  for (int i = 0; i < len; ++i) q[i] = fast::f32_to_small<F, kCuda, true>(tmp[i]);
  return true;
}

using FastMxFn = bool (*)(DType, const float*, int, MxScaleRule, uint8_t*, uint8_t*);

template <class F>
FastMxFn fast_mx_for(bool cuda) {
  return cuda ? &fast_mx_block<F, true> : &fast_mx_block<F, false>;
}

/// The fast MX block kernel for an element format, or nullptr when the options need the
/// reference path.
FastMxFn fast_mx_kernel(DType elem, const ConvertOptions& o) {
  if (o.rounding != RoundingMode::kNearestEven || o.flush_input_denormals ||
      o.flush_output_denormals)
    return nullptr;
  const bool cuda = o.profile == Profile::kCuda;
  switch (elem) {
    case DType::f8e4m3:
      return fast_mx_for<E4M3>(cuda);
    case DType::f8e5m2:
      return fast_mx_for<E5M2>(cuda);
    case DType::f6e2m3:
      return fast_mx_for<E2M3>(cuda);
    case DType::f6e3m2:
      return fast_mx_for<E3M2>(cuda);
    case DType::f4e2m1:
      return fast_mx_for<E2M1>(cuda);
    default:
      return nullptr;
  }
}

template <class F>
void dispatch_small(const ConvertOptions& o, const uint32_t* s, uint8_t* d, size_t n) {
  const bool cuda = o.profile == Profile::kCuda;
  if (cuda) {
    o.saturate ? fast_small<F, true, true>(s, d, n) : fast_small<F, true, false>(s, d, n);
  } else {
    o.saturate ? fast_small<F, false, true>(s, d, n) : fast_small<F, false, false>(s, d, n);
  }
}

/// Runs a fast path on [lo, hi) if one exists; returns false otherwise.
bool fast_range(DType from, const void* src, DType to, void* dst, size_t lo, size_t hi,
                const ConvertOptions& o) {
  if (!has_fast_path(from, to, o)) return false;
  const uint32_t* s = static_cast<const uint32_t*>(src) + lo;
  const size_t n = hi - lo;
  if (to == DType::bf16) {
    uint16_t* d = static_cast<uint16_t*>(dst) + lo;
    const bool cuda = o.profile == Profile::kCuda;
    if (cuda)
      o.saturate ? fast_bf16<true, true>(s, d, n) : fast_bf16<true, false>(s, d, n);
    else
      o.saturate ? fast_bf16<false, true>(s, d, n) : fast_bf16<false, false>(s, d, n);
    return true;
  }
  uint8_t* d = static_cast<uint8_t*>(dst) + lo;
  switch (to) {
    case DType::f8e4m3:
      dispatch_small<E4M3>(o, s, d, n);
      return true;
    case DType::f8e5m2:
      dispatch_small<E5M2>(o, s, d, n);
      return true;
    case DType::f6e2m3:
      dispatch_small<E2M3>(o, s, d, n);
      return true;
    case DType::f6e3m2:
      dispatch_small<E3M2>(o, s, d, n);
      return true;
    case DType::f4e2m1:
      dispatch_small<E2M1>(o, s, d, n);
      return true;
    default:
      return false;
  }
}

template <class Body>
void parallel_chunks(size_t n, size_t grain, const Body& body) {
  if (n <= grain) {
    body(size_t(0), n);
    return;
  }
  tbb::parallel_for(
      tbb::blocked_range<size_t>(0, n, grain),
      [&](const tbb::blocked_range<size_t>& r) { body(r.begin(), r.end()); },
      tbb::simple_partitioner());
}

}  // namespace

bool has_fast_path(DType from, DType to, const ConvertOptions& o) {
  if (from != DType::f32 || o.rounding != RoundingMode::kNearestEven) return false;
  if (o.flush_input_denormals || o.flush_output_denormals) return false;
  switch (to) {
    case DType::bf16:
    case DType::f8e4m3:
    case DType::f8e5m2:
    case DType::f6e2m3:
    case DType::f6e3m2:
    case DType::f4e2m1:
      return true;
    default:
      return false;
  }
}

void convert_array_reference(DType from, const void* src, DType to, void* dst, size_t n,
                             const ConvertOptions& opt, uint64_t first_element_index) {
  reference_range(from, src, to, dst, 0, n, opt, first_element_index);
}

void convert_array(DType from, const void* src, DType to, void* dst, size_t n,
                   const ConvertOptions& opt, uint64_t first_element_index) {
  parallel_chunks(n, kGrain, [&](size_t lo, size_t hi) {
    if (!fast_range(from, src, to, dst, lo, hi, opt)) {
      reference_range(from, src, to, dst, lo, hi, opt, first_element_index);
    }
  });
}

void mx_quantize(DType elem, const float* src, size_t n, uint8_t* elems, uint8_t* scales,
                 MxScaleRule rule, const ConvertOptions& opt, uint64_t first_element_index) {
  const size_t blocks = (n + kMxBlock - 1) / kMxBlock;
  const FastMxFn fast = fast_mx_kernel(elem, opt);
  parallel_chunks(blocks, kGrain / kMxBlock, [&](size_t b0, size_t b1) {
    for (size_t b = b0; b < b1; ++b) {
      const size_t lo = b * kMxBlock;
      const int len = int(n - lo < size_t(kMxBlock) ? n - lo : kMxBlock);
      if (!fast || !fast(elem, src + lo, len, rule, elems + lo, scales + b)) {
        mx_quantize_block(elem, src + lo, len, rule, opt, elems + lo, scales + b,
                          first_element_index + lo);
      }
    }
  });
}

void mx_dequantize(DType elem, const uint8_t* elems, const uint8_t* scales, size_t n, float* dst) {
  const size_t blocks = (n + kMxBlock - 1) / kMxBlock;
  parallel_chunks(blocks, kGrain / kMxBlock, [&](size_t b0, size_t b1) {
    for (size_t b = b0; b < b1; ++b) {
      const size_t lo = b * kMxBlock;
      const int len = int(n - lo < size_t(kMxBlock) ? n - lo : kMxBlock);
      mx_dequantize_block(elem, elems + lo, len, scales[b], dst + lo);
    }
  });
}

void nvfp4_quantize(const float* src, size_t n, float g, const ConvertOptions& opt, uint8_t* elems,
                    uint8_t* scales, uint64_t first_element_index) {
  const size_t blocks = (n + kNvfp4Block - 1) / kNvfp4Block;
  parallel_chunks(blocks, kGrain / kNvfp4Block, [&](size_t b0, size_t b1) {
    for (size_t b = b0; b < b1; ++b) {
      const size_t lo = b * kNvfp4Block;
      const int len = int(n - lo < size_t(kNvfp4Block) ? n - lo : kNvfp4Block);
      nvfp4_quantize_block(src + lo, len, g, opt, elems + lo, scales + b, first_element_index + lo);
    }
  });
}

void nvfp4_dequantize(const uint8_t* elems, const uint8_t* scales, size_t n, float g, float* dst) {
  const size_t blocks = (n + kNvfp4Block - 1) / kNvfp4Block;
  parallel_chunks(blocks, kGrain / kNvfp4Block, [&](size_t b0, size_t b1) {
    for (size_t b = b0; b < b1; ++b) {
      const size_t lo = b * kNvfp4Block;
      const int len = int(n - lo < size_t(kNvfp4Block) ? n - lo : kNvfp4Block);
      nvfp4_dequantize_block(elems + lo, len, scales[b], g, dst + lo);
    }
  });
}

}  // namespace tessera::num
