"""The jury pages show what the services hold, and their forms reach the services."""

from __future__ import annotations

import io
import zipfile
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.models import AuditAction, AuditEntry, Submission, SubmissionState
from judge.services import jury, rejudge
from judge.services.results import on_judgement_done, store_report
from judging import report as engine
from judging.classification import Classification as C
from tests.jury.conftest import ClientAs
from tests.support import builders, factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def judge_client(client_as: ClientAs, judge_user: User) -> Client:
    return client_as(judge_user)


@pytest.fixture
def admin_client(client_as: ClientAs, admin_user: User) -> Client:
    return client_as(admin_user)


def page(client: Client, name: str, *args: object, **query: object) -> str:
    response = client.get(reverse(f"jury:{name}", args=args), query)
    assert response.status_code == 200
    return response.content.decode()


# --- queue -------------------------------------------------------------------------------------


def test_queue_lists_newest_first_with_counts_and_pending_highlighted(
    problem: Problem,
    python: Language,
    team_user: User,
    other_team_user: User,
    judge_user: User,
    judge_client: Client,
) -> None:
    older = builders.judged(team_user, problem, C.WRONG_ANSWER)
    newer = builders.judged(other_team_user, problem, C.ACCEPTED)
    jury.validate(submission=newer, judge=judge_user)
    queued = builders.send(team_user, problem)

    html = page(judge_client, "home")

    rows = [html.index(f'data-submission="{s.pk}"') for s in (queued, newer, older)]
    assert rows == sorted(rows)
    assert f'<tr class="row-pending" data-submission="{older.pk}">' in html
    assert 'data-count="pending">Pending <strong>1</strong>' in html
    assert 'data-count="final">Final <strong>1</strong>' in html
    assert 'data-count="queued">Queued <strong>1</strong>' in html


def test_the_queue_filters_by_team_classification_state_problem_language_and_time(
    problem: Problem,
    python: Language,
    languages: dict[str, Language],
    team_user: User,
    other_team_user: User,
    judge_client: Client,
) -> None:
    wa = builders.judged(team_user, problem, C.WRONG_ANSWER)
    ac = builders.judged(other_team_user, problem, C.ACCEPTED)
    ac.submitted_at += timedelta(hours=1)
    ac.save()
    b = factories.sum_problem(problem.contest, letter="B")
    other_language = next(lang for key, lang in languages.items() if key != "python3")
    # Moved by hand so that each filter below has something to leave out.
    Submission.objects.filter(pk=ac.pk).update(problem=b, language=other_language)

    def shown(**query: object) -> set[int]:
        html = page(judge_client, "home", **query)
        return {s.pk for s in (wa, ac) if f'data-submission="{s.pk}"' in html}

    assert shown() == {wa.pk, ac.pk}
    assert shown(team=other_team_user.team_id) == {ac.pk}
    assert shown(classification="Wrong Answer") == {wa.pk}
    assert shown(state="final") == set()
    assert shown(problem=problem.pk) == {wa.pk}
    assert shown(problem=b.pk) == {ac.pk}
    assert shown(language="python3") == {wa.pk}
    assert shown(language=other_language.pk) == {ac.pk}
    middle = (wa.submitted_at + timedelta(minutes=30)).strftime("%Y-%m-%dT%H:%M")
    assert shown(since=middle) == {ac.pk}
    assert shown(until=middle) == {wa.pk}


def test_the_queue_serves_its_rows_alone_for_the_page_to_refresh_itself(
    problem: Problem, python: Language, team_user: User, judge_client: Client
) -> None:
    submission = builders.judged(team_user, problem, C.WRONG_ANSWER)

    html = page(judge_client, "home", partial="1", state="pending")

    assert html.lstrip().startswith("<tr")
    assert f'data-submission="{submission.pk}"' in html
    assert "<html" not in html


def test_queue_marks_a_finished_reevaluation_waiting_for_a_judge(
    problem: Problem, python: Language, team_user: User, judge_user: User, judge_client: Client
) -> None:
    submission = builders.judged(team_user, problem, C.WRONG_ANSWER)
    builders.store(jury.reevaluate(submission=submission, judge=judge_user), C.ACCEPTED)

    assert "new report</span>" in page(judge_client, "home")


