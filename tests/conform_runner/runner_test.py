"""End-to-end tests of tessera-conform: exit codes, the closing line, JUnit XML, diffs."""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))


def run(runner, *args, env=None):
    p = subprocess.run([runner, *args], capture_output=True, text=True, env=env, timeout=600)
    return p.returncode, p.stdout, p.stderr


def check(cond, what, out="", err=""):
    if not cond:
        sys.stderr.write(f"FAILED: {what}\n--- stdout\n{out}\n--- stderr\n{err}\n")
        sys.exit(1)


def last_line(text):
    lines = text.strip("\n").split("\n")
    return lines[-1] if lines else ""


def junit_counts(path):
    root = ET.parse(path).getroot()  # raises on malformed XML
    suite = root.find("testsuite")
    cases = suite.findall("testcase")
    failed = [c for c in cases if c.find("failure") is not None]
    skipped = [c for c in cases if c.find("skipped") is not None]
    counts = (len(cases), len(failed), len(skipped))
    attrs = (int(suite.get("tests")), int(suite.get("failures")), int(suite.get("skipped")))
    return counts, attrs, cases


def scenario_basic(a):
    with tempfile.TemporaryDirectory() as tmp:
        junit = os.path.join(tmp, "report.xml")
        code, out, err = run(a.runner, "--backend", a.stub, "--cases", f"{HERE}/cases",
                             "--junit", junit)
        check(code == 1, f"exit code 1 expected, got {code}", out, err)
        check(last_line(out) == "1 passed, 1 failed, 1 skipped", "closing line", out, err)
        check("FAIL echo/echo/wrong_expectation" in out, "failure names the case", out, err)
        check("first difference at element" in out and "ulp histogram 0:" in out,
              "a failing case prints its first differing element and an ulp histogram", out, err)
        check("SKIP echo/echo/needs_big_mesh" in out and "mesh of 8" in out,
              "skip reason printed", out, err)
        check("\r" not in out, "no progress bar when stdout is not a terminal", out, err)
        counts, attrs, cases = junit_counts(junit)
        check(counts == (3, 1, 1) and attrs == (3, 1, 1), f"junit counts {counts} {attrs}")
        skipped = [c for c in cases if c.find("skipped") is not None][0]
        check("mesh of 8" in skipped.find("skipped").get("message"), "junit skip reason")


def scenario_filter(a):
    code, out, err = run(a.runner, "--backend", a.stub, "--cases", f"{HERE}/cases",
                         "--filter", "*right*")
    check(code == 0, f"exit 0 expected, got {code}", out, err)
    check(last_line(out) == "1 passed, 0 failed, 0 skipped", "closing line", out, err)


def scenario_unavailable(a):
    with tempfile.TemporaryDirectory() as tmp:
        junit = os.path.join(tmp, "r.xml")
        code, out, err = run(a.runner, "--backend", a.unavailable, "--cases", f"{HERE}/cases",
                             "--junit", junit)
        check(code == 0, f"exit 0 expected, got {code}", out, err)
        check(last_line(out) == "0 passed, 0 failed, 3 skipped", "closing line", out, err)
        check("no fake device" in out, "reason printed", out, err)
        counts, attrs, _ = junit_counts(junit)
        check(counts == (3, 0, 3) and attrs == (3, 0, 3), f"junit counts {counts}")
    # --require-device turns the unavailable backend into an input error naming the reason.
    code, out, err = run(a.runner, "--backend", a.unavailable, "--cases", f"{HERE}/cases",
                         "--require-device")
    check(code == 1 and "--require-device" in err and "no fake device" in err,
          f"--require-device: exit 1 naming the reason expected, got {code}", out, err)
    code, out, err = run(a.runner, "--backend", a.stub, "--cases", f"{HERE}/cases",
                         "--filter", "*right*", "--require-device")
    check(code == 0, f"--require-device on a usable backend: exit 0, got {code}", out, err)


