"""`tessera-interp run --trace FILE.json` on mesh programs: one Chrome/Perfetto trace holding the
tile kernels of every rank (docs/collectives.md, "Running mesh programs"); any other file name
keeps the send/recv text trace."""
from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

import numpy as np

import harness as h

# Two launches per rank; the second starts on the trace clock where the first ended.
TWO = """module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 2]}} {
  func.func @k(%x: memref<8xf32>, %y: memref<8xf32>) {
    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<8xf32>, index) -> f32
    tile.barrier : () -> ()
    tile.store %v, %y, %i : (f32, memref<8xf32>, index) -> ()
    return
  }
  func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
    %y = tile.launch %x {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8xf32>) -> tensor<8xf32>
    %z = tile.launch %y {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8xf32>) -> tensor<8xf32>
    return %z : tensor<8xf32>
  }
}
"""


def run_trace(prog, name, threads="2"):
    with tempfile.TemporaryDirectory() as tmp:
        trace, src = Path(tmp) / name, Path(tmp) / "prog.mlir"
        src.write_text(prog)
        args = [h.INTERP, "run", str(src), "--per-rank-outputs", "--output-dir", f"{tmp}/out", "--threads",
                threads, "--trace", str(trace)]
        for r in range(4):
            f = Path(tmp) / f"x{r}.npy"
            np.save(f, np.arange(8, dtype=np.float32) + r)
            args += ["--input", f"x@{r}={f}"]
        p = subprocess.run(args, capture_output=True, text=True, timeout=600)
        assert p.returncode == 0, p.stderr
        return trace.read_text().replace(tmp, "TMP")  # Graph IR ops name their source file


def test_json_trace_holds_every_rank_and_launch():
    doc = json.loads(run_trace(TWO, "t.json"))
    ev = doc["traceEvents"]
    names = {e["pid"]: e["args"]["name"] for e in ev if e["name"] == "process_name"}
    # Rank r's groups are processes r * 2^20 + g, named after the rank's mesh coordinates.
    assert names[0] == "rank 0 (dp=0, tp=0) group 0"
    assert names[(3 << 20) + 1] == "rank 3 (dp=1, tp=1) group 1"
    # ... and process r * 2^20 + 2^20 - 1 is the rank's Graph IR ops and collectives.
    graph = (1 << 20) - 1
    assert sorted(names) == sorted([(r << 20) + g for r in range(4) for g in range(2)] +
                                   [(r << 20) + graph for r in range(4)])
    assert names[(2 << 20) + graph] == "rank 2 (dp=1, tp=0) graph ops"
    spans = [e for e in ev if e["ph"] == "X"]
    for r in range(4):
        mine = [e for e in spans if e["pid"] >> 20 == r]
        assert mine, r
        # The two launches each have a barrier: epochs 0 and 1 of launch 1, then of launch 2,
        # which starts no earlier than launch 1 ended.
        epochs = sorted((e["ts"], e["ts"] + e["dur"]) for e in mine if e["cat"] == "barrier" and e["tid"] == 0
                        and e["pid"] & 0xFFFFF == 0)
        assert len(epochs) == 4, epochs
        assert epochs[2][0] >= epochs[1][1]
    assert run_trace(TWO, "t.json", threads="1") == run_trace(TWO, "t.json", threads="2")


def test_other_trace_files_keep_the_send_recv_text():
    text = run_trace(TWO, "t.txt")
    assert text == ""  # no sends or recvs in this program; and no JSON
