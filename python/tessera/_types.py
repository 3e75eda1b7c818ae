"""Element types, numeric policies and `ts.Tensor[...]` annotations (docs/python.md, "Types").

A dtype composed with policy parts by `@` gives a Policy:
`ts.bf16 @ ts.accum(ts.f32) @ ts.stochastic_round @ ts.loss_scale(128.0)`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import ml_dtypes
import numpy as np

__all__ = [
    "DType",
    "Policy",
    "Accum",
    "Rounding",
    "LossScale",
    "accum",
    "rounding",
    "stochastic_round",
    "loss_scale",
    "precision_policy",
    "Tensor",
    "TensorSpec",
    "as_dtype",
    "as_policy",
    "DTYPES",
]


class DType:
    """A Tessera element type: `ts.f32`, `ts.bf16`, `ts.fp8_e4m3`, `ts.int8`, ..."""

    __slots__ = ("name", "mlir", "numpy", "is_float")

    def __init__(self, name: str, mlir: str, numpy_dtype: Any, is_float: bool) -> None:
        self.name = name
        self.mlir = mlir
        self.numpy = np.dtype(numpy_dtype)
        self.is_float = is_float

    def __repr__(self) -> str:
        return f"ts.{self.name}"

    def __matmul__(self, part: Any) -> Policy:
        return Policy(self) @ part

    def __reduce__(self) -> str:
        return self.name


def _d(name: str, mlir: str, np_dtype: Any, is_float: bool = True) -> DType:
    return DType(name, mlir, np_dtype, is_float)


f64 = _d("f64", "f64", np.float64)
f32 = _d("f32", "f32", np.float32)
f16 = _d("f16", "f16", np.float16)
bf16 = _d("bf16", "bf16", ml_dtypes.bfloat16)
fp8_e4m3 = _d("fp8_e4m3", "f8E4M3FN", ml_dtypes.float8_e4m3fn)
fp8_e5m2 = _d("fp8_e5m2", "f8E5M2", ml_dtypes.float8_e5m2)
fp6_e2m3 = _d("fp6_e2m3", "f6E2M3FN", ml_dtypes.float6_e2m3fn)
fp6_e3m2 = _d("fp6_e3m2", "f6E3M2FN", ml_dtypes.float6_e3m2fn)
fp4_e2m1 = _d("fp4_e2m1", "f4E2M1FN", ml_dtypes.float4_e2m1fn)
e8m0 = _d("e8m0", "f8E8M0FNU", ml_dtypes.float8_e8m0fnu)
bool_ = _d("bool_", "i1", np.bool_, False)
int4 = _d("int4", "i4", ml_dtypes.int4, False)
int8 = _d("int8", "i8", np.int8, False)
int16 = _d("int16", "i16", np.int16, False)
int32 = _d("int32", "i32", np.int32, False)
int64 = _d("int64", "i64", np.int64, False)
uint8 = _d("uint8", "ui8", np.uint8, False)
uint16 = _d("uint16", "ui16", np.uint16, False)
uint32 = _d("uint32", "ui32", np.uint32, False)
uint64 = _d("uint64", "ui64", np.uint64, False)

#: Every dtype by its ts name; aliases: fp32/fp16/fp64 (upstream spellings), fp6 = fp6_e2m3
#: (the guide's `ts.fp6`), fp4 = fp4_e2m1, i8/i16/i32/i64.
DTYPES: dict[str, DType] = {
    d.name: d
    for d in (f64, f32, f16, bf16, fp8_e4m3, fp8_e5m2, fp6_e2m3, fp6_e3m2, fp4_e2m1, e8m0,
              bool_, int4, int8, int16, int32, int64, uint8, uint16, uint32, uint64)
}
ALIASES: dict[str, DType] = {
    "fp64": f64, "fp32": f32, "fp16": f16, "fp6": fp6_e2m3, "fp4": fp4_e2m1,
    "i8": int8, "i16": int16, "i32": int32, "i64": int64, "bool": bool_,
}
_BY_MLIR = {d.mlir: d for d in DTYPES.values()}
_BY_NUMPY = {d.numpy: d for d in DTYPES.values()}


def dtype_from_mlir(name: str) -> DType:
    return _BY_MLIR[name]


def dtype_of_numpy(dt: np.dtype) -> DType | None:
    return _BY_NUMPY.get(np.dtype(dt))


# ---- policies ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Accum:
    dtype: DType


@dataclasses.dataclass(frozen=True)
class Rounding:
    mode: str
    seed: int | None = None


@dataclasses.dataclass(frozen=True)
class LossScale:
    value: float


_ROUNDINGS = ("rne", "rtz", "rup", "rdown", "rna", "stochastic")


def accum(dtype: DType) -> Accum:
    """`@ ts.accum(ts.f32)`: contractions and reductions accumulate in `dtype`."""
    return Accum(as_dtype(dtype))


def rounding(mode: str, seed: int | None = None) -> Rounding:
    """`@ ts.rounding("rtz")`: how results are rounded where they are stored."""
    if mode not in _ROUNDINGS:
        raise ValueError(f"rounding must be one of {', '.join(_ROUNDINGS)}, got {mode!r}")
    return Rounding(mode, seed)


#: `@ ts.stochastic_round`: stochastic rounding at storage (Philox, seed 0 unless given by
#: `ts.rounding("stochastic", seed=...)`).
stochastic_round = Rounding("stochastic")


def loss_scale(value: float) -> LossScale:
    """`@ ts.loss_scale(128.0)`: the loss scale a training graph uses (recorded on mse)."""
    v = float(value)
    if not np.isfinite(v) or v <= 0:
        raise ValueError(f"loss_scale must be a finite positive number, got {value!r}")
    return LossScale(v)


@dataclasses.dataclass(frozen=True)
class Policy:
    """A storage dtype with its numeric policy (docs/numerics.md, "Policies as IR attributes")."""

    storage: DType
    accum: DType | None = None
    rounding: str | None = None
    seed: int | None = None
    loss_scale: float | None = None

    def __matmul__(self, part: Any) -> Policy:
        if isinstance(part, Accum):
            return dataclasses.replace(self, accum=part.dtype)
        if isinstance(part, Rounding):
            return dataclasses.replace(self, rounding=part.mode, seed=part.seed)
        if isinstance(part, LossScale):
            return dataclasses.replace(self, loss_scale=part.value)
        raise TypeError(
            f"cannot compose a policy with {part!r}: use ts.accum(dtype), ts.stochastic_round, "
            "ts.rounding(mode) or ts.loss_scale(value)"
        )

    def fields(self) -> dict[str, Any]:
        """The numeric_policy fields this policy sets (storage excluded)."""
        out: dict[str, Any] = {}
        if self.accum is not None:
            out["accum"] = self.accum.mlir
        if self.rounding is not None:
            out["rounding"] = self.rounding
        if self.seed is not None:
            out["seed"] = self.seed
        if self.loss_scale is not None:
            out["loss_scale"] = self.loss_scale
        return out

    def __repr__(self) -> str:
        parts = [repr(self.storage)]
        if self.accum is not None:
            parts.append(f"ts.accum({self.accum!r})")
        if self.rounding == "stochastic" and self.seed is None:
            parts.append("ts.stochastic_round")
        elif self.rounding is not None:
            parts.append(f"ts.rounding({self.rounding!r}, seed={self.seed!r})")
        if self.loss_scale is not None:
            parts.append(f"ts.loss_scale({self.loss_scale!r})")
        return " @ ".join(parts)


def precision_policy(cls: type) -> type:
    """`@ts.precision_policy` on a class with `storage`, and optionally `accumulate` (or
    `accum`), `compute`, `scale`, `rounding`: the class becomes usable as the dtype of a
    `ts.Tensor[...]` annotation (its storage type with its policy); its methods stay ordinary
    methods, traced when called inside `@ts.jit`."""
    storage = getattr(cls, "storage", None)
    if not isinstance(storage, DType):
        raise TypeError(f"precision policy {cls.__name__} needs `storage = ts.<dtype>`")
    acc = getattr(cls, "accumulate", getattr(cls, "accum", None))
    if acc is not None and not isinstance(acc, DType):
        raise TypeError(f"precision policy {cls.__name__}: `accumulate` must be a ts dtype")
    rnd = getattr(cls, "rounding", None)
    if rnd is not None and rnd not in _ROUNDINGS:
        raise TypeError(f"precision policy {cls.__name__}: unknown rounding {rnd!r}")
    setattr(cls, "__tessera_policy__", Policy(storage, accum=acc, rounding=rnd))
    return cls


def as_policy(x: Any) -> Policy:
    """A DType, Policy or @precision_policy class as a Policy; TypeError otherwise."""
    if isinstance(x, Policy):
        return x
    if isinstance(x, DType):
        return Policy(x)
    pol = getattr(x, "__tessera_policy__", None)
    if isinstance(pol, Policy):
        return pol
    raise TypeError(f"expected a ts dtype or policy, got {x!r}")


def as_dtype(x: Any) -> DType:
    """A ts dtype from a DType, Policy, policy class, numpy/ml_dtypes dtype or name."""
    if isinstance(x, DType):
        return x
    if isinstance(x, str):
        d = DTYPES.get(x) or ALIASES.get(x) or _BY_MLIR.get(x)
        if d is None:
            raise TypeError(f"unknown dtype name {x!r} (known: {', '.join(DTYPES)})")
        return d
    if isinstance(x, Policy) or hasattr(x, "__tessera_policy__"):
        return as_policy(x).storage
    try:
        d = dtype_of_numpy(np.dtype(x))
    except TypeError:
        d = None
    if d is None:
        raise TypeError(f"{x!r} is not a Tessera dtype")
    return d


# ---- annotations ------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class TensorSpec:
    """`ts.Tensor["B", "D", ts.bf16]`: dims (names are symbolic, ints fixed) and a policy."""

    dims: tuple[str | int, ...]
    policy: Policy | None

    @property
    def dtype(self) -> DType | None:
        return self.policy.storage if self.policy else None

    def __repr__(self) -> str:
        inner = [repr(d) for d in self.dims] + ([repr(self.policy)] if self.policy else [])
        return f"ts.Tensor[{', '.join(inner)}]"


class _TensorMeta(type):
    def __getitem__(cls, item: Any) -> TensorSpec:
        items = item if isinstance(item, tuple) else (item,)
        dims: list[str | int] = []
        policy = None
        for k, it in enumerate(items):
            if isinstance(it, (str, int)) and not isinstance(it, bool):
                if policy is not None:
                    raise TypeError("ts.Tensor[...]: the dtype comes after the dimensions")
                if isinstance(it, int) and it < 0:
                    raise TypeError(f"ts.Tensor[...]: dimension {it} is negative")
                dims.append(it)
            elif k == len(items) - 1:
                policy = as_policy(it)
            else:
                raise TypeError(f"ts.Tensor[...]: {it!r} is neither a dimension nor a dtype")
        return TensorSpec(tuple(dims), policy)


class Tensor(metaclass=_TensorMeta):
    """Annotation only: `x: ts.Tensor["B", "D", ts.bf16 @ ts.accum(ts.f32)]`."""

    def __init__(self) -> None:
        raise TypeError("ts.Tensor is an annotation; pass numpy arrays")
