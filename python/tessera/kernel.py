"""`@ts.kernel`: Python tile kernels compiled to Tile IR and run on the interpreter.

    @ts.kernel
    def saxpy(x: ts.Tensor["n", ts.f32], y: ts.Tensor["n", ts.f32], alpha: ts.f32):
        i = ts.tile.linear_id()
        if i < n:
            y[i] = alpha * x[i] + y[i]
        return y

    y = saxpy(x, y, 2.0, grid=(32,), tiles=32, lanes=32, check="all", schedule_seed=7)

A launch names its grid (1 to 3 group counts), the tiles (warps) of a group and the lanes of a
tile. The kernel is compiled for the launch's signature (array shapes and dtypes, the values of
int/bool arguments, grid, tiles, lanes) and cached. Array arguments are the kernel's global
buffers: what the kernel writes is copied back into them (a read-only array is left alone) and
`return y` returns y. See docs/python.md, "Kernels".
"""
from __future__ import annotations

import functools
import inspect
import math
import re

import numpy as np

from ._ast_compiler import LaunchConfig, compile_kernel, parse_kernel
from ._kernel_errors import (KernelError, KernelRunError, KernelSanitizerError,
                             KernelSyntaxError)
from . import _kernel_launch, _kernel_run
from ._errors import TesseraError
from ._runtime import compile_module

__all__ = ["kernel", "Kernel", "KernelError", "KernelSyntaxError", "KernelRunError",
           "KernelSanitizerError"]

_NP_OF = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i64": np.int64, "i1": np.bool_,
          "index": np.int64}


def _grid(grid):
    if grid is None:
        raise TypeError("a kernel launch needs grid=(groups,) (1 to 3 sizes)")
    g = (grid,) if isinstance(grid, int) else tuple(grid)
    if not 1 <= len(g) <= 3 or not all(isinstance(d, int) and d >= 1 for d in g):
        raise ValueError(f"grid must be 1 to 3 positive integers, not {grid!r}")
    if math.prod(g) > 2**31:
        raise ValueError(f"a grid has at most 2^31 groups, not {math.prod(g)}")
    return g


def _count(name, v):
    if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 1024:
        raise ValueError(f"{name} must be an integer in [1, 1024], not {v!r}")
    return v



_FUNC = re.compile(r"func\.func @([\w$.]+)\((.*?)\) attributes \{(.*?)\} \{")


def _with_launcher(text):
    """The kernel module plus a Graph IR function `@<kernel>_launch` that launches the kernel
    with its tile.grid / tile.tiles / tile.lanes: tile-to-target lowers the kernels a
    tile.launch calls (and the launch itself to tessera_nvidia.launch). Each memref parameter
    becomes a tensor operand of its shape, each scalar a rank-0 tensor (docs/ops/tile/launch.md,
    launch_c3); only the printed Target IR uses it, nothing runs it."""
    m = _FUNC.search(text)
    if m is None:
        return text
    name, params, attrs = m.groups()

    def attr(key, default):
        a = re.search(key + r" = (\[[^\]]*\]|\d+)", attrs)
        return a.group(1) if a else default

    types = []
    for p in re.split(r", (?=%)", params) if params else []:
        t = p.split(": ", 1)[1]
        mem = re.fullmatch(r"memref<(.*?)(, 0)?>", t)
        types.append(f"tensor<{mem.group(1)}>" if mem else f"tensor<{t}>")
    args = ", ".join(f"%a{k}: {t}" for k, t in enumerate(types))
    launch = (f'    "tile.launch"({", ".join(f"%a{k}" for k in range(len(types)))}) '
              f'{{callee = @{name}, grid = {attr("tile.grid", "[1]")}, '
              f'tiles = {attr("tile.tiles", "1")}, lanes = {attr("tile.lanes", "32")}}} : '
              f'({", ".join(types)}) -> ()\n')
    end = text.rstrip().rfind("}")
    return (text[:end] + f"  func.func @{name}_launch({args}) {{\n" + launch + "    return\n  }\n"
            + text[end:])

