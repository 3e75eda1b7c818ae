"""tessera-interp cast and numerics against ml_dtypes; usage errors exit 2, bad files exit 1."""
import os

import ml_dtypes
import numpy as np
import pytest

from conftest import bits

FORMATS = {
    "bf16": ml_dtypes.bfloat16, "f16": np.float16, "fp8_e4m3": ml_dtypes.float8_e4m3fn,
    "fp8_e5m2": ml_dtypes.float8_e5m2, "fp6_e2m3": ml_dtypes.float6_e2m3fn,
    "fp6_e3m2": ml_dtypes.float6_e3m2fn, "fp4_e2m1": ml_dtypes.float4_e2m1fn,
    "e8m0": ml_dtypes.float8_e8m0fnu,
}
SMALL = ["fp8_e4m3", "fp8_e5m2", "fp6_e2m3", "fp6_e3m2", "fp4_e2m1", "e8m0"]


def f32_inputs():
    """Random patterns over the whole f32 range, every exponent's ties and specials."""
    rng = np.random.default_rng(7)
    r = rng.integers(0, 2**32, 200_000, dtype=np.uint64).astype(np.uint32)
    e = np.arange(256, dtype=np.uint32) << 23
    m = np.array([0, 1, 0x080000, 0x07FFFF, 0x080001, 0x100000, 0x180000, 0x008000, 0x7FFFFF,
                  0x400000, 0x200000, 0x300000], np.uint32)
    grid = (e[:, None] | m[None, :]).ravel()
    grid = np.concatenate([grid, grid | 0x80000000])
    spec = np.array([0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x7F800001,
                     0x43E00000, 0x43E80000, 0x43E80001, 0x47600000, 0x47700000], np.uint32)
    return np.concatenate([r, grid, spec]).view(np.float32).reshape(4, -1)


def raw_out(arr, fmt):
    """What the tool writes: uint8 for one-byte formats, uint16 for bf16, native for f16."""
    out = np.asarray(arr, fmt)
    return out if fmt is np.float16 else bits(out)


@pytest.mark.parametrize("name", list(FORMATS))
def test_cast_f32_matches_ml_dtypes(interp, tmp_path, name):
    x = f32_inputs()
    np.save(tmp_path / "x.npy", x)
    interp("cast", tmp_path / "x.npy", tmp_path / "y.npy", "--to", name, check=0)
    got = np.load(tmp_path / "y.npy")
    want = raw_out(x.astype(FORMATS[name]), FORMATS[name])
    assert got.dtype == want.dtype and got.shape == want.shape
    if name == "f16":  # compare f16 bit patterns; NaN payloads follow numpy
        got, want = bits(got), bits(want)
    assert np.array_equal(got, want), np.flatnonzero(got != want)[:10]


@pytest.mark.parametrize("name", SMALL)
def test_cast_from_raw_bits_every_pattern(interp, tmp_path, name):
    fmt = FORMATS[name]
    width = {"fp6_e2m3": 64, "fp6_e3m2": 64, "fp4_e2m1": 16}.get(name, 256)
    raw = np.arange(width, dtype=np.uint8)
    np.save(tmp_path / "q.npy", raw)
    interp("cast", tmp_path / "q.npy", tmp_path / "f.npy", "--from", name, "--to", "f32", check=0)
    got = np.load(tmp_path / "f.npy")
    want = raw.view(fmt).astype(np.float32)
    assert got.dtype == np.float32
    nan = np.isnan(want)
    assert np.array_equal(np.isnan(got), nan)
    assert np.array_equal(bits(got)[~nan], bits(want)[~nan])


def test_cast_bf16_raw_to_e4m3(interp, tmp_path):
    raw = np.arange(0, 65536, 7, dtype=np.uint16)
    np.save(tmp_path / "b.npy", raw)
    interp("cast", tmp_path / "b.npy", tmp_path / "o.npy", "--from", "bf16", "--to", "e4m3",
           check=0)
    want = bits(raw.view(ml_dtypes.bfloat16).astype(ml_dtypes.float8_e4m3fn))
    assert np.array_equal(np.load(tmp_path / "o.npy"), want)


