// C++ wrapper over a backend's C table: RAII handles, errors as exceptions, host tensors in/out.
#include "plugins/backend.h"

#include <chrono>
#include <cstring>
#include <set>
#include <utility>

#include "plugins/plugin_support.h"
#include "plugins/validate.h"

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
  int32_t code = 0;
  std::string text = validate::describe_error(api, err, code);  // abi_c2
  api.error_destroy(err);
  throw BackendError(code, s.lib->origin() + ": " + what + " failed: " + text);
}

// The plugin broke the ABI's contract in what it returned (docs/plugin-abi.md, section 11).
[[noreturn]] void broken(const ClientState& s, const std::string& what) {
  throw BackendError(TESSERA_ERROR_INTERNAL, s.lib->origin() + ": " + what);
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
  if (args.buffer == nullptr) broken(s, "buffer_from_host returned no buffer");  // abi_c6
  return BufferHolder(&s, args.buffer);
}

HostTensor download(const ClientState& s, TesseraBuffer* buf) {
  auto info_fn = need(s, s.api().buffer_info, "buffer_info");
  TesseraBufferInfoArgs info{};
  info.struct_size = TESSERA_BUFFER_INFO_ARGS_STRUCT_SIZE;
  info.buffer = buf;
  check(s, info_fn(&info), "buffer_info");
  // abi_c7: dtype, rank, dims and byte size are checked before any of them is used.
  auto dtype = support::dtype_from_abi(info.dtype);
  if (!dtype) broken(s, "buffer_info returned unknown dtype " + std::to_string(info.dtype));
  if (info.num_dims > validate::kMaxRank) {
    broken(s, "buffer_info returned num_dims " + std::to_string(info.num_dims) + " (the limit is " +
                  std::to_string(validate::kMaxRank) + ")");
  }
  if (info.num_dims > 0 && info.dims == nullptr) broken(s, "buffer_info: dims is NULL");
  std::vector<unsigned char> raw;
  if (!validate::read_array(info.dims, info.num_dims, sizeof(int64_t), raw)) {
    broken(s, "buffer_info: dims is not readable for num_dims " + std::to_string(info.num_dims));
  }
  HostTensor t;
  t.dtype = *dtype;
  t.shape.resize(info.num_dims);
  if (!raw.empty()) std::memcpy(t.shape.data(), raw.data(), raw.size());
  for (int64_t d : t.shape) {
    if (d < 0) broken(s, "buffer_info returned a negative extent " + std::to_string(d));
  }
  auto expect = support::packed_byte_size(t.dtype, t.shape);
  if (!expect || *expect != info.byte_size) {
    broken(s, "buffer_info: byte_size " + std::to_string(info.byte_size) +
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

// Reads client_capabilities into `c` (abi_c3, abi_c4, abi_c5). Guard bytes after the struct catch
// a plugin that writes past the struct_size the host gave it.
void read_capabilities(const ClientState& s, Capabilities& c) {
  struct Guarded {
    TesseraCapabilities caps;
    unsigned char tail[64];
  } box;
  std::memset(&box, 0, sizeof box);
  box.caps.struct_size = TESSERA_CAPABILITIES_STRUCT_SIZE;
  box.caps.max_mesh_size = 1;
  auto caps_fn = need(s, s.api().client_capabilities, "client_capabilities");
  TesseraClientCapabilitiesArgs args{};
  args.struct_size = TESSERA_CLIENT_CAPABILITIES_ARGS_STRUCT_SIZE;
  args.client = s.client;
  args.capabilities = &box.caps;
  check(s, caps_fn(&args), "client_capabilities");
  validate::CheckedCapabilities v;
  try {
    v = validate::check_capabilities(box.caps, TESSERA_CAPABILITIES_STRUCT_SIZE, box.tail,
                                     sizeof box.tail);
  } catch (const Error& e) {
    broken(s, std::string("client_capabilities returned invalid capabilities: ") + e.what());
  }
  c.dtype_mask = v.dtype_mask;
  c.ir_level_mask = v.ir_level_mask;
  c.deterministic = v.deterministic;
  c.max_mesh_size = v.max_mesh_size;
  c.device_count = v.device_count;
  c.op_names = std::move(v.op_names);
  c.unavailable_reason = std::move(v.unavailable_reason);
}

// "name version" from client_platform_info (abi_c5: both strings present and bounded).
std::string read_platform_info(const ClientState& s) {
  TesseraClientPlatformInfoArgs info{};
  info.struct_size = TESSERA_CLIENT_PLATFORM_INFO_ARGS_STRUCT_SIZE;
  info.client = s.client;
  check(s, s.api().client_platform_info(&info), "client_platform_info");
  const std::pair<const char*, const char*> fields[] = {
      {"platform_name", info.platform_name}, {"platform_version", info.platform_version}};
  std::string out;
  for (const auto& [field, p] : fields) {
    std::string why;
    std::optional<std::string> v = validate::read_string(p, validate::kMaxNameBytes, why);
    if (!v) broken(s, std::string("client_platform_info: ") + field + " " + why);
    out += (out.empty() ? "" : " ") + *v;
  }
  return out;
}

}  // namespace

std::string error_code_name(int32_t code) {
  const char* name = validate::known_error_code_name(code);
  return name ? name : "code " + std::to_string(code);
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

  read_capabilities(*state, state->caps);
  if (api.client_platform_info != nullptr) state->platform = read_platform_info(*state);
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
  if (args.executable == nullptr) broken(s, "compile returned no executable");  // abi_c6
  Executable exe(state_, args.executable);
  exe.num_devices_ = o.num_devices < 1 ? 1 : o.num_devices;
  return exe;
}

std::vector<HostTensor> Backend::run(const Executable& exe,
                                     const std::vector<HostTensor>& inputs) const {
  auto outs = run_mesh(exe, {inputs});
  return std::move(outs.at(0));
}

namespace {

// The arguments of one execute: devices (ranks > 1), uploaded buffers and the pointer arrays the
// C slot takes.
struct PreparedRun {
  size_t ranks = 0, num_args = 0, num_outputs = 0;
  std::vector<DeviceHolder> devices;
  std::vector<BufferHolder> arg_storage;
  std::vector<std::vector<TesseraBuffer*>> arg_lists;
  std::vector<TesseraBuffer* const*> arg_ptrs;
};

// What one execute produced, owned: its outputs (rank-major) and its event, already awaited.
struct ExecutedRun {
  std::vector<std::vector<TesseraBuffer*>> out_lists;
  std::vector<BufferHolder> out_storage;
};

void prepare_run(const ClientState& s, const std::string& origin, const Executable& exe,
                 const std::vector<std::vector<HostTensor>>& per_rank, PreparedRun& p) {
  if (exe.handle() == nullptr) throw Error(origin + ": run: executable was moved from");
  p.ranks = per_rank.size();
  if (p.ranks == 0 || static_cast<int64_t>(p.ranks) != exe.num_devices()) {
    throw Error(origin + ": run: " + std::to_string(p.ranks) + " argument lists for an " +
                "executable compiled for " + std::to_string(exe.num_devices()) + " devices");
  }
  p.num_args = per_rank[0].size();
  for (const auto& r : per_rank) {
    if (r.size() != p.num_args) throw Error(origin + ": run: ranks have different arg counts");
  }
  auto num_out_fn = need(s, s.api().executable_num_outputs, "executable_num_outputs");
  TesseraExecutableNumOutputsArgs nargs{};
  nargs.struct_size = TESSERA_EXECUTABLE_NUM_OUTPUTS_ARGS_STRUCT_SIZE;
  nargs.executable = exe.handle();
  check(s, num_out_fn(&nargs), "executable_num_outputs");
  p.num_outputs = nargs.num_outputs;
  if (p.num_outputs > validate::kMaxOutputs) {  // abi_c7
    broken(s, "executable_num_outputs returned " + std::to_string(p.num_outputs) +
                  " (the limit is " + std::to_string(validate::kMaxOutputs) + ")");
  }
  p.devices = std::vector<DeviceHolder>(p.ranks);
  p.arg_storage.reserve(p.ranks * p.num_args);
  p.arg_lists.assign(p.ranks, {});
  for (size_t r = 0; r < p.ranks; ++r) {
    p.devices[r].s = &s;
    if (p.ranks > 1) {
      auto dev_fn = need(s, s.api().device_get, "device_get");
      TesseraDeviceGetArgs dargs{};
      dargs.struct_size = TESSERA_DEVICE_GET_ARGS_STRUCT_SIZE;
      dargs.client = s.client;
      dargs.index = static_cast<int64_t>(r);
      check(s, dev_fn(&dargs), "device_get");
      if (dargs.device == nullptr) broken(s, "device_get returned no device");  // abi_c6
      p.devices[r].dev = dargs.device;
    }
    for (const HostTensor& t : per_rank[r]) {
      p.arg_storage.push_back(upload(s, p.devices[r].dev, t));
      p.arg_lists[r].push_back(p.arg_storage.back().buf);
    }
  }
  p.arg_ptrs.resize(p.ranks);
  for (size_t r = 0; r < p.ranks; ++r) p.arg_ptrs[r] = p.arg_lists[r].data();
}

// One execute of a prepared run, waiting for its event.
void execute_prepared(const ClientState& s, const Executable& exe, const PreparedRun& p,
                      ExecutedRun& out) {
  out.out_lists.assign(p.ranks, std::vector<TesseraBuffer*>(p.num_outputs));
  std::vector<TesseraBuffer**> out_ptrs(p.ranks);
  for (size_t r = 0; r < p.ranks; ++r) out_ptrs[r] = out.out_lists[r].data();
  auto exec_fn = need(s, s.api().execute, "execute");
  TesseraExecuteArgs args{};
  args.struct_size = TESSERA_EXECUTE_ARGS_STRUCT_SIZE;
  args.executable = exe.handle();
  args.num_devices = p.ranks;
  args.num_args = p.num_args;
  args.argument_lists = p.arg_ptrs.data();
  args.output_lists = out_ptrs.data();
  TesseraError* err = exec_fn(&args);
  // Take ownership of whatever the plugin produced before looking at the error; a handle stored
  // twice or an argument handed back as an output is owned once (abi_c6), then refused.
  EventHolder event{&s, args.event};
  std::set<TesseraBuffer*> owned, inputs;
  for (const auto& list : p.arg_lists) inputs.insert(list.begin(), list.end());
  out.out_storage.clear();
  out.out_storage.reserve(p.ranks * p.num_outputs);
  std::string reused;
  for (size_t r = 0; r < p.ranks; ++r) {
    for (size_t i = 0; i < p.num_outputs; ++i) {
      TesseraBuffer* b = out.out_lists[r][i];
      if (b == nullptr) continue;
      std::string where = "output " + std::to_string(i) + " of rank " + std::to_string(r);
      if (inputs.count(b) != 0) {
        reused = reused.empty() ? where + " is an argument buffer" : reused;
      } else if (!owned.insert(b).second) {
        reused = reused.empty() ? where + " repeats another output's buffer" : reused;
      } else {
        out.out_storage.emplace_back(&s, b);
      }
    }
  }
  check(s, err, "execute");
  if (!reused.empty()) broken(s, "execute returned " + reused);
  if (event.ev != nullptr) {
    auto await_fn = need(s, s.api().event_await, "event_await");
    TesseraEventAwaitArgs await{};
    await.struct_size = TESSERA_EVENT_AWAIT_ARGS_STRUCT_SIZE;
    await.event = event.ev;
    check(s, await_fn(&await), "execute (await)");
  }
}

}  // namespace

std::vector<std::vector<HostTensor>> Backend::run_mesh(
    const Executable& exe, const std::vector<std::vector<HostTensor>>& per_rank) const {
  const ClientState& s = *state_;
  PreparedRun p;
  prepare_run(s, origin(), exe, per_rank, p);
  ExecutedRun done;
  execute_prepared(s, exe, p, done);
  std::vector<std::vector<HostTensor>> result(p.ranks);
  for (size_t r = 0; r < p.ranks; ++r) {
    for (size_t i = 0; i < p.num_outputs; ++i) {
      TesseraBuffer* b = done.out_lists[r][i];
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

std::vector<double> Backend::time_execute(const Executable& exe,
                                          const std::vector<HostTensor>& inputs, int warmups,
                                          int repeats) const {
  const ClientState& s = *state_;
  PreparedRun p;
  prepare_run(s, origin(), exe, {inputs}, p);
  std::vector<double> ms;
  for (int k = 0; k < warmups + repeats; ++k) {
    ExecutedRun done;
    const auto t0 = std::chrono::steady_clock::now();
    execute_prepared(s, exe, p, done);
    const auto t1 = std::chrono::steady_clock::now();
    if (k >= warmups) ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return ms;
}

}  // namespace tessera::plugins
