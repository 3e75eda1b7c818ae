// mma.sync shapes and their PTX fragment layouts: which lane holds which element of A, B, C/D
// (docs/ops/target/mma.md). One definition for the verifier, the interpreter and codegen.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/numerics/dtype.h"

namespace tessera::ops::target {

/// The three warp-level MMA shapes Target IR has (A is M x K row-major, B is K x N col-major,
/// C and D are M x N f32).
enum class MmaShape : uint8_t { m16n8k16, m16n8k8, m16n8k32 };

struct MmaInfo {
  MmaShape shape;
  int m, n, k;
  int a_regs, b_regs;  ///< elements of A and B per lane (C and D: 4 f32 per lane)
};

inline std::optional<MmaInfo> mma_info(std::string_view s) {
  if (s == "m16n8k16") return MmaInfo{MmaShape::m16n8k16, 16, 8, 16, 8, 4};
  if (s == "m16n8k8") return MmaInfo{MmaShape::m16n8k8, 16, 8, 8, 4, 2};
  if (s == "m16n8k32") return MmaInfo{MmaShape::m16n8k32, 16, 8, 32, 16, 8};
  return std::nullopt;
}

/// Input element types each shape takes: bf16/f16, tf32 (held as f32), e4m3/e5m2.
inline bool mma_input_ok(MmaShape s, DType d) {
  switch (s) {
    case MmaShape::m16n8k16:
      return d == DType::bf16 || d == DType::f16;
    case MmaShape::m16n8k8:
      return d == DType::f32;
    case MmaShape::m16n8k32:
      return d == DType::f8e4m3 || d == DType::f8e5m2;
  }
  return false;
}

/// Row and column of a matrix element in the warp's tile.
struct RowCol {
  int row, col;
};

/// Element i of lane `lane`'s A fragment (PTX ISA, "Matrix Fragments for mma.m16n8k*"):
/// g = lane / 4 (groupID), t = lane % 4 (threadID_in_group).
inline constexpr RowCol mma_a_elem(MmaShape s, int lane, int i) {
  const int g = lane >> 2, t = lane & 3;
  switch (s) {
    case MmaShape::m16n8k16:  // a0..a7: pairs (g, 2t), (g+8, 2t), (g, 2t+8), (g+8, 2t+8)
      return {g + ((i >> 1) & 1) * 8, t * 2 + (i & 1) + (i >> 2) * 8};
    case MmaShape::m16n8k8:  // a0..a3: (g, t), (g+8, t), (g, t+4), (g+8, t+4)
      return {g + (i & 1) * 8, t + (i >> 1) * 4};
    case MmaShape::m16n8k32:  // a0..a15: quads (g, 4t), (g+8, 4t), (g, 4t+16), (g+8, 4t+16)
      return {g + ((i >> 2) & 1) * 8, t * 4 + (i & 3) + (i >> 3) * 16};
  }
  return {0, 0};
}

/// Element i of lane `lane`'s B fragment (row = k, col = n).
inline constexpr RowCol mma_b_elem(MmaShape s, int lane, int i) {
  const int g = lane >> 2, t = lane & 3;
  switch (s) {
    case MmaShape::m16n8k16:  // b0..b3: k = 2t + (i & 1) + 8 (i >> 1)
      return {t * 2 + (i & 1) + (i >> 1) * 8, g};
    case MmaShape::m16n8k8:  // b0, b1: k = t, t + 4
      return {t + i * 4, g};
    case MmaShape::m16n8k32:  // b0..b7: k = 4t + (i & 3) + 16 (i >> 2)
      return {t * 4 + (i & 3) + (i >> 2) * 16, g};
  }
  return {0, 0};
}

/// Element i (0..3) of lane `lane`'s C or D fragment: (g, 2t), (g, 2t+1), (g+8, 2t), (g+8, 2t+1).
inline constexpr RowCol mma_c_elem(int lane, int i) {
  const int g = lane >> 2, t = lane & 3;
  return {g + (i >> 1) * 8, t * 2 + (i & 1)};
}

}  // namespace tessera::ops::target
