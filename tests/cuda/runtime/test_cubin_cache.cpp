// The on-disk NVRTC cache without a device: keys, entry format, atomic store, corrupt and
// truncated entries, unusable directories, the directory's environment variables, and a real
// NVRTC compile that the second call reads back from the cache.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "backends/cuda/runtime/compile.h"
#include "backends/cuda/runtime/cubin_cache.h"
#include "backends/cuda/runtime/failure.h"

namespace tc = tessera::cuda;
namespace fs = std::filesystem;

namespace {

/// A fresh directory under the system temp dir, removed at scope exit.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "tessera-cubin-XXXXXX").string();
    REQUIRE(mkdtemp(tmpl.data()) != nullptr);
    path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path, ec);
  }
};

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_all(const fs::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

/// Sets an environment variable for a scope and restores it.
struct ScopedEnv {
  std::string name;
  std::optional<std::string> old;
  ScopedEnv(const char* n, const char* value) : name(n) {
    if (const char* o = std::getenv(n)) old = o;
    if (value)
      setenv(n, value, 1);
    else
      unsetenv(n);
  }
  ~ScopedEnv() {
    if (old)
      setenv(name.c_str(), old->c_str(), 1);
    else
      unsetenv(name.c_str());
  }
};

const char* kKernel = R"(extern "C" __global__ void tsr_twice(float* x) {
  x[threadIdx.x] = __fmul_rn(x[threadIdx.x], 2.0f);
}
)";

}  // namespace

