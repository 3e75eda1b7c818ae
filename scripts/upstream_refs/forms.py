"""Numpy references of upstream op family `forms` (upstream's schedule-level and structural forms at Graph level), from the specs in docs/ops/graph/."""

REFS = {}
