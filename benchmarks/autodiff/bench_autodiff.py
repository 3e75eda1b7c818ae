"""The backward of a 12-layer MLP (batch 256, width 1024, f32): ts.grad against jax.grad under
jax.jit on the CPU, with and without checkpointing each layer (issue #16, "Performance": peak
memory no higher than JAX's, time within 1.5x).

Peak live bytes: ours is the derivative program's plan (arguments, every buffer held at once
under buffer reuse, results: `Executable.peak_bytes`); JAX's is XLA's memory analysis of the
compiled gradient (arguments + outputs + temporaries - aliased). Time: the median of `--reps`
runs of the whole derivative program (forward and backward) after one warm-up, as wall time and
as the process's CPU time (all threads; steadier than wall time on a shared machine). Both sides
get their inputs placed once, outside the timing: JAX as device arrays (jnp.asarray), ours as
64-byte aligned numpy arrays, which the package shares instead of copying.

Run: PYTHONPATH=build/python python3 benchmarks/autodiff/bench_autodiff.py [--quick]
Prints ours, JAX, the ratio and /proc/loadavg (the machine is shared: numbers taken while other
work runs are noisy; the lead re-measures on a quiet machine).
"""

from __future__ import annotations

import argparse
import statistics
import time

import jax
import jax.numpy as jnp
import numpy as np

import tessera as ts

jax.config.update("jax_platforms", "cpu")


def make_params(layers: int, width: int, batch: int):
    rng = np.random.default_rng(0)
    x = rng.standard_normal((batch, width)).astype(np.float32)
    ws = [(rng.standard_normal((width, width)) / np.sqrt(width)).astype(np.float32)
          for _ in range(layers)]
    return x, ws


def ours_fn(layers: int, ckpt: bool):
    def layer(h, w):
        return ts.tanh(ts.matmul(h, w))

    lay = ts.checkpoint(layer) if ckpt else layer
    names = ", ".join(f"w{k}" for k in range(layers))
    # A function of named parameters (ts.jit takes no *args).
    src = f"def mlp(x, {names}):\n    h = x\n"
    for k in range(layers):
        src += f"    h = lay(h, w{k})\n"
    src += "    return ts.mean(h * h)\n"
    env = {"ts": ts, "lay": lay}
    exec(src, env)  # noqa: S102 - a generated benchmark function
    return env["mlp"]


def jax_fn(layers: int, ckpt: bool):
    def layer(h, w):
        return jnp.tanh(h @ w)

    lay = jax.checkpoint(layer) if ckpt else layer

    def mlp(x, *ws):
        h = x
        for w in ws:
            h = lay(h, w)
        return jnp.mean(h * h)

    return mlp


def median_time(fn, reps: int) -> tuple[float, float]:
    """The medians of wall time and of this process's CPU time (all threads) per call. On a
    shared machine the CPU time is the steadier of the two: waiting for a core is not in it."""
    fn()
    wall, cpu = [], []
    for _ in range(reps):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - t0)
    return statistics.median(wall), statistics.median(cpu)


def placed(a: np.ndarray) -> np.ndarray:
    """A copy of `a` starting 64-byte aligned: the package then shares it with the interpreter
    instead of copying it in each call (docs/python.md, "Arrays in and out"), as JAX gets its
    inputs placed once by jnp.asarray outside the timing."""
    buf = np.empty(a.nbytes + 64, np.uint8)
    start = (-buf.ctypes.data) % 64
    out = buf[start:start + a.nbytes].view(a.dtype).reshape(a.shape)
    out[...] = a
    return out


def run(layers: int, width: int, batch: int, reps: int, ckpt: bool):
    x, ws = make_params(layers, width, batch)
    x, ws = placed(x), [placed(w) for w in ws]
    argnums = tuple(range(1, layers + 1))
    g = ts.grad(ours_fn(layers, ckpt), argnums=argnums)
    t_ours = median_time(lambda: g(x, *ws), reps)
    prog, _ = g._t.program((x, *ws))
    peak_ours = int(prog.compiled._exe.peak_bytes)

    jg = jax.jit(jax.grad(jax_fn(layers, ckpt), argnums=argnums))
    jx, jws = jnp.asarray(x), [jnp.asarray(w) for w in ws]
    compiled = jg.lower(jx, *jws).compile()
    m = compiled.memory_analysis()
    peak_jax = int(m.argument_size_in_bytes + m.output_size_in_bytes + m.temp_size_in_bytes -
                   m.alias_size_in_bytes)
    t_jax = median_time(lambda: [a.block_until_ready() for a in compiled(jx, *jws)], reps)
    # The gradients agree (f32; a loose check that both computed the same thing).
    got, want = g(x, *ws), compiled(jx, *jws)
    err = max(float(np.max(np.abs(np.asarray(a) - np.asarray(b)))) for a, b in zip(got, want))
    scale = max(float(np.max(np.abs(np.asarray(b)))) for b in want)
    return t_ours, t_jax, peak_ours, peak_jax, err / scale


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="3 layers of 256, 2 reps")
    ap.add_argument("--reps", type=int, default=5)
    args = ap.parse_args()
    layers, width, batch, reps = (3, 256, 64, 2) if args.quick else (12, 1024, 256, args.reps)
    with open("/proc/loadavg") as f:
        load = f.read().split()[:3]
    print(f"backward of a {layers}-layer MLP ({batch} x {width}, f32), ts.grad vs jax.grad "
          f"under jax.jit (CPU); loadavg {' '.join(load)}")
    print(f"{'case':<14} {'ours ms':>10} {'jax ms':>10} {'ratio':>7} {'ours MB':>9} "
          f"{'jax MB':>9} {'ratio':>7} {'rel err':>9} {'ours cpu':>9} {'jax cpu':>9} {'ratio':>7}")
    for ckpt in (False, True):
        (t_o, c_o), (t_j, c_j), p_o, p_j, err = run(layers, width, batch, reps, ckpt)
        name = "checkpoint" if ckpt else "plain"
        print(f"{name:<14} {t_o * 1e3:>10.1f} {t_j * 1e3:>10.1f} {t_o / t_j:>7.2f} "
              f"{p_o / 2**20:>9.1f} {p_j / 2**20:>9.1f} {p_o / p_j:>7.2f} {err:>9.1e} "
              f"{c_o * 1e3:>9.1f} {c_j * 1e3:>9.1f} {c_o / c_j:>7.2f}")
    print("ms: median wall time per call; cpu: median CPU ms of the process (all threads) per call")
    with open("/proc/loadavg") as f:
        print(f"loadavg after: {' '.join(f.read().split()[:3])} (shared machine: the lead "
              "re-measures on a quiet one)")


if __name__ == "__main__":
    main()
