#!/usr/bin/env python3
"""Runs the upstream corpus chunks that take tensors and compares them with a numpy oracle.

Usage: upstream_corpus_run.py CORPUS_DIR [--tool tessera-interp] [--max-elements N] [--seed S]
                              [--show] [--json FILE]

For every chunk upstream expects to be valid (split as scripts/upstream_corpus.py does) that
verifies here, each entry function (a public function with a body that no other function of the
chunk names) whose parameters are all static-shaped tensors or scalars of a format numpy holds
(f16, and with ml_dtypes bf16, f8E4M3FN and f8E5M2; f32, f64, i1, i8..i64, ui8, index; a `?`
dimension gets extent 3; a `!tessera.kv_cache` handle is given length 8) and whose inputs
together have at most N elements gets
random inputs (seeded; floats uniform in [-1, 1), integers in [0, 4), i1 random), is run by
`tessera-interp run`, and, when every op it reaches has a numpy reference below, its results
are compared with that reference (floats: |got - want| <= 1e-5 + 1e-4 |want| for f32 and f64,
1e-2 relative for f16 and bf16; integers and i1 exactly). The reference is written here in numpy from the
ops' specs (docs/ops/graph/), independently of the interpreter; it reads the module as
`tessera-interp print --generic` prints it (one op a line), so it follows the same parse.
Upstream's executable-payload form of control_for / control_while / control_if (the body as an
op list in attributes, docs/ops/graph/control-flow.md) is evaluated from those attributes here.

The report counts entries: runnable (inputs can be made), run (exit 0), compared (an oracle
covers every op) and agree; and lists the failures and the ops that have no oracle here.
"""
import argparse
import collections
import importlib
import json
import math
import pathlib
import re
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from upstream_corpus import chunks  # noqa: E402
from upstream_refs.common import NoOracle  # noqa: E402

DTYPES = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i1": np.bool_,
          "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "index": np.int64,
          "ui8": np.uint8}
try:
    import ml_dtypes
    DTYPES["bf16"] = ml_dtypes.bfloat16
    DTYPES["f8E4M3FN"] = ml_dtypes.float8_e4m3fn
    DTYPES["f8E5M2"] = ml_dtypes.float8_e5m2
except ImportError:  # bf16 parameters then count as inputs that cannot be made
    pass
DYNAMIC_DIM = 3  # the extent given to every `?` dimension of a parameter
KV_HANDLE_LENGTH = 8  # the length a `!tessera.kv_cache` parameter holds (a 0-d f32 input)
OP_LINE = re.compile(r'^\s*(?:(%[\w#:, %]+?)\s*=\s*)?"([\w.]+)"\((.*?)\)\s*(?:<\{.*?\}>)?\s*'
                     r'(\{.*\})?\s*:\s*\((.*?)\)\s*->\s*(.*)$')
FUNC_END = re.compile(r'^\s*\}\) \{function_type = .*sym_name = "([^"]+)"(.*)\} : \(\) -> \(\)$')


def load_family_refs():
    """Numpy references kept per op family in scripts/upstream_refs/*.py. Each module defines
    REFS, a dict from an op name to fn(values, attrs) -> list of results (numpy arrays); it may
    raise NoOracle (importable from upstream_refs.common) where its spec leaves the result open."""
    refs = {}
    folder = pathlib.Path(__file__).resolve().parent / "upstream_refs"
    for path in sorted(folder.glob("*.py")):
        if path.stem in ("__init__", "common"):
            continue
        module = importlib.import_module(f"upstream_refs.{path.stem}")
        for name, fn in getattr(module, "REFS", {}).items():
            if name in refs:
                raise SystemExit(f"error: two references for {name} in scripts/upstream_refs")
            refs[name] = fn
    return refs


def split_top(text, sep=","):
    """Splits at `sep` outside brackets, braces, angle brackets and strings."""
    parts, depth, cur, quoted = [], 0, "", False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "([{<":
            depth += 1
        elif not quoted and ch in ")]}>":
            depth -= 1
        if ch == sep and depth == 0 and not quoted:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def dense_value(v):
    """`dense<"0xHEX"> : tensor<..>` (raw little-endian bytes) or `dense<number> : tensor<..>`."""
    m = re.fullmatch(r'dense<(.*)>\s*:\s*(tensor<.*>)', v)
    pt = parse_type(m.group(2)) if m else None
    if pt is None or pt[1] not in DTYPES:
        return v
    body, dt = m.group(1).strip(), np.dtype(DTYPES[pt[1]])
    if body.startswith('"0x'):
        raw = np.frombuffer(bytes.fromhex(body[3:-1]), dt)
        if dt == np.bool_:
            raw = raw != 0
    else:
        raw = np.asarray(parse_value(body), dt)
    return np.full(pt[0], raw.reshape(-1)[0], dt) if raw.size == 1 else raw.reshape(pt[0])


