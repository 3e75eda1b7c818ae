"""ts entry points of upstream op family `gaebm`: Clifford (geometric algebra) and energy-based-model ops."""

from __future__ import annotations

__all__: list[str] = []
