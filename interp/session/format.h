// Human-readable printing of tensors for `--print`.
#pragma once

#include <string>

#include "interp/tensor.h"

namespace tessera::interp {

/// numpy-like text: a header line `name: tensor<2x3xf32>` and nested rows; at most `max_elems`
/// values per tensor are shown (the rest elided with "...").
std::string format_tensor(const std::string& name, const Tensor& t, int64_t max_elems = 64);

}  // namespace tessera::interp
