"""Sanitizer verdicts that must not depend on the schedule (issue #11, items 17-19): each buggy
kernel is run under --schedule-seed 0..31 and must be reported under every seed, naming both
accesses (the report at one, a note at the other). Which access is "at" may follow the schedule
for races (docs/tile-ir.md, section 3); async reports are always at the plain access or the
later copy.

TESSERA_INTERP names the tool.
"""
import os
import re
import subprocess

import numpy as np
import pytest

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")
SEEDS = range(32)

HEAD = """func.func @k(%x: memref<4x4xf32>, %out: memref<4xi32>)
    attributes {tile.grid = [1], tile.tiles = 2, tile.lanes = 4} {
  %t = tile.local_id : index
  %c0 = arith.constant {value = 0 : index} : index
  %c1 = arith.constant {value = 1 : index} : index
  %z = arith.constant {value = 0 : i32} : i32
  %one = arith.constant {value = 1 : i32} : i32
  %is0 = arith.cmpi %t, %c0 {predicate = 0} : (index, index) -> i1
  %is1 = arith.cmpi %t, %c1 {predicate = 0} : (index, index) -> i1
"""


def only(cond, body):
    return f'  "scf.if"({cond}) ({{\n{body}\n    "scf.yield"() : () -> ()\n  }}, {{ "scf.yield"() : () -> () }}) : (i1) -> ()\n'


def reports(path, stderr, kind):
    """(line of the error, set of note lines) of every `kind` report in stderr."""
    out = []
    for block in re.split(r"(?=^\S+:\d+:\d+: error: )", stderr, flags=re.M):
        m = re.match(re.escape(str(path)) + r":(\d+):\d+: error: \[" + kind + r"\]", block)
        if m:
            notes = {int(n) for n in re.findall(re.escape(str(path)) + r":(\d+):\d+: note:", block)}
            out.append((int(m.group(1)), notes))
    return out


def line_of(text, marker):
    return next(i + 1 for i, l in enumerate(text.split("\n")) if marker in l)


def check_all_seeds(tmp_path, text, kind, a, b, either=False, checks="all"):
    path = tmp_path / "k.mlir"
    path.write_text(text)
    la, lb = line_of(text, a), line_of(text, b)
    x, o = tmp_path / "x.npy", tmp_path / "o.npy"
    np.save(x, np.ones((4, 4), np.float32))
    np.save(o, np.zeros(4, np.int32))
    for seed in SEEDS:
        p = subprocess.run([TOOL, "run", str(path), "--entry", "k", "-i", f"x={x}", "-i", f"out={o}",
                            "--check", checks, "--schedule-seed", str(seed), "-o", str(tmp_path / "r")],
                           capture_output=True, text=True, timeout=60)
        assert p.returncode == 3, f"seed {seed}: exit {p.returncode}\n{p.stderr}"
        found = reports(path, p.stderr, kind)
        ok = any(at == la and lb in notes for at, notes in found)
        if either:
            ok = ok or any(at == lb and la in notes for at, notes in found)
        assert ok, f"seed {seed}: no [{kind}] report at line {la} with a note at {lb}:\n{p.stderr}"


INIT_SHARED = only("%is0", "    tile.store %z, %s, %c0 : (i32, memref<1xi32, 3>, index) -> ()") + \
    "  tile.barrier : () -> ()\n"


# ---- item 17: a plain access races with another tile's atomic, whoever's atomic came last ------

@pytest.mark.parametrize("plain", [
    "    %v = tile.load %s, %c0 : (memref<1xi32, 3>, index) -> i32  // PLAIN",
    "    tile.store %one, %s, %c0 : (i32, memref<1xi32, 3>, index) -> ()  // PLAIN",
])
def test_plain_access_after_own_atomic_races_with_other_atomic(tmp_path, plain):
    text = (HEAD + "  %s = tile.alloc_shared : memref<1xi32, 3>\n" + INIT_SHARED +
            '  %old = tile.atomic %one, %s, %c0 {kind = "add"} : (i32, memref<1xi32, 3>, index) -> i32  // ATOMIC\n' +
            only("%is1", plain) + "  return\n}\n")
    check_all_seeds(tmp_path, text, "races", "// PLAIN", "// ATOMIC", either=True)


def test_plain_access_after_own_atomic_races_in_global_memory(tmp_path):
    text = (HEAD +
            '  %old = tile.atomic %one, %out, %c0 {kind = "add"} : (i32, memref<4xi32>, index) -> i32  // ATOMIC\n' +
            only("%is1", "    %v = tile.load %out, %c0 : (memref<4xi32>, index) -> i32  // PLAIN") +
            "  return\n}\n")
    check_all_seeds(tmp_path, text, "races", "// PLAIN", "// ATOMIC", either=True)


def test_atomics_alone_do_not_race(tmp_path):
    text = (HEAD + "  %s = tile.alloc_shared : memref<1xi32, 3>\n" + INIT_SHARED +
            '  %old = tile.atomic %one, %s, %c0 {kind = "add"} : (i32, memref<1xi32, 3>, index) -> i32\n'
            '  %old2 = tile.atomic %one, %s, %c0 {kind = "max"} : (i32, memref<1xi32, 3>, index) -> i32\n'
            "  tile.barrier : () -> ()\n"
            + only("%is1", "    %v = tile.load %s, %c0 : (memref<1xi32, 3>, index) -> i32\n"
                   "    tile.store %v, %out, %c0 : (i32, memref<4xi32>, index) -> ()") + "  return\n}\n")
    path = tmp_path / "k.mlir"
    path.write_text(text)
    np.save(tmp_path / "x.npy", np.ones((4, 4), np.float32))
    np.save(tmp_path / "o.npy", np.zeros(4, np.int32))
    for seed in SEEDS:
        p = subprocess.run([TOOL, "run", str(path), "--entry", "k", "-i", f"x={tmp_path / 'x.npy'}",
                            "-i", f"out={tmp_path / 'o.npy'}", "--check", "all", "--schedule-seed",
                            str(seed), "-o", str(tmp_path / "r")], capture_output=True, text=True)
        assert p.returncode == 0 and "error" not in p.stderr, f"seed {seed}:\n{p.stderr}"
        assert np.load(tmp_path / "r" / "1.npy")[0] == 2 + 0  # 0 + 1 + 1 (add), then max(2, 1)


