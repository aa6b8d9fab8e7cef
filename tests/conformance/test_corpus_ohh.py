"""Conformance over every OHH file of ``../shared/corpus/ohh``: the objects counted on
their own, the Hold'em and Omaha hands read (increments turned into street totals) and reconciled by
the audit, the others rejected ``UNSUPPORTED_GAME``, and every read hand written back and
read again unchanged."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from analyzer.audit.hand import audit_with
from analyzer.replay.findings import Verdict
from parsers import formats, ohh
from parsers.errors import RejectCode
from parsers.phh import without_lines
from parsers.record import HandRecord
from parsers.text import decode

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "ohh"
U = RejectCode.UNSUPPORTED_GAME
#: file -> (hands read, rejected by code)
EXPECTED: dict[str, tuple[int, dict[RejectCode, int]]] = {
    "spec_examples/Holdem_Cash_Game_PokerStars.ohh": (1, {}),
    "spec_examples/Holdem_Cash_Hand_888.ohh": (1, {}),
    "spec_examples/Holdem_Cash_Hand_iPoker.ohh": (1, {}),
    "spec_examples/Omah_HiLo_Cash_Hand_PokerStars.ohh": (1, {}),
    "spec_examples/Omaha_Cash_Game_WPN.ohh": (1, {}),
}


def test_the_corpus_is_there_and_every_file_has_an_expectation() -> None:
    assert sorted(str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*.ohh")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_object_is_read_or_rejected_with_its_code(name: str) -> None:
    data = (CORPUS / name).read_bytes()
    parsed = formats.read_bytes(data, file=name)
    assert parsed.format == "ohh"
    read, rejected = EXPECTED[name]
    assert len(parsed.hands) == read
    assert Counter(r.code for r in parsed.rejected) == Counter(rejected)
    objects = len(re.findall(r'^\s*\{\s*"ohh"\s*:', decode(data), re.MULTILINE))
    assert parsed.count == objects  # no hand disappears


@pytest.mark.parametrize("name", [n for n, (read, _) in sorted(EXPECTED.items()) if read])
def test_every_hand_reconciles_and_round_trips(name: str) -> None:
    for hand in formats.read_bytes((CORPUS / name).read_bytes(), file=name).hands:
        audit = audit_with(hand)
        assert audit.verdict is Verdict.OK, [str(p.message) for p in audit.problems]
        (back,) = ohh.parse(ohh.write([hand]))
        assert isinstance(back, HandRecord) and without_lines(back) == without_lines(hand)


def test_the_spec_examples_are_read_as_increments() -> None:
    hand = formats.read_bytes(
        (CORPUS / "spec_examples/Holdem_Cash_Game_PokerStars.ohh").read_bytes(), file="x.ohh"
    ).hands[0]
    raises = [(a.player, a.to, a.all_in) for a in hand.actions if a.kind.value in ("raise", "call")]
    assert raises == [("Player7", 6, False), ("Player1", 21, False), ("Player7", 37, True), ("Player1", 37, False)]
    assert hand.rake == 3 and hand.awards[0].amount == 74


def test_the_omaha_hi_lo_example_halves_its_pot_odd_chip_to_the_high_hand() -> None:
    """The 15-chip pot of the PokerStars Omaha Hi/Lo example: 8 to Player2's high (a pair of aces),
    7 to Player9's low 7-5-4-3-A; the WPN Omaha example is one pot to Hero's king-high straight."""
    (hilo,) = formats.read_file(CORPUS / "spec_examples/Omah_HiLo_Cash_Hand_PokerStars.ohh").hands
    audit = audit_with(hilo)
    assert (audit.rules, audit.verdict) == ("omaha-hilo-pl", Verdict.OK)
    assert [(p.half, p.shares, p.hand) for p in audit.pots] == [
        ("high", (("Player2", 8),), "One pair, aces"),
        ("low", (("Player9", 7),), "Low 7-5-4-3-A"),
    ]
    (omaha,) = formats.read_file(CORPUS / "spec_examples/Omaha_Cash_Game_WPN.ohh").hands
    audit = audit_with(omaha)
    assert (audit.rules, audit.verdict) == ("omaha-pl", Verdict.OK)
    assert [(p.shares, p.hand) for p in audit.pots] == [((("Hero", 39),), "Straight, king high")]
