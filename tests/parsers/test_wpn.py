"""Winning Poker Network quirks, each a named test on a small text in the site's words."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from parsers import formats, wpn
from parsers.errors import ParseError, RejectCode, Rejected
from parsers.record import ActionKind, HandRecord, PostKind

NEW = """Hand #1 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC
Miramar (Cap) 3-max Seat #1 is the button
Seat 1: Ann ($2.00)
Seat 2: Bob Ross ($1.00)
Seat 3: Cy ($3.00) is sitting out
Ann posts the small blind $0.01
Bob Ross posts the big blind $0.02
*** HOLE CARDS ***
Dealt to Bob Ross [9c Qd]
Ann raises $0.05 to $0.05
Bob Ross calls $0.03
*** FLOP *** [Qh 5c 4d]
Main pot $0.10 | Rake $0.00
Bob Ross bets $0.11
Ann caps $0.55
Bob Ross calls $0.44
*** TURN *** [Qh 5c 4d] [As]
Main pot $1.19 | Rake $0.01
*** RIVER *** [Qh 5c 4d As] [6c]
*** SHOW DOWN ***
Bob Ross shows [9c Qd] (a pair of Queens [Qh Qd As 9c 6c])
Ann shows [7d 6d] (a pair of Sixs [6d 6c As Qh 7d])
Bob Ross collected $1.19 from main pot
*** SUMMARY ***
Total pot $1.19 | Rake $0.00 | JP Fee $0.01
Board [Qh 5c 4d As 6c]
Seat 1: Ann (button) (small blind) showed [7d 6d] and lost with a pair of Sixs [6d 6c As Qh 7d]
Seat 2: Bob Ross (big blind) showed [9c Qd] and won $1.19 with a pair of Queens [Qh Qd As 9c 6c]
"""

OLD = """Game started at: 2016/8/8 16:26:41
Game ID: 698338917 0.01/0.02 (PRR) Bahamut (Cap) - 5 (Hold'em)
Seat 1 is the button
Seat 2: Bob (0.80).
Seat 1: Ann (2).
Player Ann has small blind (0.01)
Player Bob has big blind (0.02)
Player Bob received card: [Ad]

Player Bob received card: [8s]
Player Ann raises (0.04)
Player Bob calls (0.02)
*** FLOP ***: [Ks 2d 7c]
Player Bob checks
Player Ann bets (0.06)
Player Bob folds
Uncalled bet (0.06) returned to Ann
Player Ann is timed out.
Player Ann mucks cards
------ Summary ------
Pot: 0.07. Rake 0.01
Board: [Ks 2d 7c]
*Player Ann mucks (does not show cards). Bets: 0.04. Collects: 0.07. Wins: 0.03.
Player Bob does not show cards.Bets: 0.04. Collects: 0. Loses: 0.04.
Game ended at: 2016/8/8 16:27:29
"""


def one(text: str) -> HandRecord:
    (hand,) = wpn.parse(text, file="t.txt")
    assert isinstance(hand, HandRecord), hand
    return hand


def test_both_formats_are_detected_by_content() -> None:
    assert formats.detect(NEW) == "wpn" and formats.detect(OLD) == "wpn"
    assert formats.detect("\ufeff" + OLD) == "wpn"


def test_new_format_raise_states_the_new_total_twice() -> None:
    hand = one(NEW)
    assert [(a.player, a.kind, a.to) for a in hand.actions[:2]] == [
        ("Ann", ActionKind.RAISE, 5),
        ("Bob Ross", ActionKind.CALL, 5),
    ]


def test_caps_is_a_raise_to_the_cap_and_cap_tables_cap_at_30_big_blinds() -> None:
    hand = one(NEW)
    assert [(a.player, a.kind, a.to) for a in hand.actions[2:]] == [
        ("Bob Ross", ActionKind.BET, 11),
        ("Ann", ActionKind.RAISE, 55),
        ("Bob Ross", ActionKind.CALL, 55),
    ]
    assert hand.stakes.cap == 60


def test_names_with_spaces_and_players_sitting_out() -> None:
    hand = one(NEW)
    assert [(s.player, s.sitting_out) for s in hand.seats] == [("Ann", False), ("Bob Ross", False), ("Cy", True)]


def test_total_pot_is_after_rake_and_jackpot_fee() -> None:
    hand = one(NEW)
    assert hand.total_pot == 120
    assert [(d.kind, d.amount) for d in hand.deductions] == [("rake", 0), ("jackpot", 1)]
    assert [(a.player, a.amount, a.pot, a.description) for a in hand.awards] == [
        ("Bob Ross", 119, 0, "a pair of Queens [Qh Qd As 9c 6c]")
    ]


def test_post_dead_is_the_big_blind_live_and_the_small_blind_dead() -> None:
    text = NEW.replace(
        "Bob Ross posts the big blind $0.02\n", "Bob Ross posts the big blind $0.02\nCy posts dead $0.03\n"
    ).replace("Seat 3: Cy ($3.00) is sitting out", "Seat 3: Cy ($3.00)")
    posts = [(p.player, p.kind, p.amount) for p in one(text).posts]
    assert posts == [
        ("Ann", PostKind.SMALL_BLIND, 1),
        ("Bob Ross", PostKind.BIG_BLIND, 2),
        ("Cy", PostKind.DEAD_BLIND, 1),
        ("Cy", PostKind.BIG_BLIND, 2),
    ]


def test_old_format_raises_state_the_total_and_calls_the_chips_added() -> None:
    hand = one(OLD)
    assert [(a.player, a.kind, a.to) for a in hand.actions] == [
        ("Ann", ActionKind.RAISE, 4),
        ("Bob", ActionKind.CALL, 4),
        ("Bob", ActionKind.CHECK, 0),
        ("Ann", ActionKind.BET, 6),
        ("Bob", ActionKind.FOLD, 0),
    ]


def test_old_format_pot_is_after_rake_and_collects_are_the_awards() -> None:
    hand = one(OLD)
    assert (hand.total_pot, [(d.kind, d.amount) for d in hand.deductions]) == (8, [("rake", 1)])
    assert [(a.player, a.amount, a.pot) for a in hand.awards] == [("Ann", 7, None)]
    assert [(r.player, r.amount) for r in hand.returned] == [("Ann", 6)]


def test_old_format_hole_cards_one_at_a_time_and_blank_lines_inside_a_hand() -> None:
    hand = one(OLD)
    assert [(s.player, s.cards) for s in hand.shown] == [("Bob", ("Ad", "8s"))]
    assert [s.seat for s in hand.seats] == [1, 2]  # listed out of order, sorted
    assert hand.started_at == "2016-08-08T16:26:41" and hand.table == "(PRR) Bahamut (Cap) - 5"


def test_old_format_six_plus_ranks_trips_over_a_straight() -> None:
    hand = one(OLD.replace("(Hold'em)", "(Six Plus Hold'em)"))
    assert (hand.game.variant.value, hand.game.ranking) == ("shortdeck", "trips-over-straight")


def test_an_unsupported_game_is_one_rejected_hand_with_its_reason() -> None:
    items = list(wpn.parse(OLD.replace("(Hold'em)", "(Omaha Hi)") + "\n" + OLD, file="t.txt"))
    assert isinstance(items[0], Rejected) and items[0].code is RejectCode.UNSUPPORTED_GAME
    assert "Omaha Hi" in items[0].message and isinstance(items[1], HandRecord)
    items = list(wpn.parse(NEW.replace("Holdem(No Limit)", "Omaha(Pot Limit)")))
    assert isinstance(items[0], Rejected) and items[0].code is RejectCode.UNSUPPORTED_GAME


def test_a_hand_cut_before_its_end_is_truncated() -> None:
    (item,) = wpn.parse(OLD.split("------ Summary")[0])
    assert isinstance(item, Rejected) and item.code is RejectCode.TRUNCATED
    (item,) = wpn.parse(NEW.split("*** SUMMARY")[0])
    assert isinstance(item, Rejected) and item.code is RejectCode.TRUNCATED


def test_an_action_of_a_player_without_a_seat_rejects_the_hand_naming_the_line() -> None:
    (item,) = wpn.parse(OLD.replace("Player Bob checks", "Player  checks"), file="t.txt")
    assert isinstance(item, Rejected) and item.code is RejectCode.PARSE_ERROR
    assert item.line == 14 and "found 'Player  checks'" in item.message


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_fuzzed_texts_read_or_reject_never_crash(data: st.DataObject) -> None:
    """Cut, flipped and shuffled texts: records or :class:`Rejected`, never another exception."""
    text = data.draw(st.sampled_from([OLD, NEW, OLD + "\n" + NEW]))
    cut = data.draw(st.integers(0, len(text)))
    chars = list(text[:cut])
    for _ in range(data.draw(st.integers(0, 6))):
        if chars:
            at = data.draw(st.integers(0, len(chars) - 1))
            chars[at] = data.draw(st.sampled_from(list("#:$()[]0123456789 \n.xé-*")))
    lines = "".join(chars).split("\n")
    if data.draw(st.booleans()):
        lines = data.draw(st.permutations(lines))
    try:
        items = list(wpn.parse("\n".join(lines)))
    except ParseError:  # pragma: no cover - parse reports problems as Rejected
        raise AssertionError("parse raised instead of rejecting") from None
    assert all(isinstance(i, HandRecord | Rejected) for i in items)
