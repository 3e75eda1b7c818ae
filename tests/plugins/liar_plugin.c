/* A C99 backend plugin that breaks the ABI on request: TESSERA_FAKE_LIE names the lie (read at
 * every call). With no lie it is a working echo backend (output 0 = a copy of argument 0), so
 * every refusal the host gives is caused by the lie alone. The lies and the host check each one
 * exercises (docs/plugin-abi.md, section 11) are listed in test_lying_plugins.py. */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS under -std=c99 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "plugins/tessera_backend.h"

struct TesseraError {
  TesseraErrorCode code;
  const char* message; /* static text, or NULL/unterminated when lying */
};
struct TesseraClient {
  int unused;
};
struct TesseraExecutable {
  int unused;
};
struct TesseraBuffer {
  TesseraDType dtype;
  int64_t dims[8];
  size_t num_dims;
  void* data;
  size_t size;
};

static int lie(const char* name) {
  const char* v = getenv("TESSERA_FAKE_LIE");
  return v != NULL && strcmp(v, name) == 0;
}

/* Two pages: the first readable, the second PROT_NONE. Data placed at the end of the first page
 * is followed by memory whose read faults: a host that trusts a count or looks for a NUL past
 * the end gets SIGSEGV. */
static char* page_end(size_t bytes) {
  static char* base = NULL;
  if (base == NULL) {
    void* p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) abort();
    base = (char*)p;
    mprotect(base + 4096, 4096, PROT_NONE);
  }
  return base + 4096 - bytes;
}

static TesseraError kStaticError = {TESSERA_ERROR_INVALID_ARGUMENT, "liar: refused"};

static TesseraError* fail(const char* msg) {
  kStaticError.code = TESSERA_ERROR_INVALID_ARGUMENT;
  kStaticError.message = msg;
  if (lie("error_null_message")) kStaticError.message = NULL;
  if (lie("error_empty_message")) kStaticError.message = "";
  if (lie("error_unknown_code")) kStaticError.code = 77;
  if (lie("error_code_zero")) kStaticError.code = 0;
  if (lie("error_unterminated_message")) {
    char* p = page_end(5);
    memcpy(p, "abcde", 5);
    kStaticError.message = p;
  }
  if (lie("error_message_bad_pointer")) kStaticError.message = (const char*)(uintptr_t)16;
  return &kStaticError;
}

static void error_destroy(TesseraError* e) { (void)e; }
static const char* error_message(const TesseraError* e) { return e->message; }
static TesseraErrorCode error_code(const TesseraError* e) { return e->code; }

static TesseraError* plugin_initialize(TesseraPluginInitializeArgs* args) {
  (void)args;
  return lie("init_error_null_message") ? (kStaticError.message = NULL, &kStaticError) : NULL;
}

static TesseraClient kClient;
static TesseraError* client_create(TesseraClientCreateArgs* args) {
  args->client = lie("client_null") ? NULL : &kClient;
  return NULL;
}
static TesseraError* client_destroy(TesseraClientDestroyArgs* args) {
  (void)args;
  return NULL;
}

static const char* const kOps[] = {"tessera.add", "tessera.mul", NULL};
static const char* const kBadOps[] = {"tessera add", "nodialect"};
static const char* const kDupOps[] = {"tessera.add", "tessera.mul", "tessera.add"};

