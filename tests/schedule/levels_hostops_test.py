"""Calls and neighbors stencils at every level (docs/ops/schedule/lowering.md, "Inlining calls",
"Stencils") against numpy, their Target IR host functions holding launches only, and validate
naming the right Graph IR op in an inlined program. Usage: levels_hostops_test.py TESSERA_INTERP."""
import pathlib
import re
import sys
import tempfile

import numpy as np

from levels_common import FAILS, check, run, run_levels, run_proc, t

CALLS = """module {
  func.func @square(%x: T) -> T {
    %y = tessera.mul %x, %x : (T, T) -> T
    return %y : T
  }
  func.func @fma_like(%x: T, %b: B) -> (T, T) {
    %s = func.call %x {callee = @square} : (T) -> T
    %t = tessera.add %s, %b : (T, B) -> T
    return %t, %s : T, T
  }
  func.func @main(%x: T, %b: B) -> T {
    %q:2 = func.call %x, %b {callee = @fma_like} : (T, B) -> (T, T)
    %r = func.call %q#0 {callee = @square} : (T) -> T
    return %r : T
  }
}
""".replace("T", t((3, 4), "f32")).replace("B", t((4,), "f32"))

# Periodic along dim 0, reflect along dim 1 (numpy's np.pad modes "wrap" and "reflect").
STENCIL = """module {
  func.func @main(%x: T) -> T {
    %t = "tessera.neighbors.topology.create"() {kind = "2d_mesh"} : () -> !tessera.neighbors.topology
    %st = "tessera.neighbors.stencil.define"() {taps = [[0, 0], [-1, 0], [1, 2], [0, -3]], coeffs = [-2.0, 0.3, 1.7, 0.1], bc = "periodic,reflect"} : () -> index
    %h = "tessera.neighbors.halo.region"(%x) {halo.width = [1, 3]} : (T) -> T
    %y = "tessera.neighbors.stencil.apply"(%st, %h, %t) : (index, T, !tessera.neighbors.topology) -> T
    return %y : T
  }
}
""".replace("T", t((4, 5), "f64"))


def host_ops(text):
    """The op names of @main in a lowered module."""
    body = text[text.index("func.func @main("):]
    body = body[: body.index("\n  }")]
    return set(re.findall(r"= ([a-z_]+\.[a-z_.]+)", body))


def main():
    rng = np.random.default_rng(14)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        # Nested calls: (x*x + b)^2 in float32, one rounding per op.
        src = d / "calls.mlir"
        src.write_text(CALLS)
        x = rng.standard_normal((3, 4)).astype(np.float32)
        b = rng.standard_normal(4).astype(np.float32)
        np.save(d / "x.npy", x)
        np.save(d / "b.npy", b)
        ins = ["-i", f"x={d / 'x.npy'}", "-i", f"b={d / 'b.npy'}"]
        s = x * x + b
        want = s * s
        for level, got in run_levels(d, "calls", src, ins):
            check(got.tobytes() == want.tobytes(), f"calls at {level}: {got} != {want}")
        ops = host_ops(run("lower", src, "--to", "target"))
        check(ops <= {"tessera_nvidia.launch", "tessera.reshape"}, f"calls host ops: {ops}")
        # validate on an edited schedule: the divergent op is named with the Graph IR op it came
        # from in the inlined program (the add of @fma_like), not @main's second call.
        sched = run("lower", src, "--to", "schedule")
        bad = d / "bad.mlir"
        at = sched.index("func.func @main_g0(")  # @main's mul + add group
        bad.write_text(sched[:at] + sched[at:].replace("tessera.add", "tessera.sub", 1))
        p = run_proc("validate", src, *ins, "--schedule", bad, ok=False)
        check(p.returncode == 1 and "from Graph IR op 'tessera.add'" in p.stdout,
              f"validate of an edited inlined schedule:\n{p.stdout}{p.stderr}")
        # Stencil on f64: acc = c0*v0, then acc + c_k*v_k in tap order.
        src = d / "stencil.mlir"
        src.write_text(STENCIL)
        f = rng.standard_normal((4, 5))
        np.save(d / "f.npy", f)
        pad = np.pad(np.pad(f, ((1, 1), (0, 0)), mode="wrap"), ((0, 0), (3, 3)), mode="reflect")
        taps = [(0, 0), (-1, 0), (1, 2), (0, -3)]
        coeffs = [-2.0, 0.3, 1.7, 0.1]
        want = None
        for (a, c), k in zip(taps, coeffs):
            term = k * pad[1 + a : 5 + a, 3 + c : 8 + c]
            want = term if want is None else want + term
        for level, got in run_levels(d, "stencil", src, ["-i", f"x={d / 'f.npy'}"]):
            check(got.tobytes() == want.tobytes(), f"stencil at {level}: {got} != {want}")
        ops = host_ops(run("lower", src, "--to", "target"))
        check(ops <= {"tessera_nvidia.launch", "tessera.reshape"}, f"stencil host ops: {ops}")
    if FAILS:
        sys.exit(1)
    print("levels_hostops: ok")


main()
