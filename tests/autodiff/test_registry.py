"""Every Graph op has a decision: a rule in the registry (core/transforms/autodiff_rules.cpp) or
a place in the "No rule yet" list of docs/ops/graph/autodiff-rules.md; both name only real ops."""
from __future__ import annotations

import json
import os
import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]


def graph_ops():
    tool = os.environ.get("TESSERA_OP_TABLE")
    assert tool and os.path.exists(tool), "set TESSERA_OP_TABLE to the tessera-op-table binary"
    ops = json.loads(subprocess.run([tool], capture_output=True, text=True, check=True).stdout)
    # Graph ops and the mesh ops (collectives; their rules: autodiff_rules_mesh.cpp).
    return {o["name"] for o in ops if o["level"] in ("graph", "mesh")}


def arith_ops():
    """The arith records (Tile IR's), which Graph IR also runs on tensors (control-flow.md)."""
    tool = os.environ.get("TESSERA_OP_TABLE")
    ops = json.loads(subprocess.run([tool], capture_output=True, text=True, check=True).stdout)
    return {o["name"] for o in ops if o["name"].startswith("arith.")}


def registry():
    src = (ROOT / "core/transforms/autodiff_rules.cpp").read_text()
    for inc in sorted((ROOT / "core/transforms").glob("autodiff_rules_up_*.inc")):
        src += "\n" + inc.read_text()
    return set(re.findall(r'^\s*(?:RULE|UNARY|DECOMPOSE|NONDIFF|EFFECT|BLOCKWISE)\("([^"]+)"', src, re.M))


def documented_without_rule():
    doc = (ROOT / "docs/ops/graph/autodiff-rules.md").read_text()
    block = doc[doc.index("- No rule yet"):].split("\n\n")[0]
    return set(re.findall(r"`(tessera[._][a-z0-9_.]+)`", block))  # tessera_clifford.* too


def test_every_graph_op_has_a_decision():
    ops = graph_ops()
    rules = registry()
    assert rules <= ops | arith_ops(), f"rules for unknown ops: {sorted(rules - ops - arith_ops())}"
    rules -= arith_ops()
    listed = documented_without_rule()
    assert listed <= ops, f"listed but not ops: {sorted(listed - ops)}"
    assert not listed & rules, f"listed without a rule but have one: {sorted(listed & rules)}"
    undecided = ops - rules - listed
    assert not undecided, f"Graph ops with neither a rule nor a line in autodiff-rules.md: " \
                          f"{sorted(undecided)}"
