// Runs a mesh plan on CUDA streams, one per rank, in lockstep.
#include "backends/cuda/runtime/mesh_executor.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <mutex>
#include <set>

#include "backends/cuda/runtime/failure.h"
#include "backends/cuda/runtime/mesh_kernels.h"
#include "backends/cuda/runtime/params.h"
#include "core/numerics/dtype.h"
#include "plugins/plugin_support.h"
#ifdef TESSERA_CUDA_HAVE_LIBS
#include "backends/cuda/libs/fold_kernel.h"
#include "backends/cuda/libs/lib_status.h"
#include "backends/cuda/libs/nccl_mesh.h"
#endif

namespace tessera::cuda {

#ifdef TESSERA_CUDA_HAVE_LIBS
struct FoldCache::Folds {
  std::unique_ptr<libs::FoldKernels> kernels;
};
struct LoadedMeshProgram::Nccl {
  std::unique_ptr<libs::NcclMesh> mesh;
};
#else
struct FoldCache::Folds {};
struct LoadedMeshProgram::Nccl {};
#endif

namespace {

cudaStream_t stream_of(const Device* d) { return static_cast<cudaStream_t>(d->stream()); }

size_t elem_bytes(DType t) { return interp::mesh::element_bytes(t); }

#ifdef TESSERA_CUDA_HAVE_LIBS
/// A library Status (libs/) as a Failure; its message names the CUDA or NVRTC call.
void check_lib(const std::string& where, bool ok, const std::string& message) {
  if (!ok) throw Failure(TESSERA_ERROR_INTERNAL, where + ": " + message);
}
#endif

/// Whether ncclAllReduce may run a fold in default mode: not the integer avg (the spec truncates
/// the wrapped sum), not fp8 before sm_90 (NCCL's fp8 reductions need it).
bool nccl_reduces(const MeshFold& f, int sm) {
  if (f.op == interp::mesh::ReduceOp::avg && f.dtype == DType::i32) return false;
  if ((f.dtype == DType::f8e4m3 || f.dtype == DType::f8e5m2) && sm < 90) return false;
  return true;
}

/// Locks every device's mutex in address order (no deadlock with another execution).
class LockAll {
 public:
  explicit LockAll(std::set<Device*> devices) {
    for (Device* d : devices) locks_.emplace_back(d->mutex());
  }

 private:
  std::vector<std::unique_lock<std::mutex>> locks_;
};

}  // namespace

/// The lockstep state of one execution: each rank's stream and its last event.
class LoadedMeshProgram::Run {
 public:
  Run(const std::vector<Device*>& ranks, Completion& c) : ranks_(ranks), c_(c) {
    events_.assign(ranks.size(), nullptr);
  }
  ~Run() {
    for (void* e : events_)
      if (e != nullptr) (void)cudaEventDestroy(static_cast<cudaEvent_t>(e));
  }
  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;

