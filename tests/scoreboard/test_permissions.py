"""Every scoreboard URL x (anonymous, team, runner, judge, admin), with a public and a private
board: boards are open to everyone when public, to signed-in users when not; the freeze and
reveal controls are the judges'. The score board's socket follows the same audiences."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.core.files.base import ContentFile
from django.test import Client
from django.urls import reverse

from accounts.models import Organization, User
from config.asgi import application
from contest.models import Contest
from scoreboard import urls as scoreboard_urls
from tests.support import factories
from tests.support.scoreboard import problem
from tests.support.scores import make_scoring

ROLES = ("anonymous", "team", "runner", "judge", "admin")
SIGNED_IN = {"team", "runner", "judge", "admin"}
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16  # the signature is all the browser looks at here
JUDGES = {"judge", "admin"}

# (url name, method, who may when the board is public, who may when private, status allowed)
TABLE: list[tuple[str, str, set[str], set[str], int]] = [
    ("board", "get", set(ROLES), SIGNED_IN, 200),
    ("scores", "get", set(ROLES), SIGNED_IN, 200),
    ("jury", "get", JUDGES, JUDGES, 200),
    ("jury", "post", JUDGES, JUDGES, 302),
    ("awards", "get", set(ROLES), SIGNED_IN, 200),
]


@pytest.fixture
def contest(db: None) -> Contest:
    contest = factories.running_contest(score_board="best-problem")
    make_scoring(problem(contest, "S"))
    return contest


def _users() -> dict[str, User | None]:
    team = factories.team("Alpha")
    return {
        "anonymous": None,
        "team": factories.user("alpha1", role="team", team=team),
        "runner": factories.user("runner", role="runner"),
        "judge": factories.user("judge", role="judge"),
        "admin": factories.user("admin", role="admin", is_staff=True, is_superuser=True),
    }


@pytest.mark.parametrize("public", [True, False], ids=["public", "private"])
@pytest.mark.parametrize(("name", "method", "open_to", "private_to", "status"), TABLE)
def test_each_role_gets_the_status_the_table_says_at_each_scoreboard_url(
    contest: Contest,
    public: bool,
    name: str,
    method: str,
    open_to: set[str],
    private_to: set[str],
    status: int,
) -> None:
    contest.public_scoreboard = public
    contest.save()
    url = reverse(f"scoreboard:{name}")
    for role, user in _users().items():
        client = Client()
        if user is not None:
            client.force_login(user)
        response = getattr(client, method)(url, {"action": "rebuild"} if method == "post" else {})
        allowed = open_to if public else private_to
        if role in allowed:
            assert response.status_code == status, (role, url)
        elif role == "anonymous":
            assert response.status_code == 302, (role, url)
            assert response["Location"].startswith(reverse("accounts:login"))
        else:
            assert response.status_code == 403, (role, url)


@pytest.mark.parametrize("public", [True, False], ids=["public", "private"])
def test_an_organizations_logo_is_shown_to_whoever_sees_a_board(
    contest: Contest, public: bool
) -> None:
    contest.public_scoreboard = public
    contest.save()
    org = Organization.objects.create(external_id="up", name="Porto")
    org.logo.save("logo.png", ContentFile(PNG), save=True)
    url = reverse("scoreboard:logo", args=[org.pk])
    for role, user in _users().items():
        client = Client()
        if user is not None:
            client.force_login(user)
        response = client.get(url)
        if public or role != "anonymous":
            assert response.status_code == 200, role
            assert b"".join(response.streaming_content) == PNG  # type: ignore[attr-defined]
        else:
            assert response.status_code == 302
            assert response["Location"].startswith(reverse("accounts:login"))


def test_the_table_covers_every_scoreboard_url() -> None:
    with_arguments = {"logo"}  # its own test above
    names = {row[0] for row in TABLE} | with_arguments
    assert {p.name for p in scoreboard_urls.urlpatterns} == names


async def _connects(path: str) -> bool:
    communicator = WebsocketCommunicator(
        application, path, headers=[(b"origin", b"http://testserver"), (b"host", b"testserver")]
    )
    connected, _ = await communicator.connect()
    await communicator.disconnect()
    return bool(connected)


@pytest.mark.django_db(transaction=True)
def test_the_score_board_socket_follows_the_boards_audiences(memory_layer: None) -> None:
    contest = factories.running_contest(public_scoreboard=False, score_board="best-groups")
    assert not async_to_sync(_connects)(f"/ws/scores/?contest={contest.pk}")
    contest.public_scoreboard = True
    contest.save()
    assert async_to_sync(_connects)(f"/ws/scores/?contest={contest.pk}")
    contest.score_board = ""
    contest.save()
    assert not async_to_sync(_connects)(f"/ws/scores/?contest={contest.pk}")
