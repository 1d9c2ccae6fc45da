"""Forms of the jury pages. They validate input and build the services' arguments; the
services change state."""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from django import forms
from django.db.models import Q, QuerySet

from accounts.models import Category, Role, Team, User
from contest.models import Contest, Language, Problem
from contest.models.language import EDITABLE_FIELDS
from contest.selectors import teams_of
from judge.models import ApplyRule, AuditAction, CannedAnswer, Submission, SubmissionState
from judge.models.submission import CLASSIFICATION_CHOICES
from judge.services import problem_kind
from judge.services.audit import AuditQuery
from judge.services.rejudge import Selection
from judging.languages.base import TEMPLATE_VARIABLES, missing_variables

ANY = [("", "any")]


class DateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(format="%Y-%m-%dT%H:%M", **kwargs)


def filter_languages(contest: Contest) -> QuerySet[Language]:
    """The languages worth filtering by: the enabled ones, and any other that has submissions
    in the contest (a language disabled mid-contest still has submissions to find)."""
    used = Submission.objects.filter(contest=contest).values("language_id")
    return Language.objects.filter(Q(enabled=True) | Q(pk__in=used)).order_by("name")


def _when(required: bool = False) -> forms.DateTimeField:
    return forms.DateTimeField(required=required, widget=DateTimeInput())


class QueueFilterForm(forms.Form):
    state = forms.ChoiceField(choices=ANY + SubmissionState.choices, required=False)
    problem = forms.ModelChoiceField(queryset=Problem.objects.none(), required=False)
    team = forms.ModelChoiceField(queryset=Team.objects.all(), required=False)
    language = forms.ModelChoiceField(queryset=Language.objects.none(), required=False)
    classification = forms.ChoiceField(choices=ANY + CLASSIFICATION_CHOICES, required=False)
    since = _when()
    until = _when()

    def __init__(self, *args: Any, contest: Contest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["problem"].queryset = contest.problems.all()  # type: ignore[attr-defined]
        self.fields["language"].queryset = filter_languages(contest)  # type: ignore[attr-defined]

    def filter(self, submissions: QuerySet[Submission]) -> QuerySet[Submission]:
        """All filters but the state (the per-state counts are taken before it)."""
        data = self.cleaned_data
        for name in ("problem", "team", "language", "classification"):
            if data.get(name):
                submissions = submissions.filter(**{name: data[name]})
        if data.get("since"):
            submissions = submissions.filter(submitted_at__gte=data["since"])
        if data.get("until"):
            submissions = submissions.filter(submitted_at__lt=data["until"])
        return submissions


class ChangeForm(forms.Form):
    classification = forms.ChoiceField(choices=CLASSIFICATION_CHOICES)
    comment = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Required: why the classification changes (kept in the audit log).",
    )


class MakeCurrentForm(forms.Form):
    judgement = forms.IntegerField()
    final = forms.BooleanField(required=False)


def parse_ids(text: str) -> tuple[int, ...]:
    """ "3, 7 10-12" -> (3, 7, 10, 11, 12)."""
    ids: list[int] = []
    for part in re.split(r"[\s,;]+", text.strip()):
        if not part:
            continue
        match = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if not match:
            raise forms.ValidationError(f"{part!r} is not an id or a range like 10-12.")
        low, high = int(match[1]), int(match[2] or match[1])
        if high < low or high - low > 100_000:
            raise forms.ValidationError(f"{part!r} is not a sensible range.")
        ids.extend(range(low, high + 1))
    return tuple(ids)


SEVERAL = "Ctrl/Cmd-click to choose several; none chooses all."