# --- submission --------------------------------------------------------------------------------


@pytest.fixture
def presentation_error(problem: Problem, python: Language, team_user: User) -> Submission:
    return builders.judged(team_user, problem, C.PRESENTATION_ERROR, outputs=("3 \n", "42"))


def test_submission_page_shows_source_report_data_and_visible_whitespace(
    presentation_error: Submission, judge_client: Client
) -> None:
    html = page(judge_client, "submission", presentation_error.pk)

    assert 'class="highlight"' in html  # pygments
    assert "map" in html and "input" in html
    assert "sample/1" in html and "secret/1" in html
    assert "1 2\n" in html  # the test input, read from its blob
    # Expected "3\n" vs obtained "3 \n": the extra space and the newline are marked.
    assert "3<mark>↵</mark>" in html
    assert "3<mark>·↵</mark>" in html
    # Expected "42\n" vs obtained "42": the missing final newline.
    assert "42<mark>↵</mark>" in html
    assert "first difference at line 1, column 2" in html


def test_submission_page_shows_each_tests_measures_and_the_compiler_output(
    problem: Problem, python: Language, team_user: User, judge_client: Client
) -> None:
    submission = builders.send(team_user, problem)
    tests = (
        engine.TestReport("sample/1", C.ACCEPTED, 123, 456, 2048, exit_code=0, sample=True),
        engine.TestReport(
            "secret/1", C.RUNTIME_ERROR, 78, 91, 8192, signal=11, checker_message="boom"
        ),
    )
    compiled = engine.CompileReport(ok=True, output="warning: unused variable 'x'")
    report = engine.Report(C.RUNTIME_ERROR, "python3", tests, compile=compiled)
    judgement = builders.first_judgement(submission)
    store_report(judgement, report)
    on_judgement_done(judgement)

    html = page(judge_client, "submission", submission.pk)

    assert "warning: unused variable &#x27;x&#x27;" in html
    for measure in ("123 ms", "456 ms", "2.0 MiB", "78 ms", "91 ms", "8.0 MiB"):
        assert measure in html
    assert "signal 11" in html and "boom" in html
    first = html.split('data-test="sample/1"')[1].split("</tr>")[0]
    assert "<td>0</td>" in first  # the exit code


def test_submission_page_lists_every_report(
    presentation_error: Submission, judge_user: User, judge_client: Client
) -> None:
    again = jury.reevaluate(submission=presentation_error, judge=judge_user)
    builders.store(again, C.ACCEPTED)

    html = page(judge_client, "submission", presentation_error.pk)

    assert f'data-judgement="{presentation_error.current_judgement_id}"' in html
    assert f'data-judgement="{again.pk}"' in html
    assert (
        reverse(
            "jury:compare",
            args=[presentation_error.pk, presentation_error.current_judgement_id, again.pk],
        )
        in html
    )
    shown = page(judge_client, "submission", presentation_error.pk, report=again.pk)
    assert f"Report #{again.pk}" in shown


def test_change_without_comment_is_refused_on_the_page(
    presentation_error: Submission, judge_client: Client
) -> None:
    url = reverse("jury:change", args=[presentation_error.pk])
    response = judge_client.post(url, {"classification": "Accepted", "comment": ""}, follow=True)

    assert "A new classification and a comment are required." in response.content.decode()
    presentation_error.refresh_from_db()
    assert presentation_error.classification == "Presentation Error"


def test_a_judge_changes_a_classification_through_the_page_and_it_is_final(
    presentation_error: Submission, judge_client: Client
) -> None:
    url = reverse("jury:change", args=[presentation_error.pk])
    judge_client.post(url, {"classification": "Accepted", "comment": "spaces are fine here"})
    presentation_error.refresh_from_db()
    assert (presentation_error.classification, presentation_error.state) == ("Accepted", "final")

    response = judge_client.post(
        reverse("jury:validate", args=[presentation_error.pk]), follow=True
    )
    assert "Only a pending classification can be validated." in response.content.decode()