def test_cast_saturate_and_cuda_profile(interp, tmp_path):
    x = np.array([500.0, -1e6, np.inf, -np.inf, np.nan, -np.nan, 448.0, 1.0], np.float32)
    np.save(tmp_path / "x.npy", x)
    interp("cast", tmp_path / "x.npy", tmp_path / "s.npy", "--to", "e4m3", "--saturate", check=0)
    # ocp + saturate: finite overflow clamps, Inf still becomes NaN (ml_dtypes' saturating rule).
    fin = np.where(np.isfinite(x), np.clip(x, -448, 448), x)
    assert np.array_equal(np.load(tmp_path / "s.npy"), bits(fin.astype(ml_dtypes.float8_e4m3fn)))
    interp("cast", tmp_path / "x.npy", tmp_path / "c.npy", "--to", "e4m3", "--profile", "cuda",
           "--saturate", check=0)
    # cvt.rn.satfinite.e4m3x2.f32: |x| > max (Inf too) -> +-0x7E; NaN -> 0x7F without sign.
    assert list(np.load(tmp_path / "c.npy")) == [0x7E, 0xFE, 0x7E, 0xFE, 0x7F, 0x7F, 0x7E, 0x38]


def test_cast_rounding_modes_on_one_tie(interp, tmp_path):
    # 1 + 2^-4 lies halfway between e4m3 1.0 (0x38) and 1.125 (0x39); -(1 + 2^-4) likewise.
    x = np.array([1.0625, -1.0625, 1.0625 + 2**-20], np.float32)
    np.save(tmp_path / "x.npy", x)
    want = {"rne": [0x38, 0xB8, 0x39], "rtz": [0x38, 0xB8, 0x38], "rup": [0x39, 0xB8, 0x39],
            "rdown": [0x38, 0xB9, 0x38], "rna": [0x39, 0xB9, 0x39]}
    for mode, w in want.items():
        interp("cast", tmp_path / "x.npy", tmp_path / "o.npy", "--to", "e4m3", "--rounding", mode,
               check=0)
        assert list(np.load(tmp_path / "o.npy")) == w, mode


def test_cast_stochastic_is_reproducible_and_thread_independent(interp, tmp_path):
    x = np.random.default_rng(3).standard_normal(100_000).astype(np.float32)
    np.save(tmp_path / "x.npy", x)
    outs = []
    for threads, seed in ((1, 9), (2, 9), (2, 10)):
        p = tmp_path / f"o{threads}_{seed}.npy"
        interp("cast", tmp_path / "x.npy", p, "--to", "bf16", "--rounding", "stochastic",
               "--seed", seed, "--threads", threads, check=0)
        outs.append(np.load(p))
    assert np.array_equal(outs[0], outs[1])
    assert not np.array_equal(outs[1], outs[2])
    # Every result is one of the two bf16 neighbours of x.
    lo = bits(x) >> 16
    assert np.all((outs[0] == lo) | (outs[0] == lo + 1))


def test_cast_int4_written_as_int8(interp, tmp_path):
    x = np.array([-8, -1, 0, 7, 3], np.int8)
    np.save(tmp_path / "x.npy", x)
    interp("cast", tmp_path / "x.npy", tmp_path / "o.npy", "--to", "int4", check=0)
    got = np.load(tmp_path / "o.npy")
    assert got.dtype == np.int8 and list(got) == [-8, -1, 0, 7, 3]


@pytest.mark.parametrize("args", [
    ["x.npy", "y.npy"],                                   # missing --to
    ["x.npy", "--to", "bf16"],                            # missing OUT
    ["x.npy", "y.npy", "--to", "fp7"],                    # unknown format
    ["x.npy", "y.npy", "--to", "bf16", "--from", "nope"],
    ["x.npy", "y.npy", "--to", "bf16", "--rounding", "up"],
    ["x.npy", "y.npy", "--to", "bf16", "--profile", "amd"],
    ["x.npy", "y.npy", "--to", "bf16", "--seed", "-3"],
    ["x.npy", "y.npy", "--to", "bf16", "--seed", "many"],
    ["x.npy", "y.npy", "--to", "bf16", "--threads", "-1"],
    ["x.npy", "y.npy", "--to", "bf16", "--frobnicate"],
])
def test_cast_usage_errors_exit_2(interp, tmp_path, args):
    np.save(tmp_path / "x.npy", np.ones(3, np.float32))
    p = interp("cast", *[tmp_path / a if a.endswith(".npy") else a for a in args])
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert p.stderr.strip()


