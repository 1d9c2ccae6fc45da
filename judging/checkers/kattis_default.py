"""The Kattis/problemtools default output validator, token for token.

Both files are split into tokens at C's white space (space, \\t, \\n, \\v, \\f, \\r). Tokens
compare case-insensitively (ASCII) unless `case_sensitive`; with a float tolerance, a judge
token that is a finite float (strtod syntax, hex floats included; "inf"/"nan" are strings)
needs a user float within the absolute *or* the relative tolerance. `space_change_sensitive`
makes every white-space byte count. Messages match problemtools' judgemessage.txt byte for byte.

Packages of format 2023-07 and later get that format's own number grammar instead ("General
requirements": decimal only, `digit* . digit+ | digit+ . | digit+`, an exponent needs its
digits; no hex, no inf/nan), and its rule that a tolerance is given at most once.

One deliberate difference: problemtools compares C strings, so a NUL byte ends a token there;
here the whole token counts (a stray NUL is never silently accepted).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from judging.checkers import kattis_messages as msg
from judging.checkers.base import CheckResult, ValidatorError
from judging.classification import Classification

_SPACE = re.compile(rb"[ \t\n\r\x0b\x0c]*")
_SPACE_RUN = re.compile(rb"[ \t\n\r\x0b\x0c]+")
_TOKEN_RUN = re.compile(rb"[^ \t\n\r\x0b\x0c]+")
# What glibc's sscanf("%lf") consumes completely; an exponent marker may lack its digits.
_DECIMAL = re.compile(rb"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?P<exp>[eE][+-]?(?P<digits>[0-9]*))?")
_HEX = re.compile(
    rb"[+-]?0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?P<exp>[pP][+-]?(?P<digits>[0-9]*))?"
)
_HEX_NOTHING = re.compile(rb"[+-]?0[xX]\.")
# The 2023-07 format's float grammar, General requirements.
_FORMAT_FLOAT = re.compile(rb"[+-]?(?:[0-9]*\.[0-9]+|[0-9]+\.?)(?:[eE][+-]?[0-9]+)?")
GRAMMARS = ("problemtools", "2023-07")
_TOLERANCES = ("float_absolute_tolerance", "float_relative_tolerance", "float_tolerance")


@dataclass(frozen=True)
class Options:
    case_sensitive: bool = False
    space_change_sensitive: bool = False
    float_absolute_tolerance: float = -1.0  # negative: not used
    float_relative_tolerance: float = -1.0
    grammar: str = "problemtools"  # of GRAMMARS: which tokens are numbers

    @property
    def use_floats(self) -> bool:
        return self.float_absolute_tolerance >= 0 or self.float_relative_tolerance >= 0


def parse_flags(flags: Sequence[str], grammar: str = "problemtools") -> Options:
    """The validator's flags; raises ValueError on anything it would refuse."""
    if grammar not in GRAMMARS:
        raise ValueError(f"unknown number grammar {grammar!r}")
    case = space = False
    absolute = relative = -1.0
    tolerances: list[str] = []
    i = 0
    while i < len(flags):
        flag = flags[i]
        if flag == "case_sensitive":
            case = True
        elif flag == "space_change_sensitive":
            space = True
        elif flag in _TOLERANCES:
            value = parse_float(flags[i + 1].encode(), grammar) if i + 1 < len(flags) else None
            if value is None:
                raise ValueError(f"{flag} needs a finite number after it")
            if flag != "float_relative_tolerance":
                absolute = value
            if flag != "float_absolute_tolerance":
                relative = value
            tolerances.append(flag)
            i += 1
        else:
            raise ValueError(f"unknown flag {flag!r}")
        i += 1
    if grammar != "problemtools":
        _check_tolerances_once(tolerances)
    return Options(case, space, absolute, relative, grammar)


def _check_tolerances_once(given: list[str]) -> None:
    # 2023-07: "an error to provide any of [them] more than once, or float_tolerance alongside".
    if len(given) != len(set(given)) or ("float_tolerance" in given and len(given) > 1):
        raise ValueError(f"tolerances given more than once: {' '.join(given)}")


