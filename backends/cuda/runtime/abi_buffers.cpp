// The CUDA plugin's buffer, execute and event slots: tensors in device memory, copies through
// pinned staging, executions enqueued on the device's stream and completed by CUDA events.
#include <cstring>

#include "backends/cuda/runtime/abi_objects.h"

namespace support = tessera::plugins::support;

namespace tessera::cuda {

TesseraError* buffer_from_host(TesseraBufferFromHostArgs* args) {
  return checked_slot(
      "buffer_from_host", args, TESSERA_BUFFER_FROM_HOST_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        auto dtype = support::dtype_from_abi(args->dtype);
        if (!dtype)
          return support::make_error(
              TESSERA_ERROR_INVALID_ARGUMENT,
              "buffer_from_host: unknown dtype value " + std::to_string(args->dtype));
        if (args->client == nullptr || (args->num_dims > 0 && args->dims == nullptr))
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                     "buffer_from_host: NULL client or dims");
        auto bytes = support::packed_byte_size(*dtype, args->dims, args->num_dims);
        if (!bytes || *bytes != args->data_size || (args->data_size > 0 && args->data == nullptr))
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                     "buffer_from_host: data_size " +
                                         std::to_string(args->data_size) +
                                         " does not match the dtype and shape");
        Device& dev = args->client->device(args->device ? args->device->index : 0);
        std::vector<int64_t> shape(args->dims, args->dims + args->num_dims);
        auto buf = std::make_unique<TesseraBuffer>();
        buf->tensor = tensor_from_host(dev, *dtype, shape, args->data, args->data_size);
        args->buffer = buf.release();
        return nullptr;
      });
}

TesseraError* buffer_destroy(TesseraBufferDestroyArgs* args) {
  return checked_slot(
      "buffer_destroy", args, TESSERA_BUFFER_DESTROY_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        delete args->buffer;  // device memory goes when no pending execution holds it
        return nullptr;
      });
}

TesseraError* buffer_info(TesseraBufferInfoArgs* args) {
  return checked_slot(
      "buffer_info", args, TESSERA_BUFFER_INFO_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        if (args->buffer == nullptr)
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT, "buffer_info: NULL buffer");
        const DeviceTensor& t = args->buffer->tensor;
        args->dtype = static_cast<TesseraDType>(t.dtype);
        args->dims = t.shape.data();
        args->num_dims = t.shape.size();
        args->byte_size = t.bytes;
        return nullptr;
      });
}

TesseraError* buffer_to_host(TesseraBufferToHostArgs* args) {
  return checked_slot(
      "buffer_to_host", args, TESSERA_BUFFER_TO_HOST_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        if (args->buffer == nullptr)
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT, "buffer_to_host: NULL buffer");
        const DeviceTensor& t = args->buffer->tensor;
        if (args->dst_size < t.bytes || (t.bytes > 0 && args->dst == nullptr))
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                     "buffer_to_host: destination holds " +
                                         std::to_string(args->dst_size) + " bytes, buffer has " +
                                         std::to_string(t.bytes));
        if (t.bytes == 0) return nullptr;
        // The download runs on the device's stream, after every execution enqueued before it.
        Device* dev = t.device;  // valid: the client (which owns it) outlives its buffers
        std::lock_guard<std::mutex> lock(dev->mutex());
        dev->download(args->dst, t.memory->data(), t.bytes);
        return nullptr;
      });
}