def parse_value(v):
    v = v.strip()
    if v.startswith("dense<"):
        return dense_value(v)
    m = re.fullmatch(r"array<\s*\w+\s*:?(.*)>", v, re.S)
    if m:  # a dense array: array<i32: 1, 2>
        return [parse_value(x) for x in split_top(m.group(1))] if m.group(1).strip() else []
    v = re.sub(r"\s*:\s*(i\d+|f\d+|index)$", "", v)
    if v in ("true", "false"):
        return v == "true"
    if v.startswith('"'):
        return v.strip('"')
    if v.startswith("@"):
        return v[1:]
    if v.startswith("["):
        return [parse_value(x) for x in split_top(v[1:-1])]
    if v.startswith("{"):
        return parse_attrs(v)
    try:
        return int(v)
    except ValueError:
        try:
            return float(v)
        except ValueError:
            return v


def parse_attrs(text):
    if not text:
        return {}
    out = {}
    for item in split_top(text.strip()[1:-1]):
        if "=" in item:
            k, v = item.split("=", 1)
            out[k.strip()] = parse_value(v)
    return out


def parse_type(t):
    """Returns (shape, dtype name) of a tensor or scalar type, or None."""
    t = t.strip()
    m = re.fullmatch(r"tensor<(.*)>", t)
    if m:
        dims = m.group(1).split("x")
        if not all(d == "?" or d.isdigit() for d in dims[:-1]):
            return None
        return tuple(DYNAMIC_DIM if d == "?" else int(d) for d in dims[:-1]), dims[-1]
    return ((), t) if t in DTYPES else None


def parse_module(text):
    """Functions of a generically printed module: name -> dict(params, ops, private, nested)."""
    funcs, cur = {}, None
    for line in text.splitlines():
        s = line.strip()
        if s == '"func.func"() ({':
            cur = {"params": [], "ops": [], "nested": False, "body": False}
        elif cur is None:
            continue
        elif s.startswith("^bb0") and not cur["body"]:  # the entry block, not a region's
            cur["body"] = True
            inner = s[s.find("(") + 1:s.rfind(")")] if "(" in s else ""
            for p in split_top(inner):
                name, ty = p.split(":", 1)
                cur["params"].append((name.strip()[1:], ty.strip()))
        elif FUNC_END.match(line):
            m = FUNC_END.match(line)
            cur["private"] = 'sym_visibility = "private"' in m.group(2)
            funcs[m.group(1)] = cur
            cur = None
        elif s.endswith("({") or s.startswith("^"):
            cur["nested"] = True
        else:
            m = OP_LINE.match(line)
            if m:
                cur["ops"].append(m.groups())
            elif s and not s.startswith("}"):
                cur["nested"] = True
    return funcs


def result_names(spec):
    if not spec:
        return []
    names = []
    for part in split_top(spec):
        m = re.fullmatch(r"%([\w]+)(?::(\d+))?", part.strip())
        n = int(m.group(2) or 1)
        names += [m.group(1)] if n == 1 and not m.group(2) else [f"{m.group(1)}#{i}" for i in range(n)]
    return names


def as_type(x, ty):
    if isinstance(x, dict) or ty.strip().startswith("!tessera.neighbors."):
        return x  # a token of the neighbors ops (a stencil, topology or halo)
    if ty.strip() == "!tessera.kv_cache":
        return x  # a KV-cache handle: its length (upstream_refs/attnstate.py)
    pt = parse_type(ty)
    if pt is None or pt[1] not in DTYPES:
        raise NoOracle(f"result type {ty}")
    x = np.asarray(x).astype(DTYPES[pt[1]])
    return x if "?" in ty else x.reshape(pt[0])


def flag(x):
    x = np.asarray(x).reshape(-1)
    return bool(x[0]) if x.dtype == np.bool_ else bool(x[0] > 0)


