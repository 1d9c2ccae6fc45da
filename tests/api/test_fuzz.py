"""Fuzzing the API with Hypothesis: whatever a client sends, the answer is never a 5xx, and
every refusal is the spec's error object. Bounded (max_examples) so CI stays quick."""

from __future__ import annotations

import base64
import json
from typing import Any
from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts.models import User
from contest.models import Language, Problem
from tests.api.conftest import PY_SOURCE, basic, zipped

pytestmark = pytest.mark.django_db

URL = "/api/contests/test/submissions"
BUDGET = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Text of every kind: control characters, NUL, unpaired surrogates, digits of other scripts.
any_text = st.text(st.characters(codec=None), max_size=30) | st.sampled_from(
    ["", "²", "\u0661", "1", "0", "-1", "9" * 30, "\x00", "\ud800", 'a"b', "a\r\nb", "../x"]
)
# What a zip member may be called (zipfile cannot store an empty or unencodable name).
zip_names = st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=30).filter(
    lambda name: not name.endswith("/")
) | st.sampled_from(["sum.py", 'a"b.py', "a\r\nb.py", "sum\x00.py", ".py", "x/sum.py"])
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | any_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(any_text, inner, max_size=4),
    max_leaves=12,
)


def _assert_no_server_error(response: Any) -> None:
    assert response.status_code < 500, response.content[:500]
    if response.status_code >= 400:
        payload = response.json()
        assert payload["code"] == response.status_code and payload["message"]


@st.composite
def submission_bodies(draw: st.DrawFn, problem_id: str) -> Any:
    """Mostly well-formed bodies with one part broken, and some arbitrary JSON."""
    files: Any = draw(
        st.sampled_from([[{"data": zipped({"sum.py": PY_SOURCE})}]])
        | st.builds(lambda name: [{"data": zipped({name: PY_SOURCE})}], zip_names)
        | json_values
    )
    body = {
        "problem_id": draw(st.just(problem_id) | json_values),
        "language_id": draw(st.sampled_from(["python3", "cpp"]) | json_values),
        "files": files,
    }
    extra = draw(st.dictionaries(st.sampled_from(["team_id", "entry_point", "id"]), json_values))
    return draw(st.just({**body, **extra}) | json_values)


@pytest.fixture
def ready(problem: Problem, languages: dict[str, Language], team_user: User) -> Problem:
    return problem


@BUDGET
@given(data=st.data())
def test_no_submission_body_is_a_server_error(ready: Problem, data: st.DataObject) -> None:
    body = data.draw(submission_bodies(str(ready.pk)))
    text = json.dumps(body)  # NaN and Infinity included, as Python's json reads them
    response = Client().post(URL, text, content_type="application/json", **basic("alpha1"))
    _assert_no_server_error(response)


@BUDGET
@given(raw=st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_no_raw_body_is_a_server_error(ready: Problem, raw: bytes) -> None:
    response = Client().post(URL, raw, content_type="application/json", **basic("alpha1"))
    _assert_no_server_error(response)


PATHS = [
    "contests/{}",
    "contests/test/problems/{}",
    "contests/test/languages/{}",
    "contests/test/teams/{}",
    "contests/test/groups/{}",
    "contests/test/judgement-types/{}",
    "contests/test/submissions/{}",
    "contests/test/submissions/{}/files",
    "contests/test/judgements/{}",
    "contests/test/submissions?team_id={}",
    "contests/test/judgements?judgement_type_id={}",
]


@BUDGET
@given(template=st.sampled_from(PATHS), part=any_text)
def test_no_url_is_a_server_error(ready: Problem, template: str, part: str) -> None:
    encoded = quote(part.encode("utf-8", "surrogatepass"), safe="")
    response = Client().get("/api/" + template.format(encoded), **basic("alpha1"))
    _assert_no_server_error(response)


@BUDGET
@given(
    scheme=st.sampled_from(["Basic ", "Bearer ", "basic ", "", "Digest "]),
    credentials=any_text,
    encode=st.booleans(),
)
def test_no_authorization_header_is_a_server_error(
    ready: Problem, scheme: str, credentials: str, encode: bool
) -> None:
    value = credentials
    if encode:
        value = base64.b64encode(credentials.encode("utf-8", "surrogatepass")).decode()
    # A header travels as latin-1 over HTTP; WSGI hands it over decoded that way.
    header = (scheme + value).encode("utf-8", "surrogatepass").decode("latin-1")
    response = Client().get(URL, HTTP_AUTHORIZATION=header)
    _assert_no_server_error(response)
