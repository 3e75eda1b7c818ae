// The CUDA backend behind the plugin ABI: the client, device probing, capabilities and compile
// (backends/cuda/runtime/ holds the runtime; abi_buffers.cpp the buffer, execute and event
// slots; plugins/standard_slots.h the destroy and info slots). Without a device every slot that
// needs one fails with UNAVAILABLE and the reason.
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "backends/cuda/runtime/abi_objects.h"
#include "backends/cuda/runtime/compile.h"
#include "backends/cuda/runtime/mesh_executor.h"
#include "plugins/standard_slots.h"

namespace slots = tessera::plugins::slots;
namespace support = tessera::plugins::support;
namespace cuda = tessera::cuda;

cuda::Device& TesseraClient::device(int64_t index) {
  if (probe.device_count == 0)
    throw cuda::Failure(TESSERA_ERROR_UNAVAILABLE, probe.unavailable_reason);
  if (index < 0 || index >= cuda::kMaxMeshRanks)
    throw cuda::Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                        "device " + std::to_string(index) + " is outside [0, " +
                            std::to_string(cuda::kMaxMeshRanks) + ")");
  std::lock_guard<std::mutex> lock(mu);
  if (devices.empty()) devices.resize(static_cast<size_t>(cuda::kMaxMeshRanks));
  auto& d = devices[static_cast<size_t>(index)];
  // Rank `index` on GPU index % G; ranks beyond the GPUs are virtual (own stream and buffers).
  if (!d)
    d = std::make_unique<cuda::Device>(
        cuda::rank_device(index, static_cast<int>(probe.device_count)));
  return *d;
}

namespace {

/// The dtypes the generator maps to CUDA types (codegen/emitter.cpp mem_type), and i4, which
/// buffers hold packed as the interpreter does (two per byte, low nibble first) though no Tile
/// IR memory does: kernels see them as i8 bytes (launch_c3); a program whose i4 computation
/// does not lower is refused at compile with the lowering's reason (docs/cuda.md, "Dtypes").
/// Not taken: tf32 (compute only) and the complex types.
uint64_t supported_dtypes() {
  using tessera::DType;
  uint64_t m = 0;
  for (DType t :
       {DType::f64,    DType::f32,    DType::f16,    DType::bf16, DType::f8e4m3, DType::f8e5m2,
        DType::f6e2m3, DType::f6e3m2, DType::f4e2m1, DType::e8m0, DType::i1,     DType::i4,
        DType::i8,     DType::i16,    DType::i32,    DType::i64,  DType::index,  DType::u8,
        DType::u16,    DType::u32,    DType::u64})
    m |= uint64_t{1} << static_cast<int>(t);
  return m;
}

/// Deterministic mode: asked for by the compile options or TESSERA_DETERMINISM_REQUIRED=1.
bool determinism_from_env() {
  const char* v = std::getenv("TESSERA_DETERMINISM_REQUIRED");
  return v != nullptr && std::strcmp(v, "1") == 0;
}

TesseraError* client_create(TesseraClientCreateArgs* args) {
  return support::checked_slot(
      "client_create", args, TESSERA_CLIENT_CREATE_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        // Succeeds without a device (ABI: capabilities then say why the backend is unusable).
        auto client = std::make_unique<TesseraClient>();
        client->probe = tessera::cuda::probe_devices();
        client->version = "0.1.0 (NVRTC " + tessera::cuda::nvrtc_version_text() + ", " +
                          std::to_string(client->probe.device_count) + " device(s))";
        client->cache = cuda::CubinCache(cuda::default_cache_dir());
        args->client = client.release();
        return nullptr;
      });
}

TesseraError* client_capabilities(TesseraClientCapabilitiesArgs* args) {
  return support::checked_slot(
      "client_capabilities", args, TESSERA_CLIENT_CAPABILITIES_ARGS_STRUCT_SIZE,
      [&]() -> TesseraError* {
        TesseraCapabilities* caps = args->capabilities;
        if (args->client == nullptr || caps == nullptr) {
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                     "client_capabilities: NULL client or capabilities");
        }
        const tessera::cuda::DeviceProbe& p = args->client->probe;
        // With a device: the generator's dtypes, every level (Graph, Schedule and Tile IR are
        // lowered to Target IR), and deterministic mode (generated kernels only). Without: nothing.
        const bool usable = p.device_count > 0;
        if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, dtype_mask))
          caps->dtype_mask = usable ? supported_dtypes() : 0;
        if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, ir_level_mask))
          caps->ir_level_mask = usable ? TESSERA_IR_LEVEL_GRAPH | TESSERA_IR_LEVEL_SCHEDULE |
                                             TESSERA_IR_LEVEL_TILE | TESSERA_IR_LEVEL_TARGET
                                       : 0;
        if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, deterministic))
          caps->deterministic = usable ? 1 : 0;
        // Meshes: rank r on GPU r % G (virtual ranks beyond the GPUs); device_get takes a rank.
        if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, max_mesh_size))
          caps->max_mesh_size = usable ? cuda::kMaxMeshRanks : 1;
        if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, device_count))
          caps->device_count = usable ? cuda::kMaxMeshRanks : 0;
        if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, num_op_names)) {
          caps->op_names = nullptr;
          caps->num_op_names = 0;
        }
        if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, unavailable_reason)) {
          caps->unavailable_reason =
              p.unavailable_reason.empty() ? nullptr : p.unavailable_reason.c_str();
        }
        return nullptr;
      });
}

