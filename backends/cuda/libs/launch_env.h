// Where this process sits in a multi-process job (the launcher's environment), the NCCL unique
// id exchanged through a file, and the per-axis split of a device mesh. Host code only.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "backends/cuda/libs/lib_status.h"

namespace tessera::cuda::libs {

/// Rank, world size and local rank of this process.
struct LaunchEnv {
  int rank = 0, world = 1, local_rank = 0;
  std::string source;  ///< "RANK/WORLD_SIZE/LOCAL_RANK", "OMPI_COMM_WORLD_*" or "single process".
};

/// Reads RANK, WORLD_SIZE, LOCAL_RANK (torchrun and most launchers), else OMPI_COMM_WORLD_RANK,
/// OMPI_COMM_WORLD_SIZE, OMPI_COMM_WORLD_LOCAL_RANK (Open MPI's mpirun), else a single process.
/// `getenv` is injectable for tests. A malformed or inconsistent value is an error naming it.
Status read_launch_env(const std::function<const char*(const char*)>& getenv, LaunchEnv* out);

/// The NCCL unique id through a shared file: rank 0 writes `bytes` to `path` (through a
/// temporary file and a rename, so readers never see half of it); other ranks wait up to
/// `timeout_ms` for it and read it. The path must be unique to the job (a stale file from an
/// earlier job would be read as this one's id).
Status publish_unique_id(const std::string& path, const std::string& bytes);
Status read_unique_id(const std::string& path, size_t size, int timeout_ms, std::string* bytes);

/// The communicator of mesh axis `axis` for the device at row-major linear index `linear` of a
/// mesh of `sizes`: ncclCommSplit's color is the linear index of the other coordinates (the group)
/// and its key the coordinate along the axis (the rank in the group), as the interpreter's
/// collectives over an axis (docs/ops/mesh/).
struct AxisSplit {
  int color = 0, key = 0;
};
Status axis_split(const std::vector<int>& sizes, int linear, int axis, AxisSplit* out);

}  // namespace tessera::cuda::libs