class RejudgeForm(forms.Form):
    problems = forms.ModelMultipleChoiceField(
        queryset=Problem.objects.none(), required=False, help_text=SEVERAL
    )
    languages = forms.ModelMultipleChoiceField(
        queryset=Language.objects.none(), required=False, help_text=SEVERAL
    )
    teams = forms.ModelMultipleChoiceField(
        queryset=Team.objects.all(), required=False, help_text=SEVERAL
    )
    classifications = forms.MultipleChoiceField(
        choices=CLASSIFICATION_CHOICES, required=False, help_text="Of the verdict in force."
    )
    since = _when()
    until = _when()
    submission_ids = forms.CharField(
        required=False, label="Submission ids", help_text='e.g. "12, 15 20-25"'
    )
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), required=False)
    apply_rule = forms.ChoiceField(choices=ApplyRule.choices, initial=ApplyRule.KEEP)
    auto_apply = forms.BooleanField(
        required=False, label="Apply automatically when no classification changed"
    )
    rebuild = forms.BooleanField(
        required=False,
        label="Rebuild",
        help_text="compile every submission again instead of reusing the workers' stored builds",
    )

    def __init__(self, *args: Any, contest: Contest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["problems"].queryset = contest.problems.all()  # type: ignore[attr-defined]
        self.fields["languages"].queryset = filter_languages(contest)  # type: ignore[attr-defined]

    def clean_submission_ids(self) -> tuple[int, ...]:
        return parse_ids(self.cleaned_data.get("submission_ids") or "")

    def selection(self) -> Selection:
        data = self.cleaned_data
        return Selection(
            problem_ids=tuple(p.pk for p in data["problems"]),
            language_ids=tuple(lang.pk for lang in data["languages"]),
            team_ids=tuple(t.pk for t in data["teams"]),
            classifications=tuple(data["classifications"]),
            submission_ids=data["submission_ids"],
            since=data.get("since"),
            until=data.get("until"),
        )


class ApplyForm(forms.Form):
    rule = forms.ChoiceField(choices=ApplyRule.choices, required=False)  # none: the set's
    comment = forms.CharField(required=False)
    # Submissions whose judge's decision the new report replaces, ticked one by one.
    replace = forms.TypedMultipleChoiceField(coerce=int, required=False)

    def __init__(self, *args: Any, overrides: Sequence[int] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["replace"].choices = [(i, str(i)) for i in overrides]  # type: ignore[attr-defined]


class AuditFilterForm(forms.Form):
    user = forms.ModelChoiceField(
        queryset=User.objects.exclude(role=Role.TEAM).order_by("username"), required=False
    )
    action = forms.ChoiceField(choices=ANY + AuditAction.choices, required=False)
    submission = forms.IntegerField(required=False, min_value=1)
    since = _when()
    until = _when()

    def query(self) -> AuditQuery:
        data = self.cleaned_data
        user = data.get("user")
        return AuditQuery(
            user_id=user.pk if user else None,
            action=data.get("action") or "",
            submission_id=data.get("submission"),
            since=data.get("since"),
            until=data.get("until"),
        )


# The editable fields, in the engine dataclass's order (contest.models.language).
LANGUAGE_FIELDS = EDITABLE_FIELDS
SOURCE_NAME_VARIABLES = ("ext", "class")


class LanguageForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Language
        fields = LANGUAGE_FIELDS
        widgets = {
            name: forms.TextInput(attrs={"class": "mono"})
            for name in ("compile_command", "run_command", "version_command")
        }

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for name in ("compile_command", "run_command", "version_command"):
            self._check(name, data.get(name) or "", TEMPLATE_VARIABLES, missing_variables)
        self._check(
            "source_name", data.get("source_name") or "", SOURCE_NAME_VARIABLES, _unknown_in_name
        )
        return data

    def _check(
        self,
        name: str,
        template: str,
        known: tuple[str, ...],
        unknown_in: Callable[[str], Sequence[str]],
    ) -> None:
        try:
            unknown = unknown_in(template)
        except (ValueError, IndexError) as exc:
            self.add_error(name, f"Not a valid template: {exc}.")
            return
        if unknown:
            braced = ", ".join("{" + u + "}" for u in unknown)
            self.add_error(
                name,
                f"Unknown variable(s) {braced}; available: "
                f"{', '.join('{' + k + '}' for k in known)}.",
            )

    def changes(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in LANGUAGE_FIELDS}


def _unknown_in_name(template: str) -> list[str]:
    used = {field for _, field, _, _ in string.Formatter().parse(template) if field}
    return sorted(used - set(SOURCE_NAME_VARIABLES))


PROBLEM_FIELDS = (
    "name",
    "color",
    "balloon_colour",
    "balloon_hex",
    "time_limit_s",
    "memory_mb",
    "output_kib",
    "source_size_kib",
    "validation",
    "validator_flags",
    "meaningful_characters",
    "style_rules",
    "statement",
)


KIND_HELP = (
    "Submit-answer: the team's page offers every test's input to download; the validation "
    "judges each answer file (docs/kinds.md). Fixed once the problem has submissions."
)


def kind_field(*, required: bool) -> forms.ChoiceField:
    return forms.ChoiceField(
        label="Teams submit",
        choices=problem_kind.KIND_CHOICES,
        help_text=KIND_HELP,
        required=required,
        initial=problem_kind.PROGRAM,
    )


class ProblemForm(forms.ModelForm):  # type: ignore[type-arg]
    kind = kind_field(required=False)
    field_order = ("kind", *PROBLEM_FIELDS)

    class Meta:
        model = Problem
        fields = PROBLEM_FIELDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.is_function:  # always a function to write: no choice to offer
            del self.fields["kind"]
        else:
            self.fields["kind"].initial = problem_kind.kind_of(self.instance)

    def changes(self) -> dict[str, Any]:
        found = {name: self.cleaned_data[name] for name in PROBLEM_FIELDS}
        if self.cleaned_data.get("kind"):  # left out of the post: as it is
            found["kind"] = self.cleaned_data["kind"]
        return found


class NewProblemForm(forms.Form):
    letter = forms.CharField(max_length=5)
    name = forms.CharField(max_length=200)
    kind = kind_field(required=True)


class TestDataForm(forms.Form):
    archive = forms.FileField(
        help_text="A zip of .in/.ans (or .out) pairs, or of a package's data/ folder. "
        "It replaces all test cases of the problem."
    )


class ScoringGroupsForm(forms.Form):
    groups = forms.CharField(
        required=False,
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "secret/small 30\nsecret/large 70"}),
        help_text="One group per line: a folder of the secret tests and its points, earned when "
        "all its tests are accepted. Empty: a pass-fail problem.",
    )


