"""@ts.kernel compiler: a Python tile kernel's AST to Tile IR text (docs/tile-ir.md).

The compiler specialises a kernel for one launch signature (shapes and dtypes of the array
arguments, the values of Python int/bool arguments, grid, tiles, lanes), so every memref type is
static and every symbolic dimension of an annotation is a compile-time integer. Each op carries
`loc("file.py":line:col)` of the Python expression it came from; the runtime maps diagnostics
on the generated text back to those locations, so they name the kernel's Python line.

This file holds the values, the emitter and the entry point; expressions, statements and the
`ts.tile` builtins are in `_ast_compiler_expr.py`, `_ast_compiler_stmt.py` and
`_ast_compiler_tile.py`.
"""
from __future__ import annotations

import ast
import inspect
import re
import struct
import textwrap

import numpy as np

from ._kernel_errors import KernelSyntaxError

# Element types: the IR name for numpy dtypes and the aliases the guide writes.
_DTYPE_ALIASES = {
    "f32": "f32", "float32": "f32", "fp32": "f32", "float": "f32",
    "f64": "f64", "float64": "f64", "fp64": "f64",
    "bf16": "bf16", "bfloat16": "bf16",
    "f16": "f16", "float16": "f16", "fp16": "f16", "half": "f16",
    "i1": "i1", "bool": "i1", "bool_": "i1",
    "i8": "i8", "int8": "i8",
    "i32": "i32", "int32": "i32",
    "i64": "i64", "int64": "i64", "int": "index",
    "index": "index",
}
FLOAT_TYPES = ("f32", "f64", "bf16", "f16")
INT_TYPES = ("index", "i1", "i8", "i32", "i64")


def dtype_name(obj):
    """The IR element type named by a dtype object, string, numpy dtype or policy; or None."""
    if obj is None:
        return None
    if isinstance(obj, str):
        return _DTYPE_ALIASES.get(obj.strip().split("@")[0].strip().replace("ts.", ""))
    if obj is float:
        return "f32"
    if obj is int:
        return "index"
    if obj is bool:
        return "i1"
    for attr in ("storage", "dtype", "base"):  # precision policies: their storage type
        inner = getattr(obj, attr, None)
        if inner is not None and inner is not obj and not isinstance(inner, np.dtype):
            found = dtype_name(inner)
            if found:
                return found
    for attr in ("mlir", "ir_name", "name"):
        val = getattr(obj, attr, None)
        if isinstance(val, str) and val in _DTYPE_ALIASES:
            return _DTYPE_ALIASES[val]
    try:
        return numpy_dtype_name(np.dtype(obj))
    except TypeError:
        return _DTYPE_ALIASES.get(str(obj))


def numpy_dtype_name(dt):
    """The IR element type of a numpy dtype (ml_dtypes' bfloat16 included), or None."""
    name = np.dtype(dt).name
    return _DTYPE_ALIASES.get(name)


def f32_hex(value):
    """An f32 constant as MLIR hex bits: exact for inf, nan and every finite value."""
    with np.errstate(over="ignore"):  # beyond f32's range rounds to inf, as IEEE says
        bits = struct.unpack("<I", struct.pack("<f", np.float32(value)))[0]
    return f"0x{bits:08X}"


# ---------------------------------------------------------------------------------------------
# Values


class Value:
    """An SSA value: `kind` is 'scalar', 'tile' (tensor/vector register tile) or 'mem'."""

    def __init__(self, name, kind, dtype, shape=(), space=0, vector=False):
        self.name, self.kind, self.dtype = name, kind, dtype
        self.shape, self.space, self.vector = tuple(shape), space, vector

    @property
    def ty(self):
        if self.kind == "scalar":
            return self.dtype
        dims = "".join(f"{d}x" for d in self.shape)
        if self.kind == "tile":
            return f"{'vector' if self.vector else 'tensor'}<{dims}{self.dtype}>"
        space = f", {self.space}" if self.space else ""
        return f"memref<{dims}{self.dtype}{space}>"

    def same_type(self, other):
        return isinstance(other, Value) and self.ty == other.ty

    def __repr__(self):
        return f"{self.name}: {self.ty}"