def test_cast_bad_files_exit_1(interp, tmp_path):
    (tmp_path / "garbage.npy").write_bytes(b"not a numpy file at all")
    np.save(tmp_path / "good.npy", np.ones((2, 3), np.float32))
    data = (tmp_path / "good.npy").read_bytes()
    (tmp_path / "short.npy").write_bytes(data[:-5])
    np.save(tmp_path / "nibbles.npy", np.array([0x0F, 0x1F], np.uint8))
    cases = [
        ["missing.npy", "o.npy", "--to", "bf16"],
        ["garbage.npy", "o.npy", "--to", "bf16"],
        ["short.npy", "o.npy", "--to", "bf16"],
        ["good.npy", "o.npy", "--to", "f32", "--from", "e4m3"],     # f32 bits are not one byte
        ["nibbles.npy", "o.npy", "--to", "f32", "--from", "e2m1"],  # high bits set
        ["good.npy", os.path.join("no", "such", "dir", "o.npy"), "--to", "bf16"],
    ]
    for c in cases:
        p = interp("cast", *[tmp_path / a if a.endswith(".npy") else a for a in c])
        assert p.returncode == 1, (c, p.stdout, p.stderr)
        assert "error" in p.stderr.lower() or p.stderr.strip(), c


def parse_table(text):
    rows = {}
    for line in text.splitlines():
        key, _, val = line.partition("  ")
        rows[key.strip()] = val.strip()
    return rows


def value_of(field):
    return float(field.split()[0])


@pytest.mark.parametrize("name", list(FORMATS) + ["f32", "f64"])
def test_numerics_table_matches_finfo(interp, name):
    fmt = FORMATS.get(name, {"f32": np.float32, "f64": np.float64}.get(name))
    fi = ml_dtypes.finfo(fmt)
    rows = parse_table(interp("numerics", name, check=0).stdout)
    assert value_of(rows["max finite"]) == float(fi.max)
    assert value_of(rows["min normal"]) == float(fi.smallest_normal)
    assert int(rows["emin"]) == fi.minexp
    assert int(rows["emax"]) == fi.maxexp - 1
    if name == "e8m0":
        assert rows["min subnormal"] == "none" and rows["nan"] == "0xFF"
        assert int(rows["bias"]) == 127
        return
    assert int(rows["bias"]) == 1 - fi.minexp
    assert value_of(rows["min subnormal"]) == float(fi.smallest_subnormal)
    assert value_of(rows["epsilon"]) == float(fi.eps)
    # Every listed NaN / Inf encoding decodes to NaN / Inf in ml_dtypes.
    width = np.dtype(fmt).itemsize
    raw = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[width]
    for key, test in (("nan", np.isnan), ("inf", np.isinf)):
        text = rows[key]
        if text.startswith("none"):
            all_bits = np.arange(min(2 ** (8 * width), 65536), dtype=raw)
            if width <= 2:
                assert not test(all_bits.view(fmt).astype(np.float32)).any(), key
            continue
        for ch in ",.()":
            text = text.replace(ch, " ")
        for tok in text.split():
            if tok.startswith("0x"):
                v = np.array([int(tok, 16)], raw).view(fmt)
                assert test(v.astype(np.float64))[0], (key, tok)


def test_numerics_e4m3_text(interp):
    rows = parse_table(interp("numerics", "e4m3", check=0).stdout)
    assert rows["max finite"] == "448 (0x7E)"
    assert rows["min subnormal"] == "0.001953125 = 2^-9 (0x01)"
    assert rows["nan"] == "0x7F, 0xFF" and rows["inf"] == "none"


@pytest.mark.parametrize("args", [[], ["fp9"], ["bf16", "extra"], ["--bogus"]])
def test_numerics_usage_errors_exit_2(interp, args):
    assert interp("numerics", *args).returncode == 2
