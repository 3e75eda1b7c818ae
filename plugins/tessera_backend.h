/* Tessera backend plugin ABI: the C interface between hosts (tools, Python) and backends. */
#ifndef TESSERA_BACKEND_H_
#define TESSERA_BACKEND_H_

/*
 * Rules (docs/plugin-abi.md has the full text):
 *  - A plugin exports exactly one symbol, `tessera_backend_get_api_v1`; the ABI major is in its
 *    name. It returns a pointer to a const TesseraBackendApi that lives until the library is
 *    unloaded.
 *  - Minor versions only append fields to the end of structs and tables. Nothing is ever
 *    reordered, retyped or removed within a major.
 *  - Every struct that crosses the boundary starts with `size_t struct_size` and
 *    `void* extension`. The writer of a struct sets struct_size to the matching *_STRUCT_SIZE
 *    macro (offsetof(last field) + sizeof(last field)) of the header it was built with. A reader
 *    reads a field only if struct_size covers it and treats every other field as zero.
 *    `extension` is reserved for chained extension structs; pass NULL.
 *  - A NULL function slot means "not implemented": hosts report it as
 *    TESSERA_ERROR_UNIMPLEMENTED.
 *  - Functions return NULL on success or a TesseraError* the caller must free with
 *    `error_destroy` of the same table.
 *  - Enums travel as fixed-width integers. A value the receiver does not know is an error
 *    (TESSERA_ERROR_INVALID_ARGUMENT), never silently mapped.
 *  - Nothing but C types crosses: no C++ types, no exceptions, no longjmp.
 *  - Unless stated otherwise, pointers passed *in* are borrowed for the duration of the call only,
 *    and out-pointers are written only on success.
 *  - Hosts trust nothing a plugin returns: counts, enums, strings and pointers are checked
 *    against these rules (docs/plugin-abi.md section 11, labels abi_c1..abi_c7) and a violation
 *    is an error naming the rule, never a crash of the host.
 *  - Thread safety: functions on different handles may be called concurrently; calls on one
 *    handle must be serialised by the caller, except that one executable may be executed from
 *    several threads at once.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Versioning --------------------------------------------------------------------------- */

/** ABI major version: also part of the entry symbol's name. Bumped only for breaking changes. */
#define TESSERA_BACKEND_API_MAJOR 1
/** ABI minor version of this header. 0: initial table. 1: appended `client_platform_info`. */
#define TESSERA_BACKEND_API_MINOR 1

/** Size of a struct up to and including `last`: what the writer stores in struct_size. */
#define TESSERA_STRUCT_SIZE(type, last) (offsetof(type, last) + sizeof(((type*)0)->last))

/** Nonzero when `ptr`, a struct of `type` read from the other side, covers `field`. */
#define TESSERA_HAS_FIELD(ptr, type, field) ((ptr)->struct_size >= TESSERA_STRUCT_SIZE(type, field))

/* ---- Opaque handles ----------------------------------------------------------------------- */

/** An error: code plus message. Created by the plugin, freed by the caller (`error_destroy`). */
typedef struct TesseraError TesseraError;
/** A backend instance. Created by `client_create`, freed by `client_destroy`, which must come
 *  after every device, buffer, executable and event made from it has been destroyed. */
typedef struct TesseraClient TesseraClient;
/** One device (one mesh rank). Created by `device_get`, freed by `device_destroy`. */
typedef struct TesseraDevice TesseraDevice;
/** A tensor held by the backend. Created by `buffer_from_host` or `execute`; freed by
 *  `buffer_destroy`. Its dtype and shape never change. */
typedef struct TesseraBuffer TesseraBuffer;
/** A compiled module entry. Created by `compile`, freed by `executable_destroy`. */
typedef struct TesseraExecutable TesseraExecutable;
/** Completion of an asynchronous operation. Created by `execute`, freed by `event_destroy`. */
typedef struct TesseraEvent TesseraEvent;

/* ---- Enumerations (fixed width; unknown values are errors) -------------------------------- */

