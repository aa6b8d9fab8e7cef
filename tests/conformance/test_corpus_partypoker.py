"""Conformance over every PartyPoker file of ``../shared/corpus`` (``sites/partypoker`` and
``other/partypoker``), read in place.

For each file: the exact number of hands read and rejected (with codes); no hand disappears
(hand headers counted by a pattern of this test, not the parser's); spot checks to the chip on
real hands; and the audit settles every hand ``ok`` under the rule set its game maps to, or
names the site's real quirk (engine gaps are strict xfails that name the gap).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from analyzer.audit.hand import audit_with
from analyzer.detect import rules_name_for
from parsers import formats, partypoker, pokerbros, pokermavens
from parsers.errors import RejectCode
from parsers.record import (
    Action,
    ActionKind,
    Award,
    Betting,
    Deduction,
    HandRecord,
    Post,
    PostKind,
    Returned,
    Shown,
    Source,
    Stakes,
    Street,
    Variant,
)
from parsers.text import decode
from tests.conformance.corpus_table import audit_params, check_audit, check_reads, corpus_hands, files_on_disk

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
SITES = SHARED / "sites" / "partypoker"
OTHER = SHARED / "other" / "partypoker"

#: file (relative to ../shared/corpus) -> (hands read, {reject code: hands})
EXPECTED: dict[str, tuple[int, dict[str, int]]] = {
    "sites/partypoker/cash/NLDHE-USD-0.01-0.02-201205.double.holdem.txt": (0, {"UNSUPPORTED_GAME": 1}),
    "sites/partypoker/cash/NLHE-6max-USD-0.01-0.02-201812.converted.txt": (1, {}),
    "sites/partypoker/cash/NLHE-6max-USD-0.10-0.25-201212.Mac.Format.txt": (1, {}),
    "sites/partypoker/cash/NLHE-USD-0.01-0.02-20100712.emailedHistory.txt": (1, {}),
    "sites/partypoker/cash/NLHE-USD-0.01-0.02-20100731.bigBlindIsForcedAllIn.txt": (1, {}),
    "sites/partypoker/cash/NLHE-USD-0.01-0.02-201901.WPN.converted.txt": (1, {}),
    "sites/partypoker/cash/PLO-6max-USD-0.10-0.25-202602.cash.out.txt": (1, {}),
    "sites/partypoker/cash/PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt": (4, {}),
    "other/partypoker/NLHE-6max-USD-0.05-0.10-201608.fastforward.txt": (1, {}),
    "other/partypoker/Short-Deck-6max-USD-1.00-1.00-201904.txt": (1, {}),
}

#: a hand header, as this test counts them (not the parser's pattern)
_BLOCK = re.compile(r"^\*\*\*\*\* Hand History [Ff]or Game ", re.M)

_RAKE_UNSTATED = (
    "Party's client text (and the trackers' Party re-exports) print no rake: 'wins $X' is net of it, "
    "so the pot exceeds the payouts by the rake: the partypoker profile's rake-unstated note"
)
#: hand -> (the problems the audit must name, the site's real quirk behind them)
QUIRKS: dict[str, tuple[set[str], str]] = {
    "1111111111": ({"SITE_BEHAVIOUR"}, _RAKE_UNSTATED),  # both tracker re-exports
    "12395241485": ({"SITE_BEHAVIOUR"}, _RAKE_UNSTATED),  # Mac client, 2.88 of 57.61
    "15492724092": ({"SITE_BEHAVIOUR"}, _RAKE_UNSTATED),  # fastforward, 0.02 of 0.45
    "18512107436": ({"SITE_BEHAVIOUR"}, _RAKE_UNSTATED),  # Short Deck, 3.00 of 415.82
}
#: hand -> (what the audit should say once the engine handles it, the gap)
ENGINE_GAPS: dict[str, tuple[set[str], str]] = {}  # 9485557849 (a big blind all-in for less): the default profile


HANDS = corpus_hands(SHARED, EXPECTED)


def hand(hand_id: str, file: str = "") -> HandRecord:
    return next(h for name, h in HANDS if h.hand_id == hand_id and file in name)


def test_every_corpus_file_is_in_the_table() -> None:
    assert files_on_disk(SHARED, "sites/partypoker", "other/partypoker") == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_file_reads_and_rejects_the_expected_hands_and_none_disappears(name: str) -> None:
    parsed = check_reads(SHARED, name, "partypoker", EXPECTED, _BLOCK)
    assert all(r.file == str(SHARED / name) and str(r.message) for r in parsed.rejected)
    assert all(h.source == Source(str(SHARED / name), h.source.line, "partypoker") for h in parsed.hands)


@pytest.mark.parametrize("record", audit_params(HANDS, ENGINE_GAPS))
def test_audit_settles_every_pot_or_names_the_sites_quirk(record: HandRecord) -> None:
    check_audit(record, QUIRKS, ENGINE_GAPS)


def test_quirk_and_gap_tables_name_real_hands() -> None:
    ids = {h.hand_id for _, h in HANDS}
    assert set(QUIRKS) <= ids and set(ENGINE_GAPS) <= ids


def test_unstated_rake_is_exactly_the_gap_between_pot_and_payouts() -> None:
    """The quirk is the rake and nothing else: the pot less the payouts is a plausible rake (<= 5 %)."""
    for hand_id in QUIRKS:
        for record in (h for _, h in HANDS if h.hand_id == hand_id):
            audit = audit_with(record)
            paid = sum(a.amount for a in record.awards)
            assert 0 < audit.total_pot - paid <= audit.total_pot * 5 // 100 + 1


# -- spot checks to the chip ---------------------------------------------------------


def test_short_deck_antes_button_blind_and_trips_over_straight() -> None:
    record = hand("18512107436")
    assert record.game.variant is Variant.SHORTDECK and record.game.ranking == "trips-over-straight"
    assert rules_name_for(record) == "shortdeck-trips"
    assert record.stakes == Stakes(ante=100, button_blind=100)
    assert record.posts == (
        Post("Lamar_Odom37", PostKind.ANTE, 100, False, 9),
        Post("Player5", PostKind.ANTE, 100, False, 10),
        Post("Player5", PostKind.BUTTON_BLIND, 100, False, 11),
    )
    # bracketed amounts are added: "raises [$17 USD]" over the live $1 button blind raises to $18
    assert record.actions[:3] == (
        Action(Street.PREFLOP, "Lamar_Odom37", ActionKind.RAISE, 500, False, 14),
        Action(Street.PREFLOP, "Player5", ActionKind.RAISE, 1800, False, 15),
        Action(Street.PREFLOP, "Lamar_Odom37", ActionKind.CALL, 1800, False, 16),
    )
    assert record.seats[1].stack == 229068  # "$2,290.68 USD": a thousands comma
    assert record.awards == (Award("Player5", 41282, 0, 0, "two pairs, Aces and Nines with King kicker", 31),)
    assert Shown("Lamar_Odom37", ("Ah", "Qs"), True, "two pairs, Aces and Nines", 13) in record.shown
    assert (record.currency, record.decimals, record.button, record.max_seats) == ("USD", 2, 5, 6)
    assert record.started_at == "2019-04-16T18:04:52" and record.table == "Short Deck NLH 100 4"


def test_mac_client_decimal_commas_and_two_wins_on_one_line() -> None:
    record = hand("12395241485")
    assert [s.stack for s in record.seats] == [2602, 3004, 2715, 3589, 2618, 2500]
    assert record.awards == (
        Award("Player3", 2737, 0, 0, "two pairs, Aces and Queens", 37),
        Award("Player4", 2736, 0, 0, "two pairs, Aces and Queens", 37),
    )
    # "Player3 is all-In  [ $20,90 USD ]" after raising to 5.25: all in to 26.15, a raise over 20.91
    assert Action(Street.FLOP, "Player3", ActionKind.RAISE, 2615, True, 31) in record.actions
    assert Action(Street.FLOP, "Player4", ActionKind.CALL, 2615, False, 32) in record.actions


def test_emailed_history_summary_pot_rake_and_collected_less_the_uncalled_bet() -> None:
    record = hand("9423586142")
    assert record.game.declared == "0.01/0.02 Texas Hold'em Game Table (NL)"
    assert record.stakes == Stakes(small_blind=1, big_blind=2)
    assert Action(Street.PREFLOP, "Player3", ActionKind.RAISE, 8, False, 27) in record.actions  # "raises 0.06 to 0.08"
    assert record.pots == (18,) and record.total_pot == 18 and record.deductions == (Deduction("rake", 0),)
    # "collected $0.31" is the 0.18 pot and the uncalled 0.13 flop bet
    assert record.awards == (Award("Player3", 18, None, 0, "", 38),)
    assert record.returned == (Returned("Player3", 13, 38),)
    assert {s.player for s in record.seats if s.sitting_out} == {"Player4", "Player7"}
    assert record.started_at == "2010-07-12T13:38:32"


def test_forced_all_in_big_blind_and_the_uncalled_bet_inside_the_side_pot_win() -> None:
    record = hand("9485557849")
    assert Post("Player2", PostKind.BIG_BLIND, 1, True, 14) in record.posts
    assert record.stakes == Stakes(small_blind=1, big_blind=2)  # "$0.80 USD NL" at a 20BB Min table: 40 big blinds
    assert record.returned == (Returned("Hero", 4, 31),)
    assert [(a.amount, a.pot) for a in record.awards] == [(2, 1), (3, 0)]


def test_tracker_re_export_unnamed_win_equal_to_the_uncalled_bet_is_that_bet() -> None:
    stars = hand("1111111111", "201812.converted")
    assert stars.game.site == "pokerstars" and stars.source.format == "partypoker"
    assert stars.returned == (Returned("Player3", 264, 36),)
    assert stars.awards == (Award("Player3", 569, 0, 0, "", 37),)
    # "- VPIP: 21, PFR: 14, 3B: 5, AF: 1,7, Hands: 139" after the stack is a tracker's note
    assert [s.stack for s in stars.seats] == [275, 218, 545, 1156, 202, 298]
    wpn = hand("1111111111", "WPN.converted")
    assert wpn.game.site == "wpn"
    assert wpn.returned == (Returned("Player3", 174, 32),) and wpn.awards == (Award("Hero", 527, 0, 0, "", 33),)
    assert Action(Street.RIVER, "Hero", ActionKind.CALL, 192, True, 31) in wpn.actions  # the stack runs out


def test_fastforward_wins_includes_the_uncalled_river_bet() -> None:
    record = hand("15492724092")
    assert record.game.declared == "$10 USD fastforward NL Texas Hold'em"
    assert record.stakes == Stakes(small_blind=5, big_blind=10)
    assert record.returned == (Returned("Hero", 14, 33),) and record.awards == (Award("Hero", 43, None, 0, "", 33),)


def test_double_holdem_is_one_rejected_hand_with_its_reason() -> None:
    parsed = formats.read_file(SITES / "cash/NLDHE-USD-0.01-0.02-201205.double.holdem.txt")
    (rejected,) = parsed.rejected
    assert rejected.code is RejectCode.UNSUPPORTED_GAME and rejected.hand_id == "11764881345" and rejected.line == 3
    assert str(rejected.message).endswith(
        "expected a game sixplus covers (Texas Hold'em, Short Deck, Omaha); Double Hold'em deals three hole cards and "
        'a point card, found "Double Hold\'em"'
    )


def test_2026_omaha_hands_are_read_as_pot_limit_omaha_four_hole_cards_and_audit_ok() -> None:
    parsed = formats.read_file(SITES / "cash/PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt")
    assert [(h.hand_id, h.source.line) for h in parsed.hands] == [
        ("1784559729098bywbird3xlj", 1),
        ("17845596990673djb7na2i87", 35),
        ("17845596867267gpyxw6jp9t", 69),
        ("1784559652796h1yodv7zdsi", 98),
    ]
    for record in parsed.hands:
        assert (record.game.variant, record.game.betting) == (Variant.OMAHA, Betting.POT_LIMIT)
        assert all(len(s.cards) in (0, 4) for s in record.shown)
        audit = audit_with(record)
        assert (audit.rules, audit.verdict.value) == ("omaha-pl", "ok")


def test_every_read_hand_is_no_limit_holdem_or_short_deck_or_pot_limit_omaha() -> None:
    assert {(h.game.variant, h.game.betting) for _, h in HANDS} == {
        (Variant.HOLDEM, Betting.NO_LIMIT),
        (Variant.SHORTDECK, Betting.NO_LIMIT),
        (Variant.OMAHA, Betting.POT_LIMIT),
    }


def test_no_other_corpus_file_is_claimed_by_the_party_pokerbros_or_mavens_sniffers() -> None:
    """Detection by content: every other site's and format's real file stays with its own reader."""
    claimed, checked = [], 0
    for path in sorted(SHARED.rglob("*")):
        if not path.is_file() or path.suffix == ".md" or path.parent.name in ("partypoker", "pokermavens"):
            continue
        if path.parent.parent.name == "partypoker":  # sites/partypoker/cash
            continue
        text = decode(path.read_bytes())
        checked += 1
        claimed += [(str(path), m.FORMAT) for m in (partypoker, pokerbros, pokermavens) if m.sniff(text)]
    assert claimed == [] and checked > 100
