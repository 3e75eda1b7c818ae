// Tile IR kernel texts that the Schedule -> Tile lowering instantiates
// (docs/ops/schedule/lowering.md). Each returns one func.func in the custom form.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/numerics/dtype.h"

namespace tessera::transforms {

/// One step of a fused elementwise chain: `op` (an arith op on f32 tiles) of values `a` and `b`
/// (b == -1: unary; b == kZeroTile: a tile of +0). Values 0 .. inputs-1 are the kernel's inputs,
/// value inputs + k is step k.
inline constexpr int kZeroTile = -2;

struct ElementwiseStep {
  const char* op;
  int a, b;
};

/// C = A @ B (f32, row-major, K % bk == 0; M and N any: copies, epilogue loads and the store are
/// masked at the edges, rows and columns outside read 0 and are not stored): a group computes a
/// bm x bn block of C with (bm / 32) * (bn / 32) tiles of a 32 x 32 quadrant each; K advances in
/// steps of bk with double-buffered async copies (tile 0 copies A's slab, tile 1 B's), wait_group 1
/// and tile.mma; every C element is one FMA chain over k = 0, 1, ... from +0.
std::string gemm_kernel(const std::string& name, int64_t bm, int64_t bn, int64_t bk);

/// A GEMM epilogue on each tile's 32 x 32 accumulator before it is stored: value 0 is the
/// accumulator, value 1 + p the tile of epilogue parameter p, then one value per step.
/// Parameter p is `full` (an [M, N] tensor: its tile at the accumulator's position) or a row
/// bias (a [1, N] tensor: its 32 columns repeated on every row, made exactly by tile.mma of a
/// column of ones with the bias row from an accumulator of -0, fma(1, b, -0) = b).
struct GemmEpilogue {
  std::vector<bool> bias;  ///< per parameter: a row bias (else full)
  std::vector<ElementwiseStep> steps;
  int result = 0;
  /// The element type of a and b: f32, or bf16/f16 (tile.mma with an f32 accumulator, lowered
  /// to mma.sync); the accumulator and c are f32 either way.
  DType dtype = DType::f32;
};

std::string gemm_kernel(const std::string& name, int64_t bm, int64_t bn, int64_t bk,
                        const GemmEpilogue& epilogue);

/// Flash attention forward (f32, D = 64, S % 64 == 0) with online softmax in the order
/// tessera.flash_attn specifies: a group owns 64 query rows of one (batch, head) (grid
/// [S / 64, H, B]); 2 tiles of 32 rows; key blocks of 64, up to the diagonal when `causal`.
std::string attention_kernel(const std::string& name, bool causal, float scale);

/// A fused elementwise chain over [R, W] f32 tensors of one shape: a group is one tile of a
/// 32 x 64 block (grid [ceil(R / 32), ceil(W / 64)]); loads and stores are masked at the edges;
/// every input block is loaded once, the steps run on register tiles (one IEEE rounding each, as
/// the Graph IR ops), value `result` is stored.
std::string elementwise_kernel(const std::string& name, int64_t width, int inputs,
                               const std::vector<ElementwiseStep>& steps, int result);

/// layer_norm (`centre`) or rmsnorm of each row of an [R, W] f32 tensor in the Graph IR order:
/// a group is one tile of 32 whole rows (grid [ceil(R / 32)]); mean = row_sum(x) / W (layer_norm;
/// rmsnorm uses x itself), d = x - mean, var = row_sum(d * d) / W, scale = 1 / sqrt(var + eps)
/// (tile.sqrt), y = d * scale, then * gamma and + beta when given: gamma and beta come in as
/// [R, W] tensors (broadcast before the launch) and are loaded at the row's position.
std::string norm_kernel(const std::string& name, int64_t width, bool centre, bool gamma, bool beta,
                        float eps);

/// softmax of each row of an [R, W] f32 tensor in tessera.softmax's order: a group is one tile of
/// 32 whole rows (grid [ceil(R / 32)]); m = row_max(x) (the maximum chain from x[0]),
/// e = exp(x - m) (tile.exp: the spec's expf), s = row_sum(e) (the chain from e[0]), y = e / s;
/// with `log_form` (log_softmax) y = (x - m) - log(s) (tile.log: the spec's logf).
/// `safe`: tessera.softmax_safe, whose rows of -Inf only (row max -Inf) become +0.
std::string softmax_kernel(const std::string& name, int64_t width, bool log_form,
                           bool safe = false);

/// A reduction of each row of an [R, W] f32 tensor into an [R, 1] tensor, in tessera.reduce's
/// order: a group is one tile of 32 rows (grid [ceil(R / 32)]) loading its whole rows (masked at
/// the last group's edge); sum is tile.row_sum (the sequential chain from x[0]), mean that sum
/// divided by W in f32, max tile.row_max, min the negated row_max of the negated rows.
enum class RowReduce { sum, mean, max, min };

std::string row_reduce_kernel(const std::string& name, int64_t width, RowReduce kind);

}  // namespace tessera::transforms
