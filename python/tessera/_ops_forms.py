"""ts entry points of upstream op family `forms`: upstream's schedule-level and structural forms at Graph level."""

from __future__ import annotations

__all__: list[str] = []
