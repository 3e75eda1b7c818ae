"""Shared by the reference modules of scripts/upstream_refs and the corpus runner."""


class NoOracle(Exception):
    """An op (or an attribute choice of it) that the numpy references do not cover."""
