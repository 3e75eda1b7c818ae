// Device meshes over NCCL: one communicator per mesh axis (ncclCommSplit by axis coordinates) and
// one stream per device, in one process over several GPUs or one GPU per process. all_reduce in
// default mode is NCCL's; in deterministic mode it is an all_gather then the rank-order fold.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "backends/cuda/libs/fold_kernel.h"
#include "backends/cuda/libs/launch_env.h"
#include "backends/cuda/libs/lib_status.h"

namespace tessera::cuda::libs {

/// "call returned ncclX (string; last error: ...)" for an NCCL result.
std::string nccl_text(const char* call, int result);

/// "major.minor.patch" of the NCCL library linked in.
std::string nccl_version_text();

class NcclMesh {
 public:
  /// One process driving every device of the mesh: `devices[i]` is the CUDA device of mesh
  /// linear index i (row-major over `sizes`); devices.size() must be the product of sizes.
  static Status create_local(const std::vector<int>& sizes, const std::vector<int>& devices,
                             std::unique_ptr<NcclMesh>* out);

  /// One process per device: this process is mesh index env.rank on device env.local_rank; the
  /// NCCL unique id goes through `id_file` (rank 0 writes it; others wait up to timeout_ms).
  static Status create_distributed(const std::vector<int>& sizes, const LaunchEnv& env,
                                   const std::string& id_file, int timeout_ms,
                                   std::unique_ptr<NcclMesh>* out);
  ~NcclMesh();
  NcclMesh(const NcclMesh&) = delete;
  NcclMesh& operator=(const NcclMesh&) = delete;

  /// Devices this process drives (all of them in a local mesh, one in a distributed one).
  int members() const { return static_cast<int>(members_.size()); }
  int linear_index(int member) const;  ///< The member's mesh linear index.
  int device(int member) const;        ///< Its CUDA device.
  cudaStream_t stream(int member) const;
  int group_size(int axis) const;  ///< sizes[axis], or the whole mesh for axis -1.

  /// For every member m: recv[m] = op over the group of m along `axis` (-1: the whole mesh) of
  /// send[m] (count elements each). Deterministic: all_gather then the rank-order fold kernel
  /// (bit-identical to the interpreter's fold); otherwise NCCL's all_reduce (NCCL's order).
  /// Enqueued on each member's stream; synchronize() waits.
  Status all_reduce(int axis, const std::vector<const void*>& send, const std::vector<void*>& recv,
                    int64_t count, LibDtype t, ReduceOp op, bool deterministic);

  /// Waits for every member's stream and checks the communicators' asynchronous errors.
  Status synchronize();

  struct Member;

 private:
  NcclMesh() = default;
  Status split_axes();
  Status gather_then_fold(int axis, const std::vector<const void*>& send,
                          const std::vector<void*>& recv, int64_t count, LibDtype t, ReduceOp op);
  std::vector<int> sizes_;
  std::vector<std::unique_ptr<Member>> members_;
};

}  // namespace tessera::cuda::libs
