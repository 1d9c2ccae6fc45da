from __future__ import annotations

from tests.live.conftest import memory_layer

__all__ = ["memory_layer"]
