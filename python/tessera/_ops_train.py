"""ts entry points of upstream op family `train`: losses and optimiser backward ops, RL policy losses, solver ops."""

from __future__ import annotations

__all__: list[str] = []
