"""The exceptions of the tessera package: every failure of the interpreter arrives as one."""

from __future__ import annotations


class TesseraError(Exception):
    """Base of every error the package raises; the message is a complete diagnostic."""


class VerifyError(TesseraError):
    """The program does not verify (or cannot be traced): its message names the user's
    file:line:col and the constraint label (`matmul_c2`)."""


class RuntimeError_(TesseraError):
    """A run failed on its data: a shape or dtype an argument does not admit, a limit."""


class SanitizerError(RuntimeError_):
    """A tile sanitizer (check="all", ...) reported findings; the message holds every report."""


class InputError(RuntimeError_, ValueError):
    """The call itself is wrong: an argument missing, bound twice, of the wrong dtype or shape."""


class BackendError(TesseraError):
    """The backend asked for cannot be loaded (no such plugin, no CUDA device)."""


class InternalError(TesseraError):
    """A broken invariant inside the interpreter (a bug; please report it)."""
