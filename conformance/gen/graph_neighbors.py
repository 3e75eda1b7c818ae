#!/usr/bin/env python3
"""Generator: conformance/cases/graph/neighbors.mlir (tessera.neighbors.stencil.apply with its
topology, stencil and halo region, on one device; docs/ops/graph/neighbors.md).

Oracle, independent of the interpreter: the field padded axis after axis with numpy's np.pad
(wrap / reflect / constant / edge plus g * distance), then the taps summed in order in float32
numpy arithmetic (one rounding per step, as the spec states): bit-exact.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type  # noqa: E402

TOPO = "!tessera.neighbors.topology"


def pad_axis(x, w, rule, axis):
    pad = [(0, 0)] * x.ndim
    pad[axis] = (w, w)
    if rule in ("periodic", "reflect"):
        return np.pad(x, pad, mode="wrap" if rule == "periodic" else "reflect")
    kind, value = rule[:-1].split("(")
    if kind == "dirichlet":
        return np.pad(x, pad, mode="constant", constant_values=np.float32(float(value)))
    n = x.shape[axis]
    pos = np.arange(-w, n + w)
    outside = (pos < 0) | (pos >= n)
    ramp = np.float32(float(value)) * np.abs(pos - np.clip(pos, 0, n - 1)).astype(np.float32)
    edge = np.pad(x, pad, mode="edge")
    idx = [slice(None)] * x.ndim
    idx[axis] = outside
    shape = [1] * x.ndim
    shape[axis] = -1
    edge[tuple(idx)] = (edge + ramp.reshape(shape))[tuple(idx)]
    return edge


def stencil_f32(x, taps, coeffs, rules):
    w = [max(abs(t[d]) for t in taps) for d in range(x.ndim)]
    p = x
    for d in range(x.ndim):
        p = pad_axis(p, w[d], rules[d], d)
    acc = None
    for t, c in zip(taps, coeffs):
        sl = tuple(slice(w[d] + t[d], w[d] + t[d] + x.shape[d]) for d in range(x.ndim))
        term = np.float32(c) * p[sl]
        acc = term if acc is None else acc + term
    return acc


def program(x, taps, coeffs, bc, kind):
    ty = mlir_type(x)
    tap_text = ", ".join(f"dense<[{', '.join(map(str, t))}]> : tensor<{len(t)}xi64>" for t in taps)
    coeff_text = ", ".join(f"{c!r} : f64" for c in coeffs)
    return (f"module {{\n  func.func @main(%x: {ty}) -> {ty} {{\n"
            f'    %t = "tessera.neighbors.topology.create"() {{kind = "{kind}"}} : () -> {TOPO}\n'
            f'    %st = "tessera.neighbors.stencil.define"() {{taps = [{tap_text}], '
            f'coeffs = [{coeff_text}], bc = "{bc}"}} : () -> index\n'
            f'    %h = "tessera.neighbors.halo.region"(%x) {{halo.width = '
            f'[{", ".join("1" for _ in x.shape)}]}} : ({ty}) -> {ty}\n'
            f'    %y = "tessera.neighbors.stencil.apply"(%st, %h, %t) : (index, {ty}, {TOPO}) -> {ty}\n'
            f"    return %y : {ty}\n  }}\n}}\n")


def main():
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "neighbors.mlir"),
                  generator=__file__,
                  header="tessera.neighbors.stencil.apply on one device: taps over a field "
                         "with its boundary rules.")
    rng = np.random.default_rng(1807)
    five = [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]

    def add(name, x, taps, coeffs, bc, kind, note=""):
        rules = bc.split(",")
        rules = rules * x.ndim if len(rules) == 1 else rules
        want = stencil_f32(x, taps, coeffs, rules)
        req = ["op=tessera.neighbors.stencil.apply", "dtype=f32", "level=graph"]
        cf.add_case(name, program(x, taps, coeffs, bc, kind), [x], [want], rule="bitexact",
                    requires=req, note=note)

    x = rng.uniform(-2, 2, (6, 5)).astype(np.float32)
    add("laplacian_periodic", x, five, [-4.0, 1.0, 1.0, 1.0, 1.0], "periodic", "2d_mesh",
        note="The 5-point Laplacian on a torus.")
    add("dirichlet_neumann", x, [[0, 0], [1, 0], [0, 1], [-1, -1]], [1.0, 0.5, 0.25, 2.0],
        "dirichlet(2.5),neumann(-1.0)", "2d_mesh",
        note="Constant rows beyond dim 0; a gradient beyond dim 1, applied after dim 0.")
    y = rng.uniform(-2, 2, (9,)).astype(np.float32)
    add("reflect_1d", y, [[-2], [-1], [0], [1], [2]], [0.1, 0.2, 0.4, 0.2, 0.1], "reflect",
        "1d_mesh", note="numpy's reflect: index -1 reads 1.")
    cf.write()


if __name__ == "__main__":
    main()
