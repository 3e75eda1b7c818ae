// f32 matrix products with the spec's order: per output, a sequential FMA chain over k from +0.
#pragma once

#include <cstdint>
#include <memory>

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

/// B (k x n) packed once for the register tile of `isa` (kAuto: the process's ISA, AVX2 tiles
/// under TESSERA_ISA=scalar), for products that run a few rows of A at a time (fused kernels):
/// panels of k steps, each cut into strips of the tile's columns, zero padded. Packing runs
/// over TBB.
class PackedB {
 public:
  PackedB(int64_t k, int64_t n, MatView b, GemmIsa isa = GemmIsa::kAuto);
  int64_t k() const { return k_; }
  int64_t n() const { return n_; }
  /// The register tile this packing is for (rows, columns).
  int64_t tile_rows() const;
  GemmIsa isa() const { return isa_; }
  /// The packed panel of k steps [k0, k0 + kKc): its column strips one after another.
  const float* panel(int64_t k0) const { return data_.get() + k0 * n_pad_; }

 private:
  struct Free {
    void operator()(float* p) const;
  };
  int64_t k_, n_, n_pad_;
  GemmIsa isa_;
  std::unique_ptr<float[], Free> data_;
};

/// Floats of scratch gemm_rows needs for m rows.
int64_t gemm_rows_scratch(int64_t m);

/// C[i, j] (leading dim ldc) for i in [0, m), j in [0, b.n()) = the sequential FMA chain over k
/// from +0 of A's row i and B's column j, the same bits as sgemm_fast, on the calling thread
/// only (the caller runs row blocks in parallel). `scratch` holds gemm_rows_scratch(m) floats.
void gemm_rows(const PackedB& b, int64_t m, MatView a, float* c, int64_t ldc, float* scratch);

/// The readable reference of the same order: three loops and std::fma.
void sgemm_reference(int64_t m, int64_t n, int64_t k, MatView a, MatView b, float* c, int64_t ldc);

}  // namespace tessera::interp
