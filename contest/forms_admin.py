"""The admin's package upload form."""

from __future__ import annotations

import tempfile
from pathlib import Path

from django import forms

from contest.models import Contest, Problem
from contest.services.problem_import import PackageError, import_package


class PackageImportForm(forms.Form):
    contest = forms.ModelChoiceField(queryset=Contest.objects.all())
    letter = forms.CharField(max_length=5, help_text="e.g. A. An existing problem is replaced.")
    package = forms.FileField(help_text="A Kattis/ICPC problem package, zipped.")
    time_limit_s = forms.FloatField(
        required=False,
        min_value=0.01,
        label="Time limit (s)",
        help_text="Overrides the package's; needed when the package has none (else it is "
        "calibrated by running its accepted submissions).",
    )

    def save(self) -> Problem | None:
        """Import the package; on a package error, add it to the form and return None."""
        data = self.cleaned_data
        with tempfile.TemporaryDirectory(prefix="juiz-upload-") as tmp:
            archive = Path(tmp) / "package.zip"
            with archive.open("wb") as out:
                for chunk in data["package"].chunks():
                    out.write(chunk)
            try:
                return import_package(
                    data["contest"],
                    data["letter"].strip(),
                    archive,
                    time_limit_s=data.get("time_limit_s"),
                )
            except PackageError as error:
                self.add_error("package", str(error))
                return None
