"""The Target IR interpreter's whole-warp fast paths (ld/st/cp.async on one buffer, constant
shfl broadcasts, divsi/remsi by a power of two, scf.for yields without moves) give the results
of the lane-by-lane path: each kernel runs on whole warps (fast paths) and, where it matters, on a
partial last warp (lane by lane), against numpy or a hand-written Python model; where a check
fails the lane-by-lane path reports the first failing lane."""
import os
import subprocess
from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")
RNG = np.random.default_rng(1313)


def run(text, inputs, tmp, expect_rc=0):
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


MEMORY = """module {
  func.func @k(%x: memref<256xf32>, %y: memref<64xbf16>, %out: memref<256xf32>,
               %outb: memref<64xbf16>, %loc: memref<256xf32>, %sh: memref<64xf32>,
               %last: memref<1xi32>, %wins: memref<64xi32>) {
    %t = tessera_nvidia.tid {dim = 0} : i32
    %c0 = arith.constant {value = 0 : i32} : i32
    %c4 = arith.constant {value = 4 : i32} : i32
    %c63 = arith.constant {value = 63 : i32} : i32
    %i4 = arith.muli %t, %c4 : i32
    // vector ld/st of global f32, scalar bf16 through registers
    %v = tessera_nvidia.ld %x, %i4 : (memref<256xf32>, i32) -> vector<4xf32>
    tessera_nvidia.st %v, %out, %i4 : (vector<4xf32>, memref<256xf32>, i32) -> ()
    %b = tessera_nvidia.ld %y, %t : (memref<64xbf16>, i32) -> bf16
    tessera_nvidia.st %b, %outb, %t : (bf16, memref<64xbf16>, i32) -> ()
    // local memory: one copy per thread, at a uniform index
    %l = tessera_nvidia.alloc_local : memref<8xf32, 5>
    tessera_nvidia.st %v, %l, %c4 : (vector<4xf32>, memref<8xf32, 5>, i32) -> ()
    %back = tessera_nvidia.ld %l, %c4 : (memref<8xf32, 5>, i32) -> vector<4xf32>
    tessera_nvidia.st %back, %loc, %i4 : (vector<4xf32>, memref<256xf32>, i32) -> ()
    // shared memory: reversed through a barrier, then read back
    %s = tessera_nvidia.alloc_shared : memref<64xf32, 3>
    %r = arith.subi %c63, %t : i32
    %x0 = tessera_nvidia.ld %x, %t : (memref<256xf32>, i32) -> f32
    tessera_nvidia.st %x0, %s, %r : (f32, memref<64xf32, 3>, i32) -> ()
    tessera_nvidia.bar_sync : () -> ()
    %sv = tessera_nvidia.ld %s, %t : (memref<64xf32, 3>, i32) -> f32
    tessera_nvidia.st %sv, %sh, %t : (f32, memref<64xf32>, i32) -> ()
    // every thread stores to one element: warps in order, lanes in increasing order
    tessera_nvidia.st %t, %last, %c0 : (i32, memref<1xi32>, i32) -> ()
    // the same to shared memory at a constant index (a decoded static access), read back
    %s2 = tessera_nvidia.alloc_shared : memref<4xi32, 3>
    %c1 = arith.constant {value = 1 : i32} : i32
    tessera_nvidia.st %t, %s2, %c1 : (i32, memref<4xi32, 3>, i32) -> ()
    tessera_nvidia.bar_sync : () -> ()
    %won = tessera_nvidia.ld %s2, %c1 : (memref<4xi32, 3>, i32) -> i32
    tessera_nvidia.st %won, %wins, %t : (i32, memref<64xi32>, i32) -> ()
    return
  }
  func.func @main(%x: tensor<256xf32>, %y: tensor<64xbf16>)
      -> (tensor<256xf32>, tensor<64xbf16>, tensor<256xf32>, tensor<64xf32>, tensor<1xi32>,
          tensor<64xi32>) {
    %out, %outb, %loc, %sh, %last, %wins = tessera_nvidia.launch %x, %y
        {callee = @k, grid = [1], block = [BLOCK]}
        : (tensor<256xf32>, tensor<64xbf16>)
        -> (tensor<256xf32>, tensor<64xbf16>, tensor<256xf32>, tensor<64xf32>, tensor<1xi32>,
            tensor<64xi32>)
    return %out, %outb, %loc, %sh, %last, %wins
        : tensor<256xf32>, tensor<64xbf16>, tensor<256xf32>, tensor<64xf32>, tensor<1xi32>,
          tensor<64xi32>
  }
}
"""


