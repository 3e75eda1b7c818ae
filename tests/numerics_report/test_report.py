"""--numerics-report, --shadow f64, --stop-on and --probe on planted faults, against numpy/ml_dtypes.

Oracles: the exact values are numpy float64 evaluations of each op on exact inputs; rounded
values are numpy float32/float16 and ml_dtypes bfloat16 conversions; ulps are computed here from
the format's mantissa width and minimum exponent, independently of the interpreter.
"""
import json
import math
import os

import ml_dtypes
import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PROG = os.path.join(HERE, "planted.mlir")
X = np.array([1, 2, 3.3, 4, 12, 0.5, -1, 1.00390625], np.float32)
Y = np.array([1, 1, 1, 1, 1, 1, 0, 0], np.float32)
# (mantissa bits, minimum normal exponent) of each result format
FMT = {"f32": (23, -126), "f16": (10, -14), "bf16": (7, -126)}


def loc_of(value):
    """file:line:col of the op defining %value in planted.mlir (col: the op name)."""
    with open(PROG) as f:
        text = f.read()
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip().startswith(f"%{value} = "):
            col = line.index("=") + 3
            return f"{PROG}:{n}:{col}"
    raise KeyError(value)


@pytest.fixture(scope="module")
def run(interp, tmp_path_factory):
    d = tmp_path_factory.mktemp("planted")
    np.save(d / "x.npy", X)
    np.save(d / "y.npy", Y)
    probes = []
    for v in "slehbwd":
        probes += ["--probe", v]
    interp("run", PROG, "-i", f"x={d}/x.npy", "-i", f"y={d}/y.npy", "--numerics-report",
           d / "r.json", "--shadow", "f64", "--probe-dir", d, *probes, check=0)
    report = json.loads((d / "r.json").read_text())
    ops = {o["value"][1:]: o for o in report["ops"]}
    vals = {v: np.load(d / f"{v}.npy") for v in "slehbwd"}
    vals["h"] = vals["h"].astype(np.float16)
    vals["b"] = vals["b"].view(ml_dtypes.bfloat16)
    return d, report, ops, vals


def exact_values():
    """Each op's exact (f64) value on exact inputs: the shadow the interpreter must compute."""
    x, y = X.astype(np.float64), Y.astype(np.float64)
    s = x + y
    e = np.exp(x)
    return {"s": s, "l": np.log(s), "e": e, "h": e, "b": x, "w": x, "d": x - x}


def ulp_err(v, ref, fmt):
    """max/mean |v - ref| in ulps of fmt at ref, over finite pairs."""
    m, emin = FMT[fmt]
    errs = []
    for a, r in zip(np.asarray(v, np.float64), np.asarray(ref, np.float64)):
        if not (math.isfinite(a) and math.isfinite(r)):
            continue
        e = emin if r == 0 else max(math.frexp(r)[1] - 1, emin)
        errs.append(abs(a - r) / 2.0 ** (e - m))
    return max(errs), sum(errs) / len(errs)


def test_planted_nan_is_named(run):
    _, report, ops, _ = run
    with_nan = [(o["op"], o["location"]) for o in report["ops"] if o["nan"]]
    assert with_nan == [("tessera.log", loc_of("l"))]
    assert ops["l"]["nan"] == int(np.isnan(np.log(X + Y)).sum()) == 1


def test_planted_overflow_is_named(run):
    _, report, ops, _ = run
    over = [(o["op"], o["location"]) for o in report["ops"] if o["overflow"]]
    assert over == [("tessera.cast", loc_of("h"))]
    want = np.isinf(np.exp(X).astype(np.float16)).sum()
    assert ops["h"]["overflow"] == ops["h"]["pos_inf"] == want == 1
    assert ops["e"]["pos_inf"] == 0


def test_planted_precision_loss_is_named(run):
    """The op that adds a relative error above 1e-3 itself is the bf16 cast and only it."""
    _, report, ops, _ = run
    lossy = [(o["op"], o["location"]) for o in report["ops"] if o["shadow"]["own"]["max_rel"] > 1e-3]
    assert lossy == [("tessera.cast", loc_of("b"))]
    xb = X.astype(ml_dtypes.bfloat16).astype(np.float64)
    assert ops["b"]["rounded"] == int((xb != X).sum()) == 2
    want_rel = np.max(np.abs(xb - X) / np.abs(X))
    assert ops["b"]["shadow"]["own"]["max_rel"] == pytest.approx(want_rel, rel=1e-12)
    # the cancellation adds nothing itself (Sterbenz): its whole error is inherited
    assert ops["d"]["shadow"]["own"]["max_ulp"] == 0
    assert ops["d"]["shadow"]["inherited"]["max_ulp"] > 1e6


def test_probes_match_numpy(run):
    _, _, _, v = run
    np.testing.assert_array_equal(v["s"], X + Y)
    np.testing.assert_array_equal(v["b"].astype(np.float32), X.astype(ml_dtypes.bfloat16).astype(np.float32))
    np.testing.assert_array_equal(v["w"], X.astype(ml_dtypes.bfloat16).astype(np.float32))
    np.testing.assert_array_equal(v["d"], X.astype(ml_dtypes.bfloat16).astype(np.float32) - X)
    # the f16 cast of the interpreter's exp equals numpy's conversion of the same f32 values
    np.testing.assert_array_equal(v["h"], v["e"].astype(np.float16))


