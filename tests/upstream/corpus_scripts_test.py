#!/usr/bin/env python3
"""The upstream-corpus scripts measure what they claim, on the synthetic corpus beside this file
(tests/upstream/corpus: written for this test, not upstream's text).

Checks scripts/upstream_corpus.py's counts (overall, per folder, failure groups, unregistered ops;
text and --json) and scripts/upstream_corpus_run.py's counts; then runs the latter with a tool
that adds 1 to every result, which the numpy comparison must catch (exit 1, two disagreements).
Usage: corpus_scripts_test.py TESSERA_INTERP SCRIPTS_DIR."""
import json
import os
import pathlib
import stat
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
CORPUS = HERE / "corpus"

# A tool that runs tessera-interp and then adds 1 to every f32 result it wrote.
SKEWED = """#!{python}
import pathlib, subprocess, sys
import numpy as np
p = subprocess.run([{interp!r}] + sys.argv[1:])
if p.returncode == 0 and sys.argv[1] == "run":
    out = pathlib.Path(sys.argv[sys.argv.index("--output-dir") + 1])
    for f in out.glob("*.npy"):
        a = np.load(f)
        np.save(f, a + np.float32(1) if a.dtype == np.float32 else a)
sys.exit(p.returncode)
"""


def run(args):
    p = subprocess.run([sys.executable] + [str(a) for a in args], capture_output=True, text=True,
                       timeout=300)
    return p.returncode, p.stdout + p.stderr


def expect(cond, what, out):
    if not cond:
        sys.exit(f"FAIL: {what}\n--- output ---\n{out}")


def main():
    interp, scripts = sys.argv[1], pathlib.Path(sys.argv[2])
    with tempfile.TemporaryDirectory() as tmp:
        js = pathlib.Path(tmp) / "r.json"
        rc, out = run([scripts / "upstream_corpus.py", CORPUS, "--tool", interp, "--json", js])
        expect(rc == 0, "upstream_corpus.py exits 0", out)
        expect("chunks: 5  verify: 4 (80.0%)  verify with every op registered: 3" in out,
               "overall counts", out)
        r = json.loads(js.read_text())
        expect(r["folders"] == {"alpha": {"chunks": 2, "verify": 2, "strict": 2},
                                "beta": {"chunks": 3, "verify": 2, "strict": 1}},
               "per-folder counts", out)
        expect([g["count"] for g in r["failure_groups"]] == [1] and
               "do not broadcast" in r["failure_groups"][0]["message"], "failure group", out)
        expect(r["unregistered_ops"] == [{"op": "tessera.frobnicate", "chunks": 1}],
               "unregistered ops (an attribute at line start is not one)", out)

        rc, out = run([scripts / "upstream_corpus_run.py", CORPUS, "--tool", interp])
        expect(rc == 0, "upstream_corpus_run.py exits 0", out)
        # The f8E4M3FN entry (@narrow) gets ml_dtypes inputs and is compared on its raw bits.
        expect("entries: 4  runnable: 4  run: 3  compared with numpy: 3  agree: 3  disagree: 0  "
               "run failed: 1" in out, "run counts", out)

        skewed = pathlib.Path(tmp) / "skewed"
        skewed.write_text(SKEWED.format(python=sys.executable, interp=interp))
        skewed.chmod(skewed.stat().st_mode | stat.S_IXUSR)
        rc, out = run([scripts / "upstream_corpus_run.py", CORPUS, "--tool", skewed])
        expect(rc == 1 and "agree: 1  disagree: 2" in out, "a wrong result is caught", out)

        rc, out = run([scripts / "upstream_corpus.py", os.path.join(tmp, "missing")])
        expect(rc == 2 and "error: corpus directory" in out, "a missing corpus is diagnosed", out)
    print("ok")


if __name__ == "__main__":
    main()
