"""@ts.kernel compiler: the `ts.tile` builtins, each lowered to its Tile IR op (docs/ops/tile/)."""
from __future__ import annotations

import ast
import inspect

from ._ast_compiler import FLOAT_TYPES, MemView, RowVector, Transposed, Value, f32_hex
from ._ast_compiler_expr import is_const

# Builtins whose first argument is an address (`x[i]`, `smem[row]`), not a loaded value.
_ADDRESS_OPS = {"load", "store", "load_vector", "store_vector", "atomic_add", "atomic_max",
                "atomic_min", "atomic_cas"}


class Address:
    """`mem[i, j]` taken as an address: the buffer and its index values."""

    def __init__(self, mem, idx):
        self.mem, self.idx = mem, idx


class TileBuiltins:
    """Mixin: one `t_<name>` method per `ts.tile.<name>`."""

    def tile_arg_expr(self, name, k, arg):
        """Argument k of ts.tile.<name>: the first argument of a memory op is an address."""
        if k == 0 and name in _ADDRESS_OPS and isinstance(arg, ast.Subscript):
            return self.address_of(arg)
        return self.expr(arg)

    def call_tile(self, name, node, args, kwargs):
        fn = getattr(self, "t_" + name, None)
        if fn is None:
            self.err(f"ts.tile.{name} cannot be used inside a kernel", node)
        try:
            inspect.signature(fn).bind(node, *args, **kwargs)
        except TypeError as e:
            self.err(f"ts.tile.{name}: {e}", node)
        return fn(node, *args, **kwargs)

    def address_of(self, sub):
        mem = self.expr(sub.value)
        if not isinstance(mem, Value) or mem.kind != "mem":
            return self.expr(sub)
        view = self.window(mem, sub.slice, sub)
        if isinstance(view, MemView):
            return view
        return Address(*view)

    def new(self, hint, kind, dtype, shape=(), space=0, vector=False):
        return Value(self.em.fresh(hint), kind, dtype, shape, space, vector)

    # -- ids ---------------------------------------------------------------------------------------

    def emit_id(self, op, dim=None):
        r = self.new(op.replace("_id", ""), "scalar", "index")
        attr = f" {{dim = {dim}}}" if dim else ""
        self.em.op(f"{r.name} = tile.{op}{attr} : index")
        return r

    def t_linear_id(self, node):
        return self.emit_id("linear_id")

    def t_group_id(self, node, dim=0):
        return self.emit_id("group_id", self.const_int(dim, node, "dim"))

    def t_local_id(self, node):
        return self.emit_id("local_id")

    def t_group_size(self, node):
        return self.emit_id("group_size")

    def t_num_groups(self, node, dim=0):
        return self.emit_id("num_groups", self.const_int(dim, node, "dim"))

    def t_lane_id(self, node):
        r = self.new("lane", "tile", "i32", (self.config.lanes,), vector=True)
        self.em.op(f"{r.name} = tile.lane_id : {r.ty}")
        return r

    def t_dim(self, node, mem, d):
        if not (isinstance(mem, Value) and mem.kind == "mem"):
            self.err("ts.tile.dim takes a buffer", node)
        d = self.const_int(d, node, "dim")
        if not 0 <= d < len(mem.shape):
            self.err(f"ts.tile.dim: dimension {d} of a rank-{len(mem.shape)} buffer", node)
        return mem.shape[d]

    def const_int(self, x, node, what):
        if not isinstance(x, int) or isinstance(x, bool):
            self.err(f"{what} must be a compile-time integer, not {self.describe(x)}", node)
        return x

    def shape_arg(self, shape, node):
        shape = (shape,) if isinstance(shape, int) else shape
        if not isinstance(shape, (tuple, list)) or not all(isinstance(d, int) for d in shape):
            self.err("a shape is a tuple of compile-time integers, not "
                     f"{self.describe(shape)}", node)
        return tuple(shape)

    # -- memory ------------------------------------------------------------------------------------

    def t_alloc_shared(self, node, shape, dtype, swizzle=None, alignment=None, padding=None):
        shape = self.shape_arg(shape, node)
        r = self.new("smem", "mem", self.dtype_arg(dtype, node), shape, space=3)
        attrs = []
        if swizzle is not None:
            attrs.append(f'swizzle = "{swizzle}"')
        if alignment is not None:
            attrs.append(f"alignment = {self.const_int(alignment, node, 'alignment')}")
        if padding is not None:
            attrs.append(f"padding = {self.const_int(padding, node, 'padding')}")
        text = f" {{{', '.join(attrs)}}}" if attrs else ""
        self.em.op(f"{r.name} = tile.alloc_shared{text} : {r.ty}")
        return r

    def t_alloc_register(self, node, shape, dtype=None):
        if dtype is None:  # alloc_register(ts.f32): one element
            shape, dtype = (1,), shape
        r = self.new("reg", "mem", self.dtype_arg(dtype, node), self.shape_arg(shape, node),
                     space=5)
        self.em.op(f"{r.name} = tile.alloc_register : {r.ty}")
        return r

    def t_barrier(self, node):
        self.em.op("tile.barrier : () -> ()")

    def as_address(self, a, node, what):
        if isinstance(a, Address):
            return a.mem, a.idx
        if isinstance(a, MemView):
            return a.mem, a.offsets
        if isinstance(a, Value) and a.kind == "mem":
            return a, [self.const(0, "index") for _ in a.shape]
        self.err(f"{what} takes a buffer element or window (x[i]), not {self.describe(a)}", node)

    def t_load(self, node, mem, *index, **kw):
        idx = list(index) + ([kw.pop("index")] if "index" in kw else [])
        if kw:
            self.err(f"ts.tile.load: unexpected {', '.join(kw)}", node)
        if isinstance(mem, MemView) and not idx:
            return self.load_window(mem, node)
        m, base = self.address_from(mem, idx, node)
        r = self.new("ld", "scalar", m.dtype)
        self.emit_load(m, base, r)
        return r

    def address_from(self, mem, idx, node):
        if idx:
            if not (isinstance(mem, Value) and mem.kind == "mem"):
                self.err("ts.tile.load/store with indices takes a buffer", node)
            flat = []
            for i in idx:
                flat.extend(i if isinstance(i, (tuple, list)) else [i])
            return mem, [self.index_value(i, node) for i in flat]
        return self.as_address(mem, node, "ts.tile.load/store")

    def t_store(self, node, mem, *rest, **kw):
        rest = list(rest)
        if "value" in kw:
            value = kw.pop("value")
        elif rest:
            value = rest.pop()
        else:
            self.err("ts.tile.store needs a value", node)
        if "index" in kw:
            rest.append(kw.pop("index"))
        if kw:
            self.err(f"ts.tile.store: unexpected {', '.join(kw)}", node)
        if isinstance(mem, MemView) and not rest:
            self.store_window(mem, value, node)
            return None
        m, idx = self.address_from(mem, rest, node)
        self.emit_store(m, idx, value, node)
        return None

    def emit_store(self, m, idx, value, node):
        if is_const(value):
            value = self.const(value, m.dtype)
        if not isinstance(value, Value) or value.kind == "mem":
            self.err(f"cannot store {self.describe(value)}", node)
        names = ", ".join(i.name for i in idx)
        tys = ", ".join(["index"] * len(idx))
        self.note_write(m)
        self.em.op(f"tile.store {value.name}, {m.name}, {names} : "
                   f"({value.ty}, {m.ty}, {tys}) -> ()")

    def t_load_vector(self, node, src, width=4):
        m, idx = self.as_address(src, node, "ts.tile.load_vector")
        r = self.new("vec", "tile", m.dtype, (self.const_int(width, node, "width"),), vector=True)
        self.emit_load(m, idx, r)
        return r

    def t_store_vector(self, node, dst, vec):
        m, idx = self.as_address(dst, node, "ts.tile.store_vector")
        self.emit_store(m, idx, vec, node)

    def load_window(self, view, node, shape=None):
        """A register tile read from a window (tile.load_tile over the last two dimensions)."""
        shape = tuple(shape or view.shape)
        if len(shape) != 2 or len(view.mem.shape) < 2:
            self.err(f"a register tile is a 2-D window of a buffer of rank >= 2; this window is "
                     f"{list(shape)} of {view.mem.ty} (index elements, or use load_vector)", node)
        m = view.mem
        r = self.new("tl", "tile", m.dtype, shape)
        names = ", ".join(i.name for i in view.offsets)
        tys = ", ".join(["index"] * len(view.offsets))
        self.note_read(m)
        self.em.op(f"{r.name} = tile.load_tile {m.name}, {names} : ({m.ty}, {tys}) -> {r.ty}")
        return r

    def store_window(self, view, val, node):
        if is_const(val):
            like = Value("", "tile", view.mem.dtype, view.shape)
            val = self.broadcast(val, like)
        if not (isinstance(val, Value) and val.kind == "tile" and not val.vector):
            self.err(f"a window takes a register tile, not {self.describe(val)}", node)
        if tuple(val.shape) != tuple(view.shape):
            self.err(f"storing a {list(val.shape)} tile into a {list(view.shape)} window", node)
        if len(view.shape) != 2 or len(view.mem.shape) < 2:
            self.err(f"a window that takes a register tile is 2-D, of a buffer of rank >= 2 "
                     f"(this one: {list(view.shape)} of {view.mem.ty}); store elements, or use "
                     "store_vector", node)
        m = view.mem
        names = ", ".join(i.name for i in view.offsets)
        tys = ", ".join(["index"] * len(view.offsets))
        self.note_write(m)
        self.em.op(f"tile.store_tile {val.name}, {m.name}, {names} : "
                   f"({val.ty}, {m.ty}, {tys}) -> ()")

    # -- async copies ------------------------------------------------------------------------------

    def t_cp_async(self, node, dst, src):
        if not (isinstance(dst, Value) and dst.kind == "mem" and dst.space == 3):
            self.err(f"cp_async copies into a shared buffer, not {self.describe(dst)}", node)
        if len(dst.shape) != 2:
            self.err(f"cp_async copies into a 2-D shared buffer, not {dst.ty} (async_c1)", node)
        src_mem, offs = self.as_address(src, node, "cp_async")
        if len(src_mem.shape) < 2:
            self.err(f"cp_async copies from a buffer of rank >= 2, not {src_mem.ty} (async_c1)",
                     node)
        shape = src.shape if isinstance(src, MemView) else src_mem.shape
        if tuple(shape) != tuple(dst.shape):
            self.err(f"cp_async copies a {list(shape)} window into a {list(dst.shape)} "
                     "buffer", node)
        names = ", ".join(i.name for i in offs)
        tys = ", ".join(["index"] * len(offs))
        self.note_read(src_mem)
        self.em.op(f"tile.async_copy {src_mem.name}, {dst.name}, {names} : "
                   f"({src_mem.ty}, {dst.ty}, {tys}) -> ()")

    def t_cp_commit_group(self, node):
        self.em.op("tile.commit_group : () -> ()")

    def t_cp_wait_group(self, node, n=0):
        self.em.op(f"tile.wait_group {{n = {self.const_int(n, node, 'n')}}} : () -> ()")

    # -- compute -----------------------------------------------------------------------------------

    def operand_tile(self, x, node):
        """(tile, layout) of an mma operand: a tile, a buffer or window, or `.T` of one."""
        layout = "row"
        if isinstance(x, Transposed):
            x, layout = x.inner, "col"
        if isinstance(x, Value) and x.kind == "mem":
            x = MemView(x, [self.const(0, "index") for _ in x.shape], x.shape)
        if isinstance(x, MemView):
            x = self.load_window(x, node)
        if not (isinstance(x, Value) and x.kind == "tile" and len(x.shape) == 2):
            self.err(f"mma takes 2-D tiles or buffers, not {self.describe(x)}", node)
        return x, layout

    def t_mma(self, node, a, b, c=None, accumulator=None, accum=None):
        for acc in (accumulator, accum):
            if acc is not None and self.dtype_arg(acc, node, "accumulator") != "f32":
                self.err("mma accumulates in f32", node)
        ta, la = self.operand_tile(a, node)
        tb, lb = self.operand_tile(b, node)
        m = ta.shape[0] if la == "row" else ta.shape[1]
        n = tb.shape[1] if lb == "row" else tb.shape[0]
        if c is None:
            c = self.new("zero", "tile", "f32", (m, n))
            self.em.op(f"{c.name} = tile.zeros : {c.ty}")
        elif not (isinstance(c, Value) and c.kind == "tile"):
            self.err(f"mma's accumulator is an f32 tile, not {self.describe(c)}", node)
        r = self.new("mma", "tile", "f32", c.shape)
        attrs = []
        if la == "col":
            attrs.append('layout_a = "col"')
        if lb == "col":
            attrs.append('layout_b = "col"')
        text = f" {{{', '.join(attrs)}}}" if attrs else ""
        self.em.op(f"{r.name} = tile.mma {ta.name}, {tb.name}, {c.name}{text} : "
                   f"({ta.ty}, {tb.ty}, {c.ty}) -> {r.ty}")
        return r

    def t_zeros(self, node, shape, dtype="f32"):
        r = self.new("zeros", "tile", self.dtype_arg(dtype, node), self.shape_arg(shape, node))
        self.em.op(f"{r.name} = tile.zeros : {r.ty}")
        return r

    def t_full(self, node, shape, value, dtype="f32"):
        like = Value("", "tile", self.dtype_arg(dtype, node), self.shape_arg(shape, node))
        if is_const(value) or isinstance(value, Value):
            return self.broadcast(value, like)
        self.err(f"ts.tile.full takes a number or a scalar, not {self.describe(value)}", node)

    def t_broadcast(self, node, x, shape):
        src = x.tile if isinstance(x, RowVector) else x
        dt = src.dtype if isinstance(src, Value) else ("f32" if isinstance(x, float) else "i32")
        return self.broadcast(x, Value("", "tile", dt, self.shape_arg(shape, node)))

    def tile_arg(self, x, node, what):
        if isinstance(x, RowVector):
            x = x.tile
        if not (isinstance(x, Value) and x.kind == "tile"):
            self.err(f"{what} takes a register tile, not {self.describe(x)}", node)
        return x

    def t_row_max(self, node, t):
        return self.row_op("row_max", node, t, None)

    def t_row_sum(self, node, t, init=None):
        return self.row_op("row_sum", node, t, init)

    def row_op(self, op, node, t, init):
        t = self.tile_arg(t, node, op)
        if len(t.shape) != 2:
            self.err(f"{op} takes a 2-D tile", node)
        r = self.new(op, "tile", "f32", (t.shape[0],))
        if init is None:
            self.em.op(f"{r.name} = tile.{op} {t.name} : ({t.ty}) -> {r.ty}")
        else:
            init = self.tile_arg(init, node, op + " init")
            self.em.op(f"{r.name} = tile.{op} {t.name}, {init.name} : "
                       f"({t.ty}, {init.ty}) -> {r.ty}")
        return r

    def t_exp(self, node, x):
        if isinstance(x, RowVector):
            x = x.tile
        if not isinstance(x, Value) or x.kind == "mem":
            self.err(f"exp takes an f32 scalar or a tile, not {self.describe(x)}", node)
        r = self.new("exp", x.kind, x.dtype, x.shape, vector=x.vector)
        self.em.op(f"{r.name} = tile.exp {x.name} : ({x.ty}) -> {r.ty}")
        return r

    def t_maximum(self, node, a, b):
        a, b = self.unify(a, b)
        r = self.new("max", a.kind, a.dtype, a.shape, vector=a.vector)
        self.em.op(f"{r.name} = tile.maximum {a.name}, {b.name} : ({a.ty}, {b.ty}) -> {r.ty}")
        return r

    def t_causal_mask(self, node, t, row0, col0, value=None):
        t = self.tile_arg(t, node, "causal_mask")
        r0, c0 = self.index_value(row0, node), self.index_value(col0, node)
        r = self.new("masked", "tile", t.dtype, t.shape)
        attr = "" if value is None else f" {{value = {f32_hex(value)} : f32}}"
        self.em.op(f"{r.name} = tile.causal_mask {t.name}, {r0.name}, {c0.name}{attr} : "
                   f"({t.ty}, index, index) -> {r.ty}")
        return r

    def t_reduce(self, node, t, kind="sum"):
        t = self.tile_arg(t, node, "reduce")
        r = self.new("red", "scalar", "i32" if t.dtype == "i32" else "f32")
        self.em.op(f'{r.name} = tile.reduce {t.name} {{kind = "{kind}"}} : ({t.ty}) -> {r.ty}')
        return r

    def t_cast(self, node, x, dtype):
        to = self.dtype_arg(dtype, node)
        if is_const(x):
            return float(x) if to in FLOAT_TYPES else int(x)
        if not isinstance(x, Value) or x.kind == "mem":
            self.err(f"cast takes a scalar or a tile, not {self.describe(x)}", node)
        if x.dtype == to:
            return x
        if x.kind != "scalar":
            self.err(f"cannot cast a {x.ty} tile to {to}: Tile IR has no conversion op for "
                     "register tiles (docs/python.md, 'Kernel limits')", node)
        fr_f, to_f = x.dtype in FLOAT_TYPES, to in FLOAT_TYPES
        if not fr_f and to_f:
            return self.int_to_float(x, to)
        src = x
        if fr_f and not to_f:
            mid = "i64" if to == "index" else to
            r = self.new("fi", "scalar", mid)
            self.em.op(f"{r.name} = arith.fptosi {x.name} : ({x.dtype}) -> {mid}")
            src = r
            if to != "index":
                return r
        if fr_f and to_f:
            self.err(f"cannot cast {x.dtype} to {to}: Tile IR has no float conversion op", node)
        r = self.new("ic", "scalar", to)
        self.em.op(f"{r.name} = arith.index_cast {src.name} : ({src.dtype}) -> {to}")
        return r

    # -- atomics -----------------------------------------------------------------------------------

    def atomic(self, node, kind, dst, value):
        m, idx = self.as_address(dst, node, "atomic")
        value = self.materialize(value, m.dtype) if is_const(value) else value
        r = self.new("old", "scalar", m.dtype)
        self.note_write(m)
        self.note_read(m)
        names = ", ".join(i.name for i in idx)
        tys = ", ".join(["index"] * len(idx))
        self.em.op(f'{r.name} = tile.atomic {value.name}, {m.name}, {names} {{kind = "{kind}"}} : '
                   f"({value.ty}, {m.ty}, {tys}) -> {r.ty}")
        return r

    def t_atomic_add(self, node, dst, value):
        return self.atomic(node, "add", dst, value)

    def t_atomic_max(self, node, dst, value):
        return self.atomic(node, "max", dst, value)

    def t_atomic_min(self, node, dst, value):
        return self.atomic(node, "min", dst, value)

    def t_atomic_cas(self, node, dst, expected, new):
        m, idx = self.as_address(dst, node, "atomic_cas")
        e = self.materialize(expected, m.dtype)
        n = self.materialize(new, m.dtype)
        r = self.new("prev", "scalar", m.dtype)
        self.note_write(m)
        self.note_read(m)
        names = ", ".join(i.name for i in idx)
        tys = ", ".join(["index"] * len(idx))
        self.em.op(f"{r.name} = tile.atomic_cas {e.name}, {n.name}, {m.name}, {names} : "
                   f"({e.ty}, {n.ty}, {m.ty}, {tys}) -> {r.ty}")
        return r

    # -- warp primitives ---------------------------------------------------------------------------

    def t_shuffle(self, node, x, src, mode="idx"):
        x = self.tile_arg(x, node, "shuffle")
        if isinstance(src, Value) and src.kind == "tile":
            s = src
        else:
            s = self.materialize(src, "i32")
            if s.dtype == "index":
                s = self.t_cast(node, s, "i32")
        r = self.new("shfl", "tile", x.dtype, x.shape, vector=True)
        self.em.op(f'{r.name} = tile.shuffle {x.name}, {s.name} {{mode = "{mode}"}} : '
                   f"({x.ty}, {s.ty}) -> {r.ty}")
        return r

    def t_shuffle_xor(self, node, x, mask):
        return self.t_shuffle(node, x, mask, "xor")

    def t_shuffle_up(self, node, x, delta):
        return self.t_shuffle(node, x, delta, "up")

    def t_shuffle_down(self, node, x, delta):
        return self.t_shuffle(node, x, delta, "down")

    def t_shuffle_idx(self, node, x, lane):
        return self.t_shuffle(node, x, lane, "idx")

    def t_vote(self, node, pred, kind="any"):
        p = self.tile_arg(pred, node, "vote")
        r = self.new("vote", "scalar", "i64" if kind == "ballot" else "i1")
        self.em.op(f'{r.name} = tile.vote {p.name} {{kind = "{kind}"}} : ({p.ty}) -> {r.ty}')
        return r

    def t_ballot(self, node, pred):
        return self.t_vote(node, pred, "ballot")

    def t_warp_reduce(self, node, x, kind="sum"):
        x = self.tile_arg(x, node, "warp_reduce")
        r = self.new("wred", "scalar", "i32" if x.dtype == "i32" else "f32")
        self.em.op(f'{r.name} = tile.warp_reduce {x.name} {{kind = "{kind}"}} : ({x.ty}) -> {r.ty}')
        return r

    # -- collectives over mesh axes (docs/ops/tile/collectives.md) -------------------------------

    def coll(self, node, name, bufs, axis, writes, **attrs):
        """One tile collective on global buffers `bufs`; `writes` are the ones it writes (a
        launch result, tcoll_run_c2)."""
        for b in bufs:
            if not (isinstance(b, Value) and b.kind == "mem"):
                self.err(f"ts.tile.{name} takes global buffers, not {self.describe(b)}", node)
        axes = [axis] if isinstance(axis, str) else list(axis) if isinstance(
            axis, (tuple, list)) else None
        if not axes or not all(isinstance(a, str) for a in axes):
            self.err(f"ts.tile.{name}: axis is a mesh axis name or a tuple of names", node)
        parts = ["axes = [" + ", ".join(f'"{a}"' for a in axes) + "]"]
        for k, v in attrs.items():
            if v is None:
                continue
            if isinstance(v, str):
                parts.append(f'{k} = "{v}"')
            elif k == "pairs":
                parts.append("pairs = [" + ", ".join(f"[{int(a)}, {int(b)}]" for a, b in v) + "]")
            else:
                parts.append(f"{k} = {self.const_int(v, node, k)}")
        # A collective reads what the kernel (or the caller) put there; only loads count as
        # reads for the @ts.jit rule on parameters that are read and written.
        for b in writes:
            self.note_write(b)
        names = ", ".join(b.name for b in bufs)
        tys = ", ".join(b.ty for b in bufs)
        self.em.op(f"tile.{name} {names} {{{', '.join(parts)}}} : ({tys}) -> ()")

    def t_all_reduce(self, node, buf, axis, op="sum"):
        self.coll(node, "all_reduce", [buf], axis, [buf], op=op)

    def t_all_gather(self, node, src, dst, axis):
        self.coll(node, "all_gather", [src, dst], axis, [dst])

    def t_reduce_scatter(self, node, src, dst, axis, op="sum"):
        self.coll(node, "reduce_scatter", [src, dst], axis, [dst], op=op)

    def t_all_to_all(self, node, src, dst, axis):
        self.coll(node, "all_to_all", [src, dst], axis, [dst])

    def t_collective_broadcast(self, node, buf, axis, root=0):
        self.coll(node, "collective_broadcast", [buf], axis, [buf], root=root)

    def t_collective_reduce(self, node, src, dst, axis, op="sum", root=0):
        self.coll(node, "collective_reduce", [src, dst], axis, [dst], op=op, root=root)

    def t_collective_gather(self, node, src, dst, axis, root=0):
        self.coll(node, "collective_gather", [src, dst], axis, [dst], root=root)

    def t_collective_scatter(self, node, src, dst, axis, root=0):
        self.coll(node, "collective_scatter", [src, dst], axis, [dst], root=root)

    def t_ppermute(self, node, src, dst, axis, pairs):
        self.coll(node, "ppermute", [src, dst], axis, [dst], pairs=pairs)

    def t_send(self, node, buf, axis, pairs, channel=0):
        self.coll(node, "send", [buf], axis, [], pairs=pairs, channel=channel)

    def t_recv(self, node, buf, axis, pairs, channel=0):
        self.coll(node, "recv", [buf], axis, [buf], pairs=pairs, channel=channel)

    def t_range(self, node, *args, **kw):
        self.err("ts.tile.range is the iterable of a for loop", node)