def test_a_judge_puts_a_new_report_in_force_through_the_compare_page(
    presentation_error: Submission, judge_user: User, judge_client: Client
) -> None:
    again = jury.reevaluate(submission=presentation_error, judge=judge_user)
    builders.store(again, C.ACCEPTED)
    old = presentation_error.current_judgement_id

    html = page(judge_client, "compare", presentation_error.pk, old, again.pk)
    assert 'id="new-classification">Accepted' in html

    judge_client.post(
        reverse("jury:make_current", args=[presentation_error.pk]),
        {"judgement": again.pk, "final": "on"},
    )
    presentation_error.refresh_from_db()
    assert presentation_error.current_judgement_id == again.pk
    assert presentation_error.state == SubmissionState.FINAL


def test_the_compare_page_can_put_the_old_report_back_in_force(
    presentation_error: Submission, judge_user: User, judge_client: Client
) -> None:
    old = presentation_error.current_judgement
    again = builders.store(
        jury.reevaluate(submission=presentation_error, judge=judge_user), C.ACCEPTED
    )
    jury.make_current(submission=presentation_error, judgement=again, judge=judge_user, final=True)

    html = page(judge_client, "compare", presentation_error.pk, old.pk, again.pk)
    assert f'data-make-current="{old.pk}"' in html
    assert f'data-make-current="{again.pk}"' not in html  # in force already

    judge_client.post(
        reverse("jury:make_current", args=[presentation_error.pk]), {"judgement": old.pk}
    )
    presentation_error.refresh_from_db()
    assert presentation_error.current_judgement_id == old.pk
    assert presentation_error.state == SubmissionState.PENDING


def test_the_run_page_shows_the_input_and_judges_read_whole_test_files(
    presentation_error: Submission, problem: Problem, judge_client: Client
) -> None:
    run = presentation_error.current_judgement.runs.get(name="secret/1")
    html = page(judge_client, "run", presentation_error.pk, run.pk)
    assert "40 2" in html
    test = problem.tests.get(name="secret/1")
    response = judge_client.get(reverse("jury:test_data", args=[test.pk, "ans"]))
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == b"42\n"  # streamed: a file may be huge
    assert judge_client.get(reverse("jury:test_data", args=[test.pk, "exe"])).status_code == 404


def test_large_test_data_is_capped_on_the_submission_page_not_on_the_test_page(
    presentation_error: Submission, problem: Problem, judge_client: Client
) -> None:
    from contest.models import Blob

    problem.tests.filter(name="secret/1").update(input=Blob.store(b"9" * 10_000 + b"\n"))
    run = presentation_error.current_judgement.runs.get(name="secret/1")

    html = page(judge_client, "submission", presentation_error.pk)
    assert "9" * 2048 in html and "9" * 2049 not in html
    assert "first 2.0" in html

    html = page(judge_client, "run", presentation_error.pk, run.pk)
    assert "9" * 10_000 in html


# --- rejudge -----------------------------------------------------------------------------------


def test_rejudge_form_creates_a_set_and_the_page_shows_the_matrix(
    problem: Problem, python: Language, team_user: User, judge_client: Client
) -> None:
    wa = builders.judged(team_user, problem, C.WRONG_ANSWER)
    response = judge_client.post(
        reverse("jury:rejudge_new"),
        {"problems": [problem.pk], "apply_rule": "keep", "reason": "fixed answers"},
    )
    assert response.status_code == 302
    rs = rejudge.RejudgeSet.objects.get()
    assert response["Location"] == reverse("jury:rejudge", args=[rs.pk])
    builders.store(rs.items.get().new_judgement, C.ACCEPTED)

    html = page(judge_client, "rejudge", rs.pk)
    assert 'data-old="Wrong Answer" data-new="Accepted">1<' in html
    assert f'data-submission="{wa.pk}"' in html
    progress = judge_client.get(reverse("jury:rejudge_progress", args=[rs.pk])).json()
    assert progress == {"done": 1, "total": 1, "percent": 100, "state": "judging"}

    judge_client.post(reverse("jury:rejudge_apply", args=[rs.pk]), {"rule": "final_if_unchanged"})
    wa.refresh_from_db()
    assert (wa.classification, wa.state) == ("Accepted", "pending")


