// Host bulk conversions: element loads/stores, TBB chunking, fast-path dispatch, MX arrays.
#include "core/numerics/convert_array.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <cstring>

#include "core/numerics/fast_paths.h"

namespace tessera::num {
namespace {

/// Elements per parallel task; even so that i4 bytes are never shared by two tasks.
constexpr size_t kGrain = 1 << 14;

uint64_t load_bits(DType t, const void* base, size_t i) {
  const uint8_t* p = static_cast<const uint8_t*>(base);
  switch (dtype_bits(t)) {
    case 4: return (p[i >> 1] >> ((i & 1) * 4)) & 0xF;
    case 8: return p[i];
    case 16: { uint16_t v; memcpy(&v, p + 2 * i, 2); return v; }
    case 32: { uint32_t v; memcpy(&v, p + 4 * i, 4); return v; }
    default: { uint64_t v; memcpy(&v, p + 8 * i, 8); return v; }
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
    case 8: p[i] = uint8_t(v); return;
    case 16: { const uint16_t w = uint16_t(v); memcpy(p + 2 * i, &w, 2); return; }
    case 32: { const uint32_t w = uint32_t(v); memcpy(p + 4 * i, &w, 4); return; }
    default: memcpy(p + 8 * i, &v, 8); return;
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
  for (size_t i = 0; i < n; ++i) d[i] = fast::f32_to_small<F, kCuda, kSat>(s[i]);
}

template <bool kCuda, bool kSat>
void fast_bf16(const uint32_t* s, uint16_t* d, size_t n) {
  for (size_t i = 0; i < n; ++i) d[i] = fast::f32_to_bf16<kCuda, kSat>(s[i]);
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
    if (cuda) o.saturate ? fast_bf16<true, true>(s, d, n) : fast_bf16<true, false>(s, d, n);
    else o.saturate ? fast_bf16<false, true>(s, d, n) : fast_bf16<false, false>(s, d, n);
    return true;
  }
  uint8_t* d = static_cast<uint8_t*>(dst) + lo;
  switch (to) {
    case DType::f8e4m3: dispatch_small<E4M3>(o, s, d, n); return true;
    case DType::f8e5m2: dispatch_small<E5M2>(o, s, d, n); return true;
    case DType::f6e2m3: dispatch_small<E2M3>(o, s, d, n); return true;
    case DType::f6e3m2: dispatch_small<E3M2>(o, s, d, n); return true;
    case DType::f4e2m1: dispatch_small<E2M1>(o, s, d, n); return true;
    default: return false;
  }
}

template <class Body>
void parallel_chunks(size_t n, size_t grain, const Body& body) {
  if (n <= grain) { body(size_t(0), n); return; }
  tbb::parallel_for(tbb::blocked_range<size_t>(0, n, grain),
                    [&](const tbb::blocked_range<size_t>& r) { body(r.begin(), r.end()); },
                    tbb::simple_partitioner());
}

}  // namespace

bool has_fast_path(DType from, DType to, const ConvertOptions& o) {
  if (from != DType::f32 || o.rounding != RoundingMode::kNearestEven) return false;
  if (o.flush_input_denormals || o.flush_output_denormals) return false;
  switch (to) {
    case DType::bf16: case DType::f8e4m3: case DType::f8e5m2: case DType::f6e2m3:
    case DType::f6e3m2: case DType::f4e2m1: return true;
    default: return false;
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
                 MxScaleRule rule, const ConvertOptions& opt) {
  const size_t blocks = (n + kMxBlock - 1) / kMxBlock;
  const bool fast = opt.rounding == RoundingMode::kNearestEven && !opt.flush_input_denormals &&
                    !opt.flush_output_denormals &&
                    (elem == DType::f8e4m3 || elem == DType::f8e5m2 || elem == DType::f4e2m1 ||
                     elem == DType::f6e2m3 || elem == DType::f6e3m2);
  parallel_chunks(blocks, kGrain / kMxBlock, [&](size_t b0, size_t b1) {
    for (size_t b = b0; b < b1; ++b) {
      const size_t lo = b * kMxBlock;
      const int len = int(n - lo < size_t(kMxBlock) ? n - lo : kMxBlock);
      if (!fast) {
        mx_quantize_block(elem, src + lo, len, rule, opt, elems + lo, scales + b, lo);
        continue;
      }
      const uint8_t s = mx_scale_bits(elem, block_amax(src + lo, len), rule);
      scales[b] = s;
      if (s == 0xFF) {  // NaN/Inf block: the reference path handles it
        mx_quantize_block(elem, src + lo, len, rule, opt, elems + lo, scales + b, lo);
        continue;
      }
      // 2^(127 - s) is an exact f32 (subnormal for s = 254 is still exact); x * it rounds
      // once only when it leaves the normal f32 range, far below every element's half-ulp.
      const float factor = s == 254 ? f32_from_bits(0x00400000u)
                                    : f32_from_bits(uint32_t(254 - s) << 23);
      uint32_t tmp[kMxBlock];
      for (int i = 0; i < len; ++i) tmp[i] = f32_bits(src[lo + i] * factor);
      uint8_t* d = elems + lo;
      const bool cuda = opt.profile == Profile::kCuda;
      switch (elem) {
        case DType::f8e4m3:
          cuda ? fast_small<E4M3, true, true>(tmp, d, len) : fast_small<E4M3, false, true>(tmp, d, len);
          break;
        case DType::f8e5m2:
          cuda ? fast_small<E5M2, true, true>(tmp, d, len) : fast_small<E5M2, false, true>(tmp, d, len);
          break;
        case DType::f6e2m3:
          cuda ? fast_small<E2M3, true, true>(tmp, d, len) : fast_small<E2M3, false, true>(tmp, d, len);
          break;
        case DType::f6e3m2:
          cuda ? fast_small<E3M2, true, true>(tmp, d, len) : fast_small<E3M2, false, true>(tmp, d, len);
          break;
        default:
          cuda ? fast_small<E2M1, true, true>(tmp, d, len) : fast_small<E2M1, false, true>(tmp, d, len);
          break;
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

void nvfp4_quantize(const float* src, size_t n, float g, const ConvertOptions& opt,
                    uint8_t* elems, uint8_t* scales) {
  const size_t blocks = (n + kNvfp4Block - 1) / kNvfp4Block;
  parallel_chunks(blocks, kGrain / kNvfp4Block, [&](size_t b0, size_t b1) {
    for (size_t b = b0; b < b1; ++b) {
      const size_t lo = b * kNvfp4Block;
      const int len = int(n - lo < size_t(kNvfp4Block) ? n - lo : kNvfp4Block);
      nvfp4_quantize_block(src + lo, len, g, opt, elems + lo, scales + b, lo);
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
