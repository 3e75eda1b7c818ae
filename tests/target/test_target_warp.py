"""Target IR warp ops against independent numpy oracles (docs/ops/target/).

The mma.sync fragment layouts below are written here by hand from the PTX ISA tables ("Matrix
Fragments for mma.m16n8k16 / m16n8k8 / m16n8k32"): groupID g = lane >> 2, threadID_in_group
t = lane % 4. They are not taken from the interpreter. Expected values come from numpy matmul
(exact: small integers) or a float64 emulation of the sequential f32 FMA chain.
"""
import os
import subprocess

import ml_dtypes
import numpy as np
import pytest

from target_kernels import MMA, ldmatrix_module, mma_module, shfl_module, vote_module

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")
RNG = np.random.default_rng(13)


def run_module(text, inputs, tmp, expect_rc=0):
    tmp.mkdir(parents=True, exist_ok=True)
    src = tmp / "k.mlir"
    src.write_text(text)
    args = [TOOL, "run", str(src), "-o", str(tmp)]
    for name, arr in inputs.items():
        p = tmp / f"in_{name}.npy"
        np.save(p, arr)
        args += ["-i", f"{name}={p}"]
    p = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert p.returncode == expect_rc, p.stderr
    return p


def a_elem(shape, lane, i):
    """(row, col) of element i of lane's A fragment, from the PTX ISA tables."""
    g, t = lane // 4, lane % 4
    if shape == "m16n8k16":  # a0,a1: row g; a2,a3: g+8; a4,a5: g; a6,a7: g+8; col 2t+(i%2) (+8 for i>=4)
        row = g + 8 if i in (2, 3, 6, 7) else g
        col = 2 * t + (i % 2) + (8 if i >= 4 else 0)
    elif shape == "m16n8k8":  # a0: (g, t), a1: (g+8, t), a2: (g, t+4), a3: (g+8, t+4)
        row = g + 8 if i in (1, 3) else g
        col = t + (4 if i >= 2 else 0)
    else:  # m16n8k32: a0..a3 row g, a4..a7 g+8, a8..a11 g, a12..a15 g+8; col 4t+(i%4) (+16 for i>=8)
        row = g + 8 if (4 <= i < 8 or i >= 12) else g
        col = 4 * t + (i % 4) + (16 if i >= 8 else 0)
    return row, col


def b_elem(shape, lane, i):
    """(k, n) of element i of lane's B fragment."""
    g, t = lane // 4, lane % 4
    if shape == "m16n8k16":  # b0,b1: k = 2t+(i%2); b2,b3: 2t+8+(i%2)
        return 2 * t + (i % 2) + (8 if i >= 2 else 0), g
    if shape == "m16n8k8":  # b0: k = t, b1: k = t+4
        return t + 4 * i, g
    return 4 * t + (i % 4) + (16 if i >= 4 else 0), g  # m16n8k32


def c_elem(lane, i):
    """(m, n) of element i of lane's C/D fragment: c0,c1 row g; c2,c3 row g+8; col 2t+(i%2)."""
    g, t = lane // 4, lane % 4
    return g + (8 if i >= 2 else 0), 2 * t + (i % 2)


def fragments(shape, a, b, c):
    _, na, nb, _ = MMA[shape]
    fa = np.array([[a[a_elem(shape, l, i)] for i in range(na)] for l in range(32)])
    fb = np.array([[b[b_elem(shape, l, i)] for i in range(nb)] for l in range(32)])
    fc = np.array([[c[c_elem(l, i)] for i in range(4)] for l in range(32)], dtype=np.float32)
    return fa.reshape(-1), fb.reshape(-1), fc.reshape(-1)


def unfragment(d):
    out = np.zeros((16, 8), np.float32)
    for l in range(32):
        for i in range(4):
            out[c_elem(l, i)] = d[l * 4 + i]
    return out


DT = {"bf16": (ml_dtypes.bfloat16, "bf16"), "f16": (np.float16, "f16"),
      "tf32": (np.float32, "f32"), "e4m3": (ml_dtypes.float8_e4m3fn, "f8E4M3FN"),
      "e5m2": (ml_dtypes.float8_e5m2, "f8E5M2")}
SHAPE_OF = {"bf16": "m16n8k16", "f16": "m16n8k16", "tf32": "m16n8k8", "e4m3": "m16n8k32",
            "e5m2": "m16n8k32"}


