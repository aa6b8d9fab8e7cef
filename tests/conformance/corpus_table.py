"""The shape the per-site corpus conformance tests share (iPoker, 888poker, Winamax, PartyPoker):
a table of files with the hands each reads and rejects, a count of hands by the test's own
pattern (none disappears), byte-level rewrites that give the same records, and an audit that
settles every hand ``ok`` or names the site's real quirk. Each site's test module keeps its
table and its own spot checks; these helpers make its assertions."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

from analyzer.audit.hand import audit_with
from parsers import formats
from parsers.formats import ParsedFile
from parsers.record import HandRecord
from parsers.text import decode
from tests.conformance.byte_variants import variants

#: file -> (hands read, {reject code: hands})
Expected = Mapping[str, tuple[int, dict[str, int]]]
#: hand -> (the problems the audit must name, the site's real behaviour behind them)
Quirks = Mapping[str, tuple[set[str], str]]


def corpus_hands(root: Path, names: Iterable[str]) -> list[tuple[str, HandRecord]]:
    """Every hand read from the files (relative to ``root``), with its file's name."""
    found: list[tuple[str, HandRecord]] = []
    for name in names:
        found.extend((name, hand) for hand in formats.read_file(root / name).hands)
    return found


def files_on_disk(root: Path, *folders: str) -> set[str]:
    """The files under ``folders`` of ``root`` (all of it without folders), relative to ``root``."""
    tops = [root / f for f in folders] or [root]
    return {str(p.relative_to(root)) for top in tops for p in top.rglob("*") if p.is_file()}


def check_reads(root: Path, name: str, fmt: str, expected: Expected, hands: re.Pattern[str]) -> ParsedFile:
    """The file reads as ``fmt`` to the expected hands and rejections (by code), and no hand
    disappears: read and rejected add up to the headers ``hands`` counts; each rejection names
    its line. Returns what was read for the site's own checks."""
    path = root / name
    parsed = formats.read_file(path)
    assert parsed.format == fmt
    read, codes = expected[name]
    assert len(parsed.hands) == read
    assert dict(Counter(r.code.value for r in parsed.rejected)) == codes
    assert parsed.count == len(hands.findall(decode(path.read_bytes())))
    assert all(r.line > 0 for r in parsed.rejected)
    return parsed


def check_byte_rewrites(root: Path, name: str) -> None:
    """Every byte-level rewrite of the file gives the same records and rejections."""
    data = (root / name).read_bytes()
    original = formats.read_bytes(data, file=name)
    for what, changed in variants(data).items():
        again = formats.read_bytes(changed, file=name)
        assert (again.hands, again.rejected) == (original.hands, original.rejected), what


def audit_params(hands: list[tuple[str, HandRecord]], gaps: Quirks | None = None) -> list[object]:
    """One parameter per hand, named after its file and id; an engine gap a strict xfail naming it."""
    params: list[object] = []
    for name, record in hands:
        gap = (gaps or {}).get(record.hand_id)
        marks = [pytest.mark.xfail(strict=True, reason=gap[1])] if gap else []
        params.append(pytest.param(record, id=f"{Path(name).stem}-{record.hand_id}", marks=marks))
    return params


def check_audit(record: HandRecord, quirks: Quirks, gaps: Quirks | None = None) -> None:
    """The audit names exactly the problems of the hand's quirk (or engine gap), else none."""
    audit = audit_with(record)
    expected = quirks.get(record.hand_id) or (gaps or {}).get(record.hand_id) or (set(), "")
    assert {p.code.value for p in audit.problems} == expected[0], [str(p.message) for p in audit.problems]