TEST_CASE("the key hash covers source, arch, NVRTC version and options") {
  tc::CubinKey k{"src", 90, "13.0", "generator deterministic=0"};
  const std::string h = tc::cubin_key_hash(k);
  CHECK(h.size() == 32);
  CHECK(h.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK(tc::cubin_key_hash(k) == h);
  tc::CubinKey a = k, b = k, c = k, d = k;
  a.source = "src ";
  b.sm = 80;
  c.nvrtc_version = "13.1";
  d.options = "generator deterministic=1";
  for (const tc::CubinKey& other : {a, b, c, d}) CHECK(tc::cubin_key_hash(other) != h);
  // Field boundaries are part of the key: moving a character between fields changes the hash.
  tc::CubinKey e{"srcx", 90, "13.0", "y"}, f{"src", 90, "13.0", "xy"};
  CHECK(tc::cubin_key_hash(e) != tc::cubin_key_hash(f));
}

TEST_CASE("entries round-trip; corrupt, truncated, padded or foreign entries are rejected") {
  const std::string hash(32, 'a'), payload = std::string(
                                                 "\x7f"
                                                 "ELF",
                                                 4) +
                                             std::string(300, 'z');
  const std::string entry = tc::encode_cache_entry(hash, payload);
  CHECK(entry.size() == tc::kCacheHeaderBytes + payload.size());
  CHECK(entry.compare(0, 8, "TSRCUBIN") == 0);
  REQUIRE(tc::decode_cache_entry(hash, entry).has_value());
  CHECK(*tc::decode_cache_entry(hash, entry) == payload);
  CHECK_FALSE(tc::decode_cache_entry(hash, entry.substr(0, entry.size() - 1)));  // truncated
  CHECK_FALSE(tc::decode_cache_entry(hash, entry.substr(0, 10)));                // header cut
  CHECK_FALSE(tc::decode_cache_entry(hash, entry + "x"));                        // padded
  std::string flipped = entry;
  flipped[tc::kCacheHeaderBytes + 100] ^= 1;  // one payload bit
  CHECK_FALSE(tc::decode_cache_entry(hash, flipped));
  std::string bad_magic = entry;
  bad_magic[0] = 'X';
  CHECK_FALSE(tc::decode_cache_entry(hash, bad_magic));
  CHECK_FALSE(tc::decode_cache_entry(std::string(32, 'b'), entry));  // another key's entry
}

TEST_CASE("store is atomic and load reads it back; unusable directories disable the cache") {
  TempDir t;
  tc::CubinCache cache((t.path / "nested" / "dir").string());
  const std::string hash(32, 'c');
  CHECK_FALSE(cache.load(hash, 90));
  REQUIRE(cache.store(hash, 90, "cubin bytes"));
  CHECK(cache.load(hash, 90) == std::optional<std::string>("cubin bytes"));
  CHECK_FALSE(cache.load(hash, 80));  // the arch is part of the entry name
  // No temporary file is left next to the entry.
  size_t files = 0;
  for (const auto& e : fs::directory_iterator(t.path / "nested" / "dir")) {
    ++files;
    CHECK(e.path().filename().string().find(".tmp.") == std::string::npos);
  }
  CHECK(files == 1);
  // A directory path that runs through a regular file cannot be created.
  write_all(t.path / "file", "x");
  tc::CubinCache blocked((t.path / "file" / "cache").string());
  CHECK_FALSE(blocked.store(hash, 90, "x"));
  CHECK_FALSE(blocked.load(hash, 90));
  tc::CubinCache disabled("");
  CHECK_FALSE(disabled.enabled());
  CHECK_FALSE(disabled.store(hash, 90, "x"));
  if (geteuid() != 0) {  // root writes through permissions
    fs::create_directories(t.path / "ro");
    fs::permissions(t.path / "ro", fs::perms::owner_read | fs::perms::owner_exec);
    tc::CubinCache ro((t.path / "ro").string());
    CHECK_FALSE(ro.store(hash, 90, "x"));
  }
}

TEST_CASE("the cache directory: TESSERA_CUDA_CACHE, then XDG_CACHE_HOME, then HOME") {
  {
    ScopedEnv a("TESSERA_CUDA_CACHE", "/x/cache"), b("XDG_CACHE_HOME", "/xdg"), c("HOME", "/h");
    CHECK(tc::default_cache_dir() == "/x/cache");
  }
  {
    ScopedEnv a("TESSERA_CUDA_CACHE", nullptr), b("XDG_CACHE_HOME", "/xdg"), c("HOME", "/h");
    CHECK(tc::default_cache_dir() == "/xdg/tessera/cuda");
  }
  {
    ScopedEnv a("TESSERA_CUDA_CACHE", nullptr), b("XDG_CACHE_HOME", nullptr), c("HOME", "/h");
    CHECK(tc::default_cache_dir() == "/h/.cache/tessera/cuda");
  }
  {
    ScopedEnv a("TESSERA_CUDA_CACHE", nullptr), b("XDG_CACHE_HOME", nullptr), c("HOME", nullptr);
    CHECK(tc::default_cache_dir().empty());
  }
}

TEST_CASE("NVRTC output is cached, read back, and recompiled when the entry is damaged") {
  TempDir t;
  tc::CubinCache cache(t.path.string());
  tc::Cubin first = tc::compile_cubin(kKernel, "twice.cu", 90, "opts", cache);
  CHECK_FALSE(first.cache_hit);
  REQUIRE(first.image.size() > 4);
  CHECK(first.image.compare(0, 4,
                            "\x7f"
                            "ELF") == 0);
  const fs::path entry = cache.entry_path(first.key_hash, 90);
  REQUIRE(fs::exists(entry));
  tc::Cubin second = tc::compile_cubin(kKernel, "twice.cu", 90, "opts", cache);
  CHECK(second.cache_hit);
  CHECK(second.image == first.image);
  // Other options: another key, compiled afresh.
  tc::Cubin other = tc::compile_cubin(kKernel, "twice.cu", 90, "opts2", cache);
  CHECK_FALSE(other.cache_hit);
  CHECK(other.key_hash != first.key_hash);
  // Truncated entry: detected, recompiled, rewritten whole.
  std::string bytes = read_all(entry);
  write_all(entry, bytes.substr(0, bytes.size() / 2));
  tc::Cubin third = tc::compile_cubin(kKernel, "twice.cu", 90, "opts", cache);
  CHECK_FALSE(third.cache_hit);
  CHECK(third.image == first.image);
  CHECK(read_all(entry) == bytes);
  // One flipped bit in the CUBIN: detected by the checksum.
  bytes[bytes.size() - 7] ^= 0x10;
  write_all(entry, bytes);
  CHECK_FALSE(tc::compile_cubin(kKernel, "twice.cu", 90, "opts", cache).cache_hit);
  CHECK(tc::compile_cubin(kKernel, "twice.cu", 90, "opts", cache).cache_hit);
  // An unusable directory: compiled without the cache, no error.
  write_all(t.path / "file", "x");
  tc::CubinCache blocked((t.path / "file" / "c").string());
  tc::Cubin nocache = tc::compile_cubin(kKernel, "twice.cu", 90, "opts", blocked);
  CHECK_FALSE(nocache.cache_hit);
  CHECK(nocache.image == first.image);
}

TEST_CASE("NVRTC rejecting the source is an INTERNAL failure carrying NVRTC's log") {
  TempDir t;
  tc::CubinCache cache(t.path.string());
  int code = 0;
  std::string what;
  try {
    tc::compile_cubin("this is not C++", "junk.cu", 90, "", cache);
  } catch (const tc::Failure& e) {
    code = e.code();
    what = e.what();
  }
  CHECK(code == TESSERA_ERROR_INTERNAL);
  CHECK(what.find("NVRTC_ERROR_COMPILATION") != std::string::npos);
  CHECK(what.find("junk.cu") != std::string::npos);
  CHECK(fs::is_empty(t.path));  // nothing cached
}
