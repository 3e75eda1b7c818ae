// Runs a mesh plan (mesh_plan.h) on CUDA streams: rank r on its own Device object (its own stream;
// rank r's GPU is rank_device(r, G), so ranks beyond the visible GPUs are virtual ranks sharing a
// GPU), the plan's steps in lockstep: results allocated and zeroed on each rank's stream, copies
// device to device (cudaMemcpyAsync / cudaMemcpy2DAsync on one GPU, cudaMemcpyPeerAsync between
// GPUs) on the destination rank's stream, folds as a gather into scratch then the rank-order fold
// kernel (libs/fold_kernel.h), each rank's stream waiting on CUDA events of the ranks it reads.
// A compute step runs its generated kernels (executor.h) on every rank's stream and buffers.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "backends/cuda/runtime/device.h"
#include "backends/cuda/runtime/executor.h"
#include "backends/cuda/runtime/mesh_plan.h"

namespace tessera::cuda {

/// The fold kernels of each GPU, NVRTC-compiled and loaded once per client (seconds each).
class FoldCache {
 public:
  struct Folds;  ///< libs::FoldKernels on one GPU.
  FoldCache();
  ~FoldCache();
  FoldCache(const FoldCache&) = delete;
  FoldCache& operator=(const FoldCache&) = delete;
  /// The fold kernels on `device`'s GPU, loaded on first use. Throws Failure.
  Folds& get(Device& device);

 private:
  std::mutex mu_;
  std::map<int, std::unique_ptr<Folds>> by_gpu_;
};

class LoadedMeshProgram {
 public:
  /// ranks[r]: the Device rank r runs on; `folds` the client's cache (the client outlives its
  /// executables). Checks that a fold kernel exists for every fold of the plan (UNIMPLEMENTED
  /// naming the step otherwise), loads the fold kernels on each GPU that folds, and uploads the
  /// plan's constants. Throws Failure.
  /// In default mode (`deterministic` false) with every rank on its own GPU, the all_reduce
  /// steps over one axis or the whole mesh run as ncclAllReduce (NcclMesh::create_local, one
  /// communicator per axis); NCCL errors are INTERNAL naming the call.
  LoadedMeshProgram(std::vector<Device*> ranks, MeshPlan plan, FoldCache& folds,
                    bool deterministic);
  ~LoadedMeshProgram();
  LoadedMeshProgram(const LoadedMeshProgram&) = delete;
  LoadedMeshProgram& operator=(const LoadedMeshProgram&) = delete;

  const MeshPlan& plan() const { return plan_; }

  /// Enqueues one execution: inputs[r] are rank r's arguments. Returns outputs[r]; `done`
  /// completes when every rank's stream finished. Throws Failure.
  std::vector<std::vector<DeviceTensor>> enqueue(
      const std::vector<std::vector<DeviceTensor>>& inputs, std::unique_ptr<Completion>& done);

  class Run;    ///< The lockstep state of one execution (streams' events).
  struct Nccl;  ///< libs::NcclMesh over the ranks' GPUs.

 private:
  /// Runs step `k` (an all_reduce) with ncclAllReduce across every rank's stream.
  void nccl_all_reduce(size_t k, Run& run, std::vector<std::vector<DeviceTensor>>& slots,
                       Completion& c);
  std::vector<std::vector<DeviceTensor>> enqueue_steps(
      const std::vector<std::vector<DeviceTensor>>& inputs, Run& run,
      std::unique_ptr<Completion>& c, std::unique_ptr<Completion>& done);

  std::vector<Device*> ranks_;
  MeshPlan plan_;
  std::map<int, FoldCache::Folds*> folds_;  ///< By GPU; owned by the client's cache.
  std::unique_ptr<Nccl> nccl_;              ///< Set when NCCL runs the eligible all_reduces.
  /// programs_[step]: a compute step's program (CUBIN loaded for every GPU), else null.
  std::vector<std::unique_ptr<LoadedProgram>> programs_;
  /// consts_[step][k]: the bytes of plan_.steps[step].consts[k] on its rank's GPU.
  std::vector<std::vector<std::shared_ptr<DeviceMemory>>> consts_;
};

}  // namespace tessera::cuda