/** Error codes returned by `error_code`. 0 is never used: success is a NULL TesseraError*. */
typedef int32_t TesseraErrorCode;
#define TESSERA_ERROR_INVALID_ARGUMENT 1    /**< Bad program, shape, dtype or argument. */
#define TESSERA_ERROR_UNIMPLEMENTED 2       /**< Slot, op, dtype or feature not supported. */
#define TESSERA_ERROR_INTERNAL 3            /**< A bug in the plugin. */
#define TESSERA_ERROR_RESOURCE_EXHAUSTED 4  /**< Out of memory or over a configured limit. */
#define TESSERA_ERROR_UNAVAILABLE 5         /**< The device is absent or unusable. */
#define TESSERA_ERROR_FAILED_PRECONDITION 6 /**< Call made in the wrong state or order. */

/** Element types: the values of tessera::DType (core/numerics/dtype.h), as uint32_t. */
typedef uint32_t TesseraDType;
/** Number of DType values this header knows (tessera::kNumDTypes). */
#define TESSERA_NUM_DTYPES 24

/** IR levels, as bits of TesseraCapabilities::ir_level_mask. */
typedef uint32_t TesseraIrLevel;
#define TESSERA_IR_LEVEL_GRAPH 1u
#define TESSERA_IR_LEVEL_SCHEDULE 2u
#define TESSERA_IR_LEVEL_TILE 4u
#define TESSERA_IR_LEVEL_TARGET 8u

/** Determinism request in TesseraCompileOptions. */
typedef uint32_t TesseraDeterminism;
/** The backend may pick any implementation allowed by the spec. */
#define TESSERA_DETERMINISM_DEFAULT 0u
/** Results must be bit-identical run to run and for any thread count; a backend that cannot
 *  promise this fails `compile` with TESSERA_ERROR_UNIMPLEMENTED. */
#define TESSERA_DETERMINISM_REQUIRED 1u

/* ---- Argument structs --------------------------------------------------------------------- */

/** plugin_initialize: called once by the loader before any other slot except the error ones. */
typedef struct TesseraPluginInitializeArgs {
  size_t struct_size;
  void* extension;
} TesseraPluginInitializeArgs;
#define TESSERA_PLUGIN_INITIALIZE_ARGS_STRUCT_SIZE \
  TESSERA_STRUCT_SIZE(TesseraPluginInitializeArgs, extension)

/** client_create. Succeeds even when no device is present: capabilities then report
 *  device_count 0 and an unavailable_reason. */
typedef struct TesseraClientCreateArgs {
  size_t struct_size;
  void* extension;
  TesseraClient* client; /**< out: owned by the caller, freed with client_destroy. */
} TesseraClientCreateArgs;
#define TESSERA_CLIENT_CREATE_ARGS_STRUCT_SIZE TESSERA_STRUCT_SIZE(TesseraClientCreateArgs, client)

/** client_destroy. NULL client is allowed and does nothing. */
typedef struct TesseraClientDestroyArgs {
  size_t struct_size;
  void* extension;
  TesseraClient* client; /**< in: consumed. */
} TesseraClientDestroyArgs;
#define TESSERA_CLIENT_DESTROY_ARGS_STRUCT_SIZE \
  TESSERA_STRUCT_SIZE(TesseraClientDestroyArgs, client)

/** What a client can do. Caller-allocated; the caller sets struct_size and zeroes the rest; the
 *  plugin writes only the fields struct_size covers. */
