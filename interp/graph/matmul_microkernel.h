// f32 matrix products with the spec's order: per output, a sequential FMA chain over k from +0.
#pragma once

#include <cstdint>

namespace tessera::interp {

/// A strided f32 matrix view: element (r, c) is at data[r * rs + c * cs] (transposes are views).
struct MatView {
  const float* data;
  int64_t rs, cs;
  float at(int64_t r, int64_t c) const { return data[r * rs + c * cs]; }
};

/// Which register tile sgemm_fast uses. kAuto follows active_isa() (interp/graph/isa.h): AVX-512
/// when the CPU has it, else AVX2, and sgemm_reference under TESSERA_ISA=scalar; the bits are the
/// same either way (tests run each against sgemm_reference).
enum class GemmIsa { kAuto, kAvx2, kAvx512 };

/// Whether `isa` can run on this CPU.
bool gemm_isa_available(GemmIsa isa);

/// C[m, n] (row-major, leading dim ldc) = sum over k of A[m, k] * B[k, n], each element a
/// sequential FMA chain in increasing k starting from +0 (docs/ops/graph/contractions.md).
/// Packs B and A into panels, runs a 6x16 AVX2 or 12x32 AVX-512 register tile, splits rows and
/// columns over TBB, never k: the result is bit-identical to sgemm_reference for any thread count.
void sgemm_fast(int64_t m, int64_t n, int64_t k, MatView a, MatView b, float* c, int64_t ldc,
                GemmIsa isa = GemmIsa::kAuto);

/// The readable reference of the same order: three loops and std::fma.
void sgemm_reference(int64_t m, int64_t n, int64_t k, MatView a, MatView b, float* c, int64_t ldc);

}  // namespace tessera::interp
