"""`ts.dist` collectives inside traced SPMD functions, and the mesh program they run in.

Each collective emits one Graph IR mesh op (core/ops/mesh_ops.def, docs/ops/mesh/collectives.md)
into the current @ts.jit trace; the trace is an SPMD function over the mesh of the distributed
tensors it was called with. `compile_spmd` (the jit's ARG_HOOKS) builds the module
(`tessera.mesh`, per-parameter `tessera.shard`, `tessera.result_shards`) that runs on the
simulated mesh.
"""
from __future__ import annotations

import re
import threading
from typing import Any, Sequence

import numpy as np

_ctx = threading.local()


def _spmd():
    c = getattr(_ctx, "spmd", None)
    if c is None:
        from ._errors import VerifyError
        from ._trace import located, user_location

        raise VerifyError(located(user_location(), "ts.dist collectives run inside a @ts.jit "
                                  "function called with distributed tensors (ts.dist.tensor)"))
    return c


class _SpmdContext:
    def __init__(self, mesh):
        self.mesh = mesh
        self.out_specs = {}


def _fail(msg):
    """A misuse inside the trace: a VerifyError naming the user's line."""
    from ._errors import VerifyError
    from ._trace import located, user_location

    raise VerifyError(located(user_location(), msg))


def _axes(mesh, axis) -> list[str]:
    from .dist import DistError

    axes = [axis] if isinstance(axis, str) else list(axis)
    if not axes or not all(isinstance(a, str) for a in axes):
        _fail(f"axis must be a mesh axis name or a tuple of names, not {axis!r}")
    try:
        idx = [mesh.axis_index(a) for a in axes]
    except DistError as e:
        _fail(str(e))
    if len(set(axes)) != len(axes):
        _fail(f"axes {axes} name an axis twice")
    # The group rank is row-major over the axes in mesh order (docs/collectives.md).
    return [a for _, a in sorted(zip(idx, axes))]


def _emit(op: str, x: Any, attrs: dict, shape: Sequence[int], dtype=None):
    """Writes one mesh op into the current trace. Its result type is computed here from the
    mesh (the op's infer hook needs the module's tessera.mesh, which the trace does not have
    yet); the verifier checks it when the mesh program is compiled (mesh_c*)."""
    from ._ops import _as_value
    from ._trace import Value, current, format_attrs, loc_text, tensor_type, user_location

    xv = _as_value(x, None) if x is not None else None
    operands = [xv] if xv is not None else []
    d = dtype if dtype is not None else xv.dtype
    rt = tensor_type(tuple(shape), d)
    tracer = current()
    name = tracer.fresh()
    types = ", ".join(v.type for v in operands)
    tracer.lines.append(
        f'    {name} = "{op}"({", ".join(v.name for v in operands)}) {format_attrs(attrs)} : '
        f"({types}) -> {rt} {loc_text(user_location())}")
    return Value(name, rt, xv.policy if xv is not None else None)


def _value(x):
    from ._ops import _as_value

    return _as_value(x, None)


def _group_size(mesh, axes):
    n = 1
    for a in axes:
        n *= mesh.axis_size(a)
    return n


def _dim(v, dim):
    d = dim + v.ndim if dim < 0 else dim
    if not 0 <= d < v.ndim:
        _fail(f"dim {dim} is out of range for a rank-{v.ndim} tensor")
    return d


def all_reduce(x, axis, op: str = "sum"):
    """Fold `op` (sum, prod, max, min, avg) over the ranks of `axis`, in group-rank order."""
    c = _spmd()
    v = _value(x)
    return _emit("tessera.all_reduce", v, {"axes": _axes(c.mesh, axis), "op": op}, v.shape)


def all_gather(x, axis, dim: int = -1):
    """Concatenate the ranks' values along `dim` (default: the last dimension, the column shards
    of the guide's tensor-parallel GEMM)."""
    c = _spmd()
    v = _value(x)
    axes = _axes(c.mesh, axis)
    d = _dim(v, dim)
    shape = list(v.shape)
    shape[d] *= _group_size(c.mesh, axes)
    return _emit("tessera.all_gather", v, {"axes": axes, "dim": d}, shape)


