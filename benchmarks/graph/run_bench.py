#!/usr/bin/env python3
"""Graph IR benchmarks: tessera-interp vs numpy (OpenBLAS) and jax.jit on the CPU, one run.

    python3 benchmarks/graph/run_bench.py [--build build] [--reps 5] [--threads 2] [--no-jax]
                                          [--no-mesh]

Programs (issue #12): f32 matmul 1024^3; MLP 4 x (256 x 1024) with bias and tanh gelu;
attention block S 2048, D 128 (q k^T, scale, softmax, p v); elementwise multiply, softmax and
layer_norm on 2048 x 2048 f32; peak resident memory of the attention block; bf16 / e4m3 matmul
against our own f32 (the numerics target); all_to_all over 72 ranks vs memcpy (bench_mesh_collectives).

Ours: bench_graph times one call of the compiled program (interp::Session::run on interpreter
tensors: plan and run, buffers kept between calls, no .npy I/O); `whole` adds one full
run_module_text call (parse, verify, copy in, run, copy out) for reference. Peers run in their
own processes, each program in a fresh one (so its peak RSS is its own): numpy with
OPENBLAS_NUM_THREADS=N (OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE unset), JAX with jax.jit on the CPU
backend (its own thread pool). Ratios are peer time / our time (> 1: we are faster). Every row
also checks that our result is bit-identical between --threads 1 and N and between
TESSERA_ISA=avx2 and the default ISA. Not a test: it prints tables and never fails on speed.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import ml_dtypes
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

N = 1024
MLP_LAYERS, MLP_BATCH, MLP_WIDTH = 4, 256, 1024
S, D = 2048, 128
E = 2048  # elementwise / softmax / layer_norm side


def t(shape, dt="f32"):
    return "tensor<" + "x".join(str(s) for s in shape) + f"x{dt}>"


def matmul_program(in_type, m=N, k=N, n=N):
    ta, tb, tc = t((m, k), in_type), t((k, n), in_type), t((m, n))
    return (f"func.func @main(%a: {ta}, %b: {tb}) -> {tc} {{\n"
            f"  %0 = tessera.matmul %a, %b : ({ta}, {tb}) -> {tc}\n"
            f"  return %0 : {tc}\n}}\n")


def mlp_program():
    x, w, b = t((MLP_BATCH, MLP_WIDTH)), t((MLP_WIDTH, MLP_WIDTH)), t((MLP_WIDTH,))
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


def attention_program():
    q, s = t((S, D)), t((S, S))
    return f"""func.func @main(%q: {q}, %k: {q}, %v: {q}) -> {q} {{
  %s = tessera.matmul %q, %k {{transpose_b = true}} : ({q}, {q}) -> {s}
  %c = "tessera.constant"() {{value = dense<{float(1 / np.sqrt(D))!r}> : tensor<f32>}} : () -> tensor<f32>
  %t = tessera.mul %s, %c : ({s}, tensor<f32>) -> {s}
  %p = "tessera.softmax"(%t) : ({s}) -> {s}
  %o = tessera.matmul %p, %v : ({s}, {q}) -> {q}
  return %o : {q}
}}
"""


def elementwise_program():
    x = t((E, E))
    return (f"func.func @main(%x: {x}, %y: {x}) -> {x} {{\n"
            f"  %0 = tessera.mul %x, %y : ({x}, {x}) -> {x}\n  return %0 : {x}\n}}\n")


def softmax_program():
    x = t((E, E))
    return (f"func.func @main(%x: {x}) -> {x} {{\n"
            f'  %0 = "tessera.softmax"(%x) : ({x}) -> {x}\n  return %0 : {x}\n}}\n')


def layer_norm_program():
    x, g = t((E, E)), t((E,))
    return (f"func.func @main(%x: {x}, %g: {g}, %b: {g}) -> {x} {{\n"
            f'  %0 = "tessera.layer_norm"(%x, %g, %b) : ({x}, {g}, {g}) -> {x}\n'
            f"  return %0 : {x}\n}}\n")


# One timer for both peers: KIND names the program, LIB "numpy" or "jax".
PEER_TIMER = r"""
import json, resource, sys, time
spec = json.loads(sys.argv[1])
import numpy as np
arrs = [np.load(p) for p in spec["files"]]
lib = spec["lib"]
if lib == "jax":
    import jax
    jax.config.update("jax_platforms", "cpu")
    import jax.numpy as xp
    arrs = [jax.device_put(a) for a in arrs]
