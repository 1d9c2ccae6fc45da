"""In which harness languages a function problem is judged, and why not (read side of
judge.services.coverage): for the team's page, the jury's problem page, the API and the
submission rules."""

from __future__ import annotations

from dataclasses import dataclass

from contest.models import Language, Problem
from judge.models import CoverageState, LanguageCoverage

# Re-exported: the pages list languages in the harness registry's order.
from judging.functions.adapters.registry import HARNESS_LANGUAGES as HARNESS_LANGUAGES


@dataclass(frozen=True)
class LanguageStatus:
    language_id: str
    name: str
    state: str  # CoverageState value
    label: str  # "judged", "verifying…", "not judged (reference fails)"
    detail: str
    enabled: bool  # the admin accepts this language in the contest

    @property
    def judged(self) -> bool:
        return self.enabled and self.state == CoverageState.VERIFIED


def language_statuses(problem: Problem) -> list[LanguageStatus]:
    """Per harness language, whether the problem is judged there (harness order)."""
    rows = {
        c.language_id: c
        for c in LanguageCoverage.objects.filter(
            problem=problem, case_file_sha=problem.case_file_id or ""
        )
    }
    languages = {lang.id: lang for lang in Language.objects.filter(id__in=HARNESS_LANGUAGES)}
    return [_status(language_id, rows, languages) for language_id in HARNESS_LANGUAGES]


def _status(
    language_id: str, rows: dict[str, LanguageCoverage], languages: dict[str, Language]
) -> LanguageStatus:
    row, language = rows.get(language_id), languages.get(language_id)
    state = row.state if row else CoverageState.PENDING
    return LanguageStatus(
        language_id=language_id,
        name=language.name if language else language_id,
        state=state,
        label=CoverageState(state).label,
        detail=row.detail if row else "",
        enabled=language is not None and language.enabled,
    )


def refusal(problem: Problem, language: Language) -> str | None:
    """Why `language` may not be submitted for this function problem, or None if it may."""
    if language.id not in HARNESS_LANGUAGES:
        names = ", ".join(s.name for s in language_statuses(problem) if s.judged)
        return (
            f"Problem {problem.letter} asks for a function; {language.name} has no harness. "
            f"Judged languages: {names or 'none yet'}."
        )
    row = LanguageCoverage.objects.filter(
        problem=problem, language_id=language.id, case_file_sha=problem.case_file_id or ""
    ).first()
    if row is not None and row.state == CoverageState.VERIFIED:
        return None
    if row is not None and row.state == CoverageState.FAILED:
        return (
            f"Problem {problem.letter} is not judged in {language.name}: its reference "
            "solution does not pass there."
        )
    return (
        f"Problem {problem.letter} is not judged in {language.name} yet: its reference "
        "solution is still being verified. Try again in a minute."
    )
