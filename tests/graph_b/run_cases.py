#!/usr/bin/env python3
"""Runs conformance case files through `tessera-interp run` and compares with their expectations.

A stand-in until build/bin/tessera-conform covers these ops: parses the `// CASE:` headers that
conformance/gen/casefile.py writes (inline hex or .npy payloads), runs each program, and applies
the case's rule (bitexact, ulp:N, tol:rtol=X,atol=Y). NaNs match any NaN unless strict_nan.

    run_cases.py TESSERA_INTERP OP_FILE_STEM...
"""
import os
import subprocess
import sys
import tempfile

import ml_dtypes
import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CASES = os.path.join(REPO, "conformance", "cases", "graph")

_ELEM = {
    "f64": (np.float64, np.uint64), "f32": (np.float32, np.uint32), "f16": (np.float16, np.uint16),
    "bf16": (ml_dtypes.bfloat16, np.uint16), "f8E4M3FN": (ml_dtypes.float8_e4m3fn, np.uint8),
    "f8E5M2": (ml_dtypes.float8_e5m2, np.uint8), "i1": (np.bool_, np.uint8),
    "i8": (np.int8, np.uint8), "i16": (np.int16, np.uint16), "i32": (np.int32, np.uint32),
    "i64": (np.int64, np.uint64), "ui8": (np.uint8, np.uint8),
}


def parse_type(t):
    body = t[len("tensor<"):-1]
    parts = body.split("x")
    return tuple(int(p) for p in parts[:-1]), parts[-1]


def load_payload(ttype, payload):
    shape, elem = parse_type(ttype)
    dt, raw = _ELEM[elem]
    if payload.startswith("hex:"):
        words = payload[4:].split(",") if payload[4:] else []
        bits = np.array([int(w, 16) for w in words], dtype=raw)
    else:
        bits = np.load(os.path.join(CASES, payload[4:]))
        if bits.dtype != raw and elem in ("bf16", "f8E4M3FN", "f8E5M2"):
            bits = bits.astype(raw)
        else:
            bits = bits.astype(dt).view(raw) if bits.dtype != raw else bits
    return bits.reshape(shape).view(dt) if elem != "i1" else bits.reshape(shape).astype(np.bool_)


def cases(path):
    chunks = open(path).read().split("\n// -----\n")
    for chunk in chunks:
        head = {"INPUT": [], "EXPECT": []}
        body = []
        for line in chunk.splitlines():
            if line.startswith("// CASE: "):
                head["name"] = line[9:].strip()
            elif line.startswith("// RULE: "):
                head["rule"] = line[9:].strip()
            elif line.startswith("// INPUT: ") or line.startswith("// EXPECT: "):
                kind, rest = line[3:].split(": ", 1)
                _, ttype, payload = rest.split(" ", 2)
                head[kind].append((ttype, payload.strip()))
            elif not line.startswith("//"):
                body.append(line)
        if "name" in head:
            yield head, "\n".join(body)


def compare(got, want, rule):
    if got.shape != want.shape:
        return f"shape {got.shape} != {want.shape}"
    g64 = got.astype(np.float64) if got.dtype.kind in "fV" or got.dtype.itemsize <= 2 else got
    w64 = want.astype(np.float64) if want.dtype.kind in "fV" or want.dtype.itemsize <= 2 else want
    rule = rule.replace(" strict_nan", "")
    if rule == "bitexact":
        if got.tobytes() == want.tobytes():
            return None
        if got.dtype.kind == "f" or got.dtype.itemsize <= 2:
            both_nan = np.isnan(g64) & np.isnan(w64)
            raw = f"u{got.dtype.itemsize}"
            bad = ~both_nan & (got.view(raw) != want.view(raw))
            if not bad.any():
                return None
            i = np.argwhere(bad)[0]
            return f"first difference at {tuple(i)}: got {g64[tuple(i)]!r} want {w64[tuple(i)]!r}"
        return "bits differ"
    if rule.startswith("tol:"):
        kv = dict(p.split("=") for p in rule[4:].split(","))
        rtol, atol = float(kv.get("rtol", 0)), float(kv.get("atol", 0))
        ok = np.isclose(g64, w64, rtol=rtol, atol=atol, equal_nan=True)
        if ok.all():
            return None
        i = np.argwhere(~ok)[0]
        return f"outside tolerance at {tuple(i)}: got {g64[tuple(i)]!r} want {w64[tuple(i)]!r}"
    return f"unsupported rule {rule}"


def main():
    interp, stems = sys.argv[1], sys.argv[2:]
    passed = failed = 0
    for stem in stems:
        path = os.path.join(CASES, stem + ".mlir")
        for head, program in cases(path):
            with tempfile.TemporaryDirectory() as d:
                prog = os.path.join(d, "p.mlir")
                open(prog, "w").write(program)
                cmd = [interp, "run", prog, "--output-dir", d]
                names = [a.split(":")[0].strip().lstrip("%") for a in
                         program.split("@main(", 1)[1].split(")", 1)[0].split(",") if a.strip()]
                for k, (ttype, payload) in enumerate(head["INPUT"]):
                    arr = load_payload(ttype, payload)
                    f = os.path.join(d, f"in{k}.npy")
                    elem = parse_type(ttype)[1]
                    np.save(f, arr.view(_ELEM[elem][1]) if elem in ("bf16", "f8E4M3FN", "f8E5M2")
                            else arr)
                    cmd += ["--input", f"{names[k]}={f}"]
                r = subprocess.run(cmd, capture_output=True, text=True)
                err = None
                if r.returncode != 0:
                    err = "run failed: " + r.stderr.strip()[:400]
                else:
                    for k, (ttype, payload) in enumerate(head["EXPECT"]):
                        want = load_payload(ttype, payload)
                        got = np.load(os.path.join(d, f"{k}.npy"))
                        elem = parse_type(ttype)[1]
                        if elem in ("bf16", "f8E4M3FN", "f8E5M2"):
                            got = got.view(_ELEM[elem][1]).view(_ELEM[elem][0])
                        err = compare(got, want, head.get("rule", "bitexact"))
                        if err:
                            break
            if err:
                failed += 1
                print(f"FAIL {stem}: {head['name']}: {err}")
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
