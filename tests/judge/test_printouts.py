"""Printouts, the service: what a team may send (size, count, text), nothing stored when
refused; delivery audited; the admin's print command run with the PDF, its failure a refusal
that says why."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from accounts.models import Team, User
from contest.models import Contest
from judge.errors import ServiceError
from judge.models import AuditAction, AuditEntry, Printout
from judge.services import printouts

pytestmark = pytest.mark.django_db

SOURCE = b'#include <cstdio>\nint main() { puts("hi"); }\n'


def _send(team: Team, contest: Contest, content: bytes = SOURCE, name: str = "a.cpp") -> Printout:
    return printouts.submit(team=team, contest=contest, file_name=name, content=content)


def _refused(code: str, team: Team, contest: Contest, content: bytes, name: str = "a.cpp") -> str:
    before = Printout.objects.count()
    with pytest.raises(ServiceError) as refused:
        _send(team, contest, content, name)
    assert refused.value.code == code
    assert Printout.objects.count() == before
    return refused.value.message


def test_a_sent_file_is_stored_with_its_language_guessed_from_the_extension(
    contest: Contest, team: Team
) -> None:
    p = _send(team, contest, name="C:\\Users\\me\\sol.cpp")
    assert (p.file_name, p.language, p.size) == ("sol.cpp", "C++", len(SOURCE))
    assert p.text == SOURCE.decode()
    assert _send(team, contest, b"notes\n", "notes.zzz").language == ""


def test_a_file_over_the_size_limit_is_refused_with_the_limit_named(
    contest: Contest, team: Team
) -> None:
    contest.print_max_kib = 1
    contest.save()
    message = _refused("print_too_large", team, contest, b"x" * 1025)
    assert "at most 1 KiB" in message
    assert _send(team, contest, b"x" * 1024).size == 1024


def test_the_count_per_team_is_a_limit_and_other_teams_keep_theirs(
    contest: Contest, team: Team
) -> None:
    contest.print_max_per_team = 2
    contest.save()
    _send(team, contest)
    _send(team, contest)
    assert "the 2 printouts" in _refused("print_limit", team, contest, SOURCE)
    other = Team.objects.create(name="Beta")
    assert _send(other, contest).team == other


def test_no_printing_at_all_when_the_count_is_zero(contest: Contest, team: Team) -> None:
    contest.print_max_per_team = 0
    contest.save()
    assert "not available" in _refused("printing_closed", team, contest, SOURCE)


def test_empty_and_binary_files_are_refused(contest: Contest, team: Team) -> None:
    _refused("print_empty", team, contest, b"  \n")
    _refused("print_binary", team, contest, b"\x7fELF\0\0\1")


def test_latin1_text_is_kept_as_it_reads(contest: Contest, team: Team) -> None:
    assert _send(team, contest, "// ação\n".encode("latin-1")).text == "// ação\n"


def test_delivery_is_audited_and_can_be_undone(
    contest: Contest, team: Team, runner_user: User
) -> None:
    p = _send(team, contest)
    done = printouts.deliver(printout_id=p.pk, user=runner_user)
    assert done.delivered and done.delivered_by == runner_user
    with pytest.raises(ServiceError) as twice:
        printouts.deliver(printout_id=p.pk, user=runner_user)
    assert twice.value.code == "already_delivered"
    printouts.undeliver(printout_id=p.pk, user=runner_user)
    entries = AuditEntry.objects.filter(target=f"printout {p.pk}").order_by("pk")
    assert [e.action for e in entries] == [AuditAction.PRINT_DELIVER, AuditAction.PRINT_UNDELIVER]
    assert entries[0].after["delivered_by"] == runner_user.pk
    assert entries[0].contest_id == contest.pk


def test_teams_may_not_handle_printouts(contest: Contest, team: Team, team_user: User) -> None:
    p = _send(team, contest)
    with pytest.raises(ServiceError) as refused:
        printouts.deliver(printout_id=p.pk, user=team_user)
    assert refused.value.code == "not_allowed"


def _command(tmp_path: Path, body: str) -> str:
    script = tmp_path / "fake-lp"
    script.write_text(f"#!{sys.executable}\nimport shutil, sys\n{body}\n")
    script.chmod(0o755)
    return str(script)


def test_the_print_command_gets_the_pdf_and_the_printing_is_audited(
    contest: Contest, team: Team, runner_user: User, tmp_path: Path
) -> None:
    out = tmp_path / "printed.pdf"
    contest.print_command = f"{_command(tmp_path, 'shutil.copy(sys.argv[-1], sys.argv[1])')} {out}"
    contest.save()
    p = _send(team, contest)
    printed = printouts.send_to_printer(printout_id=p.pk, user=runner_user)
    assert out.read_bytes().startswith(b"%PDF-")
    assert printed.printed_by == runner_user and printed.printed_at is not None
    entry = AuditEntry.objects.get(action=AuditAction.PRINT_SEND)
    assert entry.target == f"printout {p.pk}" and entry.user == runner_user


def test_the_print_command_does_not_get_juiz_secrets(
    contest: Contest, team: Team, runner_user: User, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SECRET_KEY", "s3cret")
    monkeypatch.setenv("CUPS_SERVER", "printhost")
    seen = tmp_path / "env.txt"
    body = f"import os\nopen({str(seen)!r}, 'w').write(repr(sorted(os.environ)))"
    contest.print_command = _command(tmp_path, body)
    contest.save()
    printouts.send_to_printer(printout_id=_send(team, contest).pk, user=runner_user)
    names = seen.read_text()
    assert "CUPS_SERVER" in names and "SECRET_KEY" not in names and "DATABASE_URL" not in names


def test_a_failing_print_command_is_refused_with_what_it_said(
    contest: Contest, team: Team, runner_user: User, tmp_path: Path
) -> None:
    contest.print_command = _command(tmp_path, "sys.exit('lp: printer on fire')")
    contest.save()
    p = _send(team, contest)
    with pytest.raises(ServiceError) as refused:
        printouts.send_to_printer(printout_id=p.pk, user=runner_user)
    assert refused.value.code == "print_failed"
    assert "exit 1" in refused.value.message and "printer on fire" in refused.value.message
    assert Printout.objects.get(pk=p.pk).printed_at is None
    assert not AuditEntry.objects.filter(action=AuditAction.PRINT_SEND).exists()


def test_a_missing_or_slow_command_is_a_refusal_too(
    contest: Contest, team: Team, runner_user: User, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = _send(team, contest)
    contest.print_command = str(tmp_path / "no-such-lp")
    contest.save()
    with pytest.raises(ServiceError, match="could not run"):
        printouts.send_to_printer(printout_id=p.pk, user=runner_user)
    contest.print_command = "lp -d 'unclosed"
    contest.save()
    with pytest.raises(ServiceError, match="cannot be read"):
        printouts.send_to_printer(printout_id=p.pk, user=runner_user)
    monkeypatch.setattr(printouts, "PRINT_TIMEOUT_S", 0.5)
    contest.print_command = _command(tmp_path, "import time; time.sleep(5)")
    contest.save()
    with pytest.raises(ServiceError, match="did not finish"):
        printouts.send_to_printer(printout_id=p.pk, user=runner_user)


def test_without_a_command_runners_are_told_to_download(
    contest: Contest, team: Team, runner_user: User
) -> None:
    p = _send(team, contest)
    with pytest.raises(ServiceError) as refused:
        printouts.send_to_printer(printout_id=p.pk, user=runner_user)
    assert refused.value.code == "no_print_command"