@pytest.mark.parametrize("threads", [64, 40])
def test_memory_whole_and_partial_warps(threads, tmp_path):
    """64 threads: every access on a fast path (the local and the second shared accesses are
    static: an allocation at a constant index); 40: the second warp (8 lanes) lane by lane."""
    x = RNG.standard_normal(256).astype(np.float32)
    y = RNG.standard_normal(64).astype(ml_dtypes.bfloat16)
    run(MEMORY.replace("BLOCK", str(threads)), {"x": x, "y": y}, tmp_path)
    n = threads
    out = np.load(tmp_path / "out.npy")
    assert (out[:4 * n].view(np.uint32) == x[:4 * n].view(np.uint32)).all()
    assert (out[4 * n:] == 0).all()
    assert (np.load(tmp_path / "outb.npy")[:n].view(np.uint16) == y[:n].view(np.uint16)).all()
    loc = np.load(tmp_path / "loc.npy")
    assert (loc[:4 * n].view(np.uint32) == x[:4 * n].view(np.uint32)).all()
    sh = np.load(tmp_path / "sh.npy")
    # thread t wrote x[t] to element 63 - t; thread t reads element t
    want = np.zeros(64, np.float32)
    for t in range(n):
        if 63 - t < n:
            want[t] = x[63 - t]
    assert (sh[:n].view(np.uint32) == want[:n].view(np.uint32)).all()
    assert np.load(tmp_path / "last.npy")[0] == n - 1
    wins = np.load(tmp_path / "wins.npy")
    assert (wins[:n] == n - 1).all() and (wins[n:] == 0).all()


OOB = """module {
  func.func @k(%x: memref<48xf32>, %out: memref<32xf32>) {
    %l = tessera_nvidia.laneid : i32
    %c2 = arith.constant {value = 2 : i32} : i32
    %i = arith.muli %l, %c2 : i32
    %v = tessera_nvidia.ld %x, %i : (memref<48xf32>, i32) -> f32
    tessera_nvidia.st %v, %out, %l : (f32, memref<32xf32>, i32) -> ()
    return
  }
  func.func @main(%x: tensor<48xf32>) -> tensor<32xf32> {
    %out = tessera_nvidia.launch %x {callee = @k, grid = [1], block = [32]}
        : (tensor<48xf32>) -> tensor<32xf32>
    return %out : tensor<32xf32>
  }
}
"""


def test_out_of_bounds_names_first_lane(tmp_path):
    """Lanes 24..31 read past the end: the report names lane 24, the first in lane order."""
    p = run(OOB, {"x": np.zeros(48, np.float32)}, tmp_path, expect_rc=1)
    assert "out-of-bounds access: elements [48, 49) of %x (48 elements)" in p.stderr, p.stderr
    assert "block 0, warp 0, lane 24 " in p.stderr, p.stderr


COPY = """module {
  func.func @k(%x: memref<128xf32>, %out: memref<128xf32>) {
    %t = tessera_nvidia.tid {dim = 0} : i32
    %c2 = arith.constant {value = 2 : i32} : i32
    %c127 = arith.constant {value = 127 : i32} : i32
    %s = tessera_nvidia.alloc_shared : memref<128xf32, 3>
    %i = arith.muli %t, %c2 : i32
    tessera_nvidia.cp_async %x, %i, %s, %i {bytes = 8}
        : (memref<128xf32>, i32, memref<128xf32, 3>, i32) -> ()
    tessera_nvidia.cp_async_commit_group : () -> ()
    tessera_nvidia.cp_async_wait_group {n = 0} : () -> ()
    tessera_nvidia.bar_sync : () -> ()
    %j = arith.subi %c127, %i : i32
    %v = tessera_nvidia.ld %s, %j : (memref<128xf32, 3>, i32) -> f32
    tessera_nvidia.st %v, %out, %t : (f32, memref<128xf32>, i32) -> ()
    return
  }
  func.func @main(%x: tensor<128xf32>) -> tensor<128xf32> {
    %out = tessera_nvidia.launch %x {callee = @k, grid = [1], block = [BLOCK]}
        : (tensor<128xf32>) -> tensor<128xf32>
    return %out : tensor<128xf32>
  }
}
"""


@pytest.mark.parametrize("threads", [64, 48])
def test_cp_async_whole_and_partial_warps(threads, tmp_path):
    x = RNG.standard_normal(128).astype(np.float32)
    run(COPY.replace("BLOCK", str(threads)), {"x": x}, tmp_path)
    out = np.load(tmp_path / "out.npy")
    # element e landed when e < 2 * threads; thread t reads element 127 - 2t
    want = np.array([x[127 - 2 * t] if 127 - 2 * t < 2 * threads else 0.0
                     for t in range(threads)], np.float32)
    assert (out[:threads].view(np.uint32) == want.view(np.uint32)).all()


