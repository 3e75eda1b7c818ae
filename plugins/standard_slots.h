// ABI slots whose work is the same in every C++ plugin: check the arguments, then delete or read
// one field of the plugin's own objects.
//
// The object types are the plugin's: the slots are templates whose parameter defaults to the
// plugin's TesseraClient / TesseraDevice / TesseraExecutable / TesseraEvent, so they compile where
// the plugin takes their addresses for its TesseraBackendApi table (`&slots::client_destroy<>`),
// after it has defined those structs. They need TesseraClient::name and ::version (std::string)
// and TesseraExecutable::num_outputs.
#pragma once

#include "plugins/plugin_support.h"

namespace tessera::plugins::slots {

/// A destroy slot: checks `args`, then deletes args->*Field as the plugin's type T.
template <typename T, auto Field, typename Args>
TesseraError* delete_slot(const char* slot, Args* args, size_t min_size) noexcept {
  return support::checked_slot(slot, args, min_size, [&]() -> TesseraError* {
    delete static_cast<T*>(args->*Field);
    return nullptr;
  });
}

/// plugin_initialize: nothing to set up beyond the argument check.
inline TesseraError* plugin_initialize(TesseraPluginInitializeArgs* args) noexcept {
  return support::checked_slot("plugin_initialize", args,
                               TESSERA_PLUGIN_INITIALIZE_ARGS_STRUCT_SIZE,
                               []() -> TesseraError* { return nullptr; });
}

template <typename Client = TesseraClient>
TesseraError* client_destroy(TesseraClientDestroyArgs* args) noexcept {
  return delete_slot<Client, &TesseraClientDestroyArgs::client>(
      "client_destroy", args, TESSERA_CLIENT_DESTROY_ARGS_STRUCT_SIZE);
}

template <typename Client = TesseraClient>
TesseraError* client_platform_info(TesseraClientPlatformInfoArgs* args) noexcept {
  return support::checked_slot("client_platform_info", args,
                               TESSERA_CLIENT_PLATFORM_INFO_ARGS_STRUCT_SIZE,
                               [&]() -> TesseraError* {
                                 const auto* client = static_cast<const Client*>(args->client);
                                 if (client == nullptr) {
                                   return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                                              "client_platform_info: NULL client");
                                 }
                                 args->platform_name = client->name.c_str();
                                 args->platform_version = client->version.c_str();
                                 return nullptr;
                               });
}

template <typename Device = TesseraDevice>
TesseraError* device_destroy(TesseraDeviceDestroyArgs* args) noexcept {
  return delete_slot<Device, &TesseraDeviceDestroyArgs::device>(
      "device_destroy", args, TESSERA_DEVICE_DESTROY_ARGS_STRUCT_SIZE);
}

template <typename Executable = TesseraExecutable>
TesseraError* executable_destroy(TesseraExecutableDestroyArgs* args) noexcept {
  return delete_slot<Executable, &TesseraExecutableDestroyArgs::executable>(
      "executable_destroy", args, TESSERA_EXECUTABLE_DESTROY_ARGS_STRUCT_SIZE);
}

template <typename Executable = TesseraExecutable>
TesseraError* executable_num_outputs(TesseraExecutableNumOutputsArgs* args) noexcept {
  return support::checked_slot("executable_num_outputs", args,
                               TESSERA_EXECUTABLE_NUM_OUTPUTS_ARGS_STRUCT_SIZE,
                               [&]() -> TesseraError* {
                                 const auto* exe = static_cast<const Executable*>(args->executable);
                                 if (exe == nullptr) {
                                   return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                                              "executable_num_outputs: NULL");
                                 }
                                 args->num_outputs = exe->num_outputs;
                                 return nullptr;
                               });
}

template <typename Event = TesseraEvent>
TesseraError* event_destroy(TesseraEventDestroyArgs* args) noexcept {
  return delete_slot<Event, &TesseraEventDestroyArgs::event>(
      "event_destroy", args, TESSERA_EVENT_DESTROY_ARGS_STRUCT_SIZE);
}

}  // namespace tessera::plugins::slots
