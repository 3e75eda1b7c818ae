"""ts entry points of upstream op family `decodemoe`: speculative decoding acceptance, mixture-of-experts/recursion routing, diffusion steps."""

from __future__ import annotations

__all__: list[str] = []