# ---- item 18: two async copies in flight to one destination ----------------------------------

COPY = "tile.async_copy %x, %s, %c0, %c0 : (memref<4x4xf32>, memref<4x4xf32, 3>, index, index) -> ()"


def test_two_copies_in_flight_from_one_tile(tmp_path):
    text = (HEAD + "  %s = tile.alloc_shared : memref<4x4xf32, 3>\n" +
            only("%is0", f"    {COPY}  // FIRST\n    {COPY}  // SECOND\n"
                 "    tile.commit_group : () -> ()\n    tile.wait_group {n = 0} : () -> ()") +
            "  return\n}\n")
    check_all_seeds(tmp_path, text, "async", "// SECOND", "// FIRST", checks="async")


def test_two_copies_in_flight_in_two_commit_groups(tmp_path):
    text = (HEAD + "  %s = tile.alloc_shared : memref<4x4xf32, 3>\n" +
            only("%is0", f"    {COPY}  // FIRST\n    tile.commit_group : () -> ()\n"
                 f"    {COPY}  // SECOND\n    tile.commit_group : () -> ()\n"
                 "    tile.wait_group {n = 0} : () -> ()") + "  return\n}\n")
    check_all_seeds(tmp_path, text, "async", "// SECOND", "// FIRST")


def test_copies_of_two_tiles_in_one_epoch(tmp_path):
    # Both tiles copy to the same buffer and wait, with no barrier between the two copies.
    text = (HEAD + "  %s = tile.alloc_shared : memref<4x4xf32, 3>\n" +
            f"  {COPY}  // BOTH\n  tile.commit_group : () -> ()\n  tile.wait_group {{n = 0}} : () -> ()\n"
            "  return\n}\n")
    check_all_seeds(tmp_path, text, "async", "// BOTH", "// BOTH")


# ---- item 19: accesses of another tile in the copy's issue epoch, before or after the issue ----

INIT_TILE = only("%is1", "    %zt = tile.zeros : tensor<4x4xf32>\n"
                 "    tile.store_tile %zt, %s, %c0, %c0 : (tensor<4x4xf32>, memref<4x4xf32, 3>, index, index) -> ()") + \
    "  tile.barrier : () -> ()\n"


@pytest.mark.parametrize("access", [
    "    %v = tile.load %s, %c0, %c0 : (memref<4x4xf32, 3>, index, index) -> f32  // OTHER",
    "    %w = arith.constant {value = 2.0 : f32} : f32\n"
    "    tile.store %w, %s, %c1, %c1 : (f32, memref<4x4xf32, 3>, index, index) -> ()  // OTHER",
])
@pytest.mark.parametrize("wait_later", [True, False])
def test_access_in_the_issue_epoch_is_reported_for_every_seed(tmp_path, access, wait_later):
    issue = f"    {COPY}  // COPY\n    tile.commit_group : () -> ()"
    wait = "    tile.wait_group {n = 0} : () -> ()"
    body = only("%is0", access) + only("%is1", issue + ("" if wait_later else "\n" + wait))
    if wait_later:
        body += "  tile.barrier : () -> ()\n" + only("%is1", wait)
    text = HEAD + "  %s = tile.alloc_shared : memref<4x4xf32, 3>\n" + INIT_TILE + body + \
        "  tile.barrier : () -> ()\n  return\n}\n"
    check_all_seeds(tmp_path, text, "async", "// OTHER", "// COPY")


def test_ordered_copy_is_clean(tmp_path):
    # The other tile reads before a barrier; the copy is issued after it and waited for, and a
    # barrier follows the wait before anyone reads: no report under any seed.
    text = (HEAD + "  %s = tile.alloc_shared : memref<4x4xf32, 3>\n" + INIT_TILE +
            only("%is0", "    %v = tile.load %s, %c0, %c0 : (memref<4x4xf32, 3>, index, index) -> f32") +
            "  tile.barrier : () -> ()\n" +
            only("%is1", f"    {COPY}\n    tile.commit_group : () -> ()\n    tile.wait_group {{n = 0}} : () -> ()") +
            "  tile.barrier : () -> ()\n" +
            "  %r = tile.load %s, %c1, %c1 : (memref<4x4xf32, 3>, index, index) -> f32\n"
            "  return\n}\n")
    path = tmp_path / "k.mlir"
    path.write_text(text)
    np.save(tmp_path / "x.npy", np.ones((4, 4), np.float32))
    np.save(tmp_path / "o.npy", np.zeros(4, np.int32))
    for seed in SEEDS:
        p = subprocess.run([TOOL, "run", str(path), "--entry", "k", "-i", f"x={tmp_path / 'x.npy'}",
                            "-i", f"out={tmp_path / 'o.npy'}", "--check", "all", "--schedule-seed",
                            str(seed), "-o", str(tmp_path / "r")], capture_output=True, text=True)
        assert p.returncode == 0 and "error" not in p.stderr, f"seed {seed}:\n{p.stderr}"
