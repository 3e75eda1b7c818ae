"""ts entry points of upstream op family `misc`: rope, shape helpers, fused epilogues, dequantizing GEMMs, comparisons, random aliases."""

from __future__ import annotations

__all__: list[str] = []
