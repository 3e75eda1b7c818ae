"""The package itself: version, exports, stubs, the private extension."""

from __future__ import annotations

import ast
import importlib
import pathlib
import re

import tessera as ts

ROOT = pathlib.Path(__file__).resolve().parents[2]
PKG = ROOT / "python" / "tessera"


def test_version_is_the_cmake_project_version():
    cmake = (ROOT / "CMakeLists.txt").read_text()
    want = re.search(r"project\(tessera[^)]*VERSION ([0-9.]+)", cmake).group(1)
    assert ts.__version__ == want


def test_all_names_exist():
    for name in ts.__all__:
        assert hasattr(ts, name), name
    assert "_core" not in ts.__all__


def test_stub_declares_every_export():
    tree = ast.parse((PKG / "__init__.pyi").read_text())
    declared = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and [a.name for a in node.names] == ["*"]:
            declared |= set(importlib.import_module(f"tessera.{node.module}").__all__)
        elif isinstance(node, ast.ImportFrom):
            declared |= {a.asname or a.name for a in node.names}
        elif isinstance(node, ast.FunctionDef):
            declared.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            declared.add(node.target.id)
    assert set(ts.__all__) <= declared, set(ts.__all__) - declared


def test_core_stub_matches_extension():
    tree = ast.parse((PKG / "_core.pyi").read_text())
    names = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    public = {n for n in dir(ts._core) if not n.startswith("_")}
    assert names == public, names ^ public
    assert (PKG / "py.typed").exists()
