"""The login forms (the site's and the Django admin's), with the login throttle
(accounts/throttle.py)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm

from accounts import throttle


class ThrottledAuthenticationForm(AuthenticationForm):
    """Django's login form, refusing a locked-out account or address before the password
    is even checked, and counting each wrong password."""

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is None or not password:
            return super().clean()  # the fields' own errors; no password was checked
        address = throttle.client_address(self.request) if self.request else "unknown"
        try:
            throttle.check(username, address)
        except throttle.LockedOut as locked:
            raise forms.ValidationError(
                "Too many failed logins. Try again in %(seconds)s s, or ask an administrator "
                "to unlock the account.",
                code="locked_out",
                params={"seconds": locked.retry_after_s},
            ) from locked
        try:
            data = super().clean()
        except forms.ValidationError:
            # A right password refused for another reason (the admin's "not staff") is no
            # guess: only a failed password check counts.
            if self.get_user() is None:
                throttle.record_failure(username, address)
            raise
        throttle.record_success(username)
        return data


class ThrottledAdminAuthenticationForm(ThrottledAuthenticationForm, AdminAuthenticationForm):
    """The Django admin's login form, under the same throttle: admins are the accounts most
    worth guessing."""