class ModelSolutionForm(forms.Form):
    source = forms.FileField(
        label="Model solution",
        help_text="Its outputs are the answers of the tests without one (a test-data zip may "
        "then hold .in files alone).",
    )
    language = forms.ModelChoiceField(queryset=Language.objects.all(), to_field_name="pk")
    every_test = forms.BooleanField(
        required=False, label="Answer every test", help_text="Replace the setter's answers too."
    )


class PackageImportForm(forms.Form):
    letter = forms.CharField(max_length=5)
    archive = forms.FileField(help_text="A Kattis / ICPC problem package (zip).")
    check = forms.BooleanField(
        required=False,
        initial=True,
        label="Check it",
        help_text="Judge the package's own submissions against the imported problem.",
    )
    time_limit_s = forms.FloatField(
        required=False,
        min_value=0.01,
        max_value=60,
        label="Time limit (s)",
        help_text="Overrides the package's; without one in the package it is calibrated "
        "from the package's accepted submissions.",
    )


CONTEST_FIELDS = (
    "name",
    "start",
    "end",
    "freeze_start",
    "unfreeze_at",
    "submitters",
    "show_pending_to_teams",
    "auto_validate_accepted",
    "team_feedback",
    "run_all_tests",
    "multiple_accepts",
    "min_interval_s",
    "max_pending",
    "penalty_minutes",
    "compile_errors_count",
    "pending_counts_on_scoreboard",
    "public_scoreboard",
    "score_board",
    "package_memory_mb",
    "package_output_kib",
    "package_code_kib",
    "clarifications_open",
    "clarifications_until",
    "balloons_during_freeze",
    "print_command",
    "print_max_kib",
    "print_max_per_team",
    "open_to_all_teams",
    "style_rules",
    "gold_medals",
    "silver_medals",
    "bronze_medals",
)


class ContestSettingsForm(forms.ModelForm):  # type: ignore[type-arg]
    field_order = [
        n for f in CONTEST_FIELDS for n in ((f, "submit_categories") if f == "submitters" else (f,))
    ]

    class Meta:
        model = Contest
        # The categories are a many-to-many set, posted as a list (not a value per field).
        fields = (*CONTEST_FIELDS, "submit_categories")
        widgets = {
            "start": DateTimeInput(),
            "end": DateTimeInput(),
            "freeze_start": DateTimeInput(),
            "unfreeze_at": DateTimeInput(),
            "clarifications_until": DateTimeInput(),
            "submit_categories": forms.CheckboxSelectMultiple(),
        }
        help_texts = {
            "freeze_start": "Empty: the scoreboard never freezes. The freeze is lifted on the "
            "jury scoreboard (unfreeze, or reveal one result at a time), or at the scheduled "
            "unfreeze below.",
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Read before validation, which writes the posted values into the instance.
        self._before = {name: getattr(self.instance, name) for name in CONTEST_FIELDS}

    def changes(self) -> dict[str, Any]:
        found = {name: self._unchanged_to_the_minute(name) for name in CONTEST_FIELDS}
        return found | {"submit_categories": list(self.cleaned_data["submit_categories"])}

    def _unchanged_to_the_minute(self, name: str) -> Any:
        """The form shows times to the minute: a time sent back as shown keeps its seconds,
        so saving another setting does not move the contest by a few seconds."""
        value, before = self.cleaned_data[name], self._before[name]
        shown = isinstance(before, datetime) and before.replace(second=0, microsecond=0)
        return before if isinstance(value, datetime) and value == shown else value


class AnswerForm(forms.Form):
    """The jury's answer to a question: typed, or a canned answer's text."""

    canned = forms.ModelChoiceField(
        queryset=CannedAnswer.objects.all(), required=False, empty_label="— type an answer —"
    )
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}), required=False, max_length=4000
    )
    to_all = forms.BooleanField(
        required=False, label="Send to every team (the question is shown with the answer)"
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        canned = data.get("canned")
        if not (data.get("text") or "").strip() and canned is not None:
            data["text"] = canned.text
        if not (data.get("text") or "").strip():
            raise forms.ValidationError("Type an answer or pick a canned one.")
        return data


class MessageTextForm(forms.Form):
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), max_length=4000)


class AnnounceForm(forms.Form):
    """A jury message at any time: to everyone, to one category of teams, or to one team."""

    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), max_length=4000)
    problem = forms.ModelChoiceField(
        queryset=Problem.objects.none(), required=False, empty_label="General"
    )
    category = forms.ModelChoiceField(
        queryset=Category.objects.all(), required=False, empty_label="every category"
    )
    team = forms.ModelChoiceField(
        queryset=Team.objects.all(), required=False, empty_label="every team (of the category)"
    )

    def __init__(self, *args: Any, contest: Contest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["problem"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = contest.problems.order_by("letter")
        teams = self.fields["team"]
        assert isinstance(teams, forms.ModelChoiceField)
        teams.queryset = teams_of(contest)  # another contest's team would never read it

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("category") is not None and data.get("team") is not None:
            raise forms.ValidationError("Send to one team or to one category, not both.")
        return data