class MemView:
    """A window of a memref: `mem[offsets...]` of shape `shape` (slices and row views)."""

    def __init__(self, mem, offsets, shape, transposed=False):
        self.mem, self.offsets, self.shape = mem, list(offsets), tuple(shape)
        self.transposed = transposed


class Transposed:
    """`x.T` of a register tile or a shared buffer: an mma operand stored transposed."""

    def __init__(self, inner):
        self.inner = inner


class RowVector:
    """`t[:, None]` of a rank-1 tile: broadcast along the columns of a rank-2 tile."""

    def __init__(self, tile):
        self.tile = tile


class LaunchConfig:
    """grid, tiles and lanes of one launch."""

    def __init__(self, grid, tiles, lanes):
        self.grid, self.tiles, self.lanes = tuple(grid), tiles, lanes

    @property
    def groups(self):
        n = 1
        for g in self.grid:
            n *= g
        return n


# ---------------------------------------------------------------------------------------------
# Emitter


class Emitter:
    """Lines of Tile IR in nested regions; every op line ends with its location."""

    def __init__(self, filename):
        self.filename = filename
        self.stack = [[]]
        self.counter = 0
        self.loc = (1, 1)

    def fresh(self, hint="v"):
        self.counter += 1
        hint = re.sub(r"[^A-Za-z0-9_]", "_", hint or "v")[:24] or "v"
        return f"%{hint}_{self.counter}"

    def loc_text(self, loc=None):
        line, col = loc or self.loc
        fname = self.filename.replace("\\", "\\\\").replace('"', '\\"')
        return f'loc("{fname}":{line}:{col})'

    def op(self, text, loc=None):
        self.stack[-1].append(f"{text} {self.loc_text(loc)}")

    def raw(self, text):
        self.stack[-1].append(text)

    def push(self):
        self.stack.append([])

    def pop(self):
        return self.stack.pop()


# ---------------------------------------------------------------------------------------------
# Entry point


def parse_kernel(fn):
    """The function's AST (dedented, line numbers of the file) and its source lines."""
    try:
        lines, first = inspect.getsourcelines(fn)
        filename = inspect.getsourcefile(fn) or "<kernel>"
    except (OSError, TypeError) as e:
        raise KernelSyntaxError(f"@ts.kernel needs the source of {fn.__name__}: {e}") from None
    tree = ast.parse(textwrap.dedent("".join(lines)))
    ast.increment_lineno(tree, first - 1)
    fdef = tree.body[0]
    if not isinstance(fdef, (ast.FunctionDef,)):
        raise KernelSyntaxError(f"@ts.kernel applies to a function, not {type(fdef).__name__}",
                                filename, first)
    # dedent shifts columns by the common indentation; put it back for exact columns.
    indent = len(lines[0]) - len(lines[0].lstrip())
    if indent:
        for node in ast.walk(fdef):
            if hasattr(node, "col_offset"):
                node.col_offset += indent
    return fdef, filename, lines, first


class CompiledKernel:
    """The Tile IR of one specialisation and what the launcher needs to run it."""

    def __init__(self, text, entry, params, ret, filename, kc):
        self.text, self.entry, self.params, self.ret = text, entry, params, ret
        self.filename = filename
        self.written = kc.written  # parameter names the kernel may write; None: any
        self.read = kc.read  # parameter names the kernel may read; None: any
        self.body = kc.body  # the function body's lines
        self.param_texts = kc.param_texts  # "%x: memref<...>" per parameter, in order
        self.compiled = {}  # (check, schedule_seed, threads) -> the runtime's Compiled


def compile_kernel(fn, fdef, filename, lines, first, bound, config):
    """Compiles `fdef` for the arguments `bound` (name -> python value) and `config`."""
    from ._ast_compiler_stmt import KernelCompiler

    kc = KernelCompiler(fn, fdef, filename, config)
    text, params, ret = kc.compile(bound)
    return CompiledKernel(text, fdef.name, params, ret, filename, kc)