SHFL = """module {
  func.func @k(%x: memref<32xf32>, %out: memref<64xf32>) {
    %l = tessera_nvidia.laneid : i32
    %full = arith.constant {value = -1 : i32} : i32
    %c5 = arith.constant {value = 5 : i32} : i32
    %c37 = arith.constant {value = 37 : i32} : i32
    %c32 = arith.constant {value = 32 : i32} : i32
    %v = tessera_nvidia.ld %x, %l : (memref<32xf32>, i32) -> f32
    %a = tessera_nvidia.shfl_sync %v, %c5, %full {mode = "idx"} : (f32, i32, i32) -> f32
    tessera_nvidia.st %a, %out, %l : (f32, memref<64xf32>, i32) -> ()
    %b = tessera_nvidia.shfl_sync %v, %c37, %full {mode = "idx"} : (f32, i32, i32) -> f32
    %o = arith.addi %l, %c32 : i32
    tessera_nvidia.st %b, %out, %o : (f32, memref<64xf32>, i32) -> ()
    return
  }
  func.func @main(%x: tensor<32xf32>) -> tensor<64xf32> {
    %out = tessera_nvidia.launch %x {callee = @k, grid = [1], block = [32]}
        : (tensor<32xf32>) -> tensor<64xf32>
    return %out : tensor<64xf32>
  }
}
"""


def test_shfl_constant_lane_broadcast(tmp_path):
    """idx from constant lane 5, and from 37 (PTX uses the lane's low 5 bits: lane 5)."""
    x = RNG.standard_normal(32).astype(np.float32)
    run(SHFL, {"x": x}, tmp_path)
    out = np.load(tmp_path / "out.npy")
    assert (out.view(np.uint32) == np.full(64, x[5]).view(np.uint32)).all()


def test_shfl_constant_lane_in_divergent_branch_is_reported(tmp_path):
    """The constant full mask names lanes that do not execute the shuffle: not converged."""
    text = SHFL.replace(
        '    %a = tessera_nvidia.shfl_sync %v, %c5, %full {mode = "idx"} : (f32, i32, i32) -> f32\n'
        '    tessera_nvidia.st %a, %out, %l : (f32, memref<64xf32>, i32) -> ()\n',
        '    %lo = arith.cmpi %l, %c5 {predicate = "slt"} : (i32, i32) -> i1\n'
        '    "scf.if"(%lo) ({\n'
        '      %a = tessera_nvidia.shfl_sync %v, %c5, %full {mode = "idx"}'
        ' : (f32, i32, i32) -> f32\n'
        '      "scf.yield"() : () -> ()\n'
        '    }, { "scf.yield"() : () -> () }) : (i1) -> ()\n')
    p = run(text, {"x": np.zeros(32, np.float32)}, tmp_path, expect_rc=1)
    assert "are not converged here" in p.stderr, p.stderr


DIV = """module {
  func.func @k(%x: memref<64xT>, %y: memref<64xT>, %q: memref<64xT>, %r: memref<64xT>) {
    %t = tessera_nvidia.tid {dim = 0} : i32
    %a = tessera_nvidia.ld %x, %t : (memref<64xT>, i32) -> T
    %d = DIVISOR
    %qq = arith.divsi %a, %d : (T, T) -> T
    %rr = arith.remsi %a, %d : (T, T) -> T
    tessera_nvidia.st %qq, %q, %t : (T, memref<64xT>, i32) -> ()
    tessera_nvidia.st %rr, %r, %t : (T, memref<64xT>, i32) -> ()
    return
  }
  func.func @main(%x: tensor<64xT>, %y: tensor<64xT>) -> (tensor<64xT>, tensor<64xT>) {
    %q, %r = tessera_nvidia.launch %x, %y {callee = @k, grid = [1], block = [64]}
        : (tensor<64xT>, tensor<64xT>) -> (tensor<64xT>, tensor<64xT>)
    return %q, %r : tensor<64xT>, tensor<64xT>
  }
}
"""


def trunc_divmod(a, d):
    """MLIR divsi / remsi: the quotient rounds toward zero, the remainder has a's sign."""
    q = abs(a) // abs(d) * (1 if (a < 0) == (d < 0) else -1)
    return q, a - q * d


