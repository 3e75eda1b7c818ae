// Block scales in cuBLASLt's tiled layout: the offset function, its inverse and the device kernel.
#include "backends/cuda/libs/block_scale.h"

namespace tessera::cuda::libs {

namespace {

constexpr int64_t kTileRows = 128, kTileCols = 4, kTileBytes = kTileRows * kTileCols;

int64_t column_tiles(int64_t cols) { return (cols + kTileCols - 1) / kTileCols; }

// One thread per destination byte: the inverse of the layout (block_scale_position), then the
// source byte or zero for padding. The arithmetic is block_scale_position's, written again here
// for the device (the host test checks the host function; gpu_check's sm_100 step the kernel).
constexpr const char* kSource = R"CUDA(
extern "C" __global__ void tsr_block_scale_tiles(const unsigned char* src, unsigned char* dst,
                                                 long long rows, long long cols,
                                                 long long row_stride, long long col_stride,
                                                 long long bytes) {
  long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= bytes) return;
  long long col_tiles = (cols + 3) / 4;
  long long tile = o / 512, w = o % 512;
  long long row = (tile / col_tiles) * 128 + ((w % 16) / 4) * 32 + w / 16;
  long long col = (tile % col_tiles) * 4 + w % 4;
  dst[o] = row < rows && col < cols ? src[row * row_stride + col * col_stride] : 0;
}
)CUDA";

}  // namespace

int64_t block_scale_offset(int64_t row, int64_t col, int64_t cols) {
  const int64_t tile = (row / kTileRows) * column_tiles(cols) + col / kTileCols;
  const int64_t r = row % kTileRows;
  return tile * kTileBytes + (r % 32) * 16 + (r / 32) * 4 + col % kTileCols;
}

int64_t block_scale_bytes(int64_t rows, int64_t cols) {
  if (rows < 0 || cols < 0) return -1;
  const int64_t row_tiles = (rows + kTileRows - 1) / kTileRows;
  const int64_t limit = int64_t{1} << 62;
  if (row_tiles > 0 && column_tiles(cols) > limit / kTileBytes / row_tiles) return -1;
  return row_tiles * column_tiles(cols) * kTileBytes;
}

void block_scale_position(int64_t offset, int64_t cols, int64_t* row, int64_t* col) {
  const int64_t tile = offset / kTileBytes, w = offset % kTileBytes;
  *row = (tile / column_tiles(cols)) * kTileRows + ((w % 16) / 4) * 32 + w / 16;
  *col = (tile % column_tiles(cols)) * kTileCols + w % kTileCols;
}

const std::string& block_scale_kernel_source() {
  static const std::string source(kSource);
  return source;
}

Status BlockScaleKernel::load(int sm, std::unique_ptr<BlockScaleKernel>* out) {
  std::unique_ptr<BlockScaleKernel> k(new BlockScaleKernel());
  if (Status s = load_nvrtc_library(block_scale_kernel_source(), "tessera_block_scale.cu",
                                    "block scale kernel", sm, &k->library_);
      !s.ok())
    return s;
  *out = std::move(k);
  return {};
}

BlockScaleKernel::~BlockScaleKernel() {
  if (library_) (void)cudaLibraryUnload(static_cast<cudaLibrary_t>(library_));
}

Status BlockScaleKernel::to_tiles(const void* src, void* dst, int64_t rows, int64_t cols,
                                  int64_t row_stride, int64_t col_stride, cudaStream_t stream) {
  const int64_t bytes = block_scale_bytes(rows, cols);
  if (bytes < 0 || row_stride < 0 || col_stride < 0)
    return Status::error("block scales: bad sizes (" + std::to_string(rows) + " x " +
                         std::to_string(cols) + ")");
  if (bytes == 0) return {};
  const int64_t blocks = (bytes + 255) / 256;
  if (blocks > INT32_MAX)
    return Status::error("block scales: " + std::to_string(bytes) + " bytes exceed the grid");
  cudaKernel_t kernel = nullptr;
  if (Status s = cuda_check("cudaLibraryGetKernel",
                            cudaLibraryGetKernel(&kernel, static_cast<cudaLibrary_t>(library_),
                                                 "tsr_block_scale_tiles"));
      !s.ok()) {
    return s;
  }
  long long r = rows, c = cols, rs = row_stride, cs = col_stride, n = bytes;
  void* args[] = {&src, &dst, &r, &c, &rs, &cs, &n};
  return cuda_check("cudaLaunchKernel", cudaLaunchKernel(reinterpret_cast<const void*>(kernel),
                                                         dim3(static_cast<unsigned>(blocks)),
                                                         dim3(256), args, 0, stream));
}

}  // namespace tessera::cuda::libs
