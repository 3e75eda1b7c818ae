"""`ts.dist`: device meshes, ShardSpecs, distributed tensors and collectives (docs/python.md,
"Meshes and collectives"; the model is docs/collectives.md).

    mesh = ts.dist.mesh(devices=[f"cuda:{i}" for i in range(72)], axes=("dp", "tp", "pp"),
                        shape=(4, 9, 2))
    W = ts.dist.tensor(shape=(8192, 8192), mesh=mesh, dtype="bf16",
                       layout=ts.dist.ShardSpec(partition=("col",), mesh_axes=("tp",)))

    @ts.jit
    def tp_gemm(x, W):
        y_local = x @ W                            # per rank: x times the rank's W shard
        return ts.dist.all_gather(y_local, axis="tp")

A @ts.jit function called with distributed tensors is an SPMD function (shard_map semantics):
it is traced once with every parameter at its *local* (per-rank) shape and runs on every rank of
the mesh, on the interpreter's simulated mesh (72 ranks run on a laptop's cores); collectives
(`all_reduce`, `all_gather`, ...) are the Graph IR mesh ops of core/ops/mesh_ops.def. Results
are global arrays, assembled by their ShardSpec (default replicated: every rank must agree).
"""
from __future__ import annotations

import math
import re
from typing import Any, Sequence

import numpy as np

from ._errors import TesseraError

__all__ = ["Mesh", "mesh", "ShardSpec", "DistTensor", "tensor", "all_reduce", "all_gather",
           "reduce_scatter", "all_to_all", "broadcast", "ppermute", "axis_index",
           "with_sharding", "DistError"]


class DistError(TesseraError, ValueError):
    """A mesh, ShardSpec or distributed tensor that is not well formed."""


# ---------------------------------------------------------------------------------------------
# Mesh


class Mesh:
    """Devices arranged on named axes; ranks are row-major over the axes (docs/collectives.md)."""

    def __init__(self, axes: Sequence[str], shape: Sequence[int] | None = None,
                 devices: Sequence[Any] | None = None) -> None:
        axes = (axes,) if isinstance(axes, str) else tuple(axes)
        if not axes or not all(isinstance(a, str) and re.fullmatch(r"[A-Za-z_]\w*", a)
                                for a in axes):
            raise DistError(f"mesh axes must be non-empty names, got {axes!r}")
        if len(set(axes)) != len(axes):
            raise DistError(f"mesh axes must be distinct, got {axes!r}")
        devices = None if devices is None else [str(d) for d in devices]
        if shape is None:
            if len(axes) != 1 or devices is None:
                raise DistError("mesh(...) needs shape= for more than one axis")
            shape = (len(devices),)
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        if len(shape) != len(axes):
            raise DistError(f"mesh has {len(axes)} axes {axes} but shape {shape}")
        if not all(isinstance(s, (int, np.integer)) and s >= 1 for s in shape):
            raise DistError(f"mesh shape must hold sizes >= 1, got {shape}")
        size = math.prod(shape)
        if size > 2**20:
            raise DistError(f"a mesh has at most 2^20 ranks, this one {size}")
        if devices is not None and len(devices) != size:
            raise DistError(f"mesh shape {shape} has {size} ranks but {len(devices)} devices "
                            "were given")
        self.axes, self.shape, self.devices = axes, tuple(int(s) for s in shape), devices

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    def axis_size(self, axis: str) -> int:
        return self.shape[self.axis_index(axis)]

    def axis_index(self, axis: str) -> int:
        try:
            return self.axes.index(axis)
        except ValueError:
            raise DistError(f"mesh has no axis '{axis}' (axes: {', '.join(self.axes)})") from None

    def coords(self, rank: int) -> tuple[int, ...]:
        return tuple(int(c) for c in np.unravel_index(rank, self.shape))

    def mlir(self) -> str:
        ax = ", ".join(f'"{a}"' for a in self.axes)
        sh = ", ".join(str(s) for s in self.shape)
        dev = ""
        if self.devices is not None:
            dev = ", devices = [" + ", ".join(f'"{d}"' for d in self.devices) + "]"
        return f"{{axes = [{ax}], shape = [{sh}]{dev}}}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mesh) and (self.axes, self.shape) == (other.axes, other.shape)

    def __hash__(self) -> int:
        return hash((self.axes, self.shape))

    def __repr__(self) -> str:
        return f"Mesh(axes={self.axes}, shape={self.shape})"


def mesh(devices: Sequence[Any] | None = None, axes: Sequence[str] = ("dp",),
         shape: Sequence[int] | None = None) -> Mesh:
    """`ts.dist.mesh(devices=[...], axes=("dp", "tp"), shape=(4, 2))`."""
    return Mesh(axes, shape, devices)


# ---------------------------------------------------------------------------------------------
# ShardSpec

_DIM_NAMES = {"row": 0, "col": 1}


