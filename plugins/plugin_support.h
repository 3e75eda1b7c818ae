// Header-only helpers for C++ plugin implementations: error objects and the exception guard.
#pragma once

#include <cstdint>
#include <cstring>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "core/numerics/dtype.h"
#include "core/support/error.h"
#include "plugins/tessera_backend.h"

/// The error object of plugins built with this header: each plugin has its own copy (symbols
/// stay local to the .so), and only that plugin's error_* slots ever touch it.
struct TesseraError {
  TesseraErrorCode code;
  std::string message;
  bool is_static;  ///< The preallocated out-of-memory error; never freed.
};

namespace tessera::plugins::support {

/// A new error object. If even that allocation fails, a static out-of-memory error is returned
/// (error_destroy recognises and keeps it), so a failure is never reported as success.
inline TesseraError* make_error(TesseraErrorCode code, const std::string& message) {
  static TesseraError out_of_memory{TESSERA_ERROR_RESOURCE_EXHAUSTED, "out of memory", true};
  try {
    return new TesseraError{code, message, false};
  } catch (...) {
    return &out_of_memory;
  }
}

/// error_destroy / error_message / error_code slot implementations.
inline void error_destroy(TesseraError* error) {
  if (error != nullptr && !error->is_static) delete error;
}
inline const char* error_message(const TesseraError* error) {
  return error ? error->message.c_str() : "";
}
inline TesseraErrorCode error_code(const TesseraError* error) {
  return error ? error->code : TESSERA_ERROR_INTERNAL;
}

/// Runs `body` (returning TesseraError*) and turns every exception into an error object, so
/// nothing but C values crosses the boundary.
template <typename Body>
TesseraError* guard(const char* slot, Body&& body) noexcept {
  try {
    return body();
  } catch (const tessera::Error& e) {
    return make_error(TESSERA_ERROR_INVALID_ARGUMENT, e.what());
  } catch (const std::bad_alloc&) {
    return make_error(TESSERA_ERROR_RESOURCE_EXHAUSTED, std::string(slot) + ": out of memory");
  } catch (const std::exception& e) {
    return make_error(TESSERA_ERROR_INTERNAL, std::string(slot) + ": internal error: " + e.what());
  } catch (...) {
    return make_error(TESSERA_ERROR_INTERNAL, std::string(slot) + ": unknown internal error");
  }
}

/// Checks the args pointer and that its struct_size covers the minor-0 fields `min_size`.
inline TesseraError* check_args(const void* args, size_t struct_size, size_t min_size,
                                const char* slot) {
  if (args == nullptr)
    return make_error(TESSERA_ERROR_INVALID_ARGUMENT, std::string(slot) + ": args is NULL");
  if (struct_size < min_size) {
    return make_error(TESSERA_ERROR_INVALID_ARGUMENT,
                      std::string(slot) + ": args struct_size " + std::to_string(struct_size) +
                          " is smaller than the ABI 1.0 size " + std::to_string(min_size));
  }
  return nullptr;
}

/// One ABI slot: `args` checked against the ABI 1.0 size `min_size` (check_args), then `body()`
/// (returning TesseraError*) run under guard.
template <typename Args, typename Body>
TesseraError* checked_slot(const char* slot, Args* args, size_t min_size, Body&& body) noexcept {
  return guard(slot, [&]() -> TesseraError* {
    if (auto* e = check_args(args, args ? args->struct_size : 0, min_size, slot)) return e;
    return body();
  });
}

/// The DType for an ABI value, or nullopt when the value is unknown.
inline std::optional<DType> dtype_from_abi(TesseraDType value) {
  if (value >= static_cast<uint32_t>(kNumDTypes)) return std::nullopt;
  return static_cast<DType>(value);
}

/// Packed bytes of a dense tensor (i4 two per byte); nullopt on a negative extent or overflow.
inline std::optional<size_t> packed_byte_size(DType dtype, const int64_t* dims, size_t rank) {
  unsigned __int128 elems = 1;
  for (size_t i = 0; i < rank; ++i) {
    if (dims[i] < 0) return std::nullopt;
    elems *= static_cast<uint64_t>(dims[i]);
    if (elems > (static_cast<unsigned __int128>(1) << 62)) return std::nullopt;
  }
  unsigned __int128 bits = elems * static_cast<unsigned>(dtype_bits(dtype));
  return static_cast<size_t>((bits + 7) / 8);
}

inline std::optional<size_t> packed_byte_size(DType dtype, const std::vector<int64_t>& shape) {
  return packed_byte_size(dtype, shape.data(), shape.size());
}

}  // namespace tessera::plugins::support
