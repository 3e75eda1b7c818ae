// The reference backend: the plugin ABI implemented by calling the interpreter.
#include "backends/reference/reference_backend.h"

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "interp/api.h"
#include "plugins/plugin_support.h"
#include "plugins/standard_slots.h"

// Built twice from this file: as the built-in (entry tessera_reference_get_api_v1) and as the
// loadable plugin, where CMake defines TESSERA_REFERENCE_ENTRY=tessera_backend_get_api_v1.
#ifndef TESSERA_REFERENCE_ENTRY
#define TESSERA_REFERENCE_ENTRY tessera_reference_get_api_v1
#endif

namespace slots = tessera::plugins::slots;
namespace support = tessera::plugins::support;
using tessera::interp::HostTensor;

struct TesseraClient {
  std::string name = "reference";
  std::string version = "0.1.0 (tessera interpreter)";
};

struct TesseraDevice {
  int64_t index;
};

struct TesseraBuffer {
  HostTensor tensor;
};

/// What compile made of the module, once: parsed, verified, its entry found (the session API).
struct TesseraExecutable {
  tessera::interp::RunOptions options;
  std::unique_ptr<tessera::interp::CompiledModule> compiled;
  size_t num_outputs = 0;
  int64_t num_devices = 1;
};

/// Execution is synchronous, so every event is complete when created.
struct TesseraEvent {};

namespace {

/// Largest simulated mesh (the mesh executor's own limit is 2^20 ranks; memory is the real bound).
/// Builds without the mesh executor (the ABI tests' stub interpreter) keep one device.
#ifdef TESSERA_REFERENCE_MESH
constexpr int64_t kMaxMeshRanks = 4096;
#else
constexpr int64_t kMaxMeshRanks = 1;
#endif

// Fills caps->* for the fields the caller's struct_size covers.
void fill_capabilities(TesseraCapabilities* caps) {
  if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, dtype_mask)) {
    caps->dtype_mask = (uint64_t{1} << tessera::kNumDTypes) - 1;
  }
  if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, ir_level_mask)) {
    caps->ir_level_mask = TESSERA_IR_LEVEL_GRAPH | TESSERA_IR_LEVEL_SCHEDULE |
                          TESSERA_IR_LEVEL_TILE | TESSERA_IR_LEVEL_TARGET;
  }
  if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, deterministic)) caps->deterministic = 1;
  // Mesh hook: ranks are simulated as values (interp/mesh), so any mesh up to kMaxMeshRanks runs.
  if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, max_mesh_size))
    caps->max_mesh_size = kMaxMeshRanks;
  if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, device_count))
    caps->device_count = kMaxMeshRanks;
  // The interpreter attempts every op and reports unknown ones itself: no list.
  if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, num_op_names)) {
    caps->op_names = nullptr;
    caps->num_op_names = 0;
  }
  if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, unavailable_reason)) {
    caps->unavailable_reason = nullptr;
  }
}

// Mesh hook: per-rank execution through the interpreter's mesh executor (interp/mesh): rank r's
// arguments are argument_lists[r]; its results fill output_lists[r].
TesseraError* execute_mesh(TesseraExecuteArgs* args) {
#ifndef TESSERA_REFERENCE_MESH
  return support::make_error(TESSERA_ERROR_UNIMPLEMENTED,
                             "reference: mesh execution (" + std::to_string(args->num_devices) +
                                 " devices) is not built into this copy");
#else
  const TesseraExecutable* exe = args->executable;
  std::vector<std::vector<HostTensor>> per_rank(args->num_devices);
  for (size_t r = 0; r < args->num_devices; ++r) {
    for (size_t i = 0; i < args->num_args; ++i) {
      const TesseraBuffer* b = args->argument_lists[r] ? args->argument_lists[r][i] : nullptr;
      if (b == nullptr) {
        return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                   "execute: argument " + std::to_string(i) + " of rank " +
                                       std::to_string(r) + " is NULL");
      }
      per_rank[r].push_back(b->tensor);
    }
  }
  auto results = exe->compiled->run_ranks(per_rank);
  std::vector<std::vector<std::unique_ptr<TesseraBuffer>>> outs(results.size());
  for (size_t r = 0; r < results.size(); ++r) {
    if (results[r].size() != exe->num_outputs) {
      return support::make_error(TESSERA_ERROR_INTERNAL, "execute: result count mismatch");
    }
    for (HostTensor& t : results[r]) {
      outs[r].push_back(std::make_unique<TesseraBuffer>(TesseraBuffer{std::move(t)}));
    }
  }
  auto event = std::make_unique<TesseraEvent>();
  for (size_t r = 0; r < outs.size(); ++r) {
    for (size_t i = 0; i < outs[r].size(); ++i) args->output_lists[r][i] = outs[r][i].release();
  }
  args->event = event.release();
  return nullptr;
