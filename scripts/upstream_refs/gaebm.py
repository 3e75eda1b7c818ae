"""Numpy references of upstream op family `gaebm` (Clifford (geometric algebra) and energy-based-model ops), from the specs in docs/ops/graph/."""

REFS = {}
