"""Exceptions of @ts.kernel: compile errors and run errors that name the kernel's Python line."""
from __future__ import annotations

import linecache

from ._errors import RuntimeError_, SanitizerError, TesseraError, VerifyError


def format_location(filename, lineno, col=None, source=None):
    """`file:line:col` followed by the source line and a caret, as the C++ diagnostics print."""
    where = f"{filename}:{lineno}" + (f":{col}" if col else "")
    if source is None and lineno:
        source = linecache.getline(filename, lineno).rstrip("\n")
    if not source:
        return where, ""
    caret = " " * max((col or 1) - 1, 0) + "^"
    return where, f"\n{source}\n{caret}"


class KernelError(TesseraError):
    """Base of the kernel errors; `filename`, `lineno`, `col` name the kernel's Python line."""

    def __init__(self, message, filename=None, lineno=None, col=None, source=None):
        self.filename, self.lineno, self.col = filename, lineno, col
        self.message = message
        if filename and lineno:
            where, src = format_location(filename, lineno, col, source)
            text = f"{where}: error: {message}{src}"
        else:
            text = f"error: {message}"
        super().__init__(text)


class KernelSyntaxError(KernelError, VerifyError):
    """A Python construct or call a kernel cannot use, or ill-typed kernel code."""


class KernelRunError(KernelError, RuntimeError_):
    """The interpreter refused or stopped the kernel (verifier error, fatal run error)."""


class KernelSanitizerError(KernelRunError, SanitizerError):
    """A sanitizer (`check=`) fired; `reports` holds (kind, python location, text) per report."""

    def __init__(self, message, filename=None, lineno=None, col=None, source=None, reports=()):
        super().__init__(message, filename, lineno, col, source)
        self.reports = list(reports)
        self.kind = self.reports[0][0] if self.reports else None
