// The on-disk NVRTC cache.
#include "backends/cuda/runtime/cubin_cache.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tessera::cuda {
namespace {

namespace fs = std::filesystem;

// Entry layout (little-endian, 64 bytes of header, then the CUBIN):
//   0 magic "TSRCUBIN" | 8 u32 format 1 | 12 u32 zero | 16 u64 payload bytes |
//   24 u64 FNV-1a 64 of the payload | 32 the key hash as 32 ASCII hex digits.
constexpr char kMagic[8] = {'T', 'S', 'R', 'C', 'U', 'B', 'I', 'N'};
constexpr uint32_t kFormat = 1;

uint64_t fnv1a(const std::string& s, uint64_t h) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

void put_u64(std::string& out, size_t at, uint64_t v) {
  for (int i = 0; i < 8; ++i) out[at + i] = static_cast<char>((v >> (8 * i)) & 0xff);
}

uint64_t get_u64(const std::string& in, size_t at) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t{static_cast<unsigned char>(in[at + i])} << (8 * i);
  return v;
}

std::string hex64(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

}  // namespace

std::string cubin_key_hash(const CubinKey& key) {
  // Fields are joined with their lengths, so no two different keys give the same material.
  std::string m = "tessera-cuda-cubin-v1";
  for (const std::string* f : {&key.source, &key.nvrtc_version, &key.options})
    m += "|" + std::to_string(f->size()) + ":" + *f;
  m += "|sm_" + std::to_string(key.sm);
  // Two FNV-1a streams with different offset bases: 128 bits against accidental collisions.
  return hex64(fnv1a(m, 0xcbf29ce484222325ull)) + hex64(fnv1a(m, 0x84222325cbf29ce4ull) ^ 0x9e37);
}

std::string default_cache_dir() {
  if (std::string d = env("TESSERA_CUDA_CACHE"); !d.empty()) return d;
  if (std::string d = env("XDG_CACHE_HOME"); !d.empty()) return d + "/tessera/cuda";
  if (std::string d = env("HOME"); !d.empty()) return d + "/.cache/tessera/cuda";
  return "";
}

std::string encode_cache_entry(const std::string& hash, const std::string& payload) {
  std::string out(kCacheHeaderBytes, '\0');
  std::memcpy(out.data(), kMagic, 8);
  out[8] = static_cast<char>(kFormat);
  put_u64(out, 16, payload.size());
  put_u64(out, 24, fnv1a(payload, 0xcbf29ce484222325ull));
  std::memcpy(out.data() + 32, hash.data(), std::min<size_t>(hash.size(), 32));
  return out + payload;
}

std::optional<std::string> decode_cache_entry(const std::string& hash, const std::string& bytes) {
  if (bytes.size() < kCacheHeaderBytes || std::memcmp(bytes.data(), kMagic, 8) != 0)
    return std::nullopt;
  if (static_cast<unsigned char>(bytes[8]) != kFormat) return std::nullopt;
  std::string want_hash(32, '\0');
  std::memcpy(want_hash.data(), hash.data(), std::min<size_t>(hash.size(), 32));
  if (bytes.compare(32, 32, want_hash) != 0) return std::nullopt;
  const uint64_t size = get_u64(bytes, 16);
  if (size != bytes.size() - kCacheHeaderBytes) return std::nullopt;  // truncated or padded
  std::string payload = bytes.substr(kCacheHeaderBytes);
  if (fnv1a(payload, 0xcbf29ce484222325ull) != get_u64(bytes, 24)) return std::nullopt;
  return payload;
}

std::string CubinCache::entry_path(const std::string& hash, int sm) const {
  return dir_ + "/" + hash + ".sm_" + std::to_string(sm) + ".tcubin";
}

std::optional<std::string> CubinCache::load(const std::string& hash, int sm) const {
  if (!enabled()) return std::nullopt;
  std::ifstream in(entry_path(hash, sm), std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return decode_cache_entry(hash, buf.str());
}

bool CubinCache::store(const std::string& hash, int sm, const std::string& cubin) const {
  if (!enabled()) return false;
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec) return false;
  static std::atomic<unsigned> counter{0};
  const std::string final_path = entry_path(hash, sm);
  const std::string tmp = final_path + ".tmp." + std::to_string(::getpid()) + "." +
                          std::to_string(counter.fetch_add(1));
  const std::string bytes = encode_cache_entry(hash, cubin);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
      fs::remove(tmp, ec);
      return false;
    }
  }
  // rename is atomic within one file system: readers see the old entry or the whole new one.
  fs::rename(tmp, final_path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    return false;
  }
  return true;
}

}  // namespace tessera::cuda
