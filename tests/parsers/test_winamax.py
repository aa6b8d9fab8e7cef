"""The Winamax reader: each quirk on a small text built for it, and fuzzing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.audit.hand import audit_with
from parsers import formats, winamax
from parsers.errors import ParseError, RejectCode, Rejected
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
    Stakes,
    Street,
)

HEADER = (
    'Winamax Poker - Tournament "Monster Stack" buyIn: 4.50€ + 0.50€ + 5€ level: 6 - HandId: #88-12-1600000000'
    " - Holdem no limit (25/100/200) - 2020/05/15 09:26:42 UTC\n"
)
TOURNAMENT = (
    HEADER
    + """\
Table: 'Monster Stack(88)#004' 3-max (real money) Seat #1 is the button
Seat 1: Ann Lee (20000, 5€ bounty)
Seat 2: Bob (15000, 5€ bounty)
Seat 3: Cy (9000, 7.50€ bounty)
*** ANTE/BLINDS ***
Ann Lee posts ante 25
Bob posts ante 25
Cy posts ante 25
Bob posts small blind 100
Cy posts big blind 200
Dealt to Bob [Ah Kd]
*** PRE-FLOP ***
Ann Lee bets 400
Bob raises 1000 to 1600
Cy folds
Ann Lee calls 1000
*** FLOP *** [2c 7d Ts]
Bob bets 2000
Ann Lee folds
Bob collected 5475 from pot
*** SUMMARY ***
Total pot 5475 | No rake
Board: [2c 7d Ts]
Seat 2: Bob (small blind) won 5475
"""
)


def only(text: str) -> HandRecord:
    (record,) = winamax.parse(text, file="w.txt")
    assert isinstance(record, HandRecord), str(record)
    return record


def test_sniff_claims_winamax_headers_only() -> None:
    assert formats.detect(TOURNAMENT) == "winamax"
    assert not winamax.sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)")


def test_tournament_chips_ante_and_bounty_seats() -> None:
    record = only(TOURNAMENT)
    assert (record.currency, record.decimals, record.game.tournament) == ("CHIPS", 0, True)
    assert record.stakes == Stakes(ante=25, small_blind=100, big_blind=200)
    assert [(s.player, s.stack) for s in record.seats] == [("Ann Lee", 20000), ("Bob", 15000), ("Cy", 9000)]
    assert record.game.declared.startswith('Tournament "Monster Stack" buyIn: 4.50€ + 0.50€ + 5€ level: 6')
    assert record.game.site == "winamax" and record.hand_id == "88-12-1600000000"


def test_a_preflop_bet_is_a_raise_by_its_amount() -> None:
    """ "Ann Lee bets 400" facing the big blind of 200: a raise to 600."""
    record = only(TOURNAMENT)
    assert record.actions[:2] == (
        Action(Street.PREFLOP, "Ann Lee", ActionKind.RAISE, 600, False, 14),
        Action(Street.PREFLOP, "Bob", ActionKind.RAISE, 1600, False, 15),
    )


def test_collected_holds_the_uncalled_bet_and_total_pot_is_after_rake() -> None:
    record = only(TOURNAMENT)
    assert record.returned == (Returned("Bob", 2000, 21),)
    assert record.awards == (Award("Bob", 3475, None, 0, "", 21),)
    assert record.total_pot == 3475
    assert audit_with(record).verdict.value == "ok"


def test_small_blind_out_of_position_is_dead_and_big_blind_out_of_position_live() -> None:
    text = TOURNAMENT.replace(
        "Cy posts big blind 200\n", "Cy posts big blind 200\nAnn Lee posts small blind 100 out of position\n"
    )
    record = only(text.replace("Total pot 5475", "Total pot 5575").replace("collected 5475", "collected 5575"))
    assert record.posts[-1] == Post("Ann Lee", PostKind.DEAD_BLIND, 100, False, 12)


def test_fixed_limit_stakes_state_the_bet_sizes() -> None:
    text = TOURNAMENT.replace("Holdem no limit (25/100/200)", "Holdem fixed limit (200/400)")
    record = only(text)
    assert record.game.betting is Betting.FIXED_LIMIT
    assert record.stakes == Stakes(small_blind=100, big_blind=200, small_bet=200, big_bet=400)


def test_cash_game_euro_amounts_behind_the_number_and_rake() -> None:
    text = (
        'Winamax Poker - Go Fast "Buzau" - HandId: #1-2-3 - Holdem no limit (0.01€/0.02€) - 2020/05/15 09:26:42 UTC\n'
        "Table: 'Buzau' 6-max (real money) Seat #1 is the button\n"
        "Seat 1: A (2€)\nSeat 2: B (2.50€)\n*** ANTE/BLINDS ***\nA posts small blind 0.01€\nB posts big blind 0.02€\n"
        "*** PRE-FLOP *** \nA calls 0.01€\nB checks\n*** FLOP *** [2c 7d Ts]\nB bets 0.04€\nA calls 0.04€\n"
        "*** TURN *** [2c 7d Ts][Jh]\nB checks\nA checks\n*** RIVER *** [2c 7d Ts Jh][3s]\nB checks\nA checks\n"
        "*** SHOW DOWN ***\nB shows [Tc Th] (Three of a kind : 10)\nA shows [2d 3d] (Two pairs : 3 and 2)\n"
        "B collected 0.11€ from pot\n*** SUMMARY ***\nTotal pot 0.11€ | Rake 0.01€\nBoard: [2c 7d Ts Jh 3s]\n"
    )
    record = only(text)
    assert (record.currency, record.decimals, record.total_pot) == ("EUR", 2, 12)
    assert record.deductions == (Deduction("rake", 1),)
    assert record.boards == (("2c", "7d", "Ts", "Jh", "3s"),)
    assert record.shown[0].description == "Three of a kind : 10"
    assert audit_with(record).verdict.value == "ok"


def test_hold_up_money_added_by_the_site_is_a_negative_cash_drop() -> None:
    text = TOURNAMENT.replace("Dealt to Bob", "Hold-up to Pot: total 50\nDealt to Bob")
    record = only(text)
    assert Deduction("cash_drop", -50) in record.deductions


def test_omaha_is_one_rejected_hand_and_the_next_hand_is_read() -> None:
    omaha = TOURNAMENT.replace("Holdem no limit (25/100/200)", "Omaha pot limit (25/100/200)")
    first, second = winamax.parse(omaha + "\n" + TOURNAMENT, file="o.txt")
    assert isinstance(first, Rejected) and (first.code, first.line, first.hand_id) == (
        RejectCode.UNSUPPORTED_GAME,
        1,
        "88-12-1600000000",
    )
    assert isinstance(second, HandRecord)


def test_a_tournament_summary_is_not_a_hand() -> None:
    (rejected,) = winamax.parse("Winamax Poker - Tournament summary : Monster Stack(88)\nPlayer : Bob\n", file="s.txt")
    assert isinstance(rejected, Rejected) and rejected.code is RejectCode.NOT_A_HAND


def test_a_header_glued_into_a_line_cuts_the_hand_before_it() -> None:
    cut = TOURNAMENT.split("*** FLOP ***")[0] + "*** FLOP *** [2c 7d" + TOURNAMENT
    first, second = winamax.parse(cut, file="g.txt")
    assert isinstance(first, Rejected) and first.code is RejectCode.TRUNCATED
    assert isinstance(second, HandRecord) and second.source.line == 18


def test_a_line_that_is_not_grammar_names_its_line() -> None:
    (rejected,) = winamax.parse(TOURNAMENT.replace("Cy folds", "Cy dances"), file="x.txt")
    assert isinstance(rejected, Rejected) and (rejected.code, rejected.line) == (RejectCode.PARSE_ERROR, 16)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 1400), st.integers(0, 60), st.text(max_size=30))
def test_fuzzed_hands_give_records_rejections_or_one_parse_error(start: int, length: int, junk: str) -> None:
    mutated = TOURNAMENT[:start] + junk + TOURNAMENT[start + length :]
    try:
        results = list(winamax.parse(mutated, file="f.txt"))
    except ParseError:
        return
    assert all(isinstance(r, HandRecord | Rejected) for r in results)


@pytest.mark.parametrize("encoding", ["utf-8", "cp1252"])
def test_cp1252_and_utf8_files_read_the_same(encoding: str) -> None:
    text = TOURNAMENT.replace("Holdem no limit (25/100/200)", "Holdem no limit (25/100/200)")
    parsed = formats.read_bytes(text.encode(encoding), file="e.txt")
    assert parsed.hands[0].game.declared.startswith('Tournament "Monster Stack" buyIn: 4.50€')
