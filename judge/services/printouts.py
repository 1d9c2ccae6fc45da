"""Printouts: a team sends a file to print; runners print it (the admin's command) or download
its PDF, and mark it delivered. Sending is refused, with nothing stored, over the contest's
limits (size, count per team); printing and delivering are audited.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from accounts.models import Team
from contest.selectors import in_contest
from judge import printing
from judge.errors import ServiceError
from judge.models import AuditAction, Printout
from judge.services import audit
from live import events as live_events

if TYPE_CHECKING:
    from accounts.models import User
    from contest.models import Contest

PRINT_TIMEOUT_S = 30
# The command needs the printing system's environment (PATH, CUPS_SERVER, ...), not Juiz's
# secrets and connections.
HIDDEN_ENV = ("SECRET_KEY", "DATABASE_URL", "REDIS_URL")
NAME_MAX = 200


def submit(*, team: Team, contest: Contest, file_name: str, content: bytes) -> Printout:
    """Store a file to print. The team's row is locked while its printouts are counted, so two
    sends at once cannot both take the last one."""
    if not in_contest(contest, team.pk):
        raise ServiceError("not_in_contest", "Your team is not in this contest.")
    name = _clean_name(file_name)
    text = _text(contest, content)
    with transaction.atomic():
        Team.objects.select_for_update().filter(pk=team.pk).first()
        sent = Printout.objects.filter(contest=contest, team=team).count()
        if sent >= contest.print_max_per_team:
            raise _limit_reached(contest)
        printout = Printout.objects.create(
            contest=contest,
            team=team,
            file_name=name,
            language=printing.guess_language(name),
            text=text,
            size=len(content),
        )
        live_events.printout_changed(contest.pk, printout.pk)
    return printout


def _limit_reached(contest: Contest) -> ServiceError:
    if contest.print_max_per_team == 0:
        return ServiceError("printing_closed", "Printing is not available in this contest.")
    return ServiceError(
        "print_limit",
        f"Your team has sent the {contest.print_max_per_team} printouts this contest allows.",
    )


def _clean_name(file_name: str) -> str:
    # A browser may send a path; only its last part names the file.
    name = os.path.basename(file_name.replace("\\", "/")).strip()
    name = "".join(c for c in name if c.isprintable())
    return name[:NAME_MAX] or "printout.txt"


def check_size(contest: Contest, size: int) -> None:
    """Refuse a file over the contest's limit (the upload form asks before reading it)."""
    if size > contest.print_max_kib * 1024:
        raise ServiceError(
            "print_too_large",
            f"The file is {size / 1024:.1f} KiB; printouts may be at most "
            f"{contest.print_max_kib} KiB.",
        )


def _text(contest: Contest, content: bytes) -> str:
    if not content.strip():
        raise ServiceError("print_empty", "The file to print is empty.")
    check_size(contest, len(content))
    if b"\0" in content:
        raise ServiceError("print_binary", "Only text files can be printed.")
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError:
        # Old editors save Latin-1: it prints as it reads (every byte decodes).
        return content.decode("latin-1")


def header(printout: Printout) -> printing.Header:
    team = printout.team
    when = timezone.localtime(printout.created_at).strftime("%Y-%m-%d %H:%M")
    return printing.Header(
        team=team.name, location=team.location, time=when, file_name=printout.file_name
    )


def pdf(printout: Printout) -> bytes:
    return printing.render(header(printout), printout.text, printout.language)


def send_to_printer(*, printout_id: int, user: User) -> Printout:
    """Run the admin's print command with the PDF's path; its failure (exit status, timeout,
    a missing program) is a ServiceError carrying what it said."""
    printout = _get(printout_id, user)
    command = printout.contest.print_command.strip()
    if not command:
        raise ServiceError("no_print_command", "No print command is set: download the PDF.")
    try:
        argv = shlex.split(command)
    except ValueError as error:  # an unclosed quote: the admin's setting, not a server error
        raise ServiceError("print_failed", f"The print command cannot be read: {error}.") from error
    with tempfile.TemporaryDirectory(prefix="juiz-print-") as folder:
        path = os.path.join(folder, f"printout-{printout.pk}.pdf")
        with open(path, "wb") as out:
            out.write(pdf(printout))
        _run([*argv, path])
    with transaction.atomic():
        locked = Printout.objects.select_for_update().get(pk=printout.pk)
        locked.printed_at, locked.printed_by = timezone.now(), user
        locked.save(update_fields=["printed_at", "printed_by"])
        audit.record(
            user=user,
            action=AuditAction.PRINT_SEND,
            contest=printout.contest,
            target=f"printout {locked.pk}",
            comment=command,
        )
        live_events.printout_changed(locked.contest_id, locked.pk)
    return locked


def _run(argv: list[str]) -> None:
    try:
        done = subprocess.run(
            argv,
            capture_output=True,
            timeout=PRINT_TIMEOUT_S,
            stdin=subprocess.DEVNULL,
            env={k: v for k, v in os.environ.items() if k not in HIDDEN_ENV},
        )
    except subprocess.TimeoutExpired as error:
        raise ServiceError(
            "print_failed", f"The print command did not finish in {PRINT_TIMEOUT_S} s."
        ) from error
    except OSError as error:  # not found, not executable
        raise ServiceError("print_failed", f"The print command could not run: {error}.") from error
    if done.returncode != 0:
        said = (done.stderr or done.stdout).decode("utf-8", "replace").strip()[-500:]
        raise ServiceError(
            "print_failed", f"The print command failed (exit {done.returncode}): {said or '-'}"
        )


def deliver(*, printout_id: int, user: User) -> Printout:
    return _set_delivered(printout_id, user, delivered=True)


def undeliver(*, printout_id: int, user: User) -> Printout:
    """Undo a delivery marked by mistake."""
    return _set_delivered(printout_id, user, delivered=False)


def _get(printout_id: int, user: User) -> Printout:
    if not user.is_jury_reader:
        raise ServiceError("not_allowed", "Only runners and the jury handle printouts.")
    found = Printout.objects.select_related("team", "contest").filter(pk=printout_id).first()
    if found is None:
        raise ServiceError("no_printout", "That printout does not exist.")
    return found


def _set_delivered(printout_id: int, user: User, *, delivered: bool) -> Printout:
    _get(printout_id, user)
    with transaction.atomic():
        locked = Printout.objects.select_for_update().get(pk=printout_id)
        if delivered == locked.delivered:
            raise ServiceError(
                "already_delivered" if delivered else "not_delivered",
                "Already delivered." if delivered else "That printout was not delivered.",
            )
        before = _state(locked)
        locked.delivered_at = timezone.now() if delivered else None
        locked.delivered_by = user if delivered else None
        locked.save(update_fields=["delivered_at", "delivered_by"])
        audit.record(
            user=user,
            action=AuditAction.PRINT_DELIVER if delivered else AuditAction.PRINT_UNDELIVER,
            contest=locked.contest,
            target=f"printout {locked.pk}",
            before=before,
            after=_state(locked),
        )
        live_events.printout_changed(locked.contest_id, locked.pk)
    return locked


def _state(printout: Printout) -> dict[str, object]:
    return {
        "team": printout.team_id,
        "delivered_at": printout.delivered_at.isoformat() if printout.delivered_at else None,
        "delivered_by": printout.delivered_by_id,
    }
