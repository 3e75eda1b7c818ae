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

/// One input: the parameter's index, the rank it is for (-1: the whole tensor; in a mesh
/// program the global tensor, split by the parameter's `tessera.shard`) and where its data is:
/// the .npy `file`, or `value`, a tensor in memory (then `file` only names it in messages).
struct InputBinding {
  size_t param = 0;
  int64_t rank = -1;
  std::string file;
  const HostTensor* value = nullptr;
};

/// A tensor given in memory for the parameter `name`: a parameter's name (with or without '%'),
/// its position, or `NAME@R` for rank R of a mesh program, as in `--input` (Python keywords,
/// positional arguments).
struct NamedTensor {
  std::string name;
  HostTensor value;
};

/// Parses `--input` values: `NAME=FILE.npy`, where NAME is a parameter's name (with or without
/// '%') or its position, and, in a mesh program of `ranks` > 0 ranks, `NAME@R=FILE.npy`. Throws
/// UsageError for malformed values, unknown names, ranks out of range, per-rank inputs without
/// a mesh and a parameter bound twice.
std::vector<InputBinding> parse_inputs(const ir::Op& func, const std::vector<std::string>& specs,
                                       int64_t ranks);

/// The bindings of tensors in memory: the names of `values` resolved as parse_inputs resolves
/// `--input` names (the same errors; `values` must outlive the bindings).
std::vector<InputBinding> name_values(const ir::Op& func, const std::vector<NamedTensor>& values,
                                      int64_t ranks);

/// Reads the input of `src` (FILE.npy, or its tensor in memory) for parameter `k` of `func`
/// under the dtype rules: the file's dtype must be
/// the parameter's element type, except the raw-bit carriers (uint8 for the 8-bit and smaller
/// float formats, uint16 for bf16, int8 for i4, float32 for tf32, int64 for index) and the
/// raw-bit arrays np.save writes for ml_dtypes ('V1' for the one-byte formats and int4, 'V2'
/// for bfloat16). Anything else is refused, naming the file, the parameter and both dtypes;
/// so is a shape the parameter's type does not admit when `check_shape` is set.
Tensor load_input(const InputBinding& src, const ir::Op& func, size_t k, uint64_t max_bytes,
                  bool check_shape);

/// The arguments of every rank (one row when `mesh` is null): parses `specs`, reads every file,
/// and in a mesh program splits each global tensor by its parameter's ShardSpec. Every
/// parameter must be bound (globally, or on every rank).
std::vector<std::vector<Tensor>> bind_inputs(const LoadedModule& lm, const ir::Op& func,
                                             const std::vector<std::string>& specs,
                                             const tessera::mesh::Mesh* mesh, uint64_t max_bytes);

/// Like bind_inputs, for tensors given in memory by name or position (name_values).
std::vector<std::vector<Tensor>> bind_values(const LoadedModule& lm, const ir::Op& func,
                                             const std::vector<NamedTensor>& values,
                                             const tessera::mesh::Mesh* mesh, uint64_t max_bytes);

/// The one binding rule behind both: every parameter bound once, globally or on every rank;
/// each input checked by load_input, a global input of a mesh program split by its ShardSpec.
std::vector<std::vector<Tensor>> bind_bindings(const LoadedModule& lm, const ir::Op& func,
                                               const std::vector<InputBinding>& bindings,
                                               const tessera::mesh::Mesh* mesh, uint64_t max_bytes);

}  // namespace tessera::interp
