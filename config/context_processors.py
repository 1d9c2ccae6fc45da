from __future__ import annotations

from typing import Any

from django.http import HttpRequest


def current_contest(request: HttpRequest) -> dict[str, Any]:
    from contest.selectors import current_contest as select

    return {"contest": select()}
