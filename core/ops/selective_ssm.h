// Where tessera.selective_ssm's optional gate and initial state sit among its operands
// (docs/ops/graph/selective_ssm.md), for the verifier hook and the kernel alike.
#pragma once

#include <optional>
#include <string>

#include "core/ir/ir.h"

namespace tessera::ops {

struct SsmOperands {
  int gate = -1;  ///< operand index of the gate, -1 when absent
  int init = -1;  ///< operand index of the initial state, -1 when absent
};

/// Reads `operand_clauses` (`{gate = [5, 1], init = [6, 1]}`, what the custom form's `gate(%g)
/// init(%s)` records) or upstream's 7-entry `operandSegmentSizes`; with neither, 5 operands have
/// no optional ones and 7 have both. nullopt with a message in `err` otherwise (selective_ssm_c5).
std::optional<SsmOperands> read_ssm_operands(const ir::Op& op, std::string& err);

}  // namespace tessera::ops
