"""Runs the `// RUN:` lines of one test file, as LLVM's lit does, for the pass tests: `%s` is the
file, and `tessera-opt`, `tessera-interp` and `FileCheck` name the built tools and LLVM's FileCheck.
As in lit, `not CMD` succeeds when CMD exits non-zero, and `2>&1` sends CMD's errors down the pipe.
Every `RUN:` pipeline must exit 0 (pipefail). With --expect-mismatch, every RUN line must instead
fail in FileCheck because a CHECK did not match (the check that checks can fail).
Usage: run_lit.py [--expect-mismatch] FILE TOOL=PATH..."""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path


def run_lines(path: Path) -> list[str]:
    lines = []
    for line in path.read_text().splitlines():
        m = re.match(r"\s*//\s*RUN:\s*(.*)$", line)
        if m:
            lines.append(m.group(1))
    return lines


def main() -> int:
    args = sys.argv[1:]
    expect_mismatch = args[:1] == ["--expect-mismatch"]
    args = args[1:] if expect_mismatch else args
    path = Path(args[0])
    tools = dict(arg.split("=", 1) for arg in args[1:])
    cmds = run_lines(path)
    if not cmds:
        print(f"{path}: error: no RUN: line", file=sys.stderr)
        return 1
    for cmd in cmds:
        words = []
        for w in shlex.split(cmd):
            w = w.replace("%s", str(path))
            words.append(shlex.quote(tools.get(w, w)) if w not in ("|", "2>&1") else w)
        line = 'not() { ! "$@"; }; ' + " ".join(words)
        p = subprocess.run(["bash", "-o", "pipefail", "-c", line], capture_output=True, text=True,
                           timeout=300)
        if expect_mismatch:
            mismatch = p.returncode != 0 and "expected string not found" in p.stderr
            if not mismatch or "No such file" in p.stderr:
                print(f"{path}: error: expected a FileCheck mismatch from: {line}\n{p.stderr}",
                      file=sys.stderr)
                return 1
            continue
        if p.returncode != 0:
            print(f"{path}: error: RUN line failed ({p.returncode}): {line}\n{p.stdout}{p.stderr}",
                  file=sys.stderr)
            return 1
    print(f"{path.name}: {len(cmds)} RUN line(s) passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
