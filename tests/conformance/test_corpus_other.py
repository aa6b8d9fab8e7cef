"""``../shared/corpus/other``: PartyPoker and iPoker XML files (Winning Poker Network: ``test_corpus_wpn``).

These are formats we do not read (yet). Reading one fails with one clear
:class:`~parsers.errors.ParseError` that names the file and what was expected — never a
traceback, never an empty success — and no Stars-like reader claims them by mistake.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers import formats, ggpoker, pokerstars
from parsers.errors import ParseError
from parsers.text import decode

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "other"
FILES = sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.parent.name != "winning")  # WPN: test_corpus_wpn

#: file -> the first line the error quotes
FIRST_LINES = {
    "ipoker/6+Holdem-EUR-0.25-0.50-201702.txt": '<?xml version="1.0" encoding="utf-8"?>',
    "ipoker/NLHE-USD-0.02-0.04-201111.txt": '<?xml version="1.0" encoding="utf-8"?>',
    "partypoker/NLHE-6max-USD-0.05-0.10-201608.fastforward.txt": "#Game No : 4950573552",
    "partypoker/Short-Deck-6max-USD-1.00-1.00-201904.txt": "#Game No : 18512107436",
}


def test_every_file_is_in_the_table() -> None:
    assert {str(p.relative_to(CORPUS)) for p in FILES} == set(FIRST_LINES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(CORPUS)))
def test_reading_fails_with_one_clear_error_naming_the_file(path: Path) -> None:
    with pytest.raises(ParseError) as caught:
        formats.read_file(path)
    error = caught.value
    first = FIRST_LINES[str(path.relative_to(CORPUS))][:60]
    assert str(error) == (f"{path}:1: input: expected a hand history ({', '.join(formats.FORMATS)}), found {first!r}")
    assert (error.file, error.line) == (str(path), 1)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(CORPUS)))
def test_stars_like_readers_do_not_claim_them(path: Path) -> None:
    text = decode(path.read_bytes())
    assert not pokerstars.sniff(text) and not ggpoker.sniff(text)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(CORPUS)))
def test_forcing_the_stars_reader_rejects_with_reasons_and_never_crashes(path: Path) -> None:
    """``--format pokerstars`` on a file that is not: rejected blocks with lines, no hand read."""
    parsed = formats.read_bytes(path.read_bytes(), file=path.name, format="pokerstars")
    assert parsed.hands == () and len(parsed.rejected) >= 1
    assert all(r.line >= 1 and r.file == path.name for r in parsed.rejected)
