"""Shared fixtures: the tessera-interp binary (env TESSERA_INTERP) and a runner for it."""
import os
import subprocess

import numpy as np
import pytest

np.seterr(all="ignore")  # NaN/Inf conversions are the point of these tests


@pytest.fixture(scope="session")
def interp():
    path = os.environ.get("TESSERA_INTERP")
    if not path or not os.path.exists(path):
        pytest.fail("set TESSERA_INTERP to the tessera-interp binary")

    def run(*args, check=None):
        p = subprocess.run([path, *map(str, args)], capture_output=True, text=True, timeout=300)
        if check is not None:
            assert p.returncode == check, (args, p.returncode, p.stdout, p.stderr)
        return p

    return run


def bits(a):
    """Raw bit patterns of an array as unsigned integers."""
    a = np.ascontiguousarray(a)
    return a.view({1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize])
