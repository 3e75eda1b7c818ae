// C++ wrapper over a backend's C table: RAII handles, errors as exceptions, host tensors in/out.
#include "plugins/backend.h"

#include <cstring>
#include <utility>

#include "plugins/plugin_support.h"

namespace tessera::plugins {

/// Shared by a Backend and its executables: the library and one client, destroyed last.
struct ClientState {
  std::shared_ptr<const Library> lib;
  TesseraClient* client = nullptr;
  Capabilities caps;
  std::string platform;

  const TesseraBackendApi& api() const { return lib->api(); }
  ~ClientState() {
    if (client != nullptr) {
      TesseraClientDestroyArgs args{};
      args.struct_size = TESSERA_CLIENT_DESTROY_ARGS_STRUCT_SIZE;
      args.client = client;
      if (TesseraError* err = api().client_destroy(&args)) api().error_destroy(err);
    }
  }
};

namespace {

// Throws BackendError for a non-null error, freeing it through the plugin's table first.
void check(const ClientState& s, TesseraError* err, const char* what) {
  if (err == nullptr) return;
  const TesseraBackendApi& api = s.api();
  const char* msg = api.error_message(err);
  std::string text = msg ? msg : "(no message)";
  int32_t code = api.error_code(err);
  api.error_destroy(err);
  throw BackendError(
      code, s.lib->origin() + ": " + what + " failed: " + error_code_name(code) + ": " + text);
}

// Throws UNIMPLEMENTED when a slot is NULL (not provided by the plugin or its minor).
template <typename Fn>
Fn* need(const ClientState& s, Fn* slot, const char* name) {
  if (slot == nullptr) {
    throw BackendError(TESSERA_ERROR_UNIMPLEMENTED, s.lib->origin() + ": " + name +
                                                        " failed: UNIMPLEMENTED: the backend " +
                                                        "does not implement " + name);
  }
  return slot;
}

// Owns one buffer handle.
struct BufferHolder {
  const ClientState* s = nullptr;
  TesseraBuffer* buf = nullptr;
  BufferHolder() = default;
  BufferHolder(const ClientState* st, TesseraBuffer* b) : s(st), buf(b) {}
  BufferHolder(BufferHolder&& o) noexcept : s(o.s), buf(std::exchange(o.buf, nullptr)) {}
  BufferHolder& operator=(BufferHolder&&) = delete;
  ~BufferHolder() {
    if (buf == nullptr || s->api().buffer_destroy == nullptr) return;
    TesseraBufferDestroyArgs args{};
    args.struct_size = TESSERA_BUFFER_DESTROY_ARGS_STRUCT_SIZE;
    args.buffer = buf;
    if (TesseraError* err = s->api().buffer_destroy(&args)) s->api().error_destroy(err);
  }
};

struct DeviceHolder {
  const ClientState* s = nullptr;
  TesseraDevice* dev = nullptr;
  ~DeviceHolder() {
    if (dev == nullptr || s->api().device_destroy == nullptr) return;
    TesseraDeviceDestroyArgs args{};
    args.struct_size = TESSERA_DEVICE_DESTROY_ARGS_STRUCT_SIZE;
    args.device = dev;
    if (TesseraError* err = s->api().device_destroy(&args)) s->api().error_destroy(err);
  }
};

struct EventHolder {
  const ClientState* s = nullptr;
  TesseraEvent* ev = nullptr;
  ~EventHolder() {
    if (ev == nullptr || s->api().event_destroy == nullptr) return;
    TesseraEventDestroyArgs args{};
    args.struct_size = TESSERA_EVENT_DESTROY_ARGS_STRUCT_SIZE;
    args.event = ev;
    if (TesseraError* err = s->api().event_destroy(&args)) s->api().error_destroy(err);
  }
};

BufferHolder upload(const ClientState& s, TesseraDevice* dev, const HostTensor& t) {
  auto fn = need(s, s.api().buffer_from_host, "buffer_from_host");
  TesseraBufferFromHostArgs args{};
  args.struct_size = TESSERA_BUFFER_FROM_HOST_ARGS_STRUCT_SIZE;
  args.client = s.client;
  args.device = dev;
  args.dtype = static_cast<TesseraDType>(t.dtype);
  args.dims = t.shape.data();
  args.num_dims = t.shape.size();
  args.data = t.data.data();
  args.data_size = t.data.size();
  check(s, fn(&args), "buffer_from_host");
  return BufferHolder(&s, args.buffer);
}

HostTensor download(const ClientState& s, TesseraBuffer* buf) {
  auto info_fn = need(s, s.api().buffer_info, "buffer_info");
  TesseraBufferInfoArgs info{};
  info.struct_size = TESSERA_BUFFER_INFO_ARGS_STRUCT_SIZE;
  info.buffer = buf;
  check(s, info_fn(&info), "buffer_info");
  auto dtype = support::dtype_from_abi(info.dtype);
  if (!dtype) {
    throw BackendError(
        TESSERA_ERROR_INVALID_ARGUMENT,
        s.lib->origin() + ": buffer_info returned unknown dtype " + std::to_string(info.dtype));
  }
  if (info.num_dims > 0 && info.dims == nullptr) {
    throw BackendError(TESSERA_ERROR_INTERNAL, s.lib->origin() + ": buffer_info: dims is NULL");
  }
  HostTensor t;
  t.dtype = *dtype;
  t.shape.assign(info.dims, info.dims + info.num_dims);
  auto expect = support::packed_byte_size(t.dtype, t.shape);
  if (!expect || *expect != info.byte_size) {
    throw BackendError(TESSERA_ERROR_INTERNAL, s.lib->origin() + ": buffer_info: byte_size " +
                                                   std::to_string(info.byte_size) +
                                                   " does not match dtype and shape");
  }
  t.data.resize(info.byte_size);
  auto to_host = need(s, s.api().buffer_to_host, "buffer_to_host");
  TesseraBufferToHostArgs args{};
  args.struct_size = TESSERA_BUFFER_TO_HOST_ARGS_STRUCT_SIZE;
  args.buffer = buf;
  args.dst = t.data.data();
  args.dst_size = t.data.size();
  check(s, to_host(&args), "buffer_to_host");
  return t;
}

}  // namespace

std::string error_code_name(int32_t code) {
  switch (code) {
    case TESSERA_ERROR_INVALID_ARGUMENT:
      return "INVALID_ARGUMENT";
    case TESSERA_ERROR_UNIMPLEMENTED:
      return "UNIMPLEMENTED";
    case TESSERA_ERROR_INTERNAL:
      return "INTERNAL";
    case TESSERA_ERROR_RESOURCE_EXHAUSTED:
      return "RESOURCE_EXHAUSTED";
    case TESSERA_ERROR_UNAVAILABLE:
      return "UNAVAILABLE";
    case TESSERA_ERROR_FAILED_PRECONDITION:
      return "FAILED_PRECONDITION";
    default:
      return "code " + std::to_string(code);
  }
}

bool Capabilities::supports_op(const std::string& op) const {
  if (!op_names) return true;
  for (const std::string& n : *op_names) {
    if (n == op) return true;
  }
  return false;
}

bool Capabilities::supports_level(const std::string& level) const {
  uint32_t bit = level == "graph"      ? TESSERA_IR_LEVEL_GRAPH
                 : level == "schedule" ? TESSERA_IR_LEVEL_SCHEDULE
                 : level == "tile"     ? TESSERA_IR_LEVEL_TILE
                 : level == "target"   ? TESSERA_IR_LEVEL_TARGET
                                       : 0u;
  return (ir_level_mask & bit) != 0;
}

Executable::Executable(std::shared_ptr<ClientState> client, TesseraExecutable* exe)
    : client_(std::move(client)), exe_(exe) {}

Executable::~Executable() {
  if (exe_ == nullptr || client_->api().executable_destroy == nullptr) return;
  TesseraExecutableDestroyArgs args{};
  args.struct_size = TESSERA_EXECUTABLE_DESTROY_ARGS_STRUCT_SIZE;
  args.executable = exe_;
  if (TesseraError* err = client_->api().executable_destroy(&args)) {
    client_->api().error_destroy(err);
  }
}

Executable::Executable(Executable&& other) noexcept
    : client_(std::move(other.client_)),
      exe_(std::exchange(other.exe_, nullptr)),
      num_devices_(other.num_devices_) {}

Executable& Executable::operator=(Executable&& other) noexcept {
  if (this != &other) {
    Executable tmp(std::move(*this));
    client_ = std::move(other.client_);
    exe_ = std::exchange(other.exe_, nullptr);
    num_devices_ = other.num_devices_;
  }
  return *this;
}

Backend Backend::create(std::shared_ptr<const Library> lib) {
  auto state = std::make_shared<ClientState>();
  state->lib = std::move(lib);
  const TesseraBackendApi& api = state->api();
  TesseraClientCreateArgs create{};
  create.struct_size = TESSERA_CLIENT_CREATE_ARGS_STRUCT_SIZE;
  check(*state, api.client_create(&create), "client_create");
  if (create.client == nullptr) {
    throw BackendError(TESSERA_ERROR_INTERNAL,
                       state->lib->origin() + ": client_create returned no client");
  }
  state->client = create.client;

  TesseraCapabilities caps{};
  caps.struct_size = TESSERA_CAPABILITIES_STRUCT_SIZE;
  caps.max_mesh_size = 1;
  auto caps_fn = need(*state, api.client_capabilities, "client_capabilities");
  TesseraClientCapabilitiesArgs args{};
  args.struct_size = TESSERA_CLIENT_CAPABILITIES_ARGS_STRUCT_SIZE;
  args.client = state->client;
  args.capabilities = &caps;
  check(*state, caps_fn(&args), "client_capabilities");
  Capabilities& c = state->caps;
  c.dtype_mask = caps.dtype_mask;
  c.ir_level_mask = caps.ir_level_mask;
  c.deterministic = caps.deterministic != 0;
  c.max_mesh_size = caps.max_mesh_size;
  c.device_count = caps.device_count;
  if (caps.op_names != nullptr) {
    c.op_names.emplace();
    for (size_t i = 0; i < caps.num_op_names; ++i) {
      if (caps.op_names[i] != nullptr) c.op_names->emplace_back(caps.op_names[i]);
    }
  }
  if (caps.unavailable_reason != nullptr) c.unavailable_reason = caps.unavailable_reason;

  if (api.client_platform_info != nullptr) {
    TesseraClientPlatformInfoArgs info{};
    info.struct_size = TESSERA_CLIENT_PLATFORM_INFO_ARGS_STRUCT_SIZE;
    info.client = state->client;
    check(*state, api.client_platform_info(&info), "client_platform_info");
    state->platform = std::string(info.platform_name ? info.platform_name : "") + " " +
                      (info.platform_version ? info.platform_version : "");
  }
  Backend b;
  b.state_ = std::move(state);
  return b;
}

const std::string& Backend::origin() const { return state_->lib->origin(); }
const Capabilities& Backend::capabilities() const { return state_->caps; }
std::string Backend::platform_info() const { return state_->platform; }

Executable Backend::compile(const std::string& module_text, const CompileOptions& o) const {
  const ClientState& s = *state_;
  auto fn = need(s, s.api().compile, "compile");
  TesseraCompileOptions opts{};
  opts.struct_size = TESSERA_COMPILE_OPTIONS_STRUCT_SIZE;
  opts.entry = o.entry.c_str();
  opts.determinism = o.deterministic ? TESSERA_DETERMINISM_REQUIRED : TESSERA_DETERMINISM_DEFAULT;
  opts.threads = o.threads;
  opts.max_memory = o.max_memory;
  opts.source_name = o.source_name.empty() ? nullptr : o.source_name.c_str();
  opts.num_devices = o.num_devices;
  TesseraCompileArgs args{};
  args.struct_size = TESSERA_COMPILE_ARGS_STRUCT_SIZE;
  args.client = s.client;
  args.module_text = module_text.data();
  args.module_text_size = module_text.size();
  args.options = &opts;
  check(s, fn(&args), "compile");
  Executable exe(state_, args.executable);
  exe.num_devices_ = o.num_devices < 1 ? 1 : o.num_devices;
  return exe;
}

std::vector<HostTensor> Backend::run(const Executable& exe,
                                     const std::vector<HostTensor>& inputs) const {
  auto outs = run_mesh(exe, {inputs});
  return std::move(outs.at(0));
}

std::vector<std::vector<HostTensor>> Backend::run_mesh(
    const Executable& exe, const std::vector<std::vector<HostTensor>>& per_rank) const {
  const ClientState& s = *state_;
  if (exe.handle() == nullptr) throw Error(origin() + ": run: executable was moved from");
  const size_t ranks = per_rank.size();
  if (ranks == 0 || static_cast<int64_t>(ranks) != exe.num_devices()) {
    throw Error(origin() + ": run: " + std::to_string(ranks) + " argument lists for an " +
                "executable compiled for " + std::to_string(exe.num_devices()) + " devices");
  }
  const size_t num_args = per_rank[0].size();
  for (const auto& r : per_rank) {
    if (r.size() != num_args) throw Error(origin() + ": run: ranks have different arg counts");
  }
  auto num_out_fn = need(s, s.api().executable_num_outputs, "executable_num_outputs");
  TesseraExecutableNumOutputsArgs nargs{};
  nargs.struct_size = TESSERA_EXECUTABLE_NUM_OUTPUTS_ARGS_STRUCT_SIZE;
  nargs.executable = exe.handle();
  check(s, num_out_fn(&nargs), "executable_num_outputs");
  const size_t num_outputs = nargs.num_outputs;

  std::vector<DeviceHolder> devices(ranks);
  std::vector<BufferHolder> arg_storage;
  arg_storage.reserve(ranks * num_args);
  std::vector<std::vector<TesseraBuffer*>> arg_lists(ranks);
  for (size_t r = 0; r < ranks; ++r) {
    devices[r].s = &s;
    if (ranks > 1) {
      auto dev_fn = need(s, s.api().device_get, "device_get");
      TesseraDeviceGetArgs dargs{};
      dargs.struct_size = TESSERA_DEVICE_GET_ARGS_STRUCT_SIZE;
      dargs.client = s.client;
      dargs.index = static_cast<int64_t>(r);
      check(s, dev_fn(&dargs), "device_get");
      devices[r].dev = dargs.device;
    }
    for (const HostTensor& t : per_rank[r]) {
      arg_storage.push_back(upload(s, devices[r].dev, t));
      arg_lists[r].push_back(arg_storage.back().buf);
    }
  }
  std::vector<TesseraBuffer* const*> arg_ptrs(ranks);
  std::vector<std::vector<TesseraBuffer*>> out_lists(ranks,
                                                     std::vector<TesseraBuffer*>(num_outputs));
  std::vector<TesseraBuffer**> out_ptrs(ranks);
  for (size_t r = 0; r < ranks; ++r) {
    arg_ptrs[r] = arg_lists[r].data();
    out_ptrs[r] = out_lists[r].data();
  }
  auto exec_fn = need(s, s.api().execute, "execute");
  TesseraExecuteArgs args{};
  args.struct_size = TESSERA_EXECUTE_ARGS_STRUCT_SIZE;
  args.executable = exe.handle();
  args.num_devices = ranks;
  args.num_args = num_args;
  args.argument_lists = arg_ptrs.data();
  args.output_lists = out_ptrs.data();
  TesseraError* err = exec_fn(&args);
  // Take ownership of whatever the plugin produced before looking at the error.
  EventHolder event{&s, args.event};
  std::vector<BufferHolder> out_storage;
  out_storage.reserve(ranks * num_outputs);
  for (auto& list : out_lists) {
    for (TesseraBuffer* b : list) out_storage.emplace_back(&s, b);
  }
  check(s, err, "execute");
  if (event.ev != nullptr) {
    auto await_fn = need(s, s.api().event_await, "event_await");
    TesseraEventAwaitArgs await{};
    await.struct_size = TESSERA_EVENT_AWAIT_ARGS_STRUCT_SIZE;
    await.event = event.ev;
    check(s, await_fn(&await), "execute (await)");
  }
  std::vector<std::vector<HostTensor>> result(ranks);
  for (size_t r = 0; r < ranks; ++r) {
    for (size_t i = 0; i < num_outputs; ++i) {
      TesseraBuffer* b = out_lists[r][i];
      if (b == nullptr) {
        throw BackendError(TESSERA_ERROR_INTERNAL, origin() + ": execute left output " +
                                                       std::to_string(i) + " of rank " +
                                                       std::to_string(r) + " empty");
      }
      result[r].push_back(download(s, b));
    }
  }
  return result;
}

}  // namespace tessera::plugins
