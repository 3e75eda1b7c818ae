"""Helpers shared by the pytest suites that drive tessera-interp (env TESSERA_INTERP).

A suite's conftest.py puts this folder on sys.path and imports what it uses; pytest then sees the
`interp` fixture as the conftest's own.
"""
import os
import subprocess

import numpy as np
import pytest

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")


@pytest.fixture(scope="session")
def interp():
    """run(*args, check=None) -> CompletedProcess of tessera-interp; check= asserts the exit code."""
    path = os.environ.get("TESSERA_INTERP")
    if not path or not os.path.exists(path):
        pytest.fail("set TESSERA_INTERP to the tessera-interp binary")

    def run(*args, check=None):
        p = subprocess.run([path, *map(str, args)], capture_output=True, text=True, timeout=300)
        if check is not None:
            assert p.returncode == check, (args, p.returncode, p.stdout, p.stderr)
        return p

    return run


def run(args, timeout=120, **kw):
    """tessera-interp ARGS; a death by signal fails the test (bad input must get a diagnostic)."""
    p = subprocess.run([TOOL, *args], capture_output=True, text=True, timeout=timeout, **kw)
    assert p.returncode >= 0, f"killed by signal {-p.returncode}: {p.stderr[-2000:]}"
    return p


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def save(tmp_path, name, arr):
    path = tmp_path / name
    np.save(path, arr)
    return str(path)


def bits(a):
    """Raw bit patterns of an array as unsigned integers."""
    a = np.ascontiguousarray(a)
    return a.view({1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize])