def reduce_scatter(x, axis, op: str = "sum", dim: int = 0):
    """Block g (along `dim`) of the fold over `axis`, on group rank g."""
    c = _spmd()
    v = _value(x)
    axes = _axes(c.mesh, axis)
    d = _dim(v, dim)
    n = _group_size(c.mesh, axes)
    if v.shape[d] % n:
        _fail(f"reduce_scatter: dim {d} of size {v.shape[d]} does not divide into {n} blocks")
    shape = list(v.shape)
    shape[d] //= n
    return _emit("tessera.reduce_scatter", v, {"axes": axes, "op": op, "dim": d}, shape)


def all_to_all(x, axis, split_dim: int = 0, concat_dim: int = 0):
    c = _spmd()
    v = _value(x)
    axes = _axes(c.mesh, axis)
    n = _group_size(c.mesh, axes)
    s, k = _dim(v, split_dim), _dim(v, concat_dim)
    if v.shape[s] % n:
        _fail(f"all_to_all: dim {s} of size {v.shape[s]} does not split into {n}")
    shape = list(v.shape)
    shape[s] //= n
    shape[k] *= n
    return _emit("tessera.all_to_all", v, {"axes": axes, "split_dim": s, "concat_dim": k}, shape)


def broadcast(x, axis, root: int = 0):
    """The value of group rank `root` on every rank of the group."""
    c = _spmd()
    v = _value(x)
    return _emit("tessera.collective_broadcast", v, {"axes": _axes(c.mesh, axis), "root": root},
                 v.shape)


def ppermute(x, axis, pairs: Sequence[Sequence[int]]):
    """Group rank dst receives src's value for each (src, dst); ranks no pair reaches get zeros."""
    c = _spmd()
    v = _value(x)
    return _emit("tessera.ppermute", v,
                 {"axes": _axes(c.mesh, axis), "pairs": [[int(s), int(d)] for s, d in pairs]},
                 v.shape)


def axis_index(axis):
    """This rank's group rank over `axis` (a rank-0 int32 tensor)."""
    from ._types import int32

    c = _spmd()
    return _emit("tessera.axis_index", None, {"axes": _axes(c.mesh, axis)}, (), int32)


def with_sharding(x, layout):
    """Marks a result of the SPMD function as laid out by `layout` (a ShardSpec): the global
    result is assembled from the ranks' shards instead of requiring replicas to agree."""
    from .dist import DistError, ShardSpec

    c = _spmd()
    v = _value(x)
    if not isinstance(layout, ShardSpec):
        _fail(f"with_sharding takes a ShardSpec, not {layout!r}")
    try:
        layout.check(c.mesh, v.ndim)
        layout.local_shape(tuple(n * k for n, k in zip(v.shape, layout.counts(c.mesh, v.ndim))),
                           c.mesh)
    except DistError as e:
        _fail(str(e))
    c.out_specs[v.name] = layout
    return v


# ---------------------------------------------------------------------------------------------
# The mesh program


def static_key(a):
    """The @ts.jit cache key of a distributed argument: its signature, not its data."""
    return ("dist", a.dtype, a.shape, a.layout, a.mesh)


_HINT = ("hint: a result that differs between ranks is a sharded value: return "
         "ts.dist.with_sharding(value, ts.ShardSpec(...))")


def _globals(inputs):
    from .dist import DistTensor

    return [a.numpy() if isinstance(a, DistTensor) else a for a in inputs]


class _SpmdExe:
    """The extension's executable of a mesh program, taking the jit call's arguments:
    DistTensors bind their global value (the interpreter splits it by each parameter's
    tessera.shard). Everything else is the extension's."""

    def __init__(self, exe):
        self._exe = exe

    def __getattr__(self, name):
        return getattr(self._exe, name)

    def run(self, inputs, per_rank=False):
        from . import _core

        try:
            return self._exe.run(_globals(inputs), per_rank)
        except _core.Error as e:
            if "declared replicated" not in str(e):
                raise
            raise type(e)(f"{e}\n{_HINT}") from None


