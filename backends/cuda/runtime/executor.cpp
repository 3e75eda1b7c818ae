// Runs a compiled program on a device.
#include "backends/cuda/runtime/executor.h"

#include <cuda_runtime_api.h>

#include <cstring>
#include <map>

#include "backends/cuda/runtime/failure.h"
#include "backends/cuda/runtime/params.h"
#include "plugins/plugin_support.h"

namespace tessera::cuda {
namespace {

cudaStream_t stream_of(const Device& d) { return static_cast<cudaStream_t>(d.stream()); }

/// The scalar parameter for a one-element tensor, downloading it unless its bytes are on the host.
ParamBytes scalar_param(Device& dev, const DeviceTensor& t, DType dtype, const LaunchStep& s,
                        size_t k) {
  std::string raw = t.host_copy;
  if (raw.size() != t.bytes && t.bytes <= 8) {
    raw.assign(t.bytes, '\0');
    dev.download(raw.data(), t.memory->data(), t.bytes);
  }
  return pack_scalar(t.dtype, t.shape, raw, dtype, s.where, k);
}

DeviceTensor new_output(Device& dev, const TensorSpec& spec) {
  auto bytes = plugins::support::packed_byte_size(spec.dtype, spec.shape);
  if (!bytes)
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                  "output " + shape_text(spec.dtype, spec.shape) + " is too large");
  DeviceTensor t{
      &dev, spec.dtype, spec.shape, *bytes, std::make_shared<DeviceMemory>(dev.index(), *bytes),
      {}};
  // The interpreter's outputs start zeroed (docs/ops/target/launch.md); so do these. An empty
  // tensor (one byte allocated, none used) calls nothing.
  if (*bytes > 0)
    check_cuda("cudaMemsetAsync", cudaMemsetAsync(t.memory->data(), 0, *bytes, stream_of(dev)));
  return t;
}

}  // namespace

DeviceTensor tensor_from_host(Device& device, DType dtype, const std::vector<int64_t>& shape,
                              const void* data, size_t bytes) {
  DeviceTensor t{
      &device, dtype, shape, bytes, std::make_shared<DeviceMemory>(device.index(), bytes), {}};
  std::lock_guard<std::mutex> lock(device.mutex());
  device.upload(t.memory->data(), data, bytes);
  if (bytes <= kHostCopyLimit) t.host_copy.assign(static_cast<const char*>(data), bytes);
  return t;
}

Completion::~Completion() {
  for (const auto& [dev, ev] : extra_events) {
    (void)cudaSetDevice(dev);
    (void)cudaEventSynchronize(static_cast<cudaEvent_t>(ev));
    (void)cudaEventDestroy(static_cast<cudaEvent_t>(ev));
  }
  if (event == nullptr) return;
  (void)cudaSetDevice(device);
  (void)cudaEventSynchronize(static_cast<cudaEvent_t>(event));
  (void)cudaEventDestroy(static_cast<cudaEvent_t>(event));
}

void Completion::wait() const {
  for (const auto& [dev, ev] : extra_events) {
    check_cuda("cudaSetDevice", cudaSetDevice(dev));
    check_cuda("cudaEventSynchronize", cudaEventSynchronize(static_cast<cudaEvent_t>(ev)));
  }
  if (event == nullptr) return;
  check_cuda("cudaSetDevice", cudaSetDevice(device));
  check_cuda("cudaEventSynchronize", cudaEventSynchronize(static_cast<cudaEvent_t>(event)));
}

LoadedProgram::LoadedProgram(Device& device, CompiledProgram program)
    : device_(device), program_(std::move(program)) {
  if (program_.cubin.image.empty()) {  // nothing generated: library steps only, or none
    kernels_.assign(program_.plan.steps.size(), nullptr);
    return;
  }
  device_.make_current();
  cudaLibrary_t lib = nullptr;
  check_cuda("cudaLibraryLoadData", cudaLibraryLoadData(&lib, program_.cubin.image.data(), nullptr,
                                                        nullptr, 0, nullptr, nullptr, 0));
  library_ = lib;
  try {
    resolve_kernels();
  } catch (...) {
    (void)cudaLibraryUnload(lib);  // the destructor does not run for a throwing constructor
    throw;
  }
}

void LoadedProgram::resolve_kernels() {
  auto lib = static_cast<cudaLibrary_t>(library_);
  std::map<std::string, void*> by_name;
  for (const LaunchStep& s : program_.plan.steps) {
    if (s.symbol.empty()) {  // a library step without a generated kernel
      kernels_.push_back(nullptr);
      continue;
    }
    void*& k = by_name[s.symbol];
    if (k == nullptr) {
      cudaKernel_t kernel = nullptr;
      check_cuda("cudaLibraryGetKernel", cudaLibraryGetKernel(&kernel, lib, s.symbol.c_str()));
      k = reinterpret_cast<void*>(kernel);
    }
    // A block larger than the kernel's registers allow fails every launch: say why, once.
    cudaFuncAttributes attr{};
    check_cuda("cudaFuncGetAttributes", cudaFuncGetAttributes(&attr, k));
    const unsigned threads = s.block[0] * s.block[1] * s.block[2];
    if (threads > static_cast<unsigned>(attr.maxThreadsPerBlock))
      throw Failure(TESSERA_ERROR_INTERNAL,
                    s.where + ": kernel " + s.symbol + " uses " + std::to_string(attr.numRegs) +
                        " registers per thread, so a block holds at most " +
                        std::to_string(attr.maxThreadsPerBlock) + " threads; the launch asks for " +
                        std::to_string(threads));
    kernels_.push_back(k);
  }
}

