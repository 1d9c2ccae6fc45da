"""Reading and adjusting a Java solution's source before it is compiled with the harness.

LeetCode accepts `public class Foo` in any file, packages nothing, and imports java.util for
you. To compile such a file as Solution.java, the adapter blanks the `public` modifiers of the
top-level types and any `package` declaration (spaces, so line and column numbers stay right),
and puts the implicit imports on the first line, before the solution's own text. It also needs
the names of the top-level types: the harness provides ListNode, TreeNode and Node only when
the solution does not declare its own.

This is a scanner, not a parser: it skips comments, strings, text blocks and character literals
and counts braces, which is all the top level needs.
"""

from __future__ import annotations

from dataclasses import dataclass

IMPLICIT_IMPORTS = "import java.util.*; import java.util.function.*; import java.util.stream.*; "
TYPE_KEYWORDS = frozenset({"class", "interface", "enum", "record"})


@dataclass(frozen=True)
class Outline:
    top_level_types: tuple[str, ...]  # in source order
    blanks: tuple[tuple[int, int], ...]  # [start, end) spans to blank: `public`, `package ...;`


def outline(source: str) -> Outline:
    types: list[str] = []
    blanks: list[tuple[int, int]] = []
    depth = 0
    previous = ""
    i = 0
    while i < len(source):
        skipped = _skip_literal_or_comment(source, i)
        if skipped != i:
            i = skipped
            continue
        c = source[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth = max(depth - 1, 0)
        elif _identifier_part(c) and not c.isdigit():
            end = _word_end(source, i)
            word = source[i:end]
            if depth == 0:
                if previous in TYPE_KEYWORDS:
                    types.append(word)
                elif word == "public":
                    blanks.append((i, end))
                elif word == "package" and not types:
                    end = _statement_end(source, end)
                    blanks.append((i, end))
            previous = word
            i = end
            continue
        elif not c.isspace() and c != "@":
            previous = c
        i += 1
    return Outline(tuple(types), tuple(blanks))


def _word_end(source: str, i: int) -> int:
    end = i + 1
    while end < len(source) and _identifier_part(source[end]):
        end += 1
    return end


def _identifier_part(c: str) -> bool:
    return c.isidentifier() or c.isdigit() or c == "$"


def _statement_end(source: str, i: int) -> int:
    end = source.find(";", i)
    return len(source) if end < 0 else end + 1


def _skip_literal_or_comment(source: str, i: int) -> int:
    """The index after the comment or literal starting at `i`, or `i` if none starts there."""
    if source.startswith("//", i):
        end = source.find("\n", i)
        return len(source) if end < 0 else end
    if source.startswith("/*", i):
        end = source.find("*/", i + 2)
        return len(source) if end < 0 else end + 2
    if source.startswith('"""', i):
        return _closing(source, i + 3, '"""')
    if source[i] in "\"'":
        return _closing(source, i + 1, source[i])
    return i


def _closing(source: str, i: int, quote: str) -> int:
    while i < len(source):
        if source[i] == "\\":
            i += 2
        elif source.startswith(quote, i):
            return i + len(quote)
        elif source[i] == "\n" and len(quote) == 1:
            return i  # an unterminated literal: javac will say so
        else:
            i += 1
    return len(source)


def rewrite(source: str, found: Outline) -> str:
    """The source to compile: blanks applied, implicit imports on line 1."""
    chars = list(source)
    for start, end in found.blanks:
        for k in range(start, end):
            if chars[k] not in "\r\n":
                chars[k] = " "
    return IMPLICIT_IMPORTS + "".join(chars).removeprefix("\ufeff")
