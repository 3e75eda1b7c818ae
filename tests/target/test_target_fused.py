"""The Target IR decoder's fused instructions and integer optimizations give the results and the
diagnostics of the plain instruction-by-instruction code: shfl.sync idx broadcasts feeding one
fma (from a constant lane or a uniform lane register; the broadcast as the fma's operand a or
b), static local loads feeding such a shuffle (all of that run back to back in one dispatch),
and their unfused fallbacks (a lane register that differs between lanes, --check init on local
memory, a partial warp); pure integer ops computed once per region and loop-invariant ones
hoisted before their loop, never a division by a possible zero. Oracles: float32 FMA chains
from exact rationals, numpy integer arithmetic."""
import os
import subprocess
from fractions import Fraction

import numpy as np
import pytest

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")
RNG = np.random.default_rng(4242)
K = 6


def run(text, inputs, tmp, extra=(), expect_rc=0, isa=None):
    tmp.mkdir(parents=True, exist_ok=True)
    src = tmp / "k.mlir"
    src.write_text(text)
    args = [TOOL, "run", str(src), "-o", str(tmp), *extra]
    for name, arr in inputs.items():
        p = tmp / f"in_{name}.npy"
        np.save(p, arr)
        args += ["-i", f"{name}={p}"]
    env = dict(os.environ)
    env.pop("TESSERA_ISA", None)
    if isa:
        env["TESSERA_ISA"] = isa
    p = subprocess.run(args, capture_output=True, text=True, timeout=120, env=env)
    assert p.returncode == expect_rc, p.stderr
    return p