def test_rejudge_pages_follow_the_jury_stream(
    problem: Problem, python: Language, team_user: User, judge_user: User, judge_client: Client
) -> None:
    """live.js moves the progress of [data-rejudge-id] on the jury stream's rejudge events."""
    builders.judged(team_user, problem, C.WRONG_ANSWER)
    rs = rejudge.create(
        contest=problem.contest,
        judge=judge_user,
        selection=rejudge.Selection(problem_ids=(problem.pk,)),
    )
    for html in (page(judge_client, "rejudge", rs.pk), page(judge_client, "rejudges")):
        assert 'data-live-kind="jury"' in html
        box = html.split(f'data-rejudge-id="{rs.pk}"')[1]
        assert '<span data-field="done">0</span>' in box.replace("data-done ", "")
        assert 'data-field="total">1</span>' in box


def test_rejudge_form_is_prefilled_from_the_query(
    judge_client: Client, python: Language, contest: Contest
) -> None:
    html = page(judge_client, "rejudge_new", languages="python3", reason="new flags")
    assert '<option value="python3" selected>' in html
    assert "new flags" in html


def test_rejudge_form_rejects_bad_ids(judge_client: Client, problem: Problem) -> None:
    response = judge_client.post(
        reverse("jury:rejudge_new"), {"submission_ids": "1, x", "apply_rule": "keep"}
    )
    assert response.status_code == 400
    assert "is not an id or a range" in response.content.decode()


# --- audit -------------------------------------------------------------------------------------


