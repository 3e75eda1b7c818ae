"""tessera.uniform, tessera.rng_uniform, tessera.dropout, tessera_rng.bernoulli and
tessera.poisson lowered to Tile and Target IR (Philox4x32-10 in Tile IR integer ops): every
level bit-exact with the numpy Philox model of conformance/gen/philox_model.py (written from the
paper, independent of the interpreter; poisson's exp(-lam) is Python's math.exp, the C
library's), for f32, f64, bf16, f16, i32 and i64, negative and 64-bit seeds, streams and offset
operands whose sum crosses 2^32, element counts whose groups hold 1 to 1024 elements, dropout
in training and eval mode, and 1 to 3 threads. A negative offset stops the run with an error at
every level.

Usage: levels_random_test.py TESSERA_INTERP
"""
import pathlib
import sys
import tempfile

import ml_dtypes
import numpy as np

from levels_common import check, check_case, finish, run, run_proc, same_bits, t

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import philox_model as pm  # noqa: E402

BF = ml_dtypes.bfloat16
NAMES = {np.float32: "f32", np.float64: "f64", BF: "bf16", np.float16: "f16", np.int32: "i32",
         np.int64: "i64", np.uint64: "ui64", np.int8: "i8", np.bool_: "i1"}


def tt(shape, dtype):
    return t(shape, NAMES[np.dtype(dtype).type])


def program(op, ins, shape, dtype, attrs):
    """@main(%a0, ...) -> OP(%a0, ...) {attrs} of result [shape] x dtype."""
    args = ", ".join(f"%a{i}: {tt(a.shape, a.dtype)}" for i, a in enumerate(ins))
    names = ", ".join(f"%a{i}" for i in range(len(ins)))
    types = ", ".join(tt(a.shape, a.dtype) for a in ins)
    rt = tt(shape, dtype)
    return (f"module {{\n  func.func @main({args}) -> {rt} {{\n"
            f'    %r = "{op}"({names}) {{{attrs}}} : ({types}) -> {rt}\n'
            f"    return %r : {rt}\n  }}\n}}\n")


def uniform_oracle(seed, stream, shape, dtype, low, high):
    """The spec's uniform: computed in f64 for f64, in f32 otherwise, rounded once to storage."""
    ct = np.float64 if dtype == np.float64 else np.float32
    return pm.uniform(seed, stream, shape, ct, low, high).astype(dtype)


def dropout_oracle(x, seed, stream, p, training):
    ct = np.float64 if x.dtype == np.float64 else np.float32
    return pm.dropout(x.astype(ct), seed, stream, p, training).astype(x.dtype)


def bernoulli_oracle(seed, stream, shape, p):
    n = int(np.prod(shape))
    return (pm.u24(pm.words(seed, stream, n)) < p).reshape(shape)


def offset_arg(value, dtype):
    return np.array(value, dtype)


