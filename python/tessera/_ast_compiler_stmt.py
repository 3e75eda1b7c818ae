"""@ts.kernel compiler: statements, control flow and the kernel signature.

Python `if` on a compile-time value picks a branch; on a kernel value it becomes `scf.if` whose
results are the variables either branch reassigns. `for` over `range`/`ts.tile.range` becomes
`scf.for` and `while` becomes `scf.while`, carrying every variable the body reassigns. A loop
variable initialised by a Python number takes the type the body gives it (`s = 0` then
`s += x[i]` with f32 `x` carries an f32).
"""
from __future__ import annotations

import ast

import numpy as np

from ._ast_compiler import (LaunchConfig, MemView, Value, dtype_name, numpy_dtype_name)
from ._ast_compiler_expr import ExprCompiler, is_const
from ._ast_compiler_tile import TileBuiltins
from ._kernel_errors import KernelSyntaxError

_FORBIDDEN = {
    ast.With: "'with' blocks", ast.Try: "try/except", ast.Raise: "raise",
    ast.FunctionDef: "nested functions", ast.AsyncFunctionDef: "nested functions",
    ast.ClassDef: "class definitions", ast.Lambda: "lambda", ast.Break: "break",
    ast.Continue: "continue", ast.Global: "global", ast.Nonlocal: "nonlocal",
    ast.Delete: "del", ast.Import: "import", ast.ImportFrom: "import", ast.Assert: "assert",
    ast.ListComp: "list comprehensions", ast.GeneratorExp: "generators", ast.Yield: "yield",
    ast.DictComp: "dict comprehensions", ast.SetComp: "set comprehensions",
}


def assigned_names(stmts, env=None):
    """Names a list of statements rebinds (loop targets included), in first-store order.
    `buf += x` of a buffer in `env` writes memory and rebinds nothing."""
    seen, aug_only = [], set()
    for s in stmts:
        for n in ast.walk(s):
            if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
                aug_only.add(id(n.target))
    for s in stmts:
        for n in ast.walk(s):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id not in seen:
                cur = (env or {}).get(n.id)
                if id(n) in aug_only and isinstance(cur, Value) and cur.kind == "mem":
                    continue
                seen.append(n.id)
    return seen


class _Retype(Exception):
    """A loop-carried variable initialised by a number got another type in the body."""

    def __init__(self, types):
        self.types = types


