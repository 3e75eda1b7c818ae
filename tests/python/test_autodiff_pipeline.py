"""A pipeline-parallel program differentiated by the engine (docs/autodiff.md "Pipelines"):
a 4-stage GPipe schedule on a mesh with a pp axis, each stage applying its layer and sending
the activation to the next stage with send/recv (or ppermute from Python); the backward stages
come from the transformation. Oracle: jax.grad of the same model unsharded, in float64."""

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import tessera as ts

jax = pytest.importorskip("jax")
jax.config.update("jax_enable_x64", True)
jnp = jax.numpy

pytestmark = pytest.mark.skipif(not hasattr(ts._core, "differentiate"),
                                reason="no autodiff engine")

S, M, B, D = 4, 3, 2, 5  # stages, microbatches, microbatch rows, width
FWD_PAIRS = "[[0, 1], [1, 2], [2, 3]]"
BWD_PAIRS = "[[1, 0], [2, 1], [3, 2]]"


def rand(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape)


def reference_loss(W, *xs):
    """The model unsharded: every microbatch through the S layers, sum of squares."""
    loss = 0.0
    for x in xs:
        h = x
        for s in range(S):
            h = jnp.tanh(h @ W[s * D:(s + 1) * D])
        loss = loss + jnp.sum(h * h)
    return loss


def pipeline_module():
    """The SPMD program of a GPipe schedule: at step t rank r runs microbatch t - r; rank 0
    takes microbatch t (scaled by its stage mask %first), the others what the previous step
    sent them; rank S-1's outputs (masked by %last) make the loss. Ranks outside the schedule
    compute on zeros (recv gives zeros to ranks no pair reaches), which reach no loss term."""
    t_act = f"tensor<{B}x{D}xf64>"
    shard = '{tessera.shard = {partition = [0], mesh_axes = [["pp"]]}}'
    params = [f"%W: tensor<{D}x{D}xf64> {shard}",
              f"%first: tensor<1x1xf64> {shard}", f"%last: tensor<1x1xf64> {shard}"]
    params += [f"%x{m}: {t_act}" for m in range(M)]
    body, terms = [], []
    for t in range(M + S - 1):
        parts = []
        if t < M:
            body.append(f'%in{t} = "tessera.mul"(%x{t}, %first) : ({t_act}, tensor<1x1xf64>) -> {t_act}')
            parts.append(f"%in{t}")
        if t > 0:
            parts.append(f"%rv{t}")
        a = parts[0]
        if len(parts) == 2:
            a = f"%a{t}"
            body.append(f'{a} = "tessera.add"({parts[0]}, {parts[1]}) : ({t_act}, {t_act}) -> {t_act}')
        body.append(f'%z{t} = "tessera.matmul"({a}, %W) : ({t_act}, tensor<{D}x{D}xf64>) -> {t_act}')
        body.append(f'%h{t} = "tessera.tanh"(%z{t}) : ({t_act}) -> {t_act}')
        if t < M + S - 2:
            body.append(f'"tessera.send"(%h{t}) {{axes = ["pp"], pairs = {FWD_PAIRS}, channel = 1}} : ({t_act}) -> ()')
            body.append(f'%rv{t + 1} = "tessera.recv"() {{axes = ["pp"], pairs = {FWD_PAIRS}, channel = 1}} : () -> {t_act}')
        if t >= S - 1:
            body.append(f'%o{t} = "tessera.mul"(%h{t}, %last) : ({t_act}, tensor<1x1xf64>) -> {t_act}')
            body.append(f'%q{t} = "tessera.mul"(%o{t}, %h{t}) : ({t_act}, {t_act}) -> {t_act}')
            body.append(f'%l{t} = "tessera.reduce"(%q{t}) {{kind = "sum"}} : ({t_act}) -> tensor<f64>')
            terms.append(f"%l{t}")
    acc = terms[0]
    for i, term in enumerate(terms[1:]):
        body.append(f'%s{i} = "tessera.add"({acc}, {term}) : (tensor<f64>, tensor<f64>) -> tensor<f64>')
        acc = f"%s{i}"
    body.append(f'%loss = "tessera.all_reduce"({acc}) {{axes = ["pp"], op = "sum"}} : (tensor<f64>) -> tensor<f64>')
    body.append("return %loss : tensor<f64>")
    lines = [f'module attributes {{tessera.mesh = {{axes = ["pp"], shape = [{S}]}}}} {{',
             f'  func.func @pipeline({", ".join(params)}) -> tensor<f64> {{']
    lines += ["    " + b for b in body] + ["  }", "}", ""]
    return "\n".join(lines)


def masks():
    first = np.zeros((S, 1))
    first[0] = 1.0
    last = np.zeros((S, 1))
    last[S - 1] = 1.0
    return first, last


def inputs():
    W = rand(S * D, D, seed=1) * 0.6
    xs = [rand(B, D, seed=10 + m) for m in range(M)]
    return W, xs


