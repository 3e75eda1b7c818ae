"""Numpy references of upstream op family `misc` (rope, shape helpers, fused epilogues, dequantizing GEMMs, comparisons, random aliases), from the specs in docs/ops/graph/."""

REFS = {}
