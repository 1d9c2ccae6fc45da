"""An organization's logo (/scoreboard/logos/<id>/), for the scoreboard, the awards page and the
balloon list: the uploaded files are not served as media. Whoever may see a board may see the
logos (a private board's to signed-in users only). An SVG may carry script: it is sent with a
sandboxing Content-Security-Policy, so a browser opening it directly runs none."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth.views import redirect_to_login
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_GET

from accounts.models import Organization
from accounts.permissions import current_user
from contest.models import Contest

IMAGE_TYPES = {
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".svg": "image/svg+xml",
    ".gif": "image/gif",
    ".webp": "image/webp",
}


def url(organization_id: int | None, logo: str | None) -> str:
    """The logo's address, or "" for an organization without one."""
    return reverse("scoreboard:logo", args=[organization_id]) if organization_id and logo else ""


@require_GET
def logo(request: HttpRequest, pk: int) -> HttpResponse | FileResponse:
    public = Contest.objects.filter(public_scoreboard=True).exists()
    if current_user(request) is None and not public:
        return redirect_to_login(request.get_full_path())
    org = get_object_or_404(Organization, pk=pk)
    suffix = Path(org.logo.name or "").suffix.lower()
    if not org.logo or suffix not in IMAGE_TYPES:
        raise Http404("No logo.")
    try:
        handle = org.logo.open("rb")
    except FileNotFoundError:
        raise Http404("No logo.") from None
    response = FileResponse(handle, content_type=IMAGE_TYPES[suffix])
    response["Content-Security-Policy"] = "sandbox; default-src 'none'; style-src 'unsafe-inline'"
    response["X-Content-Type-Options"] = "nosniff"
    response["Cache-Control"] = "public, max-age=300"
    return response