typedef struct TesseraCapabilities {
  size_t struct_size;
  void* extension;
  /** Bit d set (1ull << d) when dtype value d is supported for inputs, outputs and compute. */
  uint64_t dtype_mask;
  /** TESSERA_IR_LEVEL_* bits of the IR levels `compile` accepts. */
  uint32_t ir_level_mask;
  /** 1 when TESSERA_DETERMINISM_REQUIRED can be honoured, else 0. */
  uint32_t deterministic;
  /** Largest mesh (number of ranks) `execute` accepts; 1 = no mesh execution. */
  int64_t max_mesh_size;
  /** Physical or simulated devices available now; 0 when unavailable. */
  int64_t device_count;
  /** Op names supported (e.g. "tessera.add"), or NULL when the backend does not enumerate
   *  them (every op is attempted; unsupported ones fail compile with UNIMPLEMENTED).
   *  Owned by the client; valid until client_destroy. */
  const char* const* op_names;
  size_t num_op_names;
  /** NULL when the backend is usable; otherwise why not, e.g. "no CUDA device".
   *  Owned by the client; valid until client_destroy. */
  const char* unavailable_reason;
} TesseraCapabilities;
#define TESSERA_CAPABILITIES_STRUCT_SIZE \
  TESSERA_STRUCT_SIZE(TesseraCapabilities, unavailable_reason)

/** client_capabilities. */
typedef struct TesseraClientCapabilitiesArgs {
  size_t struct_size;
  void* extension;
  TesseraClient* client;             /**< in: borrowed. */
  TesseraCapabilities* capabilities; /**< in/out: caller-allocated, filled by the plugin. */
} TesseraClientCapabilitiesArgs;
#define TESSERA_CLIENT_CAPABILITIES_ARGS_STRUCT_SIZE \
  TESSERA_STRUCT_SIZE(TesseraClientCapabilitiesArgs, capabilities)

/** device_get: a handle to device `index` in [0, device_count). */
typedef struct TesseraDeviceGetArgs {
  size_t struct_size;
  void* extension;
  TesseraClient* client; /**< in: borrowed; must outlive the device handle. */
  int64_t index;         /**< in: device ordinal = mesh rank. */
  TesseraDevice* device; /**< out: owned by the caller, freed with device_destroy. */
} TesseraDeviceGetArgs;
#define TESSERA_DEVICE_GET_ARGS_STRUCT_SIZE TESSERA_STRUCT_SIZE(TesseraDeviceGetArgs, device)

/** device_destroy. NULL device is allowed. */
typedef struct TesseraDeviceDestroyArgs {
  size_t struct_size;
  void* extension;
  TesseraDevice* device; /**< in: consumed. */
} TesseraDeviceDestroyArgs;
#define TESSERA_DEVICE_DESTROY_ARGS_STRUCT_SIZE \
  TESSERA_STRUCT_SIZE(TesseraDeviceDestroyArgs, device)

/** Options of `compile`. Zero-initialised fields mean the defaults given below. */
typedef struct TesseraCompileOptions {
  size_t struct_size;
  void* extension;
  /** Function to run; NULL or "" = "main". Borrowed for the call. */
  const char* entry;
  /** TESSERA_DETERMINISM_*; other values are INVALID_ARGUMENT. */
  TesseraDeterminism determinism;
  /** Host worker threads the backend may use; 0 = its default. Negative is INVALID_ARGUMENT. */
  int32_t threads;
  /** Byte limit on live buffers during execution; 0 = the backend's default. */
  uint64_t max_memory;
  /** File name used in diagnostics; NULL = "<input>". Borrowed for the call. */
  const char* source_name;
  /** Mesh ranks the executable will run on; 0 or 1 = single device. */
  int64_t num_devices;
} TesseraCompileOptions;
#define TESSERA_COMPILE_OPTIONS_STRUCT_SIZE TESSERA_STRUCT_SIZE(TesseraCompileOptions, num_devices)

/** compile: module text (MLIR syntax, any IR level) to an executable for one entry. */
typedef struct TesseraCompileArgs {
  size_t struct_size;
  void* extension;
  TesseraClient* client;                /**< in: borrowed; must outlive the executable. */
  const char* module_text;              /**< in: not NUL-terminated necessarily; borrowed. */
  size_t module_text_size;              /**< in: bytes of module_text. */
  const TesseraCompileOptions* options; /**< in: may be NULL (all defaults); borrowed. */
  TesseraExecutable* executable;        /**< out: owned by caller (executable_destroy). */
} TesseraCompileArgs;
#define TESSERA_COMPILE_ARGS_STRUCT_SIZE TESSERA_STRUCT_SIZE(TesseraCompileArgs, executable)

