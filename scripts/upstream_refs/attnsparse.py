"""Numpy references of upstream op family `attnsparse` (sparse, windowed and block-selected attention; softmax statistics), from the specs in docs/ops/graph/."""

REFS = {}
