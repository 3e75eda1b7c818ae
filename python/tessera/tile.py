"""`ts.tile`: the tile API of @ts.kernel functions (docs/python.md, "Kernels").

These names exist to be compiled: inside a @ts.kernel function each call becomes one Tile IR op
(docs/ops/tile/). Called from ordinary Python they raise, since there is no tile to run on.
"""
from __future__ import annotations

__all__ = [
    "linear_id", "group_id", "local_id", "lane_id", "group_size", "num_groups", "dim",
    "alloc_shared", "alloc_register", "barrier", "cp_async", "cp_commit_group", "cp_wait_group",
    "load", "store", "load_vector", "store_vector", "mma", "range", "zeros", "full", "broadcast",
    "row_max", "row_sum", "reduce", "exp", "maximum", "causal_mask", "cast",
    "atomic_add", "atomic_max", "atomic_min", "atomic_cas",
    "shuffle", "shuffle_xor", "shuffle_up", "shuffle_down", "shuffle_idx", "vote", "ballot",
    "warp_reduce", "all_reduce", "all_gather", "reduce_scatter", "all_to_all",
    "collective_broadcast", "collective_reduce", "collective_gather", "collective_scatter",
    "ppermute", "send", "recv",
]

_DOCS = {
    "linear_id": "The tile's number in the launch: group * tiles + local_id (tile.linear_id).",
    "group_id": "The group's coordinate along grid dimension `dim` (tile.group_id).",
    "local_id": "The tile's number within its group (tile.local_id).",
    "lane_id": "A lane vector holding 0 .. lanes-1 (tile.lane_id).",
    "group_size": "Tiles per group (tile.group_size).",
    "num_groups": "Groups along grid dimension `dim` (tile.num_groups).",
    "dim": "A buffer's size along `d` (a compile-time integer: kernels are specialised).",
    "alloc_shared": "alloc_shared(shape, dtype, swizzle=None, alignment=None, padding=None): a "
                    "group's shared buffer (tile.alloc_shared).",
    "alloc_register": "alloc_register(dtype) or alloc_register(shape, dtype): a tile-local "
                      "buffer (tile.alloc_register).",
    "barrier": "Synchronises the tiles of a group (tile.barrier).",
    "cp_async": "cp_async(shared_dst, src[window]): an async copy global -> shared "
                "(tile.async_copy); it lands at cp_wait_group after cp_commit_group.",
    "cp_commit_group": "Closes the open group of async copies (tile.commit_group).",
    "cp_wait_group": "cp_wait_group(n): waits until at most n committed groups are pending.",
    "load": "load(buf, i, ...) or load(buf, index=i): one element (tile.load); load(window) "
            "reads a 2-D register tile (tile.load_tile).",
    "store": "store(buf, i, ..., value) or store(buf, index=i, value=v) (tile.store).",
    "load_vector": "load_vector(buf[i], width=4): `width` consecutive elements (tile.load).",
    "store_vector": "store_vector(buf[i], vec) (tile.store of a vector).",
    "mma": "mma(a, b, c=None, accumulator=ts.f32): c + a @ b in f32; operands are tiles, "
           "buffers or windows, `.T` for a transposed operand (tile.mma).",
    "range": "range(start, stop, step): the loop of a for statement (scf.for).",
    "zeros": "zeros(shape, dtype=ts.f32): a register tile of zeros (tile.zeros).",
    "full": "full(shape, value, dtype=ts.f32): a register tile filled with value (tile.full).",
    "broadcast": "broadcast(x, shape): a scalar or a row [M] to a tile (tile.broadcast).",
    "row_max": "Per-row maximum of a 2-D f32 tile (tile.row_max).",
    "row_sum": "row_sum(t, init=None): per-row sequential sum (tile.row_sum).",
    "reduce": "reduce(t, kind='sum'|'max'|'min'): a scalar (tile.reduce).",
    "exp": "Elementwise exp (tile.exp).",
    "maximum": "Elementwise maximum (tile.maximum).",
    "causal_mask": "causal_mask(t, row0, col0): -inf where col0 + j > row0 + i (tile.causal_mask).",
    "cast": "cast(x, dtype): integer/float/index conversions of scalars (arith casts).",
    "atomic_add": "atomic_add(buf[i], v): returns the old value (tile.atomic kind add).",
    "atomic_max": "atomic_max(buf[i], v) (tile.atomic kind max).",
    "atomic_min": "atomic_min(buf[i], v) (tile.atomic kind min).",
    "atomic_cas": "atomic_cas(buf[i], expected, new): returns the old value (tile.atomic_cas).",
    "shuffle": "shuffle(v, src, mode='idx'|'xor'|'up'|'down') over a lane vector (tile.shuffle).",
    "shuffle_xor": "shuffle(v, mask, 'xor').",
    "shuffle_up": "shuffle(v, delta, 'up').",
    "shuffle_down": "shuffle(v, delta, 'down').",
    "shuffle_idx": "shuffle(v, lane, 'idx').",
    "vote": "vote(pred, kind='any'|'all'|'ballot') over a lane vector (tile.vote).",
    "ballot": "vote(pred, 'ballot'): an i64 mask of the lanes where pred holds.",
    "warp_reduce": "warp_reduce(v, kind='sum'|'max'|'min') in lane order (tile.warp_reduce).",
    "all_reduce": "all_reduce(buf, axis, op='sum'): in place over the mesh axis (a kernel "
                  "launched in a mesh program; tile.all_reduce).",
    "all_gather": "all_gather(src, dst, axis): dst = the ranks' src concatenated (dim 0).",
    "reduce_scatter": "reduce_scatter(src, dst, axis, op='sum'): block g of the fold.",
    "all_to_all": "all_to_all(src, dst, axis) (tile.all_to_all).",
    "collective_broadcast": "collective_broadcast(buf, axis, root=0): root's buf everywhere.",
    "collective_reduce": "collective_reduce(src, dst, axis, op='sum', root=0).",
    "collective_gather": "collective_gather(src, dst, axis, root=0).",
    "collective_scatter": "collective_scatter(src, dst, axis, root=0).",
    "ppermute": "ppermute(src, dst, axis, pairs): dst of each pair's destination gets src.",
    "send": "send(buf, axis, pairs, channel=0) (tile.send).",
    "recv": "recv(buf, axis, pairs, channel=0) (tile.recv).",
}