@pytest.mark.parametrize("dt", ["index", "i64", "i32"])
@pytest.mark.parametrize("divisor", ["const:1", "const:8", "const:6", "lane"])
def test_divsi_remsi(dt, divisor, tmp_path):
    """Uniform powers of two take the shift path; 6 and per-lane divisors take the general one."""
    npdt = np.int32 if dt == "i32" else np.int64
    big = 2**31 - 1 if dt == "i32" else 2**62
    x = np.concatenate([RNG.integers(-1000, 1000, 56), [-big, big, -1, 0, 1, -8, -9, 7]])
    y = RNG.integers(1, 50, 64) * RNG.choice([-1, 1], 64)
    if divisor == "lane":
        d = "tessera_nvidia.ld %y, %t : (memref<64xT>, i32) -> T"
        ds = y
    else:
        v = int(divisor.split(":")[1])
        d = f"arith.constant {{value = {v} : T}} : T"
        ds = np.full(64, v)
    text = DIV.replace("DIVISOR", d).replace("T", dt)
    run(text, {"x": x.astype(npdt), "y": y.astype(npdt)}, tmp_path)
    want = [trunc_divmod(int(a), int(b)) for a, b in zip(x, ds)]
    assert (np.load(tmp_path / "q.npy") == np.array([w[0] for w in want], npdt)).all()
    assert (np.load(tmp_path / "r.npy") == np.array([w[1] for w in want], npdt)).all()


LOOP = """module {
  func.func @k(%x: memref<32xf32>, %out: memref<128xf32>) {
    %l = tessera_nvidia.laneid : i32
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %n = arith.constant {value = 7 : index} : index
    %c32 = arith.constant {value = 32 : i32} : i32
    %half = arith.constant {value = 0.5 : f32} : f32
    %v = tessera_nvidia.ld %x, %l : (memref<32xf32>, i32) -> f32
    %r:4 = "scf.for"(%c0, %n, %c1, %v, %half, %v, %half) ({
    ^bb0(%i: index, %a: f32, %b: f32, %c: f32, %d: f32):
      // %s is yielded as a while %a is still read after it (no in-place write); %m is
      // yielded as b and d (twice); %p as c, whose old value nothing reads after it.
      %s = arith.addf %a, %b : f32
      %m = arith.mulf %a, %b : f32
      %p = tessera_nvidia.fma %c, %d, %s : (f32, f32, f32) -> f32
      "scf.yield"(%s, %m, %p, %m) : (f32, f32, f32, f32) -> ()
    }) : (index, index, index, f32, f32, f32, f32) -> (f32, f32, f32, f32)
    %q:2 = "scf.for"(%c0, %n, %c1, %v, %half) ({
    ^bb0(%i: index, %a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      "scf.yield"(%b, %s) : (f32, f32) -> ()
    }) : (index, index, index, f32, f32) -> (f32, f32)
    tessera_nvidia.st %r#0, %out, %l : (f32, memref<128xf32>, i32) -> ()
    %o1 = arith.addi %l, %c32 : i32
    tessera_nvidia.st %r#2, %out, %o1 : (f32, memref<128xf32>, i32) -> ()
    %o2 = arith.addi %o1, %c32 : i32
    tessera_nvidia.st %r#3, %out, %o2 : (f32, memref<128xf32>, i32) -> ()
    %o3 = arith.addi %o2, %c32 : i32
    tessera_nvidia.st %q#1, %out, %o3 : (f32, memref<128xf32>, i32) -> ()
    return
  }
  func.func @main(%x: tensor<32xf32>) -> tensor<128xf32> {
    %out = tessera_nvidia.launch %x {callee = @k, grid = [1], block = [32]}
        : (tensor<32xf32>) -> tensor<128xf32>
    return %out : tensor<128xf32>
  }
}
"""


def fma_f32(a, b, c):
    """a * b + c rounded once to float32 (nearest, ties to even), from exact rationals."""
    exact = Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c))
    f = np.float32(float(exact))
    cands = [f, np.nextafter(f, np.float32(-np.inf)), np.nextafter(f, np.float32(np.inf))]
    return min(cands, key=lambda v: (abs(Fraction(float(v)) - exact), int(v.view(np.uint32)) & 1))


def test_loop_yields(tmp_path):
    """Yields written in place, yields that must not be, a value yielded twice, and a swap
    (Fibonacci-like): a float32 Python model of the same loops."""
    x = RNG.standard_normal(32).astype(np.float32)
    run(LOOP, {"x": x}, tmp_path)
    f = np.float32
    want = np.zeros(128, np.float32)
    for lane in range(32):
        a, b, c, d = x[lane], f(0.5), x[lane], f(0.5)
        for _ in range(7):
            s, m = f(a + b), f(a * b)
            a, b, c, d = s, m, fma_f32(c, d, s), m
        a2, b2 = x[lane], f(0.5)
        for _ in range(7):
            a2, b2 = b2, f(a2 + b2)
        want[lane], want[32 + lane], want[64 + lane], want[96 + lane] = a, c, d, b2
    assert (np.load(tmp_path / "out.npy").view(np.uint32) == want.view(np.uint32)).all()
