"""Compiler administration (admins only): settings with their template variables, the
self-test on a worker, and a rejudge offered after a change that can change verdicts."""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from accounts.permissions import admin_required
from contest.models import Language
from contest.selectors import contest_for, default_contest
from contest.services.languages import ANSWERS_LANGUAGE
from judge.errors import ServiceError
from judge.models import LanguageSelfTest
from judge.services import compilers
from judging.languages import base as language_base
from judging.languages.base import TEMPLATE_VARIABLES
from jury.forms import LanguageForm
from jury.views.common import jury_version, posted


@admin_required
def index(request: HttpRequest) -> HttpResponse:
    # The built-in "answers" row (submit-answer problems) has no compiler to configure or test.
    languages = list(Language.objects.exclude(pk=ANSWERS_LANGUAGE))
    latest: dict[str, LanguageSelfTest] = {}
    for test in LanguageSelfTest.objects.order_by("language_id", "-created_at", "-id"):
        latest.setdefault(test.language_id, test)
    rows = [(lang, latest.get(lang.pk)) for lang in languages]
    return render(request, "jury/languages.html", {"rows": rows})


@admin_required
def edit(request: HttpRequest, pk: str) -> HttpResponse:
    language = get_object_or_404(Language.objects.exclude(pk=ANSWERS_LANGUAGE), pk=pk)
    form = LanguageForm(posted(request), instance=Language.objects.get(pk=pk))
    if request.method == "POST" and form.is_valid():
        changed = compilers.update_language(
            language=language,
            admin=request.user,  # type: ignore[arg-type]
            changes=form.changes(),
        )
        _report_change(request, changed)
        return redirect("jury:language", pk)
    context = {
        "language": language,
        "form": form,
        "variables": template_variables(),
        "tests": language.self_tests.select_related("requested_by")[:10],
        "rejudge_url": rejudge_url(language),
    }
    return render(request, "jury/language.html", context, status=400 if form.errors else 200)


def template_variables() -> list[tuple[str, str]]:
    """The engine's template variables with their meaning, read from the engine's own
    documentation (judging/languages/base.py) so the two never disagree."""
    documented = dict(re.findall(r"^\s+\{(\w+)\}\s+(.+)$", language_base.__doc__ or "", re.M))
    return [(name, documented.get(name, "")) for name in TEMPLATE_VARIABLES]


def rejudge_url(language: Language) -> str:
    """The rejudge form prefilled with this language's submissions."""
    query = urlencode(
        {"languages": language.pk, "reason": f"Compiler settings of {language.name} changed."}
    )
    return f"{reverse('jury:rejudge_new')}?{query}"


def _report_change(request: HttpRequest, changed: Mapping[str, object]) -> None:
    if not changed:
        messages.info(request, "Nothing changed.")
        return
    messages.success(request, f"Saved: {', '.join(sorted(changed))}.")
    if compilers.affects_judging(changed):
        messages.warning(
            request,
            "These settings can change verdicts. Run the self-test, then consider a rejudge "
            "set of this language's submissions (link below).",
        )


@admin_required
@require_POST
def selftest(request: HttpRequest, pk: str) -> HttpResponse:
    language = get_object_or_404(Language.objects.exclude(pk=ANSWERS_LANGUAGE), pk=pk)
    environment = request.POST.get("environment", "")
    try:
        compilers.request_selftest(
            language=language,
            admin=request.user,  # type: ignore[arg-type]
            environment=environment,
        )
    except ServiceError as refused:
        messages.error(request, refused.message)
        return redirect("jury:language", pk)
    shown = f" ({environment})" if environment else ""
    messages.info(request, f"Self-test of {language.name}{shown} queued on a worker.")
    return redirect("jury:language", pk)


@admin_required
def selftest_detail(request: HttpRequest, pk: int) -> HttpResponse:
    test = get_object_or_404(LanguageSelfTest.objects.select_related("language"), pk=pk)
    # A self-test belongs to no contest; the page follows the jury stream of the judge's
    # contest, or of the site's default when that one is over: live.publish tells those of
    # every self-test (none: the page reloads until done).
    contest = contest_for(request)
    if contest is not None and not contest.end > timezone.now():
        contest = default_contest()
    version = jury_version(contest) if contest else None
    context = {"t": test, "contest": contest, "live_version": version}
    return render(request, "jury/selftest.html", context)
