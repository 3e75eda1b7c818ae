// The on-disk NVRTC cache: CUBINs keyed by a hash of the CUDA source, the architecture, the NVRTC
// version and the generator options. Entries are written atomically (temporary file + rename)
// and carry a header with the payload's length and checksum, so a corrupt or truncated entry is
// detected and recompiled. A directory that cannot be used means "no cache", never an error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tessera::cuda {

/// What a CUBIN is compiled from; every field is part of the key.
struct CubinKey {
  std::string source;         ///< The CUDA C++ translation unit.
  int sm = 0;                 ///< Compute capability x 10.
  std::string nvrtc_version;  ///< "13.0"
  std::string options;        ///< Generator options and NVRTC flags, as text.
};

/// 32 hex digits: the 128-bit hash of every field of `key` (the entry's file stem).
std::string cubin_key_hash(const CubinKey& key);

/// The cache directory: $TESSERA_CUDA_CACHE, else $XDG_CACHE_HOME/tessera/cuda, else
/// $HOME/.cache/tessera/cuda; "" when none of them is set (no cache).
std::string default_cache_dir();

/// The bytes of a cache entry holding `payload` for key hash `hash` (header + payload).
std::string encode_cache_entry(const std::string& hash, const std::string& payload);
/// The payload of an entry, or nullopt when the header, length, checksum or key do not match.
std::optional<std::string> decode_cache_entry(const std::string& hash, const std::string& bytes);

/// Bytes of the entry header; the CUBIN starts at this offset (cuobjdump needs it stripped).
inline constexpr size_t kCacheHeaderBytes = 64;

class CubinCache {
 public:
  /// A cache in `dir` ("" = disabled).
  explicit CubinCache(std::string dir) : dir_(std::move(dir)) {}
  bool enabled() const { return !dir_.empty(); }
  const std::string& dir() const { return dir_; }
  /// The path of the entry for `hash`: <dir>/<hash>.sm_NN.tcubin.
  std::string entry_path(const std::string& hash, int sm) const;
  /// The cached CUBIN, or nullopt when absent, unreadable, corrupt or truncated.
  std::optional<std::string> load(const std::string& hash, int sm) const;
  /// Stores a CUBIN; returns false (and leaves nothing behind) when the directory is unusable.
  bool store(const std::string& hash, int sm, const std::string& cubin) const;

 private:
  std::string dir_;
};

}  // namespace tessera::cuda
