"""Conformance over every file of ``../shared/corpus/ggpoker``, read in place.

For each file: the exact number of hands read and rejected (PLO and PLO-5 read as Omaha);
no hand disappears (headers counted by this test's own pattern); every read hand survives
the PokerStars-style writer and reader unchanged; spot checks to the chip; and the audit
settles every Hold'em and Short Deck hand ``ok`` under its detected rule set or names the
site's real quirk.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import msgspec
import pytest

from analyzer.audit.hand import audit_with
from parsers import formats, pokerstars, stars_writer
from parsers.record import Award, Deduction, HandRecord, Post, PostKind, Returned, Source, Stakes, Variant
from parsers.text import decode

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "ggpoker"

#: file -> (hands read, {reject code: hands})
EXPECTED: dict[str, tuple[int, dict[str, int]]] = {
    "cash/NL-ShortDeck-5max-USD-0.2-202103.txt": (4, {}),
    "cash/NL-ShortDeck-5max-USD-100-202104.internal.txt": (1, {}),
    "cash/PLO-6max-USD-2-5-202101.RIT.txt": (1, {}),
    "cash/PLO-6max-USD-5-10-202101.missed.txt": (1, {}),
    "cash/PLO5-6max-USD-2-5-202104.Jackpot.txt": (1, {}),
    "tournament/NLHE-8max-MTT-USD-250-202006.txt": (59, {}),
    "tournament/NLHE-8max-MTT-USD-52.50-202104.KO.txt": (1, {}),
}

_HEADER = re.compile(r"^Poker Hand #[A-Z]{0,2}\d+:", re.M)  # this test's own count of hands

_LEVEL = "GG's header names the next blind level while the hand is still dealt at the previous level's blinds"
#: hand -> (the problems the audit must name, the site's real quirk behind them); the level
#: quirk is the ggpoker profile's ``blinds-from-posts`` entry: a note, and the hand is ok
QUIRKS: dict[str, tuple[set[str], str]] = {
    "TM247773056": ({"SITE_BEHAVIOUR"}, _LEVEL),
    "TM247774746": ({"SITE_BEHAVIOUR"}, _LEVEL),  # the raise to 320 is a full raise over the posted 160
    "TM247776533": ({"SITE_BEHAVIOUR"}, _LEVEL),
    "TM247777995": ({"SITE_BEHAVIOUR"}, _LEVEL),
    "TM247849493": ({"SITE_BEHAVIOUR"}, _LEVEL),
    "TM247850728": ({"SITE_BEHAVIOUR"}, _LEVEL),  # the raise to 690 is a full raise over the posted 300
}


def _hands() -> list[tuple[str, HandRecord]]:
    found: list[tuple[str, HandRecord]] = []
    for name in EXPECTED:
        found.extend((name, hand) for hand in formats.read_file(CORPUS / name).hands)
    return found


HANDS = _hands()


def neutral(record: HandRecord) -> HandRecord:
    """The record without where it came from (source, line numbers)."""
    replace = msgspec.structs.replace
    return replace(
        record,
        source=Source(),
        posts=tuple(replace(p, line=0) for p in record.posts),
        actions=tuple(replace(a, line=0) for a in record.actions),
        shown=tuple(replace(s, line=0) for s in record.shown),
        awards=tuple(replace(a, line=0) for a in record.awards),
        returned=tuple(replace(r, line=0) for r in record.returned),
    )


def hand(hand_id: str) -> HandRecord:
    return next(h for _, h in HANDS if h.hand_id == hand_id)


def test_every_corpus_file_is_in_the_table() -> None:
    on_disk = {str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*") if p.is_file()}
    assert on_disk == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_file_reads_and_rejects_the_expected_hands_and_none_disappears(name: str) -> None:
    parsed = formats.read_file(CORPUS / name)
    assert parsed.format == "ggpoker"
    read, codes = EXPECTED[name]
    assert len(parsed.hands) == read
    assert dict(Counter(r.code.value for r in parsed.rejected)) == codes
    assert parsed.count == len(_HEADER.findall(decode((CORPUS / name).read_bytes())))
    assert all(r.line > 0 and r.hand_id for r in parsed.rejected)


@pytest.mark.parametrize(("name", "record"), HANDS, ids=[f"{Path(n).stem}-{h.hand_id}" for n, h in HANDS])
def test_every_hand_round_trips_through_the_stars_writer(name: str, record: HandRecord) -> None:
    (back,) = list(pokerstars.parse(stars_writer.write([record])))
    assert isinstance(back, HandRecord)
    assert neutral(back) == neutral(record)
    assert back.game.site == "GGPoker"


#: hands whose payouts the audit cannot reconcile, with why (each pinned by its own test)
UNRECONCILED = {"OM1349864"}


@pytest.mark.parametrize(
    "record",
    [r for _, r in HANDS if r.hand_id not in UNRECONCILED],
    ids=[f"{Path(n).stem}-{h.hand_id}" for n, h in HANDS if h.hand_id not in UNRECONCILED],
)
def test_audit_settles_every_pot_or_names_the_sites_quirk(record: HandRecord) -> None:
    audit = audit_with(record)
    expected = QUIRKS.get(record.hand_id, (set(), ""))[0]
    assert {p.code.value for p in audit.problems} == expected, [str(p.message) for p in audit.problems]
    assert audit.verdict.value == "ok"
    assert all(p.profile == "site profile ggpoker: blinds-from-posts" for p in audit.problems)


def test_omaha_hands_map_to_the_omaha_rules() -> None:
    omaha = {r.hand_id: audit_with(r).rules for _, r in HANDS if r.game.variant.value.startswith("omaha")}
    assert omaha == {"OM232657303": "omaha-pl", "OM232604226": "omaha-pl", "OM1349864": "omaha5-pl"}


def test_plo5_run_twice_hand_takes_rake_and_jackpot_from_the_pots_in_a_split_no_rule_explains() -> None:
    """PLO-5, run twice, rake 7.50 + jackpot 5.00: GG pays Hero 257.66 of each run's half of the
    527.24 main pot (5.96 off each) and 3a59c1a9 69.26 of the 69.84 side pot (0.58 off). Neither
    main-pot-first, nor in proportion to the pots, nor last-pot-first gives that split; the hand
    makes are right: Hero wins both runs' main pot, with three fives on the first run (GG's words
    "Fives Full over Nines" take three hole cards, 5s 9d 9c: not an Omaha hand) and a ten-high
    flush on the second (9d 4d with 5d 3d Td; GG's words name two pair). The audit names the
    difference in the payouts; that split is GG's, not an Omaha rule."""
    audit = audit_with(hand("OM1349864"))
    assert audit.rules == "omaha5-pl"
    assert [str(p.message) for p in audit.problems] == [
        "3a59c1a9 was paid 69.26 but is owed 69.84: side pot 1 (34.92) went to Hero, who was all-in for 175.08 "
        "and is not eligible for it",
        "Hero was paid 515.32 but is owed 514.74",
    ]
    assert [(p.index, p.run, p.winners, p.hand) for p in audit.pots if p.index == 0] == [
        (0, 0, ("Hero",), "Three of a kind, fives"),
        (0, 1, ("Hero",), "Flush, ten high"),
    ]


def test_short_deck_hands_map_to_the_short_deck_rules() -> None:
    short = [r for _, r in HANDS if r.game.variant is Variant.SHORTDECK]
    assert len(short) == 5
    assert {audit_with(r).rules for r in short} == {"shortdeck"}


def test_quirk_table_names_real_hands() -> None:
    assert set(QUIRKS) <= {h.hand_id for _, h in HANDS}


# -- spot checks to the chip ---------------------------------------------------------


def test_re_straddle_uncalled_part_is_measured_against_the_button_blind() -> None:
    """``straddle $0.04 / $0.08 / $0.16``: posts of 4, 4 and 8; 16 - 2 = 14 comes back."""
    record = hand("SD27208832")
    assert record.posts[4:] == (
        Post("f1da9c5a", PostKind.BUTTON_BLIND, 2, False, 98),
        Post("27925b27", PostKind.STRADDLE, 4, False, 99),
        Post("27925b27", PostKind.STRADDLE, 4, False, 100),
        Post("27925b27", PostKind.STRADDLE, 8, False, 101),
    )
    assert record.returned == (Returned("27925b27", 14, 110),)
    assert record.awards == (Award("27925b27", 12, None, 0, "", 113),)
    assert record.stakes == Stakes(ante=2, button_blind=2, straddle=4)


def test_short_deck_deductions_rake_jackpot_bingo() -> None:
    record = hand("SD27208848")
    assert record.total_pot == 60
    assert record.deductions == (Deduction("rake", 2), Deduction("jackpot", 2), Deduction("bingo", 0))
    assert record.awards == (Award("27925b27", 56, None, 0, "", 33),)


def test_run_twice_with_thousands_separators_and_a_straight_over_trips() -> None:
    record = hand("1171217378123557259")
    assert record.seats[1].stack == 564790  # $5,647.9
    assert [(a.player, a.amount, a.run, a.description) for a in record.awards] == [
        ("951600", 135400, 0, "Aces-High Straight"),
        ("951600", 135400, 1, "Pair of Kings and Pair of Nines"),
    ]
    assert record.boards == (("Tc", "8h", "Ah", "6h", "Jd"), ("9h", "9c", "Kc", "6s", "As"))
    assert record.total_pot == 276800 and record.rake == 6000


def test_tournament_commas_antes_and_won_summary() -> None:
    record = hand("TM599808286")
    assert (record.currency, record.decimals, record.game.tournament) == ("CHIPS", 0, True)
    assert record.stakes == Stakes(ante=30, small_blind=100, big_blind=200)
    assert record.awards == (Award("fd98a38c", 3350, None, 0, "", 45),)
    assert record.returned == (Returned("fd98a38c", 1675, 43),)
