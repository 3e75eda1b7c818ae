"""@ts.kernel compiler: expressions (constants, arithmetic, comparisons, indexing, calls).

A Python expression evaluates to a compile-time Python value (int, float, bool, tuple, list,
module, function) or to IR: a `Value` (scalar, register tile, memref), a `MemView` (a window of a
memref), `Transposed` or `RowVector`. Arithmetic on compile-time values folds in Python; mixed
with IR it emits `arith.*` ops (docs/ops/tile/scalar.md).
"""
from __future__ import annotations

import ast
import builtins
import math
import operator

from ._ast_compiler import (FLOAT_TYPES, MemView, RowVector, Transposed, Value, dtype_name,
                            f32_hex)

_INT_OPS = {ast.Add: "arith.addi", ast.Sub: "arith.subi", ast.Mult: "arith.muli",
            ast.FloorDiv: "arith.divsi", ast.Mod: "arith.remsi", ast.BitAnd: "arith.andi",
            ast.BitOr: "arith.ori", ast.BitXor: "arith.xori", ast.LShift: "arith.shli",
            ast.RShift: "arith.shrsi"}
_FLOAT_OPS = {ast.Add: "arith.addf", ast.Sub: "arith.subf", ast.Mult: "arith.mulf",
              ast.Div: "arith.divf"}
_PY_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
           ast.Pow: operator.pow, ast.BitAnd: operator.and_, ast.BitOr: operator.or_,
           ast.BitXor: operator.xor, ast.LShift: operator.lshift, ast.RShift: operator.rshift}
_CMP_INT = {ast.Lt: "slt", ast.LtE: "sle", ast.Gt: "sgt", ast.GtE: "sge", ast.Eq: "eq",
            ast.NotEq: "ne"}
_CMP_FLOAT = {ast.Lt: "olt", ast.LtE: "ole", ast.Gt: "ogt", ast.GtE: "oge", ast.Eq: "oeq",
              ast.NotEq: "une"}
_PY_CMP = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
           ast.Eq: operator.eq, ast.NotEq: operator.ne}
_PURE_BUILTINS = (abs, float, int, bool, len, round, min, max)


def is_const(x):
    return isinstance(x, (bool, int, float)) and not isinstance(x, Value)


