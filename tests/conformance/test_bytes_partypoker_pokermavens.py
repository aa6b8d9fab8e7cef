"""Byte robustness of the PartyPoker and Poker Mavens readers: every corpus file of theirs, and
hands written in their grammar with non-ASCII text, read the same records after each change of
bytes a file meets on its way (trailing spaces removed or added, CRLF and LF, a BOM, no final
newline or an extra one, cp1252 and UTF-8)."""

from __future__ import annotations

import codecs
from collections.abc import Callable
from pathlib import Path

import pytest

from parsers import formats
from parsers.text import decode
from tests.parsers.test_partypoker import DEAD_BLIND_EUR, POKERBROS
from tests.parsers.test_pokermavens import SIDE_POT

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
FILES = sorted(
    p
    for d in (SHARED / "sites" / "partypoker", SHARED / "other" / "partypoker", SHARED / "sites" / "pokermavens")
    for p in d.rglob("*")
    if p.is_file()
)
WRITTEN = {"party-eur.txt": DEAD_BLIND_EUR, "pokerbros.txt": POKERBROS, "mavens.txt": SIDE_POT.replace("Ann", "Ånn")}


def _lines(text: str, change: Callable[[str], str]) -> str:
    return "\n".join(change(line) for line in text.split("\n"))


#: change name -> bytes to bytes
CHANGES: dict[str, Callable[[bytes], bytes]] = {
    "trailing spaces removed": lambda b: _lines(decode(b), str.rstrip).encode(),
    "trailing spaces added": lambda b: _lines(decode(b), lambda line: line + "  \t").encode(),
    "CRLF": lambda b: decode(b).replace("\n", "\r\n").encode(),
    "CR only": lambda b: decode(b).replace("\n", "\r").encode(),
    "LF": lambda b: b.replace(b"\r\n", b"\n"),
    "BOM added": lambda b: codecs.BOM_UTF8 + decode(b).encode(),
    "UTF-16 with BOM": lambda b: decode(b).encode("utf-16"),
    "final newline removed": lambda b: b.rstrip(b"\r\n"),
    "final newline added": lambda b: b + b"\n",
    "cp1252": lambda b: decode(b).encode("cp1252"),
    "UTF-8": lambda b: decode(b).encode("utf-8"),
}


def _cases() -> list[object]:
    cases: list[object] = []
    for path in FILES:
        data = path.read_bytes()
        cases += [pytest.param(path.name, data, change, id=f"{path.name}-{change}") for change in CHANGES]
    for name, text in WRITTEN.items():
        cases += [pytest.param(name, text.encode(), change, id=f"{name}-{change}") for change in CHANGES]
    return cases


@pytest.mark.parametrize(("name", "data", "change"), _cases())
def test_the_same_records_after_a_change_of_bytes(name: str, data: bytes, change: str) -> None:
    before = formats.read_bytes(data, file=name)
    after = formats.read_bytes(CHANGES[change](data), file=name)
    assert after == before
    assert before.count >= 1
