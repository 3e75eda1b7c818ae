#!/usr/bin/env python3
"""The tessera.ebm ops (docs/ops/graph/ebm.md) run by tessera-interp against the numpy float64
reference of scripts/upstream_refs/gaebm.py, which is first checked by hand-derived values (a
quadratic energy, log-sum-exp of energies far from 0, first-index argmin on ties, a tangent step
on the sphere) and its Philox against Random123's known-answer vectors. Covers every op, f32 and
f64, the noise-amplitude rules, Philox counters with a carry, thread-count invariance and
upstream's custom form.
Usage: ebm_test.py TESSERA_INTERP."""
import math
import sys

import numpy as np

from gaebm_lib import close, func, ref, run, ty


def check_reference():
    kat = ref.philox4x32_10(np.array([[0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344]], np.uint64),
                            (0xA4093822, 0x299F31D0))[0]
    assert [int(w) for w in kat] == [0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1]
    assert ref.energy_quadratic([np.array([[1.0, 2.0]]), np.zeros((1, 2))], {})[0][0] == 2.5
    lz = ref.partition_exact([np.array([1000.0, 1001.0])], {})[0]
    assert abs(lz - (-1000.0 + math.log1p(math.exp(-1.0)))) < 1e-12
    lz = ref.partition_exact([np.array([[1.0, 2.0, 3.0]])], {"temperature": 0.5})[0]
    assert abs(lz - math.log(math.exp(-2) + math.exp(-4) + math.exp(-6))) < 1e-14
    z = ref.partition_exact([np.array([0.0, 0.0])], {"reduction": "sum"})[0]
    assert z == 2.0
    e = np.array([[3.0, 1.0, 1.0], [np.nan, 2.0, 0.5]])
    c = np.arange(2 * 3 * 2, dtype=np.float64).reshape(2, 3, 2)
    assert np.array_equal(ref.self_verify([e, c], {})[0], c[[0, 1], [1, 2]])
    s, g = np.array([[1.0, 0.0, 0.0]]), np.array([[0.0, 1.0, 0.0]])
    got = ref.sphere_step([s, g], {"eta": 0.1})[0]
    assert np.allclose(got, np.array([[1.0, -0.1, 0.0]]) / math.sqrt(1.01))


def check_steps(interp):
    rng = np.random.default_rng(4)
    for dt, tol in ((np.float32, 2e-6), (np.float64, 1e-14)):
        y, g, n = (rng.standard_normal((3, 5)).astype(dt) for _ in range(3))
        three = {"y": y, "g": g, "n": n}
        for op, attrs, ra in (
                ("tessera.ebm.inner_step", "eta = 0.125 : f64", {"eta": 0.125}),
                ("tessera.ebm.inner_step", "eta = 0.125 : f64, noise_scale = 0.25 : f64", {"eta": 0.125, "noise_scale": 0.25}),
                ("tessera.ebm.langevin_step", "eta = 0.05 : f64, temperature = 0.1 : f64", {"eta": 0.05, "temperature": 0.1}),
                ("tessera.ebm.langevin_step", "eta = 0.05 : f64, temperature = 0.1 : f64, noise_scale = 0.5 : f64",
                 {"eta": 0.05, "temperature": 0.1, "noise_scale": 0.5}),
                ("tessera.ebm.refinement", "eta = 0.125 : f64, steps = 4 : i64", {"eta": 0.125, "steps": 4}),
                ("tessera.ebm.refinement", "eta = 0.05 : f64, steps = 4 : i64, temperature = 1.0 : f64, noise_scale = 0.2 : f64",
                 {"eta": 0.05, "steps": 4, "temperature": 1.0, "noise_scale": 0.2})):
            noisy = "noise" in attrs or "temperature" in attrs
            ops = three if noisy else {"y": y, "g": g}
            (got,) = run(interp, func(op, ops, attrs, ty(y)), ops, ["r"])
            close(got, ref.REFS[op](list(ops.values()), ra)[0], tol, f"{op} {attrs} {dt.__name__}")
        # bivector: grade-2 blades only; sphere: unit rows, both projections.
        s, gb, nb = (rng.standard_normal((2, 8)).astype(dt) for _ in range(3))
        ops = {"s": s, "g": gb, "n": nb}
        at = 'eta = 0.01 : f64, grade = 2 : i64, manifold = "bivector", projection = "grade", temperature = 1.0 : f64'
        (got,) = run(interp, func("tessera.ebm.bivector_langevin_step", ops, at, ty(s)), ops, ["r"])
        close(got, ref.bivector_step([s, gb, nb], {"eta": 0.01, "temperature": 1.0})[0], tol, "bivector")
        su = (s / np.sqrt((s.astype(np.float64) ** 2).sum(-1, keepdims=True))).astype(dt)
        for proj in ("tangent", "normalize_retract"):
            ops = {"s": su, "g": gb}
            at = f'eta = 0.01 : f64, manifold = "sphere", normalized_state = true, projection = "{proj}"'
            (got,) = run(interp, func("tessera.ebm.sphere_langevin_step", ops, at, ty(su)), ops, ["r"])
            close(got, ref.sphere_step([su, gb], {"eta": 0.01, "projection": proj})[0], tol, f"sphere {proj}")
        x, yy = rng.standard_normal((2, 4, 6)).astype(dt)
        (got,) = run(interp, func("tessera.ebm.energy_quadratic", {"x": x, "y": yy}, "", ty(x[:, 0])),
                     {"x": x, "y": yy}, ["r"])
        close(got, ref.energy_quadratic([x, yy], {})[0], tol, "energy_quadratic")


