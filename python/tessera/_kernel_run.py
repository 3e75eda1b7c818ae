"""Runs a compiled kernel and turns the interpreter's diagnostics into Python exceptions that
name the kernel's Python line.

The package's runtime (`tessera._runtime.run_module`) runs the text in process; where it is not
available (a source tree without the extension) the `tessera-interp` tool runs it
(TESSERA_INTERP, else the build directory next to the package).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile

import numpy as np

from ._kernel_errors import KernelRunError, KernelSanitizerError, format_location

_DIAG = re.compile(r"^(?P<file>[^\n:]+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|note|warning): "
                   r"(?P<msg>.*)$")
_KIND = re.compile(r"\[(bounds|races|barriers|init|async)\]")


def _tool():
    tool = os.environ.get("TESSERA_INTERP")
    if tool:
        return tool
    here = os.path.dirname(os.path.abspath(__file__))
    for cand in (os.path.join(here, "..", "..", "build", "bin", "tessera-interp"),
                 shutil.which("tessera-interp")):
        if cand and os.path.exists(cand):
            return cand
    raise KernelRunError("cannot find tessera-interp: set TESSERA_INTERP or build the project")


def translate(text, ck, ir_name):
    """Rewrites `IRFILE:line:col` positions of the generated text into the kernel's Python
    `file:line:col` (plus the Python source line); returns (text, first python loc, reports)."""
    out, first, reports = [], None, []
    lines = text.splitlines()
    k = 0
    while k < len(lines):
        line = lines[k]
        m = _DIAG.match(line)
        if m and (m.group("file") == ir_name or m.group("file") == ck.filename):
            if m.group("file") == ir_name:
                loc = ck.locmap.python_line(int(m.group("line")))
            else:
                loc = (ck.filename, int(m.group("line")), int(m.group("col")))
            if loc:
                where, src = format_location(loc[0], loc[1], loc[2], ck.locmap.source(loc[1]))
                out.append(f"{where}: {m.group('sev')}: {m.group('msg')}{src}")
                if m.group("sev") == "error":
                    first = first or loc
                    kind = _KIND.search(m.group("msg"))
                    reports.append((kind.group(1) if kind else None, loc, m.group("msg")))
                # skip the IR source line and caret the tool printed
                k += 1
                while k < len(lines) and not _DIAG.match(lines[k]) and \
                        (lines[k].strip() == "^" or lines[k].lstrip().startswith(("%", "^", "tile.",
                                                                                    '"scf', "}",
                                                                                    "return"))):
                    k += 1
                continue
        out.append(line)
        k += 1
    text = "\n".join(out)

    def inline(m):
        loc = ck.locmap.python_line(int(m.group(1)))
        return f"{loc[0]}:{loc[1]}:{loc[2]}" if loc else m.group(0)

    text = re.sub(re.escape(ir_name) + r":(\d+):(\d+)", inline, text)
    text = text.replace("run with --check bounds", "launch with check='bounds'")
    reports = [(k, loc, re.sub(re.escape(ir_name) + r":(\d+):(\d+)", inline, msg))
               for k, loc, msg in reports]
    return text, first, reports


def raise_for(rc, stderr, ck, ir_name):
    text, loc, reports = translate(stderr.strip(), ck, ir_name)
    cls = KernelSanitizerError if rc == 3 else KernelRunError
    kw = {"reports": reports} if cls is KernelSanitizerError else {}
    err = cls(text.split("\n", 1)[0] if not loc else "kernel failed", *(loc or (None, None, None)),
              **kw)
    # The whole translated diagnostic is the message: it already names file:line:col.
    err.args = (text,)
    err.diagnostic = text
    raise err


def run_cli(ck, inputs, check, schedule_seed, threads):
    """Runs `ck` (CompiledKernel) on `inputs` (list of numpy arrays) with tessera-interp."""
    with tempfile.TemporaryDirectory(prefix="tessera_kernel_") as tmp:
        ir_name = os.path.join(tmp, f"{ck.entry}.tile.mlir")
        with open(ir_name, "w") as f:
            f.write(ck.text)
        args = [_tool(), "run", ir_name, "--entry", ck.entry, "-o", os.path.join(tmp, "out")]
        for k, arr in enumerate(inputs):
            p = os.path.join(tmp, f"in{k}.npy")
            np.save(p, arr)
            args += ["-i", f"{k}={p}"]
        if check:
            args += ["--check", check]
        if schedule_seed:
            args += ["--schedule-seed", str(int(schedule_seed))]
        if threads:
            args += ["--threads", str(int(threads))]
        p = subprocess.run(args, capture_output=True, text=True)
        if p.returncode != 0:
            raise_for(p.returncode, p.stderr, ck, ir_name)
        outdir = os.path.join(tmp, "out")
        files = sorted(os.listdir(outdir))
        results = []
        for k in range(len(files)):
            name = _result_file(outdir, files, k)
            results.append(np.load(name))
        return results


def _result_file(outdir, files, k):
    for cand in (f"{k}.npy",):
        if cand in files:
            return os.path.join(outdir, cand)
    raise KernelRunError(f"tessera-interp wrote no result {k} (got {files})")


def from_runtime(e, ck):
    """The kernel exception for a TesseraError of the runtime, whose message already names the
    kernel's Python lines (the runtime maps the generated text's loc(...))."""
    from ._errors import SanitizerError

    text = str(e)
    reports, first = [], None
    for line in text.splitlines():
        m = _DIAG.match(line)
        if m and m.group("sev") == "error" and m.group("file") == ck.filename:
            loc = (ck.filename, int(m.group("line")), int(m.group("col")))
            first = first or loc
            kind = _KIND.search(m.group("msg"))
            reports.append((kind.group(1) if kind else None, loc, m.group("msg")))
    text = text.replace("run with --check bounds", "launch with check='bounds'")
    cls = KernelSanitizerError if isinstance(e, SanitizerError) else KernelRunError
    kw = {"reports": reports} if cls is KernelSanitizerError else {}
    err = cls("kernel failed", *(first or (None, None, None)), **kw)
    err.args = (text,)
    err.diagnostic = text
    return err
