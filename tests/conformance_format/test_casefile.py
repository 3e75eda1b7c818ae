"""Tests for conformance/gen/casefile.py: correct rounding, and files the C++ parser reads back."""
import os
import subprocess
import sys
from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "conformance", "gen"))
import casefile  # noqa: E402

PROBE = os.environ.get("TESSERA_CASE_PROBE")

FLOATS = [ml_dtypes.bfloat16, np.float16, ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2,
          ml_dtypes.float6_e2m3fn, ml_dtypes.float6_e3m2fn, ml_dtypes.float4_e2m1fn]


def finite_table(dtype):
    """All finite values of `dtype` (as float64, sorted) and their bit patterns."""
    info = ml_dtypes.finfo(dtype)
    raw_type = np.uint16 if np.dtype(dtype).itemsize == 2 else np.uint8
    raw = np.arange(2 ** (8 * np.dtype(dtype).itemsize)).astype(raw_type)
    raw = raw[raw < 2 ** info.bits]
    with np.errstate(invalid="ignore"):
        vals = raw.view(dtype).astype(np.float64)
    keep = np.isfinite(vals)
    order = np.argsort(vals[keep], kind="stable")
    return vals[keep][order], raw[keep][order]


def nearest_even(x: float, vals, bits) -> int:
    """Exact reference: the value nearest to x, ties to the even bit pattern (x within range)."""
    i = int(np.searchsorted(vals, x))
    cands = [j for j in (i - 1, i, i + 1) if 0 <= j < len(vals)]
    best = None
    for j in cands:
        d = abs(Fraction(float(vals[j])) - Fraction(x))
        key = (d, int(bits[j]) % 2)
        if best is None or key < best[0]:
            best = (key, int(bits[j]))
    return best[1]


def test_double_rounding_trap_is_avoided():
    x = np.array([1 + 2.0**-8 + 2.0**-32, -(1 + 2.0**-8 + 2.0**-32)])
    naive = x.astype(ml_dtypes.bfloat16)
    good = casefile.round_f64_to(x, ml_dtypes.bfloat16)
    assert list(naive.view(np.uint16)) == [0x3F80, 0xBF80]  # numpy's double rounding
    assert list(good.view(np.uint16)) == [0x3F81, 0xBF81]


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
def test_round_f64_to_matches_exact_nearest_even(dtype):
    rng = np.random.default_rng(7)
    info = ml_dtypes.finfo(dtype)
    top = float(info.max)
    tiny = float(info.smallest_subnormal)
    vals, bits_table = finite_table(dtype)
    mids = (vals[:-1] + vals[1:]) / 2
    picks = rng.choice(len(mids), 60)
    xs = np.concatenate([mids[picks], mids[picks] * (1 + 2.0**-40), mids[picks] * (1 - 2.0**-40),
                         rng.uniform(-top, top, 40), rng.uniform(-1, 1, 20) * tiny * 8])
    got = casefile.round_f64_to(xs, dtype)
    bits = got.view(bits_table.dtype)
    for k, x in enumerate(xs):
        want = nearest_even(float(x), vals, bits_table)
        if float(got[k]) == 0:  # +0 and -0 are equally near; compare values there
            assert float(np.array([want], bits.dtype).view(dtype)[0]) == 0
        else:
            assert int(bits[k]) == want, (x, hex(int(bits[k])), hex(want))


def test_round_f64_to_integer_targets():
    assert casefile.round_f64_to([3.0, -8.0], ml_dtypes.int4).tolist() == [3, -8]
    with pytest.raises(ValueError):
        casefile.round_f64_to([2.5], np.int32)


def test_hex_payload_and_types():
    assert casefile.mlir_type(np.zeros((), np.float32)) == "tensor<f32>"
    assert casefile.mlir_type(np.zeros((2, 0), ml_dtypes.float8_e4m3fn)) == "tensor<2x0xf8E4M3FN>"
    assert casefile.hex_payload(np.array([-8, -1, 7], ml_dtypes.int4)) == "hex:8,f,7"
    assert casefile.hex_payload(np.array([True, False])) == "hex:01,00"
    assert casefile.hex_payload(np.array([1.0], ml_dtypes.bfloat16)) == "hex:3f80"
    with pytest.raises(ValueError):
        casefile.mlir_type(np.zeros(2, np.complex64))


@pytest.mark.skipif(not PROBE, reason="TESSERA_CASE_PROBE is not set")
def test_written_cases_read_back_in_cpp(tmp_path):
    rng = np.random.default_rng(3)
    arrays = [
        rng.standard_normal((2, 3)).astype(np.float32),
        rng.standard_normal(300).astype(ml_dtypes.bfloat16),          # > 256: npy
        rng.integers(-8, 8, 301).astype(ml_dtypes.int4),              # npy as int8
        rng.integers(-8, 8, 5).astype(ml_dtypes.int4),                # inline, odd count
        rng.standard_normal((17, 17)).astype(ml_dtypes.float4_e2m1fn),
        np.array(True),
        rng.integers(0, 2**63, (3,), dtype=np.uint64),
        np.zeros((0, 4), np.float64),
    ]
    cf = casefile.CaseFile(str(tmp_path / "mix.mlir"), generator=__file__)
    for i, arr in enumerate(arrays):
        cf.add_case(f"c{i}", "module {}\n", inputs=[arr], expected=[arr], rule="ulp:1")
    cf.write()
    out = subprocess.run([PROBE, str(tmp_path / "mix.mlir")], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    for i, arr in enumerate(arrays):
        head, inp, exp = lines[3 * i: 3 * i + 3]
        assert head == f"CASE c{i} 1 main"
        want = arr.tobytes()
        if arr.dtype == ml_dtypes.int4:  # tessera packs two per byte, low nibble first
            nib = (arr.astype(np.int8).view(np.uint8) & 0xF).tolist() + [0]
            want = bytes(nib[k] | (nib[k + 1] << 4) for k in range(0, arr.size, 2))
        assert inp.split() == ["INPUT", casefile.mlir_type(arr)] + ([want.hex()] if want else [])
        assert exp.split()[2:] == inp.split()[2:]


def test_committed_example_is_current(tmp_path):
    subprocess.run([sys.executable, os.path.join(REPO, "conformance", "gen", "example_add.py"),
                    str(tmp_path / "add.mlir")], check=True)
    committed = os.path.join(REPO, "conformance", "cases", "graph")

    def strip(text):
        return [ln for ln in text.splitlines() if not ln.startswith("// GENERATOR:")]

    with open(tmp_path / "add.mlir") as a, open(os.path.join(committed, "add.mlir")) as b:
        assert strip(a.read()) == strip(b.read())
    for name in os.listdir(tmp_path):
        if name.endswith(".npy"):
            with open(tmp_path / name, "rb") as a, open(os.path.join(committed, name), "rb") as b:
                assert a.read() == b.read()
