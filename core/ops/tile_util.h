// Shared helpers of the Tile IR verifier hooks (docs/tile-ir.md).
#pragma once

#include <optional>
#include <string>

#include "core/ops/registry.h"

namespace tessera::ops::tile {

inline constexpr int64_t kGlobalSpace = 0;  ///< memref memory space of global memory
inline constexpr int64_t kSharedSpace = 3;  ///< group shared memory
inline constexpr int64_t kLocalSpace = 5;   ///< per-tile register/local memory

/// An integer register type of Tile and Target IR: i1, i8, i16, i32, i64 or index.
bool is_int_reg_dtype(DType d);

/// True for types a tile's registers hold as single values: integers, index, i1, f32, f64.
bool is_scalar_reg(const ir::Type& t);
/// True for the storage-only scalar types (docs/ops/tile/scalar.md, "Conversions"): the narrow
/// floats (bf16, f16, fp8, fp6, fp4, e8m0) and the unsigned integers (ui8..ui64). Memory holds
/// them and scalar registers carry them between a load, a store and a conversion; no arithmetic
/// takes them.
bool is_storage_scalar(const ir::Type& t);
/// The narrow float formats of is_storage_scalar.
bool is_narrow_float(DType d);
/// True for vector<...> and tensor<...> register values with a static shape (register tiles).
bool is_aggregate(const ir::Type& t);
/// Element types register tiles may hold (f32, bf16, f16, i32, i1).
bool aggregate_dtype_ok(DType d);
/// Integer-like scalar (i1..i64, index).
bool is_int_scalar(const ir::Type& t);
bool is_index(const ir::Type& t);
/// Reads an optional string attribute; reports `label` if present but not one of `allowed`
/// (a '|'-separated list). Returns the value or `dflt`.
bool string_choice(InferCtx& ctx, const char* name, const char* allowed, const char* dflt,
                   const char* label, std::string& out);
/// Reads an optional integer attribute; reports `label` when it has another kind.
bool int_attr(InferCtx& ctx, const char* name, int64_t dflt, const char* label, int64_t& out);
/// Operands [first, end) must all be `index`.
bool require_indices(InferCtx& ctx, size_t first, const char* label);
/// The `dim` of a memref operand #0 (already checked to be a memref): the attribute must index
/// one of its dimensions (reported as `label`); the result is an `index`. Shared by tile.dim and
/// tessera_nvidia.dim.
bool infer_memref_dim(InferCtx& ctx, const char* label);

/// True for the Tile IR collectives over mesh axes (tile.all_reduce ... tile.recv,
/// docs/ops/tile/collectives.md): the ops that are phase boundaries of a whole launch.
bool is_tile_collective(const ir::Op& op);

/// The comparison an arith.cmpi / arith.cmpf `predicate` names: a Tessera string ("slt", "olt",
/// ...) or MLIR's integer encoding (cmpi: 0 eq .. 9 uge; cmpf: 1 oeq .. 13 une). nullopt when
/// absent or not one of the supported comparisons (cmpf's false/ord/uno/true are not).
std::optional<std::string> arith_predicate(const ir::Attr* a, bool is_float);

}  // namespace tessera::ops::tile
