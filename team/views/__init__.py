from team.views.pages import home, problem_detail, problem_input, problem_list, problem_pdf
from team.views.submissions import (
    submission_detail,
    submission_list,
    submission_source,
    submit,
)

__all__ = [
    "home",
    "problem_detail",
    "problem_input",
    "problem_list",
    "problem_pdf",
    "submission_detail",
    "submission_list",
    "submission_source",
    "submit",
]