class Kernel:
    """A @ts.kernel function: call it with the launch keywords to run it."""

    def __init__(self, fn):
        functools.update_wrapper(self, fn)
        self.fn = fn
        self._sig = inspect.signature(fn)
        self._fdef, self._file, self._lines, self._first = parse_kernel(fn)
        self._cache = {}
        self._last = None

    def _bind(self, args, kwargs):
        try:
            b = self._sig.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{self.__name__}: {e}") from None
        b.apply_defaults()
        bound = {}
        for name, val in b.arguments.items():
            if not isinstance(val, (np.ndarray, bool, int, float, np.generic)) and \
                    hasattr(val, "__array__") and not _kernel_launch.has_traced((val,), {}):
                val = np.asarray(val)
            bound[name] = val
        return bound

    @staticmethod
    def _key(bound, config):
        parts = []
        for name, v in bound.items():
            if isinstance(v, np.ndarray):
                parts.append((name, "a", v.shape, v.dtype.str, v.dtype.name))
            elif isinstance(v, (bool, int)) and not isinstance(v, np.generic):
                parts.append((name, "c", type(v), v))
            else:
                parts.append((name, "s", type(v)))
        return tuple(parts) + (config.grid, config.tiles, config.lanes)

    def compile(self, *args, grid=None, tiles=1, lanes=32, **kwargs):
        """The CompiledKernel (Tile IR text, locations) for these arguments and launch shape."""
        config = LaunchConfig(_grid(grid), _count("tiles", tiles), _count("lanes", lanes))
        bound = self._bind(args, kwargs)
        key = self._key(bound, config)
        ck = self._cache.get(key)
        if ck is None:
            ck = compile_kernel(self.fn, self._fdef, self._file, self._lines, self._first, bound,
                                config)
            self._cache[key] = ck
        self._last = ck
        return ck, bound

    def inspect_ir(self, level="tile", *args, **launch):
        """The kernel's IR at `level` ("tile", or "target" where the build has a lowering from
        Tile IR) for the last launch, or for the launch described by args and keywords."""
        if level not in ("tile", "target"):
            raise ValueError(f"a kernel is written at the tile level: inspect_ir('tile') or "
                             f"('target'), not {level!r}")
        if args or launch:
            text = self.compile(*args, **launch)[0].text
        elif self._last is None:
            raise ValueError("inspect_ir: launch the kernel first or pass its arguments and grid=")
        else:
            text = self._last.text
        if level == "tile":
            return text
        from . import _core

        # The pass the level table names for Target IR (core/transforms/levels.h).
        name = next(lv["pass"] for lv in _core.levels() if lv["name"] == "target")
        if name is None:
            missing = next(lv["missing"] for lv in _core.levels() if lv["name"] == "target")
            raise TesseraError(f"Target IR is not available in this build: {missing}")
        try:
            return _core.run_pass(_with_launcher(text), name, f"<kernel {self.__name__}>")
        except _core.Error as e:
            raise TesseraError(f"lowering {self.__name__} to Target IR: {str(e).strip()}") from None

    def __call__(self, *args, grid=None, tiles=1, lanes=32, check=None, schedule_seed=None,
                 threads=None, backend="reference", **kwargs):
        if backend != "reference":
            raise ValueError(f"kernels run on the reference interpreter; backend {backend!r} "
                             "is not available for @ts.kernel")
        if _kernel_launch.has_traced(args, kwargs):  # inside @ts.jit: a tile.launch op
            if check or schedule_seed or threads or backend != "reference":
                raise ValueError("inside @ts.jit, check=, schedule_seed=, threads= and backend= "
                                 "are options of the jitted function, not of the launch")
            return _kernel_launch.launch_in_trace(self, args, kwargs, _grid(grid),
                                                  _count("tiles", tiles), _count("lanes", lanes))
        ck, bound = self.compile(*args, grid=grid, tiles=tiles, lanes=lanes, **kwargs)
        if check is True:
            check = "all"
        inputs = []
        for kind, name, dt in ck.params:
            v = bound[name]
            if kind == "array":
                inputs.append(np.ascontiguousarray(v))
            elif kind == "scalar":
                inputs.append(np.asarray(v, dtype=_NP_OF[dt]))
        if ck.ret and ck.ret[0] == "scalar":
            inputs.append(np.zeros(LaunchConfig(_grid(grid), tiles, lanes).groups,
                                   dtype=_NP_OF[ck.ret[1]]))
        results = _run(ck, inputs, check, schedule_seed, threads)
        return self._finish(ck, bound, results)

    launch = __call__

    def __repr__(self):
        return f"<ts.kernel {self.fn.__qualname__}>"

    def _finish(self, ck, bound, results):
        arrays = [name for kind, name, _ in ck.params if kind == "array"]
        out = {}
        for name, res in zip(arrays, results):
            arg = bound[name]
            if res.dtype != arg.dtype and res.dtype.itemsize == arg.dtype.itemsize:
                res = res.view(arg.dtype)  # low-precision results come back as raw bits
            res = res.reshape(arg.shape)
            written = ck.written is None or name in ck.written
            if not written:
                out[name] = arg  # only read: nothing to copy back
            elif arg.flags.writeable and not np.shares_memory(arg, res):
                np.copyto(arg, res)
                out[name] = arg
            else:
                out[name] = res
        if ck.ret is None:
            return None
        if ck.ret[0] == "param":
            return out[ck.ret[1]]
        if ck.ret[0] == "params":
            return tuple(out[n] for n in ck.ret[1])
        return results[len(arrays)]


def _run(ck, inputs, check, schedule_seed, threads):
    """Runs the kernel in process through the package runtime (the session API); the compiled
    module is kept per (check, schedule_seed, threads), the runtime's compile options."""
    key = (check or None, schedule_seed or None, threads or None)
    try:
        compiled = ck.compiled.get(key)
        if compiled is None:
            compiled = ck.compiled[key] = compile_module(
                ck.text, ck.entry, filename=f"<kernel {ck.entry}>", check=key[0],
                schedule_seed=key[1], threads=key[2])
        return compiled.run(inputs)
    except TesseraError as e:
        raise _kernel_run.from_runtime(e, ck) from None


def kernel(fn=None, **options):
    """Decorator: `@ts.kernel` compiles the function to a Tile IR kernel (see module doc)."""
    if fn is None:
        return lambda f: kernel(f, **options)
    if options:
        raise TypeError(f"@ts.kernel takes no options ({', '.join(options)}); launch options "
                        "(grid=, tiles=, lanes=, check=, schedule_seed=) go on the call")
    return Kernel(fn)
