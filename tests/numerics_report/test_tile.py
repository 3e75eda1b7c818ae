"""Observation inside a tile kernel (tile_planted.mlir): probes of lane vectors and scalars give
the numpy-computed values in the [groups, tiles, value...] layout, the report names the planted
overflow, NaN and bf16 rounding at their tile ops, --stop-on names the op, group, tile and lane,
and everything is the same for 1 and 2 threads. Oracles: numpy f32 arithmetic (IEEE, correctly
rounded like the simulator's) and ml_dtypes bf16 rounding."""
import json
import os
import pathlib

import ml_dtypes
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
PROG = os.path.join(HERE, "tile_planted.mlir")
BF16 = ml_dtypes.bfloat16
SHAPE = (4, 2, 8)


def data():
    rng = np.random.default_rng(17)
    x = rng.uniform(0.5, 4, SHAPE).astype(np.float32)
    s = rng.uniform(0.5, 2, SHAPE).astype(np.float32)
    x[1, 0, 3], s[1, 0, 3] = 3e30, 1e10  # overflow of %p in group 1, tile 0, lane 3
    x[2, 1, 5] = -2.0                   # NaN of %r in group 2, tile 1, lane 5
    a = rng.uniform(-4, 4, SHAPE).astype(BF16)
    b = (rng.uniform(-1, 1, SHAPE) * 2.0 ** -6).astype(BF16)
    return x, s, a, b


def save(tmp_path, outputs=False):
    x, s, a, b = data()
    z, zb = np.zeros(SHAPE, np.float32), np.zeros(SHAPE, np.uint16)
    arrays = dict(x=x, s=s, a=a.view(np.uint16), b=b.view(np.uint16))
    if outputs:  # the kernel run directly takes its result buffers too
        arrays.update(o=z, q=z, ob=zb)
    for n, v in arrays.items():
        np.save(tmp_path / f"{n}.npy", v)
    return [arg for n in arrays for arg in ("-i", f"{n}={tmp_path}/{n}.npy")]


def run_kernel(interp, tmp_path, *extra, check=0, threads=2):
    return interp("run", PROG, "--entry", "k", *save(tmp_path, True), "--threads", threads,
                  *extra, check=check)


def expected():
    x, s, a, b = data()
    p = x * s
    r = np.sqrt(x)
    exact = a.astype(np.float32) + b.astype(np.float32)
    d = exact.astype(BF16)
    return x, p, r, exact, d


def test_probes_give_the_kernel_values(interp, tmp_path):
    pd = tmp_path / "probes"
    run_kernel(interp, tmp_path, "--probe", "p", "--probe", "%r", "--probe", "d", "--probe", "f",
               "--probe", "g", "--probe", "tile_planted.mlir:22", "--probe-dir", pd)
    x, p, r, _, d = expected()
    np.testing.assert_array_equal(np.load(pd / "p.npy"), p)  # [groups, tiles, lanes]
    np.testing.assert_array_equal(np.load(pd / "r.npy"), r)
    got_d = np.load(pd / "d.npy")
    assert got_d.shape == SHAPE
    np.testing.assert_array_equal(got_d.view(np.uint16), d.view(np.uint16))
    f = np.load(pd / "f.npy")  # a scalar per tile: [groups, tiles]
    np.testing.assert_array_equal(f, x[:, :, 0])
    g = np.load(pd / "g.npy")
    assert g.dtype == np.int64 and g.shape == (4, 2)
    np.testing.assert_array_equal(g, np.repeat(np.arange(4), 2).reshape(4, 2))
    np.testing.assert_array_equal(np.load(pd / "h.npy"), x[:, :, 0] * 2)  # by FILE:LINE


def report(interp, tmp_path, threads):
    out = tmp_path / f"r{threads}.json"
    run_kernel(interp, tmp_path, "--numerics-report", out, threads=threads)
    return {o["value"].lstrip("%"): o for o in json.loads(out.read_text())["ops"]}


def test_report_names_the_planted_tile_ops(interp, tmp_path):
    ops = report(interp, tmp_path, 2)
    x, p, r, exact, d = expected()
    pm = ops["p"]
    assert pm["op"] == "arith.mulf" and pm["location"].endswith("tile_planted.mlir:17:10")
    assert (pm["elements"], pm["calls"], pm["pos_inf"], pm["overflow"]) == (64, 8, 1, 1)
    fin = p[np.isfinite(p)]
    assert (pm["min"], pm["max"]) == (fin.min(), fin.max())
    rm = ops["r"]
    assert rm["op"] == "tile.sqrt" and (rm["nan"], rm["overflow"]) == (1, 0)
    dm = ops["d"]
    assert dm["dtype"] == "bf16"
    assert dm["rounded"] == int(np.count_nonzero(d.astype(np.float32) != exact))
    assert dm["rounded"] > 0
    assert dm["absmax"] == float(np.abs(d.astype(np.float32)).max())
