#!/usr/bin/env python3
"""Parse + verify: tessera-interp verify vs mlir-opt-15 on the same generated text.

Usage: bench_verify.py [--interp build/bin/tessera-interp] [--mlir-opt mlir-opt-15]
                       [--sizes 250000,1000000] [--reps 3]

For each size N it writes two programs of N ops in the generic form: `long` (10 functions of N/10
ops: add, mul, neg chains) and `calls` (functions of 5 ops, each calling the previous one, so
N/5 functions and N/5 calls). Each is run by both tools (best of --reps wall times, process start
included). mlir-opt-15 runs with --allow-unregistered-dialect and prints the module to /dev/null
(it has no verify-only mode); tessera-interp runs `verify`, which also checks every Tessera op's
constraints. The table gives both times, the ratio ours / peer (below 1: ours is faster) and our
time per op (flat across sizes: linear). /proc/loadavg is printed before and after.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

T = "tensor<4x8xf32>"


def long_program(n, funcs=10):
    per = max(1, n // funcs)
    out = []
    for f in range(funcs):
        out.append(f"func.func @f{f}(%a: {T}, %b: {T}) -> {T} {{")
        prev = "%a"
        for i in range(per):
            if i % 3 == 0:
                out.append(f'  %v{i} = "tessera.add"({prev}, %b) : ({T}, {T}) -> {T}')
            elif i % 3 == 1:
                out.append(f'  %v{i} = "tessera.mul"({prev}, %a) : ({T}, {T}) -> {T}')
            else:
                out.append(f'  %v{i} = "tessera.neg"({prev}) : ({T}) -> {T}')
            prev = f"%v{i}"
        out.append(f"  return {prev} : {T}")
        out.append("}")
    return "\n".join(out) + "\n", per * funcs


def calls_program(n, per=5):
    funcs = max(1, n // per)
    out = []
    for f in range(funcs):
        out.append(f"func.func @f{f}(%a: {T}, %b: {T}) -> {T} {{")
        prev = "%a"
        for i in range(per):
            if i == 0 and f > 0:
                out.append(f'  %v{i} = "func.call"({prev}, %b) {{callee = @f{f - 1}}} : ({T}, {T}) -> {T}')
            else:
                out.append(f'  %v{i} = "tessera.add"({prev}, %b) : ({T}, {T}) -> {T}')
            prev = f"%v{i}"
        out.append(f"  return {prev} : {T}")
        out.append("}")
    return "\n".join(out) + "\n", per * funcs


def best_time(cmd, reps):
    best = None
    for _ in range(reps):
        t0 = time.perf_counter()
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        dt = time.perf_counter() - t0
        if p.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed ({p.returncode}): {p.stderr[:2000]}")
        best = dt if best is None else min(best, dt)
    return best


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return f.read().strip()
    except OSError:
        return "unavailable"


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interp", default=os.path.join(root, "build", "bin", "tessera-interp"))
    ap.add_argument("--mlir-opt", default="mlir-opt-15")
    ap.add_argument("--sizes", default="250000,1000000")
    ap.add_argument("--reps", type=int, default=3)
    a = ap.parse_args()
    if not os.access(a.interp, os.X_OK):
        sys.exit(f"no tessera-interp at {a.interp} (build first or pass --interp)")
    peer = shutil.which(a.mlir_opt)
    if not peer:
        sys.exit(f"{a.mlir_opt} not found (apt-get install mlir-15-tools)")
    sizes = [int(s) for s in a.sizes.split(",") if s]
    print(f"loadavg before: {loadavg()}   (cores: {os.cpu_count()})")
    print(f"{'program':<8} {'ops':>9} {'MB':>6} {'ours s':>8} {'mlir-opt-15 s':>14} {'ratio':>6} {'ours ns/op':>11}")
    with tempfile.TemporaryDirectory() as tmp:
        for kind, gen in (("long", long_program), ("calls", calls_program)):
            for n in sizes:
                text, ops = gen(n)
                path = os.path.join(tmp, f"{kind}_{n}.mlir")
                with open(path, "w") as f:
                    f.write(text)
                ours = best_time([a.interp, "verify", path], a.reps)
                theirs = best_time([peer, "--allow-unregistered-dialect", path, "-o", os.devnull], a.reps)
                print(f"{kind:<8} {ops:>9} {len(text) / 1e6:>6.1f} {ours:>8.2f} {theirs:>14.2f} "
                      f"{ours / theirs:>6.2f} {ours / ops * 1e9:>11.0f}", flush=True)
    print(f"loadavg after:  {loadavg()}")


if __name__ == "__main__":
    main()
