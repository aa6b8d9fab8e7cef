"""Conformance over every iPoker XML session in ``../shared/corpus`` (sites and other).

For each file: the exact number of hands read and rejected with codes; no hand disappears
(``<game gamecode=`` start tags counted by this test's own pattern); every byte-level
rewrite of the file gives the same records; and the audit settles every hand ``ok`` under
its detected rule set or names the site's real quirk.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from analyzer.audit.hand import audit_with
from parsers import formats
from parsers.record import HandRecord, Variant
from tests.conformance.corpus_table import (
    audit_params,
    check_audit,
    check_byte_rewrites,
    check_reads,
    corpus_hands,
    files_on_disk,
)

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"

#: file -> (hands read, {reject code: hands})
EXPECTED: dict[str, tuple[int, dict[str, int]]] = {
    "sites/ipoker/cash/LHE-HU-USD-20-40-201103.flat.format.txt": (1, {}),
    "sites/ipoker/cash/NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml": (1, {}),
    # hand 3858162748: Player1's actions add up to 0.04, the file says bet="€0.05"
    "sites/ipoker/cash/NLHE-EUR-0.01-0.02-201701.new.datetime.format.txt": (2, {"PARSE_ERROR": 1}),
    "sites/ipoker/cash/NLHE-EUR-0.25-0.50-201202.Russian.NL.txt": (1, {}),
    "sites/ipoker/cash/NLHE-GBP-0.05-0.10-201307.uncalled.2nd.winner.xml": (1, {}),
    "sites/ipoker/cash/NLHE-GBP-0.05-0.10-201307.uncalled.less.than.rake.xml": (1, {}),
    "sites/ipoker/cash/NLHE-RSD-1.00-2.00-201210.Serbian.Dinar.txt": (1, {}),
    "sites/ipoker/cash/NLHE-USD-0.05-0.10-201312.player.antes.then.sits.out.txt": (1, {}),
    "sites/ipoker/tour/NLHE-USD-10-1-201901.card.catcher.txt": (1, {}),
    "other/ipoker/6+Holdem-EUR-0.25-0.50-201702.txt": (1, {}),
    "other/ipoker/NLHE-USD-0.02-0.04-201111.txt": (41, {}),
}

_GAME = re.compile(r"<game\s+gamecode=")  # this test's own count of hands

#: hand -> (the problems the audit must name, the site's real behaviour behind them)
QUIRKS: dict[str, tuple[set[str], str]] = {
    "5338624766": (
        {"SITE_BEHAVIOUR"},
        "iPoker writes a sit-out (type 9) of a player who posted an ante when it happens, not at the player's turn: "
        "the ipoker profile's out-of-turn-fold note",
    ),
}


HANDS = corpus_hands(CORPUS, EXPECTED)


def test_every_ipoker_corpus_file_is_in_the_table() -> None:
    assert files_on_disk(CORPUS, "sites/ipoker", "other/ipoker") == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_file_reads_and_rejects_the_expected_hands_and_none_disappears(name: str) -> None:
    parsed = check_reads(CORPUS, name, "ipoker", EXPECTED, _GAME)
    assert all(r.hand_id for r in parsed.rejected)
    assert all(h.game.site == "ipoker" and h.source.format == "ipoker" for h in parsed.hands)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_byte_rewrites_of_the_file_give_the_same_records(name: str) -> None:
    check_byte_rewrites(CORPUS, name)


@pytest.mark.parametrize("record", audit_params(HANDS))
def test_audit_settles_every_pot_or_names_the_sites_quirk(record: HandRecord) -> None:
    check_audit(record, QUIRKS)


def test_quirk_table_names_real_hands() -> None:
    assert set(QUIRKS) <= {h.hand_id for _, h in HANDS}


def test_the_real_six_plus_session_is_short_deck_with_blinds_ranked_trips_over_straight() -> None:
    (record,) = formats.read_file(CORPUS / "other/ipoker/6+Holdem-EUR-0.25-0.50-201702.txt").hands
    assert record.game.variant is Variant.SHORTDECK and record.game.ranking == "trips-over-straight"
    assert (record.stakes.small_blind, record.stakes.big_blind, record.stakes.ante) == (25, 50, 0)
    assert audit_with(record).rules == "shortdeck-blinds-trips"
    assert audit_with(record).verdict.value == "ok"
