"""Problem package imports: the upload queues a worker's job; its page follows the progress and
shows the package's own submissions judged against the imported problem."""

from __future__ import annotations

import tempfile

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.permissions import admin_required
from judge.errors import ServiceError
from judge.models import PackageImport
from judge.services.package_import import current_step, start_import
from jury.forms import PackageImportForm
from jury.views.common import jury_contest
from jury.views.uploads import saved_upload


@admin_required
@require_POST
def start(request: HttpRequest) -> HttpResponse:
    contest = jury_contest(request)
    form = PackageImportForm(request.POST, request.FILES)
    if not form.is_valid():
        problems = "; ".join(
            f"{form.fields[name].label or name}: {' '.join(str(e) for e in errors)}"
            for name, errors in form.errors.items()
        )
        messages.error(request, f"The package was not imported. {problems}")
        return redirect("jury:problems")
    upload = form.cleaned_data["archive"]
    with tempfile.TemporaryDirectory(prefix="juiz-upload-") as tmp:
        try:
            job = start_import(
                contest=contest,
                letter=form.cleaned_data["letter"],
                upload=saved_upload(upload, tmp),
                name=upload.name or "package.zip",
                admin=request.user,  # type: ignore[arg-type]
                run_check=form.cleaned_data["check"],
                time_limit_s=form.cleaned_data["time_limit_s"],
            )
        except ServiceError as error:
            messages.error(request, error.message)
            return redirect("jury:problems")
    return redirect("jury:package_import", job.pk)


def _job(request: HttpRequest, pk: int) -> PackageImport:
    return get_object_or_404(
        PackageImport.objects.select_related("problem"), pk=pk, contest=jury_contest(request)
    )


@admin_required
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    job = _job(request, pk)
    return render(request, "jury/package_import.html", {"job": job, "step": current_step(job)})


@admin_required
def status(request: HttpRequest, pk: int) -> JsonResponse:
    """What the page polls while the job runs."""
    job = _job(request, pk)
    return JsonResponse(
        {
            "state": job.state,
            "label": job.get_state_display(),
            "step": current_step(job),
            "finished": job.finished,
            "message": job.message,
        }
    )
