"""Splitting a Stars-family text into blocks: one a hand, or text between hands.

Hands are split on the header, not only on blank lines; a header glued into the middle of a
line ends the hand before it as truncated. A blank line or a Zoom archive separator
(``*********** # 1 **************``) ends a hand. Text outside hands is kept together up to
the next header, to be rejected as one block (a tournament summary as ``NOT_A_HAND``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from parsers.starslike.text import Dialect

_ZOOM_SEPARATOR = re.compile(r"^\*{3,}\s\#\s\d+\s\*{3,}$")  # *********** # 1 **************


@dataclass(slots=True)
class Block:
    """The lines of one hand (``is_hand``, lines as in the text) or of text that is not a hand."""

    first_line: int
    lines: list[str]
    is_hand: bool
    glued: bool = False  # the next header starts inside this block's last line


#: what ends a hand: a blank line, or a Zoom archive separator line
_HAND_END = re.compile(r"\n[ \t]*(?:\n|\*{3,}[ \t]\#[ \t]\d+[ \t]\*{3,}[ \t]*(?:\n|$))")


def split_blocks(text: str, dialect: Dialect) -> Iterator[Block]:
    """Hands start at a header, anywhere in a line; a blank line or a Zoom archive separator
    ends a hand. Text outside hands is kept together up to the next header."""
    starts = _header_starts(text, dialect)
    starts.append(len(text))
    yield from _outside(text, 0, starts[0], 1)
    line = 1 + text.count("\n", 0, starts[0])
    search = _HAND_END.search
    start = starts[0]
    for stop in starts[1:]:
        end = search(text, start, stop)  # as in text[start:stop]: the pattern looks at no more
        if end is None:
            segment = text[start:stop]
            line_start = text.rfind("\n", 0, stop) + 1
            glued = stop < len(text) and not text[line_start:stop].isspace() and line_start < stop
            yield Block(line, segment.split("\n"), True, glued)
            line += segment.count("\n")
        else:
            cut = end.start()
            lines = text[start:cut].split("\n")
            yield Block(line, lines, True)
            inside = len(lines) - 1  # the line ends in the hand
            after = text[cut + 1 : stop]
            if after.strip():  # the usual blank lines between hands hold nothing
                yield from _outside(text, cut + 1, stop, line + inside + 1)
            line += inside + 1 + after.count("\n")
        start = stop


def _header_starts(text: str, dialect: Dialect) -> list[int]:
    """Where the headers start: each place a header word occurs, checked by the header pattern
    in a window around it (much faster than running the pattern over the whole text)."""
    starts = [_header_at(text, dialect, at) for at, _ in _header_words(text, dialect.header_words)]
    starts = [start for start in starts if start >= 0]
    starts.sort()
    return starts


def _header_words(text: str, words: tuple[str, ...]) -> Iterator[tuple[int, str]]:
    """Every place a header word occurs (``str.find`` from the end of the one before). Words
    that end in their only ``#`` (as every dialect's do) are found in one pass over the text,
    from each ``#``: such a word cannot overlap itself."""
    if not all(word.endswith("#") and word.count("#") == 1 for word in words):
        for word in words:
            at = text.find(word)
            while at >= 0:
                yield at, word
                at = text.find(word, at + len(word))
        return
    # the words by their length: at each "#", one slice a length and a set look-up (a str.startswith
    # with a start costs several times a slice here: its arguments are parsed at each call)
    by_length: dict[int, set[str]] = {}
    for word in words:
        by_length.setdefault(len(word) - 1, set()).add(word)
    lengths = sorted(by_length.items())
    find = text.find
    sign = find("#")
    while sign >= 0:
        for before, same_length in lengths:
            if sign >= before:
                word = text[sign - before : sign + 1]
                if word in same_length:
                    yield sign - before, word
        sign = find("#", sign + 1)


def _header_at(text: str, dialect: Dialect, at: int) -> int:
    """Where the header holding the header word at ``at`` starts, or -1 if it is none."""
    low = max(0, at - 40)
    line_start = text.rfind("\n", low, at) + 1
    # Usually the header starts its line: matched there, it is what the search finds, as
    # no header (which needs a "#", and cannot go on over the line end into a header)
    # starts between the window's start and the line.
    found = None
    if line_start and "#" not in text[low:line_start]:
        found = dialect.header_anywhere.match(text, line_start, at + 200)
    if found is None:
        found = dialect.header_anywhere.search(text, low, at + 200)
    return found.start() if found is not None and found.start() <= at < found.end() else -1


def _outside(text: str, start: int, stop: int, line: int) -> Iterator[Block]:
    """Text between hands: nothing, blank lines and separators, or a block that is no hand."""
    region = text[start:stop]
    if not region.strip():
        return
    lines = region.split("\n")
    if stop < len(text) and not lines[-1].strip():  # the next header's line
        lines.pop()
    kept = [(i, raw.strip()) for i, raw in enumerate(lines) if raw.strip() and not _ZOOM_SEPARATOR.match(raw.strip())]
    if kept:
        yield Block(line + kept[0][0], [raw for _, raw in kept], is_hand=False)