# Each thread t (lane l of warp w) spills its row b[t, 0:4] to local memory, then for k < K
# folds a[t, k] times lane OWNER's b values into four accumulators (as tile.mma's FMA loop
# lowers): acc0 and acc1 through ld + shfl + fma (broadcast as fma operand b, then a), acc2
# through a shfl of a register from constant lane 5 (+ fma), acc3 through ld + shfl + fma from
# the lane register %own2 (its own uniformity test, then reused by nothing).
FUSED = """module {
  func.func @k(%a: memref<NTx6xf32>, %b: memref<NTx4xf32>, %out: memref<NTx4xf32>) {
    %t32 = tessera_nvidia.tid {dim = 0} : i32
    %t = arith.index_cast %t32 : (i32) -> index
    %lane = tessera_nvidia.laneid : i32
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %c2 = arith.constant {value = 2 : index} : index
    %c3 = arith.constant {value = 3 : index} : index
    %c4 = arith.constant {value = 4 : index} : index
    %c6 = arith.constant {value = 6 : index} : index
    %c32 = arith.constant {value = 32 : index} : index
    %l5 = arith.constant {value = 5 : i32} : i32
    %full = arith.constant {value = -1 : i32} : i32
    %zero = arith.constant {value = 0.0 : f32} : f32
    %lb = tessera_nvidia.alloc_local : () -> memref<4xf32, 5>
    %brow = arith.muli %t, %c4 : (index, index) -> index
    "scf.for"(%c0, %c4, %c1) ({
    ^bb0(%n: index):
      %bi = arith.addi %brow, %n : (index, index) -> index
      %bv = tessera_nvidia.ld %b, %bi : (memref<NTx4xf32>, index) -> f32
      tessera_nvidia.st %bv, %lb, %n : (f32, memref<4xf32, 5>, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    %r:4 = "scf.for"(%c0, %c6, %c1, %zero, %zero, %zero, %zero) ({
    ^bb0(%k: index, %acc0: f32, %acc1: f32, %acc2: f32, %acc3: f32):
      OWNER
      %own2 = arith.index_cast %k : (index) -> i32
      %arow = arith.muli %t, %c6 : (index, index) -> index
      %ai = arith.addi %arow, %k : (index, index) -> index
      %av = tessera_nvidia.ld %a, %ai : (memref<NTx6xf32>, index) -> f32
      %m0 = tessera_nvidia.ld %lb, %c0 : (memref<4xf32, 5>, index) -> f32
      %s0 = tessera_nvidia.shfl_sync %m0, %own, %full {mode = "idx"} : (f32, i32, i32) -> f32
      %d0 = tessera_nvidia.fma %av, %s0, %acc0 : (f32, f32, f32) -> f32
      %m1 = tessera_nvidia.ld %lb, %c1 : (memref<4xf32, 5>, index) -> f32
      %s1 = tessera_nvidia.shfl_sync %m1, %own, %full {mode = "idx"} : (f32, i32, i32) -> f32
      %d1 = tessera_nvidia.fma %s1, %av, %acc1 : (f32, f32, f32) -> f32
      %s2 = tessera_nvidia.shfl_sync %av, %l5, %full {mode = "idx"} : (f32, i32, i32) -> f32
      %d2 = tessera_nvidia.fma %s2, %av, %acc2 : (f32, f32, f32) -> f32
      %m3 = tessera_nvidia.ld %lb, %c3 : (memref<4xf32, 5>, index) -> f32
      %s3 = tessera_nvidia.shfl_sync %m3, %own2, %full {mode = "idx"} : (f32, i32, i32) -> f32
      %d3 = tessera_nvidia.fma %av, %s3, %acc3 : (f32, f32, f32) -> f32
      "scf.yield"(%d0, %d1, %d2, %d3) : (f32, f32, f32, f32) -> ()
    }) : (index, index, index, f32, f32, f32, f32) -> (f32, f32, f32, f32)
    %o0 = arith.muli %t, %c4 : (index, index) -> index
    tessera_nvidia.st %r#0, %out, %o0 : (f32, memref<NTx4xf32>, index) -> ()
    %o1 = arith.addi %o0, %c1 : (index, index) -> index
    tessera_nvidia.st %r#1, %out, %o1 : (f32, memref<NTx4xf32>, index) -> ()
    %o2 = arith.addi %o0, %c2 : (index, index) -> index
    tessera_nvidia.st %r#2, %out, %o2 : (f32, memref<NTx4xf32>, index) -> ()
    %o3 = arith.addi %o0, %c3 : (index, index) -> index
    tessera_nvidia.st %r#3, %out, %o3 : (f32, memref<NTx4xf32>, index) -> ()
    return
  }
  func.func @main(%a: tensor<NTx6xf32>, %b: tensor<NTx4xf32>) -> tensor<NTx4xf32> {
    %out = tessera_nvidia.launch %a, %b {callee = @k, grid = [1], block = [NT]}
        : (tensor<NTx6xf32>, tensor<NTx4xf32>) -> tensor<NTx4xf32>
    return %out : tensor<NTx4xf32>
  }
}
"""

# The owner lane: k % 32 (uniform: the fused fast path), or (k + lane) % 32 (differs between
# lanes: the plain shuffle).
UNIFORM = """%kk = arith.remsi %k, %c32 : (index, index) -> index
      %own = arith.index_cast %kk : (index) -> i32"""
PER_LANE = """%ki = arith.index_cast %k : (index) -> i32
      %kl = arith.addi %ki, %lane : (i32, i32) -> i32
      %c32i = arith.constant {value = 32 : i32} : i32
      %own = arith.remsi %kl, %c32i : (i32, i32) -> i32"""


def kernel(nt, owner):
    return FUSED.replace("NT", str(nt)).replace("OWNER", owner)


def fma_f32(a, b, c):
    """a * b + c rounded once to float32 (nearest, ties to even), from exact rationals."""
    exact = Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c))
    f = np.float32(float(exact))
    cands = [f, np.nextafter(f, np.float32(-np.inf)), np.nextafter(f, np.float32(np.inf))]
    return min(cands, key=lambda v: (abs(Fraction(float(v)) - exact), int(v.view(np.uint32)) & 1))


