// Decompositions of the decodemoe family's ops (autodiff_rules_decodemoe.cpp), named by the rows
// of autodiff_rules_up_decodemoe.inc.
#pragma once

#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

std::vector<ir::Value*> decompose_MorScatter(Builder& b, const ir::Op& op,
                                             std::span<ir::Value* const> x);
std::vector<ir::Value*> decompose_MoeDispatch(Builder& b, const ir::Op& op,
                                              std::span<ir::Value* const> x);
std::vector<ir::Value*> decompose_MoeSwigluBlock(Builder& b, const ir::Op& op,
                                                 std::span<ir::Value* const> x);
std::vector<ir::Value*> decompose_GuidedDenoiseRegion(Builder& b, const ir::Op& op,
                                                      std::span<ir::Value* const> x);

}  // namespace tessera::transforms::autodiff
