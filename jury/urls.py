"""The jury's pages, mounted at /jury/."""

from __future__ import annotations

from django.urls import path

from jury.views import (
    answers,
    audit,
    balloons,
    clarifications,
    compilers,
    contest_package,
    function_problems,
    imports,
    prints,
    problems,
    queue,
    rejudges,
    statistics,
    submissions,
    teams,
    workers,
)

app_name = "jury"

CLAR = "clarifications/<int:pk>/"

urlpatterns = [
    path("", queue.queue, name="home"),
    path("submissions/<int:pk>/", submissions.detail, name="submission"),
    path("submissions/<int:pk>/validate/", submissions.validate, name="validate"),
    path("submissions/<int:pk>/change/", submissions.change, name="change"),
    path("submissions/<int:pk>/reevaluate/", submissions.reevaluate, name="reevaluate"),
    path("submissions/<int:pk>/make-current/", submissions.make_current, name="make_current"),
    path("submissions/<int:pk>/compare/<int:old>/<int:new>/", submissions.compare, name="compare"),
    path("submissions/<int:pk>/runs/<int:run>/", submissions.run_detail, name="run"),
    path("tests/<int:test>/<str:kind>/", submissions.test_data, name="test_data"),
    path("rejudges/", rejudges.index, name="rejudges"),
    path("rejudges/new/", rejudges.create, name="rejudge_new"),
    path("rejudges/<int:pk>/", rejudges.detail, name="rejudge"),
    path("rejudges/<int:pk>/progress/", rejudges.progress, name="rejudge_progress"),
    path("rejudges/<int:pk>/apply/", rejudges.apply, name="rejudge_apply"),
    path("rejudges/<int:pk>/cancel/", rejudges.cancel, name="rejudge_cancel"),
    path("audit/", audit.audit_log, name="audit"),
    path("statistics/", statistics.index, name="statistics"),
    path("statistics/<slug:name>.json", statistics.data, name="statistics_data"),
    path("balloons/", balloons.index, name="balloons"),
    path("balloons/<int:pk>/deliver/", balloons.deliver, name="balloon_deliver"),
    path("balloons/<int:pk>/undeliver/", balloons.undeliver, name="balloon_undeliver"),
    path("workers/", workers.index, name="workers"),
    path("workers/status/", workers.status, name="workers_status"),
    path(
        "workers/judgements/<int:pk>/requeue/",
        workers.requeue_judgement,
        name="workers_requeue",
    ),
    path("prints/", prints.index, name="prints"),
    path("prints/<int:pk>/pdf/", prints.pdf, name="print_pdf"),
    path("prints/<int:pk>/print/", prints.send, name="print_send"),
    path("prints/<int:pk>/deliver/", prints.deliver, name="print_deliver"),
    path("prints/<int:pk>/undeliver/", prints.undeliver, name="print_undeliver"),
    path("languages/", compilers.index, name="languages"),
    path("languages/<slug:pk>/", compilers.edit, name="language"),
    path("languages/<slug:pk>/selftest/", compilers.selftest, name="language_selftest"),
    path("selftests/<int:pk>/", compilers.selftest_detail, name="selftest"),
    path("problems/", problems.index, name="problems"),
    path("problems/new/", problems.create, name="problem_new"),
    path("problems/import/", imports.start, name="problem_import"),
    path("problems/imports/<int:pk>/", imports.detail, name="package_import"),
    path("problems/imports/<int:pk>/status/", imports.status, name="package_import_status"),
    path(
        "problems/import-function/",
        function_problems.import_function,
        name="function_problem_import",
    ),
    path("problems/<int:pk>/", problems.edit, name="problem"),
    path("problems/<int:pk>/reverify/", function_problems.reverify, name="problem_reverify"),
    path("problems/<int:pk>/tests/", problems.upload_tests, name="problem_tests"),
    path("problems/<int:pk>/groups/", problems.groups, name="problem_groups"),
    path("problems/<int:pk>/solution/", answers.model_solution, name="problem_solution"),
    path("problems/<int:pk>/answers/", answers.make_answers, name="problem_answers"),
    path("problems/<int:pk>/statement/", problems.statement, name="statement"),
    path("settings/", problems.contest_settings, name="contest_settings"),
    path("teams/", teams.index, name="teams"),
    path("teams/import/", teams.import_teams, name="teams_import"),
    path("teams/export/<str:name>", teams.export, name="teams_export"),
    path("teams/passwords/", teams.generate_passwords, name="teams_passwords"),
    path("contest-package/", contest_package.index, name="contest_package"),
    path("contest-package/import/", contest_package.import_package, name="contest_package_import"),
    path("clarifications/", clarifications.index, name="clarifications"),
    path("clarifications/announce/", clarifications.announce, name="announce"),
    path(CLAR, clarifications.detail, name="clarification"),
    path(f"{CLAR}claim/", clarifications.claim, name="clarification_claim"),
    path(f"{CLAR}release/", clarifications.release, name="clarification_release"),
    path(f"{CLAR}answer/", clarifications.answer, name="clarification_answer"),
    path(
        "clarifications/<int:pk>/no-reply/", clarifications.no_reply, name="clarification_no_reply"
    ),
    path(f"{CLAR}edit/", clarifications.edit, name="clarification_edit"),
    path(
        "clarifications/<int:pk>/withdraw/", clarifications.withdraw, name="clarification_withdraw"
    ),
]
