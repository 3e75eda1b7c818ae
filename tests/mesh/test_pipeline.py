"""1F1B pipeline parallelism: the schedule, the per-stage send/recv order and the numerics.

The oracles are independent of core/mesh/pipeline.cpp: the 1F1B order comes from the in-flight
rule (a stage runs a forward while fewer than S - s micro-batches are in flight, else a backward),
and the numbers from a single-device numpy model of the same chain of linear layers.
"""
from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pytest

INTERP = os.environ.get("TESSERA_INTERP", "tessera-interp")
PIPE = os.environ.get("TESSERA_MESH_PIPELINE",
                      str(Path(INTERP).resolve().parent / "tessera-mesh-pipeline"))


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
    p = subprocess.run([PIPE, *args], capture_output=True, text=True, timeout=120)
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


@pytest.mark.parametrize("stages,micro,batch,dim", [(4, 6, 2, 3), (2, 3, 1, 2), (3, 5, 2, 2)])
def test_pipeline_matches_single_device_and_trace_is_1f1b(stages, micro, batch, dim):
    rng = np.random.default_rng(stages * 100 + micro)
    x = rng.integers(-2, 3, size=(micro, batch, dim)).astype(np.float32)
    ws = [rng.integers(-1, 2, size=(dim, dim)).astype(np.float32) for _ in range(stages)]
    want_y, want_g = reference(x, ws)
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        (t / "p.mlir").write_text(tool("emit", "--stages", str(stages), "--micro", str(micro),
                                       "--batch", str(batch), "--dim", str(dim)))
        np.save(t / "x.npy", x)
        np.save(t / "w.npy", np.concatenate(ws))
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
    # Bit for bit (all values are exact integers, so float64 and f32 agree; +-0 included).
    assert np.array_equal(y.view(np.uint32), want_y.astype(np.float32).view(np.uint32))
    for s in range(stages):
        assert np.array_equal(gs[s].view(np.uint32), want_g[s].astype(np.float32).view(np.uint32)), s
    assert trace == expected_trace(oracle_1f1b(stages, micro), stages)


def test_bad_arguments_are_errors_not_crashes():
    for args in (["schedule", "--stages", "0", "--micro", "2"], ["emit", "--dtype", "i4"],
                 ["schedule", "--stages", "2000", "--micro", "2"], ["frobnicate"], ["emit", "--dim"]):
        p = subprocess.run([PIPE, *args], capture_output=True, text=True, timeout=60)
        assert p.returncode in (1, 2) and "tessera-mesh-pipeline" in p.stderr, args
