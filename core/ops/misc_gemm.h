// Attribute readers of tessera.fused_epilogue and tessera.dequant_matmul shared by their verifier
// hooks (core/ops/graph_misc_gemm.cpp) and kernels (docs/ops/graph/misc_gemm.md).
#pragma once

#include <optional>
#include <string_view>

#include "core/ir/attribute.h"

namespace tessera::ops {

/// The epilogue code of fused_epilogue: 0 none, 1 relu, 2 gelu (integer or string spelling);
/// -1 when the attribute names none of them; 0 when absent.
int fused_epilogue_code(const ir::Attr* e);

/// The weight format of dequant_matmul: "int4", "int8", "fp8_e4m3" or "fp8_e5m2"; nullopt else.
std::optional<std::string_view> dequant_weight_dtype(const ir::Attr* w);

}  // namespace tessera::ops
