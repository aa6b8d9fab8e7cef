"""Showdown rules the audit checks beyond the pots: SH-ORDER (who shows first), SH-MUCK (a
beaten hand given up; under a rule set where every hand still in is turned up, a better hand
mucked does not lose the pot silently), and the rake checked against its own rule apart from
jackpot or other fees."""

from __future__ import annotations

import dataclasses

import msgspec

from analyzer.audit.hand import audit_with
from analyzer.replay.findings import Verdict
from parsers.record import Deduction
from tests.analyzer.hands import audit, record

RIVER_BET = """
rules shortdeck
stakes ante=1 button=1
seats Ana 100, Ben 100
button Ana
deal
preflop Ben c Ana x
flop Ks 9s 7c: Ben x Ana x
turn 6d: Ben x Ana x
river Jc: Ben {river}
{shows}
win {winner} {won}
"""


def test_sh_order_the_last_to_bet_on_the_river_shows_first() -> None:
    """SH-ORDER: Ana bet the river and Ben called: Ana shows first; Ben showing first is a note."""
    right = RIVER_BET.format(river="x Ana b4 Ben c", shows="show Ana Qc Qd\nshow Ben Tc Td", winner="Ana", won=12)
    assert audit(right).problems == ()
    wrong = RIVER_BET.format(river="x Ana b4 Ben c", shows="show Ben Tc Td\nshow Ana Qc Qd", winner="Ana", won=12)
    a = audit(wrong)
    assert a.verdict is Verdict.OK
    assert [(p.code.value, p.verdict.value, p.rule, str(p.message)) for p in a.problems] == [
        (
            "SHOWDOWN_ORDER",
            "note",
            "SH-ORDER",
            "Ben showed first; Ana was to show first (the last to bet or raise on the river, else the first "
            "player left of the button)",
        )
    ]


def test_sh_order_a_checked_river_shows_first_left_of_the_button() -> None:
    checked = RIVER_BET.format(river="x Ana x", shows="show Ana Qc Qd\nshow Ben Tc Td", winner="Ana", won=4)
    assert [p.code.value for p in audit(checked).problems] == ["SHOWDOWN_ORDER"]
    ordered = RIVER_BET.format(river="x Ana x", shows="show Ben Tc Td\nshow Ana Qc Qd", winner="Ana", won=4)
    assert audit(ordered).problems == ()


def test_sh_muck_a_better_hand_mucked_under_all_hands_shown_is_named() -> None:
    """000/004 (shortdeck): the players still in show their cards. Ben mucks queens after Ana's
    tens were shown; Ana was paid, but the better hand is Ben's: the audit names it."""
    text = RIVER_BET.format(river="x Ana b4 Ben c", shows="show Ana Tc Td\nmuck Ben Qc Qd", winner="Ana", won=12)
    a = audit(text)
    assert a.verdict is Verdict.VIOLATION
    assert [(p.code.value, p.rule, str(p.message)) for p in a.problems] == [
        (
            "BETTER_HAND_MUCKED",
            "SH-MUCK",
            "Ben mucked Qc Qd (one pair, queens), which beats Ana who won the main pot (12); under shortdeck "
            "every hand still in is turned up, so the better hand wins it",
        )
    ]


def test_sh_muck_a_beaten_hand_may_be_mucked_where_the_rules_allow_it() -> None:
    """002 (holdem): a player who knows they are beaten may fold face down; nothing to say."""
    text = """
rules holdem
stakes sb=1 bb=2
seats Ana 100, Ben 100
button Ana
deal
preflop Ana c Ben x
flop Ks 9s 7c: Ben x Ana x
turn 6d: Ben x Ana x
river Jc: Ben x Ana b4 Ben c
show Ana Tc Td
muck Ben Qc Qd
win Ana 12
"""
    assert audit(text).verdict is Verdict.OK


def test_sh_muck_a_loser_who_shows_nothing_is_a_mucked_hand_not_an_unknown_one() -> None:
    """A log that shows only the winner's cards: the loser mucked. No warning, and the pot is
    checked among the hands shown."""
    text = RIVER_BET.format(river="x Ana b4 Ben c", shows="show Ana Qc Qd", winner="Ana", won=12)
    assert audit(text).problems == ()
    unpaid = RIVER_BET.format(river="x Ana b4 Ben c", shows="show Ana Qc Qd", winner="Ben", won=12)
    assert "SHOWDOWN_CARDS_UNKNOWN" in [p.code.value for p in audit(unpaid).problems]  # the unknown hand was paid


