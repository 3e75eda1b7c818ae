// Loading backend plugins: dlopen, version negotiation, discovery and the built-in registry.
#include "plugins/loader.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <system_error>

#include "core/support/error.h"
#include "plugins/validate.h"

namespace tessera::plugins {
namespace {

namespace fs = std::filesystem;

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\n\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\n\r");
  return s.substr(b, e - b + 1);
}

// Turns a plugin_initialize error into text and frees it through the plugin's own table.
std::string take_error(const TesseraBackendApi& api, TesseraError* err) {
  int32_t code = 0;
  std::string text = validate::describe_error(api, err, code);
  api.error_destroy(err);
  return "code " + std::to_string(code) + ": " + text;
}

bool looks_like_path(const std::string& s) {
  return s.find('/') != std::string::npos ||
         (s.size() > 3 && s.compare(s.size() - 3, 3, ".so") == 0);
}

}  // namespace

namespace {

// Every slot of the table in order, with whether ABI 1.0 requires it (abi_c1).
struct Slot {
  const char* name;
  size_t offset;
  bool required;
};
#define TESSERA_SLOT(name, required) \
  { #name, offsetof(TesseraBackendApi, name), required }
constexpr Slot kSlots[] = {
    TESSERA_SLOT(error_destroy, true),
    TESSERA_SLOT(error_message, true),
    TESSERA_SLOT(error_code, true),
    TESSERA_SLOT(plugin_initialize, false),
    TESSERA_SLOT(client_create, true),
    TESSERA_SLOT(client_destroy, true),
    TESSERA_SLOT(client_capabilities, false),
    TESSERA_SLOT(device_get, false),
    TESSERA_SLOT(device_destroy, false),
    TESSERA_SLOT(compile, false),
    TESSERA_SLOT(executable_destroy, false),
    TESSERA_SLOT(executable_num_outputs, false),
    TESSERA_SLOT(buffer_from_host, false),
    TESSERA_SLOT(buffer_destroy, false),
    TESSERA_SLOT(buffer_info, false),
    TESSERA_SLOT(buffer_to_host, false),
    TESSERA_SLOT(execute, false),
    TESSERA_SLOT(event_await, false),
    TESSERA_SLOT(event_destroy, false),
    TESSERA_SLOT(client_platform_info, false),
};
#undef TESSERA_SLOT

// Table size of each minor of major 1 that this header knows.
constexpr size_t kTableSizeOfMinor[] = {TESSERA_BACKEND_API_V1_0_STRUCT_SIZE,
                                        TESSERA_BACKEND_API_STRUCT_SIZE};
static_assert(std::size(kTableSizeOfMinor) == TESSERA_BACKEND_API_MINOR + 1);

}  // namespace

TesseraBackendApi negotiate_api(const TesseraBackendApi* table, const std::string& origin) {
  if (table == nullptr) throw Error(origin + ": the entry point returned no function table");
  TesseraBackendApi api;
  std::memset(&api, 0, sizeof api);
  // abi_c1: nothing in the table is trusted before it has been read without faulting.
  const size_t head = offsetof(TesseraBackendApi, error_destroy);
  if (!validate::copy_from_plugin(&api, table, head)) {
    throw Error(origin + ": the entry point returned a function table that is not readable memory");
  }
  if (api.major != TESSERA_BACKEND_API_MAJOR) {
    throw Error(origin + ": plugin ABI major " + std::to_string(api.major) +
                " is not supported; this host speaks major " +
                std::to_string(TESSERA_BACKEND_API_MAJOR));
  }
  if (api.struct_size < TESSERA_BACKEND_API_V1_0_STRUCT_SIZE) {
    throw Error(origin + ": function table too small (" + std::to_string(api.struct_size) +
                " bytes; ABI 1.0 needs at least " +
                std::to_string(TESSERA_BACKEND_API_V1_0_STRUCT_SIZE) + ")");
  }
  // abi_c1: the declared minor fixes the smallest table; slots past that minor are not read, so
  // older minors' missing slots stay zero (= unimplemented) and newer minors' extra ones unseen.
  const bool known_minor = api.minor <= TESSERA_BACKEND_API_MINOR;
  const size_t minor_size = known_minor ? kTableSizeOfMinor[api.minor] : sizeof api;
  if (api.struct_size < minor_size) {
    throw Error(origin + ": function table of minor " + std::to_string(api.minor) + " has " +
                std::to_string(api.struct_size) + " bytes; that minor needs " +
                std::to_string(minor_size));
  }
  const size_t copy = std::min<size_t>(minor_size, sizeof api);
  if (!validate::copy_from_plugin(&api, table, copy)) {
    throw Error(origin + ": function table is not readable for its " + std::to_string(copy) +
                " bytes");
  }
  api.struct_size = sizeof api;  // minor stays the plugin's: Library::plugin_minor() reports it
  for (const Slot& slot : kSlots) {
    void* fn = nullptr;
    if (slot.offset + sizeof fn > copy) continue;
    std::memcpy(&fn, reinterpret_cast<const unsigned char*>(&api) + slot.offset, sizeof fn);
    if (fn == nullptr && slot.required) {
      throw Error(origin + ": required slot '" + slot.name + "' is NULL");
    }
    if (fn != nullptr && !validate::points_into_loaded_code(fn)) {  // abi_c1
      throw Error(origin + ": slot '" + slot.name + "' does not point into any loaded library");
    }
  }
  return api;
}

std::shared_ptr<const Library> Library::open(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) throw Error(path + ": cannot load backend plugin: no such file");
  if (fs::is_directory(path, ec)) throw Error(path + ": cannot load backend plugin: a directory");
  dlerror();
  void* handle = dlopen(path.c_str(), RTLD_LOCAL | RTLD_NOW);
  if (handle == nullptr) {
    const char* why = dlerror();
    throw Error(path + ": cannot load backend plugin: " + (why ? why : "dlopen failed"));
  }
  std::shared_ptr<Library> lib(new Library(path, handle));  // dlcloses on any throw below
  void* sym = dlsym(handle, TESSERA_BACKEND_ENTRY_SYMBOL);
  if (sym == nullptr) {
    // A plugin of another major exports a differently named entry; say so precisely.
    for (int major = 2; major <= 9; ++major) {
      std::string other = "tessera_backend_get_api_v" + std::to_string(major);
      if (dlsym(handle, other.c_str()) != nullptr) {
        throw Error(path + ": plugin exports " + other + " (ABI major " + std::to_string(major) +
                    ") but this host speaks major " + std::to_string(TESSERA_BACKEND_API_MAJOR));
      }
    }
    throw Error(path + ": missing entry symbol " TESSERA_BACKEND_ENTRY_SYMBOL
                       " (not a Tessera backend plugin, or built for another ABI)");
  }
  TesseraGetBackendApiFn* entry = nullptr;
  static_assert(sizeof entry == sizeof sym);
  std::memcpy(&entry, &sym, sizeof sym);  // object-to-function pointer without a cast warning
  lib->init(entry);
  return lib;
}

