"""The recurrent-state ops lowered to Tile and Target IR as scalar kernels: linear_attn (every
feature map, causal or not), lightning_attention, gated_deltanet, kimi_delta_attention and
hybrid_attention (both bodies), selective_ssm and depth_attn. Every level is bit-exact with a
Python oracle of the spec's order (docs/ops/graph/linear_attention.md, selective_ssm.md,
depth_attn.md): each fma is exact (fractions, rounded once to f32 by hand), exp is the spec's
expf (conformance/gen/spec_expf.py). Crafted inputs put an fma's f64 sum exactly on an f32
midpoint (and on the overflow threshold), where rounding the f64 sum again would give other
bits: the kernels' fma composition must break those ties by the sum's exact error.

Usage: levels_attnstate_test.py TESSERA_INTERP
"""
import math
import pathlib
import sys
import tempfile
from fractions import Fraction

import ml_dtypes
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_expf  # noqa: E402  (the spec's expf, modelled from docs/numerics.md)

from levels_common import (  # noqa: E402
    check, check_case, check_stays_at_schedule, check_validates, finish, one_op_program,
    save_inputs)

F = np.float32


def round_f32(q):
    """The exact rational q rounded once to f32 (nearest, ties to even, subnormals, overflow)."""
    m = abs(q)
    e = m.numerator.bit_length() - m.denominator.bit_length()
    if Fraction(2) ** e > m:
        e -= 1
    quantum = Fraction(2) ** (max(e, -126) - 23)
    v = round(m / quantum) * quantum  # round() of a Fraction ties to even
    return F(math.copysign(math.inf if v >= 2 ** 128 else float(v), q))


def fma(a, b, c):
    """std::fma of three f32 values, rounded once."""
    a, b, c = float(a), float(b), float(c)
    if not all(map(math.isfinite, (a, b, c))):
        return F(a * b + c)  # Inf and NaN: exact in f64
    q = Fraction(a) * Fraction(b) + Fraction(c)
    if q == 0:  # IEEE: -0 only when both addends are -0
        neg = math.copysign(1, a) * math.copysign(1, b) < 0 and math.copysign(1, c) < 0
        return F(-0.0 if neg else 0.0)
    return round_f32(q)


def feature(fmap, x):
    if fmap == "elu":
        return F(x + F(1)) if x > 0 else spec_expf.expf(float(x))
    if fmap == "relu":
        return x if x > 0 else F(0)
    if fmap == "polynomial_2":
        return F(x * x)
    return x


def slices(q, k, v):
    """q, k, v as [slices, S, D] and the output's [slices, S, Dv] zeros."""
    vs = v.reshape(-1, *v.shape[-2:])
    return q.reshape(-1, *q.shape[-2:]), k.reshape(-1, *k.shape[-2:]), vs, np.zeros(vs.shape, F)


def linear(q, k, v, fmap="identity", causal=True):
    """The recurrence of every slice: S += phi(k_t)^T v_t by fmas, o_t[j] the fma chain of
    phi(q_t[i]) S[i][j] over i from +0."""
    qs, ks, vs, out = slices(q, k, v)
    for b in range(qs.shape[0]):
        s_len, dk, dv = qs.shape[1], qs.shape[2], vs.shape[2]
        st = [[F(0)] * dv for _ in range(dk)]

        def absorb(t_):
            for i in range(dk):
                pk = feature(fmap, ks[b, t_, i])
                for j in range(dv):
                    st[i][j] = fma(pk, vs[b, t_, j], st[i][j])

        def emit(t_):
            pq = [feature(fmap, qs[b, t_, i]) for i in range(dk)]
            for j in range(dv):
                acc = F(0)
                for i in range(dk):
                    acc = fma(pq[i], st[i][j], acc)
                out[b, t_, j] = acc

        if causal:
            for t_ in range(s_len):
                absorb(t_)
                emit(t_)
        else:
            for t_ in range(s_len):
                absorb(t_)
            for t_ in range(s_len):
                emit(t_)
    return out.reshape(v.shape)