def close(got, want):
    np.testing.assert_allclose(np.asarray(got, np.float64), np.asarray(want, np.float64),
                               rtol=1e-12, atol=1e-12)


WRT = [0] + [3 + m for m in range(M)]  # W and every microbatch


def test_pipeline_gradients_against_unsharded_jax():
    text = pipeline_module()
    W, xs = inputs()
    first, last = masks()
    dtext, name = ts._core.differentiate(text, "pipeline", WRT, "rev")
    out = ts.run_module(dtext, name, [W, first, last, *xs, np.array(1.0)])
    loss, grads = out[0], out[1:]
    close(loss, reference_loss(W, *xs))
    want = jax.grad(reference_loss, argnums=tuple(range(M + 1)))(W, *xs)
    assert len(grads) == len(want)
    for g, w in zip(grads, want):
        close(g, w)


def backward_of(dtext, name):
    return dtext[dtext.index("@" + name):]


def test_backward_reverses_every_stage_boundary():
    """Each forward send/recv (one per step but the last) has a backward recv/send with the
    pairs reversed, the backward posting the send before the recv that takes it."""
    dtext, name = ts._core.differentiate(pipeline_module(), "pipeline", WRT, "rev")
    vjp = backward_of(dtext, name)
    steps = M + S - 2
    ops = re.findall(r'"?tessera\.(send|recv)"?.*?pairs = (\[\[.*?\]\])', vjp)
    fwd = [op for op, pairs in ops if pairs == FWD_PAIRS]
    bwd = [op for op, pairs in ops if pairs == BWD_PAIRS]
    assert fwd.count("send") == steps and fwd.count("recv") == steps, vjp
    assert bwd.count("send") == steps and bwd.count("recv") == steps, vjp
    assert len(ops) == 4 * steps
    # The backward starts after the forward's last message: the reversed ops come last and
    # alternate send, recv (a stage's cotangent goes back before the previous stage takes it).
    assert [op for op, _ in ops[2 * steps:]] == ["send", "recv"] * steps


def interp():
    # The package is imported from the build tree (BUILD/python/tessera/_core*.so), the tool
    # lies in BUILD/bin.
    exe = Path(os.environ.get("TESSERA_INTERP",
                              Path(ts._core.__file__).parents[2] / "bin" / "tessera-interp"))
    assert exe.exists(), f"{exe} not found (set TESSERA_INTERP)"
    return exe


def test_tessera_interp_grad_prints_the_reversed_sends(tmp_path):
    src = tmp_path / "pipeline.mlir"
    src.write_text(pipeline_module())
    r = subprocess.run([str(interp()), "grad", str(src), "--func", "pipeline", "--wrt", "W,x0"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    vjp = r.stdout[r.stdout.index("@pipeline_vjp"):]
    assert vjp.count(BWD_PAIRS) == 2 * (M + S - 2), vjp


# ---- the same pipeline written in Python: ppermute between stages, ts.grad ----------------


def test_python_pipeline_ts_grad_against_unsharded_jax():
    mesh = ts.dist.mesh(axes=("pp",), shape=(S,))
    W, xs = inputs()
    first, last = masks()
    pairs = [(s, s + 1) for s in range(S - 1)]

    assert M == 3  # @ts.jit takes no *args: one parameter per microbatch

    @ts.jit
    def pipeline(W, first, last, x0, x1, x2):
        xs = (x0, x1, x2)
        loss, recv = None, None
        for t in range(M + S - 1):
            a = xs[t] * first if t < M else None
            if recv is not None:
                a = recv if a is None else a + recv
            h = ts.tanh(ts.matmul(a, W))
            if t < M + S - 2:  # the last step sends nothing
                recv = ts.dist.ppermute(h, "pp", pairs)
            if t >= S - 1:
                term = ts.sum(h * h * last)
                loss = term if loss is None else loss + term
        return ts.dist.all_reduce(loss, "pp")

    row = ts.ShardSpec(partition=(0,), mesh_axes=("pp",))
    args = [ts.dist.tensor(data=W, mesh=mesh, layout=row, dtype="f64"),
            ts.dist.tensor(data=first, mesh=mesh, layout=row, dtype="f64"),
            ts.dist.tensor(data=last, mesh=mesh, layout=row, dtype="f64")]
    args += [ts.dist.tensor(data=x, mesh=mesh, dtype="f64") for x in xs]
    argnums = (0,) + tuple(3 + m for m in range(M))
    g = ts.grad(pipeline, argnums=argnums)
    got = g(*args)
    want = jax.grad(reference_loss, argnums=tuple(range(M + 1)))(W, *xs)
    for a, b in zip(got, want):
        close(a, b)
    vjp = g.trace(*args)
    vjp = vjp[vjp.index("@pipeline_vjp"):]
    # Forward: one ppermute per stage boundary; backward: the inverse permutation of each.
    inv = [ln for ln in vjp.splitlines() if "tessera.ppermute" in ln and BWD_PAIRS in ln]
    assert len(inv) == M + S - 2, vjp


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