def check_philox(interp):
    rng = np.random.default_rng(5)
    y, g = (rng.standard_normal((64, 64)).astype(np.float32) for _ in range(2))
    seed = np.array([-3], np.int64)
    counter = np.array([0xFFFFFF00, 0xFFFFFFFF, 7, -1], np.int64)  # the block add carries into word 2
    ops = {"y": y, "g": g, "seed": seed, "ctr": counter}
    at = "eta = 0.125 : f64, temperature = 0.5 : f64"
    prog = func("tessera.ebm.langevin_step_philox", ops, at, ty(y))
    (one,) = run(interp, prog, ops, ["r"], threads=1)
    (four,) = run(interp, prog, ops, ["r"], threads=4)
    assert one.tobytes() == four.tobytes()
    want = ref.langevin_philox([y, g, seed, counter], {"eta": 0.125, "temperature": 0.5})[0]
    close(one, want, 2e-6, "langevin_step_philox")
    z = (one.astype(np.float64) - (y - 0.125 * g.astype(np.float64))) / math.sqrt(2 * 0.125 * 0.5)
    assert abs(z.mean()) < 0.05 and abs(z.std() - 1.0) < 0.05, (z.mean(), z.std())
    ops2 = dict(ops, ctr=counter + np.array([4096, 0, 0, 0], np.int64))
    (other,) = run(interp, prog, ops2, ["r"])
    assert not np.array_equal(one, other)


def check_candidates(interp):
    rng = np.random.default_rng(6)
    x, base = (rng.standard_normal((2, 4)).astype(np.float32) for _ in range(2))
    noise = rng.standard_normal((2, 3, 4)).astype(np.float32)
    out = ty(noise)
    for attrs, ops, ra in (
            ('operandSegmentSizes = array<i32: 1, 0, 1>, steps = 3 : i64, strategy = "noise"', {"x": x, "n": noise},
             {"operandSegmentSizes": [1, 0, 1], "steps": 3, "strategy": "noise"}),
            ('operandSegmentSizes = array<i32: 1, 0, 1>, steps = 3 : i64, strategy = "noise", std = 0.5 : f64', {"x": x, "n": noise},
             {"operandSegmentSizes": [1, 0, 1], "steps": 3, "strategy": "noise", "std": 0.5}),
            ('steps = 3 : i64, strategy = "copy"', {"x": x}, {"steps": 3, "strategy": "copy"}),
            ('operandSegmentSizes = array<i32: 1, 1, 0>, steps = 3 : i64, strategy = "base_model"', {"x": x, "b": base},
             {"operandSegmentSizes": [1, 1, 0], "steps": 3, "strategy": "base_model"}),
            ('steps = 3 : i64, strategy = "noise", seed = 11 : i64', {"x": x}, {"steps": 3, "strategy": "noise", "seed": 11})):
        (got,) = run(interp, func("tessera.ebm.decode_init", ops, attrs, out), ops, ["r"])
        close(got, ref.decode_init(list(ops.values()), ra)[0], 2e-6, f"decode_init {attrs}")
    e = rng.standard_normal((2, 3)).astype(np.float32)
    e[1, 2] = e[1, 0]  # a tie (the first wins unless another is lower)
    for attrs, ra in (("", {}), ('reduction = "softmin", temperature = 0.7 : f64', {"reduction": "softmin", "temperature": 0.7})):
        (got,) = run(interp, func("tessera.ebm.self_verify", {"e": e, "c": noise}, attrs, ty(x)), {"e": e, "c": noise}, ["r"])
        close(got, ref.self_verify([e, noise], ra)[0], 2e-6, f"self_verify {attrs}")
    big = (rng.standard_normal((3, 5)) * 300).astype(np.float64)
    for red in ("logsumexp", "sum", "mean"):
        at = f'temperature = 0.75 : f64, reduction = "{red}"'
        sm = big / 100
        (got,) = run(interp, func("tessera.ebm.partition_exact", {"e": sm}, at, "tensor<f64>"), {"e": sm}, ["r"])
        close(got, ref.partition_exact([sm], {"temperature": 0.75, "reduction": red})[0], 1e-13, f"partition {red}")
    (got,) = run(interp, func("tessera.ebm.partition_exact", {"e": big}, "", "tensor<3xf64>"), {"e": big}, ["r"])
    close(got, ref.partition_exact([big], {}, scalar=False)[0], 1e-14, "partition per row, energies ~ 300")


