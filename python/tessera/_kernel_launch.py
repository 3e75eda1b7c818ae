"""A @ts.kernel called inside a @ts.jit function: a `tile.launch` op in the traced Graph IR
(docs/ops/tile/launch.md), with the kernel's function added to the module.

tile.launch binds its operands to the kernel's leading parameters (read-only) and gives one
fresh output buffer per trailing parameter. So the kernel is specialised with the parameters it
stores to moved last: those are the launch's results (their argument only gives the shape and
dtype; the buffer starts uninitialised, unwritten elements read 0), the others its operands.
A kernel that loads from a buffer it writes (y[i] = ... + y[i]) cannot launch this way (a tile
collective reading a result the kernel wrote is fine).
"""
from __future__ import annotations

import numpy as np

from ._ast_compiler import LaunchConfig, compile_kernel


def has_traced(args, kwargs) -> bool:
    try:
        from ._trace import Value
    except ImportError:  # pragma: no cover - the package always has its tracer
        return False
    return any(isinstance(a, Value) for a in list(args) + list(kwargs.values()))


def _standin(v):
    """A zero-strided numpy array of a traced value's shape and dtype (compiling needs only
    those), or the Python value itself."""
    from ._trace import Value

    if not isinstance(v, Value):
        return v
    dt = np.dtype(v.dtype.numpy)
    if not v.shape:
        return dt.type(0)
    return np.lib.stride_tricks.as_strided(np.zeros(1, dt), v.shape, [0] * len(v.shape))


def launch_in_trace(kernel, args, kwargs, grid, tiles, lanes):
    from ._errors import VerifyError
    from ._trace import Value, current, loc_text, located, tensor_type, user_location
    from ._types import dtype_of_numpy

    loc = user_location()
    tracer = current()
    values = kernel._bind(args, kwargs)
    config = LaunchConfig(grid, tiles, lanes)
    stand = {k: _standin(v) for k, v in values.items()}
    ck = compile_kernel(kernel.fn, kernel._fdef, kernel._file, kernel._lines, kernel._first, stand,
                        config)

    def fail(msg):
        raise VerifyError(located(loc, f"{kernel.__name__}: {msg}"))

    if ck.ret is not None and ck.ret[0] == "scalar":
        fail("a kernel that returns a scalar cannot be launched inside @ts.jit")
    if ck.written is None or ck.read is None:
        fail("the kernel picks a buffer at run time (a list indexed by a kernel value); inside "
             "@ts.jit each written parameter must be known")
    both = sorted(ck.written & ck.read)
    if both:
        fail(f"the kernel loads from and writes {', '.join(both)}: inside @ts.jit a launch's "
             "outputs are fresh buffers (the argument's values never reach them), so write "
             "results to separate parameters")
    ins, outs = [], []
    for k, (kind, name, _) in enumerate(ck.params):
        if kind == "const":
            continue
        (outs if kind == "array" and name in ck.written else ins).append((k, name))
    operands = []
    for k, name in ins:
        v = values[name]
        if not isinstance(v, Value) and ck.params[k][0] == "array":
            fail(f"parameter '{name}': pass arrays to the jitted function as arguments (a "
                 "numpy array inside a trace is not captured)")
        if not isinstance(v, Value):  # a Python number for a scalar parameter: a constant
            dt = dtype_of_numpy(np.dtype({"f32": np.float32, "f64": np.float64, "i32": np.int32,
                                          "i64": np.int64}[ck.params[k][2]]))
            v = tracer.constant(v, dt)
        operands.append(v)
    funcs = tracer.__dict__.setdefault("funcs", [])
    callee = f"{kernel.__name__}_launch{len(funcs)}"
    texts = [ck.param_texts[k] for k, _ in ins] + [ck.param_texts[k] for k, _ in outs]
    funcs.append("\n".join([f"  func.func @{callee}({', '.join(texts)}) {{", *ck.body, "  }"]))
    result_types = []
    for _, name in outs:
        v = values[name]
        if not isinstance(v, Value):
            fail(f"output parameter '{name}' takes a traced tensor of its shape")
        result_types.append(tensor_type(v.shape, v.dtype))
    names = [tracer.fresh() for _ in outs]
    g = ", ".join(str(d) for d in config.grid)
    lhs = (", ".join(names) + " = ") if names else ""
    tracer.lines.append(
        f'    {lhs}"tile.launch"({", ".join(v.name for v in operands)}) {{callee = @{callee}, '
        f"grid = [{g}], tiles = {tiles}, lanes = {lanes}}} : "
        f"({', '.join(v.type for v in operands)}) -> ({', '.join(result_types)}) {loc_text(loc)}")
    results = {name: Value(n, t) for (_, name), n, t in zip(outs, names, result_types)}
    if ck.ret is None:
        got = [results[name] for _, name in outs]
        return got[0] if len(got) == 1 else tuple(got)
    want = [ck.ret[1]] if ck.ret[0] == "param" else list(ck.ret[1])
    for name in want:
        if name not in results:
            fail(f"the kernel returns '{name}', which it does not write (an operand of the launch)")
    got = [results[n] for n in want]
    return got[0] if len(got) == 1 else tuple(got)
