"""Rejudge sets: create from a selection, follow the progress, read the matrix, apply or
cancel."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.permissions import judge_required
from judge.models import ApplyRule, RejudgeSet
from judge.selectors import rejudge as selectors
from judge.services import rejudge as service
from jury.forms import ApplyForm, RejudgeForm
from jury.views.common import attempt, jury_contest, jury_version


@judge_required
def index(request: HttpRequest) -> HttpResponse:
    contest = jury_contest(request)
    sets = list(
        RejudgeSet.objects.filter(contest=contest).select_related("created_by", "closed_by")[:100]
    )
    rows = [(rs, selectors.progress(rs)) for rs in sets]
    return render(request, "jury/rejudge_list.html", {"rows": rows, "contest": contest})


@judge_required
def create(request: HttpRequest) -> HttpResponse:
    """GET shows the form (prefilled from the query, e.g. ?languages=c after a compiler
    change); POST creates the set."""
    contest = jury_contest(request)
    if request.method != "POST":
        form = RejudgeForm(initial=_initial(request), contest=contest)
        return render(request, "jury/rejudge_new.html", {"form": form})
    form = RejudgeForm(request.POST, contest=contest)
    if not form.is_valid():
        return render(request, "jury/rejudge_new.html", {"form": form}, status=400)
    created = attempt(
        request,
        lambda: service.create(
            contest=contest,
            judge=request.user,  # type: ignore[arg-type]
            selection=form.selection(),
            reason=form.cleaned_data["reason"],
            apply_rule=ApplyRule(form.cleaned_data["apply_rule"]),
            auto_apply=form.cleaned_data["auto_apply"],
            rebuild=form.cleaned_data["rebuild"],
        ),
        "Rejudge set created; teams keep their verdicts until it is applied.",
    )
    if created is None:
        return render(request, "jury/rejudge_new.html", {"form": form}, status=400)
    return redirect("jury:rejudge", created.pk)


def _initial(request: HttpRequest) -> dict[str, object]:
    initial: dict[str, object] = {
        name: request.GET.getlist(name)
        for name in ("problems", "languages", "teams", "classifications")
        if name in request.GET
    }
    for name in ("reason", "submission_ids"):
        if name in request.GET:
            initial[name] = request.GET[name]
    return initial


@judge_required
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    rejudge = get_object_or_404(
        RejudgeSet.objects.select_related("created_by", "closed_by", "contest"), pk=pk
    )
    version = jury_version(rejudge.contest)  # before the data
    overrides = selectors.overrides(rejudge) if rejudge.is_open else []
    context = {
        "rs": rejudge,
        "live_version": version,
        "progress": selectors.progress(rejudge),
        "matrix": selectors.matrix(rejudge),
        "overrides": overrides,
        "items": rejudge.items.select_related(
            "submission__team", "submission__problem", "submission__language", "new_judgement"
        ),
        "apply_form": ApplyForm(initial={"rule": rejudge.apply_rule}),
    }
    return render(request, "jury/rejudge.html", context)


@judge_required
def progress(request: HttpRequest, pk: int) -> JsonResponse:
    rejudge = get_object_or_404(RejudgeSet, pk=pk)
    done = selectors.progress(rejudge)
    return JsonResponse(
        {"done": done.done, "total": done.total, "percent": done.percent, "state": rejudge.state}
    )


@judge_required
@require_POST
def apply(request: HttpRequest, pk: int) -> HttpResponse:
    rejudge = get_object_or_404(RejudgeSet, pk=pk)
    overrides = [o.item.submission_id for o in selectors.overrides(rejudge)]
    form = ApplyForm(request.POST, overrides=overrides)
    if not form.is_valid():
        messages.error(request, f"Not applied: {_errors(form)}")
        return redirect("jury:rejudge", pk)
    replace = form.cleaned_data["replace"]
    applied = attempt(
        request,
        lambda: service.apply(
            rejudge=rejudge,
            judge=request.user,  # type: ignore[arg-type]
            rule=ApplyRule(form.cleaned_data["rule"]) if form.cleaned_data["rule"] else None,
            comment=form.cleaned_data["comment"],
            replace_overrides=replace,
        ),
        "Rejudge set applied: the new reports are in force.",
    )
    kept = len(overrides) - len(replace)
    if applied is not None and kept:
        messages.info(request, f"{kept} judge's decision(s) kept, as they were.")
    return redirect("jury:rejudge", pk)


def _errors(form: ApplyForm) -> str:
    return "; ".join(
        f"{name}: {' '.join(map(str, errors))}" for name, errors in form.errors.items()
    )


@judge_required
@require_POST
def cancel(request: HttpRequest, pk: int) -> HttpResponse:
    rejudge = get_object_or_404(RejudgeSet, pk=pk)
    attempt(
        request,
        lambda: service.cancel(
            rejudge=rejudge,
            judge=request.user,  # type: ignore[arg-type]
            comment=request.POST.get("comment", ""),
        ),
        "Rejudge set cancelled: its new reports were discarded.",
    )
    return redirect("jury:rejudge", pk)
