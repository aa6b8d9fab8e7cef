"""The formats we read, detection from content, and reading a file.

Every format module has ``FORMAT`` (its name), ``sniff(text) -> bool`` and
``parse(text, *, file="") -> Iterator[HandRecord | Rejected]``; a module that can write
has ``write(records) -> str``. Detection asks each module in order; file names are never
trusted.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from parsers.bounds import outside
from parsers.errors import T_, ParseError, Rejected
from parsers.record import HandRecord
from parsers.text import decode

#: the logger a reader's unforeseen error goes to, in full (for a bug report)
LOGGER = "sixplus.parsers"

#: format name -> module, in the order detection tries them
FORMATS: dict[str, str] = {
    "native": "parsers.native",
    "pokerstars": "parsers.pokerstars",
    "ggpoker": "parsers.ggpoker",
    "wpn": "parsers.wpn",
    "ignition": "parsers.ignition",
    "compact": "parsers.compact",
    "pokernow": "parsers.pokernow",
    "phh": "parsers.phh",
    "ohh": "parsers.ohh",
    "ipoker": "parsers.ipoker",
    "winamax": "parsers.winamax",
    "888poker": "parsers.pacific",
    "pokerbros": "parsers.pokerbros",
    "partypoker": "parsers.partypoker",
    "pokermavens": "parsers.pokermavens",
}


def names() -> tuple[str, ...]:
    return tuple(FORMATS)


def module(name: str) -> ModuleType:
    if name not in FORMATS:
        raise ParseError(expected=T_("a format (auto, {formats})", formats=", ".join(FORMATS)), found=name)
    return importlib.import_module(FORMATS[name])


def detect(text: str) -> str | None:
    """The format of a text, from its content; ``None`` when no format claims it."""
    for name in FORMATS:
        if module(name).sniff(text):
            return name
    return None


@dataclass(frozen=True, slots=True)
class ParsedFile:
    """Everything read from one file: the hands, and what was rejected with reasons."""

    file: str
    format: str
    hands: tuple[HandRecord, ...]
    rejected: tuple[Rejected, ...]

    @property
    def count(self) -> int:
        return len(self.hands) + len(self.rejected)


def parse_text(text: str, *, format: str = "auto", file: str = "") -> Iterator[HandRecord | Rejected]:
    """Records and rejections of a decoded text, in file order."""
    name = detect(text) if format == "auto" else format
    if name is None:
        raise ParseError(
            expected=T_("a hand history ({formats})", formats=", ".join(FORMATS)),
            found=_first_line(text),
            file=file,
            line=1,
        )
    reader = module(name)
    yield from bounded(reader.parse(text, file=file), format=name, file=file, checked=checks_bounds(reader))


def read_bytes(data: bytes, *, file: str, format: str = "auto") -> ParsedFile:
    """Decode and parse one file's bytes; a text no format claims raises :class:`ParseError`."""
    text = decode(data)
    name = detect(text) if format == "auto" else format
    if name is None:
        raise ParseError(
            expected=T_("a hand history ({formats})", formats=", ".join(FORMATS)),
            found=_first_line(text),
            file=file,
            line=1,
        )
    hands: list[HandRecord] = []
    rejected: list[Rejected] = []
    reader = module(name)
    for item in bounded(reader.parse(text, file=file), format=name, file=file, checked=checks_bounds(reader)):
        if isinstance(item, HandRecord):
            hands.append(item)
        else:
            rejected.append(item)
    return ParsedFile(file=file, format=name, hands=tuple(hands), rejected=tuple(rejected))


def checks_bounds(reader: ModuleType) -> bool:
    """Whether a reader's records are within :mod:`parsers.bounds` as it yields them (its
    ``CHECKS_BOUNDS``: the native format's decoder checks them in C) and need no second pass."""
    return getattr(reader, "CHECKS_BOUNDS", False) is True


def bounded(
    items: Iterable[HandRecord | Rejected], *, format: str, file: str, checked: bool = False
) -> Iterator[HandRecord | Rejected]:
    """A reader's records checked against :mod:`parsers.bounds` (a hand outside them is
    rejected with its line; ``checked``: the reader did so itself), and the reader itself
    guarded: an error it did not foresee ends the file with one rejection saying where reading
    stopped (logged in full for a bug report), never a Python message for the user."""
    iterator = iter(items)
    line = 0
    while True:
        try:
            item = next(iterator)
        except StopIteration:
            return
        except ParseError as error:
            yield Rejected.from_error(error if error.file else error.with_context(file=file, format=format))
            return
        except (ArithmeticError, LookupError, RecursionError, TypeError, ValueError, AttributeError) as error:
            import logging  # only here: its import would cost every start-up a few milliseconds

            logging.getLogger(LOGGER).warning(
                "%s: the %s reader stopped after line %d", file, format, line, exc_info=error
            )
            stopped = ParseError(
                expected=T_("a {format} hand history this reader understands", format=format),
                found=T_("input it cannot read after line {line}; the rest of the file was not read", line=line),
                format=format,
                file=file,
                line=line + 1,
            )
            yield Rejected.from_error(stopped)
            return
        if isinstance(item, HandRecord):
            line = max(line, item.source.line)
            if not checked:
                found = outside(item, format=format, file=file)
                if found is not None:
                    yield found
                    continue
        else:
            line = max(line, item.line)
        yield item


def read_file(path: str | Path, *, format: str = "auto") -> ParsedFile:
    """Read one hand-history file of any supported format."""
    p = Path(path)
    return read_bytes(p.read_bytes(), file=str(p), format=format)


def write(records: Iterable[HandRecord], format: str) -> str:
    """Records as text of a format that has a writer."""
    mod = module(format)
    if not hasattr(mod, "write"):
        writers = [n for n in FORMATS if hasattr(module(n), "write")]
        raise ParseError(expected=T_("a format with a writer ({formats})", formats=", ".join(writers)), found=format)
    kept = list(records)
    for record in kept:
        _seated(record, format)
    text: str = mod.write(kept)
    return text


def _seated(record: HandRecord, format: str) -> None:
    """Every player who posts, acts, shows or collects has a seat: what every writer needs
    (checked once here, for the writers of every format)."""
    seated = {s.player for s in record.seats}
    named = [p.player for p in record.posts] + [a.player for a in record.actions] + [s.player for s in record.shown]
    named += [a.player for a in record.awards] + [r.player for r in record.returned]
    for name in named:
        if name not in seated:
            raise ParseError(
                expected=T_("a hand {format} can express (players who have a seat)", format=format),
                found=name[:80],
                format=format,
                file=record.source.file,
                line=record.source.line,
                hand_id=record.hand_id[:80],
            )


def _first_line(text: str) -> str:
    """The first line, for an error; binary content is never echoed, only named.

    >>> _first_line("\\x00\\x01PK\\x03\\x04garbage"), _first_line("hello"), _first_line("")
    ('binary data, not text', 'hello', 'an empty file')
    """
    head = text[:4096]
    controls = sum(1 for c in head if (c < " " and c not in "\t\n\r") or "\x7f" <= c <= "\x9f" or c == "\ufffd")
    if "\x00" in head or controls > len(head) // 20:
        return T_("binary data, not text")
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:60]
    return T_("an empty file")