/** executable_destroy. NULL is allowed. */
typedef struct TesseraExecutableDestroyArgs {
  size_t struct_size;
  void* extension;
  TesseraExecutable* executable; /**< in: consumed. */
} TesseraExecutableDestroyArgs;
#define TESSERA_EXECUTABLE_DESTROY_ARGS_STRUCT_SIZE \
  TESSERA_STRUCT_SIZE(TesseraExecutableDestroyArgs, executable)

/** executable_num_outputs: results per device of one execution. */
typedef struct TesseraExecutableNumOutputsArgs {
  size_t struct_size;
  void* extension;
  TesseraExecutable* executable; /**< in: borrowed. */
  size_t num_outputs;            /**< out. */
} TesseraExecutableNumOutputsArgs;
#define TESSERA_EXECUTABLE_NUM_OUTPUTS_ARGS_STRUCT_SIZE \
  TESSERA_STRUCT_SIZE(TesseraExecutableNumOutputsArgs, num_outputs)

/** buffer_from_host: copies host bytes (C order; the packing of interp::HostTensor) into a new
 *  buffer. The copy is complete when the call returns; the host may then reuse `data`. */
typedef struct TesseraBufferFromHostArgs {
  size_t struct_size;
  void* extension;
  TesseraClient* client; /**< in: borrowed; must outlive the buffer. */
  TesseraDevice* device; /**< in: borrowed; NULL = device 0. */
  TesseraDType dtype;    /**< in: unknown values are INVALID_ARGUMENT. */
  const int64_t* dims;   /**< in: num_dims extents, each >= 0; borrowed. */
  size_t num_dims;       /**< in: rank; 0 = scalar (then dims may be NULL). */
  const void* data;      /**< in: data_size bytes; borrowed. */
  size_t data_size;      /**< in: must equal the packed size of dtype x dims. */
  TesseraBuffer* buffer; /**< out: owned by the caller (buffer_destroy). */
} TesseraBufferFromHostArgs;
#define TESSERA_BUFFER_FROM_HOST_ARGS_STRUCT_SIZE \
  TESSERA_STRUCT_SIZE(TesseraBufferFromHostArgs, buffer)

/** buffer_destroy. NULL is allowed. */
typedef struct TesseraBufferDestroyArgs {
  size_t struct_size;
  void* extension;
  TesseraBuffer* buffer; /**< in: consumed. */
} TesseraBufferDestroyArgs;
#define TESSERA_BUFFER_DESTROY_ARGS_STRUCT_SIZE \
  TESSERA_STRUCT_SIZE(TesseraBufferDestroyArgs, buffer)

/** buffer_info: dtype, shape and packed byte size of a buffer. */
typedef struct TesseraBufferInfoArgs {
  size_t struct_size;
  void* extension;
  TesseraBuffer* buffer; /**< in: borrowed. */
  TesseraDType dtype;    /**< out. */
  const int64_t* dims;   /**< out: owned by the buffer; valid until buffer_destroy. */
  size_t num_dims;       /**< out. */
  size_t byte_size;      /**< out: bytes buffer_to_host writes. */
} TesseraBufferInfoArgs;
#define TESSERA_BUFFER_INFO_ARGS_STRUCT_SIZE TESSERA_STRUCT_SIZE(TesseraBufferInfoArgs, byte_size)

/** buffer_to_host: copies the buffer's bytes into caller memory; complete on return. */
typedef struct TesseraBufferToHostArgs {
  size_t struct_size;
  void* extension;
  TesseraBuffer* buffer; /**< in: borrowed. */
  void* dst;             /**< in: caller-owned destination of dst_size bytes. */
  size_t dst_size;       /**< in: must be >= byte_size, else INVALID_ARGUMENT. */
} TesseraBufferToHostArgs;
#define TESSERA_BUFFER_TO_HOST_ARGS_STRUCT_SIZE \
  TESSERA_STRUCT_SIZE(TesseraBufferToHostArgs, dst_size)