def softmax_attn(q, k, v, causal=True):
    """hybrid_attention's softmax slot: fma dot products times the scale, then `mix`."""
    qs, ks, vs, out = slices(q, k, v)
    scale = F(F(1) / np.sqrt(F(q.shape[-1])))
    for b in range(qs.shape[0]):
        s_len, dk, dv = qs.shape[1], qs.shape[2], vs.shape[2]
        for i in range(s_len):
            n = i + 1 if causal else s_len
            e = []
            for j in range(n):
                acc = F(0)
                for d in range(dk):
                    acc = fma(qs[b, i, d], ks[b, j, d], acc)
                e.append(F(acc * scale))
            out[b, i] = mix(e, vs[b, :n])
    return out.reshape(v.shape)


def mix(scores, values):
    """The softmax-weighted rows of `values` [n, C]: the std::max chain of the scores from -Inf
    (a NaN is skipped), expf weights summed from +0, per column the fma chain of w_j v_j[c]
    from +0, one division."""
    mx = F(-np.inf)
    for s in scores:
        mx = s if mx < s else mx
    w, total = [], F(0)
    for s in scores:
        w.append(spec_expf.expf(float(F(s - mx))))
        total = F(total + w[-1])
    out = np.zeros(values.shape[1], F)
    for c in range(values.shape[1]):
        acc = F(0)
        for j, wj in enumerate(w):
            acc = fma(wj, values[j, c], acc)
        out[c] = F(acc / total)
    return out


def ssm(x, a, b, c, dl, g=None, h0=None):
    """The selective scan per (batch, channel): abar = expf(delta * A), u = (delta * b) * x,
    h = fma(abar, h, u), y the fma chain of c * h over n from +0, times the gate."""
    nb, ns, nd = x.shape
    nn = b.shape[2]
    y = np.zeros(x.shape, F)
    for bb in range(nb):
        for d in range(nd):
            h = [h0[bb, d, n] if h0 is not None else F(0) for n in range(nn)]
            for t_ in range(ns):
                delta, xv = dl[bb, t_, d], x[bb, t_, d]
                acc = F(0)
                for n in range(nn):
                    av = a[d, n] if a.ndim == 2 else a[d]
                    abar = spec_expf.expf(float(F(delta * av)))
                    h[n] = fma(abar, h[n], F(F(delta * b[bb, t_, n]) * xv))
                    acc = fma(c[bb, t_, n], h[n], acc)
                y[bb, t_, d] = F(acc * g[bb, t_, d]) if g is not None else acc
    return y


def depth(q, src, eps):
    """Per position: rms by an fma chain of squares, logits dot / rms, then `mix`."""
    m, d = src.shape[0], src.shape[-1]
    rows = src.reshape(m, -1, d)
    out = np.zeros(rows.shape[1:], F)
    for p in range(rows.shape[1]):
        logits = []
        for s in range(m):
            sq = dot = F(0)
            for j in range(d):
                sq = fma(rows[s, p, j], rows[s, p, j], sq)
            for j in range(d):
                dot = fma(q[j], rows[s, p, j], dot)
            logits.append(F(dot / np.sqrt(F(F(sq / F(d)) + F(eps)))))
        out[p] = mix(logits, rows[:, p])
    return out.reshape(src.shape[1:])


NAMES = {np.float32: "f32", ml_dtypes.bfloat16: "bf16", np.float16: "f16", np.float64: "f64"}


def program(op, ins, out_shape, attrs):
    return one_op_program(op, ins, out_shape, NAMES[ins[0].dtype.type], attrs)


def case(d, name, op, ins, want, attrs=""):
    check_case(d, name, program(op, ins, want.shape, attrs), ins, [want])


