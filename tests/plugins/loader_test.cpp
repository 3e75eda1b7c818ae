// Loader tests: version negotiation, refusals with path and reason, discovery, error surfacing.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "plugins/backend.h"
#include "plugins/loader.h"

using namespace tessera::plugins;
namespace fs = std::filesystem;

namespace {

std::string fake(const std::string& variant) {
  return std::string(TESSERA_FAKE_PLUGIN_DIR) + "/fake_" + variant + ".so";
}

// The message of the tessera::Error thrown by `fn`, or "" when nothing was thrown.
template <typename Fn>
std::string error_of(Fn&& fn) {
  try {
    fn();
  } catch (const tessera::Error& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("current-minor plugin loads and reports capabilities") {
  auto lib = Library::open(fake("good"));
  CHECK(lib->plugin_minor() == TESSERA_BACKEND_API_MINOR);
  Backend b = Backend::create(lib);
  CHECK(b.platform_info() == "fake 9.9");
  CHECK(b.capabilities().supports_dtype(tessera::DType::f32));
  CHECK_FALSE(b.capabilities().supports_dtype(tessera::DType::f64));
  CHECK(b.capabilities().supports_op("tessera.add"));
  CHECK_FALSE(b.capabilities().supports_op("tessera.matmul"));
  CHECK(b.capabilities().supports_level("graph"));
  CHECK_FALSE(b.capabilities().supports_level("tile"));
  CHECK(b.capabilities().unavailable_reason.empty());
}

TEST_CASE("plugin built against an older minor loads; slots past its table read as NULL") {
  auto lib = Library::open(fake("old_minor"));
  CHECK(lib->plugin_minor() == 0);
  CHECK((lib->api().client_platform_info == nullptr));  // the fake put a trap there
  Backend b = Backend::create(lib);                     // would throw if the trap were called
  CHECK(b.platform_info().empty());
}

TEST_CASE("wrong major in the table is refused naming path and reason") {
  std::string msg = error_of([] { Library::open(fake("wrong_major")); });
  CHECK(contains(msg, fake("wrong_major")));
  CHECK(contains(msg, "ABI major 2"));
  CHECK(contains(msg, "major 1"));
}

TEST_CASE("a plugin of another major (other entry symbol) is refused precisely") {
  std::string msg = error_of([] { Library::open(fake("v2_symbol")); });
  CHECK(contains(msg, fake("v2_symbol")));
  CHECK(contains(msg, "tessera_backend_get_api_v2"));
}

TEST_CASE("missing entry symbol is refused") {
  std::string msg = error_of([] { Library::open(fake("no_symbol")); });
  CHECK(contains(msg, fake("no_symbol")));
  CHECK(contains(msg, "missing entry symbol tessera_backend_get_api_v1"));
}

TEST_CASE("a function table smaller than ABI 1.0 is refused") {
  std::string msg = error_of([] { Library::open(fake("small_table")); });
  CHECK(contains(msg, fake("small_table")));
  CHECK(contains(msg, "function table too small"));
}

TEST_CASE("missing file, directory and non-plugin files are refused") {
  CHECK(contains(error_of([] { Library::open("/nonexistent/libx.so"); }), "no such file"));
  CHECK(contains(error_of([] { Library::open(TESSERA_FAKE_PLUGIN_DIR); }), "a directory"));
  std::string msg = error_of([] { Library::open(TESSERA_SOURCE_DIR "/plugins/loader.h"); });
  CHECK(contains(msg, "cannot load backend plugin"));
}

TEST_CASE("plugin_initialize failure is refused with the plugin's message") {
  std::string msg = error_of([] { Library::open(fake("init_fails")); });
  CHECK(contains(msg, fake("init_fails")));
  CHECK(contains(msg, "initialisation failed"));
  CHECK(contains(msg, "libfake.so.1 not found"));
}

TEST_CASE("an error object returned by a plugin surfaces with its code and message") {
  Backend b = Backend::create(Library::open(fake("good")));
  try {
    b.compile("module {}", {});
    FAIL("compile should have thrown");
  } catch (const BackendError& e) {
    CHECK(e.code() == TESSERA_ERROR_RESOURCE_EXHAUSTED);
    CHECK(contains(e.what(), "fake: out of fake memory at line 3"));
    CHECK(contains(e.what(), "RESOURCE_EXHAUSTED"));
  }
}

TEST_CASE("a NULL slot gives UNIMPLEMENTED") {
  Backend b = Backend::create(Library::open(fake("null_compile")));
  try {
    b.compile("module {}", {});
    FAIL("compile should have thrown");
  } catch (const BackendError& e) {
    CHECK(e.code() == TESSERA_ERROR_UNIMPLEMENTED);
    CHECK(contains(e.what(), "compile"));
  }
}

TEST_CASE("an unavailable backend still loads and says why") {
  Backend b = Backend::create(Library::open(fake("unavailable")));
  CHECK(b.capabilities().unavailable_reason == "no fake device");
  CHECK(b.capabilities().device_count == 0);
}

namespace {
TesseraBackendApi g_builtin_table;
const TesseraBackendApi* builtin_entry() { return &g_builtin_table; }
}  // namespace

TEST_CASE("registry: built-ins are registered explicitly and opened by name") {
  auto lib = Library::open(fake("good"));
  g_builtin_table = lib->api();
  Registry reg;
  reg.set_plugin_dir("");
  reg.register_builtin("inproc", &builtin_entry);
  auto opened = reg.open("inproc");
  CHECK(opened->origin() == "builtin:inproc");
  CHECK(Backend::create(opened).platform_info() == "fake 9.9");
}

TEST_CASE("negotiate_api: newer minors and larger tables are accepted, NULL required slots not") {
  // A table from a hypothetical minor 7 with one extra slot this host does not know.
  struct Newer {
    TesseraBackendApi base;
    void* extra;
  };
  auto lib = Library::open(fake("good"));
  Newer newer{};
  newer.base = lib->api();
  newer.base.struct_size = sizeof(Newer);
  newer.base.minor = 7;
  newer.extra = &newer;
  TesseraBackendApi api = negotiate_api(&newer.base, "newer");
  CHECK((api.compile == lib->api().compile));
  CHECK(api.struct_size == sizeof(TesseraBackendApi));

  TesseraBackendApi missing = lib->api();
  missing.error_code = nullptr;
  CHECK(contains(error_of([&] { negotiate_api(&missing, "t"); }), "required slot 'error_code'"));
  CHECK(contains(error_of([] { negotiate_api(nullptr, "t"); }), "no function table"));
}

TEST_CASE("TESSERA_BACKENDS parsing") {
  auto v = parse_backends_env(" a:/x/liba.so , b:/y:z.so,,");
  REQUIRE(v.size() == 2);
  CHECK(v[0].name == "a");
  CHECK(v[0].path == "/x/liba.so");
  CHECK(v[1].path == "/y:z.so");
  CHECK(contains(error_of([] { parse_backends_env("nocolon"); }), "name:path"));
  CHECK(contains(error_of([] { parse_backends_env(":/p.so"); }), "name:path"));
}

TEST_CASE("registry: env names, built-ins, plugin directory and unknown names") {
  Registry reg;
  fs::path dir = fs::temp_directory_path() / ("tessera_plugin_dir_" + std::to_string(getpid()));
  fs::create_directories(dir);
  fs::copy_file(fake("good"), dir / "libtessera_fakey.so", fs::copy_options::overwrite_existing);
  fs::copy_file(fake("good"), dir / "notaplugin.so", fs::copy_options::overwrite_existing);
  reg.set_plugin_dir(dir.string());
  setenv("TESSERA_BACKENDS", ("envy:" + fake("unavailable")).c_str(), 1);

  auto names = reg.list();
  REQUIRE(names.size() == 2);
  CHECK(names[0].name == "envy");
  CHECK(names[1].name == "fakey");
  CHECK(Backend::create(reg.open("fakey")).platform_info() == "fake 9.9");
  CHECK(Backend::create(reg.open("envy")).capabilities().unavailable_reason == "no fake device");
  CHECK(reg.open("fakey") == reg.open("fakey"));  // cached: loaded once

  std::string msg = error_of([&] { reg.open("nope"); });
  CHECK(contains(msg, "unknown backend 'nope'"));
  CHECK(contains(msg, "envy"));
  CHECK(contains(msg, "fakey"));

  setenv("TESSERA_BACKENDS", "broken", 1);
  CHECK(contains(error_of([&] { reg.open("fakey"); }), "TESSERA_BACKENDS"));
  unsetenv("TESSERA_BACKENDS");
  fs::remove_all(dir);
}
