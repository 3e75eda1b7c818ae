#!/usr/bin/env python3
"""Mutation fuzzing of tessera-interp's parser, verifier and printer.

Takes every program chunk in the repository, applies seeded random mutations (token deletion,
duplication, number changes, attribute and type edits, truncation, byte noise) and runs
`verify` and `print --generic` on each. Every run must end with exit code 0 or 1 and no signal,
within a time limit. With --run, a mutated program that verifies is also run: @main's
parameters get seeded random .npy inputs of their declared (static) types, one set per rank
for mesh programs, and `run` must end with 0, 1 or 3 (a sanitizer report under --check all).
Failing inputs are written to --keep for reproduction.

Usage: fuzz_programs.py --tool PATH --root DIR [--count N] [--seed S] [--keep DIR] [--run]
"""
import argparse
import math
import pathlib
import random
import re
import struct
import subprocess
import sys
import tempfile

NUMBERS = ["0", "-1", "1", "2", "3", "7", "64", "-9223372036854775808", "9223372036854775807",
           "18446744073709551616", "1.0e+308", "0.5", "nan", "?", "0x7F"]
TYPES = ["f32", "f64", "bf16", "i1", "i4", "index", "f8E4M3FN", "tensor<?xf32>", "tensor<0xf32>",
         "tensor<4294967296x4294967296xf32>", "memref<4xf32, 3>", "vector<4xf32>", "!x.y", "none"]
SNIPPETS = ["{", "}", "(", ")", "[", "]", "<", ">", ",", ":", "=", "->", "%", "^bb9:", "@x", '"',
            "dense<", "{axes = [5, -7]}", "{perm = [0, 0]}", "{axis = 99}", "{value = dense<1.0> : tensor<3xf32>}",
            "{numeric_policy = {accum = \"f16\"}}", "{kind = \"median\"}", "{strides = [0, 0]}"]


def chunks(root):
    out = []
    for sub in ["examples", "conformance/cases", "tests/verifier", "tests/tile", "tests/sanitizers", "tests/mesh"]:
        d = root / sub
        if not d.exists():
            continue
        for p in sorted(d.rglob("*.mlir")):
            for c in re.split(r"^// -----.*$", p.read_text(errors="replace"), flags=re.M):
                c = "\n".join(l for l in c.splitlines() if not l.startswith("// "))
                if "func.func" in c or "builtin.module" in c:
                    out.append(c)
    return out


NP_TYPES = {"f32": "<f4", "f64": "<f8", "f16": "<f2", "bf16": "<u2", "i1": "|u1", "i8": "|i1",
            "i16": "<i2", "i32": "<i4", "i64": "<i8", "f8E4M3FN": "|u1", "f8E5M2": "|u1"}


def npy_bytes(shape, descr, rng, boolean):
    """A version-1 .npy file of `shape` with random bytes (0/1 when `boolean`)."""
    n = math.prod(shape)
    size = int(descr[2:]) * n
    header = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': ({', '.join(str(d) for d in shape)}{',' if len(shape) == 1 else ''}), }}"
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    body = bytes(rng.randrange(2) for _ in range(n)) if boolean else rng.randbytes(size)
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + body


def run_inputs(text, rng, tmp):
    """--input arguments for @main of `text` (per rank for mesh programs), or None when a
    parameter has no static tensor type of a known element type or is too large."""
    m = re.search(r"func\.func\s+@main\(([^)]*)\)", text)
    if not m:
        return None
    mesh = re.search(r"shape\s*=\s*\[([\d,\s]+)\]\s*\}\s*\}", text) if "tessera.mesh" in text else None
    ranks = 1
    if mesh:
        for d in mesh.group(1).split(","):
            ranks *= int(d) if d.strip() else 1
        if ranks > 72:
            return None
    args = []
    for k, (name, ty) in enumerate(re.findall(r"%([\w$.-]+)\s*:\s*tensor<([^>]*)>", m.group(1))):
        parts = ty.split("x")
        try:
            shape = [int(d) for d in parts[:-1]]
        except ValueError:
            return None
        if parts[-1] not in NP_TYPES or any(d < 0 for d in shape) or math.prod(shape) > 1 << 16:
            return None
        for r in range(ranks):
            f = pathlib.Path(tmp) / f"in{k}_{r}.npy"
            f.write_bytes(npy_bytes(shape, NP_TYPES[parts[-1]], rng, parts[-1] == "i1"))
            args += ["--input", f"{name}@{r}={f}" if mesh else f"{name}={f}"]
    return args


