"""tessera.ebm steps and candidate ops and tessera.guided_denoise_region lowered to scalar kernels
(one group per row): every level bit-exact with a Python model of docs/ops/graph/ebm.md and
diffusion.md (each element's steps on f64 Python floats in the spec's order, rounded once to f32,
then once more to bf16 as the executor rounds a widened result; guided_denoise_region's three
steps rounded to the compute type by numpy), on rows holding NaN, Inf and signed zeros;
partition_exact against the same model with the spec's exp64 and log64 modelled in Python from
docs/numerics.md (conformance/gen/spec_exp64.py); langevin_step_philox against the numpy Philox
and mpmath's correctly rounded log and cos of scripts/upstream_refs/gaebm.py (counters whose
128-bit add carries, 64-bit seeds); decode_init's randn noise against conformance/gen/
philox_model.randn. self_verify's softmin (the C library's f64 exp) stays at Schedule IR with its
reason.

Usage: levels_ebm_test.py TESSERA_INTERP
"""
import math
import pathlib
import sys
import tempfile

import ml_dtypes
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import philox_model  # noqa: E402  (randn's stream: numpy Philox, mpmath log and cos)
import spec_exp64  # noqa: E402  (the spec's exp64 and log64, modelled from docs/numerics.md)
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))
from upstream_refs import gaebm as ref  # noqa: E402  (Philox and Box-Muller, mpmath log/cos)
from levels_common import check_case, check_stays_at_schedule, finish, one_op_program

BF16 = ml_dtypes.bfloat16
NAMES = {np.float32: "f32", np.float64: "f64", BF16: "bf16"}


def rounded(vals, dt, shape):
    """f64 results rounded once to f32 (f64 kept), then to bf16 for a bf16 result."""
    a = np.array(vals, np.float64).reshape(shape)
    if dt == np.float64:
        return a
    a = a.astype(np.float32)
    return a if dt == np.float32 else a.astype(dt)


def f64(a):
    return [float(v) for v in np.asarray(a).astype(np.float64).ravel()]


def program(op, ins, out_shape, attrs):
    """One op of "tessera.*" name `op` on `ins` (of one element type)."""
    return one_op_program(op.removeprefix("tessera."), ins, out_shape, NAMES[ins[0].dtype.type],
                          attrs)


def case(d, name, op, ins, want, attrs):
    check_case(d, name, program(op, ins, want.shape, attrs), ins, [want])


def partition(e, temp, red):
    """partition_exact over the last axis (every element for a rank-0 result): log Z = m +
    log64(sum exp64(l - m)), l = -e / T, m the max (NaN never wins), NaN if any l is NaN."""
    rows = np.asarray(e, np.float64).reshape(-1, e.shape[-1])
    out = []
    for row in rows:
        ls = [-float(v) / temp for v in row]
        m = -math.inf
        for v in ls:
            m = v if m < v else m
        if any(math.isnan(v) for v in ls):
            lz = math.nan
        elif math.isfinite(m):
            s = 0.0
            for v in ls:
                s += spec_exp64.exp64(v - m)
            lz = m + spec_exp64.log64(s)
        else:
            lz = m
        v = lz
        if red == "sum":
            v = spec_exp64.exp64(lz)
        if red == "mean":
            v = spec_exp64.exp64(lz) / len(ls)
        out.append(v)
    return out


def affine(y, g, n, eta, a):
    v = y - eta * g
    return v + a * n if n is not None else v


def steps(y, g, n, eta, a):
    ns = f64(n) if n is not None else [None] * y.size
    return [affine(yi, gi, ni, eta, a) for yi, gi, ni in zip(f64(y), f64(g), ns)]


def sphere(s, g, n, eta, a, tangent):
    w = s.shape[-1]
    ss, gs = np.asarray(s, np.float64).reshape(-1, w), np.asarray(g, np.float64).reshape(-1, w)
    nn = np.asarray(n, np.float64).reshape(-1, w) if n is not None else None
    out = []
    for r in range(ss.shape[0]):
        srow = list(map(float, ss[r]))
        v = [affine(srow[j], float(gs[r, j]), float(nn[r, j]) if nn is not None else None, eta, a)
             - srow[j] for j in range(w)]
        sv = 0.0
        for j in range(w):
            sv += srow[j] * v[j]
        wv = [srow[j] + ((v[j] - sv * srow[j]) if tangent else v[j]) for j in range(w)]
        n2 = 0.0
        for x in wv:
            n2 += x * x
        nrm = math.sqrt(n2) if n2 >= 0 else math.nan
        out += [x / nrm if nrm > 0 else x for x in wv]
    return out


