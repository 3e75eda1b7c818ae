#!/usr/bin/env python3
"""Checks the layering rules of docs/ir-overview.md ("Layout") and that no run state is global.

1. Includes point one way: core/ includes nothing of interp/, plugins/, backends/, python/ or
   conformance/; the interpreter's libraries (interp/ outside interp/tools/) include no tool
   header and nothing of backends/ or python/.
2. No mutable global or thread-local state in interp/ and backends/reference/: no `thread_local`,
   no `std::once_flag`, no function-local `static` variable that is not const, no namespace-scope
   variable that is not const or constexpr. Everything a run needs travels in its RunContext.
   A per-thread scratch buffer that never carries state from one call to the next may stay when
   its line says so with `// scratch: no run state`.

Prints one line per violation (FILE:LINE: rule: text) and exits 1 when there is any.
    python3 scripts/check_layering.py [--count] [ROOT]
--count prints the number of sites per rule instead (for reports), exit 0.
"""
import pathlib
import re
import sys

SOURCES = (".h", ".hpp", ".cpp", ".cc", ".inc")
SCRATCH = "scratch: no run state"

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
# A function-local or class static that is a variable: `static T name = ...;`, `static T name;`,
# `static T name{...};` (an `=` or the end of the line comes before any parenthesis).
STATIC_VAR = re.compile(r"^\s*static\s+(?!const\b|constexpr\b|inline\b|_)[^()]*?(=|;\s*$|\{[^}]*\}\s*;)")
# A namespace-scope variable (the tree does not indent inside namespaces): a declaration at
# column 0 with an initializer or a semicolon and no parameter list before it.
GLOBAL_VAR = re.compile(
    r"^(?:inline\s+|extern\s+|thread_local\s+)*"
    r"(?!const\b|constexpr\b|static\b|inline\b|using\b|namespace\b|template\b|struct\b|"
    r"class\b|enum\b|typedef\b|return\b|friend\b|union\b|#|//|/\*|\*|})"
    r"[A-Za-z_][\w:<>,*& ]*[\s*&]\w+(\[[^\]]*\])?\s*(=[^=]|\{[^}]*\}\s*;|;)")
THREAD_LOCAL = re.compile(r"\bthread_local\b")
ONCE = re.compile(r"\bstd::once_flag\b|\bstd::call_once\b")


def files_under(root, rel):
    base = root / rel
    if not base.exists():
        return []
    return sorted(p for p in base.rglob("*") if p.suffix in SOURCES and p.is_file())


def strip_comment(line):
    return line.split("//", 1)[0]


def include_violations(root):
    out = []
    forbidden = {
        "core": ("interp/", "plugins/", "backends/", "python/", "conformance/"),
    }
    for layer, bad in forbidden.items():
        for p in files_under(root, layer):
            for n, line in enumerate(p.read_text(errors="replace").splitlines(), 1):
                m = INCLUDE.match(line)
                if m and m.group(1).startswith(bad):
                    out.append((p, n, "upward-include", line.strip()))
    for p in files_under(root, "interp"):
        if p.relative_to(root).parts[:2] == ("interp", "tools"):
            continue
        for n, line in enumerate(p.read_text(errors="replace").splitlines(), 1):
            m = INCLUDE.match(line)
            if m and m.group(1).startswith(("interp/tools/", "interp/cli/", "backends/", "python/")):
                out.append((p, n, "library-includes-tool", line.strip()))
    return out


def state_violations(root):
    out = []
    for rel in ("interp", "backends/reference"):
        for p in files_under(root, rel):
            depth = 0  # brace depth outside namespaces is unknown; column 0 means namespace scope
            for n, raw in enumerate(p.read_text(errors="replace").splitlines(), 1):
                if SCRATCH in raw:
                    continue
                line = strip_comment(raw)
                if THREAD_LOCAL.search(line):
                    out.append((p, n, "thread-local", raw.strip()))
                elif ONCE.search(line):
                    out.append((p, n, "once-flag", raw.strip()))
                elif STATIC_VAR.match(line):
                    out.append((p, n, "static-variable", raw.strip()))
                elif GLOBAL_VAR.match(line) and not line.rstrip().endswith(","):
                    out.append((p, n, "global-variable", raw.strip()))
                depth += line.count("{") - line.count("}")
    return out


def main(argv):
    count = "--count" in argv
    args = [a for a in argv if not a.startswith("--")]
    root = pathlib.Path(args[0] if args else pathlib.Path(__file__).resolve().parent.parent)
    found = include_violations(root) + state_violations(root)
    if count:
        rules = {}
        for _, _, rule, _ in found:
            rules[rule] = rules.get(rule, 0) + 1
        for rule in ("upward-include", "library-includes-tool", "thread-local", "once-flag",
                     "static-variable", "global-variable"):
            print(f"{rule}: {rules.get(rule, 0)}")
        return 0
    for p, n, rule, text in found:
        print(f"{p.relative_to(root)}:{n}: {rule}: {text}")
    if found:
        print(f"check_layering: {len(found)} violation(s) (docs/ir-overview.md, 'Layout' and "
              "'The run context')", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