class ExprCompiler:
    """Mixin: expression lowering. Needs `self.em`, `self.env`, `self.globals`, `self.err`."""

    # -- constants and conversions ------------------------------------------------------------

    def const(self, value, dtype):
        """Materialises a Python number as an `arith.constant` of `dtype`."""
        r = Value(self.em.fresh("c"), "scalar", dtype)
        if dtype == "i1":
            text = "true" if value else "false"
            self.em.op(f"{r.name} = arith.constant {{value = {text}}} : i1")
        elif dtype in ("f32", "f64"):
            if not isinstance(value, (int, float)):
                self.err(f"cannot use {value!r} as {dtype}")
            lit = f32_hex(value) if dtype == "f32" else repr(float(value))
            if dtype == "f64" and not math.isfinite(value):
                self.err("non-finite f64 constants are not supported")
            self.em.op(f"{r.name} = arith.constant {{value = {lit} : {dtype}}} : {dtype}")
        elif dtype in ("index", "i8", "i32", "i64"):
            if isinstance(value, float):
                self.err(f"a float ({value!r}) where an integer ({dtype}) is needed; "
                         "use ts.tile.cast")
            self.em.op(f"{r.name} = arith.constant {{value = {int(value)} : {dtype}}} : {dtype}")
        else:
            self.err(f"cannot make a constant of type {dtype}")
        return r

    def default_type(self, value):
        if isinstance(value, bool):
            return "i1"
        if isinstance(value, int):
            return "index"
        if isinstance(value, float):
            return "f32"
        self.err(f"{type(value).__name__} value {value!r} cannot be a kernel value")

    def materialize(self, x, dtype=None):
        """An IR scalar for a Python number (in `dtype`, else its default type)."""
        if isinstance(x, Value):
            return x
        if is_const(x):
            return self.const(x, dtype or self.default_type(x))
        self.err(f"expected a kernel value, got {self.describe(x)}")

    def describe(self, x):
        if isinstance(x, Value):
            return f"a value of type {x.ty}"
        if isinstance(x, MemView):
            return f"a window {list(x.shape)} of {x.mem.ty}"
        return f"{type(x).__name__} {x!r}"

    def int_to_float(self, v, dtype="f32"):
        if v.dtype == "index":
            w = Value(self.em.fresh("i"), "scalar", "i64")
            self.em.op(f"{w.name} = arith.index_cast {v.name} : (index) -> i64")
            v = w
        r = Value(self.em.fresh("f"), "scalar", dtype)
        self.em.op(f"{r.name} = arith.sitofp {v.name} : ({v.dtype}) -> {dtype}")
        return r

    def broadcast(self, x, like):
        """A register tile of `like`'s type from a scalar, a number or a row [M]
        (tile.broadcast)."""
        if is_const(x):
            r = Value(self.em.fresh("full"), "tile", like.dtype, like.shape, vector=like.vector)
            lit = f32_hex(x) if like.dtype != "i32" and like.dtype != "i1" else str(int(x))
            ety = "f32" if like.dtype in FLOAT_TYPES else like.dtype
            self.em.op(f"{r.name} = tile.full {{value = {lit} : {ety}}} : {r.ty}")
            return r
        if isinstance(x, RowVector):
            x = x.tile
        if x.kind == "scalar" and x.dtype != like.dtype and x.dtype not in FLOAT_TYPES and \
                like.dtype not in FLOAT_TYPES:
            r = Value(self.em.fresh("ic"), "scalar", like.dtype)
            self.em.op(f"{r.name} = arith.index_cast {x.name} : ({x.dtype}) -> {like.dtype}")
            x = r
        if x.kind == "scalar" and x.dtype != like.dtype:
            if x.dtype in FLOAT_TYPES or like.dtype not in FLOAT_TYPES:
                self.err(f"cannot combine {x.ty} with {like.ty}")
            x = self.int_to_float(x, like.dtype)
        r = Value(self.em.fresh("bc"), "tile", like.dtype, like.shape, vector=like.vector)
        self.em.op(f"{r.name} = tile.broadcast {x.name} : ({x.ty}) -> {r.ty}")
        return r

    def unify(self, a, b):
        """Brings two operands of a binary op to one IR type (numbers adopt the other's type)."""
        def tile_like(x):
            return isinstance(x, RowVector) or (isinstance(x, Value) and x.kind == "tile")

        if tile_like(a) or tile_like(b):
            return self.unify_tiles(a, b)
        if is_const(a) and isinstance(b, Value):
            ty = b.dtype
            if isinstance(a, float) and b.dtype not in FLOAT_TYPES:
                b, ty = self.int_to_float(b), "f32"
            return self.const(a, ty), b
        if is_const(b) and isinstance(a, Value):
            b2, a2 = self.unify(b, a)
            return a2, b2
        if not (isinstance(a, Value) and isinstance(b, Value)):
            self.err(f"cannot combine {self.describe(a)} with {self.describe(b)}")
        if a.kind != "scalar" or b.kind != "scalar":
            self.err(f"cannot combine {a.ty} with {b.ty} (load the buffer, or use a window)")
        if a.dtype == b.dtype:
            return a, b
        af, bf = a.dtype in FLOAT_TYPES, b.dtype in FLOAT_TYPES
        if af and not bf:
            return a, self.int_to_float(b, a.dtype)
        if bf and not af:
            return self.int_to_float(a, b.dtype), b
        self.err(f"cannot combine {a.ty} with {b.ty}; use ts.tile.cast")

    def unify_tiles(self, a, b):
        ta = a if isinstance(a, Value) and a.kind == "tile" else None
        tb = b if isinstance(b, Value) and b.kind == "tile" else None
        if ta and tb:
            if ta.shape == tb.shape:
                if ta.ty != tb.ty:
                    self.err(f"cannot combine {ta.ty} with {tb.ty}; use ts.tile.cast")
                return a, b
            # A row statistic [M] combines with an [M, N] tile row by row (flash attention).
            if len(ta.shape) == 1 and len(tb.shape) == 2 and ta.shape[0] == tb.shape[0]:
                return self.broadcast(ta, tb), b
            if len(tb.shape) == 1 and len(ta.shape) == 2 and tb.shape[0] == ta.shape[0]:
                return a, self.broadcast(tb, ta)
            self.err(f"cannot combine tiles {ta.ty} and {tb.ty} (shapes differ)")
        if ta:
            return a, self.broadcast(b, ta)
        if tb:
            return self.broadcast(a, tb), b
        self.err("t[:, None] combines only with a rank-2 tile")

    # -- expressions -------------------------------------------------------------------------

    def expr(self, node):
        saved = self.em.loc
        self.em.loc = (node.lineno, node.col_offset + 1)
        try:
            fn = getattr(self, "expr_" + type(node).__name__, None)
            if fn is None:
                self.err(f"{type(node).__name__} expressions cannot be used in a kernel", node)
            return fn(node)
        finally:
            self.em.loc = saved

    def expr_Constant(self, node):
        if isinstance(node.value, (bool, int, float, str)) or node.value is None:
            return node.value
        self.err(f"constant {node.value!r} cannot be used in a kernel", node)

    def expr_Name(self, node):
        if node.id in self.env:
            return self.env[node.id]
        if node.id in self.one_branch:
            self.err(f"'{node.id}' is assigned on only one branch of the if at line "
                     f"{self.one_branch[node.id]}; assign it before the if", node)
        if node.id in self.globals:
            return self.globals[node.id]
        if hasattr(builtins, node.id):
            return getattr(builtins, node.id)
        self.err(f"name '{node.id}' is not defined", node)

    def expr_Attribute(self, node):
        base = self.expr(node.value)
        if node.attr == "T" and isinstance(base, (Value, MemView)):
            return Transposed(base)
        if isinstance(base, (Value, MemView)):
            self.err(f"attribute '{node.attr}' of {self.describe(base)} is not supported", node)
        try:
            return getattr(base, node.attr)
        except AttributeError:
            if dtype_name(node.attr):  # ts.f32 before the package defines its dtypes
                return node.attr
            self.err(f"{self.describe(base)} has no attribute '{node.attr}'", node)

    def expr_Tuple(self, node):
        return tuple(self.expr(e) for e in node.elts)

    def expr_List(self, node):
        return [self.expr(e) for e in node.elts]

    def expr_UnaryOp(self, node):
        x = self.expr(node.operand)
        if is_const(x):
            return {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Not: operator.not_,
                    ast.Invert: operator.invert}[type(node.op)](x)
        if not isinstance(x, Value):
            self.err(f"unary {type(node.op).__name__} of {self.describe(x)}", node)
        if isinstance(node.op, ast.UAdd):
            return x
        if isinstance(node.op, ast.USub):
            if x.dtype in FLOAT_TYPES:
                r = Value(self.em.fresh("neg"), x.kind, x.dtype, x.shape, vector=x.vector)
                self.em.op(f"{r.name} = arith.negf {x.name} : {x.ty}")
                return r
            return self.arith(ast.Sub, 0, x, node)
        if isinstance(node.op, ast.Not) and x.dtype == "i1":
            return self.arith(ast.BitXor, x, True, node)
        self.err(f"'{type(node.op).__name__}' on {x.ty} is not supported", node)

    def expr_BinOp(self, node):
        return self.arith(type(node.op), self.expr(node.left), self.expr(node.right), node)

    def arith(self, op, a, b, node):
        if is_const(a) and is_const(b):
            try:
                return _PY_OPS[op](a, b)
            except (ZeroDivisionError, OverflowError, KeyError) as e:
                self.err(f"constant expression fails: {e}", node)
        if op is ast.MatMult:
            self.err("'@' is not a tile op; use ts.tile.mma", node)
        if op is ast.Pow:
            if isinstance(b, int) and not isinstance(b, bool) and 1 <= b <= 8:
                r = a
                for _ in range(b - 1):
                    r = self.arith(ast.Mult, r, a, node)
                return r
            self.err("'**' needs a small constant integer exponent (1..8)", node)
        if op is ast.Div and not self.is_float(a) and not self.is_float(b):
            a, b = self.as_float(a), self.as_float(b)
        a, b = self.unify(a, b)
        is_float = a.dtype in FLOAT_TYPES
        table = _FLOAT_OPS if is_float else _INT_OPS
        if op not in table:
            self.err(f"'{op.__name__}' is not defined on {a.ty}", node)
        r = Value(self.em.fresh("r"), a.kind, a.dtype, a.shape, vector=a.vector)
        self.em.op(f"{r.name} = {table[op]} {a.name}, {b.name} : {a.ty}")
        return r

    def is_float(self, x):
        if isinstance(x, RowVector):
            x = x.tile
        return isinstance(x, float) or (isinstance(x, Value) and x.dtype in FLOAT_TYPES)

    def as_float(self, x):
        if is_const(x):
            return float(x)
        if isinstance(x, Value) and x.kind == "scalar":
            return self.int_to_float(x)
        return x

    def expr_BoolOp(self, node):
        vals = [self.expr(v) for v in node.values]
        if all(is_const(v) for v in vals):
            r = vals[0]
            for v in vals[1:]:
                r = (r and v) if isinstance(node.op, ast.And) else (r or v)
            return r
        # Both sides are evaluated (no short circuit): they are i1 values.
        op = ast.BitAnd if isinstance(node.op, ast.And) else ast.BitOr
        r = vals[0]
        for v in vals[1:]:
            r = self.arith(op, self.as_bool(r, node), self.as_bool(v, node), node)
        return r

    def as_bool(self, x, node):
        if is_const(x):
            return bool(x)
        if isinstance(x, Value) and x.kind == "scalar" and x.dtype == "i1":
            return x
        self.err(f"a condition must be a comparison or bool, not {self.describe(x)}", node)

    def expr_Compare(self, node):
        # a < b < c is (a < b) and (b < c); constant parts fold away.
        left, parts = self.expr(node.left), []
        for op, right_node in zip(node.ops, node.comparators):
            right = self.expr(right_node)
            parts.append(self.compare(type(op), left, right, node))
            left = right
        if any(p is False for p in parts):
            return False
        values = [p for p in parts if not is_const(p)]
        if not values:
            return True
        result = values[0]
        for v in values[1:]:
            result = self.arith(ast.BitAnd, result, v, node)
        return result

    def compare(self, op, a, b, node):
        if is_const(a) and is_const(b):
            if op not in _PY_CMP:
                self.err(f"comparison '{op.__name__}' is not supported", node)
            return _PY_CMP[op](a, b)
        if op not in _CMP_INT:
            self.err(f"comparison '{op.__name__}' is not supported in a kernel", node)
        a, b = self.unify(a, b)
        is_float = a.dtype in FLOAT_TYPES
        pred = (_CMP_FLOAT if is_float else _CMP_INT)[op]
        r = Value(self.em.fresh("cmp"), a.kind, "i1", a.shape, vector=a.vector)
        opname = "arith.cmpf" if is_float else "arith.cmpi"
        self.em.op(f'{r.name} = {opname} {a.name}, {b.name} {{predicate = "{pred}"}} : '
                   f"({a.ty}, {b.ty}) -> {r.ty}")
        return r

    def expr_IfExp(self, node):
        cond = self.as_bool(self.expr(node.test), node)
        if is_const(cond):
            return self.expr(node.body if cond else node.orelse)
        a, b = self.expr(node.body), self.expr(node.orelse)
        if is_const(a) and is_const(b):
            ty = "f32" if isinstance(a, float) or isinstance(b, float) else self.default_type(a)
            a, b = self.const(a, ty), self.const(b, ty)
        a, b = self.unify(a, b)
        r = Value(self.em.fresh("sel"), a.kind, a.dtype, a.shape, vector=a.vector)
        self.em.op(f"{r.name} = arith.select {cond.name}, {a.name}, {b.name} : "
                   f"(i1, {a.ty}, {b.ty}) -> {a.ty}")
        return r

    # -- indexing ------------------------------------------------------------------------------

    def expr_Subscript(self, node):
        base = self.expr(node.value)
        if isinstance(base, (list, tuple)):
            return self.select_item(base, self.expr(node.slice), node)
        if isinstance(base, Value) and base.kind == "tile":
            return self.tile_subscript(base, node)
        view = self.window(base, node.slice, node)
        if isinstance(view, MemView):
            return view
        mem, idx = view
        r = Value(self.em.fresh("ld"), "scalar", mem.dtype)
        self.emit_load(mem, idx, r)
        return r

    def emit_load(self, mem, idx, r):
        self.note_read(mem)
        names = ", ".join(i.name for i in idx)
        tys = ", ".join(["index"] * len(idx))
        self.em.op(f"{r.name} = tile.load {mem.name}, {names} : ({mem.ty}, {tys}) -> {r.ty}")

    def select_item(self, seq, key, node):
        if is_const(key):
            try:
                return seq[key]
            except (IndexError, TypeError) as e:
                self.err(f"index {key!r}: {e}", node)
        # A kernel value indexes a Python list of buffers (double buffering): arith.select chain.
        if not (isinstance(key, Value) and key.kind == "scalar" and key.dtype == "index"):
            self.err("a list is indexed by a constant or an index value, not "
                     f"{self.describe(key)}", node)
        items = list(seq)
        if not items or not all(isinstance(v, Value) and v.same_type(items[0]) for v in items):
            self.err("a list indexed by a kernel value must hold values of one type", node)
        r = items[-1]
        for k in range(len(items) - 2, -1, -1):
            c = self.compare(ast.Eq, key, k, node)
            s = Value(self.em.fresh("pick"), r.kind, r.dtype, r.shape, r.space, r.vector)
            self.em.op(f"{s.name} = arith.select {c.name}, {items[k].name}, {r.name} : "
                       f"(i1, {r.ty}, {r.ty}) -> {r.ty}")
            r = s
        return r

    def tile_subscript(self, t, node):
        sl = node.slice
        parts = sl.elts if isinstance(sl, ast.Tuple) else [sl]
        if (len(t.shape) == 1 and len(parts) == 2 and isinstance(parts[0], ast.Slice)
                and parts[0].lower is None and parts[0].upper is None
                and isinstance(parts[1], ast.Constant) and parts[1].value is None):
            return RowVector(t)
        self.err("a register tile can only be indexed as t[:, None] (a row broadcast); "
                 "store it to memory to read elements", node)

    def slice_length(self, s, dim, node):
        """The constant length of slice `s` over a dimension of size `dim` (start, length)."""
        if s.step is not None:
            self.err("slices with a step are not supported", node)
        lo = 0 if s.lower is None else self.expr(s.lower)
        if s.upper is None:
            if not is_const(lo):
                self.err("an open-ended slice needs a constant start", node)
            return lo, dim - lo
        # hi = lo + C, written with the same start expression: length C.
        up = s.upper
        if (s.lower is not None and isinstance(up, ast.BinOp) and isinstance(up.op, ast.Add)
                and ast.dump(up.left) == ast.dump(s.lower)):
            n = self.expr(up.right)
            if isinstance(n, int):
                return lo, n
        hi = self.expr(up)
        if is_const(lo) and is_const(hi):
            return lo, hi - lo
        self.err("a slice's length must be a compile-time constant (write a[i:i+N])", node)

    def window(self, mem, sl, node):
        """`mem[...]`: (mem, indices) for an element, or a MemView for a window/row."""
        if isinstance(mem, MemView):
            self.err("a window cannot be indexed again", node)
        if not (isinstance(mem, Value) and mem.kind == "mem"):
            self.err(f"cannot index {self.describe(mem)}", node)
        parts = list(sl.elts) if isinstance(sl, ast.Tuple) else [sl]
        if len(parts) > len(mem.shape):
            self.err(f"{len(parts)} indices for a rank-{len(mem.shape)} buffer", node)
        offsets, shape, has_slice = [], [], False
        for k, p in enumerate(parts):
            if isinstance(p, ast.Slice):
                lo, n = self.slice_length(p, mem.shape[k], node)
                offsets.append(lo)
                shape.append(n)
                has_slice = True
            else:
                offsets.append(self.expr(p))
        for k in range(len(parts), len(mem.shape)):
            offsets.append(0)
            shape.append(mem.shape[k])
        idx = [self.index_value(o, node) for o in offsets]
        if not has_slice and len(parts) == len(mem.shape):
            return mem, idx
        if not has_slice and len(parts) < len(mem.shape):
            shape = list(mem.shape[len(parts):])
        return MemView(mem, idx, shape)

    def index_value(self, x, node):
        if is_const(x) and not isinstance(x, float):
            if x < 0:
                self.err(f"negative index {x} (indices count from 0)", node)
            return self.const(int(x), "index")
        if isinstance(x, Value) and x.kind == "scalar":
            if x.dtype == "index":
                return x
            if x.dtype in ("i32", "i64", "i8"):
                r = Value(self.em.fresh("ix"), "scalar", "index")
                self.em.op(f"{r.name} = arith.index_cast {x.name} : ({x.dtype}) -> index")
                return r
        self.err(f"an index must be an integer, not {self.describe(x)}", node)

    # -- calls ----------------------------------------------------------------------------------

    def expr_Call(self, node):
        fn = self.expr(node.func)
        name = getattr(fn, "_tile_op", None)
        if name is not None:
            args = [self.tile_arg_expr(name, k, a) for k, a in enumerate(node.args)]
            kwargs = {k.arg: self.expr(k.value) for k in node.keywords if k.arg}
            return self.call_tile(name, node, args, kwargs)
        if any(isinstance(a, ast.Starred) for a in node.args) or \
                any(k.arg is None for k in node.keywords):
            self.err("*args and **kwargs are not supported in a kernel", node)
        args = [self.expr(a) for a in node.args]
        kwargs = {k.arg: self.expr(k.value) for k in node.keywords}
        if fn in (min, max) and len(args) >= 2 and not kwargs and \
                not all(is_const(a) for a in args):
            return self.minmax(fn is max, args, node)
        if fn is float and len(args) == 1 and isinstance(args[0], Value):
            return self.as_float(args[0])
        pure = fn in _PURE_BUILTINS or getattr(fn, "__module__", None) == "math" \
            or getattr(fn, "__self__", None) is math
        if pure and all(is_const(a) or isinstance(a, (str, tuple)) for a in args):
            try:
                return fn(*args, **kwargs)
            except (TypeError, ValueError, OverflowError) as e:
                self.err(f"{getattr(fn, '__name__', fn)}(...) fails: {e}", node)
        label = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or repr(fn)
        self.err(f"call to {label} is not supported in a kernel (use the ts.tile API; Python "
                 "functions apply only to compile-time constants)", node)

    def minmax(self, is_max, args, node):
        r = args[0]
        for b in args[1:]:
            a, b = self.unify(r, b)
            if a.dtype in FLOAT_TYPES:
                op = "arith.maximumf" if is_max else "arith.minimumf"
            else:
                op = "arith.maxsi" if is_max else "arith.minsi"
            r = Value(self.em.fresh("mm"), a.kind, a.dtype, a.shape, vector=a.vector)
            self.em.op(f"{r.name} = {op} {a.name}, {b.name} : {a.ty}")
        return r

    def dtype_arg(self, x, node, what="dtype"):
        name = dtype_name(x)
        if name is None:
            self.err(f"{what}: {x!r} is not a dtype", node)
        return name