def midpoint_inputs():
    """Three slices of S = 2, Dk = Dv = 1, q = 1: step 1 adds a product P to the state C with
    P + C rounded in f64 an f32 midpoint (or FLT_MAX + half an ulp) that the exact sum misses."""
    u = 2.0 ** -23
    p_k, p_v = 1 + u, 2.0 ** -24 * (1 - u)  # P = 2^-24 - 2^-70
    k = np.array([[1, p_k], [1, -p_k], [1, p_k]], F)
    v = np.array([[1 + u, p_v], [1 + 3 * u, p_v], [np.finfo(F).max, 2.0 ** 103 * (1 - u)]], F)
    q = np.ones((3, 2), F)
    want = [F(1 + u), F(1 + 3 * u), np.finfo(F).max]
    for s in range(3):  # rounding the f64 sum to f32 would break the tie the other way
        with np.errstate(over="ignore"):
            naive = F(float(k[s, 1]) * float(v[s, 1]) + float(v[s, 0]))
        check(naive != want[s], f"midpoint slice {s}: the naive sum is already right")
    return q.reshape(3, 2, 1), k.reshape(3, 2, 1), v.reshape(3, 2, 1), want


def linear_family(d, rng):
    q, k, v, want = midpoint_inputs()
    got = linear(q, k, v)
    check([got[s, 1, 0] for s in range(3)] == want, "the fma oracle misses the midpoints")
    case(d, "midpoints", "linear_attn", [q, k, v], got, 'feature_map = "identity"')
    q = rng.standard_normal((2, 3, 7, 4)).astype(F)
    k = rng.standard_normal((2, 3, 7, 4)).astype(F)
    v = rng.standard_normal((2, 3, 7, 5)).astype(F)
    k[0, 1, 2, 3], q[1, 0, 4, 0], v[0, 0, 3, 1] = -0.0, -0.0, np.inf
    for fmap in ("identity", "elu", "relu", "polynomial_2"):
        for causal in (True, False):
            c = "true" if causal else "false"
            case(d, f"linear_{fmap}_{c}", "linear_attn", [q, k, v],
                 linear(q, k, v, fmap, causal), f'causal = {c}, feature_map = "{fmap}"')
    q3, k3, v3 = q[0], k[0], v[0]
    for op in ("lightning_attention", "gated_deltanet", "kimi_delta_attention"):
        case(d, op, op, [q3, k3, v3], linear(q3, k3, v3))
    case(d, "hybrid_linear", "hybrid_attention", [q3, k3, v3], linear(q3, k3, v3),
         'pattern = "kimi", layer_index = 2 : i64')
    k3 = k3.copy()
    k3[1, 5, 2] = np.nan  # a NaN score: std::max skips it, its exp poisons the sums
    for causal in (True, False):
        c = "true" if causal else "false"
        case(d, f"hybrid_softmax_{c}", "hybrid_attention", [q3, k3, v3],
             softmax_attn(q3, k3, v3, causal),
             f'pattern = "ling_2_5", layer_index = 15 : i64, causal = {c}')


def scan_and_depth(d, rng):
    def r(*shape):
        return rng.standard_normal(shape).astype(F)
    x, b, c, dl = r(2, 6, 3), r(2, 6, 4), r(2, 6, 4), np.abs(r(2, 6, 3)) * F(0.5)
    a = -np.abs(r(3, 4))
    case(d, "ssm", "selective_ssm", [x, a, b, c, dl], ssm(x, a, b, c, dl), "chunk_size = 64 : i64")
    g, h0 = r(2, 6, 3), r(2, 3, 4)
    x[1, 2, 0], b[0, 3, 1] = -0.0, np.inf  # an Inf input poisons its channel's later steps
    case(d, "ssm_gate_init", "selective_ssm", [x, a, b, c, dl, g, h0],
         ssm(x, a, b, c, dl, g, h0), "operand_clauses = {gate = [5, 1], init = [6, 1]}")
    a1 = -np.abs(r(3))  # A [D], broadcast over N; the gate only
    case(d, "ssm_a1_gate", "selective_ssm", [x, a1, b, c, dl, g], ssm(x, a1, b, c, dl, g),
         "operand_clauses = {gate = [5, 1]}")
    q, src = r(8), r(5, 2, 3, 8)
    src[2, 1, 0, 4] = np.nan  # a NaN logit: std::max skips it, its weight poisons the sums
    case(d, "depth", "depth_attn", [q, src], depth(q, src, 1e-6), "eps = 1.0e-6 : f64")
    case(d, "depth_eps", "depth_attn", [q, src[:, 0]], depth(q, src[:, 0], 0.25),
         "eps = 0.25 : f64")


