#!/usr/bin/env python3
"""Generates docs/status.md: one row per op of the op table, one column per artifact.

Usage: gen_status.py [--op-table TESSERA_OP_TABLE] [--junit NAME=FILE.xml]...
                     [--levels-junit FILE.xml] [--check]

The op table comes from the built `tessera-op-table` program (JSON of core/ops/*.def: level,
traits, attributes, hooks); default: $TESSERA_BUILD_DIR/bin or build/bin. Columns: spec (a
heading in docs/ names the op), verifier (every record has its infer hook, a link error
otherwise), printer (generic form always; custom form for ops without regions), interp (the
record names a Graph IR kernel or resolver, a tile simulator or mesh executor hook; builtin ops
are run by the plan itself), verifier tests and conformance cases (counted from the test
inventories), and one column per backend filled from tessera-conform JUnit reports: passed/run
for the cases that require the op. With --levels-junit (a `tessera-conform --deterministic
--levels all --junit` report), one column per lower IR level (schedule, tile, target): of the
cases that require the op and ran at that level, how many lowered completely (no fusion group
left at Schedule IR) and ran bit-exact with Graph IR.
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "status.md"


def read_ops(tool):
    """The op table, in table order, from tessera-op-table's JSON."""
    if tool is None:
        build = pathlib.Path(os.environ.get("TESSERA_BUILD_DIR", ROOT / "build"))
        tool = build / "bin" / "tessera-op-table"
    try:
        out = subprocess.run([str(tool)], check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"gen_status.py: cannot run {tool} (build it first): {e}")
    return json.loads(out)


def python_names(tool):
    """Graph op -> ts names, from the package built beside the op table (BUILD/python)."""
    if tool is None:
        build = pathlib.Path(os.environ.get("TESSERA_BUILD_DIR", ROOT / "build"))
    else:
        build = pathlib.Path(tool).resolve().parents[1]
    # Tile IR ops come from ts.tile (calls and kernel syntax), mesh ops from ts.dist.
    code = ("import json, tessera as ts, tessera._ops as o; n = o.ts_names_by_op()\n"
            "fam = [{o: [k] for k, o in getattr(f, 'OP_NAMES', {}).items()} for f in ts._FAMILIES]\n"
            "for m in (ts.tile.names_by_op(), ts.dist.names_by_op(), *fam):\n"
            "    [n.setdefault(k, []).extend(v) for k, v in m.items()]\n"
            "print(json.dumps(n))")
    env = dict(os.environ, PYTHONPATH=str(build / "python"))
    try:
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                             text=True, env=env).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"gen_status.py: cannot import tessera from {build / 'python'}: {e}")
    return json.loads(out)


def autodiff_rules():
    """Graph op -> its autodiff column, from the rows of the rule registry."""
    src = (ROOT / "core/transforms/autodiff_rules.cpp").read_text()
    for inc in sorted((ROOT / "core/transforms").glob("autodiff_rules_up_*.inc")):
        src += "\n" + inc.read_text()  # the upstream families' rows (issue #18)
    kinds = {"RULE": "vjp+jvp", "UNARY": "vjp+jvp", "DECOMPOSE": "decomposed", "NONDIFF": "zero",
             "EFFECT": "vjp+jvp", "BLOCKWISE": "vjp+decomposed"}
    out = {"func.call": "vjp+jvp"}  # the callee's derivative function, or its custom rules
    return out | {m.group(2): kinds[m.group(1)]
                  for m in re.finditer(r"^\s*(RULE|UNARY|DECOMPOSE|NONDIFF|EFFECT|BLOCKWISE)\(\"([^\"]+)\"", src,
                                             re.M)}


def texts(globs):
    out = {}
    for g in globs:
        for p in sorted(ROOT.glob(g)):
            out[p] = p.read_text(errors="replace")
    return out