def scenario_bad_input(a):
    code, out, err = run(a.runner, "--backend", "/nonexistent/libtessera_x.so",
                         "--cases", f"{HERE}/cases")
    check(code == 1 and "/nonexistent/libtessera_x.so" in err and "no such file" in err,
          "missing plugin is an input error naming the path", out, err)
    code, out, err = run(a.runner, "--backend", "no_such_backend", "--cases", f"{HERE}/cases")
    check(code == 1 and "unknown backend 'no_such_backend'" in err, "unknown name", out, err)
    code, out, err = run(a.runner, "--backend", a.stub, "--cases", "/nonexistent/cases")
    check(code == 1 and "/nonexistent/cases" in err, "missing case dir", out, err)
    code, out, err = run(a.runner, "--backend", a.stub, "--cases", f"{HERE}/broken")
    check(code == 1, f"broken case file: exit 1, got {code}", out, err)
    check("cannot load case file" in out and "bad.mlir:" in out, "parse error shown", out, err)
    check(last_line(out) == "0 passed, 1 failed, 0 skipped", "closing line", out, err)
    for bad in (["--threads", "-1"], ["--bogus"], ["--threads", "x"], ["--diff-threads", "2"]):
        code, out, err = run(a.runner, *bad)
        check(code == 2, f"usage error {bad}: exit 2, got {code}", out, err)


def scenario_help(a):
    code, out, err = run(a.runner, "--help")
    check(code == 0 and "--diff-threads" in out, "help", out, err)
    with open(a.docs, encoding="utf-8") as f:
        docs = f.read()
    check(out.strip("\n") in docs, "--help text appears verbatim in docs/conformance.md", out)


def scenario_diff(a):
    code, out, err = run(a.runner, "--backend", a.stub, "--threads", "1", "--diff-backend",
                         a.stub, "--diff-threads", "2", "--cases", f"{HERE}/cases")
    check(code == 0, f"same backend diff: exit 0, got {code}", out, err)
    check(last_line(out) == "2 passed, 0 failed, 1 skipped", "closing line", out, err)
    check(out.count("bit-identical") == 2, "bit-identical reported per case", out, err)
    check("0 of 3 elements differ)" in out, "per-case element count", out, err)
    check("diff: 0 of 6 elements differ bitwise, in 0 of 2 cases" in out, "diff total", out, err)
    code, out, err = run(a.runner, "--backend", a.stub, "--diff-backend", a.perturbed,
                         "--cases", f"{HERE}/cases")
    check(code == 1, f"differing backends: exit 1, got {code}", out, err)
    check(last_line(out) == "0 passed, 2 failed, 1 skipped", "closing line", out, err)
    check("first difference at element 0" in out and "max ulp 1" in out, "diff detail", out)
    # The perturbed stub flips one bit of each first output: one element per case, bitwise.
    check(out.count("output 0: 1 of 3 elements differ bitwise; first difference at element 0;")
          == 2, "differing element count per case", out, err)
    check("diff: 2 of 6 elements differ bitwise, in 2 of 2 cases" in out, "diff total", out, err)
    check("ulp histogram 0:2 1:1" in out, "ulp histogram", out, err)
    check("diff: 0 elements are NaN on both sides with a different payload or sign, in 0 cases"
          in out, "no NaN-payload elements with the one-bit perturbation", out, err)
    # NaNs that differ only in payload and sign: reported apart, not differences, exit 0.
    code, out, err = run(a.runner, "--backend", a.stub, "--diff-backend", a.nan_perturbed,
                         "--cases", f"{HERE}/cases")
    check(code == 0, f"NaN payloads only: exit 0, got {code}", out, err)
    check(last_line(out) == "2 passed, 0 failed, 1 skipped", "closing line", out, err)
    check("diff: 0 of 6 elements differ bitwise, in 0 of 2 cases" in out, "diff total", out, err)
    check("diff: 1 elements are NaN on both sides with a different payload or sign, in 1 cases"
          in out, "NaN-payload total", out, err)
    check(re.search(r"^NANP \S*right_expectation: bit-identical except NaN payloads", out, re.M) and
          "output 0: 1 of 3 elements NaN on both sides with a different payload or sign; "
          "first at element 2: 0x7fc00000 vs 0xffc00001" in out, "NaN-payload case listed", out)
    check(re.search(r"^SAME \S*wrong_expectation: bit-identical", out, re.M),
          "the other case is the same", out)
    # The same NaN payloads plus one flipped bit elsewhere: that bit still fails the run.
    code, out, err = run(a.runner, "--backend", a.stub, "--diff-backend", a.nan_perturbed,
                         "--cases", f"{HERE}/cases", env=dict(os.environ, TESSERA_STUB_FLIP="1"))
    check(code == 1, f"NaN payloads and a flipped bit: exit 1, got {code}", out, err)
    check("diff: 2 of 6 elements differ bitwise, in 2 of 2 cases" in out and
          "diff: 1 elements are NaN on both sides with a different payload or sign, in 1 cases"
          in out, "both kinds counted", out, err)
    check("output 0: 1 of 3 elements differ bitwise; first difference at element 0;" in out and
          "first at element 2: 0x7fc00000 vs 0xffc00001" in out, "both kinds listed", out, err)


