"""A tiny FileCheck: CHECK, CHECK-NEXT, CHECK-SAME, CHECK-NOT, CHECK-LABEL with {{regex}} and
[[NAME:regex]] / [[NAME]] variables, enough for the mesh pass tests."""
from __future__ import annotations

import re

DIRECTIVE = re.compile(r"//\s*(CHECK(?:-NEXT|-SAME|-NOT|-LABEL)?):\s?(.*)$")


def parse_checks(text: str):
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        m = DIRECTIVE.search(line)
        if m:
            out.append((m.group(1), m.group(2).rstrip(), n))
    return out


def _pattern(check: str, env: dict) -> str:
    out, i = "", 0
    while i < len(check):
        if check.startswith("{{", i):
            j = check.index("}}", i + 2)
            out += "(?:" + check[i + 2:j] + ")"
            i = j + 2
        elif check.startswith("[[", i):
            j = check.index("]]", i + 2)
            body = check[i + 2:j]
            if ":" in body:
                name, rx = body.split(":", 1)
                out += f"(?P<{name}>{rx})"
            else:
                if body not in env:
                    raise AssertionError(f"variable {body} used before definition")
                out += re.escape(env[body])
            i = j + 2
        else:
            out += re.escape(check[i])
            i += 1
    return out


def filecheck(checks, output: str) -> None:
    """Raises AssertionError naming the failing CHECK line."""
    lines = output.splitlines()
    pos, col, env = 0, 0, {}  # next line to search, column within the last matched line
    pending_not = []
    last = -1
    for kind, pat, n in checks:
        if kind == "CHECK-NOT":
            pending_not.append((pat, n))
            continue
        rx = re.compile(_pattern(pat, env))
        found = None
        if kind == "CHECK-SAME":
            m = rx.search(lines[last], col) if last >= 0 else None
            if m:
                found = (last, m)
        elif kind == "CHECK-NEXT":
            m = rx.search(lines[last + 1]) if last + 1 < len(lines) else None
            if m:
                found = (last + 1, m)
        else:
            for k in range(pos, len(lines)):
                m = rx.search(lines[k])
                if m:
                    found = (k, m)
                    break
        if not found:
            raise AssertionError(f"line {n}: {kind}: {pat!r} not found after output line {last + 1}")
        k, m = found
        for npat, nn in pending_not:
            nrx = re.compile(_pattern(npat, env))
            for j in range(pos, k):
                if nrx.search(lines[j]):
                    raise AssertionError(f"line {nn}: CHECK-NOT: {npat!r} matched output line {j + 1}")
        pending_not = []
        env.update({key: v for key, v in m.groupdict().items() if v is not None})
        last, pos, col = k, k + 1, m.end()
    for npat, nn in pending_not:
        nrx = re.compile(_pattern(npat, env))
        for j in range(pos, len(lines)):
            if nrx.search(lines[j]):
                raise AssertionError(f"line {nn}: CHECK-NOT: {npat!r} matched output line {j + 1}")