class ShardSpec:
    """`ShardSpec(partition=("col",), mesh_axes=("tp",))`: tensor dim partition[i] is split over
    mesh_axes[i] (an axis or a tuple of axes); axes named nowhere replicate; `partial=` axes
    hold partial sums (docs/collectives.md, "ShardSpec")."""

    def __init__(self, partition: Sequence[Any] = (), mesh_axes: Sequence[Any] = (),
                 partial: Sequence[str] = ()) -> None:
        partition = (partition,) if isinstance(partition, (str, int)) else tuple(partition)
        mesh_axes = (mesh_axes,) if isinstance(mesh_axes, str) else tuple(mesh_axes)
        if len(partition) != len(mesh_axes):
            raise DistError(f"ShardSpec: {len(partition)} partitioned dims but {len(mesh_axes)} "
                            "mesh axes")
        dims = []
        for p in partition:
            d = _DIM_NAMES.get(p, p) if isinstance(p, str) else p
            if not isinstance(d, int) or d < 0:
                raise DistError(f"ShardSpec: partition names a dim (an index, 'row' or 'col'), "
                                f"got {p!r}")
            dims.append(d)
        if len(set(dims)) != len(dims):
            raise DistError(f"ShardSpec: a dim is partitioned twice in {partition!r}")
        groups = [tuple([a]) if isinstance(a, str) else tuple(a) for a in mesh_axes]
        used = [a for g in groups for a in g] + list(partial)
        if len(set(used)) != len(used):
            raise DistError("ShardSpec: a mesh axis shards at most one dim and is not also "
                            "partial")
        self.partition, self.dims, self.axes = partition, tuple(dims), tuple(groups)
        self.partial = tuple(partial)

    def check(self, m: Mesh, ndim: int) -> None:
        for d in self.dims:
            if d >= ndim:
                raise DistError(f"ShardSpec partitions dim {d} of a rank-{ndim} tensor")
        for g in self.axes:
            for a in g:
                m.axis_index(a)
            if [m.axis_index(a) for a in g] != sorted(m.axis_index(a) for a in g):
                raise DistError(f"ShardSpec: axes {g} must be listed in mesh order {m.axes}")
        for a in self.partial:
            m.axis_index(a)

    def counts(self, m: Mesh, ndim: int) -> list[int]:
        """Shards per tensor dim."""
        c = [1] * ndim
        for d, g in zip(self.dims, self.axes):
            c[d] = math.prod(m.axis_size(a) for a in g)
        return c

    def local_shape(self, shape: Sequence[int], m: Mesh) -> tuple[int, ...]:
        self.check(m, len(shape))
        out = []
        for d, (n, c) in enumerate(zip(shape, self.counts(m, len(shape)))):
            if n % c:
                raise DistError(f"dim {d} of size {n} does not divide into {c} shards "
                                f"({self!r} on {m!r})")
            out.append(n // c)
        return tuple(out)

    def shard_index(self, m: Mesh, rank: int, ndim: int) -> list[int]:
        """Which shard of every dim rank `rank` holds."""
        coords = m.coords(rank)
        idx = [0] * ndim
        for d, g in zip(self.dims, self.axes):
            k = 0
            for a in g:
                k = k * m.axis_size(a) + coords[m.axis_index(a)]
            idx[d] = k
        return idx

    def local(self, arr: np.ndarray, m: Mesh, rank: int) -> np.ndarray:
        """Rank `rank`'s shard of the global array (the value at group rank 0 for partial axes,
        zeros elsewhere, as the interpreter binds a global input)."""
        loc = self.local_shape(arr.shape, m)
        idx = self.shard_index(m, rank, arr.ndim)
        sl = tuple(slice(i * n, (i + 1) * n) for i, n in zip(idx, loc))
        out = arr[sl]
        coords = m.coords(rank)
        if any(coords[m.axis_index(a)] != 0 for a in self.partial):
            out = np.zeros_like(out)
        return out

    def mlir(self) -> str:
        parts = []
        if self.partition:
            parts.append("partition = [" + ", ".join(
                f'"{p}"' if isinstance(p, str) else str(p) for p in self.partition) + "]")
            parts.append("mesh_axes = [" + ", ".join(
                f'"{g[0]}"' if len(g) == 1 else "[" + ", ".join(f'"{a}"' for a in g) + "]"
                for g in self.axes) + "]")
        if self.partial:
            parts.append("partial = [" + ", ".join(f'"{a}"' for a in self.partial) + "]")
        return "{" + ", ".join(parts) + "}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ShardSpec) and (self.dims, self.axes, self.partial) == (
            other.dims, other.axes, other.partial)

    def __hash__(self) -> int:
        return hash((self.dims, self.axes, self.partial))

    def __repr__(self) -> str:
        return f"ShardSpec(partition={self.partition!r}, mesh_axes={self.axes!r}" + (
            f", partial={self.partial!r})" if self.partial else ")")


REPLICATED = ShardSpec()


# ---------------------------------------------------------------------------------------------
# Distributed tensors