UNARY = {
    "tessera.neg": np.negative, "tessera.abs": np.abs, "tessera.exp": np.exp,
    "tessera.log": np.log, "tessera.sqrt": np.sqrt, "tessera.rsqrt": lambda x: 1 / np.sqrt(x),
    "tessera.tanh": np.tanh, "tessera.relu": lambda x: np.maximum(x, 0),
    "tessera.sigmoid": lambda x: 1 / (1 + np.exp(-x)),
    "tessera.silu": lambda x: x / (1 + np.exp(-x)),
}
BINARY = {
    "tessera.add": np.add, "tessera.sub": np.subtract, "tessera.mul": np.multiply,
    "tessera.div": np.divide, "tessera.max": np.maximum, "tessera.min": np.minimum,
    "tessera.pow": np.power, "tessera.cmp_eq": np.equal, "tessera.cmp_ne": np.not_equal,
    "tessera.cmp_lt": np.less, "tessera.cmp_le": np.less_equal, "tessera.cmp_gt": np.greater,
    "tessera.cmp_ge": np.greater_equal,
}


def gelu(x, approximate):
    x = np.asarray(x, np.float64)
    if approximate == "tanh":
        return 0.5 * x * (1 + np.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))
    return 0.5 * x * (1 + np.vectorize(math.erf)(x / math.sqrt(2)))


def numeric_policy_gap(policy, operands):
    """Why an op's numeric_policy takes it outside this float64 reference, or None: only a
    policy that names the operands' own storage and a float accumulator at least as wide as f32
    leaves the mathematical result unchanged up to the comparison tolerance."""
    if policy is None:
        return None
    if not isinstance(policy, dict):
        return "(unparsed)"
    names = {np.dtype(np.float32): ("fp32", "f32"), np.dtype(np.float64): ("fp64", "f64"),
             np.dtype(np.float16): ("fp16", "f16")}
    if DTYPES.get("bf16") is not None:
        names[np.dtype(DTYPES["bf16"])] = ("bf16",)
    own = {n for x in operands for n in names.get(np.asarray(x).dtype, ())}
    for key, val in policy.items():
        if key == "storage" and val in own:
            continue
        if key in ("accum", "softmax") and val in ("fp32", "f32", "fp64", "f64"):
            continue
        return f"{key} = {val}"
    return None


def silu_mul(g, u):
    """silu(g) * u (docs/ops/graph/swiglu.md)."""
    g = np.asarray(g, np.float64)
    return g / (1 + np.exp(-g)) * np.asarray(u, np.float64)


