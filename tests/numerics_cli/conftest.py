"""Shared fixtures: the tessera-interp binary (env TESSERA_INTERP) and a runner for it."""
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "pylib"))
from interp_cli import bits, interp  # noqa: E402,F401  (the fixture and a helper of the tests)

np.seterr(all="ignore")  # NaN/Inf conversions are the point of these tests
