// The byte-matrix transpose kernel: source, NVRTC compile, load and launch.
#include "backends/cuda/libs/transpose_kernel.h"

namespace tessera::cuda::libs {

namespace {

// Block (32, 8) moves one 32x32 tile of one matrix (blockIdx.z) through shared memory, so reads
// and writes are both along rows. The +1 column avoids shared-memory bank conflicts.
constexpr const char* kSource = R"CUDA(
extern "C" __global__ void tsr_transpose_u8(const unsigned char* in, unsigned char* out,
                                            long long rows, long long cols) {
  __shared__ unsigned char tile[32][33];
  long long base = (long long)blockIdx.z * rows * cols;
  long long r0 = (long long)blockIdx.y * 32, c0 = (long long)blockIdx.x * 32;
  for (int dy = threadIdx.y; dy < 32; dy += 8) {
    long long r = r0 + dy, c = c0 + threadIdx.x;
    if (r < rows && c < cols) tile[dy][threadIdx.x] = in[base + r * cols + c];
  }
  __syncthreads();
  for (int dy = threadIdx.y; dy < 32; dy += 8) {
    long long c = c0 + dy, r = r0 + threadIdx.x;
    if (r < rows && c < cols) out[base + c * rows + r] = tile[threadIdx.x][dy];
  }
}
)CUDA";

}  // namespace

const std::string& transpose_kernel_source() {
  static const std::string source(kSource);
  return source;
}

Status TransposeKernel::load(int sm, std::unique_ptr<TransposeKernel>* out) {
  std::unique_ptr<TransposeKernel> k(new TransposeKernel());
  if (Status s = load_nvrtc_library(transpose_kernel_source(), "tessera_transpose.cu",
                                    "transpose kernel", sm, &k->library_);
      !s.ok())
    return s;
  *out = std::move(k);
  return {};
}

TransposeKernel::~TransposeKernel() {
  if (library_) (void)cudaLibraryUnload(static_cast<cudaLibrary_t>(library_));
}

Status TransposeKernel::transpose_u8(const void* in, void* out, int64_t batch, int64_t rows,
                                     int64_t cols, cudaStream_t stream) {
  if (batch < 1 || rows < 0 || cols < 0 || batch > 65535) {
    return Status::error("transpose: bad sizes (batch " + std::to_string(batch) + ", " +
                         std::to_string(rows) + " x " + std::to_string(cols) + ")");
  }
  if (rows == 0 || cols == 0) return {};
  int64_t gx = (cols + 31) / 32, gy = (rows + 31) / 32;
  if (gx > INT32_MAX || gy > 65535) {
    return Status::error("transpose: " + std::to_string(rows) + " x " + std::to_string(cols) +
                         " exceeds the grid");
  }
  cudaKernel_t kernel = nullptr;
  if (Status s = cuda_check(
          "cudaLibraryGetKernel",
          cudaLibraryGetKernel(&kernel, static_cast<cudaLibrary_t>(library_), "tsr_transpose_u8"));
      !s.ok()) {
    return s;
  }
  long long r = rows, c = cols;
  void* args[] = {&in, &out, &r, &c};
  dim3 grid(static_cast<unsigned>(gx), static_cast<unsigned>(gy), static_cast<unsigned>(batch));
  return cuda_check("cudaLaunchKernel", cudaLaunchKernel(reinterpret_cast<const void*>(kernel),
                                                         grid, dim3(32, 8), args, 0, stream));
}

}  // namespace tessera::cuda::libs