def _dtype(dtype: Any) -> tuple[np.dtype, str, Any]:
    """(numpy dtype, storage name, the policy object or None) of "bf16 @accum(f32)", ts.bf16,
    a numpy dtype, ..."""
    from ._ast_compiler import dtype_name

    policy = None
    if isinstance(dtype, str) and "@" in dtype:
        policy = _policy_from_text(dtype)
    name = dtype_name(dtype) if not isinstance(dtype, np.dtype) else None
    if isinstance(dtype, np.dtype) or (name is None and not isinstance(dtype, str)):
        npd = np.dtype(dtype)
        return npd, npd.name, policy
    if name is None:
        raise DistError(f"unknown dtype {dtype!r}")
    if name == "bf16":
        import ml_dtypes

        return np.dtype(ml_dtypes.bfloat16), name, policy or _policy_object(dtype)
    npd = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "i32": np.int32,
           "i64": np.int64, "i8": np.int8, "i1": np.bool_}.get(name)
    if npd is None:
        raise DistError(f"dtype {dtype!r} is not supported for distributed tensors")
    return np.dtype(npd), name, policy or _policy_object(dtype)


def _policy_object(dtype: Any) -> Any:
    """A package Policy passed as dtype (ts.bf16 @ ts.accum(ts.f32)), else None."""
    return dtype if hasattr(dtype, "accum") and hasattr(dtype, "storage") else None


def _policy_from_text(text: str) -> Any:
    """"bf16 @accum(f32)" as the package's policy (ts.bf16 @ ts.accum(ts.f32))."""
    try:
        from . import _types
    except ImportError:
        return None
    parts = [p.strip() for p in text.split("@")]
    pol = getattr(_types, _types.ALIASES.get(parts[0], parts[0]) if hasattr(
        _types, "ALIASES") and not hasattr(_types, parts[0]) else parts[0], None)
    for p in parts[1:]:
        m = re.fullmatch(r"(\w+)\s*(?:\((.*)\))?", p)
        if not m or pol is None:
            return None
        fn = getattr(_types, m.group(1), None)
        if fn is None:
            return None
        arg = m.group(2)
        if arg is None:
            pol = pol @ fn
        else:
            val = getattr(_types, arg.strip(), None)
            pol = pol @ fn(val if val is not None else float(arg))
    return pol


class DistTensor:
    """A global tensor laid out on a mesh by a ShardSpec. `numpy()` is the global value,
    `local(rank)` rank's shard; pass it to a @ts.jit function to run SPMD on the mesh."""

    def __init__(self, data: np.ndarray, layout: ShardSpec, m: Mesh, policy: Any = None) -> None:
        self.layout, self.mesh, self.policy = layout, m, policy
        self.local_shape = layout.local_shape(data.shape, m)
        self.data = data

    @property
    def shape(self) -> tuple[int, ...]:
        return self.data.shape

    @property
    def dtype(self) -> np.dtype:
        return self.data.dtype

    def numpy(self) -> np.ndarray:
        return self.data

    def local(self, rank: int) -> np.ndarray:
        return self.layout.local(self.data, self.mesh, rank)

    def __repr__(self) -> str:
        return (f"DistTensor(shape={self.shape}, dtype={self.dtype}, layout={self.layout!r}, "
                f"mesh={self.mesh!r})")


def tensor(shape: Sequence[int] | None = None, layout: ShardSpec | None = None,
           mesh: Mesh | None = None, dtype: Any = "f32", data: Any = None) -> DistTensor:
    """`ts.dist.tensor(shape=, layout=ShardSpec(...), mesh=, dtype="bf16 @accum(f32)")`: zeros,
    or `data=` (a global numpy array, converted to dtype)."""
    if mesh is None:
        raise DistError("ts.dist.tensor needs mesh=")
    layout = layout or REPLICATED
    npd, _, policy = _dtype(dtype)
    if data is None:
        if shape is None:
            raise DistError("ts.dist.tensor needs shape= or data=")
        arr = np.zeros(tuple(shape), npd)
    else:
        arr = np.asarray(data)
        if arr.dtype != npd:
            arr = arr.astype(npd)
        if shape is not None and tuple(shape) != arr.shape:
            raise DistError(f"data has shape {arr.shape} but shape={tuple(shape)}")
    return DistTensor(np.ascontiguousarray(arr), layout, mesh, policy)


from ._dist_collectives import (all_gather, all_reduce, all_to_all, axis_index,  # noqa: E402
                                broadcast, ppermute, reduce_scatter, with_sharding)



def names_by_op() -> dict[str, list[str]]:
    """Mesh op -> the ts.dist function that emits it (docs/status.md's python column)."""
    return {"tessera.all_reduce": ["dist.all_reduce"], "tessera.all_gather": ["dist.all_gather"],
            "tessera.reduce_scatter": ["dist.reduce_scatter"],
            "tessera.all_to_all": ["dist.all_to_all"],
            "tessera.collective_broadcast": ["dist.broadcast"],
            "tessera.ppermute": ["dist.ppermute"], "tessera.axis_index": ["dist.axis_index"]}


def _register_jit_hook() -> None:
    """A @ts.jit call with a DistTensor argument becomes an SPMD mesh program (the jit's
    ARG_HOOKS: the cache key is the tensor's signature, the compile step traces on the mesh)."""
    from . import _jit
    from ._dist_collectives import compile_spmd, static_key

    _jit.ARG_HOOKS[DistTensor] = (static_key, compile_spmd)


_register_jit_hook()
