// Helpers shared by the contraction verifier hooks and their interpreter kernels.
#pragma once

#include <optional>
#include <string>

#include "core/ir/ir.h"
#include "core/numerics/accumulate.h"

namespace tessera::ops {

/// The accumulation model named by `name` ("sequential", "pairwise", "tc_ampere", ...) with
/// accumulator `accum`; nullopt for unknown names. Tensor-core models size their step by `in`.
std::optional<num::AccumModel> accum_model_by_name(const std::string& name, DType accum, DType in);

/// The matmul accumulator of an op: the policy's `accum` field when present, otherwise f64 when
/// either input is f64 and f32 otherwise (docs/ops/graph/contractions.md, matmul_c6).
DType matmul_accum_type(const ir::Op& op, DType a, DType b);

/// Window geometry of one conv2d_nhwc (docs/ops/graph/contractions.md, "conv2d_nhwc").
struct ConvGeometry {
  int64_t sh = 1, sw = 1, dh = 1, dw = 1;  ///< strides and dilations
  int64_t pt = 0, pb = 0, pl = 0, pr = 0;  ///< padding: top, bottom, left, right
  int64_t oh = 0, ow = 0;                  ///< output height and width (kDynamic if unknown)
  std::string error;                       ///< non-empty: the message, and `label` its label
  const char* label = "";
};

/// Reads strides, dilations and padding of `op` and computes the output size for an input of
/// h x w and a filter of kh x kw (any of them may be ir::kDynamic at verify time).
ConvGeometry conv_geometry(const ir::Op& op, int64_t h, int64_t w, int64_t kh, int64_t kw);

}  // namespace tessera::ops
