"""ts entry points of upstream op family `attnstate`: latent KV, linear/recurrent attention and state-space ops; KV-cache handles."""

from __future__ import annotations

__all__: list[str] = []
