// Block scales (MX: one e8m0 byte per 32 elements along K; NVFP4: one e4m3 byte per 16) in the
// tiled layout cuBLASLt's block-scaled matmul reads (CUBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0 /
// VEC16_UE4M3; cuBLAS documentation, "1D Block Scaling Factors Layout"), and the device kernel
// that rewrites a Tessera scale tensor into it.
//
// The scales of one operand form a rows x cols matrix: rows = the operand's outer dimension (M
// for the lhs, N for the rhs), cols = K / block. It is padded to whole tiles of 128 rows x 4
// columns (512 bytes each); tiles are stored row-tile major (all column tiles of rows 0..127,
// then of rows 128..255, ...). Inside a tile, scale (r, c) (r < 128, c < 4) sits at byte
// (r % 32) * 16 + (r / 32) * 4 + c: the four 32-row quarters of the tile are interleaved 4 bytes
// at a time. Padding bytes are zero.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <string>

#include "backends/cuda/libs/lib_status.h"

namespace tessera::cuda::libs {

/// Byte offset of scale (row, col) in the tiled layout of a matrix of `cols` scale columns.
int64_t block_scale_offset(int64_t row, int64_t col, int64_t cols);

/// Bytes of the tiled layout of rows x cols scales (padded to 128 x 4 tiles), or -1 on a
/// negative size or a byte count beyond 2^62.
int64_t block_scale_bytes(int64_t rows, int64_t cols);

/// The scale at byte `offset` of the tiled layout: its (row, col) in the padded matrix. The
/// inverse of block_scale_offset; a byte with row >= rows or col >= cols is padding.
void block_scale_position(int64_t offset, int64_t cols, int64_t* row, int64_t* col);

/// The CUDA C++ of the rewrite kernel (`tsr_block_scale_tiles`).
const std::string& block_scale_kernel_source();

class BlockScaleKernel {
 public:
  /// NVRTC-compiles the source for sm_<sm> and loads it into the current device.
  static Status load(int sm, std::unique_ptr<BlockScaleKernel>* out);
  ~BlockScaleKernel();
  BlockScaleKernel(const BlockScaleKernel&) = delete;
  BlockScaleKernel& operator=(const BlockScaleKernel&) = delete;

  /// dst (block_scale_bytes(rows, cols) bytes) = the tiled layout of the byte matrix whose
  /// (row, col) is src[row * row_stride + col * col_stride], zero padded, on `stream`.
  Status to_tiles(const void* src, void* dst, int64_t rows, int64_t cols, int64_t row_stride,
                  int64_t col_stride, cudaStream_t stream);

 private:
  BlockScaleKernel() = default;
  void* library_ = nullptr;  // cudaLibrary_t
};

}  // namespace tessera::cuda::libs