def parse_float(token: bytes, grammar: str = "problemtools") -> float | None:
    """The token's value if it is a number of `grammar`: for problemtools, what C's isfloat()
    accepts (fully parsed, finite); for 2023-07, the format's decimal grammar."""
    if grammar != "problemtools":
        if not _FORMAT_FLOAT.fullmatch(token):
            return None
        value = float(token)  # the grammar is a subset of what float() reads
        return value if math.isfinite(value) else None
    if b"_" not in token:
        # Python's float() reads strtod's decimal syntax, except the odd cases below (and
        # "1_0", refused above), and is much faster than matching first.
        try:
            value = float(token)
        except ValueError:
            pass
        else:
            return value if math.isfinite(value) else None
    try:
        if match := _DECIMAL.fullmatch(token):
            value = float(_without_empty_exponent(token, match))
        elif match := _HEX.fullmatch(token):
            value = float.fromhex(_without_empty_exponent(token, match).decode("ascii"))
        elif _HEX_NOTHING.fullmatch(token):  # glibc reads a bare "0x." as zero
            value = -0.0 if token.startswith(b"-") else 0.0
        else:
            return None
    except OverflowError:  # fromhex refuses what strtod would make infinite
        return None
    return value if math.isfinite(value) else None


def _without_empty_exponent(token: bytes, match: re.Match[bytes]) -> bytes:
    # glibc consumes a dangling "e", "e+" or "p-" and ignores it; Python would refuse it.
    return token[: match.start("exp")] if match.group("digits") == b"" else token


def _skip(pattern: re.Pattern[bytes], data: bytes, pos: int) -> int:
    match = pattern.match(data, pos)
    assert match is not None  # white space may be empty; tokens are looked for where one starts
    return match.end()


@dataclass(frozen=True)
class Outcome:
    accepted: bool
    message: bytes = b""  # judgemessage.txt without its final newline
    answer_pos: int = 0  # byte offsets of the difference (diffposition.txt)
    output_pos: int = 0


class _Reject(Exception):
    def __init__(self, body: bytes, answer_pos: int, output_pos: int) -> None:
        super().__init__()
        self.body, self.answer_pos, self.output_pos = body, answer_pos, output_pos


def compare(answer: bytes, output: bytes, options: Options) -> Outcome:
    if answer == output:  # identical files pass under every flag combination
        return Outcome(True)
    if not options.space_change_sensitive and _same_tokens(answer, output, options):
        return Outcome(True)
    try:
        if options.space_change_sensitive:
            _walk(answer, output, options)
        else:
            _walk_tokens(answer, output, options)
    except _Reject as r:
        header = msg.header(
            output.count(b"\n", 0, r.output_pos) + 1, answer.count(b"\n", 0, r.answer_pos) + 1
        )
        return Outcome(False, header + r.body, r.answer_pos, r.output_pos)
    return Outcome(True)


def _same_tokens(answer: bytes, output: bytes, options: Options) -> bool:
    """Equal token sequences (at C speed): equal tokens pass under every tolerance, and
    tokens equal but for ASCII case pass unless case_sensitive (as floats, "1E5" is "1e5")."""
    if not options.case_sensitive:
        answer, output = answer.lower(), output.lower()
    return _single_spaced(answer) == _single_spaced(output)


def _single_spaced(data: bytes) -> bytes:
    return _SPACE_RUN.sub(b" ", data).strip(b" ")


def _walk_tokens(answer: bytes, output: bytes, options: Options) -> None:
    """_walk without space_change_sensitive, where only the tokens matter (and it is faster)."""
    users = _TOKEN_RUN.finditer(output)
    first = True
    for judge in _TOKEN_RUN.finditer(answer):
        user = next(users, None)
        if user is None:
            body = msg.user_eof(judge.group(), first, not output)
            raise _Reject(body, judge.start(), len(output))
        _compare_tokens(judge.group(), user.group(), options, judge.start(), user.start())
        first = False
    user = next(users, None)
    if user is not None:
        raise _Reject(msg.trailing(user.group()), len(answer), user.start())


