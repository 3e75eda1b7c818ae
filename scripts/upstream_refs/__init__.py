"""Numpy references of op families for scripts/upstream_corpus_run.py (one module a family)."""