def test_audit_page_filters_by_user_action_and_submission(
    problem: Problem,
    python: Language,
    team_user: User,
    judge_user: User,
    admin_user: User,
    admin_client: Client,
) -> None:
    first = builders.judged(team_user, problem, C.WRONG_ANSWER)
    second = builders.judged(team_user, problem, C.WRONG_ANSWER)
    jury.validate(submission=first, judge=judge_user)
    jury.change(submission=second, judge=admin_user, classification="Accepted", comment="why-x")

    def actions(**query: object) -> list[str]:
        html = page(admin_client, "audit", **query)
        return sorted(a for a in ("validate", "change") if f'data-action="{a}"' in html)

    assert actions() == ["change", "validate"]
    assert actions(user=judge_user.pk) == ["validate"]
    assert actions(action="change") == ["change"]
    assert actions(submission=first.pk) == ["validate"]
    assert "why-x" in page(admin_client, "audit")
    tomorrow = (first.submitted_at + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    assert actions(since=tomorrow) == []


# --- compilers, problems, contest settings -----------------------------------------------------


def language_post(language: Language, **changes: str) -> dict[str, object]:
    from jury.forms import LANGUAGE_FIELDS

    data = {name: getattr(language, name) for name in LANGUAGE_FIELDS}
    data.update(changes)
    return {k: v for k, v in data.items() if v is not False}


def test_language_page_lists_the_template_variables(admin_client: Client, python: Language) -> None:
    html = page(admin_client, "language", "python3")
    for variable in ("{source}", "{exe}", "{memory_mb}", "{python}"):
        assert variable in html


def test_a_command_with_an_unknown_variable_is_refused(
    admin_client: Client, python: Language
) -> None:
    url = reverse("jury:language", args=["python3"])
    response = admin_client.post(url, language_post(python, run_command="{python} {sourcee}"))
    assert response.status_code == 400
    assert "Unknown variable(s) {sourcee}" in response.content.decode()
    python.refresh_from_db()
    assert python.run_command == "{python} {source}"


def test_a_command_change_is_audited_and_offers_a_rejudge(
    admin_client: Client, admin_user: User, python: Language
) -> None:
    url = reverse("jury:language", args=["python3"])
    response = admin_client.post(
        url,
        language_post(python, compile_command="{python} -W error -m py_compile {source}"),
        follow=True,
    )
    html = response.content.decode()
    assert "These settings can change verdicts" in html
    assert "/jury/rejudges/new/?languages=python3" in html
    entry = AuditEntry.objects.get(action=AuditAction.LANGUAGE_CHANGE)
    assert entry.user == admin_user
    assert entry.before == {"compile_command": "{python} -m py_compile {source}"}
    assert entry.after == {"compile_command": "{python} -W error -m py_compile {source}"}


def zipped(files: dict[str, bytes]) -> io.BytesIO:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    buffer.seek(0)
    buffer.name = "tests.zip"
    return buffer


def test_uploading_test_data_replaces_the_tests_with_an_audit_entry(
    admin_client: Client, problem: Problem
) -> None:
    archive = zipped(
        {
            "sample1.in": b"1 1\n",
            "sample1.ans": b"2\n",
            "t10.in": b"5 5\n",
            "t10.ans": b"10\n",
            "t9.in": b"4 5\n",
            "t9.out": b"9\n",
        }
    )
    admin_client.post(reverse("jury:problem_tests", args=[problem.pk]), {"archive": archive})

    tests = list(problem.tests.order_by("order").values_list("name", "sample"))
    assert tests == [("sample1", True), ("t9", False), ("t10", False)]
    entry = AuditEntry.objects.get(action=AuditAction.PROBLEM_DATA)
    assert [t["name"] for t in entry.before["tests"]] == ["sample/1", "secret/1"]
    assert [t["name"] for t in entry.after["tests"]] == ["sample1", "t9", "t10"]


def test_a_zip_with_an_input_without_answer_is_refused(
    admin_client: Client, problem: Problem
) -> None:
    archive = zipped({"a.in": b"1 1\n"})
    response = admin_client.post(
        reverse("jury:problem_tests", args=[problem.pk]), {"archive": archive}, follow=True
    )
    assert "no .ans/.out for: a" in response.content.decode()
    assert problem.tests.count() == 2


def test_problem_limits_and_contest_settings_changes_are_audited(
    admin_client: Client, problem: Problem, contest: Contest
) -> None:
    from jury.forms import CONTEST_FIELDS, PROBLEM_FIELDS

    data = {name: getattr(problem, name) for name in PROBLEM_FIELDS} | {"time_limit_s": 2.5}
    admin_client.post(reverse("jury:problem", args=[problem.pk]), data)
    problem.refresh_from_db()
    assert problem.time_limit_s == 2.5

    settings = {n: getattr(contest, n) for n in CONTEST_FIELDS} | {"show_pending_to_teams": False}
    admin_client.post(
        # An unticked box and an empty date are left out of the form, as a browser does.
        reverse("jury:contest_settings"),
        {k: v for k, v in settings.items() if v is not False and v is not None},
    )
    contest.refresh_from_db()
    assert contest.show_pending_to_teams is False

    entries = {e.action: e for e in AuditEntry.objects.all()}
    assert entries[AuditAction.PROBLEM_CHANGE].after == {"time_limit_s": 2.5}
    assert entries[AuditAction.CONTEST_SETTINGS].after == {"show_pending_to_teams": False}


def test_judges_preview_a_problems_statement(judge_client: Client, problem: Problem) -> None:
    assert "Read two integers and print their sum." in page(judge_client, "statement", problem.pk)


def test_contest_times_are_set_in_the_settings_page_in_order_or_refused(
    admin_client: Client, contest: Contest
) -> None:
    from jury.forms import CONTEST_FIELDS

    def form(**changes: object) -> dict[str, object]:
        values = {n: getattr(contest, n) for n in CONTEST_FIELDS} | changes
        when = ("start", "end", "freeze_start", "clarifications_until")
        shown = {
            k: timezone.localtime(v).strftime("%Y-%m-%dT%H:%M")
            for k, v in values.items()
            if k in when and v is not None
        }
        return {k: v for k, v in values.items() if v is not False and v is not None} | shown

    url = reverse("jury:contest_settings")
    response = admin_client.post(url, form(end=contest.start - timedelta(hours=1)))
    assert response.status_code == 400
    assert "The end must come after the start." in response.content.decode()
    before = contest.end
    contest.refresh_from_db()
    assert contest.end == before
    later = (contest.end + timedelta(hours=1)).replace(second=0, microsecond=0)
    response = admin_client.post(url, form(end=later, freeze_start=later - timedelta(hours=2)))
    assert response.status_code == 302
    contest.refresh_from_db()
    assert contest.end == later and contest.freeze_start == later - timedelta(hours=2)
    entry = AuditEntry.objects.filter(action=AuditAction.CONTEST_SETTINGS).latest("pk")
    assert set(entry.after) == {"end", "freeze_start"}
