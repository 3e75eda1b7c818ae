// Verifier helpers shared by the `train` family's ops (RL policy losses, loss and optimiser
// backward ops, QR/LU): operand groups of one float type and shape, reductions, number attributes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/ops/infer_util.h"

namespace tessera::ops::train {

/// Operands [first, first + count) are float tensors other than tf32 with the element type and
/// shape of operand `first` (a dynamic dim matches any); `what` names them in the message.
bool same_float_group(InferCtx& ctx, size_t first, size_t count, const char* what,
                      const char* label);

/// Whether two shapes agree dim by dim, a dynamic dim matching any.
bool shapes_match(const std::vector<int64_t>& a, const std::vector<int64_t>& b);

/// The `reduction` attribute: "mean" when absent; "none" only when `allow_none`. nullopt (with a
/// diagnostic citing `label`) for anything else.
std::optional<std::string> reduction_attr(InferCtx& ctx, bool allow_none, const char* label);

/// The number attribute `name` (default `dflt` when absent) is finite and lies in [lo, hi]
/// (bounds excluded where `lo_open` / `hi_open`); nullopt with a diagnostic otherwise.
std::optional<double> number_attr(InferCtx& ctx, const char* name, double dflt, double lo,
                                  bool lo_open, double hi, bool hi_open, const char* label);

/// The optional integer attribute `name` (default `dflt`); nullopt with a diagnostic when present
/// but not an integer.
std::optional<int64_t> int_attr(InferCtx& ctx, const char* name, int64_t dflt, const char* label);

}  // namespace tessera::ops::train