TesseraError* device_get(TesseraDeviceGetArgs* args) {
  return cuda::checked_slot(
      "device_get", args, TESSERA_DEVICE_GET_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        if (args->client == nullptr)
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT, "device_get: NULL client");
        const tessera::cuda::DeviceProbe& p = args->client->probe;
        if (p.device_count == 0)
          return support::make_error(TESSERA_ERROR_UNAVAILABLE,
                                     "device_get: " + p.unavailable_reason);
        if (args->index < 0 || args->index >= cuda::kMaxMeshRanks) {
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                     "device_get: index " + std::to_string(args->index) +
                                         " is outside [0, " + std::to_string(cuda::kMaxMeshRanks) +
                                         ")");
        }
        (void)args->client->device(args->index);  // opens it: properties, stream
        args->device = new TesseraDevice{args->index};
        return nullptr;
      });
}

/// A mesh program (num_devices > 1): its plan over every rank (runtime/mesh_plan.h), each rank
/// opened on its GPU. Deterministic and default mode run the same plan (rank-order folds).
TesseraError* compile_mesh(TesseraCompileArgs* args, const cuda::CompileRequest& req,
                           int64_t ranks) {
  std::vector<cuda::Device*> devs;
  for (int64_t r = 0; r < ranks; ++r) devs.push_back(&args->client->device(r));
  auto exe = std::make_unique<TesseraExecutable>();
  cuda::MeshCompile compute;  // compute ops: one program per op, as single-device compiles
  compute.sm = devs[0]->sm();
  compute.deterministic = req.deterministic;
  compute.library = req.library;
  compute.cache = &args->client->cache;
  cuda::MeshPlan plan =
      cuda::mesh_plan_from_text(req.text, req.source_name, req.entry, ranks, &compute);
  exe->num_outputs = plan.returns.size();
  exe->mesh = std::make_unique<cuda::LoadedMeshProgram>(std::move(devs), std::move(plan),
                                                        args->client->folds, req.deterministic);
  args->executable = exe.release();
  return nullptr;
}

TesseraError* compile(TesseraCompileArgs* args) {
  return cuda::checked_slot(
      "compile", args, TESSERA_COMPILE_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        if (args->client == nullptr || (args->module_text == nullptr && args->module_text_size))
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                     "compile: NULL client or text");
        const tessera::cuda::DeviceProbe& p = args->client->probe;
        if (p.device_count == 0)
          return support::make_error(TESSERA_ERROR_UNAVAILABLE, "compile: " + p.unavailable_reason);
        cuda::CompileRequest req;
        int64_t ranks = 1;
        req.text.assign(args->module_text ? args->module_text : "", args->module_text_size);
        req.deterministic = determinism_from_env();
        if (const TesseraCompileOptions* o = args->options) {
          if (o->struct_size < TESSERA_STRUCT_SIZE(TesseraCompileOptions, extension))
            return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                       "compile: options struct_size is too small");
          if (TESSERA_HAS_FIELD(o, TesseraCompileOptions, entry) && o->entry && *o->entry)
            req.entry = o->entry;
          if (TESSERA_HAS_FIELD(o, TesseraCompileOptions, determinism)) {
            if (o->determinism != TESSERA_DETERMINISM_DEFAULT &&
                o->determinism != TESSERA_DETERMINISM_REQUIRED)
              return support::make_error(
                  TESSERA_ERROR_INVALID_ARGUMENT,
                  "compile: unknown determinism value " + std::to_string(o->determinism));
            req.deterministic = req.deterministic || o->determinism == TESSERA_DETERMINISM_REQUIRED;
          }
          if (TESSERA_HAS_FIELD(o, TesseraCompileOptions, threads) && o->threads < 0)
            return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT, "compile: threads < 0");
          if (TESSERA_HAS_FIELD(o, TesseraCompileOptions, source_name) && o->source_name)
            req.source_name = o->source_name;
          if (TESSERA_HAS_FIELD(o, TesseraCompileOptions, num_devices)) {
            if (o->num_devices < 0)
              return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                         "compile: num_devices < 0");
            if (o->num_devices > cuda::kMaxMeshRanks)
              return support::make_error(TESSERA_ERROR_UNIMPLEMENTED,
                                         "compile: a mesh of " + std::to_string(o->num_devices) +
                                             " ranks; the CUDA backend runs at most " +
                                             std::to_string(cuda::kMaxMeshRanks));
            ranks = o->num_devices;
          }
        }
        if (ranks > 1) return compile_mesh(args, req, ranks);
        cuda::Device& dev = args->client->device(0);
        req.sm = dev.sm();
        auto exe = std::make_unique<TesseraExecutable>();
        cuda::CompiledProgram prog = cuda::compile_program(req, args->client->cache);
        exe->num_outputs = prog.plan.returns.size();
        exe->program = std::make_unique<cuda::LoadedProgram>(dev, std::move(prog));
        args->executable = exe.release();
        return nullptr;
      });
}

constexpr TesseraBackendApi kApi = {
    TESSERA_BACKEND_API_STRUCT_SIZE,
    nullptr,
    TESSERA_BACKEND_API_MAJOR,
    TESSERA_BACKEND_API_MINOR,
    &support::error_destroy,
    &support::error_message,
    &support::error_code,
    &slots::plugin_initialize,
    &client_create,
    &slots::client_destroy<>,
    &client_capabilities,
    &device_get,
    &slots::device_destroy<>,
    &compile,
    &slots::executable_destroy<>,
    &slots::executable_num_outputs<>,
    &cuda::buffer_from_host,
    &cuda::buffer_destroy,
    &cuda::buffer_info,
    &cuda::buffer_to_host,
    &cuda::execute,
    &cuda::event_await,
    &cuda::event_destroy,
    &slots::client_platform_info<>,
};

}  // namespace

extern "C" __attribute__((visibility("default"))) const TesseraBackendApi*
tessera_backend_get_api_v1(void) {
  return &kApi;
}
