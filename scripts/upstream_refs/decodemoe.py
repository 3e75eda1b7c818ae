"""Numpy references of upstream op family `decodemoe` (speculative decoding acceptance, mixture-of-experts/recursion routing, diffusion steps), from the specs in docs/ops/graph/."""

REFS = {}
