"""ts entry points of upstream op family `attnsparse`: sparse, windowed and block-selected attention; softmax statistics."""

from __future__ import annotations

__all__: list[str] = []
