"""problemtools' judgemessage.txt texts, as bytes (tokens may be any bytes at all).

Long tokens are shortened like problemtools does since it stopped writing huge messages for
outputs without spaces: one token is cut after 30 bytes; two differing tokens show up to 15
bytes of their common prefix, "...", then 15 bytes from the first difference. A cut never
splits a UTF-8 character (it moves on over at most 4 continuation bytes).
"""

from __future__ import annotations

from judging.checkers.excerpt import common_prefix_length

_SINGLE = 30
_HALF = 15
_CONTINUATION_MAX = 4
_DOTS = b"..."


def header(output_line: int, answer_line: int) -> bytes:
    return b"Wrong answer on line %d of output (corresponding to line %d in answer file)\n" % (
        output_line,
        answer_line,
    )


def user_eof(judge_token: bytes, first_token: bool, empty: bool) -> bytes:
    if not first_token:
        detail = b""
    elif empty:
        detail = b"; user output was empty."
    else:
        detail = b"; user output contained only whitespace."
    return b"User EOF while judge had more output%s\n(Next judge token: %s)" % (
        detail,
        shorten(judge_token),
    )


def trailing(user_token: bytes) -> bytes:
    return b"Trailing output:\n" + shorten(user_token)


def space_changed(got: int, expected: int) -> bytes:
    return b"Space change error: got %d expected %d" % (got, expected)


def space_extra(got: int) -> bytes:
    return b"Space change error: judge out of space, got %d from user" % got


def expected_float(user_token: bytes) -> bytes:
    return b"Expected float, got: " + shorten(user_token)


def too_far(
    judge: bytes, user: bytes, judge_value: float, error: float, absolute: float, relative: float
) -> bytes:
    if judge_value == 0:
        relative_error = b"undefined, judge value is 0"
    else:
        relative_error = _e(error / abs(judge_value))
    return (
        b"Too large difference.\n Judge: %s\n User:  %s\n"
        b" Absolute error: %s (abs tolerance %s)\n"
        b" Relative error: %s (rel tolerance %s)"
        % (shorten(judge), shorten(user), _e(error), _e(absolute), relative_error, _e(relative))
    )


def mismatch(judge: bytes, user: bytes, case_sensitive: bool) -> bytes:
    folded = (judge, user) if case_sensitive else (judge.lower(), user.lower())
    diff = common_prefix_length(*folded)
    return b'String tokens mismatch\nJudge: "%s"\nUser: "%s"' % (
        _around(judge, diff),
        _around(user, diff),
    )


def shorten(token: bytes) -> bytes:
    end = _cut(token, _SINGLE)
    return token if end >= len(token) else token[:end] + _DOTS


def _around(token: bytes, diff: int) -> bytes:
    """The token's start and the part from the first difference on, each cut short."""
    head = _cut(token, _HALF)
    end = _cut(token, diff + _HALF)
    # When the difference is near the start there is nothing worth skipping in between.
    skip = diff > _HALF and head < diff
    shown = token[:head] + _DOTS + token[diff:end] if skip else token[:end]
    return shown + (_DOTS if end < len(token) else b"")


def _cut(token: bytes, end: int) -> int:
    stop = min(len(token), end + _CONTINUATION_MAX)
    while end < stop and token[end] & 0xC0 == 0x80:
        end += 1
    return end


def _e(value: float) -> bytes:
    return b"%.6e" % value  # C's %le, "inf" included
