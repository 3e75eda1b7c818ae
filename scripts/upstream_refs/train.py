"""Numpy references of upstream op family `train` (losses and optimiser backward ops, RL policy losses, solver ops), from the specs in docs/ops/graph/."""

REFS = {}
