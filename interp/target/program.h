// A Target IR kernel decoded into a flat instruction array over per-lane register slots.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ir/ir.h"
#include "core/numerics/accumulate.h"
#include "core/ops/target_fragments.h"
#include "core/support/diagnostics.h"
#include "interp/tile/program.h"

namespace tessera::interp::target {

using tile::Cell;

inline constexpr int kWarp = 32;
inline constexpr uint32_t kFull = 0xffffffffu;

/// Opcodes. Structured control flow becomes mask-stack operations and jumps (docs/ops/target/
/// README.md, "Execution").
enum class Opc : uint8_t {
  kConst,
  kMov,
  kSreg,
  kIBin,
  kFBin,
  kICmp,
  kFCmp,
  kSelect,
  kIndexCast,
  kSIToFP,
  kFPToSI,
  kNegF,
  kFma,
  kExp,
  kLog,
  kSqrtF,
  kDim,
  kAlloc,
  kLd,
  kSt,
  kCpAsync,
  kCommit,
  kWait,
  kBar,
  kAtom,
  kShfl,
  kVote,
  kLdmatrix,
  kMma,
  kExit,  ///< tessera_nvidia.exit: the active lanes exit
  kRet,   ///< return: every lane exits
  kJmp,
  kIfBegin,    ///< push(active); active &= a; if none: jump to target (the kElse)
  kElse,       ///< active = top & ~a & ~exited; if none: jump to target (the kPop)
  kPush,       ///< push(active)
  kPop,        ///< active = top & ~exited; pop
  kForTest,    ///< active &= (a < b); if none: jump to target (the kPop)
  kWhileTest,  ///< active &= a; if none: jump to target (the kPop)
  kExtF,       ///< arith.extf (exec_convert.cpp)
  kTruncF,     ///< arith.truncf (exec_convert.cpp)
  kConvert,    ///< the other conversions (tile/convert_cell.h): mode = source type, dt = result
               ///< type, imm = packed ConvertOptions | kSignedView
  /// Fused forms (decode.cpp `fuse_fma`, exec_fused.cpp): the instruction itself (a shfl, an
  /// ld) keeps its fields and runs as usual unless the whole-warp fast path applies; the
  /// instructions it absorbs follow it in the code and are skipped by that fast path.
  kShflFma,    ///< shfl.sync idx broadcast whose only use is the next fma
  kLdShflFma,  ///< static local f32 ld whose only use is the next kShflFma
};

/// Special registers (kSreg mode).
enum Sreg : uint8_t { kTid = 0, kNtid = 3, kCtaid = 6, kNctaid = 9, kLaneId = 12, kWarpId = 13 };

/// One instruction. Register operands are slot numbers: slot s, element e, lane l lives at
/// cell (s + e) * 32 + l of the warp's register file (SIMD across lanes).
struct Inst {
  Opc opc = Opc::kRet;
  uint8_t mode = 0;
  DType dt = DType::f32;
  int16_t w = 1;      ///< elements per lane (vector widths, fragments)
  uint8_t fma_b = 0;  ///< kShflFma / kLdShflFma: the broadcast is the fma's operand b (else a)
  /// kShflFma / kLdShflFma: fused instructions that follow each other from this one (decode.cpp
  /// `mark_fused_runs`), run in one dispatch while their fast paths apply; 0 elsewhere.
  int16_t run = 0;
  int32_t dst = -1, a = -1, b = -1, c = -1, d = -1;
  int32_t e = -1;      ///< a fifth operand (cp_async's src_size)
  int32_t target = 0;  ///< jump target, allocation number, model number
  int64_t imm = 0;
  double fimm = 0.0;
  const ir::Op* op = nullptr;
};

/// A shared or local allocation.
struct Alloc {
  DType dt = DType::f32;
  int64_t numel = 0;
  std::vector<int64_t> shape;
  int space = 3;
};

struct Program {
  const ir::Op* func = nullptr;
  std::string name;
  std::vector<Inst> code;
  int32_t num_slots = 0;
  std::vector<int16_t> slot_width;  ///< width of the value starting at each slot (else 0)
  std::vector<int32_t> param_slots;
  std::vector<ir::Type> param_types;
  std::vector<Alloc> allocs;
  std::vector<num::AccumModel> models;
  bool has_atomics = false;
};

/// Decodes a Target IR kernel. Throws tessera::Error (rendered with `sm`) for ops it cannot run.
Program decode(const ir::Op& func, const SourceManager& sm);

/// Renumbers slots so that values with disjoint live ranges share them (regalloc.cpp).
void allocate_registers(Program& p);

/// True when the decoder handles op kind `kind` (every target-level op but the launch).
bool has_decoder(ops::OpKind kind);

/// True when `func` contains a tessera_nvidia op (a Target IR kernel).
bool is_target_kernel(const ir::Op& func);

}  // namespace tessera::interp::target
