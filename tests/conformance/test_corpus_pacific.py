"""Conformance over every 888poker file in ``../shared/corpus/sites/888``.

For each file: hands read and rejected with codes; none disappears (``#Game No :`` lines
counted by this test's own pattern); every byte-level rewrite gives the same records; the
audit settles every read hand ``ok`` or names the site's real behaviour.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "sites" / "888"

#: file -> (hands read, {reject code: hands})
EXPECTED: dict[str, tuple[int, dict[str, int]]] = {
    # a split pot with one collected line: 0.28 of a 0.52 pot would be rake (54 %), not trusted
    "cash/888-NLHE-USD-0.01-0.02.rake.greater.than.25.pct.txt": (0, {"PARSE_ERROR": 1}),
    "cash/888-NLHE-USD-0.02-0.04-201107.russian.cards.txt": (1, {}),
    "cash/NLHE-6max-USD-0.12-0.25-202206.ca-on.txt": (1, {}),
    # both seats have an empty name: no line can be told whose it is
    "cash/NLHE-USD-50.00-100.00-201406.blank.player.names.txt": (0, {"PARSE_ERROR": 1}),
    "tour/NLHE-10max-Free-202004.space.delimiter.txt": (1, {}),
}

_GAME = re.compile(r"^#Game No : \d+", re.M)  # this test's own count of hands

#: hand -> (the problems the audit must name, the site's real behaviour behind them)
QUIRKS: dict[str, tuple[set[str], str]] = {
    "6551093": (
        {"SITE_BEHAVIOUR"},
        "888poker.ca-on names a $0.12 small blind in the header and posts $0.10: the 888poker profile's "
        "blinds-from-posts note",
    ),
}


HANDS = corpus_hands(CORPUS, EXPECTED)


def test_every_888_corpus_file_is_in_the_table() -> None:
    assert files_on_disk(CORPUS) == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_file_reads_and_rejects_the_expected_hands_and_none_disappears(name: str) -> None:
    parsed = check_reads(CORPUS, name, "888poker", EXPECTED, _GAME)
    assert all(r.hand_id for r in parsed.rejected)
    assert all(h.game.site == "888poker" and h.source.format == "888poker" for h in parsed.hands)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_byte_rewrites_of_the_file_give_the_same_records(name: str) -> None:
    check_byte_rewrites(CORPUS, name)


@pytest.mark.parametrize("record", audit_params(HANDS))
def test_audit_settles_every_pot_or_names_the_sites_quirk(record: HandRecord) -> None:
    check_audit(record, QUIRKS)


def test_quirk_table_names_real_hands() -> None:
    assert set(QUIRKS) <= {h.hand_id for _, h in HANDS}


def test_rake_over_a_quarter_of_the_pot_is_named_and_not_trusted() -> None:
    parsed = formats.read_file(CORPUS / "cash/888-NLHE-USD-0.01-0.02.rake.greater.than.25.pct.txt")
    (rejected,) = parsed.rejected
    assert (rejected.hand_id, rejected.line) == ("172275663", 47)  # its one collected line
    assert str(rejected.message).endswith(
        "expected collected amounts leaving a rake of at most 25 % of the pot of 52 (not trusted: a collected line"
        " is missing or wrong), found 'a rake of 28 (54 %)'"
    )


def test_blank_player_names_are_rejected_naming_the_seats() -> None:
    (rejected,) = formats.read_file(CORPUS / "cash/NLHE-USD-50.00-100.00-201406.blank.player.names.txt").rejected
    assert str(rejected.message).endswith("found 'seats 2, 6 without a name'")


def test_russian_card_names_and_decimal_commas() -> None:
    (record,) = formats.read_file(CORPUS / "cash/888-NLHE-USD-0.02-0.04-201107.russian.cards.txt").hands
    assert record.boards == (("9s", "Jh", "2s", "5h", "Qc"),)  # В jack, Д queen
    assert [s.cards for s in record.shown[1:]] == [("2d", "Ad"), ("8c", "Ac")]  # Т ace
    assert record.seats[0].stack == 717 and record.stakes.big_blind == 4  # 7,17$ and 0,04$
    assert record.awards == (Award("Player0", 126, None, 0, "", 31),) and record.rake == 6


def test_space_as_thousands_separator_in_a_tournament() -> None:
    (record,) = formats.read_file(CORPUS / "tour/NLHE-10max-Free-202004.space.delimiter.txt").hands
    assert (record.currency, record.decimals, record.game.tournament) == ("CHIPS", 0, True)
    assert record.seats[0].stack == 1123698 and record.stakes.ante == 6000
    assert record.returned == (Returned("Player0", 799013, 36),)
    assert record.table == "Tournament #154648012 Бесплатно" and record.max_seats == 10