# ts.tile name -> the Tile IR ops it compiles to (docs/status.md's python column).
OPS = {
    "linear_id": ["tile.linear_id"], "group_id": ["tile.group_id"], "local_id": ["tile.local_id"],
    "lane_id": ["tile.lane_id"], "group_size": ["tile.group_size"],
    "num_groups": ["tile.num_groups"], "alloc_shared": ["tile.alloc_shared"],
    "alloc_register": ["tile.alloc_register"], "barrier": ["tile.barrier"],
    "cp_async": ["tile.async_copy"], "cp_commit_group": ["tile.commit_group"],
    "cp_wait_group": ["tile.wait_group"], "load": ["tile.load", "tile.load_tile"],
    "store": ["tile.store", "tile.store_tile"], "load_vector": ["tile.load"],
    "store_vector": ["tile.store"], "mma": ["tile.mma"], "range": ["scf.for"],
    "zeros": ["tile.zeros"], "full": ["tile.full"], "broadcast": ["tile.broadcast"],
    "row_max": ["tile.row_max"], "row_sum": ["tile.row_sum"], "reduce": ["tile.reduce"],
    "exp": ["tile.exp"], "maximum": ["tile.maximum"], "causal_mask": ["tile.causal_mask"],
    "cast": ["arith.index_cast", "arith.sitofp", "arith.fptosi"],
    "atomic_add": ["tile.atomic"], "atomic_max": ["tile.atomic"], "atomic_min": ["tile.atomic"],
    "atomic_cas": ["tile.atomic_cas"], "shuffle": ["tile.shuffle"],
    "shuffle_xor": ["tile.shuffle"], "shuffle_up": ["tile.shuffle"],
    "shuffle_down": ["tile.shuffle"], "shuffle_idx": ["tile.shuffle"], "vote": ["tile.vote"],
    "ballot": ["tile.vote"], "warp_reduce": ["tile.warp_reduce"], "dim": [],
    "all_reduce": ["tile.all_reduce"], "all_gather": ["tile.all_gather"],
    "reduce_scatter": ["tile.reduce_scatter"], "all_to_all": ["tile.all_to_all"],
    "collective_broadcast": ["tile.collective_broadcast"],
    "collective_reduce": ["tile.collective_reduce"],
    "collective_gather": ["tile.collective_gather"],
    "collective_scatter": ["tile.collective_scatter"], "ppermute": ["tile.ppermute"],
    "send": ["tile.send"], "recv": ["tile.recv"],
}


def names_by_op():
    """Tile IR op -> how a @ts.kernel reaches it: `tile.<name>` calls and Python syntax."""
    from ._ast_compiler_expr import _FLOAT_OPS, _INT_OPS

    sym = {"Add": "+", "Sub": "-", "Mult": "*", "Div": "/", "FloorDiv": "//", "Mod": "%",
           "BitAnd": "&", "BitOr": "\\|", "BitXor": "^", "LShift": "<<", "RShift": ">>"}
    out = {}
    for name, ops in OPS.items():
        for op in ops:
            out.setdefault(op, []).append(f"tile.{name}")
    for table in (_INT_OPS, _FLOAT_OPS):
        for node, op in table.items():
            out.setdefault(op, []).append(f"kernel: a {sym[node.__name__]} b")
    out.setdefault("arith.cmpi", []).append("kernel: a < b")
    out.setdefault("arith.cmpf", []).append("kernel: a < b")
    out.setdefault("arith.constant", []).append("kernel numbers")
    out.setdefault("arith.select", []).append("kernel: a if c else b")
    out.setdefault("arith.negf", []).append("kernel: -a")
    for op, what in (("arith.minsi", "min"), ("arith.maxsi", "max"), ("arith.minimumf", "min"),
                     ("arith.maximumf", "max")):
        out.setdefault(op, []).append(f"kernel: {what}(a, b)")
    for op, what in (("scf.if", "if"), ("scf.while", "while"), ("scf.yield", "if/for/while"),
                     ("scf.condition", "while"), ("scf.for", "for")):
        out.setdefault(op, []).append(f"kernel: {what}")
    return {op: sorted(set(v)) for op, v in out.items()}


def _make(name):
    def op(*args, **kwargs):
        raise RuntimeError(f"ts.tile.{name} can only be called inside a @ts.kernel function")

    op.__name__ = op.__qualname__ = name
    op.__doc__ = _DOCS[name]
    op._tile_op = name
    return op


for _name in __all__:
    globals()[_name] = _make(_name)
del _name
