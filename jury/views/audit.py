"""The audit log, filterable by user, action, submission and date."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.permissions import judge_required
from judge.services import audit
from jury.forms import AuditFilterForm
from jury.views.common import query_without

PAGE_SIZE = 100


@judge_required
def audit_log(request: HttpRequest) -> HttpResponse:
    form = AuditFilterForm(request.GET or None)
    query = form.query() if form.is_bound and form.is_valid() else audit.AuditQuery()
    entries = audit.search(query)
    page = Paginator(entries, PAGE_SIZE).get_page(request.GET.get("page"))
    context = {"form": form, "page": page, "query": query_without(request, "page")}
    return render(request, "jury/audit.html", context)
