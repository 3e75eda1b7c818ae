"""Type stubs of the tessera package: the names of __all__ (tests/python/test_package.py
keeps this file and __all__ in step). Elementwise ops are generated from the op table at
import time; their signatures are declared here."""

from typing import Any

from . import _types
from ._trace import Value

from ._errors import BackendError as BackendError
from ._types import DType as DType
from ._errors import InputError as InputError
from ._errors import InternalError as InternalError
from ._jit import JitFunction as JitFunction
from ._types import Policy as Policy
from ._errors import RuntimeError_ as RuntimeError_
from ._errors import SanitizerError as SanitizerError
from ._types import Tensor as Tensor
from ._types import TensorSpec as TensorSpec
from ._errors import TesseraError as TesseraError
from ._errors import VerifyError as VerifyError
__version__: str
def abs(x: Any) -> Value: ...
from ._types import accum as accum
def add(a: Any, b: Any) -> Value: ...
from ._types import bf16 as bf16
bool: _types.DType
from ._types import bool_ as bool_
from ._ops import broadcast_to as broadcast_to
from ._ops import cast as cast
def cmp_eq(a: Any, b: Any) -> Value: ...
def cmp_ge(a: Any, b: Any) -> Value: ...
def cmp_gt(a: Any, b: Any) -> Value: ...
def cmp_le(a: Any, b: Any) -> Value: ...
def cmp_lt(a: Any, b: Any) -> Value: ...
def cmp_ne(a: Any, b: Any) -> Value: ...
from ._runtime import compile_module as compile_module
from ._ops import concat as concat
from ._ops import concatenate as concatenate
from ._ops import constant as constant
from ._ops import conv2d as conv2d
from ._ops import dequantize as dequantize
def div(a: Any, b: Any) -> Value: ...
def divide(a: Any, b: Any) -> Value: ...
from ._types import e8m0 as e8m0
def equal(a: Any, b: Any) -> Value: ...
def exp(x: Any) -> Value: ...
from ._types import f16 as f16
from ._types import f32 as f32
from ._types import f64 as f64
from ._ops import flash_attention as flash_attention
from ._ops import flash_attn as flash_attn
fp16: _types.DType
fp32: _types.DType
fp4: _types.DType
from ._types import fp4_e2m1 as fp4_e2m1
fp6: _types.DType
fp64: _types.DType
from ._types import fp6_e2m3 as fp6_e2m3
from ._types import fp6_e3m2 as fp6_e3m2
from ._types import fp8_e4m3 as fp8_e4m3
from ._types import fp8_e5m2 as fp8_e5m2
from ._ops import full as full
from ._ops import gelu as gelu
from ._ops import gemm as gemm
def greater(a: Any, b: Any) -> Value: ...
def greater_equal(a: Any, b: Any) -> Value: ...
i16: _types.DType
i32: _types.DType
i64: _types.DType
i8: _types.DType
from ._types import int16 as int16
from ._types import int32 as int32
from ._types import int4 as int4
from ._types import int64 as int64
from ._types import int8 as int8
from ._jit import jit as jit
from ._ops import layer_norm as layer_norm
from ._ops import layernorm as layernorm
from ._ops import layernorm_safe as layernorm_safe
def less(a: Any, b: Any) -> Value: ...
def less_equal(a: Any, b: Any) -> Value: ...
def log(x: Any) -> Value: ...
from ._ops import log_softmax as log_softmax
from ._types import loss_scale as loss_scale
from ._ops import matmul as matmul
from ._ops import max as max
def maximum(a: Any, b: Any) -> Value: ...
from ._ops import mean as mean
from ._ops import min as min
def minimum(a: Any, b: Any) -> Value: ...
from ._ops import mse as mse
from ._ops import binary_cross_entropy as binary_cross_entropy
def mul(a: Any, b: Any) -> Value: ...
def multiply(a: Any, b: Any) -> Value: ...
def neg(x: Any) -> Value: ...
def negative(x: Any) -> Value: ...
def not_equal(a: Any, b: Any) -> Value: ...
from ._ops import ones as ones
from ._ops import permute as permute
def pow(a: Any, b: Any) -> Value: ...
def power(a: Any, b: Any) -> Value: ...
from ._types import precision_policy as precision_policy
from ._ops import quantize as quantize
def relu(x: Any) -> Value: ...
from ._ops import reshape as reshape
from ._ops import rms_norm as rms_norm
from ._ops import rmsnorm as rmsnorm
from ._ops import rmsnorm_safe as rmsnorm_safe
from ._ops import round as round
from ._types import rounding as rounding
def rsqrt(x: Any) -> Value: ...
from ._runtime import run_module as run_module
def sigmoid(x: Any) -> Value: ...
def silu(x: Any) -> Value: ...
def silu_mul(gate: Any, up: Any) -> Value: ...
from ._ops import slice as slice
from ._ops import softmax as softmax
def sqrt(x: Any) -> Value: ...
from ._types import stochastic_round as stochastic_round
def sub(a: Any, b: Any) -> Value: ...
def subtract(a: Any, b: Any) -> Value: ...
from ._ops import sum as sum
def tanh(x: Any) -> Value: ...
from ._ops import transpose as transpose
from ._types import uint16 as uint16
from ._types import uint32 as uint32
from ._types import uint64 as uint64
from ._types import uint8 as uint8
from ._ops import where as where
from ._ops import zeros as zeros
# Kernels and meshes (python/tessera/kernel.py, tile.py with tile.pyi, dist.py).
from . import dist as dist
from . import tile as tile
from .dist import ShardSpec as ShardSpec
from .kernel import kernel as kernel
# Library primitives of the guide (python/tessera/_ops_lib.py).
from ._ops_lib import adam as adam
from ._ops_lib import adamw as adamw
from ._ops_lib import cholesky as cholesky
from ._ops_lib import cross_entropy as cross_entropy
from ._ops_lib import dropout as dropout
from ._ops_lib import embedding as embedding
from ._ops_lib import fft2d as fft2d
from ._ops_lib import fft_ns as fft
from ._ops_lib import gather as gather
from ._ops_lib import grouped_gemm as grouped_gemm
from ._ops_lib import ifft as ifft
from ._ops_lib import kv_cache as kv_cache
from ._ops_lib import linalg as linalg
from ._ops_lib import poisson as poisson
from ._ops_lib import randn as randn
from ._ops_lib import random as random
from ._ops_lib import scatter as scatter
from ._ops_lib import sgd as sgd
from ._ops_lib import spmm as spmm
from ._ops_lib import svd as svd
from ._ops_lib import topk as topk
from ._ops_lib import uniform as uniform
# Traced control flow (python/tessera/_control.py).
from ._control import cond as cond
from ._control import fori_loop as fori_loop
from ._control import scan as scan
from ._control import while_loop as while_loop
# Autodiff (python/tessera/_autodiff.py, _autodiff_rules.py; docs/autodiff.md).
from ._autodiff import autodiff as autodiff
from ._autodiff import grad as grad
from ._autodiff import jvp as jvp
from ._autodiff import value_and_grad as value_and_grad
from ._autodiff import vjp as vjp
from ._autodiff_rules import checkpoint as checkpoint
from ._autodiff_rules import custom_jvp as custom_jvp
from ._autodiff_rules import custom_vjp as custom_vjp
from ._autodiff_rules import pi as pi
from ._autodiff_rules import stop_gradient as stop_gradient
from .dist import all_gather as all_gather
from .dist import all_reduce as all_reduce
from .dist import reduce_scatter as reduce_scatter
from ._ops_upstream import neighbors as neighbors
from ._ops_upstream import scaled_matmul as scaled_matmul
from ._ops_upstream import swiglu as swiglu

# Upstream op families (issue #18): each module's __all__.
from ._ops_attnsparse import *
from ._ops_attnstate import *
from ._ops_misc import *
from ._ops_train import *
from ._ops_decodemoe import *
from ._ops_gaebm import *
from ._ops_forms import *
