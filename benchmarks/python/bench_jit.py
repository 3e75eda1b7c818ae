"""@ts.jit against jax.jit on this machine, in one run (issue #15, "Performance"):

1. dispatch of a cached jitted call on small inputs (goal: within 2x of jax.jit),
2. trace + compile of a 100-op function against jax.jit's first call (goal: faster),
3. moving a 64 MB numpy array in and out (goal: no copy where the layout allows).

Run: PYTHONPATH=build/python python3 benchmarks/python/bench_jit.py [--quick]
Prints a table: ours, the peer, the ratio, and /proc/loadavg (the machine is shared: say so).
"""

from __future__ import annotations

import argparse
import statistics
import time

import jax
import jax.numpy as jnp
import numpy as np

import tessera as ts
from tessera import _runtime, _trace

jax.config.update("jax_platforms", "cpu")


def best_per_call(fn, n, reps=5):
    """Median over `reps` batches of the mean time of one call in a batch of `n`."""
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        times.append((time.perf_counter() - t0) / n)
    return statistics.median(times)


def dispatch(n):
    def f(x, y):
        return x * y + x

    ours = ts.jit(f)
    theirs = jax.jit(f)
    x = np.arange(8, dtype=np.float32)
    y = np.ones(8, np.float32)
    jx, jy = jnp.asarray(x), jnp.asarray(y)
    ours(x, y)
    theirs(jx, jy).block_until_ready()
    t_ours = best_per_call(lambda: ours(x, y), n)
    t_jax = best_per_call(lambda: theirs(jx, jy).block_until_ready(), n)
    t_jax_np = best_per_call(lambda: np.asarray(theirs(x, y)), n)
    return t_ours, t_jax, t_jax_np


def chain100(x):
    for k in range(25):
        x = x * 1.0001
        x = x + 0.5
        x = ts.tanh(x) if isinstance(x, _trace.Value) else jnp.tanh(x)
        x = x - 0.25
    return x


def trace_compile(reps):
    x = np.linspace(-1, 1, 16, dtype=np.float32)
    ours, theirs = [], []
    for _ in range(reps):
        _runtime._compiled.clear()
        _trace._infer_cache.clear()
        t0 = time.perf_counter()
        ts.jit(lambda v: chain100(v))(x)
        ours.append(time.perf_counter() - t0)
        jax.clear_caches()
        t0 = time.perf_counter()
        np.asarray(jax.jit(lambda v: chain100(v))(x))
        theirs.append(time.perf_counter() - t0)
    got = ts.jit(lambda v: chain100(v))(x)
    want = np.asarray(jax.jit(lambda v: chain100(v))(x))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    return statistics.median(ours), statistics.median(theirs)


def aligned_empty(n_bytes, offset=0):
    buf = np.empty(n_bytes + 128, np.uint8)
    start = (-buf.ctypes.data) % 64 + offset
    return buf[start:start + n_bytes]


def big_arrays(reps):
    n = 16 * 1024 * 1024  # 64 MB of f32
    aligned = aligned_empty(4 * n).view(np.float32)
    unaligned = aligned_empty(4 * n, offset=4).view(np.float32)
    aligned[:] = 1.0
    unaligned[:] = 1.0
    take_one = ts.jit(lambda v: v[0:1])  # negligible compute: what is left is moving the input
    take_one(aligned)
    t_in_shared = best_per_call(lambda: take_one(aligned), 1, reps)
    t_in_copied = best_per_call(lambda: take_one(unaligned), 1, reps)
    t_memcpy = best_per_call(lambda: aligned.copy(), 1, reps)  # allocate + copy, as we do
    fill = ts.jit(lambda v: ts.broadcast_to(v, (n,)))  # writes 64 MB, handed out as is
    one = np.ones(1, np.float32)
    out = fill(one)
    assert not out.flags.owndata, "a result was copied"
    t_out = best_per_call(lambda: fill(one), 1, reps)
    t_np_full = best_per_call(lambda: np.full(n, 1.0, np.float32), 1, reps)
    return t_in_shared, t_in_copied, t_memcpy, t_out, t_np_full


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = ap.parse_args()
    n = 200 if args.quick else 2000
    reps = 3 if args.quick else 7
    with open("/proc/loadavg") as f:
        load = f.read().split()[:3]
    print(f"# @ts.jit vs jax {jax.__version__} (cpu); loadavg {' '.join(load)} "
          "(shared machine: ratios, not absolute times, are what to compare)")
    t_ours, t_jax, t_jax_np = dispatch(n)
    print(f"{'measurement':54} {'ours':>11} {'peer':>11} {'ratio':>7}")
    print(f"{'cached call, 2 x f32[8] (peer: jax.jit, device arrays)':54} "
          f"{t_ours * 1e6:9.1f}us {t_jax * 1e6:9.1f}us {t_ours / t_jax:7.2f}")
    print(f"{'cached call, 2 x f32[8] (peer: jax.jit, numpy in/out)':54} "
          f"{t_ours * 1e6:9.1f}us {t_jax_np * 1e6:9.1f}us {t_ours / t_jax_np:7.2f}")
    tc_ours, tc_jax = trace_compile(reps)
    print(f"{'trace + compile + first call, 100 ops (peer: jax.jit)':54} "
          f"{tc_ours * 1e3:9.2f}ms {tc_jax * 1e3:9.2f}ms {tc_ours / tc_jax:7.2f}")
    t_in_shared, t_in_copied, t_memcpy, t_out, t_np_full = big_arrays(reps)
    print(f"{'64 MB f32 in, 64-byte aligned (peer: same, unaligned)':54} "
          f"{t_in_shared * 1e3:9.2f}ms {t_in_copied * 1e3:9.2f}ms "
          f"{t_in_shared / t_in_copied:7.2f}")
    print(f"{'  (numpy copy of 64 MB, allocating: what a copy costs)':54} {'':>11} "
          f"{t_memcpy * 1e3:9.2f}ms")
    print(f"{'64 MB f32 out: fill + hand out (peer: np.full)':54} "
          f"{t_out * 1e3:9.2f}ms {t_np_full * 1e3:9.2f}ms {t_out / t_np_full:7.2f}")


if __name__ == "__main__":
    main()
