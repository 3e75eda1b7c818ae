// Binding `--input` files to the parameters of a function: one set of rules for single-device
// and mesh runs (docs/cli.md, "Inputs and outputs").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ir/ir.h"
#include "core/mesh/mesh.h"
#include "interp/session.h"
#include "interp/tensor.h"

namespace tessera::interp {

/// One `--input`: the parameter's index, the rank it is for (-1: the whole tensor; in a mesh
/// program the global tensor, split by the parameter's `tessera.shard`) and the file.
struct InputBinding {
  size_t param = 0;
  int64_t rank = -1;
  std::string file;
};

/// Parses `--input` values: `NAME=FILE.npy`, where NAME is a parameter's name (with or without
/// '%') or its position, and, in a mesh program of `ranks` > 0 ranks, `NAME@R=FILE.npy`. Throws
/// UsageError for malformed values, unknown names, ranks out of range, per-rank inputs without
/// a mesh and a parameter bound twice.
std::vector<InputBinding> parse_inputs(const ir::Op& func, const std::vector<std::string>& specs,
                                       int64_t ranks);

/// Reads FILE.npy for parameter `k` of `func` under the dtype rules: the file's dtype must be
/// the parameter's element type, except the raw-bit carriers (uint8 for the 8-bit and smaller
/// float formats, uint16 for bf16, int8 for i4, float32 for tf32, int64 for index) and the
/// raw-bit arrays np.save writes for ml_dtypes ('V1' for the one-byte formats and int4, 'V2'
/// for bfloat16). Anything else is refused, naming the file, the parameter and both dtypes;
/// so is a shape the parameter's type does not admit when `check_shape` is set.
Tensor load_input(const std::string& file, const ir::Op& func, size_t k, uint64_t max_bytes,
                  bool check_shape);

/// The arguments of every rank (one row when `mesh` is null): parses `specs`, reads every file,
/// and in a mesh program splits each global tensor by its parameter's ShardSpec. Every
/// parameter must be bound (globally, or on every rank).
std::vector<std::vector<Tensor>> bind_inputs(const LoadedModule& lm, const ir::Op& func,
                                             const std::vector<std::string>& specs,
                                             const tessera::mesh::Mesh* mesh, uint64_t max_bytes);

}  // namespace tessera::interp