@pytest.mark.parametrize("kind", sorted(DT))
def test_mma_fragments_exact(kind, tmp_path):
    """Small integers: every order of summation gives the same bits, so this checks the layout."""
    shape = SHAPE_OF[kind]
    npdt, mlir = DT[kind]
    k = MMA[shape][3]
    a = RNG.integers(-4, 5, (16, k)).astype(npdt)
    b = RNG.integers(-4, 5, (k, 8)).astype(npdt)
    c = RNG.integers(-50, 50, (16, 8)).astype(np.float32)
    fa, fb, fc = fragments(shape, a, b, c)
    run_module(mma_module(shape, mlir), {"a": fa.astype(npdt), "b": fb.astype(npdt), "c": fc},
               tmp_path)
    d = np.load(tmp_path / "d.npy")
    ref = a.astype(np.float64) @ b.astype(np.float64) + c
    assert (unfragment(d) == ref.astype(np.float32)).all()


def fma_chain(a, b, c):
    """The sequential f32 FMA chain over k = 0, 1, ... (float64 sum exact for these inputs)."""
    out = c.astype(np.float32).copy()
    for kk in range(a.shape[1]):
        out = (a[:, kk:kk + 1].astype(np.float64) * b[kk:kk + 1, :].astype(np.float64)
               + out.astype(np.float64)).astype(np.float32)
    return out


def test_mma_sequential_chain_bf16(tmp_path):
    a = RNG.standard_normal((16, 16)).astype(ml_dtypes.bfloat16)
    b = RNG.standard_normal((16, 8)).astype(ml_dtypes.bfloat16)
    c = RNG.standard_normal((16, 8)).astype(np.float32)
    fa, fb, fc = fragments("m16n8k16", a, b, c)
    run_module(mma_module("m16n8k16", "bf16"),
               {"a": fa.astype(ml_dtypes.bfloat16), "b": fb.astype(ml_dtypes.bfloat16), "c": fc},
               tmp_path)
    got = unfragment(np.load(tmp_path / "d.npy"))
    assert (got.view(np.uint32) == fma_chain(a, b, c).view(np.uint32)).all()


def test_mma_tf32_ignores_low_bits(tmp_path):
    """tf32 operands: the low 13 fraction bits of each f32 register are not used."""
    a = RNG.integers(-4, 5, (16, 8)).astype(np.float32)
    b = RNG.integers(-4, 5, (8, 8)).astype(np.float32)
    noisy_a = (a.view(np.uint32) | np.uint32(0x1fff)).view(np.float32)
    c = np.zeros((16, 8), np.float32)
    fa, fb, fc = fragments("m16n8k8", noisy_a, b, c)
    run_module(mma_module("m16n8k8", "f32"), {"a": fa, "b": fb, "c": fc}, tmp_path)
    assert (unfragment(np.load(tmp_path / "d.npy")) == a @ b).all()


def test_mma_tensor_core_policy_differs_from_chain(tmp_path):
    """A policy naming a tensor-core model (tc_ampere: steps of 8 products aligned to the
    largest and truncated to 24 fraction bits, docs/numerics.md) replaces the FMA chain."""
    a = np.ones((16, 16), ml_dtypes.bfloat16)
    b = np.zeros((16, 8), ml_dtypes.bfloat16)
    b[0, :], b[1, :], b[2:8, :] = 2.0 ** 20, -(2.0 ** 20), 2.0 ** -12
    c = np.zeros((16, 8), np.float32)
    fa, fb, fc = fragments("m16n8k16", a, b, c)
    ins = {"a": fa.astype(ml_dtypes.bfloat16), "b": fb.astype(ml_dtypes.bfloat16), "c": fc}
    run_module(mma_module("m16n8k16", "bf16"), ins, tmp_path / "seq")
    run_module(mma_module("m16n8k16", "bf16", "tc_ampere"), ins, tmp_path / "tc")
    seq = unfragment(np.load(tmp_path / "seq" / "d.npy"))
    tc = unfragment(np.load(tmp_path / "tc" / "d.npy"))
    # Chain: 2^20 - 2^20 cancels exactly, then six 2^-12 terms add exactly.
    assert (seq == fma_chain(a, b, c)).all() and (seq == np.float32(6 * 2.0 ** -12)).all()
    # Tensor core: in the first step of 8, the 2^-12 terms lie below the last kept bit
    # (2^20 * 2^-24) and are truncated away, so the sum is 0.
    assert (tc == 0).all()


def ldmatrix_oracle(m, rows, cols, num, trans):
    """Matrix j row r comes from 8 elements at (rows[8j+r], cols[8j+r]); lane l gets elements
    (l//4, 2(l%4)+e) of each matrix, or (2(l%4)+e, l//4) with .trans."""
    out = np.zeros((32, 2 * num), m.dtype)
    for j in range(num):
        mat = np.array([m[rows[8 * j + r], cols[8 * j + r]:cols[8 * j + r] + 8] for r in range(8)])
        for l in range(32):
            for e in range(2):
                g, t = l // 4, l % 4
                out[l, 2 * j + e] = mat[2 * t + e, g] if trans else mat[g, 2 * t + e]
    return out.reshape(-1)


