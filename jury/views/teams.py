"""Teams in bulk, for admins: the list, an import (CSV or the CCS files; nothing written when
a row is refused), the exports, and generated passwords shown once as printable sheets."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count, Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from accounts.bulk import exporter, passwords, sources
from accounts.bulk.importer import bulk_import
from accounts.bulk.specs import BulkImportError, RowError, Where
from accounts.models import Role, Team, User
from accounts.permissions import admin_required

CONTENT_TYPES = {"csv": "text/csv; charset=utf-8", "json": "application/json"}


def _page(request: HttpRequest, errors: list[RowError] | None = None) -> HttpResponse:
    members = User.objects.filter(role=Role.TEAM).order_by("username")
    teams = (
        Team.objects.select_related("organization", "category")
        .prefetch_related(Prefetch("members", queryset=members))
        .annotate(n_members=Count("members"))
    )
    context = {"teams": teams, "errors": errors or [], "exports": exporter.EXPORTS}
    return render(request, "jury/teams.html", context, status=400 if errors else 200)


@admin_required
def index(request: HttpRequest) -> HttpResponse:
    return _page(request)


@require_POST
@admin_required
def import_teams(request: HttpRequest) -> HttpResponse:
    uploads = request.FILES.getlist("files")
    too_large = [u.name for u in uploads if (u.size or 0) > sources.MAX_BYTES]
    if too_large:
        where = Where(", ".join(str(n) for n in too_large), 0)
        return _page(request, [RowError(where, "(file)", "larger than 20 MiB")])
    try:
        counts = bulk_import(sources.read({str(u.name): u.read() for u in uploads}))
    except BulkImportError as refused:
        return _page(request, refused.errors)
    messages.success(request, f"Imported: {counts.summary()}.")
    return redirect("jury:teams")


@admin_required
def export(request: HttpRequest, name: str) -> HttpResponse:
    if name not in exporter.EXPORTS:
        raise Http404("No such export.")
    kind = name.rsplit(".", 1)[1]
    response = HttpResponse(exporter.export(name), content_type=CONTENT_TYPES[kind])
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_POST
@admin_required
def generate_passwords(request: HttpRequest) -> HttpResponse:
    picked = [int(t) for t in request.POST.getlist("team") if t.isascii() and t.isdigit()]
    sheets = passwords.generate(
        only_missing=request.POST.get("scope") != "all",
        team_ids=picked or None,
        create_accounts=request.POST.get("create") == "on",
    )
    if not sheets:
        messages.info(request, "No account needed a password.")
        return redirect("jury:teams")
    response = render(request, "jury/password_sheets.html", {"sheets": sheets})
    # The passwords exist nowhere else in plain text: no cache may keep this page.
    response["Cache-Control"] = "no-store"
    return response
