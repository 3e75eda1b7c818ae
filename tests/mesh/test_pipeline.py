"""1F1B pipeline parallelism: the schedule, the per-stage send/recv order and the numerics of
linear stages and of user stage functions.

The oracles are independent of core/mesh/pipeline.cpp: the 1F1B order comes from the in-flight
rule (a stage runs a forward while fewer than S - s micro-batches are in flight, else a backward),
and the numbers from single-device numpy models of the same chains (linear, and relu(h W0) W1).
"""
from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pytest

INTERP = os.environ.get("TESSERA_INTERP", "tessera-interp")
OPT = os.environ.get("TESSERA_OPT", str(Path(INTERP).resolve().parent / "tessera-opt"))
MODES = {"schedule": "--print-pipeline-schedule", "emit": "--emit-pipeline"}


def opt_args(cmd, *args):
    """tessera-opt's arguments for a pipeline command ('schedule' or 'emit') and its options."""
    args = list(args)
    if "--stage-functions" in args:  # the stage-function module is tessera-opt's FILE
        k = args.index("--stage-functions")
        args[k:k + 2] = [args[k + 1]]
    return [OPT, MODES.get(cmd, cmd), *args]


def oracle_1f1b(stages, micro):
    order = []
    for s in range(stages):
        f = b = 0
        o = []
        while b < micro:
            if f < micro and f - b < stages - s:
                o.append(f"F{f}")
                f += 1
            else:
                o.append(f"B{b}")
                b += 1
        order.append(o)
    return order


def expected_trace(order, stages):
    """Per stage: the sends and recvs in the order its 1F1B actions issue them."""
    out = []
    for s, acts in enumerate(order):
        ev = []
        for a in acts:
            if a[0] == "F":
                if s > 0:
                    ev.append(f"recv {a} from rank {s - 1} (pp={s - 1}) channel 0")
                if s < stages - 1:
                    ev.append(f"send {a} to rank {s + 1} (pp={s + 1}) channel 0")
            else:
                if s < stages - 1:
                    ev.append(f"recv {a} from rank {s + 1} (pp={s + 1}) channel 1")
                if s > 0:
                    ev.append(f"send {a} to rank {s - 1} (pp={s - 1}) channel 1")
        out.append(ev)
    return out


def reference(x, ws):
    """Single device: forward through every layer, loss 0.5*sum(y^2), dW per layer summed over
    micro-batches in order (float64; the inputs keep every value an exact small integer)."""
    grads = [np.zeros_like(w, dtype=np.float64) for w in ws]
    ys = []
    for m in range(x.shape[0]):
        hs = [x[m].astype(np.float64)]
        for w in ws:
            hs.append(hs[-1] @ w)
        ys.append(hs[-1])
        dy = hs[-1]
        for s in reversed(range(len(ws))):
            grads[s] = grads[s] + hs[s].T @ dy
            dy = dy @ ws[s].T
    return np.stack(ys), grads


