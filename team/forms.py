"""Forms of the team pages."""

from __future__ import annotations

import math
from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile

from contest.models import Contest, Language, Problem
from contest.selectors import languages_of
from contest.services.environments import extra_environments
from contest.services.languages import ANSWERS_LANGUAGE
from judge.errors import ServiceError
from judge.services.answer_files import upload_limit_bytes
from judge.services.upload import program_files

# The cap when the problem is unknown (not chosen, or not of this contest); otherwise the
# problem's own source limit is checked here, before the upload is read, so the message can say
# both sizes. The service checks the limit again for every way in (API, pasted code).
MAX_UPLOAD_BYTES = 1024 * 1024


class LanguageSelect(forms.Select):
    """Options carry their extensions so a little JS can follow the chosen file's name."""

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(*args, **kwargs)
        value = option["value"]
        instance = getattr(value, "instance", None)
        if isinstance(instance, Language):
            option["attrs"]["data-extensions"] = ",".join(instance.extension_list)
        return option


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Several files in one input: cleaned to a list (empty when none was chosen)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("widget", MultipleFileInput())
        super().__init__(*args, **kwargs)

    def clean(self, data: Any, initial: Any = None) -> list[UploadedFile[bytes]]:
        items = data if isinstance(data, (list, tuple)) else [data]
        return [f for f in (super(MultipleFileField, self).clean(d, initial) for d in items) if f]


class SubmitForm(forms.Form):
    problem = forms.ModelChoiceField(
        queryset=Problem.objects.none(),
        error_messages={"invalid_choice": "That problem is not part of this contest."},
    )
    language = forms.ModelChoiceField(
        queryset=Language.objects.filter(enabled=True).exclude(pk=ANSWERS_LANGUAGE),
        required=False,
        empty_label="From the file name's extension",
        widget=LanguageSelect,
        error_messages={"invalid_choice": "That language is not accepted in this contest."},
    )
    environment = forms.ChoiceField(
        required=False,
        label="Environment",
        help_text="Only if you want another than the language's default (e.g. PyPy, C++20).",
    )
    file = MultipleFileField(
        required=False,
        help_text="Upload the source file, several files, or one zip of them (a submit-answer "
        "problem: its answer files, each named after its test, e.g. 01.out) ...",
        error_messages={"empty": "The file is empty: choose the program's source file."},
    )
    entrypoint = forms.CharField(
        required=False,
        max_length=255,
        label="Entry point",
        help_text="Several files only: the file (Java: the class) that starts the program. "
        "Empty: found by the format's rules (e.g. main.py, the class declaring main).",
    )
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
        languages = self.fields["language"]
        assert isinstance(languages, forms.ModelChoiceField)
        languages.queryset = languages_of(contest)
        extra = list(extra_environments(contest))
        if not extra:
            del self.fields["environment"]  # one environment per language: nothing to choose
            return
        environments = self.fields["environment"]
        assert isinstance(environments, forms.ChoiceField)
        default = [("", "The language's default")]
        environments.choices = default + [(e.key, f"{e.language.name}: {e.name}") for e in extra]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if "file" in self.errors:
            return data  # a bad upload already says what is wrong: one message, not two
        uploads = data.get("file") or []
        problem = data.get("problem")
        limit = _limit_bytes(problem)
        answers = problem is not None and problem.is_submit_answer
        zipped = bool(uploads) and uploads[0].name.lower().endswith(".zip")
        if len(uploads) > 1 or (uploads and answers) or zipped:
            self._program(data, uploads, limit)
        elif uploads:
            upload = uploads[0]
            if upload.size > limit:
                self.add_error(
                    "file", f"The file is {_kib(upload.size)}; the limit is {_kib(limit)}."
                )
                return data
            data["source"] = upload.read()
            data["name"] = upload.name
        elif data.get("code", "").strip():
            data["source"] = data["code"].replace("\r\n", "\n").encode("utf-8")
            data["name"] = data.get("filename") or _default_name(data.get("language"), problem)
            if not data["name"] and answers:
                raise forms.ValidationError("Name the pasted answer after its test (e.g. 01.out).")
            if not data["name"]:
                raise forms.ValidationError(
                    "Name the pasted program (e.g. sum.py) or pick a language."
                )
        else:
            raise forms.ValidationError("Upload a file or paste the program.")
        return data

    def _program(
        self, data: dict[str, Any], uploads: list[UploadedFile[bytes]], limit: int
    ) -> None:
        """Several files, or a zip (read at most to the problem's limit, whatever it claims):
        data["files"] and the program's name (the zip's). A submit-answer problem's answer
        files come here even one by one: the service matches them with the tests."""
        is_zip = len(uploads) == 1 and (uploads[0].name or "").lower().endswith(".zip")
        total = sum(u.size or 0 for u in uploads)
        if total > (max(MAX_UPLOAD_BYTES, limit) if is_zip else limit):
            what = "zip" if is_zip else "files together"
            self.add_error("file", f"The {what} is {_kib(total)}; the limit is {_kib(limit)}.")
            return
        try:
            data["files"] = program_files([(u.name or "", u.read()) for u in uploads], limit)
        except ServiceError as refused:
            self.add_error("file", refused.message)
            return
        data["name"] = uploads[0].name if is_zip else ""


def _limit_bytes(problem: Problem | None) -> int:
    return upload_limit_bytes(problem) if problem is not None else MAX_UPLOAD_BYTES


def _kib(size: int) -> str:
    """300 KiB, or 256.1 KiB: rounded up, so a file one byte over the limit never reads as the
    limit itself."""
    tenths = math.ceil(size * 10 / 1024)
    return f"{tenths // 10} KiB" if tenths % 10 == 0 else f"{tenths / 10:.1f} KiB"


def _default_name(language: Language | None, problem: Problem | None) -> str:
    if problem is not None and problem.is_submit_answer:
        return ""  # an answer is named after its test, which no language says
    if language is None or not language.extension_list:
        return ""
    stem = "Main" if language.id.startswith("java") else "main"
    return f"{stem}.{language.extension_list[0]}"


class AskForm(forms.Form):
    """A team's question: about one problem of the contest, or in general (no problem)."""

    problem = forms.ModelChoiceField(
        queryset=Problem.objects.none(),
        required=False,
        empty_label="General",
        error_messages={"invalid_choice": "That problem is not part of this contest."},
    )
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=4000,
        strip=True,
        label="Question",
    )

    def __init__(self, *args: Any, contest: Contest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["problem"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = contest.problems.order_by("letter")
