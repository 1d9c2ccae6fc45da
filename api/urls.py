"""The Contest API under /api/ (the spec's baseurl). Paths have no trailing slash, as in the
spec's examples."""

from __future__ import annotations

from django.urls import path, re_path

from api.feed.stream import event_feed
from api.views import awards, clarifications, config, coverage, live, meta, scoreboard

app_name = "api"

C = "contests/<slug:cid>"

urlpatterns = [
    path("", meta.api_info, name="info"),
    path("contests", config.contests, name="contests"),
    path(C, config.contest, name="contest"),
    path(f"{C}/access", meta.access, name="access"),
    path(f"{C}/state", config.state, name="state"),
    path(f"{C}/problems", config.problems, name="problems"),
    path(f"{C}/problems/<str:pid>", config.problem, name="problem"),
    # Juiz's extension (not a CCS endpoint): per problem, the languages it is judged in.
    path(f"{C}/problem-languages", coverage.problem_languages, name="problem-languages"),
    path(f"{C}/languages", config.languages, name="languages"),
    path(f"{C}/languages/<str:lid>", config.language, name="language"),
    path(f"{C}/groups", config.groups, name="groups"),
    path(f"{C}/groups/<str:gid>", config.group, name="group"),
    path(f"{C}/organizations", config.organizations, name="organizations"),
    path(f"{C}/organizations/<str:oid>", config.organization, name="organization"),
    path(f"{C}/teams", config.teams, name="teams"),
    path(f"{C}/teams/<str:tid>", config.team, name="team"),
    path(f"{C}/accounts", config.accounts, name="accounts"),
    path(f"{C}/accounts/<str:aid>", config.account, name="account"),
    path(f"{C}/judgement-types", config.judgement_types, name="judgement-types"),
    path(f"{C}/judgement-types/<str:jtid>", config.judgement_type, name="judgement-type"),
    path(f"{C}/submissions", live.submissions, name="submissions"),
    path(f"{C}/submissions/<str:sid>", live.submission, name="submission"),
    path(f"{C}/submissions/<str:sid>/files", live.submission_files, name="submission-files"),
    path(f"{C}/judgements", live.judgements, name="judgements"),
    path(f"{C}/judgements/<str:jid>", live.judgement, name="judgement"),
    path(f"{C}/runs", live.runs_list, name="runs"),
    path(f"{C}/runs/<str:rid>", live.run, name="run"),
    path(f"{C}/awards", awards.awards, name="awards"),
    path(f"{C}/awards/<str:aid>", awards.award, name="award"),
    path(f"{C}/scoreboard", scoreboard.scoreboard, name="scoreboard"),
    path(f"{C}/clarifications", clarifications.clarifications, name="clarifications"),
    path(f"{C}/clarifications/<str:clid>", clarifications.clarification, name="clarification"),
    path(f"{C}/event-feed", event_feed, name="event-feed"),
    # Last: any other path under /api/ is the spec's JSON 404, not the site's HTML page.
    re_path(r"", meta.unknown, name="unknown"),
]