/** execute: runs an executable on num_devices ranks (rank r = device r).
 *
 *  argument_lists[r][i] is argument i of rank r (borrowed; buffers stay owned by the caller).
 *  output_lists[r] is a caller-allocated array of executable_num_outputs slots for rank r; on
 *  success the plugin stores a new buffer in each slot, owned by the caller (buffer_destroy).
 *  On failure every slot is left NULL. Outputs may be read only after `event` completes. */
typedef struct TesseraExecuteArgs {
  size_t struct_size;
  void* extension;
  TesseraExecutable* executable;               /**< in: borrowed. */
  size_t num_devices;                          /**< in: 1, or the mesh size compiled for. */
  size_t num_args;                             /**< in: arguments per rank. */
  TesseraBuffer* const* const* argument_lists; /**< in: [num_devices][num_args]. */
  TesseraBuffer** const* output_lists;         /**< in/out: [num_devices][num_outputs]. */
  TesseraEvent* event; /**< out: owned by the caller (event_destroy); may already be done. */
} TesseraExecuteArgs;
#define TESSERA_EXECUTE_ARGS_STRUCT_SIZE TESSERA_STRUCT_SIZE(TesseraExecuteArgs, event)

/** event_await: blocks until the event completes; returns the operation's error, if any. */
typedef struct TesseraEventAwaitArgs {
  size_t struct_size;
  void* extension;
  TesseraEvent* event; /**< in: borrowed; may be awaited more than once. */
} TesseraEventAwaitArgs;
#define TESSERA_EVENT_AWAIT_ARGS_STRUCT_SIZE TESSERA_STRUCT_SIZE(TesseraEventAwaitArgs, event)

/** event_destroy: blocks until completion, then frees. NULL is allowed. */
typedef struct TesseraEventDestroyArgs {
  size_t struct_size;
  void* extension;
  TesseraEvent* event; /**< in: consumed. */
} TesseraEventDestroyArgs;
#define TESSERA_EVENT_DESTROY_ARGS_STRUCT_SIZE TESSERA_STRUCT_SIZE(TesseraEventDestroyArgs, event)

/** client_platform_info (minor 1): names the implementation for logs and reports. */
typedef struct TesseraClientPlatformInfoArgs {
  size_t struct_size;
  void* extension;
  TesseraClient* client;        /**< in: borrowed. */
  const char* platform_name;    /**< out: e.g. "reference"; owned by the client. */
  const char* platform_version; /**< out: e.g. "0.1.0 (interp)"; owned by the client. */
} TesseraClientPlatformInfoArgs;
#define TESSERA_CLIENT_PLATFORM_INFO_ARGS_STRUCT_SIZE \
  TESSERA_STRUCT_SIZE(TesseraClientPlatformInfoArgs, platform_version)

/* ---- The function table ------------------------------------------------------------------- */

/** Frees an error. NULL is allowed. Required (never NULL). */
typedef void TesseraErrorDestroyFn(TesseraError* error);
/** The error's message: NUL-terminated UTF-8, owned by the error, valid until error_destroy.
 *  Required. */
typedef const char* TesseraErrorMessageFn(const TesseraError* error);
/** The error's TESSERA_ERROR_* code. Required. */
typedef TesseraErrorCode TesseraErrorCodeFn(const TesseraError* error);

