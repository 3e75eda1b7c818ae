"""Numpy references of upstream op family `attnstate` (latent KV, linear/recurrent attention and state-space ops; KV-cache handles), from the specs in docs/ops/graph/."""

REFS = {}
