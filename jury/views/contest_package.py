"""Importing a CCS Contest Package, for admins: one zip, imported in the request, in one
transaction; a refusal lists every file and field at fault and writes nothing."""

from __future__ import annotations

import tempfile
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from accounts.permissions import admin_required
from judge.ccs_package.errors import ContestPackageError, Refusal
from judge.ccs_package.importer import import_contest

TEMPLATE = "jury/contest_package.html"


def _page(request: HttpRequest, errors: list[Refusal] | None = None) -> HttpResponse:
    return render(request, TEMPLATE, {"errors": errors or []}, status=400 if errors else 200)


@admin_required
def index(request: HttpRequest) -> HttpResponse:
    return _page(request)


@require_POST
@admin_required
def import_package(request: HttpRequest) -> HttpResponse:
    upload = request.FILES.get("package")
    limit = settings.JUIZ_PACKAGE_MAX_MIB * 1024**2
    if upload is None or not str(upload.name).lower().endswith(".zip"):
        return _page(request, [Refusal("(upload)", "package", "choose the package's zip file")])
    if (upload.size or 0) > limit:
        return _page(request, [Refusal(str(upload.name), "(file)", "larger than the limit")])
    short_name = request.POST.get("short_name", "").strip() or None
    with tempfile.TemporaryDirectory(prefix="juiz-contest-") as tmp:
        path = Path(tmp) / "package.zip"
        with path.open("wb") as out:
            for chunk in upload.chunks():
                out.write(chunk)
        try:
            imported = import_contest(path, short_name=short_name)
        except ContestPackageError as refused:
            return _page(request, refused.problems)
    messages.success(request, f"Imported: {imported.summary()}.")
    return redirect("jury:contest_package")