static void lie_about_op_names(TesseraCapabilities* c) {
  if (lie("ops_count_past_array")) {
    const char** arr = (const char**)page_end(sizeof(char*));
    arr[0] = "tessera.add";
    c->op_names = arr;
    c->num_op_names = 2; /* the second entry lies on the PROT_NONE page */
  }
  if (lie("ops_count_huge")) c->num_op_names = SIZE_MAX;
  if (lie("ops_null_entry")) c->num_op_names = 3;
  if (lie("ops_null_array")) c->op_names = NULL;
  if (lie("ops_bad_name")) c->op_names = kBadOps;
  if (lie("ops_no_dialect")) c->op_names = kBadOps + 1, c->num_op_names = 1;
  if (lie("ops_duplicate")) c->op_names = kDupOps, c->num_op_names = 3;
  if (lie("ops_bad_pointer")) c->op_names = (const char* const*)(uintptr_t)8;
  if (lie("ops_unterminated")) {
    static const char* arr[1];
    char* p = page_end(11);
    memcpy(p, "tessera.add", 11);
    arr[0] = p;
    c->op_names = arr;
    c->num_op_names = 1;
  }
  if (lie("ops_too_long")) {
    static char name[400];
    static const char* arr[1];
    memset(name, 'a', sizeof name - 1);
    name[7] = '.';
    arr[0] = name;
    c->op_names = arr;
    c->num_op_names = 1;
  }
}

static TesseraError* client_capabilities(TesseraClientCapabilitiesArgs* args) {
  TesseraCapabilities* c = args->capabilities;
  c->dtype_mask = 1u << 1; /* f32 */
  c->ir_level_mask = TESSERA_IR_LEVEL_GRAPH;
  c->deterministic = 1;
  c->max_mesh_size = 1;
  c->device_count = 1;
  c->op_names = kOps;
  c->num_op_names = 2;
  c->unavailable_reason = NULL;
  if (lie("dtype_mask_unknown_bit")) c->dtype_mask |= (uint64_t)1 << 40;
  if (lie("ir_level_unknown_bit")) c->ir_level_mask |= 16u;
  if (lie("deterministic_two")) c->deterministic = 2;
  if (lie("max_mesh_zero")) c->max_mesh_size = 0;
  if (lie("max_mesh_negative")) c->max_mesh_size = -4;
  if (lie("device_count_negative")) c->device_count = -1;
  if (lie("no_device_no_reason")) c->device_count = 0;
  if (lie("reason_empty")) c->device_count = 0, c->unavailable_reason = "";
  if (lie("reason_unterminated")) {
    char* p = page_end(9);
    memcpy(p, "no device", 9);
    c->device_count = 0;
    c->unavailable_reason = p;
  }
  if (lie("caps_struct_size")) c->struct_size = 8;
  if (lie("caps_write_past")) memset((char*)c + c->struct_size, 0xAB, 16);
  lie_about_op_names(c);
  return NULL;
}

static TesseraError* platform_info(TesseraClientPlatformInfoArgs* args) {
  args->platform_name = lie("platform_null") ? NULL : "liar";
  args->platform_version = "1.0";
  if (lie("platform_unterminated")) {
    char* p = page_end(3);
    memcpy(p, "1.0", 3);
    args->platform_version = p;
  }
  return NULL;
}

static TesseraExecutable kExe;
static TesseraError* compile(TesseraCompileArgs* args) {
  const char* v = getenv("TESSERA_FAKE_LIE");
  if (v != NULL && strncmp(v, "error_", 6) == 0) return fail("liar: compile refused");
  args->executable = lie("compile_null_executable") ? NULL : &kExe;
  return NULL;
}
static TesseraError* executable_destroy(TesseraExecutableDestroyArgs* args) {
  (void)args;
  return NULL;
}
static TesseraError* num_outputs(TesseraExecutableNumOutputsArgs* args) {
  args->num_outputs = lie("num_outputs_huge") ? SIZE_MAX / 2 : lie("execute_duplicate") ? 2 : 1;
  return NULL;
}

static TesseraBuffer* new_buffer(TesseraDType dtype, const int64_t* dims, size_t num_dims,
                                 const void* data, size_t size) {
  TesseraBuffer* b = (TesseraBuffer*)calloc(1, sizeof *b);
  if (b == NULL || num_dims > 8) abort();
  b->dtype = dtype;
  if (num_dims > 0) memcpy(b->dims, dims, num_dims * sizeof *dims);
  b->num_dims = num_dims;
  b->data = malloc(size ? size : 1);
  if (b->data == NULL) abort();
  if (size) memcpy(b->data, data, size);
  b->size = size;
  return b;
}

