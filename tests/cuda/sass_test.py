"""The SASS of generated GEMM kernels (issue #14, item 7): NVRTC-compiled cubins disassembled
with cuobjdump -sass must show tensor-core MMA (HMMA on sm_80/sm_90; QMMA where the arch has
it) and asynchronous global-to-shared copies (LDGSTS); in deterministic mode the emulated
mma.sync must not use the tensor cores; narrow-float loads, stores and truncf use no conversion
instruction (device/narrow.h). cuobjdump and nvdisasm come from the PyPI packages
nvidia-cuda-cuobjdump and nvidia-cuda-nvdisasm (requirements-test.txt); without them the test
is skipped (exit 77) with a message saying so."""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

GEN, SASS_DIR = sys.argv[1], sys.argv[2]
SKIP = 77


def find_tools():
    """cuobjdump and the directory that also holds nvidia's nvdisasm, or None."""
    dirs = []
    if os.environ.get("TESSERA_CUOBJDUMP"):
        dirs.append(os.path.dirname(os.environ["TESSERA_CUOBJDUMP"]))
    try:
        import nvidia  # the namespace package of the nvidia-cuda-* wheels
        for p in nvidia.__path__:
            dirs += sorted(os.path.dirname(x) for x in glob.glob(os.path.join(p, "*", "bin", "cuobjdump")))
    except ImportError:
        pass
    w = shutil.which("cuobjdump")
    if w:
        dirs.append(os.path.dirname(w))
    for d in dirs:
        if os.path.exists(os.path.join(d, "cuobjdump")) and (
                os.path.exists(os.path.join(d, "nvdisasm")) or shutil.which("nvdisasm")):
            return os.path.join(d, "cuobjdump"), d
    return None


def sass(cuobjdump, bindir, cubin):
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    p = subprocess.run([cuobjdump, "-sass", cubin], capture_output=True, text=True, env=env,
                       timeout=120)
    if p.returncode != 0:
        sys.exit(f"FAIL: cuobjdump -sass {cubin}: {p.stderr.strip()}")
    return p.stdout


def count(text, pattern):
    return len(re.findall(pattern, text))


def main():
    tools = find_tools()
    if tools is None:
        print("SKIP: cuobjdump/nvdisasm not found (pip install nvidia-cuda-cuobjdump "
              "nvidia-cuda-nvdisasm, or set TESSERA_CUOBJDUMP): the SASS check did not run")
        sys.exit(SKIP)
    cuobjdump, bindir = tools
    mma, ldgsts = r"\b(HMMA|QMMA|OMMA)\.", r"\bLDGSTS\b"
    checks = [  # (kernel file, archs, extra flags, [(pattern, at least, at most)])
        ("gemm_bf16.mlir", ["sm_80", "sm_90"], [], [(mma, 1, None), (ldgsts, 1, None)]),
        ("gemm_fp8.mlir", ["sm_90", "sm_100"], [], [(mma, 1, None), (ldgsts, 1, None)]),
        # The bf16 GEMM lowered from Graph IR (schedule-to-tile's template, tile-to-target).
        ("gemm_bf16_graph.mlir", ["sm_90"], [], [(mma, 1, None), (ldgsts, 1, None)]),
        ("gemm_bf16_graph.mlir", ["sm_90"], ["--deterministic"], [(mma, 0, 0), (ldgsts, 1, None)]),
        # bf16/f16/fp8 loads, stores and plain truncf: device/narrow.h's integer code, no CUDA
        # conversion instruction (the old prelude's intrinsics gave 13 on sm_90).
        ("narrow_convert.mlir", ["sm_80", "sm_90", "sm_100"], [],
         [(r"\bF2FP\.|\bF2F\.|\bHADD2\.F32\b", 0, 0)]),
        # Deterministic mode: the interpreter's FMA chain through shuffles, no tensor core.
        ("gemm_bf16.mlir", ["sm_90"], ["--deterministic"],
         [(mma, 0, 0), (ldgsts, 1, None), (r"\bSHFL\.IDX\b", 1, None), (r"\bFFMA\b", 1, None)]),
    ]
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, archs, flags, expect in checks:
            src = os.path.join(SASS_DIR, name)
            out = os.path.join(tmp, "det" if flags else "hw")
            os.makedirs(out, exist_ok=True)
            p = subprocess.run([GEN, src, "--compile", "--arch", ",".join(archs), "--cubin-dir", out,
                                *flags], capture_output=True, text=True, timeout=300)
            if p.returncode != 0:
                print(f"FAIL {name} {flags}: tessera-cuda-gen exit {p.returncode}\n{p.stderr[-3000:]}")
                failed += 1
                continue
            for arch in archs:
                cubin = os.path.join(out, f"{os.path.splitext(name)[0]}.{arch}.cubin")
                text = sass(cuobjdump, bindir, cubin)
                for pattern, lo, hi in expect:
                    n = count(text, pattern)
                    ok = n >= lo and (hi is None or n <= hi)
                    print(f"{'ok  ' if ok else 'FAIL'} {name} {arch} {' '.join(flags)}: "
                          f"{n} x {pattern} (want {lo}..{'' if hi is None else hi})")
                    failed += 0 if ok else 1
    if failed:
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