def narrow(d, rng):
    """bf16 and f16 operands: the executor widens them to f32 around the kernel and rounds the
    result once at storage (ml_dtypes' round to nearest even). depth_attn takes f32 and f64 only
    (depth_attn_c1)."""
    for t, tn in ((ml_dtypes.bfloat16, "bf16"), (np.float16, "f16")):
        q, k = rng.standard_normal((2, 5, 3)).astype(t), rng.standard_normal((2, 5, 3)).astype(t)
        v = rng.standard_normal((2, 5, 4)).astype(t)
        w = [a.astype(F) for a in (q, k, v)]
        case(d, f"linear_elu_{tn}", "linear_attn", [q, k, v], linear(*w, "elu").astype(t))
        case(d, f"hybrid_softmax_{tn}", "hybrid_attention", [q, k, v],
             softmax_attn(*w).astype(t), 'pattern = "kimi", layer_index = 1 : i64')
        x, b, c = (rng.standard_normal(s).astype(t) for s in ((1, 4, 2), (1, 4, 3), (1, 4, 3)))
        a, dl, g = -np.abs(rng.standard_normal((2, 3))).astype(t), x * t(0.5), x[..., ::-1].copy()
        ww = [e.astype(F) for e in (x, a, b, c, dl, g)]
        case(d, f"ssm_{tn}", "selective_ssm", [x, a, b, c, dl, g], ssm(*ww).astype(t),
             "operand_clauses = {gate = [5, 1]}")


def specials_sweep(d, rng):
    """Inputs of +-0, +-Inf, NaNs with payloads, subnormals, +-FLT_MAX and magnitudes 1e+-20
    (overflow and underflow in the fmas): Tile and Target IR give Graph IR's bits (validate)."""
    sp = np.concatenate([np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-45, -1e-45,
                                   3.4028235e38, -3.4028235e38, 1e-38], F),
                         np.array([0x7fc12345, 0xffa00001], np.uint32).view(F)])

    def pick(*shape):
        a = (rng.standard_normal(shape) * rng.choice([1e-20, 1.0, 1e20], size=shape)).astype(F)
        m = rng.random(shape) < 0.05
        a[m] = rng.choice(sp, size=m.sum())
        return a
    ops = (("linear_attn", 'feature_map = "identity", causal = false'),
           ("linear_attn", 'feature_map = "elu"'),
           ("hybrid_attention", 'pattern = "kimi", layer_index = 1'))
    for n, (op, attrs) in enumerate(ops):
        ins = [pick(4, 16, 2), pick(4, 16, 2), pick(4, 16, 3)]
        src = d / f"specials{n}.mlir"
        src.write_text(program(op, ins, (4, 16, 3), attrs))
        check_validates(f"specials{n}", src, save_inputs(d, f"specials{n}", ins))


def stays(d):
    src = d / "f64.mlir"
    src.write_text(program("linear_attn", [np.zeros((2, 3, 4))] * 3, (2, 3, 4), ""))
    check_stays_at_schedule(src, "f64 linear attention")
    big = np.zeros((1, 2, 65, 65), F)
    src = d / "big.mlir"
    src.write_text(program("linear_attn", [big] * 3, big.shape, ""))
    check_stays_at_schedule(src, "a state of 4225 elements")
    x, a = np.zeros((1, 2, 3)), np.zeros((3, 2))
    src = d / "ssm_f64.mlir"
    src.write_text(program("selective_ssm", [x, a, np.zeros((1, 2, 2)), np.zeros((1, 2, 2)), x],
                           x.shape, ""))
    check_stays_at_schedule(src, "f64 selective_ssm needs an f64 fma")


def main():
    rng = np.random.default_rng(29)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        linear_family(d, rng)
        scan_and_depth(d, rng)
        specials_sweep(d, rng)
        narrow(d, rng)
        stays(d)
    finish()


if __name__ == "__main__":
    main()
