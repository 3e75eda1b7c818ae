/* Fake backend plugins in plain C99, one variant per FAKE_* define, for the loader's ABI tests. */
#include <stdlib.h>
#include <string.h>

#include "plugins/tessera_backend.h"

/* Variants (exactly one is defined by CMake):
 *   FAKE_GOOD         current minor, usable, f32 only, op list {tessera.add}; compile always
 *                     returns RESOURCE_EXHAUSTED "fake: out of fake memory at line 3"
 *   FAKE_OLD_MINOR    minor 0 table; the slot after it holds a trap the host must not see
 *   FAKE_WRONG_MAJOR  exports the v1 symbol but declares major 2
 *   FAKE_V2_SYMBOL    exports only tessera_backend_get_api_v2
 *   FAKE_NO_SYMBOL    exports no entry point at all
 *   FAKE_SMALL_TABLE  struct_size smaller than the minor-0 table
 *   FAKE_INIT_FAILS   plugin_initialize returns an error
 *   FAKE_NULL_COMPILE compile slot is NULL
 *   FAKE_UNAVAILABLE  usable client, but no device: "no fake device"
 */

struct TesseraError {
  TesseraErrorCode code;
  char* message;
};

struct TesseraClient {
  int unused;
};

static TesseraError* make_error(TesseraErrorCode code, const char* msg) {
  TesseraError* e = (TesseraError*)malloc(sizeof *e);
  if (e == NULL) return NULL; /* acceptable in a test fake only */
  e->code = code;
  e->message = (char*)malloc(strlen(msg) + 1);
  if (e->message != NULL) strcpy(e->message, msg);
  return e;
}

static void error_destroy(TesseraError* e) {
  if (e == NULL) return;
  free(e->message);
  free(e);
}

static const char* error_message(const TesseraError* e) {
  return e->message != NULL ? e->message : "";
}

static TesseraErrorCode error_code(const TesseraError* e) { return e->code; }

static TesseraError* plugin_initialize(TesseraPluginInitializeArgs* args) {
  (void)args;
#ifdef FAKE_INIT_FAILS
  return make_error(TESSERA_ERROR_UNAVAILABLE, "fake: driver library libfake.so.1 not found");
#else
  return NULL;
#endif
}

static TesseraError* client_create(TesseraClientCreateArgs* args) {
  args->client = (TesseraClient*)malloc(sizeof(TesseraClient));
  return args->client != NULL ? NULL : make_error(TESSERA_ERROR_RESOURCE_EXHAUSTED, "fake: oom");
}

static TesseraError* client_destroy(TesseraClientDestroyArgs* args) {
  free(args->client);
  return NULL;
}

static const char* const kOps[] = {"tessera.add"};

static TesseraError* client_capabilities(TesseraClientCapabilitiesArgs* args) {
  TesseraCapabilities* c = args->capabilities;
  c->dtype_mask = 1u << 1; /* f32 */
  c->ir_level_mask = TESSERA_IR_LEVEL_GRAPH;
  c->deterministic = 0;
  c->max_mesh_size = 1;
#ifdef FAKE_UNAVAILABLE
  c->device_count = 0;
  c->unavailable_reason = "no fake device";
#else
  c->device_count = 1;
  c->unavailable_reason = NULL;
#endif
  c->op_names = kOps;
  c->num_op_names = 1;
  return NULL;
}

#ifndef FAKE_NULL_COMPILE
static TesseraError* compile(TesseraCompileArgs* args) {
  (void)args;
  return make_error(TESSERA_ERROR_RESOURCE_EXHAUSTED, "fake: out of fake memory at line 3");
}
#endif

#ifndef FAKE_OLD_MINOR
static TesseraError* platform_info(TesseraClientPlatformInfoArgs* args) {
  args->platform_name = "fake";
  args->platform_version = "9.9";
  return NULL;
}
#else
static TesseraError* trap(TesseraClientPlatformInfoArgs* args) {
  (void)args;
  return make_error(TESSERA_ERROR_INTERNAL, "fake: host read a slot beyond struct_size");
}
#endif

static const TesseraBackendApi kApi = {
#if defined(FAKE_OLD_MINOR)
    TESSERA_BACKEND_API_V1_0_STRUCT_SIZE,
    NULL,
    1,
    0,
#elif defined(FAKE_WRONG_MAJOR)
    TESSERA_BACKEND_API_STRUCT_SIZE,
    NULL,
    2,
    0,
#elif defined(FAKE_SMALL_TABLE)
    TESSERA_STRUCT_SIZE(TesseraBackendApi, client_create),
    NULL,
    1,
    0,
#else
    TESSERA_BACKEND_API_STRUCT_SIZE,
    NULL,
    TESSERA_BACKEND_API_MAJOR,
    TESSERA_BACKEND_API_MINOR,
#endif
    error_destroy,
    error_message,
    error_code,
    plugin_initialize,
    client_create,
    client_destroy,
    client_capabilities,
    NULL, /* device_get */
    NULL, /* device_destroy */
#ifdef FAKE_NULL_COMPILE
    NULL,
#else
    compile,
#endif
    NULL, /* executable_destroy */
    NULL, /* executable_num_outputs */
    NULL, /* buffer_from_host */
    NULL, /* buffer_destroy */
    NULL, /* buffer_info */
    NULL, /* buffer_to_host */
    NULL, /* execute */
    NULL, /* event_await */
    NULL, /* event_destroy */
#if defined(FAKE_OLD_MINOR)
    trap,
#else
    platform_info,
#endif
};

#define FAKE_EXPORT __attribute__((visibility("default")))

#if defined(FAKE_V2_SYMBOL)
FAKE_EXPORT const TesseraBackendApi* tessera_backend_get_api_v2(void) { return &kApi; }
#elif defined(FAKE_NO_SYMBOL)
FAKE_EXPORT const TesseraBackendApi* some_other_function(void) { return &kApi; }
#else
FAKE_EXPORT const TesseraBackendApi* tessera_backend_get_api_v1(void) { return &kApi; }
#endif
