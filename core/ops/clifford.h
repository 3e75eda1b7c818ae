// The Clifford algebra Cl(p, q, r) of the tessera.clifford ops, shared by the verifier and the
// Graph IR kernels (docs/ops/graph/clifford.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::ops {

/// At most 8 generators (256 blades): a product reads 2^(2n) blade pairs per multivector.
inline constexpr int kMaxCliffordGenerators = 8;

/// An algebra: generator i squares to metric[i] (+1 for the first p, -1 for the next q, 0 for
/// the last r, unless `signature` orders the +1 and -1 otherwise). Blade k of a multivector is
/// the wedge of the generators whose bits are set in k, in increasing order (clifford_c4).
struct Algebra {
  int p = 0, q = 0, r = 0;
  std::vector<int> metric;
  int n() const { return p + q + r; }
  int64_t blades() const { return int64_t{1} << n(); }
};

/// Reads `p`/`q`/`signature` or upstream's `algebra = [p, q(, r)]` (clifford_c1, clifford_c2).
/// On failure returns nullopt and sets `error` and `label`.
std::optional<Algebra> read_algebra(const ir::Op& op, std::string& error, const char*& label);

/// Sign (+1, -1, or 0 through a null generator) of the basis-blade product e_a e_b, whose blade
/// is a ^ b: (-1)^(swaps to sort the generators) times the metric of each shared generator.
int blade_product_sign(const Algebra& alg, uint32_t a, uint32_t b);

/// (-1)^(k(k-1)/2) for a blade of grade k = popcount(mask): the sign reversion gives it.
int reverse_sign(uint32_t mask);

/// Number of set bits.
int blade_grade(uint32_t mask);

/// The `grade_mask` attribute as a bit set over grades (bit g keeps grade g); all grades when
/// absent. nullopt with `error` set when malformed (clifford_c6).
std::optional<uint32_t> read_grade_mask(const ir::Op& op, int n, std::string& error);

}  // namespace tessera::ops
