// A tile kernel pre-decoded into a flat instruction array with resolved register slots.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/ir/ir.h"
#include "core/numerics/accumulate.h"
#include "core/ops/registry.h"
#include "core/support/diagnostics.h"

namespace tessera::interp::tile {

/// Opcodes of the decoded form. Control flow is lowered to jumps; every other opcode is one op.
enum class Opc : uint8_t {
  kConst,
  kMov,
  kMovAgg,
  kExit,
  kJmp,
  kJmpIfNot,
  kForTest,
  kForInc,
  kForCheck,
  kLinearId,
  kGroupId,
  kLocalId,
  kGroupSize,
  kNumGroups,
  kLaneId,
  kIBin,
  kFBin32,
  kFBin64,
  kABin,
  kICmp,
  kFCmp,
  kACmp,
  kSelect,
  kASelect,
  kIndexCast,
  kSIToFP,
  kFPToSI,
  kNeg,
  kANeg,
  kExp,
  kAExp,
  kLog,
  kALog,
  kSqrt,
  kASqrt,
  kFma,  ///< scalar a * b + c rounded once (f32 or f64)
  kDim,
  kLoad,
  kStore,
  kLoadTile,
  kStoreTile,
  kAllocShared,
  kAllocLocal,
  kBarrier,
  kAsyncCopy,
  kCommit,
  kWait,
  kAtomic,
  kAtomicCas,
  kMma,
  kReduce,
  kRowMax,
  kRowSum,
  kCausalMask,
  kFill,
  kFillReg,
  kRowBcast,
  kShuffle,
  kVote,
  kWarpReduce,
  kCollective,  ///< tile.all_reduce ... tile.recv: a grid-and-mesh-wide phase boundary
  kExtF,        ///< arith.extf: f32 scalar -> f64 (exec_convert.cpp)
  kTruncF,      ///< arith.truncf: f64 scalar -> f32, RNE
  kConvert,     ///< the other conversions of scalars (convert_cell.h): mode = source type,
                ///< dt = result type, bcast = signed view, imm = packed ConvertOptions
};

/// Binary operation kinds (IBin/FBin/ABin `mode`).
enum class Bin : uint8_t { add, sub, mul, div, rem, min, max, band, bor, bxor, shl, shr };
/// Comparison kinds: eq ne lt le gt ge; `unordered` float variants set bit 3 (0x8), unsigned
/// integer variants set bit 4 (0x10).
enum Cmp : uint8_t { kEq, kNe, kLt, kLe, kGt, kGe, kUnordered = 8, kUnsigned = 16 };
/// The Cmp code of an arith predicate name: eq/ne/slt/.../ugt (cmpi), oeq/.../uge (cmpf).
uint8_t cmp_of(const std::string& p, bool is_float);
/// How the two operands of an aggregate binary op line up.
enum class Bcast : uint8_t { same, agg_scalar, scalar_agg, rows_left, rows_right };

/// A register cell: every scalar register holds one of these (memrefs hold a buffer handle).
/// Integers are held in canonical form: sign-extended from their width, except i1, which holds
/// 0 or 1. Register tiles hold the same forms in 32-bit cells of the float arena.
union Cell {
  int64_t i;
  float f;
  double d;
};

/// Bit width of an integer type (index: 64).
inline constexpr int int_bits(DType d) {
  return d == DType::i1 ? 1 : d == DType::i8 ? 8 : d == DType::i16 ? 16 : d == DType::i32 ? 32 : 64;
}

/// arith.fptosi's i64 value (docs/ops/tile/scalar.md): toward zero, NaN gives 0, the i64 range
/// saturates; the caller wraps it to the result's width (canonical_int). Tile and Target IR
/// share it, and the CUDA prelude's tsr::fptosi_i64 computes the same.
inline int64_t fptosi_i64(double v) {
  if (v != v) return 0;
  if (v >= 9.2233720368547758e18) return INT64_MAX;
  if (v <= -9.2233720368547758e18) return INT64_MIN;
  return static_cast<int64_t>(v);
}

/// The canonical form of `v` wrapped to the width of integer type `d` (two's complement).
template <typename T>
inline constexpr T canonical_int(T v, DType d) {
  switch (d) {
    case DType::i1:
      return v & 1;
    case DType::i8:
      return static_cast<int8_t>(v);
    case DType::i16:
      return static_cast<int16_t>(v);
    case DType::i32:
      return static_cast<T>(static_cast<int32_t>(v));
    default:
      return v;
  }
}

/// The signed value of a canonical integer of type `d`: MLIR reads i1 as a signed one-bit
/// integer, so true is -1. Other types are held sign-extended already.
template <typename T>
inline constexpr T signed_int(T v, DType d) {
  return d == DType::i1 ? static_cast<T>(-(v & 1)) : v;
}

/// bf16 and f16: the register-tile element types whose f32 cells are rounded after each op.
inline constexpr bool is_low_float(DType d) { return d == DType::bf16 || d == DType::f16; }

/// Memory handle layout in a Cell: space in bits 32..39, buffer number in bits 0..31.
inline constexpr int64_t make_handle(int space, int64_t id) { return (int64_t(space) << 32) | id; }
inline constexpr int handle_space(int64_t h) { return static_cast<int>((h >> 32) & 0xff); }
inline constexpr int64_t handle_id(int64_t h) { return h & 0xffffffff; }

/// One decoded instruction. Scalar operands are register numbers; aggregate (register tile)
/// operands are float offsets into the tile's aggregate arena.
struct Inst {
  Opc opc = Opc::kExit;
  uint8_t mode = 0;       ///< Bin, Cmp, reduce/shuffle/vote kind, ...
  uint8_t bcast = 0;      ///< Bcast for kABin/kACmp; flags elsewhere
  DType dt = DType::f32;  ///< element type the instruction works in
  /// On a bf16/f16 register tile, round every result to `dt` (RNE), as MLIR's arith does:
  /// kABin (except comparisons), kAExp, kALog, and every addition of a sum (kReduce, kRowSum,
  /// kWarpReduce). Set at decode time and tested once per instruction, so f32 tiles pay nothing
  /// per element.
  bool round_to_dt = false;
  int32_t dst = -1, a = -1, b = -1, c = -1;
  int32_t rows = 0, cols = 0, k = 0;  ///< shapes (aggregate: rows x cols; numel = rows * cols)
  int32_t list = 0, nlist = 0;        ///< index operands in Program::lists
  int32_t target = 0;                 ///< jump target / shared or local allocation number
  int64_t imm = 0;
  double fimm = 0.0;
  uint64_t lane_ops = 0;  ///< simulated lane-operations one execution counts
  uint32_t cost = 1;      ///< simulated clock ticks (trace): lane_ops / lanes, >= 1
  const ir::Op* op = nullptr;
};

/// The register-tile cell (an f32 value, or int32 bits for integer tiles) a decoded constant
/// carries in Inst::imm: the fill value of kFill, the padding of kLoadTile.
inline float imm_cell(const Inst& in) {
  return std::bit_cast<float>(static_cast<uint32_t>(in.imm));
}

/// A shared or local allocation made by one tile.alloc_shared / tile.alloc_register op.
struct AllocInfo {
  DType dt = DType::f32;
  std::vector<int64_t> shape;
  bool swizzle_xor = false;
  int64_t padding = 0;
  const ir::Op* op = nullptr;
};

/// Where an SSA value lives: a scalar register or a slice of the aggregate arena.
struct Slot {
  bool agg = false;
  int32_t idx = -1;
  int32_t rows = 1, cols = 1;  ///< rank-1 aggregates are rows x 1, stored as numel = rows * cols
  int32_t rank = 0;
  DType dt = DType::f32;
  int32_t numel() const { return rows * cols; }
};

/// A decoded kernel.
struct Program {
  const ir::Op* func = nullptr;
  std::string name;
  std::vector<Inst> code;
  std::vector<int32_t> lists;
  int32_t num_regs = 0;
  int32_t agg_floats = 0;
  std::vector<int32_t> param_regs;  ///< register of each parameter
  std::vector<ir::Type> param_types;
  std::vector<AllocInfo> shared, locals;
  int32_t lanes = 32;                   ///< lane count the kernel was decoded for
  std::vector<num::AccumModel> models;  ///< mma accumulation models (Inst::target indexes)
  /// Where every SSA value of the kernel lives (read by observation: --probe, numerics reports).
  std::unordered_map<const ir::Value*, Slot> slots;
};

/// Decodes `func` for `lanes` lanes per tile. Throws tessera::Error (rendered with `sm`) for
/// ops the simulator cannot run.
Program decode(const ir::Op& func, int lanes, const SourceManager& sm);

/// True when the decoder has a decode case for op kind `kind` (every op of tile_ops.def).
bool has_decoder(ops::OpKind kind);

}  // namespace tessera::interp::tile