class KernelCompiler(ExprCompiler, TileBuiltins):
    def __init__(self, fn, fdef, filename, config: LaunchConfig):
        from ._ast_compiler import Emitter

        self.fn, self.fdef, self.filename, self.config = fn, fdef, filename, config
        self.em = Emitter(filename)
        self.env, self.one_branch = {}, {}
        self.globals = dict(getattr(fn, "__globals__", {}))
        if fn.__closure__:
            for name, cell in zip(fn.__code__.co_freevars, fn.__closure__):
                try:
                    self.globals[name] = cell.cell_contents
                except ValueError:
                    pass
        self.ret_param = None
        self.written = set()  # global buffers the kernel may write (None: any of them)
        self.read = set()  # global buffers the kernel may read (None: any of them)

    def note_write(self, mem):
        """Records a write to `mem`: a parameter's name, or None when a buffer chosen at run
        time (a list indexed by a kernel value) may be any global buffer."""
        self.written = self._note(self.written, mem)

    def note_read(self, mem):
        self.read = self._note(self.read, mem)

    def _note(self, names, mem):
        if mem.space != 0 or names is None:
            return names
        if mem.name[1:] in [a.arg for a in self.fdef.args.args]:
            return names | {mem.name[1:]}
        return None

    def err(self, msg, node=None):
        line, col = (node.lineno, node.col_offset + 1) if node is not None else self.em.loc
        raise KernelSyntaxError(msg, self.filename, line, col)

    # -- signature ------------------------------------------------------------------------------

    def annotation(self, node):
        """(dims, dtype) of `ts.Tensor["n", dtype]`; (None, dtype) of a scalar annotation."""
        if node is None:
            return None, None
        if isinstance(node, ast.Subscript):
            parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            dims = []
            for p in parts[:-1]:
                dims.append(p.value if isinstance(p, ast.Constant) else None)
            return dims, self.annotation_dtype(parts[-1])
        return None, self.annotation_dtype(node)

    def annotation_dtype(self, node):
        while isinstance(node, ast.BinOp):  # ts.bf16 @ accum(ts.f32): the storage type
            node = node.left
        if isinstance(node, ast.Attribute):
            return dtype_name(node.attr)
        if isinstance(node, ast.Name):
            return dtype_name(node.id)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return dtype_name(node.value)
        return None

    def bind_params(self, bound):
        """Parameter text and the runtime description of each parameter."""
        params, texts, dims = [], [], {}
        args = self.fdef.args
        if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
            self.err("kernel parameters must be plain positional parameters", self.fdef)
        for a in args.args:
            val = bound[a.arg]
            shape_ann, dt_ann = self.annotation(a.annotation)
            if isinstance(val, np.ndarray):
                dt = numpy_dtype_name(val.dtype)
                if dt is None or dt == "index":
                    self.err(f"parameter '{a.arg}': arrays of dtype {val.dtype} are not "
                             "supported", a)
                if val.ndim == 0:
                    self.err(f"parameter '{a.arg}' is a rank-0 array: pass a number (a scalar "
                             "parameter) or an array of shape (1,)", a)
                if dt_ann and dt_ann != dt:
                    self.err(f"parameter '{a.arg}' is annotated {dt_ann} but the array is {dt}", a)
                if shape_ann is not None and len(shape_ann) != val.ndim:
                    self.err(f"parameter '{a.arg}' is annotated with {len(shape_ann)} dimensions "
                             f"but the array has {val.ndim} (shape {val.shape})", a)
                for k, d in enumerate(shape_ann or []):
                    self.bind_dim(a, d, val.shape[k], dims)
                v = Value(f"%{a.arg}", "mem", dt, val.shape)
                self.env[a.arg] = v
                texts.append(f"{v.name}: {v.ty}")
                params.append(("array", a.arg, dt))
            elif isinstance(val, (bool, int)) and not isinstance(val, np.floating) and \
                    dt_ann not in ("f32", "f64"):
                self.env[a.arg] = val  # specialised: a compile-time constant
                params.append(("const", a.arg, None))
            elif isinstance(val, (float, int, np.floating, np.integer)):
                dt = dt_ann or (numpy_dtype_name(np.asarray(val).dtype) if isinstance(
                    val, (np.floating, np.integer)) else "f32")
                if dt not in ("f32", "f64", "i32", "i64"):
                    self.err(f"parameter '{a.arg}': scalar parameters are f32, f64, i32 or i64, "
                             f"not {dt}", a)
                v = Value(f"%{a.arg}", "scalar", dt)
                self.env[a.arg] = v
                texts.append(f"{v.name}: {dt}")
                params.append(("scalar", a.arg, dt))
            else:
                self.err(f"parameter '{a.arg}': cannot pass {type(val).__name__} to a kernel "
                         "(numpy arrays, numbers and bools)", a)
        for name, size in dims.items():
            if name not in self.env and name.isidentifier():
                self.env[name] = size
        return params, texts

    def bind_dim(self, a, d, size, dims):
        if isinstance(d, int) and d != size:
            self.err(f"parameter '{a.arg}': dimension is {size}, the annotation says {d}", a)
        if isinstance(d, str) and d.isidentifier():
            if d in dims and dims[d] != size:
                self.err(f"dimension '{d}' is {dims[d]} in an earlier parameter but {size} in "
                         f"'{a.arg}'", a)
            dims[d] = size

    # -- entry -----------------------------------------------------------------------------------

    def compile(self, bound):
        params, texts = self.bind_params(bound)
        body = list(self.fdef.body)
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # docstring
        ret_node = None
        if body and isinstance(body[-1], ast.Return):
            ret_node = body.pop()
        self.em.push()
        self.block(body)
        ret = self.compile_return(ret_node, texts)
        self.em.op("return", (self.fdef.lineno, self.fdef.col_offset + 1))
        lines = self.em.pop()
        cfg = self.config
        grid = ", ".join(str(g) for g in cfg.grid)
        head = (f"  func.func @{self.fdef.name}({', '.join(texts)}) attributes "
                f"{{tile.grid = [{grid}], tile.tiles = {cfg.tiles}, tile.lanes = {cfg.lanes}}} {{")
        self.body = ["    " + ln for ln in lines]
        self.param_texts = texts
        text = "module {\n" + head + "\n" + "\n".join(self.body) + "\n  }\n}\n"
        return text, params, ret

    def compile_return(self, node, texts):
        """`return p` of a parameter returns its array; `return x` of a scalar adds a hidden
        result buffer with one element per group, written by the group's tile 0."""
        if node is None or node.value is None:
            return None
        self.em.loc = (node.lineno, node.col_offset + 1)
        if isinstance(node.value, ast.Name) and isinstance(self.env.get(node.value.id), Value) \
                and self.env[node.value.id].kind == "mem" and node.value.id in \
                [a.arg for a in self.fdef.args.args]:
            return ("param", node.value.id)
        if isinstance(node.value, ast.Tuple) and \
                all(isinstance(e, ast.Name) for e in node.value.elts):
            names = [e.id for e in node.value.elts]
            if all(n in [a.arg for a in self.fdef.args.args] for n in names):
                return ("params", names)
        val = self.expr(node.value)
        if is_const(val):
            val = self.materialize(val, "f32" if isinstance(val, float) else None)
        if not (isinstance(val, Value) and val.kind == "scalar"):
            self.err("a kernel returns a parameter or a scalar; store tiles into an output "
                     "parameter", node)
        ret = Value("%__ret", "mem", val.dtype, (self.config.groups,))
        texts.append(f"{ret.name}: {ret.ty}")
        t = self.emit_id("local_id")
        first = self.compare(ast.Eq, t, 0, node)
        lin = self.emit_id("linear_id")
        size = self.emit_id("group_size")
        g = self.arith(ast.FloorDiv, lin, size, node)
        self.em.push()
        self.em.op(f"tile.store {val.name}, {ret.name}, {g.name} : "
                   f"({val.ty}, {ret.ty}, index) -> ()")
        self.em.raw(self.yield_text([]))
        then = self.em.pop()
        self.emit_if(first, then, [self.yield_text([])], [], node)
        return ("scalar", val.dtype)

    # -- statements ------------------------------------------------------------------------------

    def block(self, stmts):
        for s in stmts:
            self.stmt(s)

    def stmt(self, node):
        self.em.loc = (node.lineno, node.col_offset + 1)
        for sub in ast.walk(node):
            what = _FORBIDDEN.get(type(sub))
            if what:
                self.err(f"{what} cannot be used in a kernel", sub)
        fn = getattr(self, "stmt_" + type(node).__name__, None)
        if fn is None:
            self.err(f"'{type(node).__name__}' statements cannot be used in a kernel", node)
        fn(node)

    def stmt_Pass(self, node):
        pass

    def stmt_Expr(self, node):
        if isinstance(node.value, ast.Constant):
            return  # a string as a comment
        self.expr(node.value)

    def stmt_Return(self, node):
        self.err("'return' must be the last statement of the kernel (not inside "
                 "if/for/while)", node)

    def stmt_Assign(self, node):
        val = self.expr(node.value)
        for t in node.targets:
            self.assign(t, val, node)

    def stmt_AnnAssign(self, node):
        if node.value is None:
            self.err("a declaration without a value cannot be used in a kernel", node)
        self.assign(node.target, self.expr(node.value), node)

    def assign(self, target, val, node):
        if isinstance(target, ast.Name):
            self.env[target.id] = val
            self.one_branch.pop(target.id, None)
        elif isinstance(target, (ast.Tuple, ast.List)):
            if not isinstance(val, (tuple, list)) or len(val) != len(target.elts):
                self.err("cannot unpack this value", node)
            for t, v in zip(target.elts, val):
                self.assign(t, v, node)
        elif isinstance(target, ast.Subscript):
            self.store(target, val, node)
        else:
            self.err(f"cannot assign to {type(target).__name__}", node)

    def store(self, target, val, node):
        mem = self.expr(target.value)
        view = self.window(mem, target.slice, target)
        if isinstance(view, MemView):
            self.store_window(view, val, node)
            return
        mem, idx = view
        if is_const(val):
            val = self.const(val, mem.dtype)
        if not (isinstance(val, Value) and val.kind == "scalar"):
            self.err(f"cannot store {self.describe(val)} into an element of {mem.ty}", node)
        if val.dtype != mem.dtype:
            if val.dtype in ("index", "i32", "i64") and mem.dtype in ("f32", "f64"):
                val = self.int_to_float(val, mem.dtype)
            elif "index" in (val.dtype, mem.dtype) and mem.dtype in ("index", "i32", "i64") \
                    and val.dtype in ("index", "i32", "i64"):
                val = self.t_cast(node, val, mem.dtype)
            else:
                self.err(f"cannot store {val.ty} into {mem.ty}; use ts.tile.cast", node)
        names = ", ".join(i.name for i in idx)
        tys = ", ".join(["index"] * len(idx))
        self.note_write(mem)
        self.em.op(f"tile.store {val.name}, {mem.name}, {names} : "
                   f"({val.ty}, {mem.ty}, {tys}) -> ()")

    def stmt_AugAssign(self, node):
        if isinstance(node.target, ast.Name):
            cur = self.expr(ast.Name(id=node.target.id, ctx=ast.Load(), lineno=node.lineno,
                                     col_offset=node.col_offset))
            if isinstance(cur, (Value,)) and cur.kind == "mem":
                # `C += tile`: read-modify-write of the whole buffer.
                rhs = self.expr(node.value)
                view = MemView(cur, [self.const(0, "index") for _ in cur.shape], cur.shape)
                self.store_window(view, self.arith(type(node.op), self.load_window(view, node),
                                                   rhs, node), node)
                return
            new = self.arith(type(node.op), cur, self.expr(node.value), node)
            self.assign(node.target, new, node)
            return
        if isinstance(node.target, ast.Subscript):
            mem = self.expr(node.target.value)
            view = self.window(mem, node.target.slice, node.target)
            rhs = self.expr(node.value)
            if isinstance(view, MemView):
                new = self.arith(type(node.op), self.load_window(view, node), rhs, node)
                self.store_window(view, new, node)
                return
            m, idx = view
            cur = Value(self.em.fresh("ld"), "scalar", m.dtype)
            self.emit_load(m, idx, cur)
            new = self.arith(type(node.op), cur, rhs, node)
            if isinstance(new, Value) and new.kind == "scalar" and new.dtype != m.dtype:
                self.err(f"cannot store {new.ty} into {m.ty}; use ts.tile.cast", node)
            self.emit_store(m, idx, new, node)
            return
        self.err(f"cannot assign to {type(node.target).__name__}", node)

    # -- control flow ----------------------------------------------------------------------------

    def emit_if(self, cond, then_lines, else_lines, result_vals, node):
        names = [self.em.fresh("if") for _ in result_vals]
        lhs = (", ".join(names) + " = ") if names else ""
        tys = ", ".join(v.ty for v in result_vals)
        here = self.em.loc_text((node.lineno, node.col_offset + 1))
        self.em.raw(f'{lhs}"scf.if"({cond.name}) ({{ // {here}')
        for ln in then_lines:
            self.em.raw("  " + ln)
        self.em.raw("}, {")
        for ln in else_lines:
            self.em.raw("  " + ln)
        self.em.op(f"}}) : (i1) -> ({tys})", (node.lineno, node.col_offset + 1))
        return [Value(n, v.kind, v.dtype, v.shape, v.space, v.vector)
                for n, v in zip(names, result_vals)]

    def stmt_If(self, node):
        cond = self.as_bool(self.expr(node.test), node.test)
        if is_const(cond):
            self.block(node.body if cond else node.orelse)
            return
        before = dict(self.env)
        self.em.push()
        self.block(node.body)
        env_then, then_lines = self.env, self.em.pop()
        self.env = dict(before)
        self.em.push()
        self.block(node.orelse)
        env_else, else_lines = self.env, self.em.pop()
        merged, yt, ye = [], [], []
        for name in assigned_names(node.body + node.orelse):
            a, b = env_then.get(name), env_else.get(name)
            if a is None or b is None:  # new on one branch only: not visible after the if
                self.one_branch[name] = node.lineno
                continue
            if a is b:
                continue
            merged.append(name)
            yt.append(a)
            ye.append(b)
        self.env = dict(before)
        ytv, yev = self.yield_pair(yt, ye, then_lines, else_lines, merged, node)
        self.env = dict(before)
        results = self.emit_if(cond, then_lines, else_lines, ytv, node)
        for name, r in zip(merged, results):
            self.env[name] = r
            self.one_branch.pop(name, None)

    def yield_pair(self, yt, ye, then_lines, else_lines, names, node):
        """Materialises the yielded values of both branches in one type each and appends the
        scf.yield ops."""
        outs_t, outs_e = [], []
        for name, a, b in zip(names, yt, ye):
            ty = a.dtype if isinstance(a, Value) else b.dtype if isinstance(b, Value) else None
            if ty is None:
                fa, fb = isinstance(a, float), isinstance(b, float)
                ty = "f32" if fa or fb else ("i1" if isinstance(a, bool) and isinstance(b, bool)
                                            else "index")
            outs_t.append(self.in_lines(then_lines, a, ty, name, node))
            outs_e.append(self.in_lines(else_lines, b, ty, name, node))
            if not outs_t[-1].same_type(outs_e[-1]):
                self.err(f"'{name}' has type {outs_t[-1].ty} on one branch and {outs_e[-1].ty} "
                         "on the other", node)
        for lines, outs in ((then_lines, outs_t), (else_lines, outs_e)):
            lines.append(self.yield_text(outs))
        return outs_t, outs_e

    def in_lines(self, lines, val, ty, name, node):
        """`val` as an IR value, emitting any constant at the end of `lines`."""
        if isinstance(val, Value):
            if val.kind == "mem":
                self.err(f"'{name}': a buffer cannot be reassigned under a condition "
                         "(index a list of buffers instead)", node)
            return val
        if not is_const(val):
            self.err(f"'{name}' is {self.describe(val)}, which cannot change under a "
                     "condition", node)
        self.em.push()
        v = self.const(val, ty)
        lines.extend(self.em.pop())
        return v

    def yield_text(self, outs):
        """The scf.yield of `outs`, with the current location."""
        if not outs:
            return f'"scf.yield"() : () -> () {self.em.loc_text()}'
        return (f'"scf.yield"({", ".join(v.name for v in outs)}) : '
                f'({", ".join(v.ty for v in outs)}) -> () {self.em.loc_text()}')

    def loop_range(self, node):
        it = node.iter
        if not isinstance(it, ast.Call):
            self.err("a kernel loop iterates over range(...) or ts.tile.range(...)", node)
        fn = self.expr(it.func)
        if not (fn is range or getattr(fn, "_tile_op", None) == "range"):
            self.err("a kernel loop iterates over range(...) or ts.tile.range(...)", node)
        args = [self.expr(a) for a in it.args]
        kw = {k.arg: self.expr(k.value) for k in it.keywords}
        if "step" in kw:
            args = (args + [0])[:2] if len(args) == 1 else args
            if len(args) == 1:
                args = [0, args[0]]
            args = args[:2] + [kw.pop("step")]
        if kw or not 1 <= len(args) <= 3:
            self.err("range takes (stop), (start, stop) or (start, stop, step)", it)
        if len(args) == 1:
            args = [0, args[0]]
        if len(args) == 2:
            args.append(1)
        lo, hi, step = args
        if is_const(step) and step <= 0:
            self.err("a kernel loop needs a positive step", it)
        return [self.index_value(x, it) for x in (lo, hi, step)]

    def stmt_For(self, node):
        if node.orelse:
            self.err("for ... else cannot be used in a kernel", node)
        if not isinstance(node.target, ast.Name):
            self.err("the loop variable must be a name", node)
        lo, hi, step = self.loop_range(node)
        carried = [n for n in assigned_names(node.body, self.env)
                   if n in self.env and n != node.target.id]
        self.loop(node, carried, lambda args: self.emit_for(node, lo, hi, step, args))

    def stmt_While(self, node):
        if node.orelse:
            self.err("while ... else cannot be used in a kernel", node)
        carried = [n for n in assigned_names(node.body, self.env) if n in self.env]
        self.loop(node, carried, lambda args: self.emit_while(node, args))

    def loop(self, node, carried, emit):
        types, depth = {}, len(self.em.stack)
        for _ in range(3):
            try:
                before = dict(self.env)
                inits = []
                for n in carried:
                    v = self.env[n]
                    if isinstance(v, Value) and v.kind == "mem":
                        self.err(f"'{n}': a buffer cannot be reassigned in a loop "
                                 "(index a list of buffers instead)", node)
                    if not isinstance(v, Value) and not is_const(v):
                        self.err(f"'{n}' is {self.describe(v)}, which a loop cannot change", node)
                    if isinstance(v, Value):
                        inits.append(v)
                    else:  # a number: the body may give it another type (retyped below)
                        inits.append(self.materialize(v, types.get(n)))
                        inits[-1].from_number = True
                results = emit(inits)
                self.env = before
                for n, r in zip(carried, results):
                    self.env[n] = r
                return
            except _Retype as rt:
                del self.em.stack[depth:]
                self.env = before
                types.update(rt.types)
        self.err("loop-carried variables do not settle on a type", node)

    def body_outs(self, node, carried, inits):
        outs, retype = [], {}
        for n, init in zip(carried, inits):
            v = self.env.get(n)
            if v is None:
                self.err(f"'{n}' is not defined at the end of the loop body", node)
            if is_const(v):
                self.em.push()
                v = self.const(v, init.dtype)
                self.em.stack[-2].extend(self.em.pop())
            if not isinstance(v, Value) or v.kind == "mem":
                self.err(f"'{n}' becomes {self.describe(v)} in the loop body", node)
            if not v.same_type(init):
                if v.kind != "scalar" or not getattr(init, "from_number", False):
                    self.err(f"'{n}' enters the loop as {init.ty} and leaves the body as {v.ty}; "
                             "a loop variable keeps its type", node)
                retype[n] = v.dtype
            outs.append(v)
        if retype:
            raise _Retype(retype)
        return outs

    def emit_for(self, node, lo, hi, step, inits):
        carried = [n for n in assigned_names(node.body, self.env)
                   if n in self.env and n != node.target.id]
        iv = Value(self.em.fresh(node.target.id), "scalar", "index")
        args = [Value(self.em.fresh(n), v.kind, v.dtype, v.shape, v.space, v.vector)
                for n, v in zip(carried, inits)]
        self.em.push()
        self.env[node.target.id] = iv
        for n, a in zip(carried, args):
            self.env[n] = a
        self.block(node.body)
        outs = self.body_outs(node, carried, inits)
        self.em.raw(self.yield_text(outs))
        body = self.em.pop()
        self.env.pop(node.target.id, None)
        names = [self.em.fresh(n) for n in carried]
        lhs = (", ".join(names) + " = ") if names else ""
        opnds = ", ".join([lo.name, hi.name, step.name] + [v.name for v in inits])
        bargs = ", ".join([f"{iv.name}: index"] + [f"{a.name}: {a.ty}" for a in args])
        here = self.em.loc_text((node.lineno, node.col_offset + 1))
        self.em.raw(f'{lhs}"scf.for"({opnds}) ({{ // {here}')
        self.em.raw(f"^bb0({bargs}):")
        for ln in body:
            self.em.raw("  " + ln)
        tys_in = ", ".join(["index"] * 3 + [v.ty for v in inits])
        tys_out = ", ".join(v.ty for v in inits)
        self.em.op(f"}}) : ({tys_in}) -> ({tys_out})", (node.lineno, node.col_offset + 1))
        return [Value(n, v.kind, v.dtype, v.shape, v.space, v.vector) for n, v in zip(names, inits)]

    def emit_while(self, node, inits):
        carried = [n for n in assigned_names(node.body, self.env) if n in self.env]
        bargs = [Value(self.em.fresh(n), v.kind, v.dtype, v.shape, v.space, v.vector)
                 for n, v in zip(carried, inits)]
        self.em.push()
        for n, a in zip(carried, bargs):
            self.env[n] = a
        cond = self.as_bool(self.expr(node.test), node.test)
        cond = self.materialize(cond, "i1")
        fwd = ", ".join([cond.name] + [a.name for a in bargs])
        ftys = ", ".join(["i1"] + [a.ty for a in bargs])
        self.em.op(f'"scf.condition"({fwd}) : ({ftys}) -> ()',
                   (node.test.lineno, node.test.col_offset + 1))
        before_lines = self.em.pop()
        aargs = [Value(self.em.fresh(n), v.kind, v.dtype, v.shape, v.space, v.vector)
                 for n, v in zip(carried, inits)]
        self.em.push()
        for n, a in zip(carried, aargs):
            self.env[n] = a
        self.block(node.body)
        outs = self.body_outs(node, carried, inits)
        self.em.raw(self.yield_text(outs))
        body = self.em.pop()
        names = [self.em.fresh(n) for n in carried]
        lhs = (", ".join(names) + " = ") if names else ""
        tys = ", ".join(v.ty for v in inits)
        self.em.raw(f'{lhs}"scf.while"({", ".join(v.name for v in inits)}) ({{ '
                    f'// {self.em.loc_text((node.lineno, node.col_offset + 1))}')
        self.em.raw(f"^bb0({', '.join(f'{a.name}: {a.ty}' for a in bargs)}):")
        for ln in before_lines:
            self.em.raw("  " + ln)
        self.em.raw("}, {")
        self.em.raw(f"^bb0({', '.join(f'{a.name}: {a.ty}' for a in aargs)}):")
        for ln in body:
            self.em.raw("  " + ln)
        self.em.op(f"}}) : ({tys}) -> ({tys})", (node.lineno, node.col_offset + 1))
        return [Value(n, v.kind, v.dtype, v.shape, v.space, v.vector) for n, v in zip(names, inits)]
