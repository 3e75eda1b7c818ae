#!/usr/bin/env python3
"""Checks the spec/verifier/test triangle of constraint labels (STYLE habit 3).

Every label `name_cN` defined in docs/ (written `(name_cN)`, `**name_cN**`, or in the first cell of a
constraint table) must be cited by the
verifier or the interpreter sources, and must have a failing test: a `(name_cN)` inside an
expected-error of tests/verifier/*.mlir, in an expected message of a pytest under tests/, or in
a FileCheck line expecting a pass's error in tests/transforms/*.mlir.
Every label the sources cite must be defined in docs/. Exit 1 and list the gaps otherwise.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
LABEL = r"[a-z][a-z0-9_]*_c\d+"


def grab(globs, pattern):
    found = {}
    for g in globs:
        for p in ROOT.glob(g):
            for m in re.finditer(pattern, p.read_text(errors="replace")):
                found.setdefault(m.group(1), p.relative_to(ROOT).as_posix())
    return found


def main():
    defined = grab(["docs/**/*.md"], r"(?:\(|\*\*)(" + LABEL + r")(?:\)|\*\*)")
    defined.update(grab(["docs/**/*.md"], r"\((" + LABEL + r"), "))  # "(a_c1, b_c1)" rows
    defined.update(grab(["docs/**/*.md"], r", (" + LABEL + r")\)"))
    # Constraint tables whose first cell lists labels: "| mesh_c1 |" or "| a_c1 / b_c1 |".
    for p in ROOT.glob("docs/**/*.md"):
        for line in p.read_text(errors="replace").splitlines():
            m = re.match(r"^\|\s*`?([a-z0-9_ /,`]+?)`?\s*\|", line)
            if m:
                for lab in re.findall(LABEL, m.group(1)):
                    defined.setdefault(lab, p.relative_to(ROOT).as_posix())
    cited = grab(["core/**/*.cpp", "core/**/*.h", "interp/**/*.cpp", "interp/**/*.h",
                  "plugins/**/*.cpp", "plugins/**/*.h"], r"\b(" + LABEL + r")\b")
    tested = grab(["tests/**/*.mlir"], r"expected-error.*\((" + LABEL + r")\)")
    tested.update(grab(["tests/**/*.py"], r"\((" + LABEL + r")\)"))
    # Pass tests: a FileCheck line that expects the pass's error (tests/transforms/run_lit.py).
    tested.update(grab(["tests/transforms/*.mlir"], r"CHECK[A-Z-]*:.*error: .*\((" + LABEL + r")\)"))
    gaps = []
    for label, where in sorted(defined.items()):
        if label not in cited:
            gaps.append(f"{label} (defined in {where}) is not checked by any source")
        if label not in tested:
            gaps.append(f"{label} (defined in {where}) has no failing test")
    for label, where in sorted(cited.items()):
        if label not in defined:
            gaps.append(f"{label} (cited in {where}) is not defined in docs/")
    for g in gaps:
        print(g, file=sys.stderr)
    print(f"labels: {len(defined)} defined, {len(gaps)} gaps")
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main())