def scaled_matmul(v, a):
    """Block-scaled matmul (docs/ops/graph/scaled_matmul.md), in float64: each block's partial
    sum times a_scale * b_scale, e8m0 scales read as 2^(bits - 127) (255: NaN)."""
    x, y = (np.asarray(t, np.float64) for t in v[:2])
    if a.get("transpose_b"):
        y = np.swapaxes(y, -1, -2)
    lay = a["scale_layout"]
    bn, bk = lay["block"]

    def scale(t):
        t = np.asarray(t)
        if lay["format"] != "e8m0":
            return t.astype(np.float64)
        e = t.view(np.uint8).astype(np.float64)
        return np.where(e == 255, np.nan, np.exp2(e - 127))

    sa, sb = scale(v[2]), scale(v[3])
    k, n = x.shape[-1], y.shape[-1]
    sb = np.repeat(sb, bn, axis=-1)[..., :n]
    out = 0
    for j in range(k // bk):
        part = x[..., j * bk:(j + 1) * bk] @ y[..., j * bk:(j + 1) * bk, :]
        out = out + part * sa[..., j:j + 1] * sb[..., j:j + 1, :]
    return out


def halo_pad(x, width, rule, axis):
    """Extends `x` by `width` cells on both sides of `axis` under one boundary rule."""
    pad = [(0, 0)] * x.ndim
    pad[axis] = (width, width)
    if rule in ("periodic", "reflect"):
        return np.pad(x, pad, mode="wrap" if rule == "periodic" else "reflect")
    kind, value = rule[:-1].split("(")
    if kind == "dirichlet":
        return np.pad(x, pad, mode="constant", constant_values=float(value))
    dist = np.abs(np.arange(-width, x.shape[axis] + width) -
                  np.clip(np.arange(-width, x.shape[axis] + width), 0, x.shape[axis] - 1))
    shape = [1] * x.ndim
    shape[axis] = -1
    return np.pad(x, pad, mode="edge") + float(value) * dist.reshape(shape)


def stencil_apply(st, x):
    """tessera.neighbors.stencil.apply on one device (docs/ops/graph/neighbors.md), in float64:
    the field padded axis by axis by its boundary rules, then sum of coeff * shifted field."""
    x = np.asarray(x, np.float64)
    taps = [np.asarray(t).reshape(-1).tolist() for t in st["taps"]]
    coeffs = st.get("coeffs") or [1.0] * len(taps)
    rules = [r.strip() for r in st.get("bc", "dirichlet(0)").split(",")]
    rules = rules * x.ndim if len(rules) == 1 else rules
    w = [max(abs(t[d]) for t in taps) for d in range(x.ndim)]
    if any(r == "reflect" and w[d] >= x.shape[d] for d, r in enumerate(rules)):
        raise NoOracle("reflect beyond one period")
    p = x
    for d in range(x.ndim):
        p = halo_pad(p, w[d], rules[d], d)
    out = 0
    for t, c in zip(taps, coeffs):
        sl = tuple(slice(w[d] + t[d], w[d] + t[d] + x.shape[d]) for d in range(x.ndim))
        out = out + float(c) * p[sl]
    return out


def conv2d_nhwc(v, a, out_type):
    """conv2d_nhwc (docs/ops/graph/contractions.md): NHWC input, HWIO filter, optional bias;
    padding VALID, SAME (TensorFlow's split) or [top, bottom, left, right]; without `padding`,
    SAME where the declared result has SAME's extents (conv_c7)."""
    x, w = np.asarray(v[0], np.float64), np.asarray(v[1], np.float64)
    n, h, wd, c = x.shape
    kh, kw, _, o = w.shape
    sh, sw = a.get("strides", [1, 1])
    dh, dw = a.get("dilations", [1, 1])
    pad = a.get("padding")
    oh, ow = out_type[0][1], out_type[0][2]

    def same(size, k, s, d):
        total = max((-(-size // s) - 1) * s + (k - 1) * d + 1 - size, 0)
        return total // 2, total - total // 2

    if pad == "SAME" or (pad is None and (oh, ow) == (-(-h // sh), -(-wd // sw))
                         and (oh, ow) != ((h - (kh - 1) * dh - 1) // sh + 1,
                                          (wd - (kw - 1) * dw - 1) // sw + 1)):
        (t, b), (l, r) = same(h, kh, sh, dh), same(wd, kw, sw, dw)
    elif isinstance(pad, list):
        t, b, l, r = pad
    else:
        t = b = l = r = 0
    xp = np.pad(x, ((0, 0), (t, b), (l, r), (0, 0)))
    out = np.zeros((n, oh, ow, o))
    for i in range(kh):
        for j in range(kw):
            patch = xp[:, i * dh: i * dh + (oh - 1) * sh + 1: sh, j * dw: j * dw + (ow - 1) * sw + 1: sw, :]
            out += np.einsum("nhwc,co->nhwo", patch, w[i, j])
    if len(v) > 2:
        out = out + np.asarray(v[2], np.float64)
    return out


def norm(op, v, a):
    """layer_norm / rmsnorm over the trailing dims from `axis` (docs/ops/graph/normalization.md)."""
    x = np.asarray(v[0], np.float64)
    axis = a.get("axis", -1) % x.ndim
    axes = tuple(range(axis, x.ndim))
    eps = a.get("epsilon", a.get("eps", 1e-5))
    if op == "tessera.layer_norm":
        x = x - x.mean(axis=axes, keepdims=True)
    y = x / np.sqrt((x * x).mean(axis=axes, keepdims=True) + eps)
    if len(v) > 1:
        y = y * np.asarray(v[1], np.float64)
    if len(v) > 2:
        y = y + np.asarray(v[2], np.float64)
    return y


def reduce_op(x, a):
    x = np.asarray(x, np.float64)
    axes = a.get("axes", a.get("axis"))
    axes = tuple(range(x.ndim)) if axes is None else (
        (axes,) if isinstance(axes, int) else tuple(axes))
    fn = {"sum": np.sum, "max": np.max, "min": np.min, "mean": np.mean}[a["kind"]]
    return fn(x, axis=axes, keepdims=bool(a.get("keepdims", False)))


def attention(v, a):
    """flash_attn (docs/ops/graph/attention.md): softmax(q kᵀ * scale) v per head; ranks 4, 3
    and 2; causal keeps key j for query i when j <= i."""
    q, k, w = (np.asarray(x, np.float64) for x in v)
    s = np.einsum("...id,...jd->...ij", q, k) * a.get("scale", 1 / np.sqrt(q.shape[-1]))
    if a.get("causal", False):
        i, j = np.arange(q.shape[-2])[:, None], np.arange(k.shape[-2])[None, :]
        s = np.where(j <= i, s, -np.inf)
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return (e / e.sum(axis=-1, keepdims=True)) @ w


def linalg(op, v, a):
    """cholesky, tri_solve and cholesky_solve (docs/ops/graph/linalg.md) by numpy.linalg."""
    x = np.asarray(v[0], np.float64)
    lower = a.get("lower", True)
    if op in ("tessera.cholesky", "tessera.cholesky_solve"):
        sym = np.tril(x) + np.swapaxes(np.tril(x, -1), -1, -2) if lower else \
            np.triu(x) + np.swapaxes(np.triu(x, 1), -1, -2)
        if not np.all(np.linalg.eigvalsh(sym) > 0):  # the spec gives NaN: not modelled here
            raise NoOracle(op + " of a matrix that is not positive definite")
    if op == "tessera.cholesky":
        if lower:
            return np.linalg.cholesky(x)
        return np.swapaxes(np.linalg.cholesky(np.swapaxes(x, -1, -2)), -1, -2)
    b = np.asarray(v[1], np.float64)
    if op == "tessera.cholesky_solve":
        return np.linalg.solve(x, b)
    t = np.tril(x) if lower else np.triu(x)
    if a.get("unit_diag", False):
        n = t.shape[-1]
        t[..., np.arange(n), np.arange(n)] = 1.0
    if a.get("trans", False):
        t = np.swapaxes(t, -1, -2)
    return np.linalg.solve(t, b)


FAMILY_REFS = {}


class Oracle:
    """Evaluates a module's functions with numpy (float64 inside, cast to each result type)."""

    def __init__(self, funcs):
        self.funcs = funcs

    def call(self, name, args, depth=0):
        f = self.funcs.get(name)
        if f is None or not f["body"] or f["nested"] or depth > 64:
            raise NoOracle(f"function @{name} (declaration, region or recursion)")
        env = {p: a for (p, _), a in zip(f["params"], args)}
        for results, op, operands, attrs, in_types, out_types in f["ops"]:
            vals = [env[o.strip()[1:]] for o in split_top(operands)]
            if op == "func.return":
                return vals
            types = split_top(out_types.strip().strip("()")) if out_types.strip() != "()" else []
            a = parse_attrs(attrs)
            a["_result_types"] = types  # for references whose result shape is the program's
            outs = self.op(op, vals, a, depth, types)
            outs = [as_type(v, t) for v, t in zip(outs, types)]
            for n, v in zip(result_names(results), outs):
                env[n] = v
        raise NoOracle(f"function @{name} has no return")

    def op(self, op, v, a, depth, types=()):
        if op == "tessera.scaled_matmul":  # its policy fields name what the spec does
            return [scaled_matmul(v, a)]
        policy_gap = numeric_policy_gap(a.get("numeric_policy"), v)
        if policy_gap:
            raise NoOracle(f"{op} with numeric_policy {policy_gap}")
        if op in FAMILY_REFS:
            return FAMILY_REFS[op](v, a)
        if op in UNARY:
            return [UNARY[op](np.asarray(v[0], np.float64))]
        if op in BINARY and a.get("signedness") in ("signed", "unsigned"):
            # compare_c4: the integer bits read as that signedness, compared exactly.
            kind = "u" if a["signedness"] == "unsigned" else "i"
            w = [np.asarray(x) for x in v]
            return [BINARY[op](*(x.view(f"{kind}{x.dtype.itemsize}") for x in w))]
        if op in BINARY:
            return [BINARY[op](*(np.asarray(x, np.float64) for x in v))]
        if op in ("tessera.neighbors.topology.create", "tessera.neighbors.stencil.define"):
            return [dict(a)]
        if op in ("tessera.neighbors.halo.region", "tessera.neighbors.halo.exchange"):
            return [v[0]]  # one device: the field itself (a token exchange has no result)
        if op == "tessera.neighbors.pipeline.config":
            return []
        if op == "tessera.neighbors.stencil.apply":
            return [stencil_apply(v[0], v[1])]
        if op == "tessera.silu_mul":
            return [silu_mul(v[0], v[1])]
        if op == "tessera.swiglu_fused":
            x, wg, wu, wd = (np.asarray(t, np.float64) for t in v)
            return [silu_mul(x @ wg, x @ wu) @ wd]
        if op == "tessera.gelu":
            return [gelu(v[0], a.get("approximate", "none"))]
        if op == "tessera.softmax":
            x = np.asarray(v[0], np.float64)
            e = np.exp(x - x.max(axis=a.get("axis", -1), keepdims=True))
            return [e / e.sum(axis=a.get("axis", -1), keepdims=True)]
        if op in ("tessera.layer_norm", "tessera.rmsnorm"):
            return [norm(op, v, a)]
        if op in ("tessera.layernorm_safe", "tessera.rmsnorm_safe"):  # the guide's names
            return [norm(op.replace("layernorm_safe", "layer_norm").replace("_safe", ""), v, a)]
        if op in ("tessera.conv2d_nhwc", "tessera.reshape") and (not types or "?" in types[0]):
            raise NoOracle(op + " with a dynamic result shape")
        if op == "tessera.conv2d_nhwc":
            return [conv2d_nhwc(v, a, parse_type(types[0]))]
        if op == "tessera.reshape":
            return [np.reshape(v[0], parse_type(types[0])[0])]
        if op in ("schedule.matmul", "schedule.softmax", "schedule.prefetch"):
            return [v[0]]  # a schedule changes how a value is computed, not what it is
        if op in ("schedule.mesh.define", "schedule.artifact"):
            return []
        if op == "tessera.mse":
            d = (np.asarray(v[0], np.float64) - np.asarray(v[1], np.float64)) ** 2
            return [d.sum() if a.get("reduction") == "sum" else d.mean()]
        if op == "tessera.binary_cross_entropy":
            z, t = np.asarray(v[0], np.float64), np.asarray(v[1], np.float64)
            terms = np.maximum(z, 0) - z * t + np.log1p(np.exp(-np.abs(z)))
            return [terms.sum() if a.get("reduction") == "sum" else terms.mean()]
        if op == "tessera.reduce":
            return [reduce_op(v[0], a)]
        if op == "tessera.select":
            return [np.where(v[0], v[1], v[2])]
        if op == "tessera.cast" and np.asarray(v[0]).dtype.kind == "f":
            return [v[0]]
        if op == "tessera.transpose":
            perm, names_in = a.get("perm"), a.get("tessera.dim_names_in")
            if perm is None and names_in and a.get("tessera.dim_names_out"):  # transpose_c1
                perm = [names_in.index(n) for n in a["tessera.dim_names_out"]]
            return [np.transpose(v[0], perm)]
        if op == "tessera.matmul":
            x, y = (np.asarray(t, np.float64) for t in v)
            if a.get("transpose_a"):
                x = np.swapaxes(x, -1, -2)
            if a.get("transpose_b"):
                y = np.swapaxes(y, -1, -2)
            return [x @ y]
        if op in ("tessera.flash_attn", "tessera.flash_attention"):
            return [attention(v, a)]
        if op == "tessera.log_softmax":
            x = np.asarray(v[0], np.float64)
            ax = a.get("axis", -1)
            s = x - x.max(axis=ax, keepdims=True)
            return [s - np.log(np.exp(s).sum(axis=ax, keepdims=True))]
        if op in ("tessera.cholesky", "tessera.tri_solve", "tessera.cholesky_solve"):
            return [linalg(op, v, a)]
        if op == "arith.constant" and isinstance(a.get("value"), (int, float, bool, np.ndarray)):
            return [np.asarray(a["value"])]
        if op == "func.call":
            return self.call(a["callee"], v, depth + 1)
        if op.startswith("tessera.control_"):
            return self.control(op, v, a, depth)
        raise NoOracle(op)

    def payload(self, a, prefix, ids):
        """Upstream's op-list payload (control-flow.md, "Executable payload"): entry j applies
        opcode j to the ids in0[j] (and in1[j] unless -1); its value takes the next id."""
        vals = list(ids)
        get = lambda name, j, d: (a.get(f"{prefix}_{name}") or [])[j] \
            if j < len(a.get(f"{prefix}_{name}") or []) else d
        unary = {20: "tessera.relu", 21: "tessera.sigmoid", 22: "tessera.tanh",
                 23: "tessera.silu"}
        for j, code in enumerate(a[f"{prefix}_opcodes"]):
            x = np.asarray(vals[get("in0", j, -1)])
            iy = get("in1", j, -1)
            y = np.asarray(vals[iy], np.float64) if iy >= 0 else None
            xf = x.astype(np.float64)
            if code == 0:
                bits = get("iattr", j, 0)
                r = (np.swapaxes(xf, -1, -2) if bits & 1 else xf) @ \
                    (np.swapaxes(y, -1, -2) if bits & 2 else y)
            elif code in (1, 2, 3, 4):
                r = [np.add, np.subtract, np.multiply, np.divide][code - 1](xf, y)
            elif code == 10:
                e = np.exp(xf - xf.max(axis=-1, keepdims=True))
                r = e / e.sum(axis=-1, keepdims=True)
            elif code in (11, 12):
                op = "tessera.rmsnorm" if code == 11 else "tessera.layer_norm"
                r = norm(op, [xf], {"eps": get("fattr", j, 1e-5)})
            elif code in unary:
                r = UNARY[unary[code]](xf)
            elif code == 24:
                r = gelu(xf, "none")
            else:
                raise NoOracle(f"payload opcode {code}")
            vals.append(r.astype(x.dtype) if x.dtype.kind == "f" else r)
        return vals[a[f"{prefix}_out_id"]]

    def control_payload(self, op, v, a):
        if op == "tessera.control_if":
            return [self.payload(a, "then" if flag(v[a.get("flag_arg_index", 0)]) else "else", v)]
        ids = list(v) + [v[a.get("carry_arg_index", 0)]]
        if op == "tessera.control_for":
            for _ in range(a["start"], a["stop"], a["step"]):
                ids[-1] = self.payload(a, "body", ids)
            return [ids[-1]]
        if op == "tessera.control_while" and "cond_opcodes" in a:
            for _ in range(a["max_iters"]):
                if not flag(self.payload(a, "cond", ids)):
                    break
                ids[-1] = self.payload(a, "body", ids)
            return [ids[-1]]
        raise NoOracle(op + " (payload)")

    def control(self, op, v, a, depth):
        """Upstream's control ops as docs/ops/graph/control-flow.md states them."""
        if any(k in a for k in ("body_opcodes", "cond_opcodes", "then_opcodes")):
            return self.control_payload(op, v, a)
        c = a.get("carry_arg_index")
        carried = [c] if c is not None else list(range(len(v)))
        state = list(v)

        def step(fn):
            outs = self.call(fn, state, depth + 1)
            for i, o in zip(carried, outs):
                state[i] = o
            return outs

        if op == "tessera.control_for":
            for _ in range(a["start"], a["stop"], a["step"]):
                step(a["body"])
            return [state[i] for i in carried]
        if op == "tessera.control_while":
            for _ in range(a["max_iters"]):
                if not flag(self.call(a["cond"], state, depth + 1)[0]):
                    break
                step(a["body"])
            return [state[i] for i in carried]
        if op == "tessera.control_scan":
            carry, ys = v[0], []
            for t in range(a["trip"]):
                carry, y = self.call(a["body"], [carry, np.asarray(v[1])[t]] + v[2:], depth + 1)
                ys.append(y)
            return [carry, np.stack(ys)]
        if op == "tessera.control_if":
            k = a.get("flag_arg_index", 0)
            rest = [x for i, x in enumerate(v) if i != k]
            return self.call(a["then_branch"] if flag(v[k]) else a["else_branch"], rest, depth + 1)
        raise NoOracle(op)


def close(got, want):
    if got.dtype.kind == "V" and want.dtype.kind == "V" or \
            want.dtype.name in ("bfloat16", "float8_e4m3fn", "float8_e5m2"):  # raw bits saved
        got = got.view(want.dtype) if got.dtype.itemsize == want.dtype.itemsize else got
    if got.shape != want.shape:
        return False
    if want.dtype.kind in "biu":
        return np.array_equal(got, want)
    rtol = 1e-2 if want.dtype.itemsize == 2 else 1e-4
    g, w = got.astype(np.float64), want.astype(np.float64)
    return bool(np.all((np.abs(g - w) <= 1e-5 + rtol * np.abs(w)) | (np.isnan(g) & np.isnan(w))))


def entries(funcs, chunk):
    for name, f in funcs.items():
        if f.get("private") or not f["body"]:
            continue
        if re.search(rf"@{re.escape(name)}\b(?!\s*\()", chunk):
            continue  # called or named by another op: not an entry
        yield name, f


def make_inputs(params, rng, max_elements):
    vals, total = {}, 0
    for name, ty in params:
        if ty.strip() == "!tessera.kv_cache":  # a handle: its length (kv_cache.md, "Handles")
            vals[name] = np.array(KV_HANDLE_LENGTH, np.float32)
            continue
        pt = parse_type(ty)
        if pt is None or pt[1] not in DTYPES:
            return None, f"parameter %{name}: {ty}"
        shape, dt = pt
        total += int(np.prod(shape, dtype=np.int64))
        if total > max_elements:
            return None, f"inputs exceed {max_elements} elements"
        if dt == "i1":
            vals[name] = rng.integers(0, 2, shape).astype(np.bool_)
        elif dt.startswith("f"):
            vals[name] = rng.uniform(-1, 1, shape).astype(DTYPES[dt])
        else:
            vals[name] = rng.integers(0, 4, shape).astype(DTYPES[dt])
    return vals, None


def return_names(chunk, entry):
    m = re.search(rf"func\.func\s+(?:public\s+)?@{re.escape(entry)}\b.*?\breturn\b([^:\n]*)",
                  chunk, re.S)
    return [t.strip()[1:] for t in m.group(1).split(",")] if m and m.group(1).strip() else []


def stem(names, k):
    if k < len(names):
        n = names[k]
        if re.fullmatch(r"[A-Za-z_]\w*", n) and names.count(n) == 1:
            return n
    return str(k)


def run_entry(tool, d, src, entry, inputs, chunk):
    args = [tool, "run", str(src), "--entry", entry, "--output-dir", str(d / "out"),
            "--threads", "1"]
    d.mkdir()
    for k, v in inputs.items():
        np.save(d / f"in_{k}.npy", v)
        args += ["--input", f"{k}={d / f'in_{k}.npy'}"]
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None, "timed out after 120 s"
    if p.returncode != 0:
        err = re.search(r"error: (.*)", p.stderr)
        return None, err.group(1) if err else f"exit status {p.returncode}"
    names = return_names(chunk, entry)
    nres = len(list((d / "out").glob("*.npy"))) if (d / "out").is_dir() else 0
    return [np.load(d / "out" / f"{stem(names, k)}.npy") for k in range(nres)], None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("--tool", default="tessera-interp")
    ap.add_argument("--max-elements", type=int, default=1 << 22)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--show", action="store_true", help="print one line per entry")
    ap.add_argument("--json", default=None)
    a = ap.parse_args()
    if not pathlib.Path(a.corpus).is_dir():
        print(f"error: corpus directory '{a.corpus}' does not exist", file=sys.stderr)
        return 2
    FAMILY_REFS.update(load_family_refs())
    rng = np.random.default_rng(a.seed)
    count = collections.Counter()
    no_oracle = collections.Counter()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, _, chunk in chunks(a.corpus):
            d = pathlib.Path(tmp) / f"c{count['chunks']}"
            d.mkdir()
            count["chunks"] += 1
            src = d / "chunk.mlir"
            src.write_text(chunk)
            p = subprocess.run([a.tool, "print", "--generic", str(src)], capture_output=True,
                               text=True, timeout=120)
            if p.returncode != 0:
                continue  # does not verify: scripts/upstream_corpus.py reports it
            funcs = parse_module(p.stdout)
            for entry, f in entries(funcs, chunk):
                count["entries"] += 1
                inputs, why = make_inputs(f["params"], rng, a.max_elements)
                line = f"{name} @{entry}: "
                if inputs is None:
                    count["no inputs"] += 1
                    line += f"inputs cannot be made ({why})"
                else:
                    count["runnable"] += 1
                    try:
                        want, oracle_gap = Oracle(funcs).call(entry, list(inputs.values())), None
                    except NoOracle as e:
                        want, oracle_gap = None, str(e)
                    except (ValueError, KeyError, IndexError, TypeError) as e:
                        want, oracle_gap = None, f"oracle could not evaluate: {e}"
                    got, err = run_entry(a.tool, d / entry, src, entry, inputs, chunk)
                    if err:
                        count["run failed"] += 1
                        failures.append(f"{line}{err}")
                        line += f"run failed: {err}"
                    else:
                        count["run"] += 1
                        if want is None:
                            no_oracle[oracle_gap] += 1
                            line += f"ran; no oracle ({oracle_gap})"
                        else:
                            count["compared"] += 1
                            ok = len(got) == len(want) and all(
                                close(g, w) for g, w in zip(got, want))
                            count["agree" if ok else "disagree"] += 1
                            if not ok:
                                failures.append(f"{line}differs from the numpy oracle")
                            line += "agrees with numpy" if ok else "DIFFERS from numpy"
                if a.show:
                    print(line)
    print(f"chunks: {count['chunks']}  entries: {count['entries']}  runnable: {count['runnable']}  "
          f"run: {count['run']}  compared with numpy: {count['compared']}  "
          f"agree: {count['agree']}  disagree: {count['disagree']}  "
          f"run failed: {count['run failed']}")
    if failures:
        print("\nfailures:")
        for f in failures:
            print(f"  {f}")
    if no_oracle:
        print("\nran without an oracle (first uncovered op):")
        for k, n in no_oracle.most_common():
            print(f"  {n:4d}  {k}")
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(
            {"counts": dict(count), "failures": failures, "no_oracle": dict(no_oracle)},
            indent=1) + "\n")
    return 1 if count["disagree"] else 0


if __name__ == "__main__":
    sys.exit(main())
