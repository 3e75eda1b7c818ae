#!/usr/bin/env python3
"""Graph IR foundation benchmark: tessera-interp kernels vs numpy (OpenBLAS), same machine, one run.

    python3 benchmarks/graph/run_bench.py [--build build-gb] [--reps 3] [--threads 2]

Rows:
- matmul 1024^3 f32: one `tessera.matmul` program vs `a @ b`.
- MLP forward, 12 layers, batch 256, width 1024: per layer matmul + bias add + gelu (tanh form)
  vs the same in numpy float32. GFLOP/s counts the matmuls only (2*256*1024*1024*12).
- matmul 1024^3 with bf16 and with e4m3 inputs, f32 accumulation and result, against our own f32
  matmul (the numerics target: within 2x).
For each row: best-of-reps seconds, GFLOP/s, numpy's GFLOP/s, the ratio, and whether our result
is bit-identical between --threads 1 and --threads N. numpy runs in a subprocess with
OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE unset (they slow a current OpenBLAS; see the environment
notes) and OPENBLAS_NUM_THREADS=N. Timings of ours are whole interpreter calls (parse, verify,
plan, run; no .npy I/O). Not a test: it prints a table and never fails on speed.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import ml_dtypes
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

N = 1024
MLP_LAYERS, MLP_BATCH, MLP_WIDTH = 12, 256, 1024


def matmul_program(in_type, m=N, k=N, n=N):
    ta, tb, tc = f"tensor<{m}x{k}x{in_type}>", f"tensor<{k}x{n}x{in_type}>", f"tensor<{m}x{n}xf32>"
    return (f"func.func @main(%a: {ta}, %b: {tb}) -> {tc} {{\n"
            f"  %0 = tessera.matmul %a, %b : ({ta}, {tb}) -> {tc}\n"
            f"  return %0 : {tc}\n}}\n")


def mlp_program():
    x = f"tensor<{MLP_BATCH}x{MLP_WIDTH}xf32>"
    w = f"tensor<{MLP_WIDTH}x{MLP_WIDTH}xf32>"
    b = f"tensor<{MLP_WIDTH}xf32>"
    args = [f"%x: {x}"] + [f"%w{i}: {w}" for i in range(MLP_LAYERS)] + \
           [f"%b{i}: {b}" for i in range(MLP_LAYERS)]
    lines = [f"func.func @main({', '.join(args)}) -> {x} {{"]
    h = "%x"
    for i in range(MLP_LAYERS):
        lines.append(f"  %m{i} = tessera.matmul {h}, %w{i} : ({x}, {w}) -> {x}")
        lines.append(f"  %a{i} = tessera.add %m{i}, %b{i} : ({x}, {b}) -> {x}")
        lines.append(f'  %h{i} = "tessera.gelu"(%a{i}) {{approximate = "tanh"}} : ({x}) -> {x}')
        h = f"%h{i}"
    lines += [f"  return {h} : {x}", "}"]
    return "\n".join(lines) + "\n"


NUMPY_TIMER = r"""
import json, sys, time
import numpy as np
spec = json.loads(sys.argv[1])
arrs = [np.load(p) for p in spec["files"]]
def matmul():
    return arrs[0] @ arrs[1]
def mlp():
    h = arrs[0]
    L = (len(arrs) - 1) // 2
    for i in range(L):
        a = h @ arrs[1 + i] + arrs[1 + L + i]
        h = np.float32(0.5) * a * (np.float32(1) + np.tanh(np.float32(0.7978845608028654) *
            (a + np.float32(0.044715) * a * a * a)))
    return h
f = {"matmul": matmul, "mlp": mlp}[spec["kind"]]
f()
best = 1e30
for _ in range(spec["reps"]):
    t0 = time.perf_counter(); f(); best = min(best, time.perf_counter() - t0)
info = ""
try:
    from threadpoolctl import threadpool_info
    info = ";".join(f"{d.get('internal_api')} {d.get('architecture')} "
                    f"threads={d.get('num_threads')}"
                    for d in threadpool_info() if d.get("user_api") == "blas")
except Exception:
    pass
