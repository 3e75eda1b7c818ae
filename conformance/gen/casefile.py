"""Write Tessera conformance case files (docs/conformance.md) from numpy / ml_dtypes arrays.

A per-op generator script computes expected outputs with an oracle that is independent of the
interpreter (numpy float64, JAX), rounds them to the output dtype with `round_f64_to`, and writes
one `.mlir` file per op with `CaseFile`:

    from casefile import CaseFile, binary_op_module, round_f64_to

    cf = CaseFile("conformance/cases/graph/add.mlir", generator=__file__)
    a = np.array([[1, 2, 3], [4, 5, 6]], np.float32)
    b = np.ones((2, 3), np.float32)
    want = round_f64_to(a.astype(np.float64) + b, np.float32)
    cf.add_case("add_small_f32", binary_op_module("tessera.add", a, b, want),
                inputs=[a, b], expected=[want], rule="bitexact",
                requires=["op=tessera.add", "dtype=f32", "level=graph"])
    cf.write()

Conventions:
- Tensors with at most `INLINE_MAX_ELEMENTS` elements are written inline as hex bit patterns;
  larger ones go to `<file stem>.<case>.<input|expect><i>.npy` beside the case file, low-precision
  formats as uint8/uint16 raw bits and int4 as one int8 per value (what tessera's reader
  expects).
- Every case records `GENERATOR: <script, relative to the repo> numpy=X ml_dtypes=Y jax=Z`.
- Never produce expected outputs by running the interpreter: goldens from the system under test
  prove nothing.
- Make inputs deterministic (`np.random.default_rng(seed)`), so regenerating gives the same file.
"""
from __future__ import annotations

import importlib.metadata
import os
from typing import Iterable, Sequence

import ml_dtypes
import numpy as np

__all__ = [
    "INLINE_MAX_ELEMENTS",
    "CaseFile",
    "binary_op_module",
    "hex_payload",
    "mlir_type",
    "raw_bits",
    "round_f64_to",
    "tool_versions",
]

INLINE_MAX_ELEMENTS = 256
REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# numpy / ml_dtypes dtype -> (MLIR element type, raw-bit numpy dtype used for hex and .npy)
_TYPES = {
    np.dtype(np.float64): ("f64", np.uint64),
    np.dtype(np.float32): ("f32", np.uint32),
    np.dtype(np.float16): ("f16", np.uint16),
    np.dtype(ml_dtypes.bfloat16): ("bf16", np.uint16),
    np.dtype(ml_dtypes.float8_e4m3fn): ("f8E4M3FN", np.uint8),
    np.dtype(ml_dtypes.float8_e5m2): ("f8E5M2", np.uint8),
    np.dtype(ml_dtypes.float6_e2m3fn): ("f6E2M3FN", np.uint8),
    np.dtype(ml_dtypes.float6_e3m2fn): ("f6E3M2FN", np.uint8),
    np.dtype(ml_dtypes.float4_e2m1fn): ("f4E2M1FN", np.uint8),
    np.dtype(ml_dtypes.float8_e8m0fnu): ("f8E8M0FNU", np.uint8),
    np.dtype(np.bool_): ("i1", np.uint8),
    np.dtype(ml_dtypes.int4): ("i4", np.uint8),
    np.dtype(np.int8): ("i8", np.uint8),
    np.dtype(np.int16): ("i16", np.uint16),
    np.dtype(np.int32): ("i32", np.uint32),
    np.dtype(np.int64): ("i64", np.uint64),
    np.dtype(np.uint8): ("ui8", np.uint8),
    np.dtype(np.uint16): ("ui16", np.uint16),
    np.dtype(np.uint32): ("ui32", np.uint32),
    np.dtype(np.uint64): ("ui64", np.uint64),
}


# Formats numpy cannot store natively: .npy files hold their raw bits.
_RAW_IN_NPY = {"bf16", "f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN", "f8E8M0FNU"}


def _entry(dtype) -> tuple[str, type]:
    dt = np.dtype(dtype)
    if dt.byteorder == ">":
        dt = dt.newbyteorder("<")
    if dt not in _TYPES:
        raise ValueError(f"no Tessera element type for numpy dtype {dt}")
    return _TYPES[dt]


def mlir_type(arr: np.ndarray) -> str:
    """The MLIR tensor type of an array, e.g. `tensor<2x3xf32>` or `tensor<bf16>` (0-d)."""
    elem, _ = _entry(arr.dtype)
    return "tensor<" + "".join(f"{d}x" for d in arr.shape) + elem + ">"


def raw_bits(arr: np.ndarray) -> np.ndarray:
    """The array's bit patterns as unsigned integers, C order, one element per integer.

    int4 gives its two's-complement nibble (0..15); bool gives 0/1; fp6/fp4 their low bits.
    """
    elem, raw = _entry(arr.dtype)
    a = np.ascontiguousarray(arr)
    if elem == "i4":
        return (a.astype(np.int8).view(np.uint8) & 0xF).astype(np.uint8)
    if elem == "i1":
        return a.astype(np.uint8)
    return a.astype(a.dtype.newbyteorder("="), copy=False).view(raw)