def spmd_compiled(compiled):
    """The runtime's Compiled of a mesh program, running on the jit call's arguments."""
    from ._runtime import Compiled

    return Compiled(compiled.text, _SpmdExe(compiled._exe), compiled.filename, compiled.backend)


def compile_spmd(jf, args: tuple):
    """(Compiled, array positions, single result, module text) for the @ts.jit function
    `jf` called with `args`, at least one of them a DistTensor."""
    from .dist import DistTensor

    meshes = {a.mesh for a in args if isinstance(a, DistTensor)}
    if len(meshes) != 1:
        raise ValueError(f"{jf.fn.__name__}: distributed arguments must share one mesh, got "
                         f"{sorted(map(repr, meshes))}")
    compiled, pos, single, text = _trace_spmd(jf, args, meshes.pop())
    return spmd_compiled(compiled), pos, single, text


def _trace_spmd(jf, args, mesh):
    from ._runtime import compile_module
    from ._trace import Tracer, Value, loc_text, tensor_type
    from ._types import dtype_of_numpy
    from .dist import REPLICATED, DistTensor

    params, values, pos = [], [], []
    ctx = _SpmdContext(mesh)
    with Tracer() as tracer:
        for i, (name, a) in enumerate(zip(jf._names, args)):
            if isinstance(a, list):
                a = np.asarray(a)
            if not isinstance(a, (DistTensor, np.ndarray)):
                values.append(a)
                continue
            layout = a.layout if isinstance(a, DistTensor) else REPLICATED
            shape = a.local_shape if isinstance(a, DistTensor) else a.shape
            dtype = dtype_of_numpy(a.dtype)
            if dtype is None:
                raise ValueError(f"{jf.fn.__name__}: argument '{name}' has dtype {a.dtype}")
            ssa = "%" + name if re.fullmatch(r"[A-Za-z_]\w*", name) else f"%arg{i}"
            t = tensor_type(shape, dtype)
            attr = f" {{tessera.shard = {layout.mlir()}}}" if layout != REPLICATED else ""
            params.append(f"{ssa}: {t}{attr}")
            policy = a.policy if isinstance(a, DistTensor) else None
            values.append(Value(ssa, t, policy))
            pos.append(i)
        _ctx.spmd = ctx
        try:
            out = jf.fn(*values)
        finally:
            _ctx.spmd = None
        single = not isinstance(out, (tuple, list))
        outs = [out] if single else list(out)
        for k, o in enumerate(outs):
            if not isinstance(o, Value):
                raise TypeError(f"result #{k} of {jf.fn.__name__} is not a traced tensor")
        lines = tracer.lines
    specs = [ctx.out_specs.get(o.name, REPLICATED) for o in outs]
    ret_types = ", ".join(o.type for o in outs)
    code = jf.fn.__code__
    defloc = (code.co_filename, code.co_firstlineno, 1)
    fattr = ""
    if any(s != REPLICATED for s in specs):
        fattr = " attributes {tessera.result_shards = [" + ", ".join(s.mlir() for s in specs) + "]}"
    text = "\n".join([
        f"module attributes {{tessera.mesh = {mesh.mlir()}}} {{",
        *tracer.__dict__.get("funcs", []),  # kernels launched by the trace (@ts.kernel)
        f"  func.func @{jf._entry_name}({', '.join(params)}) -> ({ret_types}){fattr} {{",
        *lines,
        f"    return {', '.join(o.name for o in outs)} : {ret_types} {loc_text(defloc)}",
        "  }",
        "}",
        "",
    ])
    compiled = compile_module(text, jf._entry_name, filename=f"<jit {jf.fn.__qualname__} on "
                              f"{mesh.size} ranks>", backend=jf.backend, threads=jf.threads,
                              check=jf.check, schedule_seed=jf.schedule_seed)
    return compiled, tuple(pos), single, text
