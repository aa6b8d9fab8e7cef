"""``../shared/corpus/other``: every file is read by the reader of its site (iPoker XML,
PartyPoker text, Winning Poker Network text), each with a conformance test of its own
(``test_corpus_ipoker``, ``test_corpus_partypoker``, ``test_corpus_wpn``). No file of the
folder is left unread, and none is claimed by the wrong reader."""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers import formats

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "other"
#: folder -> the format its files are detected as
READERS = {"ipoker": "ipoker", "partypoker": "partypoker", "winning": "wpn"}
FILES = sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.name != "SOURCES.md")


def test_every_folder_has_its_reader() -> None:
    assert FILES, "the corpus folder is empty or missing"
    assert {p.relative_to(CORPUS).parts[0] for p in FILES} == set(READERS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(CORPUS)))
def test_each_file_is_read_by_the_reader_of_its_site(path: Path) -> None:
    parsed = formats.read_file(path)
    assert parsed.format == READERS[path.relative_to(CORPUS).parts[0]]
    assert parsed.count >= 1
