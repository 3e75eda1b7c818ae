// The contract between the Graph IR executor and op kernels, plus element-type dispatch.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "core/ir/ir.h"
#include "core/ops/registry.h"
#include "core/support/diagnostics.h"
#include "core/support/error.h"
#include "interp/run_context.h"
#include "interp/tensor.h"

namespace tessera::interp {

/// The recipe of a fused elementwise step (interp/graph/fusion.h): node i applies `kind` (add,
/// sub, mul, div on operands a and b; neg on a) to f32 elements; an operand j >= 0 is node j's
/// result, -1 - j the step's input j (a tensor of the result's shape, or one element). Operands
/// precede their node; the last node is the step's result.
struct FusedExpr {
  struct Node {
    ops::OpKind kind;
    int a = 0, b = 0;
  };
  std::vector<Node> nodes;
  static constexpr size_t kMaxNodes = 16;  ///< Fusion builds no more (the kernel's scratch rows).
};

/// What a kernel gets: its op (attributes, location), inputs, outputs already allocated with
/// the concrete result types, and the run it belongs to. Kernels write every output element.
struct KernelCtx {
  const ir::Op& op;
  std::span<const Tensor* const> in;
  std::span<Tensor* const> out;
  uint64_t step = 0;  ///< Index of this op in the plan (keys random streams).
  const RunContext& run;
  const FusedExpr* fused = nullptr;  ///< A fused elementwise step's recipe, else null.

  const Tensor& input(size_t k) const { return *in[k]; }
  Tensor& output(size_t k = 0) const { return *out[k]; }
  /// Throws tessera::Error "file:line:col: error: 'op' op msg" (source name filled in by caller).
  [[noreturn]] void fail(const std::string& msg) const;
};

using KernelFn = void (*)(KernelCtx&);

/// Calls `f.template operator()<T>()` with T = float or double for f32 / f64 tensors. Other
/// dtypes never reach kernels: the executor widens low-precision tensors to f32 around them.
template <typename F>
void dispatch_float(const KernelCtx& ctx, DType t, F&& f) {
  switch (t) {
    case DType::f32:
      f.template operator()<float>();
      return;
    case DType::f64:
      f.template operator()<double>();
      return;
    default:
      ctx.fail(std::string("element type ") + dtype_mlir_name(t) + " is not supported here");
  }
}

/// Like dispatch_float but also covers the integer types and i1 (comparisons, select, shape ops).
template <typename F>
void dispatch_any(const KernelCtx& ctx, DType t, F&& f) {
  switch (t) {
    case DType::f32:
      f.template operator()<float>();
      return;
    case DType::f64:
      f.template operator()<double>();
      return;
    case DType::i1:
    case DType::u8:
      f.template operator()<uint8_t>();
      return;
    case DType::i8:
      f.template operator()<int8_t>();
      return;
    case DType::i16:
      f.template operator()<int16_t>();
      return;
    case DType::i32:
      f.template operator()<int32_t>();
      return;
    case DType::i64:
    case DType::index:
      f.template operator()<int64_t>();
      return;
    case DType::u16:
    case DType::f16:
    case DType::bf16:
      f.template operator()<uint16_t>();
      return;
    case DType::u32:
      f.template operator()<uint32_t>();
      return;
    case DType::u64:
      f.template operator()<uint64_t>();
      return;
    default:
      ctx.fail(std::string("element type ") + dtype_mlir_name(t) + " is not supported here");
  }
}

/// Declares the kernel of every op whose record names a Graph IR `kernel` hook (defined in
/// interp/graph/kernels_*.cpp) or a `resolver` hook: an op of another level that a plan runs as
/// an ordinary kernel with the run context, `func.call` (interp/graph/kernels_call.cpp) and
/// `tile.launch` (interp/tile/launch.cpp); nothing is registered at run time (run_m2). The table
/// in kernel_table.cpp refers to each, so a record that promises a kernel without a definition
/// is a link error.
#define TESSERA_GRAPH_HOOK_kernel(id) void kernel_##id(KernelCtx&);
#define TESSERA_GRAPH_HOOK_resolver(id) void kernel_##id(KernelCtx&);
#define TESSERA_GRAPH_HOOK_none(id)
#define TESSERA_GRAPH_HOOK__(id)
#define TESSERA_OP(id, name, level, mino, maxo, nres, traits, attrs, hooks) \
  TESSERA_CAT(TESSERA_GRAPH_HOOK_, TESSERA_HOOK_GRAPH hooks)(id)
#include "core/ops/ops.def"
#undef TESSERA_OP

/// Kernel lookup for an op kind; nullptr for ops the Graph IR executor does not run (mesh
/// collectives, which the mesh executor runs over all ranks at once).
KernelFn graph_kernel(const ir::Op& op);

/// Ops whose kernels handle low-precision element types themselves (the record's kLowPrecision
/// trait: cast, quantize, shape ops, matmul); for every other op the executor widens inputs to
/// f32 and rounds outputs at storage.
bool kernel_handles_low_precision(const ir::Op& op);

}  // namespace tessera::interp