LoadedProgram::~LoadedProgram() {
  if (library_ != nullptr) (void)cudaLibraryUnload(static_cast<cudaLibrary_t>(library_));
}

std::vector<DeviceTensor> LoadedProgram::enqueue(const std::vector<DeviceTensor>& inputs,
                                                 std::unique_ptr<Completion>& done) {
  const HostPlan& plan = program_.plan;
  if (inputs.size() != plan.inputs.size())
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, "execute: " + std::to_string(inputs.size()) +
                                                      " arguments given, the entry takes " +
                                                      std::to_string(plan.inputs.size()));
  for (size_t i = 0; i < inputs.size(); ++i) {
    const TensorSpec& want = plan.inputs[i];
    if (inputs[i].dtype != want.dtype || inputs[i].shape != want.shape)
      throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                    "execute: argument " + std::to_string(i) + " is " +
                        shape_text(inputs[i].dtype, inputs[i].shape) + ", the entry takes " +
                        shape_text(want.dtype, want.shape));
  }
  std::lock_guard<std::mutex> lock(device_.mutex());
  auto c = std::make_unique<Completion>();
  c->device = device_.index();
  std::vector<DeviceTensor> outs = enqueue_on(device_, inputs, *c);
  cudaEvent_t ev = nullptr;
  check_cuda("cudaEventCreateWithFlags", cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
  c->event = ev;
  check_cuda("cudaEventRecord", cudaEventRecord(ev, stream_of(device_)));
  done = std::move(c);
  return outs;
}

std::vector<DeviceTensor> LoadedProgram::enqueue_on(Device& dev,
                                                    const std::vector<DeviceTensor>& inputs,
                                                    Completion& done) {
  const HostPlan& plan = program_.plan;
  Completion* c = &done;
  dev.make_current();
  std::vector<DeviceTensor> slots(static_cast<size_t>(plan.num_slots));
  for (size_t i = 0; i < inputs.size(); ++i) slots[i] = inputs[i];
  for (size_t n = 0; n < plan.steps.size(); ++n) {
    const LaunchStep& s = plan.steps[n];
    for (size_t r = 0; r < s.results.size(); ++r) {
      DeviceTensor& out = slots[static_cast<size_t>(s.results[r])];
      out = new_output(dev, s.result_types[r]);
      if (r >= s.init_from.size() || s.init_from[r] < 0) continue;
      const DeviceTensor& init = slots[static_cast<size_t>(s.init_from[r])];  // same type
      if (init.bytes != out.bytes)
        throw Failure(TESSERA_ERROR_INTERNAL, s.where + ": result " + std::to_string(r) +
                                                  " starts from a buffer of another size");
      if (out.bytes > 0)
        check_cuda("cudaMemcpyAsync",
                   cudaMemcpyAsync(out.memory->data(), init.memory->data(), out.bytes,
                                   cudaMemcpyDeviceToDevice, stream_of(dev)));
      c->keep_alive.push_back(init.memory);
    }
    if (s.empty) continue;  // zero-element results: allocated, nothing to compute
    if (s.copy) {           // a host reshape: the same bytes under the result's shape
      const DeviceTensor& in = slots[static_cast<size_t>(s.operands[0])];
      const DeviceTensor& out = slots[static_cast<size_t>(s.results[0])];
      if (in.bytes != out.bytes)
        throw Failure(TESSERA_ERROR_INTERNAL, s.where + ": reshape of " + std::to_string(in.bytes) +
                                                  " bytes into " + std::to_string(out.bytes));
      if (in.bytes > 0)
        check_cuda("cudaMemcpyAsync",
                   cudaMemcpyAsync(out.memory->data(), in.memory->data(), in.bytes,
                                   cudaMemcpyDeviceToDevice, stream_of(dev)));
      c->keep_alive.push_back(in.memory);
      c->keep_alive.push_back(out.memory);
      continue;
    }
    if (s.library) {  // a vendor library may carry this op out (default mode; library_hook.h)
      std::vector<const DeviceTensor*> ins, outs;
      for (int k : s.operands) ins.push_back(&slots[static_cast<size_t>(k)]);
      for (int k : s.results) outs.push_back(&slots[static_cast<size_t>(k)]);
      for (const DeviceTensor* t : ins) c->keep_alive.push_back(t->memory);
      for (const DeviceTensor* t : outs) c->keep_alive.push_back(t->memory);
      if (s.library->enqueue(dev.stream(), ins, outs)) continue;
      if (s.symbol.empty())
        unimplemented(s.where + ": " + s.library->name() +
                      " declined this op and there is no generated kernel for it");
    }
    std::vector<ParamBytes> params;
    const size_t nin = s.operands.size();
    for (size_t k = 0; k < s.params.size(); ++k) {
      const DeviceTensor& t =
          slots[static_cast<size_t>(k < nin ? s.operands[k] : s.results[k - nin])];
      if (s.params[k].memref)
        pack_memref(t.dtype, t.shape, t.memory->data(), s.params[k], s.where, k, params);
      else
        params.push_back(scalar_param(dev, t, s.params[k].dtype, s, k));
      c->keep_alive.push_back(t.memory);
    }
    std::vector<void*> argv;
    for (ParamBytes& p : params) argv.push_back(p.b);
    check_cuda(
        "cudaLaunchKernel",
        cudaLaunchKernel(kernels_[n], dim3(s.grid[0], s.grid[1], s.grid[2]),
                         dim3(s.block[0], s.block[1], s.block[2]), argv.data(), 0, stream_of(dev)));
  }
  std::vector<DeviceTensor> outs;
  for (int slot : plan.returns) outs.push_back(slots[static_cast<size_t>(slot)]);
  return outs;
}

}  // namespace tessera::cuda