def main(argv):
    junits = {}
    tool = None
    levels_root = None
    check = "--check" in argv
    for k, a in enumerate(argv):
        if a == "--junit":
            name, path = argv[k + 1].split("=", 1)
            junits[name] = ET.parse(path).getroot()
        if a == "--op-table":
            tool = argv[k + 1]
        if a == "--levels-junit":
            levels_root = ET.parse(argv[k + 1]).getroot()
    ops = read_ops(tool)
    docs = texts(["docs/**/*.md"])
    vtests = texts(["tests/verifier/*.mlir"])
    cases = texts(["conformance/cases/**/*.mlir"])

    def has_spec(op):
        """A heading names the op: in full anywhere in docs/, or by its short name in docs/ops/."""
        full = re.compile(r"^#+ .*" + re.escape(op["name"]) + r"\b", re.M)
        short = re.compile(r"^#+ .*\b" + re.escape(op["name"].split(".", 1)[-1]) + r"\b", re.M)
        return any(full.search(t) or ("docs/ops/" in p.as_posix() and short.search(t))
                   for p, t in docs.items())

    def has_kernel(op):
        if op["level"] == "builtin":
            return True
        if op["level"] == "target":  # interp/target/decode.cpp runs every Target IR op
            return True
        return any(h in ("kernel", "resolver", "exec") for h in op["hooks"].values())

    def count_vtests(op):
        """Expected errors whose target line holds the op (generic or custom spelling)."""
        n = 0
        for t in vtests.values():
            lines = t.splitlines()
            for i, line in enumerate(lines):
                for m in re.finditer(r"expected-error(?:@([+-]\d+))?", line):
                    j = i + (int(m.group(1)) if m.group(1) else 0)
                    if 0 <= j < len(lines) and re.search(r'(^|[\s"=])' + re.escape(op["name"]) + r'["\s(]', lines[j]):
                        n += 1
        return n

    def count_cases(op):
        pat = re.compile(r"^// REQUIRES:.*\bop=" + re.escape(op["name"]) + r"\b", re.M)
        return sum(len(pat.findall(t)) for t in cases.values())

    # Which ops each case requires, from its REQUIRES lines: (file name, case name) -> ops.
    case_ops = {}
    for path, t in cases.items():
        for chunk in re.split(r"^// -----.*$", t, flags=re.M):
            name = re.search(r"^// CASE:\s*(\S+)", chunk, flags=re.M)
            if name:
                case_ops[(path.name, name.group(1))] = set(re.findall(r"\bop=(\S+)", chunk))

    def backend_cell(root, op):
        passed = run = 0
        for tc in root.iter("testcase"):
            ops_of_case = case_ops.get((pathlib.Path(tc.get("file", "")).name, tc.get("name")), set())
            if op["name"] not in ops_of_case or tc.find("skipped") is not None:
                continue
            run += 1
            if tc.find("failure") is None and tc.find("error") is None:
                passed += 1
        return f"{passed}/{run}" if run else "—"

    # Per case, its level outcomes: level -> exact | partial | not-lowered | failed.
    level_names = []
    case_levels = {}
    if levels_root is not None:
        for tc in levels_root.iter("testcase"):
            props = {p.get("name")[6:]: p.get("value") for p in tc.iter("property")
                     if p.get("name", "").startswith("level.")}
            for lv in props:
                if lv not in level_names:
                    level_names.append(lv)
            case_levels[(pathlib.Path(tc.get("file", "")).name, tc.get("name"))] = props

    def level_cell(level, op):
        """lowered completely and bit-exact / ran at the level (cases that require the op)."""
        exact = ran = failed = 0
        for key, props in case_levels.items():
            if op["name"] not in case_ops.get(key, set()) or level not in props:
                continue
            ran += 1
            exact += props[level] == "exact"
            failed += props[level] == "failed"
        if not ran:
            return "—"
        return f"{exact}/{ran}" + (f" ({failed} failed)" if failed else "")

    py_names = python_names(tool)
    ad_rules = autodiff_rules()
    yes = "yes"
    header = ["op", "level", "spec", "verifier", "printer", "interp", "lower", "verifier tests",
              "conformance cases"]
    header += [f"backend: {n}" for n in junits] + ["python", "autodiff"]
    header += [f"level: {lv}" for lv in level_names]
    rows = []
    for op in ops:
        row = [f"`{op['name']}`", op["level"], yes if has_spec(op) else "no", yes,
               "generic" if "regions" in op["traits"] else "generic+custom", yes if has_kernel(op) else "no",
               op["hooks"].get("lower", "_").replace("_", "—"),
               str(count_vtests(op)), str(count_cases(op))]
        row += [backend_cell(r, op) for r in junits.values()]
        row += [", ".join(f"`ts.{n}`" for n in py_names.get(op["name"], [])) or "—"]
        row += [ad_rules.get(op["name"], "—")]
        row += [level_cell(lv, op) for lv in level_names]
        rows.append(row)
    lines = ["# Status", "",
             "Generated by `scripts/gen_status.py` from the op table (`core/ops/*.def`, read through",
             "`tessera-op-table`), the docs, the test inventories and, for the backend columns,",
             "tessera-conform JUnit reports (passed/run of the conformance cases that require the op; —",
             "where none ran). The python column lists the names under which the package",
             "(`import tessera as ts`) reaches each op (`tessera._ops.ts_names_by_op`; Tile IR ops:",
             "`ts.tile` calls and kernel syntax, `tessera.tile.names_by_op`; mesh ops: `ts.dist`).",
             "The autodiff column comes from the rule registry (core/transforms/autodiff_rules.cpp;",
             "docs/ops/graph/autodiff-rules.md): vjp+jvp (its own rules), vjp+decomposed (its own vjp, the jvp of its decomposition), decomposed (differentiated",
             "through other Graph ops), zero (no derivative), — (no rule: autodiff reports an error).",
             "The lower column is the op record's lower hook: `pass` where a lowering pass of",
             "`core/transforms/` rewrites the op into the level below (schedule_to_tile, tile_to_target;",
             "under the conditions of docs/ops/schedule/lowering.md and docs/ops/target/lowering.md).",
             *(["The level columns come from `tessera-conform --deterministic --levels all`: of the",
                "cases that require the op and ran at that IR level, how many lowered completely (no",
                "fusion group left at Schedule IR; docs/ops/schedule/lowering.md lists what does not",
                "lower and why) and ran bit-exact with Graph IR; failures are counted apart."]
               if level_names else []), "",
             "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    text = "\n".join(lines) + "\n"
    if check:
        if DOC.read_text() != text:
            print("docs/status.md is out of date: run scripts/gen_status.py (see docs/conformance.md)", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
