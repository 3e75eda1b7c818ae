"""Tessera: `import tessera as ts`.

`@ts.jit` traces numpy-style Python into Graph IR and runs it on the reference interpreter (or a
backend plugin); `ts.Tensor["B", "D", ts.bf16 @ ts.accum(ts.f32)]` annotations are checked at call
time; numpy and ml_dtypes arrays go in and come out. docs/python.md is the manual.
"""

from __future__ import annotations

__version__ = "0.1.0"

from . import _core  # noqa: E402  (the extension; private)
from ._errors import (  # noqa: E402
    BackendError,
    InputError,
    InternalError,
    RuntimeError_,
    SanitizerError,
    TesseraError,
    VerifyError,
)
from ._jit import JitFunction, jit  # noqa: E402
from ._ops import GENERATED as _GENERATED  # noqa: E402
from ._ops import (  # noqa: E402
    broadcast_to,
    cast,
    concat,
    concatenate,
    constant,
    conv2d,
    dequantize,
    flash_attention,
    flash_attn,
    full,
    gelu,
    gemm,
    layer_norm,
    layernorm,
    layernorm_safe,
    log_softmax,
    matmul,
    max,
    maximum,
    mean,
    min,
    minimum,
    mse,
    binary_cross_entropy,
    ones,
    permute,
    quantize,
    reshape,
    rms_norm,
    rmsnorm,
    rmsnorm_safe,
    round,
    slice,
    softmax,
    sum,
    transpose,
    where,
    zeros,
)
from ._ops_lib import (  # noqa: E402
    adam,
    adamw,
    cholesky,
    cross_entropy,
    dropout,
    embedding,
    fft2d,
    gather,
    grouped_gemm,
    ifft,
    kv_cache,
    linalg,
    poisson,
    randn,
    random,
    scatter,
    sgd,
    spmm,
    svd,
    topk,
    uniform,
)
from ._ops_lib import TOP_LEVEL as _LIB_TOP_LEVEL  # noqa: E402
from ._ops_lib import fft_ns as fft  # noqa: E402
from ._ops_upstream import neighbors, scaled_matmul, swiglu  # noqa: E402

# Upstream op families (issue #18): each module lists its public names in __all__.
from . import _ops_attnsparse, _ops_attnstate, _ops_misc, _ops_train, _ops_decodemoe, _ops_gaebm, _ops_forms  # noqa: E402
_FAMILIES = (_ops_attnsparse, _ops_attnstate, _ops_misc, _ops_train, _ops_decodemoe, _ops_gaebm, _ops_forms)
globals().update({n: getattr(_m, n) for _m in _FAMILIES for n in _m.__all__})
from ._control import cond, fori_loop, scan, while_loop  # noqa: E402
from ._runtime import compile_module, run_module  # noqa: E402
from ._types import (  # noqa: E402
    DType,
    Policy,
    Tensor,
    TensorSpec,
    accum,
    bf16,
    bool_,
    e8m0,
    f16,
    f32,
    f64,
    fp4_e2m1,
    fp6_e2m3,
    fp6_e3m2,
    fp8_e4m3,
    fp8_e5m2,
    int4,
    int8,
    int16,
    int32,
    int64,
    loss_scale,
    precision_policy,
    rounding,
    stochastic_round,
    uint8,
    uint16,
    uint32,
    uint64,
)
from ._types import ALIASES as _ALIASES  # noqa: E402

# Kernels and meshes (h-pykernel): @ts.kernel with ts.tile, ts.dist, ts.ShardSpec.
from . import dist, tile  # noqa: E402
from .dist import ShardSpec  # noqa: E402
from .kernel import kernel  # noqa: E402

# Autodiff (docs/autodiff.md): transformations over the engine in core/transforms, custom rules.
from ._autodiff import autodiff, grad, jvp, value_and_grad, vjp  # noqa: E402
from ._autodiff_rules import checkpoint, custom_jvp, custom_vjp, pi, stop_gradient  # noqa: E402
from .dist import all_gather, all_reduce, reduce_scatter  # noqa: E402  (the guide's ts.all_gather)

# Elementwise ops generated from the op table (ts.add, ts.exp, ts.relu, ts.sigmoid, ...).
globals().update(_GENERATED)
# Dtype aliases: ts.fp32, ts.fp16, ts.fp6 (= fp6_e2m3, the guide's spelling), ts.i8, ...
globals().update(_ALIASES)

__all__ = sorted(
    {
        "__version__", "BackendError", "InputError", "InternalError", "RuntimeError_",
        "SanitizerError", "TesseraError", "VerifyError", "JitFunction", "jit", "run_module",
        "compile_module", "DType", "Policy", "Tensor", "TensorSpec", "accum", "loss_scale",
        "precision_policy", "rounding", "stochastic_round",
        "bf16", "bool_", "e8m0", "f16", "f32", "f64", "fp4_e2m1", "fp6_e2m3", "fp6_e3m2",
        "fp8_e4m3", "fp8_e5m2", "int4", "int8", "int16", "int32", "int64", "uint8", "uint16",
        "uint32", "uint64",
        "broadcast_to", "cast", "concat", "concatenate", "constant", "conv2d", "dequantize",
        "flash_attention", "flash_attn", "full", "gelu", "gemm", "layer_norm", "layernorm",
        "layernorm_safe", "log_softmax", "matmul", "max", "maximum", "mean", "min", "minimum",
        "mse", "binary_cross_entropy", "ones", "permute", "quantize", "reshape", "rms_norm",
        "rmsnorm", "rmsnorm_safe",
        "round", "slice", "softmax", "sum", "transpose", "where", "zeros",
    }
    | {"dist", "tile", "kernel", "ShardSpec"}
    | set(_LIB_TOP_LEVEL)
    | {"fft", "random", "linalg", "kv_cache", "fori_loop", "while_loop", "cond", "scan"}
    | {"neighbors", "scaled_matmul", "swiglu"}
    | {n for _m in _FAMILIES for n in _m.__all__}
    | {"grad", "value_and_grad", "vjp", "jvp", "autodiff", "custom_vjp", "custom_jvp",
       "checkpoint", "stop_gradient", "pi", "all_gather", "all_reduce", "reduce_scatter"}
    | set(_GENERATED)
    | set(_ALIASES)
)


def __getattr__(name: str) -> object:
    """`ts.<unknown>`: an AttributeError that says what exists."""
    if name.startswith("__"):
        raise AttributeError(name)
    raise AttributeError(
        f"tessera has no op '{name}': Graph IR ops are available as "
        + ", ".join(f"ts.{n}" for n in sorted(__all__) if n[0].islower() and n in _OPS_LISTED)
    )


_OPS_LISTED = set(_GENERATED) | {
    "broadcast_to", "cast", "concat", "constant", "conv2d", "dequantize", "flash_attention",
    "full", "gelu", "gemm", "layer_norm", "layernorm_safe", "log_softmax", "matmul", "max",
    "mean", "min", "mse", "binary_cross_entropy", "ones", "permute", "quantize", "reshape",
    "rmsnorm_safe", "round",
    "slice", "softmax", "sum", "transpose", "where", "zeros", "fft", "random", "linalg",
    "kv_cache", "fori_loop", "while_loop", "cond", "scan",
} | set(_LIB_TOP_LEVEL) | {"scaled_matmul", "swiglu"}
