"""Turns the runtime's diagnostics for a kernel into the kernel exceptions, which name the
kernel's Python line (the runtime maps the generated text's loc(...) back to it)."""
from __future__ import annotations

import re

from ._kernel_errors import KernelRunError, KernelSanitizerError

_DIAG = re.compile(r"^(?P<file>[^\n:]+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|note|warning): "
                   r"(?P<msg>.*)$")
_KIND = re.compile(r"\[(bounds|races|barriers|init|async)\]")


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