def tool(*args):
    p = subprocess.run(opt_args(*args), capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout


@pytest.mark.parametrize("stages,micro", [(4, 6), (2, 1), (3, 3), (4, 2), (8, 12)])
def test_schedule_is_1f1b(stages, micro):
    lines = tool("schedule", "--stages", str(stages), "--micro", str(micro)).splitlines()
    got = [ln.split(":", 1)[1].split() for ln in lines if ln.startswith("stage ")]
    assert got == oracle_1f1b(stages, micro)
    ticks = [ln.split(":", 1)[1].split() for ln in lines if ln.startswith("tick ")]
    # Lock step: each stage's actions appear in its order; dependencies come from earlier ticks.
    when = {}
    for t, row in enumerate(ticks):
        for s, a in enumerate(row):
            if a != "-":
                when[(s, a)] = t
    for s in range(stages):
        assert [a for row in ticks for a in [row[s]] if a != "-"] == got[s]
        for m in range(micro):
            if s > 0:
                assert when[(s, f"F{m}")] > when[(s - 1, f"F{m}")]
            if s < stages - 1:
                assert when[(s, f"B{m}")] > when[(s + 1, f"B{m}")]
    if (stages, micro) == (4, 6):
        assert len(ticks) == 2 * (micro + stages - 1)  # the 1F1B makespan, no extra bubbles


def run_and_check(prog, x, ws, want_y, want_g, stages, micro):
    """Runs the emitted program `prog` on x and the stacked weights; checks y and every dW_s bit
    for bit (all values are exact integers, so float64 and f32 agree; +-0 included) and that
    every stage's sends and recvs come in its 1F1B order."""
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        (t / "p.mlir").write_text(prog)
        np.save(t / "x.npy", x)
        np.save(t / "w.npy", np.concatenate(ws))  # the stages' weights stacked, sharded over pp
        p = subprocess.run([INTERP, "run", str(t / "p.mlir"), "--input", f"x={t / 'x.npy'}",
                            "--input", f"w={t / 'w.npy'}", "--per-rank-outputs", "--output-dir",
                            str(t / "out"), "--threads", "2", "--trace", str(t / "trace.txt")],
                           capture_output=True, text=True, timeout=600)
        assert p.returncode == 0, p.stderr
        y = np.load(t / "out" / f"y@{stages - 1}.npy")
        gs = [np.load(t / "out" / f"gw@{s}.npy") for s in range(stages)]
        trace = [[] for _ in range(stages)]
        for line in (t / "trace.txt").read_text().splitlines():
            rank, ev = line.split(": ", 1)
            trace[int(rank.split()[1])].append(ev)
    assert np.abs(want_y).max() < 2**24 and max(np.abs(g).max() for g in want_g) < 2**24
    assert np.array_equal(y.view(np.uint32), want_y.astype(np.float32).view(np.uint32))
    for s in range(stages):
        assert np.array_equal(gs[s].view(np.uint32), want_g[s].astype(np.float32).view(np.uint32)), s
    assert trace == expected_trace(oracle_1f1b(stages, micro), stages)


@pytest.mark.parametrize("stages,micro,batch,dim", [(4, 6, 2, 3), (2, 3, 1, 2), (3, 5, 2, 2)])
def test_pipeline_matches_single_device_and_trace_is_1f1b(stages, micro, batch, dim):
    rng = np.random.default_rng(stages * 100 + micro)
    x = rng.integers(-2, 3, size=(micro, batch, dim)).astype(np.float32)
    ws = [rng.integers(-1, 2, size=(dim, dim)).astype(np.float32) for _ in range(stages)]
    want_y, want_g = reference(x, ws)
    prog = tool("emit", "--stages", str(stages), "--micro", str(micro), "--batch", str(batch), "--dim", str(dim))
    run_and_check(prog, x, ws, want_y, want_g, stages, micro)


def test_bad_arguments_are_errors_not_crashes():
    for args in (["schedule", "--stages", "0", "--micro", "2"], ["emit", "--dtype", "i4"],
                 ["schedule", "--stages", "2000", "--micro", "2"], ["frobnicate"], ["emit", "--dim"]):
        p = subprocess.run(opt_args(*args), capture_output=True, text=True, timeout=60)
        assert p.returncode in (1, 2) and "error:" in p.stderr, (args, p.stderr)


# Stage functions: each stage is two layers, relu(h W0) W1, its weights packed as W = [W0; W1]
# (2 x D x D), unpacked by UNPACK in both. The backward recomputes the hidden layer and returns
# (dh, dW). stage_module(B, D) gives the text.
UNPACK = """  %w0s = tessera.slice %w {{start = [0, 0, 0], sizes = [1, {D}, {D}]}} : (tensor<2x{D}x{D}xf32>) -> tensor<1x{D}x{D}xf32>
  %w1s = tessera.slice %w {{start = [1, 0, 0], sizes = [1, {D}, {D}]}} : (tensor<2x{D}x{D}xf32>) -> tensor<1x{D}x{D}xf32>
  %w0 = tessera.reshape %w0s : (tensor<1x{D}x{D}xf32>) -> tensor<{D}x{D}xf32>
  %w1 = tessera.reshape %w1s : (tensor<1x{D}x{D}xf32>) -> tensor<{D}x{D}xf32>
"""
STAGE = """func.func @forward(%h: tensor<{B}x{D}xf32>, %w: tensor<2x{D}x{D}xf32>) -> tensor<{B}x{D}xf32> {{
{unpack}  %p = tessera.matmul %h, %w0 : (tensor<{B}x{D}xf32>, tensor<{D}x{D}xf32>) -> tensor<{B}x{D}xf32>
  %a = tessera.relu %p : tensor<{B}x{D}xf32>
  %y = tessera.matmul %a, %w1 : (tensor<{B}x{D}xf32>, tensor<{D}x{D}xf32>) -> tensor<{B}x{D}xf32>
  return %y : tensor<{B}x{D}xf32>
}}
func.func @backward(%h: tensor<{B}x{D}xf32>, %dy: tensor<{B}x{D}xf32>, %w: tensor<2x{D}x{D}xf32>)
    -> (tensor<{B}x{D}xf32>, tensor<2x{D}x{D}xf32>) {{
{unpack}  %p = tessera.matmul %h, %w0 : (tensor<{B}x{D}xf32>, tensor<{D}x{D}xf32>) -> tensor<{B}x{D}xf32>
  %a = tessera.relu %p : tensor<{B}x{D}xf32>
  %aT = tessera.transpose %a {{perm = [1, 0]}} : (tensor<{B}x{D}xf32>) -> tensor<{D}x{B}xf32>
  %dw1 = tessera.matmul %aT, %dy : (tensor<{D}x{B}xf32>, tensor<{B}x{D}xf32>) -> tensor<{D}x{D}xf32>
  %w1T = tessera.transpose %w1 {{perm = [1, 0]}} : (tensor<{D}x{D}xf32>) -> tensor<{D}x{D}xf32>
  %da = tessera.matmul %dy, %w1T : (tensor<{B}x{D}xf32>, tensor<{D}x{D}xf32>) -> tensor<{B}x{D}xf32>
  %zero = tessera.constant {{value = dense<0.0> : tensor<{B}x{D}xf32>}} : () -> tensor<{B}x{D}xf32>
  %on = tessera.cmp_gt %p, %zero : (tensor<{B}x{D}xf32>, tensor<{B}x{D}xf32>) -> tensor<{B}x{D}xi1>
  %dp = tessera.select %on, %da, %zero : (tensor<{B}x{D}xi1>, tensor<{B}x{D}xf32>, tensor<{B}x{D}xf32>) -> tensor<{B}x{D}xf32>
  %hT = tessera.transpose %h {{perm = [1, 0]}} : (tensor<{B}x{D}xf32>) -> tensor<{D}x{B}xf32>
  %dw0 = tessera.matmul %hT, %dp : (tensor<{D}x{B}xf32>, tensor<{B}x{D}xf32>) -> tensor<{D}x{D}xf32>
  %w0T = tessera.transpose %w0 {{perm = [1, 0]}} : (tensor<{D}x{D}xf32>) -> tensor<{D}x{D}xf32>
  %dx = tessera.matmul %dp, %w0T : (tensor<{B}x{D}xf32>, tensor<{D}x{D}xf32>) -> tensor<{B}x{D}xf32>
  %g0 = tessera.reshape %dw0 : (tensor<{D}x{D}xf32>) -> tensor<1x{D}x{D}xf32>
  %g1 = tessera.reshape %dw1 : (tensor<{D}x{D}xf32>) -> tensor<1x{D}x{D}xf32>
  %dw = tessera.concat %g0, %g1 {{axis = 0}} : (tensor<1x{D}x{D}xf32>, tensor<1x{D}x{D}xf32>) -> tensor<2x{D}x{D}xf32>
  return %dx, %dw : tensor<{B}x{D}xf32>, tensor<2x{D}x{D}xf32>
}}
"""


def stage_module(B, D):
    return STAGE.format(B=B, D=D, unpack=UNPACK.format(D=D))


def reference_two_layer(x, ws):
    """Single device, float64: stage s is relu(h W0) W1 with ws[s] = [W0; W1]; loss 0.5*sum(y^2);
    relu' is 1 where the pre-activation is > 0; dW summed over micro-batches in order."""
    grads = [np.zeros_like(w, dtype=np.float64) for w in ws]
    ys = []
    for m in range(x.shape[0]):
        hs = [x[m].astype(np.float64)]
        for w in ws:
            hs.append(np.maximum(hs[-1] @ w[0], 0) @ w[1])
        ys.append(hs[-1])
        dy = hs[-1]
        for s in reversed(range(len(ws))):
            w0, w1 = ws[s][0].astype(np.float64), ws[s][1].astype(np.float64)
            p = hs[s] @ w0
            a = np.maximum(p, 0)
            dp = np.where(p > 0, dy @ w1.T, 0.0)
            grads[s] = grads[s] + np.stack([hs[s].T @ dp, a.T @ dy])
            dy = dp @ w0.T
    return np.stack(ys), grads


@pytest.mark.parametrize("stages,micro,batch,dim", [(4, 6, 2, 3), (3, 4, 2, 4)])
def test_pipeline_of_stage_functions_matches_single_device(stages, micro, batch, dim):
    rng = np.random.default_rng(stages * 7 + micro)
    x = rng.integers(-2, 3, size=(micro, batch, dim)).astype(np.float32)
    # Mostly positive weights keep activations alive through every relu (small integers: exact).
    ws = [np.stack([rng.choice([-1, 0, 1, 1, 2], size=(dim, dim)),
                    rng.choice([-1, 1, 1, 2], size=(dim, dim))]).astype(np.float32) for _ in range(stages)]
    want_y, want_g = reference_two_layer(x, ws)
    assert (want_y != 0).mean() > 0.3 and all((g != 0).mean() > 0.5 for g in want_g)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "stage.mlir").write_text(stage_module(batch, dim))
        prog = tool("emit", "--stages", str(stages), "--micro", str(micro), "--stage-functions",
                    str(Path(tmp) / "stage.mlir"))
    assert "callee = @forward" in prog and "callee = @backward" in prog
    run_and_check(prog, x, ws, want_y, want_g, stages, micro)


