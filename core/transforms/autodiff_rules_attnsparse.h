// Decompositions of the windowed attention ops (autodiff_rules_attnsparse.cpp; rows in
// autodiff_rules_up_attnsparse.inc; docs/ops/graph/attnsparse.md, "Derivatives").
#pragma once

#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

std::vector<ir::Value*> decompose_AttnLocalWindow2d(Builder&, const ir::Op&,
                                                    std::span<ir::Value* const>);
std::vector<ir::Value*> decompose_AttnSlidingWindow(Builder&, const ir::Op&,
                                                    std::span<ir::Value* const>);
std::vector<ir::Value*> decompose_AttnCompressedBlocks(Builder&, const ir::Op&,
                                                       std::span<ir::Value* const>);

}  // namespace tessera::transforms::autodiff