def hex_payload(arr: np.ndarray) -> str:
    """`hex:` payload: comma-separated fixed-width bit patterns in C order (1 digit for i4)."""
    elem, raw = _entry(arr.dtype)
    width = 1 if elem == "i4" else 2 * np.dtype(raw).itemsize
    return "hex:" + ",".join(f"{int(v):0{width}x}" for v in raw_bits(arr).reshape(-1))


def _npy_array(arr: np.ndarray) -> np.ndarray:
    """What goes into a .npy file: native numpy types as is, low-precision types as raw bits."""
    elem, _ = _entry(arr.dtype)
    if elem == "i4":
        return np.ascontiguousarray(arr).astype(np.int8)
    if elem in _RAW_IN_NPY:
        return raw_bits(arr)
    return np.ascontiguousarray(arr).astype(arr.dtype.newbyteorder("<"), copy=False)


def round_f64_to(values, dtype) -> np.ndarray:
    """Round float64 values to `dtype` correctly (one rounding, to nearest even).

    numpy's `float64.astype(<ml_dtypes type>)` converts through float32 first, so it rounds twice:
    1 + 2**-8 + 2**-32 becomes exactly 1 + 2**-8 in float32, a tie that bfloat16 then rounds down
    to 1.0, while the correct bfloat16 result is 1 + 2**-7. This helper rounds to float32 with
    round-to-odd instead (truncate, then set the last bit if anything was lost); a second rounding
    from round-to-odd to a format with at least two fewer significand bits is correct (Boldo and
    Melquiond, 2008). float32 has 24 bits and every target here has at most 11, and float32's
    exponent range covers theirs, subnormals included. Overflow and saturation then follow
    ml_dtypes' own float32 conversion (the `ocp` profile), as do NaN and Inf.

    Integer targets accept only exactly representable values (ValueError otherwise).
    """
    x = np.asarray(values, dtype=np.float64)
    dt = np.dtype(dtype)
    if dt == np.float64:
        return x.copy()
    if dt == np.float32:
        with np.errstate(over="ignore"):
            return x.astype(np.float32)  # numpy's float64 -> float32 is one correct rounding
    if dt.kind in "iub" or dt == np.dtype(ml_dtypes.int4):
        out = x.astype(dt)
        if not np.array_equal(out.astype(np.float64), x):
            raise ValueError(f"values are not exactly representable in {dt}")
        return out
    with np.errstate(over="ignore", invalid="ignore"):
        f = x.astype(np.float32)  # round to nearest even
    inexact = (f.astype(np.float64) != x) & ~np.isnan(x)
    even = (f.view(np.uint32) & 1) == 0
    fix = inexact & even
    # The odd neighbour on x's side of f: round-to-odd. Overflow to Inf steps back to max finite,
    # underflow to zero steps out to the smallest subnormal.
    f = np.where(fix, np.nextafter(f, _toward(f, x)), f)
    with np.errstate(over="ignore", invalid="ignore"):
        return f.astype(dt)


def _toward(f: np.ndarray, x: np.ndarray) -> np.ndarray:
    """float32 targets for nextafter(f, .): +/-Inf in the direction from f to x."""
    return np.where(x > f.astype(np.float64), np.float32(np.inf), np.float32(-np.inf))


def tool_versions() -> str:
    """`numpy=X ml_dtypes=Y jax=Z` for the GENERATOR directive (jax omitted if not installed)."""
    parts = []
    for pkg in ("numpy", "ml_dtypes", "jax"):
        try:
            parts.append(f"{pkg}={importlib.metadata.version(pkg)}")
        except importlib.metadata.PackageNotFoundError:
            pass
    return " ".join(parts)


def op_module(op: str, args, results, attrs: str = "", names=None) -> str:
    """A module whose `func.func @main` applies `op` (generic form) to its arguments.

    `args` and `results` are numpy arrays (their types come from mlir_type); `results` may be one
    array or a list. `names` are the parameter names (default %a0, %a1, ...). One result prints as
    `%0 = ... -> T`, several as `%0:N = ... -> (T, U)` returned as `%0#0, %0#1`.
    """
    if isinstance(results, np.ndarray):
        results = [results]
    names = list(names) if names else [f"%a{i}" for i in range(len(args))]
    ts = [mlir_type(a) for a in args]
    trs = [mlir_type(r) for r in results]
    sig = ", ".join(f"{n}: {t}" for n, t in zip(names, ts))
    attr = f" {{{attrs}}}" if attrs else ""
    if len(results) == 1:
        head, rtype, outs = "%0", trs[0], "%0"
    else:
        head, rtype = f"%0:{len(results)}", "(" + ", ".join(trs) + ")"
        outs = ", ".join(f"%0#{k}" for k in range(len(results)))
    return (
        "module {\n"
        f"  func.func @main({sig}) -> {rtype} {{\n"
        f'    {head} = "{op}"({", ".join(names)}){attr} : ({", ".join(ts)}) -> {rtype}\n'
        f"    return {outs} : {', '.join(trs)}\n"
        "  }\n"
        "}\n"
    )


