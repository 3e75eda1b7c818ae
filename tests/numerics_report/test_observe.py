"""--trace of Graph IR ops and mesh collectives (bytes per rank), per-rank probes and reports of a
mesh program, and the progress bar of run and validate (only on a terminal). Oracles: numpy sums of the shards and
byte counts computed from the shapes."""
import json
import os
import pty
import subprocess

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PROG = os.path.join(HERE, "planted.mlir")
MESH = os.path.join(REPO, "examples", "mesh", "tp_collectives.mlir")
X = np.array([1, 2, 3.3, 4, 12, 0.5, -1, 1.00390625], np.float32)


def inputs(tmp_path):
    np.save(tmp_path / "x.npy", X)
    np.save(tmp_path / "y.npy", np.ones(8, np.float32))
    return ["-i", f"x={tmp_path}/x.npy", "-i", f"y={tmp_path}/y.npy"]


def slices(trace):
    return [e for e in json.loads(trace.read_text())["traceEvents"] if e.get("ph") == "X"]


def test_trace_has_graph_ops(interp, tmp_path):
    interp("run", PROG, *inputs(tmp_path), "--trace", tmp_path / "t.json", check=0)
    ev = slices(tmp_path / "t.json")
    assert [e["name"] for e in ev] == ["tessera.add", "tessera.log", "tessera.exp", "tessera.cast",
                                       "tessera.cast", "tessera.cast", "tessera.sub"]
    cast_h = ev[3]  # f32 -> f16 of 8 elements
    assert (cast_h["args"]["bytes_in"], cast_h["args"]["bytes_out"]) == (32, 16)
    assert all(a["ts"] + a["dur"] <= b["ts"] for a, b in zip(ev, ev[1:]))


def test_mesh_trace_probes_and_report(interp, tmp_path):
    x = (np.arange(24, dtype=np.float32) * 0.5).reshape(8, 3)
    np.save(tmp_path / "x.npy", x)
    interp("run", MESH, "-i", f"x={tmp_path}/x.npy", "--trace", tmp_path / "t.json", "--probe",
           "s", "--probe-dir", tmp_path / "probes", "--numerics-report", tmp_path / "r.json",
           check=0)
    want = x.reshape(4, 2, 3).sum(0)  # all_reduce over tp of the row shards
    for r in range(8):
        np.testing.assert_array_equal(np.load(tmp_path / "probes" / f"s@{r}.npy"), want)
    ev = slices(tmp_path / "t.json")
    gathers = [e for e in ev if e["name"] == "tessera.all_gather"]
    reduces = [e for e in ev if e["name"] == "tessera.all_reduce"]
    assert len(gathers) == len(reduces) == 8 and len({e["pid"] for e in gathers}) == 8
    assert all((e["args"]["bytes_in"], e["args"]["bytes_out"]) == (24, 96) for e in gathers)
    assert all((e["args"]["bytes_in"], e["args"]["bytes_out"]) == (24, 24) for e in reduces)
    ops = json.loads((tmp_path / "r.json").read_text())["ops"]
    assert [(o["op"], o["ranks"], o["elements"]) for o in ops] == [
        ("tessera.all_gather", 8, 8 * 24), ("tessera.all_reduce", 8, 8 * 6)]
    red = ops[1]
    assert (red["min"], red["max"]) == (want.min(), want.max())


def run_on_pty(cmd):
    master, slave = pty.openpty()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=slave, timeout=120)
    os.close(slave)
    data = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    os.close(master)
    return p.returncode, data.decode()


def test_progress_bar_only_on_a_terminal(interp, tmp_path):
    args = ["run", PROG, *inputs(tmp_path)]
    code, err = run_on_pty([os.environ["TESSERA_INTERP"], *args])
    assert code == 0
    assert "] step 7/7 tessera.sub" in err and err.endswith("\r\x1b[K")
    p = interp(*args, check=0)
    assert p.stderr == ""


def test_validate_shows_progress_only_on_a_terminal(interp, tmp_path):
    # validate runs the Graph IR (7 ops of planted.mlir), then each lower level (its groups and
    # their tile launches); the verdicts go to stdout either way.
    args = ["validate", PROG, *inputs(tmp_path)]
    code, err = run_on_pty([os.environ["TESSERA_INTERP"], *args])
    assert code == 0
    assert "] step 7/7 tessera.sub" in err and "schedule.group" in err
    assert "tile.launch" in err and err.endswith("\r\x1b[K")
    p = interp(*args, check=0)
    assert p.stderr == ""
    assert p.stdout.splitlines()[:2] == ["schedule: bit-exact with graph",
                                         "tile: bit-exact with graph"]


def test_progress_counts_tile_groups(tmp_path):
    # tile_groups.mlir launches @k on grid [3, 2]: 6 groups (hand count), as step 2 of 3.
    x = np.arange(24, dtype=np.float32)
    np.save(tmp_path / "x.npy", x)
    prog = os.path.join(HERE, "tile_groups.mlir")
    exe = os.environ["TESSERA_INTERP"]
    code, err = run_on_pty([exe, "run", prog, "-i", f"x={tmp_path}/x.npy", "--output-dir",
                            str(tmp_path)])
    assert code == 0
    assert "] step 2/3 tile.launch @k group 6/6" in err
    assert "] step 3/3 tessera.sub" in err and err.endswith("\r\x1b[K")
    # The launch doubled x + x: the result is 3x (numpy).
    np.testing.assert_array_equal(np.load(tmp_path / "s.npy"), 3 * x)
    # The kernel run directly counts its groups alone; the last one is always drawn.
    code, err = run_on_pty([exe, "run", prog, "--entry", "k", "-i", f"x={tmp_path}/x.npy", "-i",
                            f"out={tmp_path}/x.npy"])
    assert code == 0
    assert "] kernel @k group 6/6" in err and "step" not in err