static TesseraError* buffer_from_host(TesseraBufferFromHostArgs* args) {
  if (args->num_dims > 8) return fail("liar: rank above 8");
  args->buffer = lie("upload_null_buffer") ? NULL
                                           : new_buffer(args->dtype, args->dims, args->num_dims,
                                                        args->data, args->data_size);
  return NULL;
}
static TesseraError* buffer_destroy(TesseraBufferDestroyArgs* args) {
  if (args->buffer != NULL) free(args->buffer->data);
  free(args->buffer);
  return NULL;
}

static TesseraError* buffer_info(TesseraBufferInfoArgs* args) {
  TesseraBuffer* b = args->buffer;
  args->dtype = lie("info_unknown_dtype") ? 99u : b->dtype;
  args->dims = b->dims;
  args->num_dims = b->num_dims;
  args->byte_size = b->size;
  if (lie("info_rank_huge")) args->num_dims = (size_t)1 << 40;
  if (lie("info_dims_null")) args->dims = NULL;
  if (lie("info_dims_past_page")) {
    int64_t* d = (int64_t*)page_end(sizeof(int64_t));
    d[0] = 3;
    args->dims = d;
    args->num_dims = 2;
  }
  if (lie("info_negative_dim")) b->dims[0] = -3;
  if (lie("info_byte_size")) args->byte_size = b->size + 4;
  return NULL;
}
static TesseraError* buffer_to_host(TesseraBufferToHostArgs* args) {
  if (args->dst_size < args->buffer->size) return fail("liar: dst too small");
  memcpy(args->dst, args->buffer->data, args->buffer->size);
  return NULL;
}

static TesseraError* execute(TesseraExecuteArgs* args) {
  TesseraBuffer* in = args->argument_lists[0][0];
  if (lie("execute_returns_argument")) {
    args->output_lists[0][0] = in;
  } else {
    args->output_lists[0][0] = new_buffer(in->dtype, in->dims, in->num_dims, in->data, in->size);
  }
  if (lie("execute_duplicate")) args->output_lists[0][1] = args->output_lists[0][0];
  args->event = NULL; /* already complete */
  if (lie("execute_fails_with_null_message")) {
    kStaticError.message = NULL;
    return &kStaticError; /* and leaves an output behind, which the host must free */
  }
  return NULL;
}

static TesseraBackendApi kApi = {
    TESSERA_BACKEND_API_STRUCT_SIZE,
    NULL,
    TESSERA_BACKEND_API_MAJOR,
    TESSERA_BACKEND_API_MINOR,
    error_destroy,
    error_message,
    error_code,
    plugin_initialize,
    client_create,
    client_destroy,
    client_capabilities,
    NULL, /* device_get */
    NULL, /* device_destroy */
    compile,
    executable_destroy,
    num_outputs,
    buffer_from_host,
    buffer_destroy,
    buffer_info,
    buffer_to_host,
    execute,
    NULL, /* event_await */
    NULL, /* event_destroy */
    platform_info,
};

__attribute__((visibility("default"))) const TesseraBackendApi* tessera_backend_get_api_v1(void) {
  static TesseraBackendApi table;
  table = kApi;
  if (lie("table_null")) return NULL;
  if (lie("table_bad_pointer")) return (const TesseraBackendApi*)(uintptr_t)16;
  if (lie("table_major_zero")) table.major = 0;
  if (lie("table_minor_size")) table.struct_size = TESSERA_BACKEND_API_V1_0_STRUCT_SIZE;
  if (lie("table_garbage_slot")) table.compile = (TesseraCompileFn*)(uintptr_t)0x10;
  if (lie("table_past_page")) {
    /* Declares minor 1 but only the minor-0 bytes are readable. */
    TesseraBackendApi* t = (TesseraBackendApi*)page_end(TESSERA_BACKEND_API_V1_0_STRUCT_SIZE);
    memcpy(t, &kApi, TESSERA_BACKEND_API_V1_0_STRUCT_SIZE);
    return t;
  }
  return &table;
}
