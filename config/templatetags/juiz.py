"""Template helpers shared by every page (navigation, durations, Markdown)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import markdown as md
from django import template
from django.urls import NoReverseMatch, reverse
from django.utils.safestring import SafeString, mark_safe

from config import markdown_math

register = template.Library()


@register.simple_tag
def optional_url(name: str, *args: Any) -> str:
    """The URL of a page another app may not provide yet ("" when it does not), so the
    navigation never breaks a page because an optional app is absent."""
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return ""


@register.filter
def duration(value: timedelta | float | int | None) -> str:
    """H:MM:SS for a timedelta or a number of seconds (negative clamps to zero)."""
    if value is None:
        return ""
    seconds = int(value.total_seconds() if isinstance(value, timedelta) else value)
    seconds = max(seconds, 0)
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


@register.filter
def markdown(text: str) -> SafeString:
    """Problem statements are written by the jury (trusted), so raw HTML in them is kept. Math
    (`$..$`, `$$..$$`, `\\(..\\)`, `\\[..\\]`) passes through untouched for KaTeX."""
    html = markdown_math.render(text or "", _markdown)
    return mark_safe(html)


def _markdown(text: str) -> str:
    return md.markdown(text, extensions=["fenced_code", "tables", "sane_lists"])


@register.filter
def css_class(classification: str) -> str:
    """A CSS class for a classification: accepted, rejected, error (ours) or none."""
    if not classification:
        return "verdict-none"
    if classification == "Accepted":
        return "verdict-ok"
    if classification == "Requires Reevaluation":
        return "verdict-infra"
    return "verdict-bad"


@register.filter
def filesizeformat_kib(kib: int | None) -> str:
    if not kib:
        return "-"
    return f"{kib / 1024:.1f} MiB" if kib >= 1024 else f"{kib} KiB"
