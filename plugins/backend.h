// C++ wrapper over a backend's C table: RAII handles, errors as exceptions, host tensors in/out.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/numerics/dtype.h"
#include "core/support/error.h"
#include "interp/api.h"
#include "plugins/loader.h"

namespace tessera::plugins {

/// HostTensor is the interpreter's plain data struct (header only; no link dependency).
using HostTensor = interp::HostTensor;

/// An error object returned by a plugin (or synthesised for a NULL slot), as an exception.
class BackendError : public tessera::Error {
 public:
  BackendError(int32_t code, const std::string& msg) : tessera::Error(msg), code_(code) {}
  /// The TESSERA_ERROR_* code.
  int32_t code() const { return code_; }

 private:
  int32_t code_;
};

/// "INVALID_ARGUMENT", "UNIMPLEMENTED", ...; "code N" for unknown codes.
std::string error_code_name(int32_t code);

/// The capabilities of one client, copied out of the C struct.
struct Capabilities {
  uint64_t dtype_mask = 0;
  uint32_t ir_level_mask = 0;
  bool deterministic = false;
  int64_t max_mesh_size = 1;
  int64_t device_count = 0;
  std::optional<std::vector<std::string>> op_names;  ///< nullopt: the backend does not enumerate.
  std::string unavailable_reason;                    ///< empty: usable.

  bool supports_dtype(DType t) const { return (dtype_mask >> static_cast<unsigned>(t)) & 1u; }
  /// True when op_names is nullopt or lists `op`.
  bool supports_op(const std::string& op) const;
  /// `level` is "graph", "schedule", "tile" or "target"; unknown names are unsupported.
  bool supports_level(const std::string& level) const;
};

/// Options for Backend::compile (mirrors TesseraCompileOptions).
struct CompileOptions {
  std::string entry = "main";
  bool deterministic = false;
  int threads = 0;
  uint64_t max_memory = 0;
  std::string source_name;
  int64_t num_devices = 1;
};

struct ClientState;

/// A compiled entry. Move-only; keeps its client alive.
class Executable {
 public:
  Executable(std::shared_ptr<ClientState> client, TesseraExecutable* exe);
  ~Executable();
  Executable(Executable&& other) noexcept;
  Executable& operator=(Executable&& other) noexcept;
  Executable(const Executable&) = delete;
  Executable& operator=(const Executable&) = delete;

  TesseraExecutable* handle() const { return exe_; }
  int64_t num_devices() const { return num_devices_; }

 private:
  friend class Backend;
  std::shared_ptr<ClientState> client_;
  TesseraExecutable* exe_ = nullptr;
  int64_t num_devices_ = 1;
};

/// A client of one backend library. Copies share the client.
class Backend {
 public:
  /// Creates a client of `lib` and reads its capabilities. Throws BackendError / tessera::Error.
  static Backend create(std::shared_ptr<const Library> lib);

  /// Where the library came from (path or builtin:<name>).
  const std::string& origin() const;
  /// The capabilities read at creation.
  const Capabilities& capabilities() const;
  /// "name version" from client_platform_info, or "" when the plugin's minor lacks it.
  std::string platform_info() const;

  /// Compiles `module_text` for `options.entry`.
  Executable compile(const std::string& module_text, const CompileOptions& options) const;
  /// Runs a single-device executable: inputs in argument order, outputs in result order.
  std::vector<HostTensor> run(const Executable& exe, const std::vector<HostTensor>& inputs) const;
  /// Runs on exe.num_devices() ranks: per_rank[r] are rank r's inputs; returns per-rank outputs.
  std::vector<std::vector<HostTensor>> run_mesh(
      const Executable& exe, const std::vector<std::vector<HostTensor>>& per_rank) const;
  /// Uploads `inputs` once, then executes `warmups + repeats` times on a single device, each
  /// time waiting for the execution's event and releasing its outputs; returns the wall time of
  /// each of the last `repeats` executions in milliseconds (a benchmark's measurement: the
  /// backend's own allocation of outputs and launches included, no host transfers).
  std::vector<double> time_execute(const Executable& exe, const std::vector<HostTensor>& inputs,
                                   int warmups, int repeats) const;

 private:
  std::shared_ptr<ClientState> state_;
};

}  // namespace tessera::plugins
