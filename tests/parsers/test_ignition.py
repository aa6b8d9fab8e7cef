"""Ignition / Bovada / Bodog quirks, each a named test on a small text in the site's words."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from parsers import formats, ignition
from parsers.errors import RejectCode, Rejected
from parsers.record import ActionKind, HandRecord, PostKind

CASH = """Bovada Hand #2628482935 TBL#1866535 HOLDEM No Limit - 2012-08-26 23:35:15
Seat 1: UTG+1 ($35.82 in chips)
Seat 2: Dealer [ME] ($32.05 in chips)
Seat 3: Small Blind ($10.14 in chips)
Seat 4: Big Blind ($16.79 in chips)
Seat 5: UTG ($12.52 in chips)
Dealer  [ME] : Set dealer/Bring in spot [2]
Small Blind : Ante/Small Blind $0.10
Big Blind : Big blind/Bring in $0.25
UTG : Seat sit out
*** HOLE CARDS ***
UTG+1 : Card dealt to a spot [7h 3s]
Dealer  [ME] : Card dealt to a spot [2s 4c]
Small Blind : Card dealt to a spot [Jd As]
Big Blind : Card dealt to a spot [Kd 9c]
UTG+1 : Folds
Table deposit $86.20
Dealer  [ME] : Folds (timeout)
Small Blind : Calls $0.15
Big Blind : Raises $0.75 to $1
Small Blind : All-in(raise) $9.89 to $10.14
Big Blind : Folds
Small Blind : Return uncalled portion of bet $9.14
Small Blind : Does not show [Jd As] (High Card)
Small Blind : Hand result $2
Enter(Auto)
*** SUMMARY ***
Total Pot($2) | Rake ($0)
Seat+1: UTG+1 Folded before the FLOP
Seat+3: Small Blind $2 [Does not show]
"""


def one(text: str) -> HandRecord:
    (hand,) = ignition.parse(text, file="t.txt")
    assert isinstance(hand, HandRecord), hand
    return hand


def test_detected_by_content_under_every_brand() -> None:
    for brand in ("Bovada", "Bodog.com", "Bodog UK", "Ignition"):
        assert formats.detect(CASH.replace("Bovada", brand, 1)) == "ignition"


def test_anonymised_seats_are_positions_and_me_is_dropped() -> None:
    hand = one(CASH)
    assert [s.player for s in hand.seats] == ["UTG+1", "Dealer", "Small Blind", "Big Blind", "UTG"]
    assert hand.button == 2


def test_a_seat_dealt_no_cards_sits_out() -> None:
    assert [s.player for s in one(CASH).seats if s.sitting_out] == ["UTG"]


def test_raises_state_the_chips_added_then_the_new_total() -> None:
    hand = one(CASH)
    assert [(a.player, a.kind, a.to, a.all_in) for a in hand.actions if a.kind is not ActionKind.FOLD] == [
        ("Small Blind", ActionKind.CALL, 25, False),
        ("Big Blind", ActionKind.RAISE, 100, False),
        ("Small Blind", ActionKind.RAISE, 1014, True),
    ]


def test_blinds_are_read_from_the_posts_and_the_rake_from_the_summary() -> None:
    hand = one(CASH)
    assert [(p.player, p.kind) for p in hand.posts] == [
        ("Small Blind", PostKind.SMALL_BLIND),
        ("Big Blind", PostKind.BIG_BLIND),
    ]
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (10, 25)
    assert (hand.total_pot, [(d.kind, d.amount) for d in hand.deductions]) == (200, [("rake", 0)])
    assert [(a.player, a.amount) for a in hand.awards] == [("Small Blind", 200)]
    assert [(r.player, r.amount) for r in hand.returned] == [("Small Blind", 914)]


def test_every_dealt_hand_is_recorded_as_shown() -> None:
    assert {s.player: s.cards for s in one(CASH).shown}["Big Blind"] == ("Kd", "9c")


def test_all_in_is_the_chips_added_as_a_bet_call_or_raise() -> None:
    text = CASH.replace("Small Blind : All-in(raise) $9.89 to $10.14", "Small Blind : All-in $9.89")
    raise_all_in = one(text).actions[-2]
    assert (raise_all_in.kind, raise_all_in.to, raise_all_in.all_in) == (ActionKind.RAISE, 1014, True)


def test_zone_poker_summary_may_be_empty_and_rake_unwritten() -> None:
    text = CASH.replace(
        "Bovada Hand #2628482935 TBL#1866535 HOLDEM No Limit",
        "Bovada Hand #1  Zone Poker ID#1708 HOLDEMZonePoker No Limit",
    )
    text = text.split("*** SUMMARY ***")[0] + "*** SUMMARY ***\n"
    hand = one(text)
    assert (hand.total_pot, hand.deductions) == (None, ())


def test_tournament_seat_ids_are_numbered_around_the_table() -> None:
    text = """Ignition Hand #1: HOLDEM Tournament #42 TBL#17, Normal- Level 19 (1000/2000) - 2021-08-17 23:16:04
Seat 208: UTG (18,695 in chips)
Seat 53: UTG+1 [ME] (78,064 in chips)
Seat 43: Small Blind (41,209 in chips)
Seat 25: Big Blind (74,811 in chips)
UTG : Ante chip 200
UTG+1 [ME] : Ante chip 200
Small Blind : Ante chip 200
Big Blind : Ante chip 200
Small Blind : Small blind 1000
Big Blind : Big blind 2000
*** HOLE CARDS ***
UTG : Folds
UTG+1 [ME] : Folds
Small Blind : Folds
Big Blind : Return uncalled portion of bet 1000
Big Blind : Hand Result 2800
*** SUMMARY ***
Total Pot(2800)
"""
    hand = one(text)
    assert [(s.seat, s.player) for s in hand.seats] == [(1, "UTG"), (2, "UTG+1"), (3, "Small Blind"), (4, "Big Blind")]
    assert hand.button == 2 and (hand.currency, hand.decimals) == ("CHIPS", 0)
    assert (hand.stakes.ante, hand.stakes.small_blind, hand.stakes.big_blind) == (200, 1000, 2000)


def test_a_summary_running_into_another_hand_is_truncated() -> None:
    text = CASH.replace(
        "Seat+3: Small Blind $2 [Does not show]",
        "Seat+3: Small Blind $2 [75 in chips)\nSeat 4: UTG+1 ($1,222 in chips)",
    )
    (item,) = ignition.parse(text)
    assert isinstance(item, Rejected) and item.code is RejectCode.TRUNCATED and item.line == 31


def test_another_game_is_one_rejected_hand_with_its_reason() -> None:
    items = list(ignition.parse(CASH.replace("HOLDEM No Limit", "OMAHA Pot Limit") + "\n" + CASH))
    assert isinstance(items[0], Rejected) and items[0].code is RejectCode.UNSUPPORTED_GAME
    assert "OMAHA" in items[0].message and isinstance(items[1], HandRecord)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_fuzzed_texts_read_or_reject_never_crash(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from([CASH, CASH + "\n" + CASH]))
    chars = list(text[: data.draw(st.integers(0, len(text)))])
    for _ in range(data.draw(st.integers(0, 6))):
        if chars:
            chars[data.draw(st.integers(0, len(chars) - 1))] = data.draw(
                st.sampled_from(list("#:$()[]0123456789 \n.x+-"))
            )
    lines = "".join(chars).split("\n")
    if data.draw(st.booleans()):
        lines = data.draw(st.permutations(lines))
    assert all(isinstance(i, HandRecord | Rejected) for i in ignition.parse("\n".join(lines)))