std::shared_ptr<const Library> Library::from_entry(const std::string& origin,
                                                   TesseraGetBackendApiFn* entry) {
  if (entry == nullptr) throw Error(origin + ": no entry point");
  std::shared_ptr<Library> lib(new Library(origin, nullptr));
  lib->init(entry);
  return lib;
}

void Library::init(TesseraGetBackendApiFn* entry) {
  const TesseraBackendApi* table = entry();
  api_ = negotiate_api(table, origin_);
  plugin_minor_ = api_.minor;
  if (api_.plugin_initialize != nullptr) {
    TesseraPluginInitializeArgs args{};
    args.struct_size = TESSERA_PLUGIN_INITIALIZE_ARGS_STRUCT_SIZE;
    if (TesseraError* err = api_.plugin_initialize(&args)) {
      throw Error(origin_ + ": plugin initialisation failed: " + take_error(api_, err));
    }
  }
}

Library::~Library() {
  if (handle_ != nullptr) dlclose(handle_);
}

std::vector<BackendEntry> parse_backends_env(const std::string& value) {
  std::vector<BackendEntry> out;
  size_t start = 0;
  while (start <= value.size()) {
    size_t comma = value.find(',', start);
    if (comma == std::string::npos) comma = value.size();
    std::string item = trim(value.substr(start, comma - start));
    start = comma + 1;
    if (item.empty()) continue;
    size_t colon = item.find(':');
    std::string name = colon == std::string::npos ? "" : trim(item.substr(0, colon));
    std::string path = colon == std::string::npos ? "" : trim(item.substr(colon + 1));
    if (name.empty() || path.empty()) {
      throw Error("TESSERA_BACKENDS: entry '" + item + "' is not of the form name:path");
    }
    out.push_back({name, path});
  }
  return out;
}