def check_custom_form(interp):
    rng = np.random.default_rng(7)
    y, g, n = (rng.standard_normal((2, 3)).astype(np.float32) for _ in range(3))
    t = ty(y)
    src = (f"func.func @main(%y: {t}, %g: {t}, %n: {t}) -> {t} {{\n"
           f"  %0 = tessera.ebm.langevin_step %y, %g, %n {{eta = 1.250000e-01 : f64, noise_scale = 2.500000e-01 : f64}}\n"
           f"      : ({t}, {t}, {t}) -> {t}\n"
           f"  %out = tessera.ebm.refinement %0, %g {{eta = 1.250000e-01 : f64, steps = 4 : i64}} : ({t}, {t}) -> {t}\n"
           f"  return %out : {t}\n}}\n")
    (got,) = run(interp, src, {"y": y, "g": g, "n": n}, ["out"])
    s0 = ref.inner_step([y, g, n], {"eta": 0.125, "noise_scale": 0.25})[0].astype(np.float32)
    close(got, ref.inner_step([s0, g], {"eta": 0.125}, 4)[0], 2e-6, "custom form")


def check_run_time_refusals(interp):
    """Dynamic shapes are checked again at run time: a clear error, never a crash."""
    src = ('func.func @main(%y: tensor<?xf32>, %g: tensor<?xf32>, %s: tensor<?xi64>, %c: tensor<?xi64>) -> tensor<?xf32> {\n'
           '  %r = "tessera.ebm.langevin_step_philox"(%y, %g, %s, %c) {eta = 0.1 : f64, temperature = 1.0 : f64}'
           ' : (tensor<?xf32>, tensor<?xf32>, tensor<?xi64>, tensor<?xi64>) -> tensor<?xf32>\n'
           '  return %r : tensor<?xf32>\n}\n')
    y = np.ones(3, np.float32)
    err = run(interp, src, {"y": y, "g": y, "s": np.zeros(0, np.int64), "c": np.zeros(4, np.int64)}, [],
              expect_fail=True)
    assert "Philox seed tensor must have length 1, got tensor<0xi64> (ebm_c5)" in err, err
    src = ('func.func @main(%e: tensor<?x?xf32>, %c: tensor<?x?x4xf32>) -> tensor<?x4xf32> {\n'
           '  %r = "tessera.ebm.self_verify"(%e, %c) : (tensor<?x?xf32>, tensor<?x?x4xf32>) -> tensor<?x4xf32>\n'
           '  return %r : tensor<?x4xf32>\n}\n')
    err = run(interp, src, {"e": np.ones((2, 0), np.float32), "c": np.ones((2, 0, 4), np.float32)}, [],
              expect_fail=True)
    assert "self_verify needs at least one candidate (K >= 1) (ebm_c10)" in err, err


def main():
    interp = sys.argv[1]
    check_reference()
    check_steps(interp)
    check_philox(interp)
    check_candidates(interp)
    check_custom_form(interp)
    check_run_time_refusals(interp)
    print("ebm: ok")


if __name__ == "__main__":
    main()
