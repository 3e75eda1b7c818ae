// Host-side checks of everything a plugin hands back: memory it points to, counts, enums, strings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "plugins/tessera_backend.h"

namespace tessera::plugins::validate {

/// Limits on what a plugin may return (docs/plugin-abi.md, section 11, "What the host checks").
inline constexpr size_t kMaxOpNames = 65536;    ///< abi_c4: entries of op_names.
inline constexpr size_t kMaxNameBytes = 256;    ///< abi_c4/abi_c5: an op or platform name.
inline constexpr size_t kMaxTextBytes = 65536;  ///< abi_c2/abi_c5: messages and reasons.
inline constexpr size_t kMaxOutputs = 65536;    ///< abi_c7: executable_num_outputs.
inline constexpr size_t kMaxRank = 64;          ///< abi_c7: buffer_info num_dims.

/// Copies `n` bytes from plugin-provided memory at `src` into `dst` without trusting `src`:
/// returns false, and raises no signal, when any of those bytes is not readable.
bool copy_from_plugin(void* dst, const void* src, size_t n) noexcept;

/// Reads the NUL-terminated string at `p` with at most `max_bytes` bytes before the NUL. On
/// failure returns nullopt and sets `why` ("is NULL", "is not readable memory", "has no NUL
/// within N bytes").
std::optional<std::string> read_string(const char* p, size_t max_bytes, std::string& why);

/// Reads an array of `count` elements of `size` bytes at `p` into `out`; false when unreadable.
bool read_array(const void* p, size_t count, size_t size, std::vector<unsigned char>& out);

/// True when `fn` lies inside a loaded object (executable or shared library): abi_c1's check that
/// a non-NULL slot is not a stray value.
bool points_into_loaded_code(const void* fn) noexcept;

/// True when `name` is a well-formed op name: `dialect.op`, letters, digits, '_' and '.'.
bool is_op_name(const std::string& name);

/// Capability values after the checks of abi_c3, abi_c4 and abi_c5.
struct CheckedCapabilities {
  uint64_t dtype_mask = 0;
  uint32_t ir_level_mask = 0;
  bool deterministic = false;
  int64_t max_mesh_size = 1;
  int64_t device_count = 0;
  std::optional<std::vector<std::string>> op_names;
  std::string unavailable_reason;
};

/// Checks a TesseraCapabilities the plugin filled in. `expected_size` is the struct_size the
/// host stored; `tail`/`tail_size` are guard bytes that followed the struct and must still be 0.
/// Throws tessera::Error with the first violation (without the origin prefix).
CheckedCapabilities check_capabilities(const TesseraCapabilities& raw, size_t expected_size,
                                       const unsigned char* tail, size_t tail_size);

/// The text of a plugin error object after abi_c2's checks: "<CODE>: <message>", where a bad
/// code or a missing, unreadable or unterminated message is named instead of trusted. `code`
/// receives the code (TESSERA_ERROR_INTERNAL when the plugin's code is unknown).
std::string describe_error(const TesseraBackendApi& api, const TesseraError* err, int32_t& code);

/// "INVALID_ARGUMENT", "UNIMPLEMENTED", ...; nullptr for codes outside the ABI.
const char* known_error_code_name(int32_t code);

}  // namespace tessera::plugins::validate