@pytest.mark.parametrize("name", list("slehbwd"))
def test_shadow_ulp_errors(run, name):
    """total = result vs exact; own = result vs the op in f64 on its actual operands;
    inherited = that vs exact (ulps of the result format)."""
    _, _, ops, v = run
    o = ops[name]
    fmt = o["dtype"]
    exact = exact_values()[name]
    prim = np.asarray(v[name], np.float64)
    actual_in = {"s": None, "l": np.log(v["s"].astype(np.float64)), "e": None,
                 "h": v["e"].astype(np.float64), "b": None,
                 "w": v["b"].astype(np.float64),
                 "d": v["w"].astype(np.float64) - X.astype(np.float64)}[name]
    local = exact if actual_in is None else actual_in
    sh = o["shadow"]
    assert sh["available"]
    for part, (a, r) in {"total": (prim, exact), "own": (prim, local),
                         "inherited": (local, exact)}.items():
        mx, mean = ulp_err(a, r, fmt)
        assert sh[part]["max_ulp"] == pytest.approx(mx, rel=1e-9, abs=1e-12), part
        assert sh[part]["mean_ulp"] == pytest.approx(mean, rel=1e-9, abs=1e-12), part


def test_value_statistics(run):
    _, _, ops, v = run
    h = ops["h"]
    fin = v["h"][np.isfinite(v["h"])].astype(np.float64)
    assert (h["min"], h["max"], h["absmax"]) == (fin.min(), fin.max(), np.abs(fin).max())
    assert h["range_use"] == pytest.approx(np.abs(fin).max() / 65504.0, rel=1e-12)
    assert h["max_finite"] == 65504.0
    # exponent histogram of %s: floor(log2|x|) of every finite non-zero element
    s = v["s"].astype(np.float64)
    ex = [math.frexp(a)[1] - 1 for a in s if a != 0 and math.isfinite(a)]
    hist = ops["s"]["exp_hist"]
    got = {hist["lo"] + k: c for k, c in enumerate(hist["counts"]) if c}
    assert got == {e: ex.count(e) for e in set(ex)}


def test_report_is_thread_independent(interp, run, tmp_path):
    d, report, _, _ = run
    interp("run", PROG, "-i", f"x={d}/x.npy", "-i", f"y={d}/y.npy", "--threads", 1,
           "--numerics-report", tmp_path / "r1.json", "--shadow", "f64", check=0)
    assert json.loads((tmp_path / "r1.json").read_text())["ops"] == report["ops"]


def test_stop_on_nan_names_the_op(interp, run):
    d = run[0]
    p = interp("run", PROG, "-i", f"x={d}/x.npy", "-i", f"y={d}/y.npy", "--stop-on", "nan", check=3)
    first = p.stderr.splitlines()[0]
    assert first.startswith(loc_of("l") + ": error: 'tessera.log' op produced NaN")
    assert "element [6]" in first
    assert "input #0 tensor<8xf32>: min -1" in p.stderr and "element 6 is -1" in p.stderr


def test_stop_on_inf_names_the_cast(interp, run, tmp_path):
    d = run[0]
    p = interp("run", PROG, "-i", f"x={d}/x.npy", "-i", f"y={d}/y.npy", "--stop-on", "inf",
               "--numerics-report", tmp_path / "r.json", check=3)
    assert p.stderr.startswith(loc_of("h") + ": error: 'tessera.cast' op produced +Inf")
    assert "element [4]" in p.stderr
    stopped = json.loads((tmp_path / "r.json").read_text())["stopped"]
    assert (stopped["op"], stopped["location"], stopped["element"]) == ("tessera.cast", loc_of("h"), 4)


def test_stop_on_ignores_nan_from_nan_inputs(interp, run, tmp_path):
    """A NaN that came in is not produced by the op that passes it on."""
    xs = X.copy()
    xs[0] = np.nan
    np.save(tmp_path / "x.npy", xs)
    np.save(tmp_path / "y.npy", np.ones(8, np.float32))
    p = interp("run", PROG, "-i", f"x={tmp_path}/x.npy", "-i", f"y={tmp_path}/y.npy",
               "--stop-on", "nan", check=0)
    assert p.stderr == ""


def test_probe_by_file_line(interp, run, tmp_path):
    d = run[0]
    line = loc_of("w").split(":")[-2]
    interp("run", PROG, "-i", f"x={d}/x.npy", "-i", f"y={d}/y.npy", "--probe",
           f"planted.mlir:{line}", "--probe-dir", tmp_path, check=0)
    np.testing.assert_array_equal(np.load(tmp_path / "w.npy"),
                                  X.astype(ml_dtypes.bfloat16).astype(np.float32))


@pytest.mark.parametrize("args,msg", [
    (["--shadow", "f32"], "--shadow takes f64"),
    (["--stop-on", "nans"], "--stop-on takes nan, inf or nan,inf"),
])
def test_bad_options(interp, run, args, msg):
    d = run[0]
    p = interp("run", PROG, "-i", f"x={d}/x.npy", "-i", f"y={d}/y.npy", *args, check=2)
    assert msg in p.stderr


def test_unwritable_report(interp, run, tmp_path):
    d = run[0]
    p = interp("run", PROG, "-i", f"x={d}/x.npy", "-i", f"y={d}/y.npy", "--numerics-report",
               tmp_path / "missing" / "r.json", check=1)
    assert "cannot write the numerics report" in p.stderr
