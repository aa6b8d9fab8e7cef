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

from parsers.errors import ParseError, Rejected
from parsers.record import HandRecord
from parsers.text import decode

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
        raise ParseError(expected="a format (auto, " + ", ".join(FORMATS) + ")", found=name)
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
            expected="a hand history (" + ", ".join(FORMATS) + ")",
            found=_first_line(text),
            file=file,
            line=1,
        )
    yield from module(name).parse(text, file=file)


def read_bytes(data: bytes, *, file: str, format: str = "auto") -> ParsedFile:
    """Decode and parse one file's bytes; a text no format claims raises :class:`ParseError`."""
    text = decode(data)
    name = detect(text) if format == "auto" else format
    if name is None:
        raise ParseError(
            expected="a hand history (" + ", ".join(FORMATS) + ")",
            found=_first_line(text),
            file=file,
            line=1,
        )
    hands: list[HandRecord] = []
    rejected: list[Rejected] = []
    for item in module(name).parse(text, file=file):
        if isinstance(item, HandRecord):
            hands.append(item)
        else:
            rejected.append(item)
    return ParsedFile(file=file, format=name, hands=tuple(hands), rejected=tuple(rejected))


def read_file(path: str | Path, *, format: str = "auto") -> ParsedFile:
    """Read one hand-history file of any supported format."""
    p = Path(path)
    return read_bytes(p.read_bytes(), file=str(p), format=format)


def write(records: Iterable[HandRecord], format: str) -> str:
    """Records as text of a format that has a writer."""
    mod = module(format)
    if not hasattr(mod, "write"):
        writers = [n for n in FORMATS if hasattr(module(n), "write")]
        raise ParseError(expected="a format with a writer (" + ", ".join(writers) + ")", found=format)
    text: str = mod.write(records)
    return text


def _first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:60]
    return "an empty file"
