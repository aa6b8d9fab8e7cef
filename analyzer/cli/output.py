"""How the commands print many lines: in blocks of a few dozen kilobytes, one write each (not a
``click.echo`` a line), and JSON encoded with msgspec (not the standard library's encoder)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import click
import msgspec

_ENCODER = msgspec.json.Encoder()
#: characters gathered before one write
BLOCK = 1 << 16


def json_line(value: Any) -> str:
    """One compact JSON document, UTF-8 as it is (control characters escaped by JSON itself).

    >>> json_line({"player": "Anna", "net": -50, "cards": ["As", "6h"], "ok": None})
    '{"player":"Anna","net":-50,"cards":["As","6h"],"ok":null}'
    """
    return _ENCODER.encode(value).decode("utf-8")


def json_lines(values: Iterable[Any]) -> str:
    """Compact JSON documents, one a line, each ended by a newline: :func:`json_line` of each,
    encoded in one call (one buffer, one decode).

    >>> json_lines([{"player": "Anna", "net": -50}, {"ok": None}])
    '{"player":"Anna","net":-50}\\n{"ok":null}\\n'
    """
    return _ENCODER.encode_lines(values).decode("utf-8")


class Lines:
    """Lines to stdout, written a block at a time (through :func:`click.echo`, so whatever the
    CLI does to what it prints happens to each block alike). Use as a context manager: what is
    left is written when the block ends.

    >>> with Lines() as out:
    ...     out.add("one")
    ...     out.add("two")
    one
    two
    """

    def __init__(self, size: int = BLOCK) -> None:
        self.parts: list[str] = []
        self.pending = 0
        self.size = size

    def add(self, line: str) -> None:
        self.parts.append(line)
        self.pending += len(line) + 1
        if self.pending >= self.size:
            self.flush()

    def flush(self) -> None:
        if self.parts:
            self.parts.append("")
            block = "\n".join(self.parts)
            # click strips ANSI codes from what goes to a file or a pipe, with a pattern over the whole
            # block; a block without ESC has none to strip (color=True: no pass that would find none)
            click.echo(block, nl=False, color=True if "\x1b" not in block else None)
            self.parts, self.pending = [], 0

    def __enter__(self) -> Lines:
        return self

    def __exit__(self, *exc: object) -> None:
        self.flush()