#endif
}

TesseraError* client_create(TesseraClientCreateArgs* args) {
  return support::checked_slot("client_create", args, TESSERA_CLIENT_CREATE_ARGS_STRUCT_SIZE,
                               [&]() -> TesseraError* {
                                 args->client = new TesseraClient();
                                 return nullptr;
                               });
}

TesseraError* client_capabilities(TesseraClientCapabilitiesArgs* args) {
  return support::checked_slot(
      "client_capabilities", args, TESSERA_CLIENT_CAPABILITIES_ARGS_STRUCT_SIZE,
      [&]() -> TesseraError* {
        if (args->client == nullptr || args->capabilities == nullptr) {
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                     "client_capabilities: client or capabilities is NULL");
        }
        fill_capabilities(args->capabilities);
        return nullptr;
      });
}

TesseraError* device_get(TesseraDeviceGetArgs* args) {
  return support::checked_slot(
      "device_get", args, TESSERA_DEVICE_GET_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        if (args->index < 0 || args->index >= kMaxMeshRanks) {
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                     "device_get: no device " + std::to_string(args->index) +
                                         " (the reference backend simulates devices 0.." +
                                         std::to_string(kMaxMeshRanks - 1) + ")");
        }
        args->device = new TesseraDevice{args->index};
        return nullptr;
      });
}

TesseraError* compile(TesseraCompileArgs* args) {
  return support::checked_slot(
      "compile", args, TESSERA_COMPILE_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        if (args->client == nullptr || (args->module_text == nullptr && args->module_text_size)) {
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                     "compile: NULL client or text");
        }
        auto exe = std::make_unique<TesseraExecutable>();
        const std::string text(args->module_text ? args->module_text : "", args->module_text_size);
        // Read options field by field, only as far as the caller's struct_size reaches.
        if (const TesseraCompileOptions* o = args->options) {
          if (o->struct_size < TESSERA_STRUCT_SIZE(TesseraCompileOptions, extension)) {
            return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                       "compile: options struct_size is too small");
          }
          if (TESSERA_HAS_FIELD(o, TesseraCompileOptions, entry) && o->entry && *o->entry) {
            exe->options.entry = o->entry;
          }
          if (TESSERA_HAS_FIELD(o, TesseraCompileOptions, determinism) &&
              o->determinism != TESSERA_DETERMINISM_DEFAULT &&
              o->determinism != TESSERA_DETERMINISM_REQUIRED) {
            return support::make_error(
                TESSERA_ERROR_INVALID_ARGUMENT,
                "compile: unknown determinism value " + std::to_string(o->determinism));
          }
          if (TESSERA_HAS_FIELD(o, TesseraCompileOptions, threads)) {
            if (o->threads < 0) {
              return support::make_error(
                  TESSERA_ERROR_INVALID_ARGUMENT,
                  "compile: threads must be >= 0, got " + std::to_string(o->threads));
            }
            exe->options.threads = o->threads;
          }
          if (TESSERA_HAS_FIELD(o, TesseraCompileOptions, max_memory) && o->max_memory != 0) {
            exe->options.max_memory = o->max_memory;
          }
          if (TESSERA_HAS_FIELD(o, TesseraCompileOptions, source_name) && o->source_name) {
            exe->options.source_name = o->source_name;
          }
          if (TESSERA_HAS_FIELD(o, TesseraCompileOptions, num_devices) && o->num_devices > 1) {
            exe->num_devices = o->num_devices;
          }
          if (TESSERA_HAS_FIELD(o, TesseraCompileOptions, num_devices) && o->num_devices < 0) {
            return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT, "compile: num_devices < 0");
          }
        }
        // Parsed and verified here, once: errors in the module surface at compile, and execute
        // only runs (tessera::Error becomes INVALID_ARGUMENT in support::guard).
        exe->compiled = tessera::interp::compile_module_text(text, exe->options);
        exe->num_outputs = exe->compiled->num_results();
        args->executable = exe.release();
        return nullptr;
      });
}

TesseraError* buffer_from_host(TesseraBufferFromHostArgs* args) {
  return support::checked_slot(
      "buffer_from_host", args, TESSERA_BUFFER_FROM_HOST_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        auto dtype = support::dtype_from_abi(args->dtype);
        if (!dtype) {
          return support::make_error(
              TESSERA_ERROR_INVALID_ARGUMENT,
              "buffer_from_host: unknown dtype value " + std::to_string(args->dtype));
        }
        if (args->client == nullptr || (args->num_dims > 0 && args->dims == nullptr)) {
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                     "buffer_from_host: NULL client or dims");
        }
        auto bytes = support::packed_byte_size(*dtype, args->dims, args->num_dims);
        if (!bytes || *bytes != args->data_size || (args->data_size > 0 && args->data == nullptr)) {
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                     "buffer_from_host: data_size " +
                                         std::to_string(args->data_size) +
                                         " does not match the dtype and shape");
        }
        auto buf = std::make_unique<TesseraBuffer>();
        buf->tensor.dtype = *dtype;
        buf->tensor.shape.assign(args->dims, args->dims + args->num_dims);
        buf->tensor.data.resize(args->data_size);
        if (args->data_size) std::memcpy(buf->tensor.data.data(), args->data, args->data_size);
        args->buffer = buf.release();
        return nullptr;
      });
}