def test_stage_functions_with_the_wrong_signature_are_refused():
    with tempfile.TemporaryDirectory() as tmp:
        bad = Path(tmp) / "stage.mlir"
        bad.write_text(stage_module(2, 3).replace("-> (tensor<2x3xf32>, tensor<2x3x3xf32>)",
                                                      "-> (tensor<2x3xf32>, tensor<2x3x3xf32>, tensor<2x3xf32>)")
                       .replace("return %dx, %dw : tensor<2x3xf32>, tensor<2x3x3xf32>",
                                "return %dx, %dw, %dx : tensor<2x3xf32>, tensor<2x3x3xf32>, tensor<2x3xf32>"))
        p = subprocess.run(opt_args("emit", "--stages", "2", "--micro", "2", "--stage-functions", str(bad)),
                           capture_output=True, text=True, timeout=60)
        assert p.returncode == 1
        assert "@backward must be (A, A, W) -> (A, W)" in p.stderr
        p = subprocess.run(opt_args("emit", "--stages", "2", "--micro", "2", "--stage-functions",
                            str(Path(tmp) / "missing.mlir")), capture_output=True, text=True, timeout=60)
        assert p.returncode == 1 and "missing.mlir: error: cannot open file" in p.stderr
        huge = Path(tmp) / "huge.mlir"
        w = "tensor<300000x300000xf32>"  # a consistent module whose weights are too large to emit
        huge.write_text(f"""func.func @forward(%h: tensor<2x3xf32>, %w: {w}) -> tensor<2x3xf32> {{
  return %h : tensor<2x3xf32>
}}
func.func @backward(%h: tensor<2x3xf32>, %dy: tensor<2x3xf32>, %w: {w}) -> (tensor<2x3xf32>, {w}) {{
  return %dy, %w : tensor<2x3xf32>, {w}
}}
""")
        p = subprocess.run(opt_args("emit", "--stages", "2", "--micro", "2", "--stage-functions", str(huge)),
                           capture_output=True, text=True, timeout=60)
        assert p.returncode == 1 and "is too large for an emitted pipeline" in p.stderr, p.stderr
