// The reference backend (the interpreter behind the plugin ABI), linked into tools as a built-in.
#pragma once

#include "plugins/tessera_backend.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Entry point of the built-in copy (tessera_backend_reference_builtin). The loadable
/// libtessera_reference.so exports the same table as tessera_backend_get_api_v1 instead.
/// Register it explicitly: registry.register_builtin("reference", &tessera_reference_get_api_v1).
const TesseraBackendApi* tessera_reference_get_api_v1(void);

#ifdef __cplusplus
}
#endif