def _walk(answer: bytes, output: bytes, options: Options) -> None:
    """Raise _Reject at the first difference, like problemtools' main loop."""
    a = o = 0  # bytes consumed so far
    first = True
    while True:
        a_next = _skip(_SPACE, answer, a)
        o_next = _skip(_SPACE, output, o)
        if options.space_change_sensitive:
            _check_space(answer, a, a_next, output, o, o_next)
        a, o = a_next, o_next
        if a == len(answer):
            break
        a_end = _skip(_TOKEN_RUN, answer, a)
        if o == len(output):
            raise _Reject(msg.user_eof(answer[a:a_end], first, o == 0), a, o)
        o_end = _skip(_TOKEN_RUN, output, o)
        _compare_tokens(answer[a:a_end], output[o:o_end], options, a, o)
        a, o, first = a_end, o_end, False
    if o < len(output):
        token = output[o : _skip(_TOKEN_RUN, output, o)]
        raise _Reject(msg.trailing(token), a, o)


def _check_space(answer: bytes, a: int, a_next: int, output: bytes, o: int, o_next: int) -> None:
    """Every white-space byte of the answer must be the user's next byte, and no more."""
    judge_space = answer[a:a_next]
    if output[o : o + len(judge_space)] != judge_space:
        for i, c in enumerate(judge_space):
            d = output[o + i] if o + i < len(output) else -1  # -1: C's EOF
            if c != d:
                raise _Reject(msg.space_changed(d, c), a + i, o + i)
    if o_next > o + len(judge_space):
        raise _Reject(msg.space_extra(output[o + len(judge_space)]), a_next, o + len(judge_space))


def _compare_tokens(judge: bytes, user: bytes, options: Options, a: int, o: int) -> None:
    if judge == user:  # passes under every flag combination, and most tokens are equal
        return
    judge_value = parse_float(judge, options.grammar) if options.use_floats else None
    if judge_value is not None:
        _compare_floats(judge, user, judge_value, options, a, o)
    elif judge != user if options.case_sensitive else judge.lower() != user.lower():
        raise _Reject(msg.mismatch(judge, user, options.case_sensitive), a, o)


def _compare_floats(
    judge: bytes, user: bytes, judge_value: float, options: Options, a: int, o: int
) -> None:
    user_value = parse_float(user, options.grammar)
    if user_value is None:
        raise _Reject(msg.expected_float(user), a, o)
    error = abs(judge_value - user_value)
    absolute, relative = options.float_absolute_tolerance, options.float_relative_tolerance
    if not (error <= absolute or error <= relative * abs(judge_value)):
        body = msg.too_far(judge, user, judge_value, error, absolute, relative)
        raise _Reject(body, a, o)


def check(output: bytes, answer: bytes, options: Options) -> CheckResult:
    outcome = compare(answer, output, options)
    if outcome.accepted:
        return CheckResult(Classification.ACCEPTED)
    return CheckResult(Classification.WRONG_ANSWER, outcome.message.decode("utf-8", "replace"))


class KattisChecker:
    def __init__(self, options: Options) -> None:
        self._options = options
        self._per_flags: dict[tuple[str, ...], Options] = {}

    def check(
        self, *, input: Path, answer: Path, output: Path, flags: Sequence[str] | None = None
    ) -> CheckResult:
        """`flags`: the test's own (its group's), else the problem's options."""
        return check(output.read_bytes(), answer.read_bytes(), self._options_for(flags))

    def _options_for(self, flags: Sequence[str] | None) -> Options:
        if flags is None:
            return self._options
        key = tuple(flags)
        if key not in self._per_flags:
            try:
                self._per_flags[key] = parse_flags(key, self._options.grammar)
            except ValueError as error:
                shown = " ".join(key)
                raise ValidatorError(f"default validator flags {shown!r}: {error}") from None
        return self._per_flags[key]

    def close(self) -> None:
        pass