TesseraError* buffer_destroy(TesseraBufferDestroyArgs* args) {
  return support::checked_slot("buffer_destroy", args, TESSERA_BUFFER_DESTROY_ARGS_STRUCT_SIZE,
                               [&]() -> TesseraError* {
                                 delete args->buffer;
                                 return nullptr;
                               });
}

TesseraError* buffer_info(TesseraBufferInfoArgs* args) {
  return support::checked_slot(
      "buffer_info", args, TESSERA_BUFFER_INFO_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        if (args->buffer == nullptr) {
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT, "buffer_info: NULL buffer");
        }
        const HostTensor& t = args->buffer->tensor;
        args->dtype = static_cast<TesseraDType>(t.dtype);
        args->dims = t.shape.data();
        args->num_dims = t.shape.size();
        args->byte_size = t.data.size();
        return nullptr;
      });
}

TesseraError* buffer_to_host(TesseraBufferToHostArgs* args) {
  return support::checked_slot(
      "buffer_to_host", args, TESSERA_BUFFER_TO_HOST_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        if (args->buffer == nullptr) {
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT, "buffer_to_host: NULL buffer");
        }
        const auto& data = args->buffer->tensor.data;
        if (args->dst_size < data.size() || (data.size() > 0 && args->dst == nullptr)) {
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                     "buffer_to_host: destination holds " +
                                         std::to_string(args->dst_size) + " bytes, buffer has " +
                                         std::to_string(data.size()));
        }
        if (!data.empty()) std::memcpy(args->dst, data.data(), data.size());
        return nullptr;
      });
}

TesseraError* execute(TesseraExecuteArgs* args) {
  return support::checked_slot(
      "execute", args, TESSERA_EXECUTE_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        const TesseraExecutable* exe = args->executable;
        if (exe == nullptr || args->output_lists == nullptr ||
            (args->num_args > 0 && args->argument_lists == nullptr)) {
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                     "execute: NULL executable, argument or output lists");
        }
        if (args->num_devices != static_cast<size_t>(exe->num_devices)) {
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                     "execute: " + std::to_string(args->num_devices) +
                                         " devices given, executable compiled for " +
                                         std::to_string(exe->num_devices));
        }
        if (args->num_devices > 1) return execute_mesh(args);
        std::vector<HostTensor> inputs;
        inputs.reserve(args->num_args);
        for (size_t i = 0; i < args->num_args; ++i) {
          const TesseraBuffer* b = args->argument_lists[0][i];
          if (b == nullptr) {
            return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                       "execute: argument " + std::to_string(i) + " is NULL");
          }
          inputs.push_back(b->tensor);
        }
        std::vector<HostTensor> results = exe->compiled->run(inputs);
        if (results.size() != exe->num_outputs) {
          return support::make_error(
              TESSERA_ERROR_INTERNAL,
              "execute: the interpreter returned " + std::to_string(results.size()) +
                  " results, the signature " + "declares " + std::to_string(exe->num_outputs));
        }
        // Allocate everything first so a failure leaves every output slot NULL.
        std::vector<std::unique_ptr<TesseraBuffer>> outs;
        for (HostTensor& t : results)
          outs.push_back(std::make_unique<TesseraBuffer>(TesseraBuffer{std::move(t)}));
        auto event = std::make_unique<TesseraEvent>();
        for (size_t i = 0; i < outs.size(); ++i) args->output_lists[0][i] = outs[i].release();
        args->event = event.release();
        return nullptr;
      });
}

TesseraError* event_await(TesseraEventAwaitArgs* args) {
  return support::guard("event_await", [&]() -> TesseraError* {
    return support::check_args(args, args ? args->struct_size : 0,
                               TESSERA_EVENT_AWAIT_ARGS_STRUCT_SIZE, "event_await");
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
    &buffer_from_host,
    &buffer_destroy,
    &buffer_info,
    &buffer_to_host,
    &execute,
    &event_await,
    &slots::event_destroy<>,
    &slots::client_platform_info<>,
};

}  // namespace

// Default visibility so the plugin build (-fvisibility=hidden + version script) exports it.
extern "C" __attribute__((visibility("default"))) const TesseraBackendApi* TESSERA_REFERENCE_ENTRY(
    void) {
  return &kApi;
}
