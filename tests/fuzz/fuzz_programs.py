#!/usr/bin/env python3
"""Mutation fuzzing of tessera-interp's parser, verifier and printer.

Takes every program chunk in the repository, applies seeded random mutations (token deletion,
duplication, number changes, attribute and type edits, truncation, byte noise) and runs
`verify` and `print --generic` on each. Every run must end with exit code 0 or 1 and no signal,
within a time limit. Failing inputs are written to --keep for reproduction.

Usage: fuzz_programs.py --tool PATH --root DIR [--count N] [--seed S] [--keep DIR]
"""
import argparse
import pathlib
import random
import re
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", default=None)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    pool = chunks(pathlib.Path(a.root))
    if not pool:
        print("no programs found", file=sys.stderr)
        return 1
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "m.mlir"
        for i in range(a.count):
            text = mutate(rng, rng.choice(pool))
            path.write_text(text)
            for cmd in (["verify", str(path)], ["print", "--generic", str(path)]):
                try:
                    p = subprocess.run([a.tool, *cmd], capture_output=True, timeout=30)
                    ok = p.returncode in (0, 1)
                    why = f"exit {p.returncode}: {p.stderr.decode(errors='replace')[-500:]}"
                except subprocess.TimeoutExpired:
                    ok, why = False, "timeout"
                if not ok:
                    bad += 1
                    print(f"case {i} ({' '.join(cmd[:1])}): {why}", file=sys.stderr)
                    if a.keep:
                        keep = pathlib.Path(a.keep)
                        keep.mkdir(parents=True, exist_ok=True)
                        (keep / f"crash_{a.seed}_{i}.mlir").write_text(text)
                    break
    print(f"{a.count - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