print(json.dumps({"best": best, "info": info}))
"""


def time_numpy(kind, files, reps, threads):
    env = dict(os.environ)
    env.pop("OPENBLAS_CORETYPE", None)
    env.pop("OPENBLAS_L2_SIZE", None)
    env["OPENBLAS_NUM_THREADS"] = str(threads)
    out = subprocess.run([sys.executable, "-c", NUMPY_TIMER,
                          json.dumps({"kind": kind, "files": files, "reps": reps})],
                         env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def run_ours(bench, program, inputs, threads, reps, out_dir=None):
    cmd = [bench, program, "--threads", str(threads), "--reps", str(reps)]
    for name, path in inputs:
        cmd += ["--input", f"{name}={path}"]
    if out_dir:
        cmd += ["--output-dir", out_dir]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return float(out.split()[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(REPO, "build-gb"))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    bench = os.path.join(args.build, "bin", "bench_graph")
    rng = np.random.default_rng(7)
    tmp = tempfile.mkdtemp(prefix="tessera_bench_")

    def save(name, arr):
        path = os.path.join(tmp, name + ".npy")
        np.save(path, arr)
        return path

    rows = []

    def measure(label, program_text, inputs, flops, numpy_kind=None, numpy_files=None):
        prog = os.path.join(tmp, label.replace(" ", "_") + ".mlir")
        with open(prog, "w") as f:
            f.write(program_text)
        d1, dn = tempfile.mkdtemp(dir=tmp), tempfile.mkdtemp(dir=tmp)
        run_ours(bench, prog, inputs, 1, 1, d1)
        ours = run_ours(bench, prog, inputs, args.threads, args.reps, dn)
        r1, rn = np.load(os.path.join(d1, "0.npy")), np.load(os.path.join(dn, "0.npy"))
        same = r1.tobytes() == rn.tobytes()
        peer = time_numpy(numpy_kind, numpy_files, args.reps, args.threads) if numpy_kind else None
        rows.append((label, ours, flops / ours / 1e9, peer, same, rn))
        return rn

    a32 = rng.standard_normal((N, N), dtype=np.float32)
    b32 = rng.standard_normal((N, N), dtype=np.float32)
    fa, fb = save("a32", a32), save("b32", b32)
    flops = 2.0 * N * N * N
    c = measure("matmul 1024^3 f32", matmul_program("f32"), [("a", fa), ("b", fb)], flops,
                "matmul", [fa, fb])
    err_f32 = np.abs(c - a32.astype(np.float64) @ b32).max()

    x = rng.standard_normal((MLP_BATCH, MLP_WIDTH), dtype=np.float32)
    ws = [(rng.standard_normal((MLP_WIDTH, MLP_WIDTH), dtype=np.float32) /
           np.float32(np.sqrt(MLP_WIDTH))) for _ in range(MLP_LAYERS)]
    bs = [rng.standard_normal(MLP_WIDTH, dtype=np.float32) * np.float32(0.1)
          for _ in range(MLP_LAYERS)]
    files = [save("x", x)] + [save(f"w{i}", w) for i, w in enumerate(ws)] + \
            [save(f"b{i}", b) for i, b in enumerate(bs)]
    names = ["x"] + [f"w{i}" for i in range(MLP_LAYERS)] + [f"b{i}" for i in range(MLP_LAYERS)]
    mlp_flops = 2.0 * MLP_BATCH * MLP_WIDTH * MLP_WIDTH * MLP_LAYERS
    measure("MLP 12x(256x1024) f32", mlp_program(), list(zip(names, files)), mlp_flops, "mlp",
            files)

    for tname, dt in (("bf16", ml_dtypes.bfloat16), ("f8E4M3FN", ml_dtypes.float8_e4m3fn)):
        raw = np.uint16 if tname == "bf16" else np.uint8
        a_lp, b_lp = a32.astype(dt), b32.astype(dt)
        pa = save(f"a_{tname}", a_lp.view(raw)) + f"@{tname}"
        pb = save(f"b_{tname}", b_lp.view(raw)) + f"@{tname}"
        measure(f"matmul 1024^3 {tname}->f32", matmul_program(tname), [("a", pa), ("b", pb)],
                flops)

    print(f"# machine: {os.cpu_count()} cores; ours with --threads {args.threads}, "
          f"numpy with OPENBLAS_NUM_THREADS={args.threads}; best of {args.reps}")
    infos = {r[3]["info"] for r in rows if r[3] and r[3]["info"]}
    for info in infos:
        print(f"# numpy BLAS: {info}")
    f32_time = rows[0][1]
    print(f"| {'benchmark':<26} | {'ours s':>8} | {'ours GFLOP/s':>12} | {'numpy GFLOP/s':>13} "
          f"| {'ratio':>6} | {'vs our f32':>10} | {'bit-identical 1 vs N threads':>28} |")
    print("|" + "|".join("-" * w for w in (28, 10, 14, 15, 8, 12, 30)) + "|")
    for label, ours, gf, peer, same, _ in rows:
        flops = gf * ours * 1e9
        pg = f"{flops / peer['best'] / 1e9:.1f}" if peer else "-"
        ratio = f"{peer['best'] / ours:.2f}" if peer else "-"
        vs = f"{ours / f32_time:.2f}x" if "->f32" in label else "-"
        print(f"| {label:<26} | {ours:>8.4f} | {gf:>12.1f} | {pg:>13} | {ratio:>6} | {vs:>10} "
              f"| {'yes' if same else 'NO':>28} |")
    print(f"# sanity: max |ours - float64 matmul| on the f32 1024^3 case = {err_f32:.3g}")


if __name__ == "__main__":
    main()