def mutate(rng, text):
    toks = re.findall(r"\s+|[A-Za-z_][\w.$]*|%[\w#$.-]+|-?\d[\w.+-]*|\"[^\"\n]*\"|.", text)
    for _ in range(rng.randint(1, 4)):
        if not toks:
            break
        k = rng.randrange(len(toks))
        m = rng.randrange(9)
        if m == 0:
            del toks[k]
        elif m == 1:
            toks.insert(k, toks[rng.randrange(len(toks))])
        elif m == 2 and re.match(r"-?\d", toks[k]):
            toks[k] = rng.choice(NUMBERS)
        elif m == 3:
            toks.insert(k, rng.choice(SNIPPETS))
        elif m == 4 and re.match(r"[a-z]", toks[k]):
            toks[k] = rng.choice(TYPES)
        elif m == 5:
            toks = toks[:k]
        elif m == 6:
            j = rng.randrange(len(toks))
            toks[k], toks[j] = toks[j], toks[k]
        elif m == 7 and re.match(r"\d", toks[k]):
            toks[k] = str(rng.choice([0, 1, 2, 3, 5, 8, 1 << 31, 1 << 40]))
        else:
            toks.insert(k, chr(rng.randrange(1, 127)))
    return "".join(toks)


def mutate_numbers(rng, text):
    """Changes one to three integers (shapes, attributes, constants): programs that still verify
    then reach the interpreter with unusual sizes, indices, grids and ranks."""
    toks = re.findall(r"\s+|[A-Za-z_][\w.$]*|%[\w#$.-]+|-?\d[\w.+-]*|\"[^\"\n]*\"|.", text)
    nums = [k for k, t in enumerate(toks) if re.fullmatch(r"-?\d+", t)]
    for _ in range(rng.randint(1, 3) if nums else 0):
        toks[rng.choice(nums)] = str(rng.choice([0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 33, 64, -1]))
    return "".join(toks)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", default=None)
    ap.add_argument("--run", action="store_true", help="also run programs that verify")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    pool = chunks(pathlib.Path(a.root))
    if not pool:
        print("no programs found", file=sys.stderr)
        return 1
    bad = ran = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "m.mlir"
        for i in range(a.count):
            # With --run, every other case changes only numbers, so that more of them verify and run.
            text = (mutate_numbers if a.run and i % 2 else mutate)(rng, rng.choice(pool))
            path.write_text(text)
            cmds = [["verify", str(path)], ["print", "--generic", str(path)]]
            for cmd in cmds:  # with --run, a program that verifies appends its run
                try:
                    p = subprocess.run([a.tool, *cmd], capture_output=True, timeout=30)
                    ok = p.returncode in ((0, 1, 3) if cmd[0] == "run" else (0, 1))
                    why = f"exit {p.returncode}: {p.stderr.decode(errors='replace')[-500:]}"
                except subprocess.TimeoutExpired:
                    ok, why = False, "timeout"
                if ok and a.run and cmd[0] == "verify" and p.returncode == 0:
                    inputs = run_inputs(text, rng, tmp)
                    if inputs is not None:
                        ran += 1
                        cmds.append(["run", str(path), "--check", "all", "--max-memory", str(1 << 28),
                                     "--output-dir", str(pathlib.Path(tmp) / "out"), *inputs])
                if not ok:
                    bad += 1
                    print(f"case {i} ({' '.join(cmd[:1])}): {why}", file=sys.stderr)
                    if cmd[0] == "run":
                        print("  " + " ".join(cmd), file=sys.stderr)
                    if a.keep:
                        keep = pathlib.Path(a.keep)
                        keep.mkdir(parents=True, exist_ok=True)
                        (keep / f"crash_{a.seed}_{i}.mlir").write_text(text)
                    break
    print(f"{a.count - bad} passed, {bad} failed" + (f" ({ran} mutated programs also run)" if a.run else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
