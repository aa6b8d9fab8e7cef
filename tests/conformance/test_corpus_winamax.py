"""Conformance over every Winamax file in ``../shared/corpus/sites/winamax``.

For each file: the exact number of hands read and rejected; no hand disappears (headers
counted by this test's own pattern); every byte-level rewrite gives the same records; the
audit settles every hand ``ok`` (the two side-pot files fpdb calls "invalid" and "bad
collected" included: the uncalled bet Winamax counts in ``collected`` is returned).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from analyzer.audit.hand import audit_with
from parsers import formats
from parsers.record import Award, HandRecord, Returned
from tests.conformance.corpus_table import (
    audit_params,
    check_audit,
    check_byte_rewrites,
    check_reads,
    corpus_hands,
    files_on_disk,
)

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "sites" / "winamax"

#: file -> (hands read, {reject code: hands})
EXPECTED: dict[str, tuple[int, dict[str, int]]] = {
    "cash/NLHE-5max-EUR-2.00-4.00-202005.action.error.txt": (1, {}),
    "cash/NLHE-5max-play-0.50-1.00-201304.players.not.in.summary.txt": (1, {}),
    "cash/NLHE-FR-EUR-0.02-0.05-201010.Invalid.side.pot.Player8.txt": (1, {}),
    "cash/NLHE-FR-EUR-0.02-0.05-201010.Real.side.pot.with.bad.collected.Biggest.stack.wins.txt": (1, {}),
}

_HEADER = re.compile(r"^Winamax Poker - ", re.M)  # this test's own count of hands


HANDS = corpus_hands(CORPUS, EXPECTED)


def test_every_winamax_corpus_file_is_in_the_table() -> None:
    assert files_on_disk(CORPUS) == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_file_reads_and_rejects_the_expected_hands_and_none_disappears(name: str) -> None:
    parsed = check_reads(CORPUS, name, "winamax", EXPECTED, _HEADER)
    assert all(h.game.site == "winamax" and h.source.format == "winamax" for h in parsed.hands)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_byte_rewrites_of_the_file_give_the_same_records(name: str) -> None:
    check_byte_rewrites(CORPUS, name)


@pytest.mark.parametrize("record", audit_params(HANDS))
def test_audit_settles_every_pot(record: HandRecord) -> None:
    check_audit(record, {})
    assert audit_with(record).verdict.value == "ok"


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