@pytest.mark.parametrize("num", [1, 2, 4])
@pytest.mark.parametrize("trans", [False, True])
def test_ldmatrix(num, trans, tmp_path):
    m = np.arange(256).astype(np.float16).reshape(16, 16)
    rows = RNG.integers(0, 16, 32).astype(np.int32)
    cols = (RNG.integers(0, 2, 32) * 8).astype(np.int32)
    run_module(ldmatrix_module(num, trans, "f16"),
               {"m": m.reshape(-1), "rows": rows, "cols": cols}, tmp_path)
    got = np.load(tmp_path / "out.npy")
    assert (got == ldmatrix_oracle(m, rows, cols, num, trans)).all()


def shfl_oracle(x, src, mode):
    out = x.copy()
    for l in range(32):
        v = int(src[l]) & 31
        j = {"up": l - v, "down": l + v, "bfly": l ^ v, "idx": v}[mode]
        out[l] = x[j] if 0 <= j <= 31 else x[l]
    return out


@pytest.mark.parametrize("mode", ["up", "down", "bfly", "idx"])
@pytest.mark.parametrize("dt", ["i32", "f32"])
def test_shfl(mode, dt, tmp_path):
    x = (RNG.standard_normal(32) * 100).astype(np.float32 if dt == "f32" else np.int32)
    src = RNG.integers(0, 32, 32).astype(np.int32)
    run_module(shfl_module(mode, dt), {"x": x, "src": src}, tmp_path)
    assert (np.load(tmp_path / "out.npy") == shfl_oracle(x, src, mode)).all()


@pytest.mark.parametrize("mode", ["all", "any", "ballot"])
@pytest.mark.parametrize("active", [32, 16])
def test_vote(mode, active, tmp_path):
    mask = (1 << active) - 1
    for trial in range(3):
        p = (RNG.random(32) < [0.0, 0.5, 1.0][trial]).astype(np.int32)
        mask_arr = np.array([mask - (1 << 32) if mask >= 1 << 31 else mask], np.int32)
        run_module(vote_module(mode, active), {"p": p, "mask": mask_arr}, tmp_path / str(trial))
        got = np.load(tmp_path / str(trial) / "out.npy")
        bits = [l for l in range(active) if p[l]]
        ballot = sum(1 << l for l in bits)
        want = {"all": int(len(bits) == active), "any": int(bool(bits)),
                "ballot": np.int32(np.uint32(ballot).view(np.int32))}[mode]
        assert (got[:active] == want).all()
        assert (got[active:] == 0).all()


LANE_OPS = """module {
  func.func @k(%x: memref<64xf32>, %out: memref<64xf32>, %loc: memref<64xi32>) {
    %t = tessera_nvidia.tid {dim = 0} : i32
    %v = tessera_nvidia.ld %x, %t : (memref<64xf32>, i32) -> f32
    %e = tessera_nvidia.exp %v : (f32) -> f32
    %one = arith.constant {value = 1.0 : f32} : f32
    %f = tessera_nvidia.fma %e, %v, %one : (f32, f32, f32) -> f32
    tessera_nvidia.st %f, %out, %t : (f32, memref<64xf32>, i32) -> ()
    // Local memory is per thread: every thread writes its own id and reads it back.
    %l = tessera_nvidia.alloc_local : memref<4xi32, 5>
    %c3 = arith.constant {value = 3 : i32} : i32
    tessera_nvidia.st %t, %l, %c3 : (i32, memref<4xi32, 5>, i32) -> ()
    tessera_nvidia.bar_sync : () -> ()
    %back = tessera_nvidia.ld %l, %c3 : (memref<4xi32, 5>, i32) -> i32
    tessera_nvidia.st %back, %loc, %t : (i32, memref<64xi32>, i32) -> ()
    return
  }
  func.func @main(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xi32>) {
    %out, %loc = tessera_nvidia.launch %x {callee = @k, grid = [1], block = [64]}
        : (tensor<64xf32>) -> (tensor<64xf32>, tensor<64xi32>)
    return %out, %loc : tensor<64xf32>, tensor<64xi32>
  }
}
"""


def test_exp_fma_and_local_memory(tmp_path):
    """exp: exp in double rounded once to f32 (numpy's float64 exp); fma: one rounding (exact
    float64 product and sum for these inputs, then f32); local memory private to each thread."""
    x = (RNG.standard_normal(64) * 3).astype(np.float32)
    run_module(LANE_OPS, {"x": x}, tmp_path)
    e = np.exp(x.astype(np.float64)).astype(np.float32)
    want = (e.astype(np.float64) * x.astype(np.float64) + 1.0).astype(np.float32)
    assert (np.load(tmp_path / "out.npy").view(np.uint32) == want.view(np.uint32)).all()
    assert (np.load(tmp_path / "loc.npy") == np.arange(64)).all()
