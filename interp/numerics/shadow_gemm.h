// The f64 matrix product of shadow runs (--shadow f64): the sequential FMA chain of
// tessera.matmul's f64 kernel, for one or two left operands sharing one packed right operand.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "interp/graph/isa.h"

namespace tessera::interp::numerics {

/// A read-only matrix of f32 or f64 elements (exactly one of `f`, `d` is set): element (r, c) at
/// [r * rs + c * cs]. f32 elements are widened exactly.
struct GemmOperand {
  const float* f = nullptr;
  const double* d = nullptr;
  int64_t rs = 0, cs = 0;
  double at(int64_t r, int64_t c) const {
    const int64_t i = r * rs + c * cs;
    return f ? static_cast<double>(f[i]) : d[i];
  }
};

/// The readable definition: for every i < m, j < n
///   acc = +0.0; for p = 0, 1, ..., k-1: acc = fma(a[i,p], b[p,j], acc); c[i*n + j] = acc
/// (one rounding per step, increasing p, no reassociation: the shadow's f64 reduction order,
/// docs/numerics-report.md; the same bits as tessera.matmul with f64 accumulation).
void shadow_gemm_reference(int64_t m, int64_t n, int64_t k, const GemmOperand& a,
                           const GemmOperand& b, double* c);

/// shadow_gemm_reference for each left operand `as[t]` (one or two, m x k) into `cs[t]`, with the
/// same right operand `b` (k x n), widened and packed once into `scratch` (kept by the caller so
/// that repeated calls allocate nothing). `isa` picks the register tile: kAvx512 a 12 x 16 tile,
/// kAvx2 6 x 8, kScalar the readable loop. Every element is computed whole by one task: the same
/// bits for any ISA and thread count.
void shadow_gemm(Isa isa, int64_t m, int64_t n, int64_t k, std::span<const GemmOperand> as,
                 const GemmOperand& b, std::span<double* const> cs, std::vector<double>& scratch);

}  // namespace tessera::interp::numerics