else:
    xp = np
def gelu_tanh(a):
    return np.float32(0.5) * a * (np.float32(1) + xp.tanh(np.float32(0.7978845608028654) *
        (a + np.float32(0.044715) * a * a * a)))
def softmax(s):
    e = xp.exp(s - s.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
def matmul(a, b):
    return a @ b
def mlp(h, *wb):
    L = len(wb) // 2
    for i in range(L):
        h = gelu_tanh(h @ wb[i] + wb[L + i])
    return h
def attention(q, k, v):
    return softmax((q @ k.T) * np.float32(spec["scale"])) @ v
def elementwise(x, y):
    return x * y
def layer_norm(x, g, b):
    mu = x.mean(axis=-1, keepdims=True)
    d = x - mu
    var = (d * d).mean(axis=-1, keepdims=True)
    return d / xp.sqrt(var + np.float32(1e-5)) * g + b
f = {"matmul": matmul, "mlp": mlp, "attention": attention, "elementwise": elementwise,
     "softmax": softmax, "layer_norm": layer_norm}[spec["kind"]]
if lib == "jax":
    jf = jax.jit(f)
    call = lambda: jf(*arrs).block_until_ready()
else:
    call = lambda: f(*arrs)
call()
best = 1e30
for _ in range(spec["reps"]):
    t0 = time.perf_counter(); call(); best = min(best, time.perf_counter() - t0)
info = ""
if lib == "numpy":
    try:
        from threadpoolctl import threadpool_info
        info = ";".join(f"{d.get('internal_api')} {d.get('architecture')} "
                        f"threads={d.get('num_threads')}"
                        for d in threadpool_info() if d.get("user_api") == "blas")
    except Exception:
        pass
else:
    info = f"jax {jax.__version__}"
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"best": best, "info": info, "rss_kb": rss}))
"""


def time_peer(lib, kind, files, reps, threads):
    env = dict(os.environ)
    env.pop("OPENBLAS_CORETYPE", None)
    env.pop("OPENBLAS_L2_SIZE", None)
    env["OPENBLAS_NUM_THREADS"] = str(threads)
    spec = {"lib": lib, "kind": kind, "files": files, "reps": reps, "scale": 1 / np.sqrt(D)}
    r = subprocess.run([sys.executable, "-c", PEER_TIMER, json.dumps(spec)], env=env,
                       capture_output=True, text=True)
    if r.returncode != 0:
        print(f"# {lib} {kind} failed: {r.stderr.strip().splitlines()[-1:]}")
        return None
    return json.loads(r.stdout.strip().splitlines()[-1])


def run_ours(bench, program, inputs, threads, reps, out_dir=None, isa=None, whole=False):
    cmd = [bench, program, "--threads", str(threads), "--reps", str(reps)]
    for name, path in inputs:
        cmd += ["--input", f"{name}={path}"]
    if out_dir:
        cmd += ["--output-dir", out_dir]
    if whole:
        cmd.append("--whole")
    env = dict(os.environ)
    if isa:
        env["TESSERA_ISA"] = isa
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout
    vals = dict(line.split() for line in out.strip().splitlines())
    return float(vals["best_seconds"]), int(vals["peak_rss_kb"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(REPO, "build"))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--no-jax", action="store_true")
    ap.add_argument("--no-mesh", action="store_true")
    args = ap.parse_args()
    bench = os.path.join(args.build, "bin", "bench_graph")
    rng = np.random.default_rng(7)
    tmp = tempfile.mkdtemp(prefix="tessera_bench_")
    with open("/proc/loadavg") as f:
        load_before = f.read().split()[:3]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())

    def save(name, arr):
        path = os.path.join(tmp, name + ".npy")
        np.save(path, arr)
        return path

    rows = []

    def measure(label, program_text, inputs, flops, kind=None, goal="", jax=True):
        prog = os.path.join(tmp, label.split()[0] + str(len(rows)) + ".mlir")
        with open(prog, "w") as f:
            f.write(program_text)
        d1, dn, da = (tempfile.mkdtemp(dir=tmp) for _ in range(3))
        run_ours(bench, prog, inputs, 1, 1, d1)
        run_ours(bench, prog, inputs, args.threads, 1, da, isa="avx2")
        ours, rss = run_ours(bench, prog, inputs, args.threads, args.reps, dn)
        whole, _ = run_ours(bench, prog, inputs, args.threads, max(1, args.reps // 2),
                            whole=True)
        r1, rn, ra = (np.load(os.path.join(d, "0.npy")) for d in (d1, dn, da))
        files = [p for _, p in inputs]
        npy = time_peer("numpy", kind, files, args.reps, args.threads) if kind else None
        jx = (time_peer("jax", kind, files, args.reps, args.threads)
              if kind and jax and not args.no_jax else None)
        rows.append(dict(label=label, ours=ours, whole=whole, rss=rss, flops=flops, numpy=npy,
                         jax=jx, goal=goal, same_threads=r1.tobytes() == rn.tobytes(),
                         same_isa=ra.tobytes() == rn.tobytes()))
        return rn

    a32 = rng.standard_normal((N, N), dtype=np.float32)
    b32 = rng.standard_normal((N, N), dtype=np.float32)
    fa, fb = save("a32", a32), save("b32", b32)
    flops = 2.0 * N ** 3
    c = measure("matmul 1024^3 f32", matmul_program("f32"), [("a", fa), ("b", fb)], flops,
                "matmul", ">= 0.9x numpy")
    err_f32 = np.abs(c - a32.astype(np.float64) @ b32).max()

    x = rng.standard_normal((MLP_BATCH, MLP_WIDTH), dtype=np.float32)
    ws = [rng.standard_normal((MLP_WIDTH, MLP_WIDTH), dtype=np.float32) /
          np.float32(np.sqrt(MLP_WIDTH)) for _ in range(MLP_LAYERS)]
    bs = [rng.standard_normal(MLP_WIDTH, dtype=np.float32) * np.float32(0.1)
          for _ in range(MLP_LAYERS)]
    files = [save("x", x)] + [save(f"w{i}", w) for i, w in enumerate(ws)] + \
            [save(f"b{i}", b) for i, b in enumerate(bs)]
    names = ["x"] + [f"w{i}" for i in range(MLP_LAYERS)] + [f"b{i}" for i in range(MLP_LAYERS)]
    measure(f"MLP {MLP_LAYERS}x(256x1024) gelu", mlp_program(), list(zip(names, files)),
            2.0 * MLP_BATCH * MLP_WIDTH ** 2 * MLP_LAYERS, "mlp",
            ">= 1.2x numpy, >= 0.8x JAX")

    qkv = [save(n, rng.standard_normal((S, D), dtype=np.float32)) for n in "qkv"]
    measure("attention S2048 D128", attention_program(), list(zip("qkv", qkv)),
            4.0 * S * S * D, "attention", ">= 1.2x numpy, >= 0.8x JAX")

    ex, ey = (save(n, rng.standard_normal((E, E), dtype=np.float32)) for n in ("ex", "ey"))
    g = save("g", rng.standard_normal(E, dtype=np.float32))
    bb = save("bb", rng.standard_normal(E, dtype=np.float32))
    measure("multiply 2048^2 f32", elementwise_program(), [("x", ex), ("y", ey)], E * E,
            "elementwise", ">= 1x numpy")
    measure("softmax 2048^2 f32", softmax_program(), [("x", ex)], E * E, "softmax",
            ">= 1x numpy")
    measure("layer_norm 2048^2 f32", layer_norm_program(), [("x", ex), ("g", g), ("b", bb)],
            E * E, "layer_norm", ">= 1x numpy")

    for tname, dt in (("bf16", ml_dtypes.bfloat16), ("f8E4M3FN", ml_dtypes.float8_e4m3fn)):
        raw = np.uint16 if tname == "bf16" else np.uint8
        pa = save(f"a_{tname}", a32.astype(dt).view(raw)) + f"@{tname}"
        pb = save(f"b_{tname}", b32.astype(dt).view(raw)) + f"@{tname}"
        measure(f"matmul 1024^3 {tname}->f32", matmul_program(tname), [("a", pa), ("b", pb)],
                flops, goal="<= 2x our f32")

    with open("/proc/loadavg") as f:
        load_after = f.read().split()[:3]
    print(f"# {started}; {os.cpu_count()} cores; ours with --threads {args.threads}, numpy with "
          f"OPENBLAS_NUM_THREADS={args.threads}, jax.jit on CPU; best of {args.reps}")
    print(f"# /proc/loadavg before {' '.join(load_before)}, after {' '.join(load_after)}")
    for info in sorted({r[p]["info"] for r in rows for p in ("numpy", "jax") if r[p]}):
        if info:
            print(f"# peer: {info}")

    def ratio(peer, ours):
        return f"{peer['best'] / ours:.2f}" if peer else "-"

    def secs(peer):
        return f"{peer['best'] * 1e3:.2f}" if peer else "-"

    hdr = ("benchmark", "ours ms", "whole ms", "GFLOP/s", "numpy ms", "vs numpy", "jax ms",
           "vs jax", "goal", "1=N thr", "avx2=auto")
    widths = (26, 8, 8, 8, 8, 8, 8, 7, 26, 7, 9)
    print("| " + " | ".join(h.ljust(w) for h, w in zip(hdr, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    f32_time = rows[0]["ours"]
    for r in rows:
        gf = r["flops"] / r["ours"] / 1e9
        goal = r["goal"]
        if "our f32" in goal:
            goal += f" ({r['ours'] / f32_time:.2f}x)"
        cells = (r["label"], f"{r['ours'] * 1e3:.2f}", f"{r['whole'] * 1e3:.2f}", f"{gf:.1f}",
                 secs(r["numpy"]), ratio(r["numpy"], r["ours"]), secs(r["jax"]),
                 ratio(r["jax"], r["ours"]), goal, "yes" if r["same_threads"] else "NO",
                 "yes" if r["same_isa"] else "NO")
        print("| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |")
    att = next(r for r in rows if r["label"].startswith("attention"))
    print()
    print("| peak resident memory, attention S2048 D128 | ours MB | numpy MB | jax MB |")
    print("|---|---|---|---|")
    mb = lambda kb: f"{kb / 1024:.0f}" if kb else "-"
    print(f"| process peak RSS (getrusage) | {mb(att['rss'])} | "
          f"{mb(att['numpy'] and att['numpy']['rss_kb'])} | "
          f"{mb(att['jax'] and att['jax']['rss_kb'])} |")
    print(f"# sanity: max |ours - float64 matmul| on the f32 1024^3 case = {err_f32:.3g}")
    coll = os.path.join(args.build, "bin", "bench_mesh_collectives")
    if not args.no_mesh and os.path.exists(coll):
        print()
        out = subprocess.run([coll, "all_to_all"], check=True, capture_output=True,
                             text=True).stdout
        print("all_to_all vs memcpy of the same bytes (bench_mesh_collectives; goal: ratio >= 50%)")
        for line in out.splitlines():
            if line.startswith(("collective", "all_to_all", "---")):
                print(line)


if __name__ == "__main__":
    main()
