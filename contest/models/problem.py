"""Problems and their test cases (the data itself is in Blobs: contest/models/blob.py)."""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.db import models

from contest.models.blob import Blob
from contest.models.contest import Contest
from contest.models.style import AS_THE_CONTEST, PROBLEM_STYLE_CHOICES, STYLE_HELP


class Validation(models.TextChoices):
    MOOSHAK = "mooshak", "Exact, then normalised (Presentation Error)"
    KATTIS = "kattis", "Kattis default validator (flags)"
    CUSTOM = "custom", "Custom output validator"


class ProblemKind(models.TextChoices):
    STDIN = "stdin", "Standard input / output"
    FUNCTION = "function", "Function (LeetCode style)"


# The package format's names of the limits it may leave to the system, and the fields holding
# them (Problem.defaulted_limits).
DEFAULTED_LIMIT_FIELDS = {"memory": "memory_mb", "output": "output_kib", "code": "source_size_kib"}


BALLOON_HEX = RegexValidator(r"^#[0-9a-fA-F]{6}$", "A colour as #rrggbb, e.g. #d32f2f.")


class Problem(models.Model):
    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="problems")
    letter = models.CharField(max_length=5)
    name = models.CharField(max_length=200)
    color = models.CharField(max_length=20, default="#3366cc", help_text="CSS colour.")
    # The balloon a team gets for solving it: what the runners fetch (a name, as the balloons
    # are bought) and how the balloon list draws it.
    balloon_colour = models.CharField(
        max_length=40, blank=True, help_text='The balloon\'s colour, as runners call it ("Red").'
    )
    balloon_hex = models.CharField(
        max_length=7,
        blank=True,
        validators=[BALLOON_HEX],
        help_text="The balloon's colour as #rrggbb (empty: the problem's colour).",
    )
    statement = models.TextField(blank=True, help_text="Markdown (HTML allowed).")
    statement_pdf = models.FileField(upload_to="statements/", null=True, blank=True)
    time_limit_s = models.FloatField(default=1.0)
    memory_mb = models.PositiveIntegerField(default=256)
    output_kib = models.PositiveIntegerField(default=8192)
    source_size_kib = models.PositiveIntegerField(default=256)
    validation = models.CharField(
        max_length=10, choices=Validation.choices, default=Validation.MOOSHAK
    )
    validator_flags = models.CharField(max_length=200, blank=True)
    meaningful_characters = models.CharField(
        max_length=100, blank=True, help_text='Regex class of meaningful characters, e.g. "[0-9]".'
    )
    # A zip of the custom validator's directory (Kattis output_validators/<name>/).
    validator = models.ForeignKey(
        Blob, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    time_limit_source = models.CharField(max_length=20, default="database")
    # What a package adds to the limits and tests (judging.model.Problem's fields of the same
    # meaning), so that a worker rebuilds from the database alone the Problem the package
    # reader read (docs/packages.md, "Importing into the web app").
    # The default validator's number syntax: "problemtools" (legacy) or "2023-07".
    number_grammar = models.CharField(max_length=20, default="problemtools")
    # The package's constants, [[name, value], ...]: {{name}} in includes and the validator.
    constants = models.JSONField(default=list, blank=True)
    # A zip of include/ keyed by folder: <language>/... and default/... (Problem.includes).
    includes = models.ForeignKey(
        Blob, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # The only language ids that may solve it (2023-07 `languages`); null: all.
    languages = models.JSONField(null=True, blank=True)
    # The limits the package left to the contest's package defaults ("memory", "output",
    # "code"): shown to the jury, who may want to change them.
    defaulted_limits = models.JSONField(default=list, blank=True)
    # The package's problem types (judging.model.Problem.types): "pass-fail" or "scoring",
    # plus "interactive", "multi-pass", "submit-answer".
    types = models.JSONField(default=list, blank=True)
    # 2025-09 `allow_file_writing`: submissions may write in their working directory.
    allow_file_writing = models.BooleanField(default=False)
    # Multi-pass problems: the most passes a test may run (`limits.validation_passes`).
    validation_passes = models.PositiveSmallIntegerField(default=2)
    # Sample interactions (data/sample/*.interaction): [name, text] pairs the statement shows
    # in place of the samples' input and answer; never judged.
    interactions = models.JSONField(default=list, blank=True)
    # Answers made by the model solution (juiz.yaml `answers`, or set by the jury): its name
    # (e.g. "submissions/accepted/model.py"), language and entry point, its files (a zip), and
    # the key of the generation the generated tests' answers hold ("" when none was made
    # yet). contest/services/answers.py makes them again when the key no longer matches.
    answer_solution = models.CharField(max_length=200, blank=True)
    answer_language = models.CharField(max_length=20, blank=True)
    answer_entrypoint = models.CharField(max_length=200, blank=True)
    answer_source = models.ForeignKey(
        Blob, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    answers_key = models.CharField(max_length=64, blank=True)
    # Why the last generation failed ("" when it did not): the jury's to fix.
    answers_message = models.TextField(blank=True)
    # Multi-stage problems (juiz.yaml `multi_stage`): [{"name", "args"}, ...] and the program
    # run between stages (a zip of its directory) with its language ("" : by its files).
    stages = models.JSONField(default=list, blank=True)
    stage_program = models.ForeignKey(
        Blob, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    stage_program_language = models.CharField(max_length=20, blank=True)
    # Style reports: "" as the contest, else off or on with a rule set (contest/models/style.py).
    style_rules = models.CharField(
        max_length=10,
        choices=PROBLEM_STYLE_CHOICES,
        default=AS_THE_CONTEST,
        blank=True,
        help_text=STYLE_HELP,
    )
    kind = models.CharField(max_length=10, choices=ProblemKind.choices, default=ProblemKind.STDIN)
    # Function problems (docs/functions.md): the library problem and its built case file (JSON,
    # every case with its expected value), a Blob so workers cache it by hash like test data.
    library_id = models.CharField(max_length=100, blank=True)
    case_file = models.ForeignKey(
        Blob, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # How many cases the case file holds (curated, generated, stress), counted when it is
    # stored: the problem list shows it without reading the file.
    case_count = models.PositiveIntegerField(default=0)
    # A `validator:<name>` function problem's validator (validate(args, got)), stored with it
    # so that a worker judges with the database alone.
    function_validator = models.ForeignKey(
        Blob, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ("contest", "letter")
        constraints = [
            models.UniqueConstraint(fields=("contest", "letter"), name="unique_problem_letter")
        ]

    def __str__(self) -> str:
        return f"{self.letter}. {self.name}"

    @property
    def balloon_css(self) -> str:
        """The colour the balloon list draws (the problem's own when no balloon colour is set)."""
        return self.balloon_hex or self.color

    @property
    def is_function(self) -> bool:
        return self.kind == ProblemKind.FUNCTION

    @property
    def is_submit_answer(self) -> bool:
        """Teams hand in answer files, nothing runs (docs/kinds.md)."""
        return "submit-answer" in self.types

    @property
    def defaulted_fields(self) -> list[str]:
        """The fields whose limit is the contest's package default, not the package's."""
        return [
            DEFAULTED_LIMIT_FIELDS[k] for k in self.defaulted_limits if k in DEFAULTED_LIMIT_FIELDS
        ]

    @property
    def tests_or_cases(self) -> int:
        """Tests of a stdin problem (prefetch `tests`), cases of a function problem."""
        return self.case_count if self.is_function else len(self.tests.all())


class TestCase(models.Model):
    problem = models.ForeignKey(Problem, on_delete=models.CASCADE, related_name="tests")
    order = models.PositiveIntegerField()
    name = models.CharField(max_length=200)
    input = models.ForeignKey(Blob, on_delete=models.PROTECT, related_name="+")
    answer = models.ForeignKey(Blob, on_delete=models.PROTECT, related_name="+")
    sample = models.BooleanField(default=False)
    # The output validator's flags for this test (its group's); null: the problem's.
    validator_flags = models.JSONField(null=True, blank=True)
    args = models.JSONField(default=list, blank=True)  # the submission's arguments
    # A zip of the 2023-07 <test>.files/ directory: copied into the test's working directory.
    files = models.ForeignKey(
        Blob, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # The answer is the model solution's output (Problem.answer_solution), not the setter's.
    answer_generated = models.BooleanField(default=False)

    class Meta:
        ordering = ("problem", "order")
        constraints = [
            models.UniqueConstraint(fields=("problem", "order"), name="unique_test_order")
        ]

    def __str__(self) -> str:
        return f"{self.problem.letter}/{self.name}"


class ReferenceSolution(models.Model):
    """A function problem's reference solution (or its naive one, for stress cases) in one
    harness language, stored at import: workers verify it from the database alone, whatever
    their own checkout holds."""

    problem = models.ForeignKey(Problem, on_delete=models.CASCADE, related_name="references")
    language_id = models.CharField(max_length=20)  # a harness language's registry id
    naive = models.BooleanField(default=False)
    source = models.ForeignKey(Blob, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ("problem", "language_id", "naive")
        constraints = [
            models.UniqueConstraint(
                fields=("problem", "language_id", "naive"), name="unique_reference_solution"
            )
        ]

    def __str__(self) -> str:
        kind = "naive" if self.naive else "reference"
        return f"{self.problem.letter}/{self.language_id} {kind}"
