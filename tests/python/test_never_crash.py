"""The interpreter never takes the Python process down: every program of the tessera-interp
bad-input corpus (tests/bad_inputs), hostile arguments and a fuzz of mutated programs give a
ts.TesseraError (or run), never a signal or a non-Tessera exception."""

from __future__ import annotations

import pathlib
import random
import sys

import numpy as np
import pytest

import tessera as ts
from tessera._runtime import run_module

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "bad_inputs"))
from test_bad_inputs import PROGRAMS  # noqa: E402


def _text(p):
    return p.decode("latin-1") if isinstance(p, bytes) else p


@pytest.mark.parametrize("case", PROGRAMS, ids=[c[0] for c in PROGRAMS])
def test_bad_input_corpus(case):
    text = _text(case[1])
    try:
        run_module(text, "main", [np.ones(4, np.float32)])
    except ts.TesseraError as e:
        assert str(e).strip()


def test_mutated_programs():
    base = (ROOT / "examples" / "mlp.mlir").read_text()
    rng = random.Random(7)
    alphabet = "%@:<>(){}[],=x0123456789-. \n\"fi"
    for _ in range(150):
        chars = list(base)
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(chars))
            op = rng.randrange(3)
            if op == 0:
                del chars[i]
            elif op == 1:
                chars.insert(i, rng.choice(alphabet))
            else:
                chars[i] = rng.choice(alphabet)
        try:
            run_module("".join(chars), "main", [])
        except ts.TesseraError:
            pass


def test_hostile_arguments():
    text = (ROOT / "examples" / "mlp.mlir").read_text()
    bad_args = [
        [None],
        ["not an array"],
        [np.ones((2, 2), object)],
        [np.ones(3, np.complex64)],
        [np.ones((32, 64), ">f4")],
        {"x@3": np.ones((32, 64), np.float32)},
        {"": np.ones(2, np.float32)},
        [np.ones((1 << 20, 0), np.float32)],
    ]
    for args in bad_args:
        with pytest.raises((ts.TesseraError, TypeError, ValueError)):
            run_module(text, "main", args)