def main():
    rng = np.random.default_rng(14)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        # uniform: (name, shape, dtype, seed, stream, offset or None, low, high)
        for name, shape, dt, seed, stream, off, lo, hi in [
            ("u_f32", (8, 16), np.float32, 42, 0, None, 0.0, 1.0),
            ("u_f32_prime", (1031,), np.float32, 7, 3, None, -3.0, 5.0),
            ("u_f32_3000", (3, 1000), np.float32, -5, 2**40 + 3, None, -1.0, 1.0),
            ("u_f64", (5, 5), np.float64, -1, 0, None, 1.0, 2.0),
            ("u_f64_odd", (37,), np.float64, 2**63 - 1, 9, None, -0.1, 0.3),
            ("u_bf16", (4, 33), BF, 11, 1, None, -2.0, 2.0),
            ("u_f16", (64,), np.float16, 12, 0, None, 0.0, 10.0),
            ("u_off_i32", (6, 7), np.float32, 3, 2**32 - 2, (5, np.int32), 0.0, 1.0),
            ("u_off_ui64", (10,), np.float64, 3, 1, (2**33, np.uint64), -1.0, 1.0),
            ("u_off_i8", (9,), np.float32, 4, 0, (0, np.int8), 0.5, 0.75),
        ]:
            ins = [] if off is None else [offset_arg(*off)]
            total = stream + (0 if off is None else off[0])
            attrs = f"seed = {seed}, stream = {stream}, low = {lo!r}, high = {hi!r}"
            want = uniform_oracle(seed, total, shape, dt, lo, hi)
            check_case(d, name, program("tessera.uniform", ins, shape, dt, attrs), ins, [want])
            if name == "u_f32_3000":  # 3 groups: the same bits for 1, 2 and 3 threads
                src = d / f"{name}.mlir"
                for level in ("tile", "target"):
                    for n in (1, 2, 3):
                        od = d / f"{name}.{level}.t{n}"
                        run("run", src, "--level", level, "--threads", n, "-o", od)
                        (f,) = list(od.glob("*.npy"))
                        check(same_bits(np.load(f), want), f"{name}: {level} with {n} threads")
        shape = (2, 3, 5)
        want = uniform_oracle(8, 4, shape, np.float32, 0.0, 1.0)
        check_case(d, "rng_uniform", program("tessera.rng_uniform", [], shape, np.float32,
                                             "shape = [2, 3, 5], seed = 8, stream = 4"), [], [want])
        # dropout: (name, shape, dtype, seed, stream, p, training, offset or None)
        for name, shape, dt, seed, stream, p, training, off in [
            ("d_f32", (8, 64), np.float32, 3, 0, 0.1, True, None),
            ("d_f32_p0", (17,), np.float32, 3, 1, 0.0, True, None),
            ("d_f64", (4, 9), np.float64, -9, 5, 0.5, True, None),
            ("d_bf16", (6, 40), BF, 21, 2, 0.3, True, (7, np.int64)),
            ("d_f16_eval", (12,), np.float16, 21, 2, 0.3, False, None),
            ("d_f32_off", (1100,), np.float32, 1, 2**32 - 1, 0.75, True, (1, np.int32)),
        ]:
            x = rng.standard_normal(shape).astype(dt)
            ins = [x] + ([] if off is None else [offset_arg(*off)])
            total = stream + (0 if off is None else off[0])
            attrs = f"p = {p!r}, seed = {seed}, stream = {stream}, training = {str(training).lower()}"
            want = dropout_oracle(x, seed, total, p, training)
            src, flags = check_case(d, name, program("tessera.dropout", ins, shape, dt, attrs), ins,
                                    [want])
            if off is not None:  # dropout_c5: a negative offset stops every level
                np.save(d / f"{name}.neg.npy", np.array(-1, off[1]))
                bad = list(flags)
                bad[3] = f"a1={d / f'{name}.neg.npy'}"
                for level in ("graph", "schedule", "tile", "target"):
                    r = run_proc("run", src, "--level", level, *bad, ok=False)
                    check(r.returncode > 0 and "error:" in r.stderr,
                          f"{name} offset -1 at {level}: rc {r.returncode}: {r.stderr}")
        # poisson: CDF inversion in f64 (exp(-lam) of the C library, Python's math.exp here).
        for name, shape, dt, seed, stream, lam, off in [
            ("p_i32", (200,), np.int32, 5, 0, 3.0, None),
            ("p_i64_off", (10, 10), np.int64, 5, 1, 0.2, (2**32, np.int64)),
            ("p_f32", (64,), np.float32, 6, 0, 100.0, None),
            ("p_f64_256", (9,), np.float64, -3, 2, 256.0, (1, np.int32)),
            ("p_lam0", (4,), np.int32, 6, 0, 0.0, None),
        ]:
            ins = [] if off is None else [offset_arg(*off)]
            total = stream + (0 if off is None else off[0])
            want = pm.poisson(seed, total, shape, dt, lam)
            check_case(d, name, program("tessera.poisson", ins, shape, dt,
                                        f"seed = {seed}, stream = {stream}, lam = {lam!r}"),
                       ins, [want])
        # randn, rng_normal, tessera_rng.normal: Box-Muller with the spec's log64 and cos64,
        # modelled by correctly rounded mpmath values (philox_model.randn).
        for name, op, shape, dt, seed, stream, mean, sd, off in [
            ("n_f32", "tessera.randn", (8, 16), np.float32, 42, 0, 0.0, 1.0, None),
            ("n_f64", "tessera.randn", (37,), np.float64, -7, 2**40 + 1, 1.5, 0.25, None),
            ("n_f32_off", "tessera.randn", (3, 50), np.float32, 3, 5, -2.0, 3.0, (9, np.int64)),
            ("rng_normal", "tessera.rng_normal", (2, 3, 5), np.float32, 8, 4, 0.0, 1.0, None),
        ]:
            ins = [] if off is None else [offset_arg(*off)]
            total = stream + (0 if off is None else off[0])
            attrs = f"seed = {seed}, stream = {stream}, mean = {mean!r}, stddev = {sd!r}"
            if op == "tessera.rng_normal":
                attrs = f"shape = [{', '.join(map(str, shape))}], " + attrs
            want = pm.randn(seed, total, shape, dt, mean, sd)
            check_case(d, name, program(op, ins, shape, dt, attrs), ins, [want])
        x = rng.standard_normal((4, 6)).astype(np.float32)
        want = pm.randn(5, 2, (4, 6), np.float32)
        check_case(d, "rng_normal_like", program("tessera_rng.normal", [x], (4, 6), np.float32,
                                                 "seed = 5 : i64, stream = 2 : i64"), [x], [want])
        # tessera_rng.bernoulli: the operand gives only the shape.
        for name, shape, seed, stream, p in [("b_30", (6, 5), 21, 3, 0.3),
                                             ("b_1", (257,), -2, 0, 1.0),
                                             ("b_0", (8,), 2, 1, 0.0)]:
            x = rng.standard_normal(shape).astype(np.float32)
            attrs = f"p = {p!r} : f64, seed = {seed} : i64, stream = {stream} : i64"
            want = bernoulli_oracle(seed, stream, shape, p)
            check_case(d, name, program("tessera_rng.bernoulli", [x], shape, np.bool_, attrs),
                       [x], [want])
    finish()


if __name__ == "__main__":
    main()
