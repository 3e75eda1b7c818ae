// libFuzzer target: the plugin loader's checks of what a plugin returns (plugins/validate.h,
// negotiate_api) never crash, whatever bytes and pointers the plugin hands back.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/support/error.h"
#include "plugins/loader.h"
#include "plugins/validate.h"

namespace {

// Reads fuzz bytes as a little cursor; missing bytes read as 0.
struct Cursor {
  const uint8_t* p;
  size_t n;
  template <typename T>
  T take() {
    T v{};
    size_t k = n < sizeof v ? n : sizeof v;
    std::memcpy(&v, p, k);
    p += k;
    n -= k;
    return v;
  }
};

// A pointer the way a broken plugin might give one: NULL, into the fuzz bytes (no NUL promised),
// a small integer, or a wild value.
const void* pointer(Cursor& c, const uint8_t* data, size_t size) {
  uint8_t kind = c.take<uint8_t>();
  uint32_t v = c.take<uint32_t>();
  switch (kind % 4) {
    case 0:
      return nullptr;
    case 1:
      return size ? data + v % size : nullptr;
    case 2:
      return reinterpret_cast<const void*>(uintptr_t{v % 4096});
    default:
      return reinterpret_cast<const void*>(uintptr_t{v} << 16);
  }
}

const TesseraError* g_error = nullptr;
const char* g_message = nullptr;
int32_t g_code = 0;
const char* message(const TesseraError*) { return g_message; }
int32_t code(const TesseraError*) { return g_code; }
void destroy(TesseraError*) {}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tessera::plugins;
  Cursor c{data, size};

  // Capabilities: every field from the input, op_names an array of fuzz-chosen pointers.
  std::vector<const void*> names(c.take<uint8_t>() % 8);
  for (auto& p : names) p = pointer(c, data, size);
  TesseraCapabilities caps{};
  caps.struct_size = c.take<uint8_t>() % 2 ? TESSERA_CAPABILITIES_STRUCT_SIZE : c.take<size_t>();
  caps.dtype_mask = c.take<uint64_t>();
  caps.ir_level_mask = c.take<uint32_t>();
  caps.deterministic = c.take<uint32_t>();
  caps.max_mesh_size = c.take<int64_t>();
  caps.device_count = c.take<int64_t>();
  uint8_t list = c.take<uint8_t>();
  caps.op_names = list % 3 == 0   ? nullptr
                  : list % 3 == 1 ? reinterpret_cast<const char* const*>(names.data())
                                  : static_cast<const char* const*>(pointer(c, data, size));
  caps.num_op_names = list % 5 == 0 ? c.take<size_t>() : names.size() + c.take<uint8_t>() % 3;
  caps.unavailable_reason = static_cast<const char*>(pointer(c, data, size));
  unsigned char tail[16] = {};
  tail[0] = c.take<uint8_t>() % 16 == 0;
  try {
    validate::check_capabilities(caps, TESSERA_CAPABILITIES_STRUCT_SIZE, tail, sizeof tail);
  } catch (const tessera::Error&) {
  }

  // Error objects: any code, any message pointer.
  TesseraBackendApi api{};
  api.error_message = message;
  api.error_code = code;
  api.error_destroy = destroy;
  g_code = c.take<int32_t>();
  g_message = static_cast<const char*>(pointer(c, data, size));
  int32_t out_code = 0;
  (void)validate::describe_error(api, g_error, out_code);

  // Function tables: header fields and slots from the input, the table itself maybe wild.
  TesseraBackendApi table{};
  table.struct_size = c.take<uint8_t>() % 2 ? TESSERA_BACKEND_API_STRUCT_SIZE : c.take<uint16_t>();
  table.major = c.take<uint8_t>() % 2 ? 1u : c.take<uint32_t>();
  table.minor = c.take<uint8_t>() % 3;
  void* slots[20];
  for (void*& s : slots) s = const_cast<void*>(pointer(c, data, size));
  static_assert(sizeof slots ==
                TESSERA_BACKEND_API_STRUCT_SIZE - offsetof(TesseraBackendApi, error_destroy));
  std::memcpy(&table.error_destroy, slots, sizeof slots);
  const TesseraBackendApi* given =
      c.take<uint8_t>() % 4 == 0 ? static_cast<const TesseraBackendApi*>(pointer(c, data, size))
                                 : &table;
  try {
    negotiate_api(given, "fuzz");
  } catch (const tessera::Error&) {
  }
  return 0;
}
