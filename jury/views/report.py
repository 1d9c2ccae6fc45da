"""What the judge's submission page shows of a report: highlighted source, and per test the
run with its test data (read from Blobs, capped) and the expected/obtained diff."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from django.db.models import BinaryField
from django.db.models.functions import Substr
from django.utils.safestring import SafeString, mark_safe
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import TextLexer, get_lexer_by_name, get_lexer_for_filename
from pygments.util import ClassNotFound

from contest.models import Blob, BlobChunk, TestCase
from contest.models.blob import CHUNK_BYTES
from judge.models import Judgement, Submission, TestRun
from jury import diff

INLINE_CAP = 2048  # bytes of input / answer / output shown per test on the submission page
DETAIL_CAP = 64 * 1024  # on the page of one test
# Pygments names of the built-in languages whose id is not one (judging/languages/*).
LEXER_NAMES = {"python3": "python3", "javascript": "javascript", "pascal": "delphi"}


def _lexer(filename: str, language_id: str) -> Lexer:
    lexer: Lexer
    try:
        lexer = get_lexer_for_filename(filename)
    except ClassNotFound:
        try:
            lexer = get_lexer_by_name(LEXER_NAMES.get(language_id, language_id))
        except ClassNotFound:
            lexer = TextLexer()
    return lexer


def highlighted_sources(submission: Submission) -> list[tuple[str, SafeString]]:
    """Every file of the submission, by name, highlighted by its own extension."""
    formatter = HtmlFormatter(linenos="table", cssclass="highlight", wrapcode=True)
    shown = []
    for name, source in submission.program_files():
        lexer = _lexer(name, submission.language_id)
        text = source.decode("utf-8", errors="replace")
        # Pygments escapes the source: the HTML it returns is safe to show.
        shown.append((name, mark_safe(highlight(text, lexer, formatter))))
    return shown


@dataclass(frozen=True)
class Data:
    text: str
    shown: int  # bytes read
    size: int  # bytes of the whole data

    @property
    def truncated(self) -> bool:
        return self.shown < self.size


def blob_heads(shas: set[str], cap: int) -> dict[str, Data]:
    """The first `cap` bytes of some blobs, cut in the database from their first chunk (test
    data can be large)."""
    assert cap <= CHUNK_BYTES, "a head longer than a chunk would need more chunks"
    sizes = dict(Blob.objects.filter(pk__in=shas).values_list("sha256", "size"))
    heads = dict(
        BlobChunk.objects.filter(blob_id__in=shas, index=0)
        .annotate(head=Substr("data", 1, cap, output_field=BinaryField()))
        .values_list("blob_id", "head")
    )
    return {sha: _data(bytes(heads.get(sha, b"")), size) for sha, size in sizes.items()}


def _data(head: bytes, size: int) -> Data:
    return Data(head.decode("utf-8", errors="replace"), len(head), size)


@dataclass(frozen=True)
class RunView:
    run: TestRun
    test: TestCase | None  # the problem's test of that name now (data may have changed since)
    input: Data | None
    answer: Data | None
    rows: list[diff.Row]
    first_row: int | None
    first_difference: diff.Position | None
    open: bool  # shown unfolded: the first test not accepted
    stages: tuple[dict[str, Any], ...] = ()  # a multi-stage test's runs (the report's)
    passes: tuple[dict[str, Any], ...] = ()  # a multi-pass test's passes (the report's)
    transcript: str = ""  # an interactive test's both directions (the report's, capped)
    deadlock: bool = False  # it ended in a protocol deadlock

    @property
    def obtained(self) -> str:
        return self.run.output


def run_views(
    judgement: Judgement, cap: int = INLINE_CAP, only: int | None = None
) -> list[RunView]:
    """The report's runs with their data; `only` keeps one run (by id)."""
    all_runs = list(judgement.runs.all())
    first_bad = next((r.pk for r in all_runs if r.classification != "Accepted"), None)
    runs = [r for r in all_runs if only is None or r.pk == only]
    tests = {
        t.name: t
        for t in TestCase.objects.filter(
            problem_id=judgement.submission.problem_id, name__in=[r.name for r in runs]
        )
    }
    shas = {sha for t in tests.values() for sha in (t.input_id, t.answer_id)}
    heads = blob_heads(shas, cap) if shas else {}
    reported = {t["name"]: t for t in judgement.report.get("tests", ())}
    return [
        dataclasses.replace(
            _run_view(run, tests.get(run.name), heads, run.pk == first_bad),
            stages=tuple(reported.get(run.name, {}).get("stages", ())),
            passes=tuple(reported.get(run.name, {}).get("passes", ())),
            transcript=str(reported.get(run.name, {}).get("transcript", "")),
            deadlock=bool(reported.get(run.name, {}).get("deadlock", False)),
        )
        for run in runs
    ]


def _run_view(run: TestRun, test: TestCase | None, heads: dict[str, Data], open_: bool) -> RunView:
    data = heads.get(test.input_id) if test else None
    answer = heads.get(test.answer_id) if test else None
    expected = answer.text if answer else ""
    # Compare equal lengths: a capped answer against a longer output would differ at the cap.
    obtained = run.output[: len(expected)] if answer and answer.truncated else run.output
    rows = diff.side_by_side(expected, obtained) if answer else []
    return RunView(
        run=run,
        test=test,
        input=data,
        answer=answer,
        rows=rows,
        first_row=diff.first_different_row(rows),
        first_difference=diff.first_difference(expected, obtained) if answer else None,
        open=open_,
    )