std::string default_plugin_dir() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec || exe.empty()) return "";
  return (exe.parent_path() / ".." / "lib" / "tessera" / "plugins").lexically_normal().string();
}

std::vector<BackendEntry> scan_plugin_dir(const std::string& dir) {
  std::vector<BackendEntry> out;
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) return out;
  const std::string prefix = "libtessera_", suffix = ".so";
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string file = it->path().filename().string();
    if (file.size() <= prefix.size() + suffix.size() || file.rfind(prefix, 0) != 0 ||
        file.compare(file.size() - suffix.size(), suffix.size(), suffix) != 0) {
      continue;
    }
    out.push_back({file.substr(prefix.size(), file.size() - prefix.size() - suffix.size()),
                   it->path().string()});
  }
  std::sort(out.begin(), out.end(),
            [](const BackendEntry& a, const BackendEntry& b) { return a.name < b.name; });
  return out;
}

void Registry::register_builtin(const std::string& name, TesseraGetBackendApiFn* entry) {
  std::lock_guard<std::mutex> lock(mutex_);
  builtins_[name] = entry;
}

std::vector<BackendSource> Registry::list() const {
  std::vector<BackendSource> out;
  auto add = [&](const std::string& name, const std::string& origin) {
    for (const BackendSource& s : out) {
      if (s.name == name) return;
    }
    out.push_back({name, origin});
  };
  if (const char* env = std::getenv("TESSERA_BACKENDS")) {
    for (const BackendEntry& e : parse_backends_env(env)) add(e.name, e.path);
  }
  for (const auto& [name, entry] : builtins_) add(name, "builtin:" + name);
  for (const BackendEntry& e : scan_plugin_dir(plugin_dir_)) add(e.name, e.path);
  return out;
}

std::shared_ptr<const Library> Registry::open(const std::string& name_or_path) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (name_or_path.empty()) throw Error("backend name is empty");
  std::string origin;
  if (looks_like_path(name_or_path)) {
    origin = name_or_path;
  } else {
    for (const BackendSource& s : list()) {
      if (s.name == name_or_path) origin = s.origin;
    }
    if (origin.empty()) {
      std::string known;
      for (const BackendSource& s : list()) known += (known.empty() ? "" : ", ") + s.name;
      throw Error("unknown backend '" + name_or_path +
                  "' (known: " + (known.empty() ? "none" : known) +
                  "); pass a path to a plugin .so or set TESSERA_BACKENDS=name:path");
    }
  }
  if (auto it = cache_.find(origin); it != cache_.end()) return it->second;
  std::shared_ptr<const Library> lib;
  if (origin.rfind("builtin:", 0) == 0) {
    lib = Library::from_entry(origin, builtins_.at(origin.substr(8)));
  } else {
    lib = Library::open(origin);
  }
  cache_[origin] = lib;
  return lib;
}

}  // namespace tessera::plugins
