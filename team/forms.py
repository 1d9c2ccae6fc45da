"""Forms of the team pages."""

from __future__ import annotations

from typing import Any

from django import forms

from contest.models import Contest, Language, Problem

MAX_UPLOAD_BYTES = 1024 * 1024  # the per-problem source limit is checked by the service


class LanguageSelect(forms.Select):
    """Options carry their extensions so a little JS can follow the chosen file's name."""

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(*args, **kwargs)
        value = option["value"]
        instance = getattr(value, "instance", None)
        if isinstance(instance, Language):
            option["attrs"]["data-extensions"] = ",".join(instance.extension_list)
        return option


class SubmitForm(forms.Form):
    problem = forms.ModelChoiceField(
        queryset=Problem.objects.none(),
        error_messages={"invalid_choice": "That problem is not part of this contest."},
    )
    language = forms.ModelChoiceField(
        queryset=Language.objects.filter(enabled=True),
        required=False,
        empty_label="From the file name's extension",
        widget=LanguageSelect,
        error_messages={"invalid_choice": "That language is not accepted in this contest."},
    )
    file = forms.FileField(required=False, help_text="Upload the source file ...")
    filename = forms.CharField(
        required=False, max_length=255, help_text="... or paste it below and name it (e.g. a.py)."
    )
    code = forms.CharField(
        required=False, strip=False, widget=forms.Textarea(attrs={"spellcheck": "false"})
    )

    def __init__(self, *args: Any, contest: Contest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        problems = self.fields["problem"]
        assert isinstance(problems, forms.ModelChoiceField)
        problems.queryset = Problem.objects.filter(contest=contest)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        upload = data.get("file")
        if upload is not None:
            if upload.size > MAX_UPLOAD_BYTES:
                raise forms.ValidationError("The file is too large.")
            data["source"] = upload.read()
            data["name"] = upload.name
        elif data.get("code", "").strip():
            data["source"] = data["code"].replace("\r\n", "\n").encode("utf-8")
            data["name"] = data.get("filename") or _default_name(data.get("language"))
            if not data["name"]:
                raise forms.ValidationError(
                    "Name the pasted program (e.g. sum.py) or pick a language."
                )
        else:
            raise forms.ValidationError("Upload a file or paste the program.")
        return data


def _default_name(language: Language | None) -> str:
    if language is None or not language.extension_list:
        return ""
    stem = "Main" if language.id.startswith("java") else "main"
    return f"{stem}.{language.extension_list[0]}"
