// The linear-attention family's shared reading of its attributes (docs/ops/graph/
// linear_attention.md), used by the verifier hooks and the kernels alike.
#pragma once

#include <optional>
#include <string>

#include "core/ir/ir.h"

namespace tessera::ops {

/// The recurrence an op of the family runs.
struct LinearAttnSpec {
  enum class Map : uint8_t { identity, elu, relu, polynomial_2 };
  enum class Body : uint8_t { linear, softmax };  ///< hybrid_attention's softmax slot
  Map map = Map::identity;
  Body body = Body::linear;
  bool causal = true;
};

/// Reads `op`'s attributes into a spec, or nullopt with a message and the violated label.
std::optional<LinearAttnSpec> read_linear_attn(const ir::Op& op, std::string& err,
                                               const char*& label);

}  // namespace tessera::ops
