// Loading backend plugins: dlopen, version negotiation, discovery and the built-in registry.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "plugins/tessera_backend.h"

namespace tessera::plugins {

/// A backend's function table after negotiation, plus what keeps it alive (the dlopen handle,
/// or nothing for a built-in). The table is the host's size: slots the plugin's minor does not
/// cover are NULL.
class Library {
 public:
  /// dlopens `path` (RTLD_LOCAL | RTLD_NOW), resolves tessera_backend_get_api_v1, negotiates the
  /// table and runs plugin_initialize. Throws tessera::Error naming the path and the reason.
  static std::shared_ptr<const Library> open(const std::string& path);

  /// Wraps an entry point linked into the binary; `origin` names it in messages.
  static std::shared_ptr<const Library> from_entry(const std::string& origin,
                                                   TesseraGetBackendApiFn* entry);

  ~Library();
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;

  /// The negotiated table (host-sized, zero-filled past the plugin's struct_size).
  const TesseraBackendApi& api() const { return api_; }
  /// The file path, or "builtin:<name>".
  const std::string& origin() const { return origin_; }
  /// The minor version the plugin declared.
  uint32_t plugin_minor() const { return plugin_minor_; }

 private:
  Library(std::string origin, void* handle) : origin_(std::move(origin)), handle_(handle) {}
  void init(TesseraGetBackendApiFn* entry);

  std::string origin_;
  void* handle_ = nullptr;  // dlopen handle; null for built-ins.
  TesseraBackendApi api_{};
  uint32_t plugin_minor_ = 0;
};

/// Checks a table returned by an entry point and returns the host-sized copy (abi_c1): refuses
/// NULL or unreadable memory, a major other than TESSERA_BACKEND_API_MAJOR, a struct_size below
/// the minor-0 table or below its declared minor's table, NULL required slots and slots that
/// point into no loaded library. The copy keeps the plugin's `minor`. Throws
/// tessera::Error("<origin>: <reason>").
TesseraBackendApi negotiate_api(const TesseraBackendApi* table, const std::string& origin);

/// One `name:path` entry of TESSERA_BACKENDS.
struct BackendEntry {
  std::string name;
  std::string path;
};

/// Parses TESSERA_BACKENDS ("name:path,name:path"); whitespace around entries is ignored, empty
/// entries are skipped. Throws tessera::Error on an entry without a name or path.
std::vector<BackendEntry> parse_backends_env(const std::string& value);

/// `<directory of the running executable>/../lib/tessera/plugins`, or "" if unknown.
std::string default_plugin_dir();

/// Plugins in `dir` named libtessera_<name>.so, sorted by name; empty if `dir` is missing.
std::vector<BackendEntry> scan_plugin_dir(const std::string& dir);

/// Where a backend name comes from, for listings.
struct BackendSource {
  std::string name;
  std::string origin;  ///< path, or "builtin:<name>"
};

/// Resolves backend names to libraries. Built-ins are registered explicitly by the tool's main()
/// (never by static constructors). Lookup order for a name: TESSERA_BACKENDS, built-ins, then
/// the plugin directory. An argument containing '/' or ending in ".so" is always a path.
class Registry {
 public:
  /// Registers a backend linked into the binary. Re-registering a name replaces it.
  void register_builtin(const std::string& name, TesseraGetBackendApiFn* entry);

  /// Overrides the plugin directory (default: default_plugin_dir()).
  void set_plugin_dir(const std::string& dir) { plugin_dir_ = dir; }

  /// Every backend name this registry can open, in lookup order, first source per name only.
  std::vector<BackendSource> list() const;

  /// Opens a backend by name or path; libraries are cached, so a path is loaded once. Throws
  /// tessera::Error for an unknown name (listing known ones) or any load failure.
  std::shared_ptr<const Library> open(const std::string& name_or_path);

 private:
  std::map<std::string, TesseraGetBackendApiFn*> builtins_;
  std::string plugin_dir_ = default_plugin_dir();
  std::map<std::string, std::shared_ptr<const Library>> cache_;
  std::mutex mutex_;
};

}  // namespace tessera::plugins
