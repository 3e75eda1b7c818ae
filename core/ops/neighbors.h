// The stencil and boundary description of tessera.neighbors ops, shared by the verifier and
// the Graph IR kernel (docs/ops/graph/neighbors.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::ops {

/// One dimension's boundary rule (neighbors_c3).
struct Boundary {
  enum class Kind { periodic, reflect, dirichlet, neumann } kind = Kind::dirichlet;
  double value = 0.0;  ///< dirichlet: the value outside; neumann: the outward gradient.
};

/// A stencil as tessera.neighbors.stencil.define states it.
struct Stencil {
  std::vector<std::vector<int64_t>> taps;  ///< One offset vector per tap, all of one rank.
  std::vector<double> coeffs;              ///< One per tap (all 1 when the op has none).
  std::vector<Boundary> bc;                ///< One per dim, or one for every dim.
};

/// Where coordinate `j` (outside [0, n)) of a dim of extent `n` reads under a periodic or reflect
/// rule (docs/ops/graph/neighbors.md): periodic wraps; reflect mirrors about the edge elements
/// (-1 reads 1, n reads n - 2), repeated beyond a whole period, and a dim of extent 1 reads 0.
inline int64_t wrap_coord(int64_t j, int64_t n, Boundary::Kind kind) {
  if (kind == Boundary::Kind::periodic) return ((j % n) + n) % n;
  if (n == 1) return 0;
  const int64_t period = 2 * (n - 1);
  const int64_t r = ((j % period) + period) % period;
  return r < n ? r : period - r;
}

/// The rule of dim `d` (`bc` holds one per dim, or one for every dim).
inline const Boundary& rule_of(const Stencil& st, size_t d) {
  return st.bc.size() == 1 ? st.bc[0] : st.bc[d];
}

/// Reads and checks a stencil.define op's attributes; on failure returns nullopt and sets
/// `error` to the message and `label` to the constraint it breaks.
std::optional<Stencil> read_stencil(const ir::Op& op, std::string& error, const char*& label);

/// The mesh rank a topology kind names ("2d_mesh" -> 2), or 0 for kinds without one.
int topology_rank(const std::string& kind);

}  // namespace tessera::ops