def expected(a, b, per_lane):
    nt = a.shape[0]
    out = np.zeros((nt, 4), np.float32)
    for t in range(nt):
        w, lane = divmod(t, 32)
        acc = [np.float32(0)] * 4
        for k in range(K):
            own = (k + lane) % 32 if per_lane else k % 32
            o, o2, o5 = w * 32 + own, w * 32 + k % 32, w * 32 + 5
            av = a[t, k]
            acc = [fma_f32(av, b[o, 0], acc[0]), fma_f32(b[o, 1], av, acc[1]),
                   fma_f32(a[o5, k], av, acc[2]), fma_f32(av, b[o2, 3], acc[3])]
        out[t] = acc
    return out


@pytest.mark.parametrize("owner", ["uniform", "per_lane"])
@pytest.mark.parametrize("check", [False, True])
@pytest.mark.parametrize("isa", [None, "avx2", "scalar"])
def test_fused_fma_chains(owner, check, isa, tmp_path):
    """Two whole warps: fused fast paths (uniform owner) or the plain shuffle (per-lane owner);
    --check all keeps local memory's init shadow, so the fused loads run unfused, and must
    find nothing. Every accumulator is the sequential FMA chain bit for bit, with the fused
    FMAs of the detected ISA, AVX2 and the readable loop (TESSERA_ISA=scalar)."""
    nt = 64
    a = RNG.standard_normal((nt, K)).astype(np.float32)
    b = RNG.standard_normal((nt, 4)).astype(np.float32)
    # Subnormal and signed-zero operands and an accumulator that cancels to -0 / +0.
    a[0, :3] = [1e-40, -0.0, 3.0]
    b[0, :2] = [-1e-39, 0.0]
    extra = ["--check", "all"] if check else []
    p = run(kernel(nt, UNIFORM if owner == "uniform" else PER_LANE), {"a": a, "b": b}, tmp_path,
            extra, isa=isa)
    findings = [s for s in p.stderr.splitlines()
                if ("warning" in s or "error" in s) and "(func_w1)" not in s]
    assert not findings, p.stderr  # (func_w1: an unused lane or constant of one variant)
    got = np.load(tmp_path / "out.npy")
    assert (got.view(np.uint32) == expected(a, b, owner == "per_lane").view(np.uint32)).all()


def test_fused_partial_warp_reports_exited_lanes(tmp_path):
    """48 threads: the second warp's full member mask names 16 exited lanes; the fused
    instruction runs as the plain shuffle, which reports it at the first shuffle."""
    nt = 48
    a = np.zeros((nt, K), np.float32)
    b = np.zeros((nt, 4), np.float32)
    p = run(kernel(nt, UNIFORM), {"a": a, "b": b}, tmp_path, expect_rc=1)
    assert "the member mask names exited lanes 16," in p.stderr, p.stderr
    assert "warp 1" in p.stderr, p.stderr
    line = next(i + 1 for i, s in enumerate(kernel(nt, UNIFORM).split("\n")) if "%s0 =" in s)
    assert f"k.mlir:{line}:" in p.stderr, p.stderr


