#!/usr/bin/env python3
"""The tessera.neighbors ops on one device (docs/ops/graph/neighbors.md), as upstream Tessera
writes them, run by tessera-interp and checked bit for bit against a numpy replay of the spec:
the field padded axis after axis with numpy's np.pad (mode "wrap" for periodic, "reflect",
"constant" for dirichlet, "edge" plus g * distance for neumann), then acc = c0 * shifted_0,
acc = acc + c_k * shifted_k in the compute type (float32 arithmetic in numpy, one rounding per
step, as the spec states). Covers dynamic extents, every boundary rule, mixed rules with corners,
1-D/2-D/3-D stencils, f64 and bf16 fields, halo.region and a thread-count check.
Usage: neighbors_test.py TESSERA_INTERP."""
import pathlib
import subprocess
import sys
import tempfile

import ml_dtypes
import numpy as np

BF16 = ml_dtypes.bfloat16
TOPO = "!tessera.neighbors.topology"


def taps_attr(taps):
    return ", ".join(f"dense<[{', '.join(map(str, t))}]> : tensor<{len(t)}xi64>" for t in taps)


def func(name, ty, taps, coeffs=None, bc=None, kind=None, halo=None):
    attrs = [f"taps = [{taps_attr(taps)}]"]
    if coeffs is not None:
        attrs.append("coeffs = [" + ", ".join(f"{c!r} : f64" for c in coeffs) + "]")
    if bc is not None:
        attrs.append(f'bc = "{bc}"')
    rank = len(taps[0])
    kind = kind or f"{rank}d_mesh"
    field = "%x"
    body = ""
    if halo is not None:
        body = (f'  %h = "tessera.neighbors.halo.region"(%x) {{halo.width = {halo}}} : ({ty}) -> {ty}\n')
        field = "%h"
    return (f"func.func @{name}(%x: {ty}) -> {ty} {{\n"
            f'  %t = "tessera.neighbors.topology.create"() {{kind = "{kind}"}} : () -> {TOPO}\n'
            f'  %st = "tessera.neighbors.stencil.define"() {{{", ".join(attrs)}}} : () -> index\n'
            f"{body}"
            f'  %y = "tessera.neighbors.stencil.apply"(%st, {field}, %t) : (index, {ty}, {TOPO}) -> {ty}\n'
            f"  return %y : {ty}\n}}\n")


FIVE = [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]
CASES = [
    # name, type, input shape, taps, coeffs, bc, kind, halo
    ("lap_periodic", "tensor<?x?xf32>", (5, 6), FIVE, [-4.0, 1.0, 1.0, 1.0, 1.0], "periodic", None, None),
    ("dirichlet", "tensor<?x?xf32>", (4, 5), [[0, 0], [1, 0]], None, "dirichlet(2.5),dirichlet(2.5)", None, "[1, 1]"),
    ("neumann", "tensor<4x5xf32>", (4, 5), [[0, 0], [1, 0], [0, 1], [1, 1], [-2, -2]], None, "neumann(-1.0),neumann(0.75)", None, None),
    ("per_reflect", "tensor<5x4xf32>", (5, 4), [[1, 0], [-1, 0], [0, 1], [0, -1], [-1, 3]], [0.5, 0.25, 2.0, -1.5, 3.0], "periodic,reflect", None, "[1, 1]"),
    ("dir_per_3d", "tensor<3x4x5xf32>", (3, 4, 5), [[0, 0, 0], [1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, 0, -1], [1, 1, 1]], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0], "dirichlet(0.0),periodic,periodic", None, None),
    ("dir_neu_corner", "tensor<3x3xf32>", (3, 3), [[-1, -1], [1, 1], [0, 2]], None, "dirichlet(1.5),neumann(2.0)", "dynamic", None),
    ("wide_1d_zero", "tensor<?xf32>", (7,), [[-2], [-1], [0], [1], [2]], None, None, None, None),
    ("wrap_far", "tensor<4xf64>", (4,), [[-9], [0], [13]], [0.125, 1.0, -3.0], "periodic", "adaptive", None),
    ("bf16", "tensor<4x4xbf16>", (4, 4), FIVE, [-4.0, 1.0, 1.0, 1.0, 1.0], "reflect", None, None),
]


# halo.exchange (token and tensor forms) and pipeline.config change no value on one device.
EXCHANGE = """func.func @exch(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  "tessera.neighbors.pipeline.config"() {overlap = "full", depth = 2 : i64} : () -> ()
  %t = "tessera.neighbors.topology.create"() {kind = "2d_mesh"} : () -> !tessera.neighbors.topology
  %h = "tessera.neighbors.halo.region"(%x, %t) {halo.width = [1, 1]}
      : (tensor<?x?xf32>, !tessera.neighbors.topology) -> !tessera.neighbors.halo
  "tessera.neighbors.halo.exchange"(%h) {} : (!tessera.neighbors.halo) -> ()
  %e = "tessera.neighbors.halo.exchange"(%x) {halo.width = [0, 1], mesh.axis = "dp"}
      : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %st = "tessera.neighbors.stencil.define"() {taps = [%TAPS%], bc = "periodic"} : () -> index
  %y = "tessera.neighbors.stencil.apply"(%st, %e, %t)
      : (index, tensor<?x?xf32>, !tessera.neighbors.topology) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
""".replace("%TAPS%", taps_attr(FIVE))


