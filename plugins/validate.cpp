// Host-side checks of everything a plugin hands back: memory it points to, counts, enums, strings.
#include "plugins/validate.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <set>

#include "core/support/error.h"

namespace tessera::plugins::validate {
namespace {

constexpr size_t kPage = 4096;

// Fallback where process_vm_readv is not allowed: write() into a pipe fails with EFAULT, never a
// signal, when the source is unreadable.
bool copy_through_pipe(void* dst, const void* src, size_t n) noexcept {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return false;
  bool ok = true;
  auto* out = static_cast<unsigned char*>(dst);
  const auto* in = static_cast<const unsigned char*>(src);
  while (ok && n > 0) {
    size_t chunk = n < kPage ? n : kPage;  // a pipe holds at least one page
    ssize_t w = write(fds[1], in, chunk);
    ok = w == static_cast<ssize_t>(chunk) && read(fds[0], out, chunk) == w;
    in += chunk;
    out += chunk;
    n -= chunk;
  }
  close(fds[0]);
  close(fds[1]);
  return ok;
}

std::string bits_text(uint64_t bits) {
  std::string s;
  for (unsigned b = 0; b < 64; ++b) {
    if ((bits >> b) & 1u) s += (s.empty() ? "" : ", ") + std::to_string(b);
  }
  return s;
}

std::vector<std::string> check_op_names(const TesseraCapabilities& raw) {
  // abi_c4: op_names NULL means "not enumerated"; its count must then be 0.
  if (raw.num_op_names > kMaxOpNames) {
    throw Error("num_op_names " + std::to_string(raw.num_op_names) + " exceeds the limit of " +
                std::to_string(kMaxOpNames));
  }
  std::vector<unsigned char> bytes;
  if (!read_array(raw.op_names, raw.num_op_names, sizeof(const char*), bytes)) {
    throw Error("op_names does not point to " + std::to_string(raw.num_op_names) +
                " readable entries (num_op_names is larger than the array)");
  }
  std::vector<std::string> names;
  std::set<std::string> seen;
  for (size_t i = 0; i < raw.num_op_names; ++i) {
    const char* p = nullptr;
    std::memcpy(&p, bytes.data() + i * sizeof p, sizeof p);
    std::string why;
    std::optional<std::string> name = read_string(p, kMaxNameBytes, why);
    const std::string where = "op_names[" + std::to_string(i) + "] ";
    if (!name) throw Error(where + why);
    if (!is_op_name(*name)) throw Error(where + "'" + *name + "' is not an op name (dialect.op)");
    if (!seen.insert(*name).second) throw Error(where + "'" + *name + "' is listed twice");
    names.push_back(std::move(*name));
  }
  return names;
}

}  // namespace

bool copy_from_plugin(void* dst, const void* src, size_t n) noexcept {
  if (n == 0) return true;
  if (src == nullptr) return false;
  if (reinterpret_cast<uintptr_t>(src) > UINTPTR_MAX - n) return false;  // wraps around
  auto* out = static_cast<unsigned char*>(dst);
  auto* in = const_cast<void*>(src);  // process_vm_readv's remote iovec is not const
  size_t done = 0;
  while (done < n) {
    iovec local{out + done, n - done};
    iovec remote{static_cast<unsigned char*>(in) + done, n - done};
    ssize_t got = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
    if (got > 0) {
      done += static_cast<size_t>(got);
      continue;
    }
    if (got < 0 && (errno == ENOSYS || errno == EPERM)) {
      return copy_through_pipe(out + done, static_cast<unsigned char*>(in) + done, n - done);
    }
    return false;  // EFAULT: unreadable
  }
  return true;
}

std::optional<std::string> read_string(const char* p, size_t max_bytes, std::string& why) {
  if (p == nullptr) {
    why = "is NULL";
    return std::nullopt;
  }
  // Page by page, so a string that ends just before an unmapped page is still read.
  std::string out;
  auto addr = reinterpret_cast<uintptr_t>(p);
  char chunk[kPage];
  while (out.size() <= max_bytes) {
    size_t n = kPage - (addr % kPage);
    if (!copy_from_plugin(chunk, reinterpret_cast<const void*>(addr), n)) {
      why = out.empty() ? "is not readable memory"
                        : "runs into unreadable memory without a NUL after " +
                              std::to_string(out.size()) + " bytes";
      return std::nullopt;
    }
    const void* nul = std::memchr(chunk, 0, n);
    size_t len = nul ? static_cast<size_t>(static_cast<const char*>(nul) - chunk) : n;
    out.append(chunk, len);
    if (nul != nullptr && out.size() <= max_bytes) return out;
    if (nul != nullptr) break;
    addr += n;
  }
  why = "has no NUL within " + std::to_string(max_bytes) + " bytes";
  return std::nullopt;
}

bool read_array(const void* p, size_t count, size_t size, std::vector<unsigned char>& out) {
  if (count == 0) {
    out.clear();
    return true;
  }
  if (size != 0 && count > SIZE_MAX / size) return false;
  out.resize(count * size);
  return copy_from_plugin(out.data(), p, out.size());
}

bool points_into_loaded_code(const void* fn) noexcept {
  Dl_info info{};
  return fn != nullptr && dladdr(fn, &info) != 0 && info.dli_fbase != nullptr;
}

bool is_op_name(const std::string& name) {
  size_t dot = name.find('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == name.size()) return false;
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '.';
    if (!ok) return false;
  }
  return true;
}

CheckedCapabilities check_capabilities(const TesseraCapabilities& raw, size_t expected_size,
                                       const unsigned char* tail, size_t tail_size) {
  // abi_c3: the plugin writes only the fields struct_size covers and never struct_size itself.
  if (raw.struct_size != expected_size) {
    throw Error("struct_size was changed from " + std::to_string(expected_size) + " to " +
                std::to_string(raw.struct_size));
  }
  for (size_t i = 0; i < tail_size; ++i) {
    if (tail[i] != 0) throw Error("wrote past the struct_size the host gave");
  }
  const uint64_t known_dtypes = (uint64_t{1} << TESSERA_NUM_DTYPES) - 1;
  if (raw.dtype_mask & ~known_dtypes) {  // abi_c3
    throw Error("dtype_mask has bits for unknown dtypes (" +
                bits_text(raw.dtype_mask & ~known_dtypes) + "; " +
                std::to_string(TESSERA_NUM_DTYPES) + " dtypes exist)");
  }
  const uint32_t known_levels = TESSERA_IR_LEVEL_GRAPH | TESSERA_IR_LEVEL_SCHEDULE |
                                TESSERA_IR_LEVEL_TILE | TESSERA_IR_LEVEL_TARGET;
  if (raw.ir_level_mask & ~known_levels) {  // abi_c3
    throw Error("ir_level_mask has unknown bits (" + bits_text(raw.ir_level_mask & ~known_levels) +
                ")");
  }
  if (raw.deterministic > 1) {  // abi_c3
    throw Error("deterministic is " + std::to_string(raw.deterministic) + " (must be 0 or 1)");
  }
  if (raw.max_mesh_size < 1) {  // abi_c3
    throw Error("max_mesh_size is " + std::to_string(raw.max_mesh_size) + " (must be >= 1)");
  }
  if (raw.device_count < 0) {  // abi_c3
    throw Error("device_count is " + std::to_string(raw.device_count) + " (must be >= 0)");
  }
  CheckedCapabilities c;
  c.dtype_mask = raw.dtype_mask;
  c.ir_level_mask = raw.ir_level_mask;
  c.deterministic = raw.deterministic == 1;
  c.max_mesh_size = raw.max_mesh_size;
  c.device_count = raw.device_count;
  if (raw.unavailable_reason != nullptr) {  // abi_c5
    std::string why;
    std::optional<std::string> reason = read_string(raw.unavailable_reason, kMaxTextBytes, why);
    if (!reason) throw Error("unavailable_reason " + why);
    if (reason->empty()) throw Error("unavailable_reason is empty (NULL means usable)");
    c.unavailable_reason = std::move(*reason);
  } else if (raw.device_count == 0) {  // abi_c3
    throw Error("device_count is 0 but unavailable_reason is NULL (say why)");
  }
  if (raw.op_names != nullptr) {
    c.op_names = check_op_names(raw);
  } else if (raw.num_op_names != 0) {  // abi_c4
    throw Error("op_names is NULL but num_op_names is " + std::to_string(raw.num_op_names));
  }
  return c;
}

const char* known_error_code_name(int32_t code) {
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
      return nullptr;
  }
}

std::string describe_error(const TesseraBackendApi& api, const TesseraError* err, int32_t& code) {
  // abi_c2: a code outside the ABI becomes INTERNAL (the plugin broke the ABI), named as such.
  int32_t raw_code = api.error_code(err);
  const char* name = known_error_code_name(raw_code);
  code = name ? raw_code : TESSERA_ERROR_INTERNAL;
  std::string text =
      name ? std::string(name) + ": "
           : "INTERNAL: (plugin error with unknown code " + std::to_string(raw_code) + ") ";
  std::string why;
  std::optional<std::string> msg = read_string(api.error_message(err), kMaxTextBytes, why);
  if (!msg) return text + "(plugin error whose message " + why + ")";
  if (msg->empty()) return text + "(plugin error without a message)";
  return text + *msg;
}

}  // namespace tessera::plugins::validate
