"""Per-rank case writing for mesh conformance cases (docs/conformance.md, "Mesh cases").

`MeshCaseFile.add_mesh_case` writes `REQUIRES: ... mesh=N` first, then each argument and result
either as one plain directive (when every rank holds the same bits: `INPUT: i type payload`) or as
one directive per rank (`INPUT: i@r type payload`, r = 0 .. N-1). Expected values come from
tests/mesh/mesh_model.py, the independent numpy model of docs/collectives.md.
"""
from __future__ import annotations

import os
import sys
from typing import Sequence

import numpy as np

from casefile import CaseFile, mlir_type, raw_bits

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "tests", "mesh"))
import mesh_model  # noqa: E402,F401  (re-exported for the generators)

__all__ = ["MeshCaseFile", "mesh_model", "mesh_module", "axes_attr"]


def axes_attr(axes) -> str:
    return "[" + ", ".join(f'"{a}"' for a in axes) + "]"


def mesh_module(mesh_axes, mesh_shape, params: Sequence[str], results: Sequence[str],
                body: str) -> str:
    """A mesh module whose @main takes `params` (types) as %a0, %a1, ... and returns `results`;
    `body` holds the ops and must end with a `return`."""
    sig = ", ".join(f"%a{i}: {t}" for i, t in enumerate(params))
    res = ", ".join(results)
    res = f"({res})" if len(results) != 1 else res
    shape = ", ".join(str(s) for s in mesh_shape)
    return (f"module attributes {{tessera.mesh = {{axes = {axes_attr(mesh_axes)}, "
            f"shape = [{shape}]}}}} {{\n"
            f"  func.func @main({sig}) -> {res} {{\n{body}  }}\n}}\n")


def _same_everywhere(arrays) -> bool:
    a0 = arrays[0]
    return all(a.shape == a0.shape and a.dtype == a0.dtype and
               np.array_equal(raw_bits(a), raw_bits(a0)) for a in arrays)


class MeshCaseFile(CaseFile):
    """A CaseFile whose cases run on N ranks with per-rank inputs and expectations."""

    def add_mesh_case(self, name: str, program: str, ranks: int,
                      inputs: Sequence[Sequence[np.ndarray]],
                      expected: Sequence[Sequence[np.ndarray]], rule: str = "bitexact",
                      requires: Sequence[str] = (), note: str = "") -> None:
        """`inputs[i][r]` / `expected[i][r]`: argument / result i on rank r."""
        plain = name.replace("_", "").replace(".", "").replace("-", "")
        if name in self._names or not (plain.isascii() and plain.isalnum()):
            raise ValueError(f"bad or duplicate case name {name!r}")
        self._names.add(name)
        lines = [f"// CASE: {name}"]
        lines += [f"// NOTE: {line}" for line in note.splitlines()]
        lines.append(f"// RULE: {rule}")
        lines.append("// REQUIRES: " + " ".join([*requires, f"mesh={ranks}"]))
        for kind, lists in (("INPUT", inputs), ("EXPECT", expected)):
            for i, per_rank in enumerate(lists):
                arrays = [np.asarray(a) for a in per_rank]
                if len(arrays) != ranks:
                    raise ValueError(f"{name}: {kind} {i} has {len(arrays)} ranks, not {ranks}")
                if _same_everywhere(arrays):
                    lines.append(f"// {kind}: {i} {mlir_type(arrays[0])} "
                                 f"{self._payload(name, kind, i, arrays[0])}")
                    continue
                for r, a in enumerate(arrays):
                    tag = f"{i}@{r}"
                    lines.append(f"// {kind}: {tag} {mlir_type(a)} {self._payload(name, kind, tag, a)}")
        lines.append(f"// GENERATOR: {self.generator}")
        self._chunks.append("\n".join(lines) + "\n" + program.rstrip("\n") + "\n")
