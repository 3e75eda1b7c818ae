// Host bulk conversions (TBB-parallel, chunk-independent results) and MX/NVFP4 array helpers.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/numerics/mx.h"

namespace tessera::num {

/// Converts n elements of `from` at `src` into `to` at `dst`. Sub-byte formats (fp6, fp4) take one
/// byte per element; i4 packs two per byte, low nibble first. Element i uses the stochastic
/// random bits of logical index first_element_index + i, so results never depend on threading.
void convert_array(DType from, const void* src, DType to, void* dst, size_t n,
                   const ConvertOptions& opt, uint64_t first_element_index = 0);

/// The same conversion through the scalar reference path only, on the calling thread (tests
/// compare the fast paths against it).
void convert_array_reference(DType from, const void* src, DType to, void* dst, size_t n,
                             const ConvertOptions& opt, uint64_t first_element_index = 0);

/// Whether convert_array has a vectorised fast path for this pair and these options.
bool has_fast_path(DType from, DType to, const ConvertOptions& opt);

/// MX quantisation of n f32 values: elements (one byte each) and ceil(n / 32) e8m0 scales.
/// Element i draws stochastic bits for logical index first_element_index + i.
void mx_quantize(DType elem, const float* src, size_t n, uint8_t* elems, uint8_t* scales,
                 MxScaleRule rule, const ConvertOptions& opt, uint64_t first_element_index = 0);

/// Inverse of mx_quantize.
void mx_dequantize(DType elem, const uint8_t* elems, const uint8_t* scales, size_t n, float* dst);

/// NVFP4 quantisation: e2m1 elements (one byte each), ceil(n / 16) e4m3 scales, global scale g.
/// Element i draws stochastic bits for logical index first_element_index + i.
void nvfp4_quantize(const float* src, size_t n, float g, const ConvertOptions& opt, uint8_t* elems,
                    uint8_t* scales, uint64_t first_element_index = 0);

/// Inverse of nvfp4_quantize.
void nvfp4_dequantize(const uint8_t* elems, const uint8_t* scales, size_t n, float g, float* dst);

}  // namespace tessera::num
