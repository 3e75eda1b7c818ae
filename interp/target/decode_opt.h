// Decoder-level optimizations of Target IR kernels that change no result: which integer ops may
// be computed once per scope (value numbering) or before their loop (hoisting), and runs of
// fused FMA instructions (decode_opt.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

#include "core/ir/ir.h"
#include "interp/target/program.h"

namespace tessera::interp::target {

/// The integer constant `v` holds when an arith.constant defines it.
std::optional<int64_t> constant_int(const ir::Value* v);

/// True for an op of one scalar integer (or index, i1, handle) result without side effects and
/// without run-time errors: addi, subi, muli, andi, ori, xori, shli, shrsi, minsi, maxsi,
/// cmpi, index_cast, select, arith.constant, and divsi / remsi by a nonzero constant. Such an
/// op gives the same value wherever its operands have the same values, and computing it for
/// more lanes than need it is harmless.
bool pure_int_op(const ir::Op& op);

/// What identifies a pure op's value: kind, predicate, result type and operands.
using PureKey = std::tuple<int, int64_t, int, std::array<const ir::Value*, 3>>;
PureKey pure_key(const ir::Op& op);

/// The top-level ops of loop body `body` that `pure_int_op` accepts, whose operands are all
/// defined outside the body (or by such ops) and whose results the body does not yield.
std::vector<const ir::Op*> loop_invariant_ops(const ir::Block& body);

/// Marks each first of back-to-back fused instructions with the length of its run (Inst::run).
void mark_fused_runs(Program& p);

}  // namespace tessera::interp::target