typedef TesseraError* TesseraPluginInitializeFn(TesseraPluginInitializeArgs* args);
typedef TesseraError* TesseraClientCreateFn(TesseraClientCreateArgs* args);
typedef TesseraError* TesseraClientDestroyFn(TesseraClientDestroyArgs* args);
typedef TesseraError* TesseraClientCapabilitiesFn(TesseraClientCapabilitiesArgs* args);
typedef TesseraError* TesseraDeviceGetFn(TesseraDeviceGetArgs* args);
typedef TesseraError* TesseraDeviceDestroyFn(TesseraDeviceDestroyArgs* args);
typedef TesseraError* TesseraCompileFn(TesseraCompileArgs* args);
typedef TesseraError* TesseraExecutableDestroyFn(TesseraExecutableDestroyArgs* args);
typedef TesseraError* TesseraExecutableNumOutputsFn(TesseraExecutableNumOutputsArgs* args);
typedef TesseraError* TesseraBufferFromHostFn(TesseraBufferFromHostArgs* args);
typedef TesseraError* TesseraBufferDestroyFn(TesseraBufferDestroyArgs* args);
typedef TesseraError* TesseraBufferInfoFn(TesseraBufferInfoArgs* args);
typedef TesseraError* TesseraBufferToHostFn(TesseraBufferToHostArgs* args);
typedef TesseraError* TesseraExecuteFn(TesseraExecuteArgs* args);
typedef TesseraError* TesseraEventAwaitFn(TesseraEventAwaitArgs* args);
typedef TesseraError* TesseraEventDestroyFn(TesseraEventDestroyArgs* args);
typedef TesseraError* TesseraClientPlatformInfoFn(TesseraClientPlatformInfoArgs* args);

/** The table a plugin returns. Static storage in the plugin; never written by the host.
 *  Slots not marked required may be NULL: hosts report them as UNIMPLEMENTED. */
typedef struct TesseraBackendApi {
  size_t struct_size; /**< TESSERA_BACKEND_API_STRUCT_SIZE of the plugin's header. */
  void* extension;    /**< Reserved; NULL. */
  uint32_t major;     /**< TESSERA_BACKEND_API_MAJOR the plugin was built with. */
  uint32_t minor;     /**< TESSERA_BACKEND_API_MINOR the plugin was built with. */

  /* minor 0 */
  TesseraErrorDestroyFn* error_destroy;         /**< required */
  TesseraErrorMessageFn* error_message;         /**< required */
  TesseraErrorCodeFn* error_code;               /**< required */
  TesseraPluginInitializeFn* plugin_initialize; /**< optional: NULL = nothing to initialise */
  TesseraClientCreateFn* client_create;         /**< required */
  TesseraClientDestroyFn* client_destroy;       /**< required */
  TesseraClientCapabilitiesFn* client_capabilities;
  TesseraDeviceGetFn* device_get;
  TesseraDeviceDestroyFn* device_destroy;
  TesseraCompileFn* compile;
  TesseraExecutableDestroyFn* executable_destroy;
  TesseraExecutableNumOutputsFn* executable_num_outputs;
  TesseraBufferFromHostFn* buffer_from_host;
  TesseraBufferDestroyFn* buffer_destroy;
  TesseraBufferInfoFn* buffer_info;
  TesseraBufferToHostFn* buffer_to_host;
  TesseraExecuteFn* execute;
  TesseraEventAwaitFn* event_await;
  TesseraEventDestroyFn* event_destroy;

  /* minor 1 */
  TesseraClientPlatformInfoFn* client_platform_info;
} TesseraBackendApi;

/** Size of the table at minor 0: the smallest table a major-1 host accepts. */
#define TESSERA_BACKEND_API_V1_0_STRUCT_SIZE TESSERA_STRUCT_SIZE(TesseraBackendApi, event_destroy)
/** Size of the table at this header's minor. */
#define TESSERA_BACKEND_API_STRUCT_SIZE TESSERA_STRUCT_SIZE(TesseraBackendApi, client_platform_info)

/** The entry point's type. The returned table is static and never NULL for a working plugin. */
typedef const TesseraBackendApi* TesseraGetBackendApiFn(void);

/** Name of the one symbol a plugin exports. */
#define TESSERA_BACKEND_ENTRY_SYMBOL "tessera_backend_get_api_v1"

#ifdef __cplusplus
}
#endif

#endif /* TESSERA_BACKEND_H_ */