def main():
    rng = np.random.default_rng(14)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        y, g, n = (rng.standard_normal((3, 5)).astype(np.float32) for _ in range(3))
        y[0, 1], g[1, 2], n[2, 3], y[2, 0], g[2, 0] = np.nan, np.inf, -np.inf, -0.0, 0.0
        case(d, "inner_noise_scale", "tessera.ebm.inner_step", [y, g, n],
             rounded(steps(y, g, n, 0.125, 0.25), np.float32, y.shape),
             "eta = 0.125 : f64, noise_scale = 0.25 : f64")
        y64, g64, n64 = (rng.standard_normal((2, 3, 4)) for _ in range(3))
        amp = math.sqrt(2.0 * 0.05 * 0.1)
        case(d, "langevin_f64", "tessera.ebm.langevin_step", [y64, g64, n64],
             rounded(steps(y64, g64, n64, 0.05, amp), np.float64, y64.shape),
             "eta = 0.05 : f64, temperature = 0.1 : f64")
        yb, gb = y.astype(BF16), g.astype(BF16)
        case(d, "refinement_bf16", "tessera.ebm.refinement", [yb, gb],
             rounded(steps(yb, gb, None, 4 * 0.1, 0.0), BF16, y.shape),
             "eta = 0.1 : f64, steps = 4 : i64")
        s8, g8, n8 = (rng.standard_normal((2, 3, 8)).astype(np.float32) for _ in range(3))
        s8[1, 2, 3] = np.nan
        biv = steps(s8, g8, n8, 0.01, math.sqrt(2.0 * 0.01 * 1.0))
        biv = [v if bin(i % 8).count("1") == 2 else 0.0 for i, v in enumerate(biv)]
        case(d, "bivector", "tessera.ebm.bivector_langevin_step", [s8, g8, n8],
             rounded(biv, np.float32, s8.shape), "eta = 0.01 : f64, temperature = 1.0 : f64")
        sp = rng.standard_normal((3, 6)).astype(np.float32)
        sg = rng.standard_normal((3, 6)).astype(np.float32)
        sp[2], sg[2] = 0.0, 0.0  # w = 0: stored as is
        case(d, "sphere_tangent", "tessera.ebm.sphere_langevin_step", [sp, sg],
             rounded(sphere(sp, sg, None, 0.01, 0.0, True), np.float32, sp.shape),
             "eta = 0.01 : f64")
        sp64, sg64, sn64 = (rng.standard_normal((2, 5)) for _ in range(3))
        case(d, "sphere_retract_f64", "tessera.ebm.sphere_langevin_step", [sp64, sg64, sn64],
             rounded(sphere(sp64, sg64, sn64, 0.02, 0.5, False), np.float64, sp64.shape),
             'eta = 0.02 : f64, noise_scale = 0.5 : f64, projection = "normalize_retract"')

        def energy(x, z):
            out = []
            for r in range(x.shape[0]):
                s = 0.0
                for a, b in zip(f64(x[r]), f64(z[r])):
                    s += (a - b) * (a - b)
                out.append(0.5 * s)
            return out
        case(d, "energy_quadratic", "tessera.ebm.energy_quadratic", [y, n],
             rounded(energy(y, n), np.float32, (3,)), "")
        # decode_init: [B, ...] -> [B, K, ...]
        x = rng.standard_normal((2, 2, 3)).astype(np.float32)
        case(d, "decode_copy", "tessera.ebm.decode_init", [x],
             np.repeat(x[:, None], 3, axis=1), 'steps = 3 : i64, strategy = "copy"')
        xb, base = rng.standard_normal((2, 4)), rng.standard_normal((2, 4))
        check_case(d, "decode_base", program(
            "tessera.ebm.decode_init", [xb, base], (2, 2, 4),
            'operandSegmentSizes = array<i32: 1, 1, 0>, steps = 2 : i64, strategy = "base_model"'),
            [xb, base], [np.repeat(base[:, None], 2, axis=1)])
        noise = rng.standard_normal((2, 3, 4)).astype(np.float32)
        xn = rng.standard_normal((2, 4)).astype(np.float32)
        want = rounded([0.3 * v for v in f64(noise)], np.float32, noise.shape)
        # noise has the result's type, x another shape: spell the program by hand.
        src = ("module {\n  func.func @main(%a0: tensor<2x4xf32>, %a1: tensor<2x3x4xf32>) -> "
               "tensor<2x3x4xf32> {\n    %r = \"tessera.ebm.decode_init\"(%a0, %a1) "
               "{operandSegmentSizes = array<i32: 1, 0, 1>, steps = 3 : i64, strategy = \"noise\", "
               "std = 0.3 : f64} : (tensor<2x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>\n"
               "    return %r : tensor<2x3x4xf32>\n  }\n}\n")
        check_case(d, "decode_noise", src, [xn, noise], [want])
        # self_verify hard_argmin: ties pick the first, NaN never wins, all NaN picks 0.
        e = np.array([[0.5, -1.0, -1.0, 2.0], [np.nan, 3.0, np.nan, 1.0],
                      [np.nan, np.nan, np.nan, np.nan], [-np.inf, 0.0, -np.inf, 1.0]], np.float32)
        c = rng.standard_normal((4, 4, 2, 3)).astype(np.float32)
        pick = [1, 3, 0, 0]
        sv_src = ("module {\n  func.func @main(%a0: tensor<4x4xf32>, %a1: tensor<4x4x2x3xf32>) -> "
                  "tensor<4x2x3xf32> {\n    %r = \"tessera.ebm.self_verify\"(%a0, %a1) {} : "
                  "(tensor<4x4xf32>, tensor<4x4x2x3xf32>) -> tensor<4x2x3xf32>\n"
                  "    return %r : tensor<4x2x3xf32>\n  }\n}\n")
        check_case(d, "self_verify", sv_src, [e, c], [np.stack([c[b, pick[b]] for b in range(4)])])
        # guided_denoise_region: ref + g * (fav - unfav), each step rounded to the compute type.
        r, fa, uf = (rng.standard_normal((4, 9)).astype(np.float32) for _ in range(3))
        gm = np.float32(0.75)
        case(d, "guided_f32", "tessera.guided_denoise_region", [r, fa, uf],
             r + gm * (fa - uf), "timestep = 4 : i64, gamma = 0.75 : f64")
        rb, fb, ub = (a.astype(BF16) for a in (r, fa, uf))
        g32 = np.float32(0.3)
        wb = (rb.astype(np.float32) + g32 * (fb.astype(np.float32) - ub.astype(np.float32)))
        case(d, "guided_bf16", "tessera.guided_denoise_region", [rb, fb, ub], wb.astype(BF16),
             "timestep = 1 : i64, gamma = 0.3 : f64")
        r64, f64a, u64 = (rng.standard_normal((2, 3, 2)) for _ in range(3))
        case(d, "guided_f64", "tessera.guided_denoise_region", [r64, f64a, u64],
             r64 + 1.1 * (f64a - u64), "timestep = 4 : i64, gamma = 1.1 : f64")
        # partition_exact: rank-0 and per-row results, every reduction, NaN, +-Inf energies.
        pe = rng.standard_normal((3, 5)).astype(np.float32) * 4
        pe[1, 2], pe[2] = np.nan, np.inf  # a NaN row, an all +Inf row (m = -Inf)
        for red, shape in (("logsumexp", ()), ("sum", (3,)), ("mean", (3,))):
            flat = pe[:1] if shape == () else pe
            want = rounded(partition(flat.reshape(1, -1) if shape == () else flat, 0.75, red),
                           np.float32, shape)
            case(d, f"partition_{red}", "tessera.ebm.partition_exact", [flat], want,
                 f'temperature = 0.75 : f64, reduction = "{red}"')
        pb = rng.standard_normal((2, 4, 6)).astype(BF16)
        pb[0, 1, 0] = -np.inf  # l = +Inf: m infinite, log Z = +Inf
        case(d, "partition_bf16", "tessera.ebm.partition_exact", [pb],
             rounded(partition(pb.astype(np.float32), 2.0, "logsumexp"), BF16, (2, 4)),
             "temperature = 2.0 : f64")
        p64 = rng.standard_normal((4, 7)) * 300
        case(d, "partition_f64", "tessera.ebm.partition_exact", [p64],
             rounded(partition(p64, 0.1, "mean"), np.float64, (4,)),
             'temperature = 0.1 : f64, reduction = "mean"')
        # langevin_step_philox: counter + i carries through words 0..2; seed's both words.
        for dt, seed, ctr in ((np.float64, -0x123456789ABCDEF, [0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFF, 7]),
                              (np.float32, 42, [5, -1, 3, 2**40 + 9])):
            yp, gp = (rng.standard_normal((3, 5)).astype(dt) for _ in range(2))
            sd, ct = np.array([seed], np.int64), np.array(ctr, np.int64)
            at = {"eta": 0.125, "temperature": 0.5}
            z = ref.philox_normals(sd[0], ct, yp.size).reshape(yp.shape)
            want = [(y - 0.125 * g) + ref.amplitude(at) * zz
                    for y, g, zz in zip(f64(yp), f64(gp), z.ravel())]
            src = ("module {\n  func.func @main(%a0: T, %a1: T, %a2: tensor<1xi64>, "
                   "%a3: tensor<4xi64>) -> T {\n    %r = \"tessera.ebm.langevin_step_philox\""
                   "(%a0, %a1, %a2, %a3) {eta = 0.125 : f64, temperature = 0.5 : f64} : "
                   "(T, T, tensor<1xi64>, tensor<4xi64>) -> T\n    return %r : T\n  }\n}\n"
                   ).replace("T", f"tensor<3x5x{NAMES[dt]}>")
            check_case(d, f"philox_step_{NAMES[dt]}", src, [yp, gp, sd, ct],
                       [rounded(want, dt, yp.shape)])
        # decode_init's noise without a noise operand: std times randn's stream (seed, stream 0).
        want = philox_model.randn(5, 0, (2, 3, 2, 3), np.float32, stddev=0.5)
        case(d, "decode_randn", "tessera.ebm.decode_init", [x], want,
             'seed = 5 : i64, steps = 3 : i64, strategy = "noise", std = 0.5 : f64')
        # What stays: the C library's f64 exp.
        stays = [
            ("softmin", sv_src.replace("{}", '{reduction = "softmin", temperature = 0.5 : f64}'),
             "self_verify's softmin weights are the C library's exp of an f64"),
        ]
        for name, text, why in stays:
            src = d / f"{name}.mlir"
            src.write_text(text)
            check_stays_at_schedule(src, why)
    finish()


if __name__ == "__main__":
    main()
