"""Conformance over every Winamax file in ``../shared/corpus/sites/winamax``.

For each file: the exact number of hands read and rejected; no hand disappears (headers
counted by this test's own pattern); every byte-level rewrite gives the same records; the
audit settles every hand ``ok`` (the two side-pot files fpdb calls "invalid" and "bad
collected" included: the uncalled bet Winamax counts in ``collected`` is returned).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from analyzer.audit.hand import audit_with
from parsers import formats
from parsers.record import Award, HandRecord, Returned
from parsers.text import decode
from tests.conformance.byte_variants import variants

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "sites" / "winamax"

#: file -> (hands read, {reject code: hands})
EXPECTED: dict[str, tuple[int, dict[str, int]]] = {
    "cash/NLHE-5max-EUR-2.00-4.00-202005.action.error.txt": (1, {}),
    "cash/NLHE-5max-play-0.50-1.00-201304.players.not.in.summary.txt": (1, {}),
    "cash/NLHE-FR-EUR-0.02-0.05-201010.Invalid.side.pot.Player8.txt": (1, {}),
    "cash/NLHE-FR-EUR-0.02-0.05-201010.Real.side.pot.with.bad.collected.Biggest.stack.wins.txt": (1, {}),
}

_HEADER = re.compile(r"^Winamax Poker - ", re.M)  # this test's own count of hands


def _hands() -> list[tuple[str, HandRecord]]:
    found: list[tuple[str, HandRecord]] = []
    for name in EXPECTED:
        found.extend((name, hand) for hand in formats.read_file(CORPUS / name).hands)
    return found


HANDS = _hands()


def test_every_winamax_corpus_file_is_in_the_table() -> None:
    assert {str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*") if p.is_file()} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_file_reads_and_rejects_the_expected_hands_and_none_disappears(name: str) -> None:
    parsed = formats.read_file(CORPUS / name)
    assert parsed.format == "winamax"
    read, codes = EXPECTED[name]
    assert len(parsed.hands) == read
    assert dict(Counter(r.code.value for r in parsed.rejected)) == codes
    assert parsed.count == len(_HEADER.findall(decode((CORPUS / name).read_bytes())))
    assert all(h.game.site == "winamax" and h.source.format == "winamax" for h in parsed.hands)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_byte_rewrites_of_the_file_give_the_same_records(name: str) -> None:
    data = (CORPUS / name).read_bytes()
    original = formats.read_bytes(data, file=name)
    for what, changed in variants(data).items():
        again = formats.read_bytes(changed, file=name)
        assert (again.hands, again.rejected) == (original.hands, original.rejected), what


@pytest.mark.parametrize("record", [r for _, r in HANDS], ids=[f"{Path(n).stem}-{h.hand_id}" for n, h in HANDS])
def test_audit_settles_every_pot(record: HandRecord) -> None:
    audit = audit_with(record)
    assert not audit.problems, [str(p.message) for p in audit.problems]
    assert audit.verdict.value == "ok"


def test_the_uncalled_bet_written_as_side_pot_1_is_returned() -> None:
    """Player8 bets 4.70 into an all-in of 3.41: "collected 1.29€ from side pot 1" is his own bet."""
    (record,) = formats.read_file(CORPUS / "cash/NLHE-FR-EUR-0.02-0.05-201010.Invalid.side.pot.Player8.txt").hands
    assert record.returned == (Returned("Player8", 129, 43),)
    assert record.awards == (Award("Player3", 1092, 0, 0, "", 44),)
    assert (record.total_pot, record.rake) == (1150, 58)  # "Total pot 12.21€" is after rake, with the 1.29


def test_the_uncalled_bet_inside_collected_from_pot_is_returned() -> None:
    name = "cash/NLHE-FR-EUR-0.02-0.05-201010.Real.side.pot.with.bad.collected.Biggest.stack.wins.txt"
    (record,) = formats.read_file(CORPUS / name).hands
    assert record.returned == (Returned("Player4", 164, 45),)
    assert record.awards == (Award("Player4", 656, None, 0, "", 45),)


def test_play_money_keeps_cents_and_players_not_in_summary_are_read_from_the_body() -> None:
    (record,) = formats.read_file(CORPUS / "cash/NLHE-5max-play-0.50-1.00-201304.players.not.in.summary.txt").hands
    assert (record.currency, record.decimals) == ("PLAY", 2)
    assert record.seats[0].stack == 21227 and record.seats[1].sitting_out  # "Player1 (0)"
    assert record.awards == (Award("Player3", 10266, None, 0, "", 30),) and record.rake == 250


def test_a_seated_player_with_no_line_sat_out() -> None:
    """Marmoottin is seated with 20€ and never named again (fpdb calls the file "action error")."""
    (record,) = formats.read_file(CORPUS / "cash/NLHE-5max-EUR-2.00-4.00-202005.action.error.txt").hands
    assert [s.player for s in record.seats if s.sitting_out] == ["Marmoottin"]
