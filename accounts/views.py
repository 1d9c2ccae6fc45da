"""A user's own API tokens: create (the token is shown once), list, revoke."""

from __future__ import annotations

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from accounts.models import ApiToken
from accounts.permissions import current_user, login_required
from accounts.tokens import token_create, token_revoke


class TokenForm(forms.Form):
    name = forms.CharField(max_length=100, required=False, help_text="What it is for.")


@login_required
def tokens(request: HttpRequest) -> HttpResponse:
    user = current_user(request)
    assert user is not None  # login_required
    form = TokenForm(request.POST or None)
    plain = None
    if request.method == "POST" and form.is_valid():
        _, plain = token_create(user=user, name=form.cleaned_data["name"])
        form = TokenForm()
    context = {"form": form, "plain": plain, "tokens": user.api_tokens.all()}
    # The new token is in this page only: never cache it.
    response = render(request, "accounts/tokens.html", context)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def revoke_token(request: HttpRequest, pk: int) -> HttpResponse:
    token = ApiToken.objects.filter(pk=pk, user=current_user(request)).first()
    if token is None:
        raise Http404("No such token.")
    token_revoke(token=token)
    return redirect("accounts:tokens")
