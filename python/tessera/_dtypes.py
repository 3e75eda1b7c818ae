"""numpy / ml_dtypes dtypes that carry each Tessera element type (used by tessera._core)."""

from __future__ import annotations

import ml_dtypes
import numpy as np

#: numpy dtype name -> numpy dtype, for every carrier the extension hands results out in.
NUMPY_DTYPES: dict[str, np.dtype] = {
    name: np.dtype(t)
    for name, t in {
        "float64": np.float64,
        "float32": np.float32,
        "float16": np.float16,
        "bfloat16": ml_dtypes.bfloat16,
        "float8_e4m3fn": ml_dtypes.float8_e4m3fn,
        "float8_e5m2": ml_dtypes.float8_e5m2,
        "float6_e2m3fn": ml_dtypes.float6_e2m3fn,
        "float6_e3m2fn": ml_dtypes.float6_e3m2fn,
        "float4_e2m1fn": ml_dtypes.float4_e2m1fn,
        "float8_e8m0fnu": ml_dtypes.float8_e8m0fnu,
        "bool": np.bool_,
        "int4": ml_dtypes.int4,
        "int8": np.int8,
        "int16": np.int16,
        "int32": np.int32,
        "int64": np.int64,
        "uint8": np.uint8,
        "uint16": np.uint16,
        "uint32": np.uint32,
        "uint64": np.uint64,
    }.items()
}