def test_rake_cap_applies_to_the_rake_not_to_a_jackpot_listed_apart(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Each deduction against its own rule: a 1-big-blind rake cap holds the rake (2), while the
    jackpot drop (1) beside it is not rake."""
    rules = tmp_path / "capped.toml"
    from analyzer.ruleset import load_rules

    rules.write_text(load_rules("holdem").to_toml().replace("cap_big_blinds = 0.0", "cap_big_blinds = 1.0"))
    text = """
rules holdem
stakes sb=1 bb=2
seats Ana 100, Ben 100
button Ana
deal
preflop Ana r10 Ben c
flop Ks 9s 7c: Ben x Ana x
turn 6d: Ben x Ana x
river Jc: Ben x Ana x
show Ben Tc Td
show Ana Qc Qd
win Ana 17
"""
    hand = record(text)
    both = msgspec.structs.replace(hand, deductions=(Deduction("rake", 2), Deduction("jackpot", 1)))
    assert audit_with(both, str(rules)).verdict is Verdict.OK
    over = msgspec.structs.replace(hand, deductions=(Deduction("rake", 3),))
    a = audit_with(over, str(rules))
    assert [(p.code.value, str(p.message)) for p in a.problems] == [
        ("RAKE_MISMATCH", "the rake of 3 is above the cap of 2")
    ]


def _all_show(name: str):  # type: ignore[no-untyped-def]
    """An Omaha preset with every hand still in turned up (as 000/004 ask), so SH-MUCK applies."""
    from analyzer.ruleset import load_rules

    rules = load_rules(name)
    return dataclasses.replace(rules, showdown=dataclasses.replace(rules.showdown, all_show=True))


OMAHA_RIVER = """
rules omaha-pl
stakes sb=1 bb=2
seats Ana 100, Ben 100
button Ana
deal
preflop Ana c Ben x
flop Ks 9s 7s: Ben x Ana x
turn 6d: Ben x Ana x
river Js: Ben x Ana b4 Ben c
show Ana Tc Td 2h 3h
muck Ben {ben}
win Ana 12
"""


def test_sh_muck_omaha_a_mucked_flush_of_two_hole_cards_beats_the_pair_paid() -> None:
    """OM-TWO-PLUS-THREE and SH-MUCK: Ben's As Qs with three board spades is an ace-high flush;
    Ana's tens were paid: the audit names the better hand mucked, judged by Omaha's rule."""
    a = audit_with(record(OMAHA_RIVER.format(ben="As Qs 2d 3c")), _all_show("omaha-pl"))
    assert [(p.code.value, p.rule, str(p.message)) for p in a.problems] == [
        (
            "BETTER_HAND_MUCKED",
            "SH-MUCK",
            "Ben mucked As Qs 2d 3c (flush, ace high), which beats Ana who won the main pot (12); under omaha-pl "
            "every hand still in is turned up, so the better hand wins it",
        )
    ]


def test_sh_muck_omaha_one_spade_with_four_on_board_is_no_flush() -> None:
    """OM-TWO-PLUS-THREE: As alone with four board spades makes no flush in Omaha (any five of
    the nine cards would): A-K-J-9-4 loses to Ana's tens, nothing to say."""
    a = audit_with(record(OMAHA_RIVER.format(ben="As 2d 3d 4c")), _all_show("omaha-pl"))
    assert a.problems == ()


HILO = """
rules omaha-hilo-pl
stakes sb=1 bb=2
seats Ana 100, Ben 100, Carla 100
button Carla
deal
preflop Carla c Ana c Ben x
flop 4c 6s 8h: Ana x Ben b6 Carla c Ana c
turn Qd: Ana x Ben x Carla x
river Jd: Ana x Ben x Carla x
"""


def test_sh_muck_hilo_a_mucked_better_low_than_the_low_paid_is_named() -> None:
    """OM-HILO-SPLIT: Carla's kings take the high half, Ana's 8-6-4-3-A the low half (12); Ben
    mucked 8-6-4-2-A, the better low (and nines, no better high)."""
    text = HILO + "show Ana Ah 3h 7d Tc\nshow Carla Kh Ks Kd 5c\nmuck Ben As 2c 9c 9s\nwin Carla 12\nwin Ana 12"
    a = audit_with(record(text), _all_show("omaha-hilo-pl"))
    assert [(p.code.value, str(p.message)) for p in a.problems] == [
        (
            "BETTER_HAND_MUCKED",
            "Ben mucked As 2c 9c 9s (low 8-6-4-2-A), which beats Ana who won the main pot (12); under "
            "omaha-hilo-pl every hand still in is turned up, so the better hand wins it",
        )
    ]


def test_sh_muck_hilo_a_mucked_low_where_the_pot_was_scooped_for_want_of_one_is_named() -> None:
    """OM-HILO-SCOOP: no hand shown has a low, so Carla's kings scoop 24 over Ana's tens; Ben
    mucked a qualifying low and would have taken half. Without a low, his nines say nothing."""
    text = HILO + "show Ana Td Th 5h 5d\nshow Carla Kh Ks Kd 5c\nmuck Ben As 2c 9c 9s\nwin Carla 24"
    a = audit_with(record(text), _all_show("omaha-hilo-pl"))
    assert [(p.code.value, str(p.message)) for p in a.problems] == [
        (
            "BETTER_HAND_MUCKED",
            "Ben mucked As 2c 9c 9s (low 8-6-4-2-A), which beats Carla who won the main pot (24); under "
            "omaha-hilo-pl every hand still in is turned up, so the better hand wins it",
        )
    ]
    beaten_high_only = HILO + "show Ana Td Th 5h 5d\nshow Carla Kh Ks Kd 5c\nmuck Ben Ac Kc 9c 9s\nwin Carla 24"
    assert audit_with(record(beaten_high_only), _all_show("omaha-hilo-pl")).problems == ()
