// The CUDA backend behind the plugin ABI. This slice (issue #14, items 1-2): the client, device
// probing and capabilities; without a device every slot that needs one fails with UNAVAILABLE and
// the reason, never an abort. Compilation and execution on a device are not implemented yet:
// compile reports UNIMPLEMENTED on a machine with a device (docs/cuda.md, "What remains").
#include <memory>
#include <string>

#include "backends/cuda/cuda_status.h"
#include "plugins/plugin_support.h"

namespace support = tessera::plugins::support;

struct TesseraClient {
  tessera::cuda::DeviceProbe probe;
  std::string name = "cuda";
  std::string version;
};

struct TesseraDevice {
  int64_t index;
};

namespace {

TesseraError* plugin_initialize(TesseraPluginInitializeArgs* args) {
  return support::guard("plugin_initialize", [&]() -> TesseraError* {
    return support::check_args(args, args ? args->struct_size : 0,
                               TESSERA_PLUGIN_INITIALIZE_ARGS_STRUCT_SIZE, "plugin_initialize");
  });
}

TesseraError* client_create(TesseraClientCreateArgs* args) {
  return support::guard("client_create", [&]() -> TesseraError* {
    if (auto* e = support::check_args(args, args ? args->struct_size : 0,
                                      TESSERA_CLIENT_CREATE_ARGS_STRUCT_SIZE, "client_create")) {
      return e;
    }
    // Succeeds without a device (ABI: capabilities then say why the backend is unusable).
    auto client = std::make_unique<TesseraClient>();
    client->probe = tessera::cuda::probe_devices();
    client->version = "0.1.0 (NVRTC " + tessera::cuda::nvrtc_version_text() + ", " +
                      std::to_string(client->probe.device_count) + " device(s))";
    args->client = client.release();
    return nullptr;
  });
}

TesseraError* client_destroy(TesseraClientDestroyArgs* args) {
  return support::guard("client_destroy", [&]() -> TesseraError* {
    if (auto* e = support::check_args(args, args ? args->struct_size : 0,
                                      TESSERA_CLIENT_DESTROY_ARGS_STRUCT_SIZE, "client_destroy")) {
      return e;
    }
    delete args->client;
    return nullptr;
  });
}

TesseraError* client_capabilities(TesseraClientCapabilitiesArgs* args) {
  return support::guard("client_capabilities", [&]() -> TesseraError* {
    if (auto* e = support::check_args(args, args ? args->struct_size : 0,
                                      TESSERA_CLIENT_CAPABILITIES_ARGS_STRUCT_SIZE,
                                      "client_capabilities")) {
      return e;
    }
    TesseraCapabilities* caps = args->capabilities;
    if (args->client == nullptr || caps == nullptr) {
      return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                 "client_capabilities: NULL client or capabilities");
    }
    const tessera::cuda::DeviceProbe& p = args->client->probe;
    // Nothing is executable yet: no dtype, no IR level, no deterministic mode (docs/cuda.md).
    if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, dtype_mask)) caps->dtype_mask = 0;
    if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, ir_level_mask)) caps->ir_level_mask = 0;
    if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, deterministic)) caps->deterministic = 0;
    if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, max_mesh_size)) caps->max_mesh_size = 1;
    if (TESSERA_HAS_FIELD(caps, TesseraCapabilities, device_count))
      caps->device_count = p.device_count;
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
  return support::guard("device_get", [&]() -> TesseraError* {
    if (auto* e = support::check_args(args, args ? args->struct_size : 0,
                                      TESSERA_DEVICE_GET_ARGS_STRUCT_SIZE, "device_get")) {
      return e;
    }
    if (args->client == nullptr)
      return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT, "device_get: NULL client");
    const tessera::cuda::DeviceProbe& p = args->client->probe;
    if (p.device_count == 0)
      return support::make_error(TESSERA_ERROR_UNAVAILABLE, "device_get: " + p.unavailable_reason);
    if (args->index < 0 || args->index >= p.device_count) {
      return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                 "device_get: index " + std::to_string(args->index) +
                                     " is outside [0, " + std::to_string(p.device_count) + ")");
    }
    args->device = new TesseraDevice{args->index};
    return nullptr;
  });
}

TesseraError* device_destroy(TesseraDeviceDestroyArgs* args) {
  return support::guard("device_destroy", [&]() -> TesseraError* {
    if (auto* e = support::check_args(args, args ? args->struct_size : 0,
                                      TESSERA_DEVICE_DESTROY_ARGS_STRUCT_SIZE, "device_destroy")) {
      return e;
    }
    delete args->device;
    return nullptr;
  });
}

TesseraError* compile(TesseraCompileArgs* args) {
  return support::guard("compile", [&]() -> TesseraError* {
    if (auto* e = support::check_args(args, args ? args->struct_size : 0,
                                      TESSERA_COMPILE_ARGS_STRUCT_SIZE, "compile")) {
      return e;
    }
    if (args->client == nullptr)
      return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT, "compile: NULL client");
    const tessera::cuda::DeviceProbe& p = args->client->probe;
    if (p.device_count == 0)
      return support::make_error(TESSERA_ERROR_UNAVAILABLE, "compile: " + p.unavailable_reason);
    return support::make_error(TESSERA_ERROR_UNIMPLEMENTED,
                               "compile: the CUDA backend does not compile for a device yet "
                               "(issue #14 items 3-5; docs/cuda.md)");
  });
}

TesseraError* client_platform_info(TesseraClientPlatformInfoArgs* args) {
  return support::guard("client_platform_info", [&]() -> TesseraError* {
    if (auto* e = support::check_args(args, args ? args->struct_size : 0,
                                      TESSERA_CLIENT_PLATFORM_INFO_ARGS_STRUCT_SIZE,
                                      "client_platform_info")) {
      return e;
    }
    if (args->client == nullptr) {
      return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                 "client_platform_info: NULL client");
    }
    args->platform_name = args->client->name.c_str();
    args->platform_version = args->client->version.c_str();
    return nullptr;
  });
}

// Slots left NULL are "not implemented" (the host reports UNIMPLEMENTED): buffers, execution and
// events need a device runtime, which this slice does not have.
constexpr TesseraBackendApi kApi = {
    TESSERA_BACKEND_API_STRUCT_SIZE,
    nullptr,
    TESSERA_BACKEND_API_MAJOR,
    TESSERA_BACKEND_API_MINOR,
    &support::error_destroy,
    &support::error_message,
    &support::error_code,
    &plugin_initialize,
    &client_create,
    &client_destroy,
    &client_capabilities,
    &device_get,
    &device_destroy,
    &compile,
    nullptr,  // executable_destroy
    nullptr,  // executable_num_outputs
    nullptr,  // buffer_from_host
    nullptr,  // buffer_destroy
    nullptr,  // buffer_info
    nullptr,  // buffer_to_host
    nullptr,  // execute
    nullptr,  // event_await
    nullptr,  // event_destroy
    &client_platform_info,
};

}  // namespace

extern "C" __attribute__((visibility("default"))) const TesseraBackendApi*
tessera_backend_get_api_v1(void) {
  return &kApi;
}
