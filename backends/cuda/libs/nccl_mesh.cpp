// Device meshes over NCCL: communicators per axis, streams, all_reduce in both modes.
#include "backends/cuda/libs/nccl_mesh.h"

#include <nccl.h>

namespace tessera::cuda::libs {

/// One device of the mesh driven by this process.
struct NcclMesh::Member {
  int linear = 0, device = 0;
  cudaStream_t stream = nullptr;
  ncclComm_t world = nullptr;
  std::vector<ncclComm_t> axes;  // one per mesh axis
  void* scratch = nullptr;       // the gathered blocks of a deterministic all_reduce
  size_t scratch_bytes = 0;
  std::unique_ptr<FoldKernels> fold;
  ~Member() {
    if (device >= 0) (void)cudaSetDevice(device);
    for (ncclComm_t c : axes) {
      if (c) ncclCommDestroy(c);
    }
    if (world) ncclCommDestroy(world);
    if (scratch) (void)cudaFree(scratch);
    if (stream) (void)cudaStreamDestroy(stream);
  }
};

namespace {

#define TESSERA_NCCL(call)                                                                \
  do {                                                                                    \
    ncclResult_t r_ = (call);                                                             \
    if (r_ != ncclSuccess) return Status::error(nccl_text(call_name(#call).c_str(), r_)); \
  } while (0)

bool nccl_type(LibDtype t, ncclDataType_t* out) {
  switch (t) {
    case LibDtype::kF32:
      *out = ncclFloat32;
      return true;
    case LibDtype::kBF16:
      *out = ncclBfloat16;
      return true;
    case LibDtype::kF16:
      *out = ncclFloat16;
      return true;
    case LibDtype::kI32:
      *out = ncclInt32;
      return true;
    // NCCL reduces fp8 on sm_90 and newer only (it reports an error elsewhere).
    case LibDtype::kF8E4M3:
      *out = ncclFloat8e4m3;
      return true;
    case LibDtype::kF8E5M2:
      *out = ncclFloat8e5m2;
      return true;
  }
  return false;
}

ncclRedOp_t nccl_op(ReduceOp op) {
  switch (op) {
    case ReduceOp::kSum:
      return ncclSum;
    case ReduceOp::kProd:
      return ncclProd;
    case ReduceOp::kMax:
      return ncclMax;
    case ReduceOp::kMin:
      return ncclMin;
    case ReduceOp::kAvg:
      return ncclAvg;
  }
  return ncclSum;
}

Status check_sizes(const std::vector<int>& sizes, int64_t* total) {
  *total = 1;
  if (sizes.empty()) return Status::error("mesh: no axes");
  for (int s : sizes) {
    if (s < 1 || !checked_mul(*total, s, total) || *total > INT32_MAX) {
      return Status::error("mesh: axis sizes must be >= 1 with a product below 2^31");
    }
  }
  return {};
}

}  // namespace

std::string nccl_text(const char* call, int result) {
  auto r = static_cast<ncclResult_t>(result);
  const char* text = ncclGetErrorString(r);
  const char* last = ncclGetLastError(nullptr);
  std::string out = std::string(call) + " returned " + (text ? text : "unknown NCCL result") +
                    " (code " + std::to_string(result) + ")";
  if (last && *last) out += "; last error: " + std::string(last);
  return out;
}

std::string nccl_version_text() {
  int v = 0;
  if (ncclGetVersion(&v) != ncclSuccess) return "unknown";
  // NCCL >= 2.9 encodes major * 10000 + minor * 100 + patch.
  return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." +
         std::to_string(v % 100);
}

int NcclMesh::linear_index(int m) const { return members_[static_cast<size_t>(m)]->linear; }
int NcclMesh::device(int m) const { return members_[static_cast<size_t>(m)]->device; }
cudaStream_t NcclMesh::stream(int m) const { return members_[static_cast<size_t>(m)]->stream; }
int NcclMesh::group_size(int axis) const {
  if (axis >= 0) return sizes_[static_cast<size_t>(axis)];
  int total = 1;
  for (int s : sizes_) total *= s;
  return total;
}

NcclMesh::~NcclMesh() = default;

Status NcclMesh::split_axes() {
  for (size_t a = 0; a < sizes_.size(); ++a) {
    TESSERA_NCCL(ncclGroupStart());
    for (auto& m : members_) {
      AxisSplit split;
      if (Status s = axis_split(sizes_, m->linear, static_cast<int>(a), &split); !s.ok()) {
        (void)ncclGroupEnd();
        return s;
      }
      m->axes.push_back(nullptr);
      ncclResult_t r = ncclCommSplit(m->world, split.color, split.key, &m->axes.back(), nullptr);
      if (r != ncclSuccess) {
        (void)ncclGroupEnd();
        return Status::error(nccl_text("ncclCommSplit", r));
      }
    }
    TESSERA_NCCL(ncclGroupEnd());
  }
  return {};
}

Status NcclMesh::create_local(const std::vector<int>& sizes, const std::vector<int>& devices,
                              std::unique_ptr<NcclMesh>* out) {
  int64_t total = 0;
  if (Status s = check_sizes(sizes, &total); !s.ok()) return s;
  if (static_cast<int64_t>(devices.size()) != total) {
    return Status::error("mesh: " + std::to_string(devices.size()) + " devices for a mesh of " +
                         std::to_string(total));
  }
  std::unique_ptr<NcclMesh> mesh(new NcclMesh());
  mesh->sizes_ = sizes;
  std::vector<ncclComm_t> comms(devices.size(), nullptr);
  for (size_t i = 0; i < devices.size(); ++i) {
    auto m = std::make_unique<Member>();
    m->linear = static_cast<int>(i);
    m->device = devices[i];
    if (Status s = cuda_check("cudaSetDevice", cudaSetDevice(m->device)); !s.ok()) return s;
    if (Status s = cuda_check("cudaStreamCreateWithFlags",
                              cudaStreamCreateWithFlags(&m->stream, cudaStreamNonBlocking));
        !s.ok()) {
      return s;
    }
    mesh->members_.push_back(std::move(m));
  }
  TESSERA_NCCL(ncclCommInitAll(comms.data(), static_cast<int>(comms.size()), devices.data()));
  for (size_t i = 0; i < comms.size(); ++i) mesh->members_[i]->world = comms[i];
  if (Status s = mesh->split_axes(); !s.ok()) return s;
  *out = std::move(mesh);
  return {};
}

Status NcclMesh::create_distributed(const std::vector<int>& sizes, const LaunchEnv& env,
                                    const std::string& id_file, int timeout_ms,
                                    std::unique_ptr<NcclMesh>* out) {
  int64_t total = 0;
  if (Status s = check_sizes(sizes, &total); !s.ok()) return s;
  if (total != env.world) {
    return Status::error("mesh: a mesh of " + std::to_string(total) + " devices needs " +
                         std::to_string(total) + " processes, the launcher started " +
                         std::to_string(env.world) + " (" + env.source + ")");
  }
  ncclUniqueId id{};
  if (env.rank == 0) {
    TESSERA_NCCL(ncclGetUniqueId(&id));
    if (Status s = publish_unique_id(id_file, std::string(id.internal, sizeof(id.internal)));
        !s.ok()) {
      return s;
    }
  } else {
    std::string bytes;
    if (Status s = read_unique_id(id_file, sizeof(id.internal), timeout_ms, &bytes); !s.ok()) {
      return s;
    }
    std::copy(bytes.begin(), bytes.end(), id.internal);
  }
  std::unique_ptr<NcclMesh> mesh(new NcclMesh());
  mesh->sizes_ = sizes;
  auto m = std::make_unique<Member>();
  m->linear = env.rank;
  m->device = env.local_rank;
  if (Status s = cuda_check("cudaSetDevice", cudaSetDevice(m->device)); !s.ok()) return s;
  if (Status s = cuda_check("cudaStreamCreateWithFlags",
                            cudaStreamCreateWithFlags(&m->stream, cudaStreamNonBlocking));
      !s.ok()) {
    return s;
  }
  TESSERA_NCCL(ncclCommInitRank(&m->world, env.world, id, env.rank));
  mesh->members_.push_back(std::move(m));
  if (Status s = mesh->split_axes(); !s.ok()) return s;
  *out = std::move(mesh);
  return {};
}

Status NcclMesh::all_reduce(int axis, const std::vector<const void*>& send,
                            const std::vector<void*>& recv, int64_t count, LibDtype t, ReduceOp op,
                            bool deterministic) {
  if (axis < -1 || axis >= static_cast<int>(sizes_.size())) {
    return Status::error("all_reduce: axis " + std::to_string(axis) + " out of range");
  }
  if (send.size() != members_.size() || recv.size() != members_.size()) {
    return Status::error("all_reduce: one send and one recv buffer per member (" +
                         std::to_string(members_.size()) + ")");
  }
  ncclDataType_t type{};
  if (!nccl_type(t, &type)) {
    return Status::error(std::string("all_reduce: element type ") + dtype_name(t) +
                         " is not supported here (f32, bf16, f16, fp8, i32)");
  }
  int64_t bytes = 0;
  if (!checked_mul(count, dtype_bytes(t), &bytes)) {
    return Status::error("all_reduce: count " + std::to_string(count) + " overflows");
  }
  if (count == 0) return {};
  if (deterministic) return gather_then_fold(axis, send, recv, count, t, op);
  TESSERA_NCCL(ncclGroupStart());
  for (size_t i = 0; i < members_.size(); ++i) {
    Member& m = *members_[i];
    ncclComm_t comm = axis < 0 ? m.world : m.axes[static_cast<size_t>(axis)];
    ncclResult_t r = ncclAllReduce(send[i], recv[i], static_cast<size_t>(count), type, nccl_op(op),
                                   comm, m.stream);
    if (r != ncclSuccess) {
      (void)ncclGroupEnd();
      return Status::error(nccl_text("ncclAllReduce", r));
    }
  }
  TESSERA_NCCL(ncclGroupEnd());
  return {};
}

Status NcclMesh::gather_then_fold(int axis, const std::vector<const void*>& send,
                                  const std::vector<void*>& recv, int64_t count, LibDtype t,
                                  ReduceOp op) {
  if (fold_kernel_name(t, op).empty()) {
    return Status::error(std::string("deterministic all_reduce: no fold for ") + dtype_name(t));
  }
  int n = group_size(axis);
  int64_t need = 0;
  if (!checked_mul(count, n, &need) || !checked_mul(need, dtype_bytes(t), &need)) {
    return Status::error("deterministic all_reduce: " + std::to_string(n) + " x " +
                         std::to_string(count) + " elements overflow");
  }
  for (auto& m : members_) {
    if (Status s = cuda_check("cudaSetDevice", cudaSetDevice(m->device)); !s.ok()) return s;
    if (!m->fold) {
      int sm = 0;
      if (Status s = device_sm(m->device, &sm); !s.ok()) return s;
      if (Status s = FoldKernels::load(sm, &m->fold); !s.ok()) return s;
    }
    if (m->scratch_bytes < static_cast<size_t>(need)) {
      if (m->scratch) (void)cudaFree(m->scratch);
      m->scratch = nullptr;
      m->scratch_bytes = 0;
      if (Status s = cuda_check("cudaMalloc", cudaMalloc(&m->scratch, static_cast<size_t>(need)));
          !s.ok()) {
        return s;
      }
      m->scratch_bytes = static_cast<size_t>(need);
    }
  }
  ncclDataType_t type{};
  (void)nccl_type(t, &type);
  TESSERA_NCCL(ncclGroupStart());
  for (size_t i = 0; i < members_.size(); ++i) {
    Member& m = *members_[i];
    ncclComm_t comm = axis < 0 ? m.world : m.axes[static_cast<size_t>(axis)];
    ncclResult_t r =
        ncclAllGather(send[i], m.scratch, static_cast<size_t>(count), type, comm, m.stream);
    if (r != ncclSuccess) {
      (void)ncclGroupEnd();
      return Status::error(nccl_text("ncclAllGather", r));
    }
  }
  TESSERA_NCCL(ncclGroupEnd());
  for (size_t i = 0; i < members_.size(); ++i) {
    Member& m = *members_[i];
    if (Status s = cuda_check("cudaSetDevice", cudaSetDevice(m.device)); !s.ok()) return s;
    if (Status s = m.fold->fold(t, op, m.scratch, recv[i], count, n, m.stream); !s.ok()) return s;
  }
  return {};
}

Status NcclMesh::synchronize() {
  for (auto& m : members_) {
    if (Status s = cuda_check("cudaSetDevice", cudaSetDevice(m->device)); !s.ok()) return s;
    if (Status s = cuda_check("cudaStreamSynchronize", cudaStreamSynchronize(m->stream)); !s.ok()) {
      return s;
    }
    ncclResult_t async = ncclSuccess;
    TESSERA_NCCL(ncclCommGetAsyncError(m->world, &async));
    if (async != ncclSuccess) return Status::error(nccl_text("ncclCommGetAsyncError", async));
  }
  return {};
}

}  // namespace tessera::cuda::libs
