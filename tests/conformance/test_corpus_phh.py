"""Conformance over every PHH file of ``../shared/corpus/phh``: each file is one hand, read
when its variant is NT, NS, FT, PO or FO/8 and rejected ``UNSUPPORTED_GAME`` otherwise; every read hand
replays to its ``finishing_stacks`` in our audit, survives write-then-read unchanged, and
pokerkit (the independent engine) replays what our writer writes to the same stacks."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from pokerkit import HandHistory

from analyzer.audit.hand import audit_with
from analyzer.replay.findings import Verdict
from parsers import formats, phh
from parsers.errors import RejectCode
from parsers.record import HandRecord
from parsers.text import decode

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "phh"
FILES = sorted(CORPUS.rglob("*.phh"))
#: folder -> (hands read, hands rejected UNSUPPORTED_GAME)
FOLDERS = {"historical": (3, 2), "pluribus/100": (71, 0), "wsop/2023/43/5": (39, 44)}
_VARIANT = re.compile(r"""^variant\s*=\s*['"](?P<code>[^'"]+)['"]""", re.MULTILINE)


def _name(path: Path) -> str:
    return str(path.relative_to(CORPUS))


def _read(path: Path) -> HandRecord:
    (hand,) = phh.parse(decode(path.read_bytes()), file=_name(path))
    assert isinstance(hand, HandRecord)
    return hand


READ = [p for p in FILES if _VARIANT.search(p.read_text(encoding="utf-8")).group("code") in phh.SUPPORTED]  # type: ignore[union-attr]


def test_the_corpus_is_there() -> None:
    assert len(FILES) == 159
    assert {str(p.parent.relative_to(CORPUS)) for p in FILES} == set(FOLDERS)


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_each_folder_reads_and_rejects_the_expected_hands(folder: str) -> None:
    read = rejected = 0
    for path in (p for p in FILES if str(p.parent.relative_to(CORPUS)) == folder):
        parsed = formats.read_bytes(path.read_bytes(), file=_name(path))
        assert parsed.format == "phh" and parsed.count == 1  # one hand a file: none disappears
        code = _VARIANT.search(decode(path.read_bytes())).group("code")  # type: ignore[union-attr]
        if code in phh.SUPPORTED:
            assert len(parsed.hands) == 1, parsed.rejected
            read += 1
        else:
            assert [r.code for r in parsed.rejected] == [RejectCode.UNSUPPORTED_GAME]
            assert str(parsed.rejected[0].message).endswith(f"found '{code}'")
            rejected += 1
    assert (read, rejected) == FOLDERS[folder]


def test_the_short_deck_hand_is_read_as_short_deck_with_its_button_blind() -> None:
    hand = _read(CORPUS / "historical" / "phua-xuan-2019.phh")
    assert hand.game.variant.value == "shortdeck"
    assert (hand.stakes.ante, hand.stakes.button_blind) == (3000, 3000)


def test_every_read_hand_is_in_whole_chips() -> None:
    """No split pot in these folders leaves half chips (tests/parsers/test_phh.py covers those); the
    one hand in cents is the Antonius-Blom PLO hand, whose starting stacks the file gives in cents."""
    assert {_name(p): _read(p).decimals for p in READ if _read(p).decimals} == {"historical/antonius-blom-2009.phh": 2}


@pytest.mark.parametrize("path", READ, ids=_name)
def test_every_hand_replays_to_its_finishing_stacks_and_round_trips(path: str | Path) -> None:
    hand = _read(Path(path))
    audit = audit_with(hand)
    assert audit.verdict is Verdict.OK, [str(p.message) for p in audit.problems]
    (back,) = phh.parse(phh.write([hand]))
    assert isinstance(back, HandRecord) and phh.without_lines(back) == phh.without_lines(hand)
    if hand.finishing_stacks is not None:
        state = list(HandHistory.loads(phh.write([hand])))[-1]
        assert tuple(int(Decimal(s).scaleb(hand.decimals)) for s in state.stacks) == hand.finishing_stacks


def test_the_omaha_hands_are_read_as_omaha_and_audit_to_their_finishing_stacks() -> None:
    """8 pot-limit Omaha (PO) and 14 fixed-limit Omaha Hi/Lo 8 (FO/8) hands: each audited under
    omaha-pl or omaha-hilo-fl, its nets equal to finishing minus starting stacks (the audit's
    FINISHING_STACK_MISMATCH check), every verdict ok."""
    games: dict[tuple[str, str], int] = {}
    for path in READ:
        hand = _read(path)
        if not hand.game.variant.value.startswith("omaha"):
            continue
        audit = audit_with(hand)
        assert audit.verdict is Verdict.OK, (path, [str(p.message) for p in audit.problems])
        key = (hand.game.declared, audit.rules, hand.finishing_stacks is not None)
        games[key] = games.get(key, 0) + 1
        if hand.finishing_stacks is None:
            continue  # Antonius-Blom 2009 gives the actions and awards only
        nets = {row.player: row.net for row in audit.ledger}
        for seat, end in zip(hand.seats, hand.finishing_stacks, strict=True):
            assert nets.get(seat.player, 0) == end - seat.stack
    assert games == {("PO", "omaha-pl", True): 7, ("PO", "omaha-pl", False): 1, ("FO/8", "omaha-hilo-fl", True): 14}