  /// Records an event on every rank's stream (what the next step may read is written).
  void record_all() {
    for (size_t r = 0; r < ranks_.size(); ++r) {
      ranks_[r]->make_current();
      if (events_[r] == nullptr) {
        cudaEvent_t e = nullptr;
        check_cuda("cudaEventCreateWithFlags",
                   cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
        events_[r] = e;
      }
      check_cuda("cudaEventRecord",
                 cudaEventRecord(static_cast<cudaEvent_t>(events_[r]), stream_of(ranks_[r])));
    }
  }
  /// Makes rank `dst`'s stream wait for the last event of each rank in `srcs`.
  void wait_for(int64_t dst, const std::set<int64_t>& srcs) {
    for (int64_t s : srcs) {
      if (s == dst) continue;
      check_cuda("cudaStreamWaitEvent",
                 cudaStreamWaitEvent(stream_of(ranks_[static_cast<size_t>(dst)]),
                                     static_cast<cudaEvent_t>(events_[static_cast<size_t>(s)]), 0));
    }
  }
  Device* rank(int64_t r) const { return ranks_[static_cast<size_t>(r)]; }
  Completion& completion() { return c_; }

 private:
  const std::vector<Device*>& ranks_;
  Completion& c_;
  std::vector<void*> events_;
};

namespace {

using Run = LoadedMeshProgram::Run;

void copy(Run& run, const MeshCopy& c, const DeviceTensor& src, const DeviceTensor& dst,
          size_t es) {
  if (c.count == 0 || c.rows == 0) return;
  Device* sd = run.rank(c.src_rank);
  Device* dd = run.rank(c.dst_rank);
  dd->make_current();
  const auto* s = static_cast<const char*>(src.memory->data());
  auto* d = static_cast<char*>(dst.memory->data());
  const size_t width = static_cast<size_t>(c.count) * es;
  if (sd->index() == dd->index()) {
    if (c.rows == 1) {
      check_cuda("cudaMemcpyAsync", cudaMemcpyAsync(d + static_cast<size_t>(c.dst_elem) * es,
                                                    s + static_cast<size_t>(c.src_elem) * es, width,
                                                    cudaMemcpyDeviceToDevice, stream_of(dd)));
      return;
    }
    check_cuda("cudaMemcpy2DAsync",
               cudaMemcpy2DAsync(
                   d + static_cast<size_t>(c.dst_elem) * es, static_cast<size_t>(c.dst_pitch) * es,
                   s + static_cast<size_t>(c.src_elem) * es, static_cast<size_t>(c.src_pitch) * es,
                   width, static_cast<size_t>(c.rows), cudaMemcpyDeviceToDevice, stream_of(dd)));
    return;
  }
  for (int64_t j = 0; j < c.rows; ++j)
    check_cuda(
        "cudaMemcpyPeerAsync",
        cudaMemcpyPeerAsync(d + static_cast<size_t>(c.dst_elem + j * c.dst_pitch) * es, dd->index(),
                            s + static_cast<size_t>(c.src_elem + j * c.src_pitch) * es, sd->index(),
                            width, stream_of(dd)));
}

}  // namespace

FoldCache::FoldCache() = default;
FoldCache::~FoldCache() = default;

FoldCache::Folds& FoldCache::get(Device& d) {
  std::lock_guard<std::mutex> lock(mu_);
  auto& k = by_gpu_[d.index()];
  if (!k) {
    auto f = std::make_unique<Folds>();
#ifdef TESSERA_CUDA_HAVE_LIBS
    d.make_current();
    libs::Status st = libs::FoldKernels::load(d.sm(), &f->kernels);
    check_lib("fold kernels", st.ok(), st.message());
#endif
    k = std::move(f);
  }
  return *k;
}

LoadedMeshProgram::LoadedMeshProgram(std::vector<Device*> ranks, MeshPlan plan, FoldCache& folds,
                                     bool deterministic)
    : ranks_(std::move(ranks)), plan_(std::move(plan)) {
  if (static_cast<int64_t>(ranks_.size()) != plan_.ranks)
    throw Failure(TESSERA_ERROR_INTERNAL, "mesh: device count differs from the plan's ranks");
  check_fold_kernels(plan_);  // UNIMPLEMENTED for a fold without a kernel (mesh_kernels.h)
  for (const MeshStep& s : plan_.steps) {
    for (const MeshFold& f : s.folds) {
      (void)f;  // unused without the libraries
#ifdef TESSERA_CUDA_HAVE_LIBS
      Device* d = ranks_[static_cast<size_t>(f.dst_rank)];
      if (folds_.count(d->index()) == 0) folds_[d->index()] = &folds.get(*d);
#else
      (void)folds;
#endif
    }
  }
  // NCCL refuses two ranks on one GPU: only when every rank has a GPU of its own.
  std::set<int> gpus;
  for (const Device* d : ranks_) gpus.insert(d->index());
  bool nccl = !deterministic && gpus.size() == ranks_.size() && ranks_.size() > 1;
  bool any = false;
  for (const MeshStep& s : plan_.steps) any = any || s.nccl_axis != -2;
#ifdef TESSERA_CUDA_HAVE_LIBS
  if (nccl && any) {
    std::vector<int> sizes, devices;
    for (int64_t e : plan_.mesh_shape) sizes.push_back(static_cast<int>(e));
    for (const Device* d : ranks_) devices.push_back(d->index());
    nccl_ = std::make_unique<Nccl>();
    libs::Status st = libs::NcclMesh::create_local(sizes, devices, &nccl_->mesh);
    check_lib("mesh: NCCL communicators", st.ok(), st.message());
  }
#else
  (void)nccl;
  (void)any;
#endif
  for (const MeshStep& s : plan_.steps)
    programs_.push_back(s.compute ? std::make_unique<LoadedProgram>(*ranks_[0], *s.compute)
                                  : nullptr);
  for (const MeshStep& s : plan_.steps) {
    consts_.emplace_back();
    for (const MeshConst& c : s.consts) {
      Device* d = ranks_[static_cast<size_t>(c.rank)];
      auto mem = std::make_shared<DeviceMemory>(d->index(), c.bytes.size());
      std::lock_guard<std::mutex> lock(d->mutex());
      d->upload(mem->data(), c.bytes.data(), c.bytes.size());
      consts_.back().push_back(std::move(mem));
    }
  }
}

LoadedMeshProgram::~LoadedMeshProgram() = default;

std::vector<std::vector<DeviceTensor>> LoadedMeshProgram::enqueue(
    const std::vector<std::vector<DeviceTensor>>& inputs, std::unique_ptr<Completion>& done) {
  const size_t n = ranks_.size();
  if (inputs.size() != n)
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                  "execute: " + std::to_string(inputs.size()) +
                      " argument lists for an executable compiled for " + std::to_string(n) +
                      " ranks");
  std::set<Device*> devices(ranks_.begin(), ranks_.end());
  for (size_t r = 0; r < n; ++r) {
    if (inputs[r].size() != plan_.inputs.size())
      throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                    "execute: rank " + std::to_string(r) + " passes " +
                        std::to_string(inputs[r].size()) + " arguments, the entry takes " +
                        std::to_string(plan_.inputs.size()));
    for (size_t i = 0; i < inputs[r].size(); ++i) {
      const DeviceTensor& t = inputs[r][i];
      const TensorSpec& want = plan_.inputs[i];
      if (t.dtype != want.dtype || t.shape != want.shape)
        throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                      "execute: rank " + std::to_string(r) + " argument " + std::to_string(i) +
                          " is " + shape_text(t.dtype, t.shape) + ", the entry takes " +
                          shape_text(want.dtype, want.shape));
      devices.insert(t.device);
    }
  }
  LockAll lock(devices);
  auto c = std::make_unique<Completion>();
  Run run(ranks_, *c);
  try {
    return enqueue_steps(inputs, run, c, done);
  } catch (...) {
    // Work already enqueued may still read or write what `c` holds: let it finish first.
    for (Device* d : ranks_) {
      (void)cudaSetDevice(d->index());
      (void)cudaStreamSynchronize(stream_of(d));
    }
    throw;
  }
}