def scenario_suite(a):
    """The real interpreter passes the source tree's suite (a conformance signal, not a runner
    check: a failure here names the cases that disagree with their oracles)."""
    code, out, err = run(a.runner, "--backend", "reference", "--cases", a.cases_dir)
    check(code == 0 and " 0 failed," in last_line(out), "reference passes the suite", out, err)


def scenario_interp(a):
    """Runner mechanics with the real interpreter: built-in vs loaded plugin, 1 vs 2 threads.
    Limited to the add cases, which the interpreter is known to run (scenario_suite runs all)."""
    cases = os.path.join(a.cases_dir, "graph", "add.mlir")
    code, out, err = run(a.runner, "--backend", a.plugin, "--cases", cases, "--deterministic")
    check(code in (0, 1) and "passed," in last_line(out), "reference plugin runs", out, err)
    check("error:" not in err, "no setup error with the plugin", out, err)
    code, out, err = run(a.runner, "--backend", "reference", "--threads", "1", "--diff-backend",
                         "reference", "--diff-threads", "2", "--deterministic", "--cases", cases)
    check(code == 0 and " 0 failed," in last_line(out), "1 vs 2 threads identical", out, err)
    check(re.search(r"^diff: 0 of [1-9]\d* elements differ bitwise", out, re.M),
          "reference vs reference: 0 differing elements", out, err)
    code, out, err = run(a.runner, "--backend", "reference", "--diff-backend", a.plugin,
                         "--cases", cases)
    check(code == 0 and " 0 failed," in last_line(out), "built-in vs plugin identical", out, err)


def scenario_mesh(a):
    """Mesh cases (per-rank tensors) through run_mesh: the plugin passes them, built-in vs plugin
    diff rank by rank, a wrong per-rank expectation fails naming its rank, and a backend whose
    max mesh size is too small skips them with the reason."""
    cases = os.path.join(a.cases_dir, "mesh")
    code, out, err = run(a.runner, "--backend", a.plugin, "--cases", cases)
    check(code == 0 and " 0 failed, 0 skipped" in last_line(out), "plugin passes mesh cases",
          out, err)
    code, out, err = run(a.runner, "--backend", "reference", "--diff-backend", a.plugin,
                         "--cases", cases, "--filter", "*nvl72*")
    check(code == 0 and "ranks x" in out and " 0 failed," in last_line(out),
          "built-in vs plugin identical on 72 ranks", out, err)
    with tempfile.TemporaryDirectory() as tmp:
        src = open(os.path.join(cases, "ppermute.mlir"), encoding="utf-8").read()
        at = src.index("// EXPECT: 0@3 ")
        at = src.index("hex:", at) + 4
        bad = src[:at] + ("1" if src[at] == "0" else "0") + src[at + 1:]
        path = os.path.join(tmp, "ppermute.mlir")
        with open(path, "w", encoding="utf-8") as f:
            f.write(bad)
        code, out, err = run(a.runner, "--backend", "reference", "--cases", path)
        check(code == 1 and "rank 3: output 0:" in out and " 1 failed," in last_line(out),
              "a wrong rank-3 expectation fails and names rank 3", out, err)
    code, out, err = run(a.runner, "--backend", a.stub, "--cases", cases,
                         "--filter", "*all_reduce*")
    check(code == 0 and last_line(out).startswith("0 passed, 0 failed,") and "mesh of" in out,
          "small backends skip mesh cases with the reason", out, err)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("scenario")
    p.add_argument("--runner", required=True)
    p.add_argument("--stub")
    p.add_argument("--perturbed")
    p.add_argument("--nan-perturbed")
    p.add_argument("--unavailable")
    p.add_argument("--docs")
    p.add_argument("--plugin")
    p.add_argument("--cases-dir")
    a = p.parse_args()
    globals()["scenario_" + a.scenario](a)
    print(f"ok: {a.scenario}")


if __name__ == "__main__":
    main()