def pad_axis(x, w, rule, axis, dt):
    pad = [(0, 0)] * x.ndim
    pad[axis] = (w, w)
    if rule == "periodic":
        return np.pad(x, pad, mode="wrap")
    if rule == "reflect":
        return np.pad(x, pad, mode="reflect")
    kind, value = rule[:-1].split("(")
    if kind == "dirichlet":
        return np.pad(x, pad, mode="constant", constant_values=dt(float(value)))
    n = x.shape[axis]
    pos = np.arange(-w, n + w)
    dist = np.abs(pos - np.clip(pos, 0, n - 1)).astype(dt)
    shape = [1] * x.ndim
    shape[axis] = -1
    ramp = (dt(float(value)) * dist).reshape(shape)
    edge = np.pad(x, pad, mode="edge")
    out = edge.copy()
    inside = (pos >= 0) & (pos < n)
    idx = [slice(None)] * x.ndim
    idx[axis] = ~inside
    out[tuple(idx)] = (edge + ramp)[tuple(idx)]  # cells inside keep their value (no + 0.0)
    return out


def oracle(x, taps, coeffs, bc):
    dt = np.float64 if x.dtype == np.float64 else np.float32
    f = x.astype(dt)
    rules = (bc or "dirichlet(0)").split(",")
    rules = rules * f.ndim if len(rules) == 1 else rules
    w = [max(abs(t[d]) for t in taps) for d in range(f.ndim)]
    # np.pad's wrap and reflect cover more than one period by repeating, as the spec does.
    p = f
    for d in range(f.ndim):
        p = pad_axis(p, w[d], rules[d], d, dt)
    coeffs = coeffs or [1.0] * len(taps)
    acc = None
    for t, c in zip(taps, coeffs):
        sl = tuple(slice(w[d] + t[d], w[d] + t[d] + f.shape[d]) for d in range(f.ndim))
        term = dt(c) * p[sl]
        acc = term if acc is None else acc + term
    return acc.astype(x.dtype)


def run(interp, d, src, entry, x, threads):
    out = d / f"out_{src.stem}_{entry}_{threads}"
    np.save(d / f"{entry}_x.npy", x)
    args = [interp, "run", str(src), "--entry", entry, "--output-dir", str(out), "--input",
            f"x={d / f'{entry}_x.npy'}", "--threads", str(threads)]
    p = subprocess.run(args, capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        sys.exit(f"FAIL {entry}: {p.stderr}")
    y = np.load(out / "y.npy")
    return y.view(BF16) if x.dtype == BF16 and y.dtype == np.uint16 else y  # raw bf16 bits


def main():
    interp = sys.argv[1]
    rng = np.random.default_rng(7)
    with tempfile.TemporaryDirectory() as t:
        d = pathlib.Path(t)
        src = d / "prog.mlir"
        src.write_text("".join(func(c[0], c[1], c[3], c[4], c[5], c[6], c[7]) for c in CASES) +
                       EXCHANGE)
        x = rng.uniform(-2, 2, (4, 6)).astype(np.float32)
        got, want = run(interp, d, src, "exch", x, 2), oracle(x, FIVE, None, "periodic")
        if not np.array_equal(got.view(np.uint8), want.view(np.uint8)):
            sys.exit(f"FAIL exch:\n got {got!r}\nwant {want!r}")
        for name, ty, shape, taps, coeffs, bc, _, _ in CASES:
            dt = np.float64 if "f64" in ty else (BF16 if "bf16" in ty else np.float32)
            x = rng.uniform(-2, 2, shape).astype(dt)
            want = oracle(x, taps, coeffs, bc)
            for threads in (1, 3):
                got = run(interp, d, src, name, x, threads)
                if got.dtype != want.dtype or got.shape != want.shape or \
                        not np.array_equal(got.view(np.uint8), want.view(np.uint8)):
                    sys.exit(f"FAIL {name} (threads {threads}):\n got {got!r}\nwant {want!r}")
        # The printed generic form (hex dense taps, opaque types) reads back to the same bits.
        p = subprocess.run([interp, "print", "--generic", str(src)], capture_output=True,
                           text=True, timeout=60)
        if p.returncode != 0:
            sys.exit(f"FAIL print --generic: {p.stderr}")
        printed = d / "printed.mlir"
        printed.write_text(p.stdout)
        x = rng.uniform(-2, 2, (5, 4)).astype(np.float32)
        a, b = run(interp, d, src, "per_reflect", x, 2), run(interp, d, printed, "per_reflect", x, 2)
        if not np.array_equal(a.view(np.uint8), b.view(np.uint8)):
            sys.exit(f"FAIL printed form differs:\n{a!r}\n{b!r}")
    print(f"neighbors: {len(CASES)} stencils agree with the numpy replay bit for bit")


if __name__ == "__main__":
    main()