std::vector<std::vector<DeviceTensor>> LoadedMeshProgram::enqueue_steps(
    const std::vector<std::vector<DeviceTensor>>& inputs, Run& run, std::unique_ptr<Completion>& c,
    std::unique_ptr<Completion>& done) {
  const size_t n = ranks_.size();
  // An argument made on another stream (another rank's device object): wait for it.
  for (size_t r = 0; r < n; ++r)
    for (const DeviceTensor& t : inputs[r])
      if (t.device != ranks_[r]) {
        t.device->make_current();
        cudaEvent_t e = nullptr;
        check_cuda("cudaEventCreateWithFlags",
                   cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
        c->extra_events.emplace_back(t.device->index(), e);
        check_cuda("cudaEventRecord", cudaEventRecord(e, stream_of(t.device)));
        check_cuda("cudaStreamWaitEvent", cudaStreamWaitEvent(stream_of(ranks_[r]), e, 0));
      }
  std::vector<std::vector<DeviceTensor>> slots(n, std::vector<DeviceTensor>(plan_.slots.size()));
  for (size_t r = 0; r < n; ++r)
    for (size_t i = 0; i < inputs[r].size(); ++i) {
      slots[r][i] = inputs[r][i];
      c->keep_alive.push_back(inputs[r][i].memory);
    }
  run.record_all();
  for (size_t k = 0; k < plan_.steps.size(); ++k) {
    const MeshStep& s = plan_.steps[k];
    if (s.compute) {  // every rank runs the op's kernels on its own buffers and stream
      for (size_t r = 0; r < n; ++r) {
        std::vector<DeviceTensor> ins;
        for (int slot : s.operands) ins.push_back(slots[r][static_cast<size_t>(slot)]);
        std::vector<DeviceTensor> outs = programs_[k]->enqueue_on(*ranks_[r], ins, *c);
        if (outs.size() != s.results.size())
          throw Failure(TESSERA_ERROR_INTERNAL, s.where + ": compute step result count");
        for (size_t j = 0; j < outs.size(); ++j)
          slots[r][static_cast<size_t>(s.results[j])] = std::move(outs[j]);
      }
      run.record_all();
      continue;
    }
    const bool by_nccl = nccl_ != nullptr && s.nccl_axis != -2 && !s.folds.empty() &&
                         nccl_reduces(s.folds.front(), ranks_[0]->sm());
    for (size_t j = 0; j < s.results.size(); ++j) {
      const TensorSpec& spec = s.result_types[j];
      auto bytes = plugins::support::packed_byte_size(spec.dtype, spec.shape);
      if (!bytes)
        throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                      s.where + ": result " + shape_text(spec.dtype, spec.shape) + " is too large");
      for (size_t r = 0; r < n; ++r) {
        Device* d = ranks_[r];
        d->make_current();
        DeviceTensor t{
            d, spec.dtype, spec.shape, *bytes, std::make_shared<DeviceMemory>(d->index(), *bytes),
            {}};
        if (*bytes > 0)  // an empty tensor: one byte allocated, none used
          check_cuda("cudaMemsetAsync", cudaMemsetAsync(t.memory->data(), 0, *bytes, stream_of(d)));
        c->keep_alive.push_back(t.memory);
        slots[r][static_cast<size_t>(s.results[j])] = std::move(t);
      }
    }
    if (by_nccl) {
      nccl_all_reduce(k, run, slots, *c);
      run.record_all();
      continue;
    }
    // Each destination rank waits for the ranks it reads (their last step is recorded).
    std::map<int64_t, std::set<int64_t>> reads;
    for (const MeshCopy& m : s.copies) reads[m.dst_rank].insert(m.src_rank);
    for (const MeshFold& f : s.folds) reads[f.dst_rank].insert(f.members.begin(), f.members.end());
    for (const auto& [dst, srcs] : reads) run.wait_for(dst, srcs);
    for (const MeshCopy& m : s.copies)
      copy(run, m, slots[static_cast<size_t>(m.src_rank)][static_cast<size_t>(m.src_slot)],
           slots[static_cast<size_t>(m.dst_rank)][static_cast<size_t>(m.dst_slot)],
           elem_bytes(plan_.slots[static_cast<size_t>(m.dst_slot)].dtype));
    for (const MeshFold& f : s.folds) {
      (void)f;  // unused without the libraries
#ifdef TESSERA_CUDA_HAVE_LIBS
      const size_t es = elem_bytes(f.dtype);
      Device* d = ranks_[static_cast<size_t>(f.dst_rank)];
      const size_t width = static_cast<size_t>(f.count) * es;
      auto scratch = std::make_shared<DeviceMemory>(d->index(), width * f.members.size());
      c->keep_alive.push_back(scratch);
      for (size_t g = 0; g < f.members.size(); ++g) {
        // Member g's elements go to row g of the scratch buffer.
        const MeshCopy m{
            f.members[g], f.dst_rank, f.src_slot, 0, f.src_elem, static_cast<int64_t>(g) * f.count,
            f.count};
        const DeviceTensor rows{d, f.dtype, {}, width * f.members.size(), scratch, {}};
        copy(run, m, slots[static_cast<size_t>(m.src_rank)][static_cast<size_t>(f.src_slot)], rows,
             es);
      }
      libs::LibDtype t{};
      libs::ReduceOp op{};
      (void)fold_kernel_of(f, &t, &op);
      d->make_current();
      auto& dst = slots[static_cast<size_t>(f.dst_rank)][static_cast<size_t>(f.dst_slot)];
      libs::Status st =
          folds_.at(d->index())
              ->kernels->fold(
                  t, op, scratch->data(),
                  static_cast<char*>(dst.memory->data()) + static_cast<size_t>(f.dst_elem) * es,
                  f.count, static_cast<int>(f.members.size()), stream_of(d));
      check_lib(s.where, st.ok(), st.message());
#endif
    }
    for (size_t j = 0; j < s.consts.size(); ++j) {
      const MeshConst& m = s.consts[j];
      Device* d = ranks_[static_cast<size_t>(m.rank)];
      d->make_current();
      auto& dst = slots[static_cast<size_t>(m.rank)][static_cast<size_t>(m.slot)];
      check_cuda("cudaMemcpyAsync",
                 cudaMemcpyAsync(dst.memory->data(), consts_[k][j]->data(), m.bytes.size(),
                                 cudaMemcpyDeviceToDevice, stream_of(d)));
      c->keep_alive.push_back(consts_[k][j]);
    }
    run.record_all();
  }
  std::vector<std::vector<DeviceTensor>> outs(n);
  for (size_t r = 0; r < n; ++r) {
    ranks_[r]->make_current();
    cudaEvent_t e = nullptr;
    check_cuda("cudaEventCreateWithFlags", cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    if (r == 0) {
      c->device = ranks_[0]->index();
      c->event = e;
    } else {
      c->extra_events.emplace_back(ranks_[r]->index(), e);
    }
    check_cuda("cudaEventRecord", cudaEventRecord(e, stream_of(ranks_[r])));
    for (int slot : plan_.returns) outs[r].push_back(slots[r][static_cast<size_t>(slot)]);
  }
  done = std::move(c);
  return outs;
}

void LoadedMeshProgram::nccl_all_reduce(size_t k, Run& run,
                                        std::vector<std::vector<DeviceTensor>>& slots,
                                        Completion& c) {
#ifdef TESSERA_CUDA_HAVE_LIBS
  const MeshStep& s = plan_.steps[k];
  const MeshFold& f0 = s.folds.front();
  libs::LibDtype t{};
  libs::ReduceOp op{};
  (void)fold_kernel_of(f0, &t, &op);
  std::vector<const void*> send;
  std::vector<void*> recv;
  for (size_t r = 0; r < ranks_.size(); ++r) {
    send.push_back(slots[r][static_cast<size_t>(f0.src_slot)].memory->data());
    recv.push_back(slots[r][static_cast<size_t>(f0.dst_slot)].memory->data());
  }
  libs::NcclMesh& mesh = *nccl_->mesh;
  // NCCL's streams wait for each rank's stream (its input and zeroed result), then each rank's
  // stream waits for NCCL's.
  auto hand_over = [&](int gpu, cudaStream_t from, cudaStream_t to) {
    check_cuda("cudaSetDevice", cudaSetDevice(gpu));
    cudaEvent_t e = nullptr;
    check_cuda("cudaEventCreateWithFlags", cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    c.extra_events.emplace_back(gpu, e);
    check_cuda("cudaEventRecord", cudaEventRecord(e, from));
    check_cuda("cudaStreamWaitEvent", cudaStreamWaitEvent(to, e, 0));
  };
  for (size_t r = 0; r < ranks_.size(); ++r)
    hand_over(ranks_[r]->index(), stream_of(ranks_[r]), mesh.stream(static_cast<int>(r)));
  libs::Status st = mesh.all_reduce(s.nccl_axis, send, recv, f0.count, t, op, false);
  check_lib(s.where, st.ok(), st.message());
  for (size_t r = 0; r < ranks_.size(); ++r)
    hand_over(ranks_[r]->index(), mesh.stream(static_cast<int>(r)), stream_of(ranks_[r]));
  (void)run;
#else
  (void)k;
  (void)run;
  (void)slots;
  (void)c;
#endif
}

}  // namespace tessera::cuda
