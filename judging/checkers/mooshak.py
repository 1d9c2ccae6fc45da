"""Mooshak's comparison: exact bytes are Accepted; outputs equal after normalisation are a
Presentation Error; anything else is a Wrong Answer.

Normalisation trims white characters and turns each run of them into one space. A problem may
name its "meaningful characters" as a regex character class ("[0-9]", "[0-9a-z]"): every other
character then counts as formatting too -- the extension Mooshak's paper asks for.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from judging.checkers.base import CheckResult
from judging.checkers.excerpt import common_prefix_length, describe, excerpt
from judging.classification import Classification

# Always formatting, whatever the meaningful class says (C's isspace set).
_WHITE = r" \t\n\r\x0b\x0c"


@dataclass(frozen=True)
class Normaliser:
    formatting: re.Pattern[str]  # a run of formatting characters
    token: re.Pattern[str]  # a run of meaningful characters
    meaningful: str | None = None

    @classmethod
    def for_class(cls, meaningful: str | None) -> Normaliser:
        """Raises ValueError when `meaningful` is not a single regex character class."""
        if meaningful is None:
            return cls(re.compile(f"[{_WHITE}]+"), re.compile(f"[^{_WHITE}]+"))
        negated, body = _split_class(meaningful)
        # Formatting = white space, plus what is outside the class (or inside a negated one).
        outside = f"[{body}]" if negated else f"[^{body}]"
        one = f"(?:[{_WHITE}]|{outside})"
        try:
            return cls(
                re.compile(f"{one}+", re.DOTALL),
                re.compile(f"(?:(?!{one}).)+", re.DOTALL),
                meaningful,
            )
        except re.error as e:
            raise ValueError(f"meaningful characters {meaningful!r}: {e}") from e

    def normalise(self, text: str) -> str:
        return self.formatting.sub(" ", text).strip(" ")

    def describe(self) -> str:
        if self.meaningful is None:
            return "white space"
        return f"white space and characters outside {self.meaningful}"


def _split_class(text: str) -> tuple[bool, str]:
    """Split "[^...]" into (negated, body), refusing anything but one bracket expression
    (so "[0-9]|x" cannot smuggle an alternation into the patterns built from it)."""
    if len(text) < 3 or text[0] != "[":
        raise ValueError(f"meaningful characters {text!r}: not a character class like [0-9]")
    negated = text[1] == "^"
    i = start = 2 if negated else 1
    if text[i : i + 1] == "]":  # a leading "]" is a literal, as in POSIX and Python
        i += 1
    while i < len(text) and text[i] != "]":
        i += 2 if text[i] == "\\" else 1
    if i != len(text) - 1 or i == start:
        raise ValueError(f"meaningful characters {text!r}: not a single character class")
    return negated, text[start:i]


def check(output: bytes, answer: bytes, *, meaningful: str | None = None) -> CheckResult:
    """Raises ValueError for a malformed `meaningful` class."""
    return compare(output, answer, Normaliser.for_class(meaningful))


def compare(output: bytes, answer: bytes, normaliser: Normaliser) -> CheckResult:
    if output == answer:
        return CheckResult(Classification.ACCEPTED)
    # surrogateescape keeps every byte (binary output compares byte for byte) while letting
    # the meaningful class talk about characters.
    out_text = output.decode("utf-8", "surrogateescape")
    ans_text = answer.decode("utf-8", "surrogateescape")
    out_norm = normaliser.normalise(out_text)
    ans_norm = normaliser.normalise(ans_text)
    if out_norm == ans_norm:
        return CheckResult(
            Classification.PRESENTATION_ERROR, _formatting_message(out_text, ans_text, normaliser)
        )
    return CheckResult(
        Classification.WRONG_ANSWER,
        _content_message(out_text, ans_text, out_norm, ans_norm, normaliser),
    )


def _formatting_message(out_text: str, ans_text: str, normaliser: Normaliser) -> str:
    pos = common_prefix_length(out_text, ans_text)
    return (
        f"Presentation Error: the output differs from the answer only in "
        f"{normaliser.describe()}.\n"
        f"First difference at {describe('output', out_text, pos)}:\n"
        f"  answer: {excerpt(ans_text, pos)}\n"
        f"  output: {excerpt(out_text, pos)}"
    )


def _content_message(
    out_text: str, ans_text: str, out_norm: str, ans_norm: str, normaliser: Normaliser
) -> str:
    # The normalised texts agree up to `k`: that is in token number `index` of both, at
    # `offset` characters into it; find that token in the raw texts for line and column.
    k = common_prefix_length(out_norm, ans_norm)
    index = ans_norm.count(" ", 0, k)
    offset = k - (ans_norm.rfind(" ", 0, k) + 1)
    out_ended, ans_ended = k == len(out_norm), k == len(ans_norm)
    out_pos = _position(out_text, normaliser, index, offset, out_ended, ans_ended)
    ans_pos = _position(ans_text, normaliser, index, offset, ans_ended, out_ended)
    return (
        f"Wrong Answer: first difference (ignoring {normaliser.describe()}) at "
        f"{describe('output', out_text, out_pos)} "
        f"({describe('answer', ans_text, ans_pos)}):\n"
        f"  answer: {excerpt(ans_text, ans_pos)}\n"
        f"  output: {excerpt(out_text, out_pos)}"
    )


def _position(
    text: str, normaliser: Normaliser, index: int, offset: int, ended: bool, other_ended: bool
) -> int:
    """Where the first difference is in the raw text: inside token `index`, at its end, at
    the next token when the other side has nothing more, or at the end of the text."""
    if ended:
        return len(text)
    tokens = islice(normaliser.token.finditer(text), index, None)
    match = next(tokens)  # exists: this side's normalised text goes on past `k`
    if offset < match.end() - match.start() or not other_ended:
        return match.start() + offset
    return next(tokens).start()


class MooshakChecker:
    def __init__(self, meaningful: str | None = None) -> None:
        self._normaliser = Normaliser.for_class(meaningful)

    def check(
        self, *, input: Path, answer: Path, output: Path, flags: Sequence[str] | None = None
    ) -> CheckResult:
        return compare(output.read_bytes(), answer.read_bytes(), self._normaliser)

    def close(self) -> None:
        pass