# Integer optimizations of the decoder: %x2 repeats %x1's expression in a loop (value
# numbering); %x4 repeats the then-arm's %x3 in the else arm, where %x3 is unknown (its lanes
# did not compute it): computed again; %inv is loop-invariant (hoisted); %bad divides by
# a zero read from memory and %bad0 by a constant zero, both in a loop that runs zero times
# for every lane (neither may be hoisted: no error); %dz divides by a lane value inside a
# branch the lanes with a zero divisor do not take.
INTOPT = """module {
  func.func @k(%x: memref<64xi32>, %z: memref<1xi32>, %out: memref<256xi32>) {
    %t = tessera_nvidia.tid {dim = 0} : i32
    %c0 = arith.constant {value = 0 : i32} : i32
    %c1 = arith.constant {value = 1 : i32} : i32
    %c3 = arith.constant {value = 3 : i32} : i32
    %c7 = arith.constant {value = 7 : i32} : i32
    %c64 = arith.constant {value = 64 : i32} : i32
    %i0 = arith.constant {value = 0 : index} : index
    %i1 = arith.constant {value = 1 : index} : index
    %i4 = arith.constant {value = 4 : index} : index
    %v = tessera_nvidia.ld %x, %t : (memref<64xi32>, i32) -> i32
    %zero = tessera_nvidia.ld %z, %c0 : (memref<1xi32>, i32) -> i32
    %x1 = arith.muli %v, %c7 : (i32, i32) -> i32
    %r = "scf.for"(%i0, %i4, %i1, %c0) ({
    ^bb0(%i: index, %acc: i32):
      %x2 = arith.muli %v, %c7 : (i32, i32) -> i32
      %inv = arith.remsi %x2, %c3 : (i32, i32) -> i32
      %ii = arith.index_cast %i : (index) -> i32
      %s = arith.addi %acc, %inv : (i32, i32) -> i32
      %s2 = arith.addi %s, %ii : (i32, i32) -> i32
      "scf.yield"(%s2) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    "scf.for"(%i0, %i0, %i1) ({
    ^bb0(%i: index):
      %bad = arith.divsi %v, %zero : (i32, i32) -> i32
      %bad0 = arith.divsi %v, %c0 : (i32, i32) -> i32
      %bs = arith.addi %bad, %bad0 : (i32, i32) -> i32
      tessera_nvidia.st %bs, %out, %t : (i32, memref<256xi32>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    %odd = arith.andi %t, %c1 : (i32, i32) -> i32
    %isodd = arith.cmpi %odd, %c1 {predicate = 0} : (i32, i32) -> i1
    %y = "scf.if"(%isodd) ({
      %x3 = arith.muli %v, %c3 : (i32, i32) -> i32
      %dz = arith.divsi %x3, %odd : (i32, i32) -> i32
      "scf.yield"(%dz) : (i32) -> ()
    }, {
      %x4 = arith.muli %v, %c3 : (i32, i32) -> i32
      %x5 = arith.muli %c3, %v : (i32, i32) -> i32
      %e = arith.subi %x4, %x5 : (i32, i32) -> i32
      "scf.yield"(%e) : (i32) -> ()
    }) : (i1) -> i32
    tessera_nvidia.st %x1, %out, %t : (i32, memref<256xi32>, i32) -> ()
    %o1 = arith.addi %t, %c64 : (i32, i32) -> i32
    tessera_nvidia.st %r, %out, %o1 : (i32, memref<256xi32>, i32) -> ()
    %o2 = arith.addi %o1, %c64 : (i32, i32) -> i32
    tessera_nvidia.st %y, %out, %o2 : (i32, memref<256xi32>, i32) -> ()
    return
  }
  func.func @main(%x: tensor<64xi32>, %z: tensor<1xi32>) -> tensor<256xi32> {
    %out = tessera_nvidia.launch %x, %z {callee = @k, grid = [1], block = [NT]}
        : (tensor<64xi32>, tensor<1xi32>) -> tensor<256xi32>
    return %out : tensor<256xi32>
  }
}
"""


@pytest.mark.parametrize("nt", [64, 40])
def test_integer_value_numbering_and_hoisting(nt, tmp_path):
    x = RNG.integers(-1000, 1000, 64).astype(np.int32)
    run(INTOPT.replace("NT", str(nt)), {"x": x, "z": np.zeros(1, np.int32)}, tmp_path)
    got = np.load(tmp_path / "out.npy")
    v = x[:nt].astype(np.int64)
    x1 = v * 7
    inv = np.sign(x1) * (np.abs(x1) % 3)  # remsi: the dividend's sign
    acc = 4 * inv + (0 + 1 + 2 + 3)
    t = np.arange(nt)
    y = np.where(t % 2 == 1, 3 * v, 0)  # divsi by 1 in odd lanes, x4 - x5 = 0 in even ones
    want = np.zeros(256, np.int64)
    want[:nt], want[64:64 + nt], want[128:128 + nt] = x1, acc, y
    assert (got == want.astype(np.int32)).all()