namespace {

/// execute on a mesh executable: argument_lists[r] are rank r's arguments.
TesseraError* execute_mesh(TesseraExecuteArgs* args) {
  const LoadedMeshProgram& prog = *args->executable->mesh;
  const auto ranks = static_cast<size_t>(prog.plan().ranks);
  if (args->num_devices != ranks)
    return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                               "execute: the executable was compiled for " + std::to_string(ranks) +
                                   " ranks; " + std::to_string(args->num_devices) + " given");
  std::vector<std::vector<DeviceTensor>> inputs(ranks);
  for (size_t r = 0; r < ranks; ++r) {
    if (args->output_lists[r] == nullptr ||
        (args->num_args > 0 && args->argument_lists[r] == nullptr))
      return support::make_error(
          TESSERA_ERROR_INVALID_ARGUMENT,
          "execute: NULL argument or output list of rank " + std::to_string(r));
    for (size_t i = 0; i < args->num_args; ++i) {
      const TesseraBuffer* b = args->argument_lists[r][i];
      if (b == nullptr)
        return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                   "execute: argument " + std::to_string(i) + " of rank " +
                                       std::to_string(r) + " is NULL");
      inputs[r].push_back(b->tensor);
    }
  }
  auto event = std::make_unique<TesseraEvent>();
  auto results = args->executable->mesh->enqueue(inputs, event->done);
  std::vector<std::vector<std::unique_ptr<TesseraBuffer>>> outs(ranks);
  for (size_t r = 0; r < ranks; ++r) {
    if (results[r].size() != args->executable->num_outputs)
      return support::make_error(TESSERA_ERROR_INTERNAL, "execute: result count mismatch");
    for (DeviceTensor& t : results[r])
      outs[r].push_back(std::make_unique<TesseraBuffer>(TesseraBuffer{std::move(t)}));
  }
  for (size_t r = 0; r < ranks; ++r)
    for (size_t i = 0; i < outs[r].size(); ++i) args->output_lists[r][i] = outs[r][i].release();
  args->event = event.release();
  return nullptr;
}

}  // namespace

TesseraError* execute(TesseraExecuteArgs* args) {
  return checked_slot("execute", args, TESSERA_EXECUTE_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
    TesseraExecutable* exe = args->executable;
    if (exe == nullptr || args->output_lists == nullptr || args->output_lists[0] == nullptr ||
        (args->num_args > 0 &&
         (args->argument_lists == nullptr || args->argument_lists[0] == nullptr)))
      return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                 "execute: NULL executable, argument or output lists");
    if (exe->mesh) return execute_mesh(args);
    if (args->num_devices != 1)
      return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                 "execute: the executable was compiled for one device; " +
                                     std::to_string(args->num_devices) + " requested");
    std::vector<DeviceTensor> inputs;
    for (size_t i = 0; i < args->num_args; ++i) {
      const TesseraBuffer* b = args->argument_lists[0][i];
      if (b == nullptr)
        return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                                   "execute: argument " + std::to_string(i) + " is NULL");
      inputs.push_back(b->tensor);
    }
    auto event = std::make_unique<TesseraEvent>();
    std::vector<DeviceTensor> results = exe->program->enqueue(inputs, event->done);
    if (results.size() != exe->num_outputs)
      return support::make_error(TESSERA_ERROR_INTERNAL, "execute: result count mismatch");
    std::vector<std::unique_ptr<TesseraBuffer>> outs;
    for (DeviceTensor& t : results)
      outs.push_back(std::make_unique<TesseraBuffer>(TesseraBuffer{std::move(t)}));
    for (size_t i = 0; i < outs.size(); ++i) args->output_lists[0][i] = outs[i].release();
    args->event = event.release();
    return nullptr;
  });
}

TesseraError* event_await(TesseraEventAwaitArgs* args) {
  return checked_slot(
      "event_await", args, TESSERA_EVENT_AWAIT_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        if (args->event == nullptr)
          return support::make_error(TESSERA_ERROR_INVALID_ARGUMENT, "event_await: NULL event");
        if (args->event->done) args->event->done->wait();
        return nullptr;
      });
}

TesseraError* event_destroy(TesseraEventDestroyArgs* args) {
  return checked_slot(
      "event_destroy", args, TESSERA_EVENT_DESTROY_ARGS_STRUCT_SIZE, [&]() -> TesseraError* {
        delete args->event;  // waits for completion, then frees what the execution held
        return nullptr;
      });
}

}  // namespace tessera::cuda
