"""Puts tests/pylib on sys.path: the tests here share its tessera-interp runner and file helpers."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "pylib"))
