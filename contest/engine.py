"""What this installation hands the engine: its kit (harnesses and node tools, where the
settings say), its style tools, its stored builds (under JUIZ_CACHE_DIR) and, in each process
that judges, one sandbox.

The engine never looks for these itself (judging/kit.py); every call into it that compiles,
judges or calibrates takes them from here.
"""

from __future__ import annotations

import functools
from pathlib import Path

from django.conf import settings

from judging.builds import BuildCache
from judging.kit import Kit
from judging.sandbox import Sandbox, make_sandbox
from judging.style import StyleKit


def engine_kit() -> Kit:
    return Kit(harnesses=settings.JUIZ_HARNESS_DIR, node_modules=settings.JUIZ_NODE_MODULES)


def style_kit() -> StyleKit:
    """The style tools that are not system packages: the venv's ruff, tools/node's eslint."""
    return StyleKit(ruff=settings.JUIZ_RUFF, node_modules=settings.JUIZ_NODE_MODULES)


def worker_builds(*, rebuild: bool = False) -> BuildCache:
    """The worker's stored builds; `rebuild` (the jury's option) compiles afresh."""
    root = Path(settings.JUIZ_CACHE_DIR) / "builds"
    return BuildCache(root, reuse=not rebuild, max_bytes=settings.JUIZ_BUILD_CACHE_MB << 20)


@functools.cache
def worker_sandbox() -> Sandbox:
    """The sandbox of this process, made once: making one probes the machine (bubblewrap,
    cgroups). Raises SandboxUnavailable when this machine cannot judge."""
    return make_sandbox()
