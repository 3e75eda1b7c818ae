"""tessera-cuda-gen on bad input: an op without a translation, a deterministic-mode refusal, an
fp8 mma on sm_80, and usage errors each give a clear error and the documented exit status."""
import os
import subprocess
import sys
import tempfile

GEN, GOOD, CONFORM, CASES = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]


def run(*args):
    p = subprocess.run([GEN, *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def check(cond, what, out="", err=""):
    if not cond:
        sys.stderr.write(f"FAIL: {what}\n--- stdout\n{out[-2000:]}\n--- stderr\n{err[-2000:]}\n")
        sys.exit(1)


KERNEL = """module {{
  func.func @k(%a: memref<{n}x{t}>, %b: memref<{n}x{t}>, %o: memref<128xf32>) {{
    %l = tessera_nvidia.laneid : () -> i32
{body}
    return
  }}
  func.func @main(%a: tensor<{n}x{t}>, %b: tensor<{n}x{t}>) -> tensor<128xf32> {{
    %o = tessera_nvidia.launch %a, %b {{callee = @k, grid = [1], block = [32]}}
        : (tensor<{n}x{t}>, tensor<{n}x{t}>) -> tensor<128xf32>
    return %o : tensor<128xf32>
  }}
}}
"""
SHIFT = """    %p = arith.cmpi %l, %l {predicate = 0} : (i32, i32) -> i1
    %q = arith.divsi %p, %p : (i1, i1) -> i1
    %f = arith.sitofp %q : (i1) -> f32
    tessera_nvidia.st %f, %o, %l : (f32, memref<128xf32>, i32) -> ()"""
MMA8 = """    %c0 = arith.constant {value = 0 : i32} : () -> i32
    %fa = tessera_nvidia.ld %a, %c0 : (memref<512xf8E4M3FN>, i32) -> vector<16xf8E4M3FN>
    %fb = tessera_nvidia.ld %b, %c0 : (memref<512xf8E4M3FN>, i32) -> vector<8xf8E4M3FN>
    %fc = tessera_nvidia.ld %o, %c0 : (memref<128xf32>, i32) -> vector<4xf32>
    %d = tessera_nvidia.mma_sync %fa, %fb, %fc {shape = "m16n8k32"}
        : (vector<16xf8E4M3FN>, vector<8xf8E4M3FN>, vector<4xf32>) -> vector<4xf32>
    tessera_nvidia.st %d, %o, %c0 : (vector<4xf32>, memref<128xf32>, i32) -> ()"""


def main():
    with tempfile.TemporaryDirectory() as tmp:
        shift = os.path.join(tmp, "shift.mlir")
        with open(shift, "w") as f:
            f.write(KERNEL.format(n=128, t="f32", body=SHIFT))
        code, out, err = run(shift)
        check(code == 1 and "shift.mlir:5:" in err and "arith.divsi: not generated yet for i1" in err,
              "an op without a translation: exit 1 with its location", out, err)
        mma = os.path.join(tmp, "mma8.mlir")
        with open(mma, "w") as f:
            f.write(KERNEL.format(n=512, t="f8E4M3FN", body=MMA8))
        code, out, err = run(mma, "--arch", "sm_80")
        check(code == 1 and "needs sm_89 or newer, not sm_80" in err, "fp8 mma on sm_80", out, err)
        code, out, err = run(mma, "--arch", "sm_90", "--compile")
        check(code == 0 and "mma_m16n8k32_e4m3" in out and "sm_90:" in err,
              "fp8 mma compiles for sm_90", out, err)
        # Deterministic mode emulates mma_sync with the interpreter's FMA chain (no tensor core),
        # so even fp8 compiles for sm_80.
        code, out, err = run(mma, "--arch", "sm_80,sm_90,sm_100", "--deterministic", "--compile")
        check(code == 0 and "tsr::mma_seq_sync<2, false>(" in out and "sm_100:" in err,
              "deterministic fp8 mma emulated and compiled", out, err)
        tc = os.path.join(tmp, "mma_tc.mlir")
        with open(tc, "w") as f:
            f.write(KERNEL.format(n=512, t="f8E4M3FN", body=MMA8.replace(
                '{shape = "m16n8k32"}',
                '{shape = "m16n8k32", numeric_policy = {accum_model = "tc_hopper_fp8"}}')))
        code, out, err = run(tc, "--arch", "sm_90", "--deterministic")
        check(code == 1 and "has no deterministic device emulation" in err,
              "deterministic mma with a tensor-core model refused", out, err)
        atom = os.path.join(tmp, "atom.mlir")
        with open(atom, "w") as f:
            f.write(KERNEL.format(n=128, t="f32", body="""    %x = tessera_nvidia.ld %a, %l : (memref<128xf32>, i32) -> f32
    %old = tessera_nvidia.atom %x, %o, %l {kind = "add"} : (f32, memref<128xf32>, i32) -> f32"""))
        code, out, err = run(atom, "--deterministic")
        check(code == 1 and "atom: f32 add is refused in deterministic mode" in err,
              "deterministic f32 atomic add refused", out, err)
    for bad in (["--arch", "sm_70", GOOD], [], [GOOD, "--compile-only"], ["--cases", "x"],
                [GOOD, "--cubin-dir", "x"], ["--bogus"]):
        code, out, err = run(*bad)
        check(code == 2 and "tessera-cuda-gen: error:" in err, f"usage error {bad}", out, err)
    # tessera-conform --compile-only: usage errors exit 2; a filtered run lists OK and SKIP lines.
    for bad in (["--compile-only"], ["--backend", "cuda", "--arch", "sm_90"],
                ["--backend", "cuda", "--compile-only", "--arch", "sm_70"],
                ["--backend", "cuda", "--compile-only", "--require-device"]):
        p = subprocess.run([CONFORM, "--cases", CASES, *bad], capture_output=True, text=True,
                           timeout=120)
        check(p.returncode == 2 and "tessera-conform: error:" in p.stderr,
              f"tessera-conform usage error {bad}", p.stdout, p.stderr)
    p = subprocess.run([CONFORM, "--backend", "cuda", "--compile-only", "--arch", "sm_80",
                        "--cases", CASES, "--filter", "neg/*"], capture_output=True, text=True,
                       timeout=300)
    check(p.returncode == 0 and "OK   neg/values_f32 (1 kernel(s))" in p.stdout
          and "OK   neg/values_f64 (1 kernel(s))" in p.stdout
          and "OK   neg/bf16 (1 kernel(s))" in p.stdout  # bf16 chains lower (h-narrow)
          and "3 compiled for sm_80, 0 failed" in p.stdout, "tessera-conform --compile-only",
          p.stdout, p.stderr)
    # A case that stays above Target IR is listed as skipped, with the reason (an empty KV-cache
    # window: no access could check its start).
    p = subprocess.run([CONFORM, "--backend", "cuda", "--compile-only", "--arch", "sm_80",
                        "--cases", CASES, "--filter", "kv_cache_read/empty_f32"],
                       capture_output=True, text=True, timeout=300)
    check(p.returncode == 0 and "SKIP kv_cache_read/empty_f32: no Target IR kernel after "
          "lowering: an empty tensor" in p.stdout,
          "tessera-conform --compile-only skips what does not lower", p.stdout, p.stderr)
    # A kernel NVRTC rejects (ptxas: 256 KB of static shared memory) batched with a good one:
    # the failing batch is recompiled kernel by kernel, so only the bad case fails, by name.
    with tempfile.TemporaryDirectory() as tmp:
        cases = os.path.join(tmp, "pair.mlir")
        case = """// CASE: {name}
// RULE: bitexact
// INPUT: 0 tensor<128xf32> hex:{zeros}
// INPUT: 1 tensor<128xf32> hex:{zeros}
// EXPECT: 0 tensor<128xf32> hex:{zeros}
{module}"""
        zeros = ",".join(["00000000"] * 128)
        good = KERNEL.format(n=128, t="f32", body="""    %f = arith.sitofp %l : (i32) -> f32
    tessera_nvidia.st %f, %o, %l : (f32, memref<128xf32>, i32) -> ()""")
        big = KERNEL.format(n=128, t="f32", body="""    %s = tessera_nvidia.alloc_shared : () -> memref<65536xf32, 3>
    %f = arith.sitofp %l : (i32) -> f32
    tessera_nvidia.st %f, %s, %l : (f32, memref<65536xf32, 3>, i32) -> ()
    tessera_nvidia.bar_sync : () -> ()
    %g = tessera_nvidia.ld %s, %l : (memref<65536xf32, 3>, i32) -> f32
    tessera_nvidia.st %g, %o, %l : (f32, memref<128xf32>, i32) -> ()""").replace("@k", "@kbig")
        with open(cases, "w") as f:
            f.write(case.format(name="good", zeros=zeros, module=good) + "\n// -----\n\n" +
                    case.format(name="big_shared", zeros=zeros, module=big))
        code, out, err = run("--cases", cases, "--compile-only", "--arch", "sm_80")
        check(code == 1 and "OK   pair/good (1 kernel(s))" in out
              and "FAIL pair/big_shared: sm_80: nvrtcCompileProgram" in out
              and "1 compiled for sm_80, 1 failed" in out,
              "a compile failure named by its case, the batch's good kernel still OK", out, err)
    code, out, err = run("/nonexistent.mlir")
    check(code == 1 and "cannot read /nonexistent.mlir" in err, "missing file", out, err)
    print("ok")


if __name__ == "__main__":
    main()