#Only the planted ops hold specials; loads only move what memory held.
    assert [v for v, o in ops.items() if o["nan"] + o["pos_inf"] + o["neg_inf"]] == ["p", "r"]
    assert [v for v, o in ops.items() if o["rounded"]] == ["d"]
    assert [v for v, o in ops.items() if o["overflow"]] == ["p"]


def test_report_is_the_same_for_1_and_2_threads_and_any_schedule(interp, tmp_path):
    one = report(interp, tmp_path, 1)
    assert one == report(interp, tmp_path, 2)
    out = tmp_path / "seed.json"
    run_kernel(interp, tmp_path, "--numerics-report", out, "--schedule-seed", 7)
    assert {o["value"].lstrip("%"): o for o in json.loads(out.read_text())["ops"]} == one


def test_stop_on_names_the_tile_op_group_tile_and_lane(interp, tmp_path):
    for threads in (1, 2):
        p = run_kernel(interp, tmp_path, "--stop-on", "nan", "--numerics-report",
                       tmp_path / "s.json", check=3, threads=threads)
        assert "'tile.sqrt' op produced NaN from finite inputs at element [5]" in p.stderr
        assert "in group 2 (coordinates [2, 0, 0]), tile 1 of kernel @k" in p.stderr
        assert "tile_planted.mlir:18:10" in p.stderr
        stopped = json.loads((tmp_path / "s.json").read_text())["stopped"]
        assert (stopped["op"], stopped["what"], stopped["element"]) == ("tile.sqrt", "NaN", 5)
    p = run_kernel(interp, tmp_path, "--stop-on", "inf", check=3)
    assert "'arith.mulf' op produced +Inf from finite inputs at element [3]" in p.stderr
    assert "in group 1 (coordinates [1, 0, 0]), tile 0" in p.stderr


def test_mesh_launch_probes_per_rank(interp, tmp_path):
    pd = tmp_path / "probes"
    mesh = tmp_path / "mesh.mlir"
    mesh.write_text(pathlib.Path(PROG).read_text().replace(
        "module {", 'module attributes {tessera.mesh = {axes = ["x"], shape = [2]}} {'))
    interp("run", mesh, *save(tmp_path), "--probe", "d", "--probe-dir", pd,
           "--numerics-report", tmp_path / "m.json", check=0)
    _, _, _, _, d = expected()
    for rank in range(2):
        np.testing.assert_array_equal(np.load(pd / f"d@{rank}.npy").view(np.uint16),
                                      d.view(np.uint16))
    ops = {o["value"].lstrip("%"): o for o in json.loads((tmp_path / "m.json").read_text())["ops"]}
    assert ops["p"]["ranks"] == 2 and ops["p"]["overflow"] == 2


def test_probe_in_a_loop_and_of_shared_buffers(interp, tmp_path):
    """examples/tile/gemm.mlir: %acc_out (a 32x32 register tile, inside the K loop) after the
    last iteration is the tile's quadrant of A @ B (numpy in f64; the kernel's f32 FMA chain is
    within rounding of it); shared buffers hold slices of A and B (numpy slicing)."""
    gemm = os.path.join(os.path.dirname(os.path.dirname(HERE)), "examples", "tile", "gemm.mlir")
    rng = np.random.default_rng(5)
    a, b = (rng.standard_normal((128, 128)).astype(np.float32) for _ in range(2))
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "b.npy", b)
    interp("run", gemm, "-i", f"a={tmp_path}/a.npy", "-i", f"b={tmp_path}/b.npy", "--probe",
           "acc_out", "--probe", "sa0", "--probe", "sa1", "--probe", "sb1", "--probe-dir",
           tmp_path, check=0)
    got = np.load(tmp_path / "acc_out.npy")
    assert got.shape == (4, 4, 32, 32) and got.dtype == np.float32
    c = a.astype(np.float64) @ b.astype(np.float64)
    for g in range(4):  # grid [2, 2]: linear id g = gm + 2 * gn
        gm, gn = g % 2, g // 2
        for t in range(4):  # tile t holds quadrant (t // 2, t % 2) of the group's 64x64 block
            r0, c0 = gm * 64 + (t // 2) * 32, gn * 64 + (t % 2) * 32
            np.testing.assert_allclose(got[g, t], c[r0:r0 + 32, c0:c0 + 32], rtol=1e-5,
                                       atol=1e-4)
        # Shared buffers when the group finished, in logical order (the xor swizzle and the
        # padding undone): K step kb of the 4 went to buffer kb % 2, so sa0 holds A's slab of
        # step 2, sa1 and sb1 those of step 3.
        rows, cols = slice(gm * 64, gm * 64 + 64), slice(gn * 64, gn * 64 + 64)
        np.testing.assert_array_equal(np.load(tmp_path / "sa0.npy")[g], a[rows, 64:96])
        np.testing.assert_array_equal(np.load(tmp_path / "sa1.npy")[g], a[rows, 96:128])
        np.testing.assert_array_equal(np.load(tmp_path / "sb1.npy")[g], b[96:128, cols])
