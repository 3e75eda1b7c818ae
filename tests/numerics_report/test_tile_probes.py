"""--probe on values inside tile kernels: per group and tile, for scalars, register tiles and a
loop result, through tile.launch, a kernel run directly (--entry), and per mesh rank (a phased
launch with tile collectives). Oracles: numpy slices, exp and sums of the inputs; the ids and the
loop count computed here."""
import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PROBE = os.path.join(HERE, "tile_probe.mlir")
GROUPS = os.path.join(HERE, "tile_groups.mlir")
RING = os.path.join(REPO, "examples", "mesh", "ring_all_reduce.mlir")


def test_register_tiles_scalars_and_loop_results(interp, tmp_path):
    x = (np.arange(64, dtype=np.float32).reshape(8, 8) * np.float32(0.05) - np.float32(1))
    np.save(tmp_path / "x.npy", x)
    interp("run", PROBE, "-i", f"x={tmp_path}/x.npy", "--output-dir", tmp_path / "plain", check=0)
    p = interp("run", PROBE, "-i", f"x={tmp_path}/x.npy", "--output-dir", tmp_path / "out",
               "--probe", "w", "--probe", "%s", "--probe", "k", "--probe", "tile_probe.mlir:15",
               "--probe-dir", tmp_path / "p", check=0)
    assert "matched no value" not in p.stderr
    d = tmp_path / "p"
    w, e, s, k = (np.load(d / f"{n}.npy") for n in "wesk")
    want = np.array([[x[4 * g:4 * g + 4, 4 * t:4 * t + 4] for t in range(2)] for g in range(2)])
    assert w.shape == (2, 2, 4, 4) and w.dtype == np.float32
    np.testing.assert_array_equal(w, want)
    np.testing.assert_allclose(e, np.exp(want.astype(np.float64)), rtol=1e-6)
    assert s.shape == (2, 2)
    np.testing.assert_allclose(s, np.exp(want.astype(np.float64)).sum(axis=(2, 3)), rtol=1e-5)
    # %k = 2 per iteration of a loop that tile t runs t times
    np.testing.assert_array_equal(k, np.array([[0, 2], [0, 2]], np.int64))
    # %e was named by FILE:LINE (its op is on line 15) and written under its value's name
    # probing changes no result
    assert np.load(tmp_path / "out" / "o.npy").tobytes() == \
        np.load(tmp_path / "plain" / "o.npy").tobytes()


def test_kernel_run_directly(interp, tmp_path):
    x = np.arange(24, dtype=np.float32) * np.float32(0.25) - np.float32(2)
    np.save(tmp_path / "x.npy", x)
    np.save(tmp_path / "o.npy", np.zeros(24, np.float32))
    interp("run", GROUPS, "--entry", "k", "-i", f"x={tmp_path}/x.npy", "-i",
           f"out={tmp_path}/o.npy", "--probe", "i", "--probe", "r", "--probe-dir", tmp_path / "p",
           check=0)
    i = np.load(tmp_path / "p" / "i.npy")
    np.testing.assert_array_equal(i, np.arange(24).reshape(6, 4))  # 6 groups of 4 tiles
    np.testing.assert_array_equal(np.load(tmp_path / "p" / "r.npy"), (x + x)[i])


def test_per_mesh_rank(interp, tmp_path):
    np.save(tmp_path / "x.npy", np.arange(1024, dtype=np.float32))
    interp("run", RING, "-i", f"x={tmp_path}/x.npy", "--probe", "r", "--probe", "e",
           "--probe-dir", tmp_path / "p", check=0)
    for rank in range(8):
        r = np.load(tmp_path / "p" / f"r@{rank}.npy")
        assert r.shape == (2, 8) and (r == rank).all()  # the rank index each tile computed
        np.testing.assert_array_equal(np.load(tmp_path / "p" / f"e@{rank}.npy"),
                                      np.arange(16).reshape(2, 8))


def test_per_mesh_rank_report_and_stop_on(interp, tmp_path):
    """A phased launch (tile collectives) is observed inside on every rank. Every rank holds 3e38
    at element 0 of chunk 0: the ring's reduce-scatter adds them up one rank at a time (%sum,
    line 45), so the first addition overflows from finite operands and the next six add to +Inf.
    Hand-derived: %sum runs 7 steps x 16 tiles x 8 ranks = 896 times, 7 of them +Inf, 1 overflow;
    --stop-on inf names rank 1's addition in step 0 (group 0, tile 0: element 0 of each chunk).
    """
    x = np.zeros(1024, np.float32)
    x[0::128] = np.float32(3e38)
    np.save(tmp_path / "x.npy", x)
    rep = tmp_path / "r.json"
    interp("run", RING, "-i", f"x={tmp_path}/x.npy", "--numerics-report", rep, check=0)
    rows = [o for o in json.loads(rep.read_text())["ops"] if o["value"] == "%sum"]
    assert len(rows) == 1, rows
    row = rows[0]
    assert row["op"] == "arith.addf" and row["line"] == 45 and row["ranks"] == 8
    assert row["calls"] == 896 and row["elements"] == 896
    assert row["pos_inf"] == 7 and row["overflow"] == 1 and row["nan"] == 0
    p = interp("run", RING, "-i", f"x={tmp_path}/x.npy", "--stop-on", "inf", check=3)
    assert "ring_all_reduce.mlir:45:" in p.stderr and "'arith.addf' op produced +Inf" in p.stderr
    # step 0: rank 1 adds rank 0's chunk 0 to its own, the first (and only) overflow of step 0
    assert "rank 1 " in p.stderr and "group 0 " in p.stderr and "tile 0 " in p.stderr