def binary_op_module(op: str, a: np.ndarray, b: np.ndarray, result: np.ndarray,
                     attrs: str = "") -> str:
    """op_module for a binary op with parameters %a and %b."""
    return op_module(op, [a, b], result, attrs, names=["%a", "%b"])


def ieee_max(a, b):
    """IEEE maximum (numpy.maximum with -0 < +0): NaN propagates."""
    r = np.where(a > b, a, b)
    r = np.where((a == b) & np.signbit(a), b, r)
    r = np.where((a == b) & ~np.signbit(a), a, r)
    return np.where(np.isnan(a) | np.isnan(b), np.array(np.nan, a.dtype), r).astype(a.dtype)


def ieee_min(a, b):
    """IEEE minimum: NaN propagates, -0 < +0."""
    r = np.where(a < b, a, b)
    r = np.where((a == b) & np.signbit(a), a, r)
    r = np.where((a == b) & ~np.signbit(a), b, r)
    return np.where(np.isnan(a) | np.isnan(b), np.array(np.nan, a.dtype), r).astype(a.dtype)


class CaseFile:
    """Collects cases for one op and writes them as one `.mlir` file (plus .npy files)."""

    def __init__(self, path: str, generator: str, header: str = ""):
        """`path`: the case file to write; `generator`: the generating script (`__file__`);
        `header`: optional free comment lines for the top of the file."""
        self.path = os.path.abspath(path)
        gen = os.path.relpath(os.path.abspath(generator), REPO_ROOT)
        self.generator = f"{gen} {tool_versions()}"
        self.header = header
        self._chunks: list[str] = []
        self._names: set[str] = set()
        self._npy: dict[str, np.ndarray] = {}

    def add_case(self, name: str, program: str, inputs: Sequence[np.ndarray],
                 expected: Sequence[np.ndarray], rule: str = "bitexact",
                 requires: Iterable[str] = (), entry: str = "main", note: str = "") -> None:
        """Add one case. `rule`: `bitexact`, `ulp:N` or `tol:rtol=X,atol=Y` (optionally followed
        by ` strict_nan`); `requires`: `key=value` capabilities (op=, dtype=, level=, mesh=)."""
        plain = name.replace("_", "").replace(".", "").replace("-", "")
        if name in self._names or not (plain.isascii() and plain.isalnum()):
            raise ValueError(f"bad or duplicate case name {name!r}")
        self._names.add(name)
        lines = [f"// CASE: {name}"]
        if note:
            lines += [f"// NOTE: {line}" for line in note.splitlines()]
        if entry != "main":
            lines.append(f"// ENTRY: {entry}")
        lines.append(f"// RULE: {rule}")
        reqs = list(requires)
        if reqs:
            lines.append("// REQUIRES: " + " ".join(reqs))
        for kind, arrays in (("INPUT", inputs), ("EXPECT", expected)):
            for i, arr in enumerate(arrays):
                arr = np.asarray(arr)
                lines.append(f"// {kind}: {i} {mlir_type(arr)} {self._payload(name, kind, i, arr)}")
        lines.append(f"// GENERATOR: {self.generator}")
        self._chunks.append("\n".join(lines) + "\n" + program.rstrip("\n") + "\n")

    def _payload(self, case: str, kind: str, i: int, arr: np.ndarray) -> str:
        if arr.size <= INLINE_MAX_ELEMENTS:
            return hex_payload(arr)
        stem = os.path.splitext(os.path.basename(self.path))[0]
        fname = f"{stem}.{case}.{kind.lower()}{i}.npy"
        self._npy[fname] = _npy_array(arr)
        return f"npy:{fname}"

    def write(self) -> None:
        """Write the case file and its .npy files; removes stale .npy files of this case file."""
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        directory = os.path.dirname(self.path)
        stem = os.path.splitext(os.path.basename(self.path))[0]
        for old in os.listdir(directory):
            if old.startswith(stem + ".") and old.endswith(".npy") and old not in self._npy:
                os.remove(os.path.join(directory, old))
        for fname, arr in self._npy.items():
            np.save(os.path.join(directory, fname), arr, allow_pickle=False)
        head = "".join(f"// {line}\n" for line in self.header.splitlines())
        head += "// Generated file: edit the generator named in each case, then rerun it.\n\n"
        with open(self.path, "w", encoding="utf-8", newline="\n") as f:
            f.write(head + "\n// -----\n\n".join(self._chunks))
