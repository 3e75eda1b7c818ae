"""The runtime contract of the package: run a module's text through the session API.

`run_module` is what `@ts.jit`, `@ts.kernel` and `ts.dist` call. Programs carry
`loc("file.py":line:col)` after their ops; every diagnostic and sanitizer report that names a
line of the generated text is rewritten to name the user's Python line instead (with that line
and a caret), the generated line following as a note.
"""

from __future__ import annotations

import linecache
import re
from collections import OrderedDict
from typing import Any, Sequence

import numpy as np

from . import _core
from ._errors import (
    BackendError,
    InputError,
    InternalError,
    RuntimeError_,
    SanitizerError,
    TesseraError,
    VerifyError,
)

__all__ = ["run_module", "compile_module", "Compiled", "map_locations"]

_LOC = re.compile(r'loc\("((?:[^"\\]|\\.)*)":(\d+):(\d+)\)')
_CACHE_SIZE = 64


class Compiled:
    """A module compiled once for one backend; `run` as often as asked."""

    def __init__(self, text: str, exe: Any, filename: str, backend: str) -> None:
        self.text = text
        self.filename = filename
        self.backend = backend
        self._exe = exe

    @property
    def num_results(self) -> int:
        return int(self._exe.num_results)

    def params(self) -> list[tuple[str, str]]:
        """(name, type) of every parameter of the entry, e.g. ("x", "tensor<4x8xf32>")."""
        return [tuple(p) for p in self._exe.params()]

    def run(self, inputs: Sequence[Any] | dict[str, Any], *, per_rank: bool = False) -> list:
        """Runs the entry; results are numpy (ml_dtypes) arrays, shared without a copy."""
        try:
            return self._exe.run(inputs, per_rank)
        except _core.Error as e:
            raise _translate(e, self.text, self.filename, run=True) from None


_compiled: OrderedDict[tuple, Compiled] = OrderedDict()


def compile_module(
    text: str,
    entry: str = "main",
    *,
    filename: str = "<python>",
    backend: str = "reference",
    threads: int | None = None,
    check: str | None = None,
    schedule_seed: int | None = None,
) -> Compiled:
    """Parses and verifies `text` and finds `entry`, once per distinct argument set (cached)."""
    key = (text, entry, filename, backend, threads, check, schedule_seed)
    hit = _compiled.get(key)
    if hit is not None:
        _compiled.move_to_end(key)
        return hit
    opts = _core.CompileOptions()
    opts.entry = entry
    opts.filename = filename
    opts.threads = int(threads or 0)
    opts.checks = check or ""
    opts.schedule_seed = int(schedule_seed or 0)
    try:
        if backend == "reference":
            exe = _core.Executable(text, opts)
        else:
            exe = _plugin_executable(text, opts, backend)
    except _core.Error as e:
        err = _translate(e, text, filename, run=False)
        if backend != "reference" and isinstance(err, VerifyError):
            # Loading the backend failed, or it refused the program: the backend's error.
            hint = ""
            if backend == "cuda" and "unknown backend" in str(err):
                hint = (" (the CUDA backend is not in this build: libtessera_cuda.so was not "
                        "found; set TESSERA_PLUGIN_DIR or TESSERA_BACKENDS=cuda:/path/to/it)")
            err = BackendError(f"backend '{backend}'{hint}: {err}")
        raise err from None
    compiled = Compiled(text, exe, filename, backend)
    _compiled[key] = compiled
    if len(_compiled) > _CACHE_SIZE:
        _compiled.popitem(last=False)
    return compiled


def run_module(
    text: str,
    entry: str,
    inputs: list,
    *,
    filename: str = "<python>",
    backend: str = "reference",
    threads: int | None = None,
    check: str | None = None,
    schedule_seed: int | None = None,
) -> list[np.ndarray]:
    """Parses and verifies `text`, runs function `entry` on `inputs` (numpy / ml_dtypes arrays in
    parameter order, or a dict by parameter name, position or NAME@RANK) and returns its results.

    Raises VerifyError, RuntimeError_ (InputError for a wrong argument) or SanitizerError, each a
    TesseraError whose message names the Python file:line:col of the `loc(...)` it concerns.
    """
    compiled = compile_module(
        text,
        entry,
        filename=filename,
        backend=backend,
        threads=threads,
        check=check,
        schedule_seed=schedule_seed,
    )
    return compiled.run(inputs)


def _plugin_executable(text: str, opts: Any, backend: str) -> Any:
    if not hasattr(_core, "PluginExecutable"):
        raise BackendError(f"backend '{backend}': this build has no plugin support")
    return _core.PluginExecutable(text, opts, backend)


def _translate(e: BaseException, text: str, filename: str, *, run: bool) -> TesseraError:
    msg = map_locations(str(e), text, filename)
    if isinstance(e, _core.SanitizerError):
        return SanitizerError(msg)
    if isinstance(e, _core.UsageError):
        return InputError(msg)
    if isinstance(e, _core.InternalError):
        return InternalError(msg)
    return RuntimeError_(msg) if run else VerifyError(msg)


def _line_locs(text: str) -> dict[int, tuple[str, int, int]]:
    """Line of the generated text -> the Python location its trailing loc(...) names."""
    out = {}
    for n, line in enumerate(text.splitlines(), start=1):
        m = None
        for m in _LOC.finditer(line):
            pass
        if m is not None:
            out[n] = (m.group(1).replace('\\"', '"'), int(m.group(2)), int(m.group(3)))
    return out


def map_locations(message: str, text: str, filename: str) -> str:
    """Rewrites `filename:L:C: sev: msg` headers (and `at filename:L:C` mentions) that point at
    generated lines carrying a loc(...) into the Python location, quoting the Python line."""
    locs = _line_locs(text)
    if not locs:
        return message
    pat = re.compile(re.escape(filename) + r":(\d+):(\d+)")
    out: list[str] = []
    for line in message.splitlines():
        m = pat.match(line)
        if m and int(m.group(1)) in locs and re.match(r": (error|warning|note): ", line[m.end() :]):
            py_file, py_line, py_col = locs[int(m.group(1))]
            out.append(f"{py_file}:{py_line}:{py_col}{line[m.end():]}")
            src = linecache.getline(py_file, py_line).rstrip("\n")
            if src:
                out.append(src)
                out.append(" " * max(py_col - 1, 0) + "^")
            out.append(f"{filename}:{m.group(1)}:{m.group(2)}: note: in the generated IR:")
            continue

        def sub(mm: re.Match[str]) -> str:
            loc = locs.get(int(mm.group(1)))
            return f"{loc[0]}:{loc[1]}:{loc[2]}" if loc else mm.group(0)

        out.append(pat.sub(sub, line))
    return "\n".join(out) + ("\n" if message.endswith("\n") else "")
