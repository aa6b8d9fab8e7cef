"""Byte robustness of the site readers (WPN, Ignition): every corpus file of those sites,
written again with trailing spaces removed or added, CRLF or LF, a BOM, no final newline,
cp1252 instead of UTF-8 (where the text allows) or UTF-16, reads to the same records and
rejections as the file itself."""

from __future__ import annotations

import codecs
from collections.abc import Callable
from pathlib import Path

import pytest

from parsers import formats
from parsers.text import decode

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
FILES = sorted(
    p for d in ("sites/wpn", "other/winning", "sites/ignition") for p in (SHARED / d).rglob("*") if p.is_file()
)


def _lines(change: Callable[[str], str]) -> Callable[[str], bytes]:
    return lambda text: "\n".join(change(line) for line in text.split("\n")).encode()


VARIANTS: dict[str, Callable[[str], bytes | None]] = {
    "utf-8": lambda text: text.encode(),
    "trailing spaces removed": _lines(str.rstrip),
    "trailing spaces added": _lines(lambda line: line + "  "),
    "CRLF": lambda text: text.replace("\n", "\r\n").encode(),
    "UTF-8 BOM": lambda text: codecs.BOM_UTF8 + text.encode(),
    "no final newline": lambda text: text.rstrip("\n").encode(),
    "a final newline": lambda text: (text.rstrip("\n") + "\n").encode(),
    "cp1252": lambda text: text.encode("cp1252") if all(ord(c) < 128 or c in "€é" for c in text) else None,
    "UTF-16 with BOM": lambda text: text.encode("utf-16"),
}


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SHARED)))
def test_the_same_records_whatever_the_bytes(path: Path) -> None:
    original = formats.read_bytes(path.read_bytes(), file=path.name)
    assert original.count
    text = decode(path.read_bytes())
    for name, write in VARIANTS.items():
        data = write(text)
        if data is None:
            continue
        again = formats.read_bytes(data, file=path.name)
        assert (again.format, again.hands, again.rejected) == (original.format, original.hands, original.rejected), name
