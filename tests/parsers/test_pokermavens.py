"""Poker Mavens server text: the quirks the corpus does not show, on hands written for these
tests in the server's grammar (the real files: ``tests/conformance/test_corpus_pokermavens.py``)."""

from __future__ import annotations

import pytest

from analyzer.audit.hand import audit_with
from parsers import formats, pokermavens
from parsers.errors import ParseError, RejectCode, Rejected
from parsers.record import Action, ActionKind, Award, Deduction, HandRecord, Post, PostKind, Shown, Street

SIDE_POT = """\
Hand #7000001-5 - 2014-02-01 21:00:00
Game: NL Hold'em (40 - 200) - Blinds 1/2
Site: Friday Club
Table: Kitchen #1
Seat 1: Ann (50)
Seat 2: Bob (120)
Seat 3: Cy (200)
Seat 4: Dee (80) - sitting out
Ann has the dealer button
Bob posts small blind 1
Cy posts big blind 2
** Hole Cards **
Dealt to Ann [Ah Kh]
Ann raises to 6
Bob calls 5
Cy raises to 60
Ann calls 44 (All-in)
Bob calls 54
** Flop ** [Kd 7c 2s]
Bob bets 60 (All-in)
Cy calls 60
** Turn ** [9h]
** River ** [Qs]
** Side Pot 1 Show Down ** [Kd 7c 2s 9h Qs]
Bob shows [7d 7h] (Three of a Kind, Sevens +KQ)
Cy shows [Qc Qd] (Three of a Kind, Queens +K9)
Cy wins Side Pot 1 (139) with Three of a Kind
Rake (1)
** Main Pot Show Down ** [Kd 7c 2s 9h Qs]
Ann shows [Ah Kh] (a Pair of Kings +AQ9)
Cy wins Main Pot (148) with Three of a Kind
Rake (2)
"""

SPLIT = """\
Hand #7000002-9 - 2014-02-01 21:05:00
Game: NL Hold'em (40 - 200) - Blinds 1/2
Site: Friday Club
Table: Kitchen #1
Seat 1: Ann (50)
Seat 2: Bob (120)
Bob has the dealer button
Bob posts small blind 1
Ann posts big blind 2
** Hole Cards **
Bob calls 1
Ann checks
** Flop ** [Ad Kc Qh]
Ann checks
Bob checks
** Turn ** [Js]
Ann checks
Bob checks
** River ** [Ts]
Ann checks
Bob checks
** Pot Show Down ** [Ad Kc Qh Js Ts]
Ann shows [2c 3c] (a Straight, Ace high)
Bob shows [4d 5d] (a Straight, Ace high)
Ann splits Pot (2) with a Straight
Bob splits Pot (2) with a Straight
Rake (0)
"""


def only(text: str) -> HandRecord:
    (record,) = list(pokermavens.parse(text, file="m.txt"))
    assert isinstance(record, HandRecord), record
    return record


def test_side_pot_all_in_and_rake_per_pot() -> None:
    assert formats.detect(SIDE_POT) == "pokermavens"
    record = only(SIDE_POT)
    assert [s.sitting_out for s in record.seats] == [False, False, False, True]
    assert Action(Street.PREFLOP, "Ann", ActionKind.CALL, 5000, True, 17) in record.actions  # "calls 44 (All-in)"
    assert Action(Street.FLOP, "Bob", ActionKind.BET, 6000, True, 20) in record.actions
    assert record.awards == (
        Award("Cy", 13900, 1, 0, "Three of a Kind", 27),
        Award("Cy", 14800, 0, 0, "Three of a Kind", 31),
    )
    assert record.deductions == (Deduction("rake", 100), Deduction("rake", 200))
    assert Shown("Bob", ("7d", "7h"), False, "Three of a Kind, Sevens +KQ", 25) in record.shown
    assert record.game.declared == "NL Hold'em (40 - 200) - Blinds 1/2 (Friday Club)"
    assert audit_with(record).verdict.value == "ok"


def test_split_pot_is_two_awards_of_the_same_pot() -> None:
    record = only(SPLIT)
    assert record.awards == (Award("Ann", 200, 0, 0, "a Straight", 25), Award("Bob", 200, 0, 0, "a Straight", 26))
    assert audit_with(record).verdict.value == "ok"


def test_straddle_and_ante_posts() -> None:
    text = SPLIT.replace("Ann posts big blind 2", "Ann posts big blind 2\nBob posts straddle 4\nAnn posts ante 1")
    items = list(pokermavens.parse(text, file="m.txt"))
    record = items[0]
    assert isinstance(record, HandRecord)
    assert record.posts[2:] == (
        Post("Bob", PostKind.STRADDLE, 400, False, 10),
        Post("Ann", PostKind.ANTE, 100, False, 11),
    )


def test_omaha_is_one_rejected_hand_with_its_reason() -> None:
    omaha = SPLIT.replace("NL Hold'em", "PL Omaha")
    items = list(pokermavens.parse(SIDE_POT + "\n" + omaha + "\n" + SPLIT, file="m.txt"))
    assert [type(i).__name__ for i in items] == ["HandRecord", "Rejected", "HandRecord"]
    reason = items[1]
    assert isinstance(reason, Rejected) and reason.code is RejectCode.UNSUPPORTED_GAME
    assert reason.message == (
        "m.txt:35: pokermavens hand 7000002-9: expected NL, PL or Limit Hold'em, "
        "found 'PL Omaha is not a game sixplus covers'"
    )


def test_a_hand_without_its_result_is_truncated() -> None:
    (reason,) = list(pokermavens.parse("\n".join(SPLIT.splitlines()[:15]), file="m.txt"))
    assert isinstance(reason, Rejected) and reason.code is RejectCode.TRUNCATED and reason.line == 1


def test_an_unknown_line_is_a_parse_error_with_its_line() -> None:
    (reason,) = list(pokermavens.parse(SPLIT.replace("Ann checks\n", "Ann dances\n", 1), file="m.txt"))
    assert isinstance(reason, Rejected) and reason.code is RejectCode.PARSE_ERROR
    assert (
        reason.message
        == "m.txt:12: pokermavens hand 7000002-9: expected folds, checks, calls, bets or raises, found 'Ann dances'"
    )


def test_text_without_a_mavens_hand_is_one_parse_error() -> None:
    with pytest.raises(ParseError) as caught:
        list(pokermavens.parse("Game: NL Hold'em\n", file="x.txt"))
    assert caught.value.line == 1 and caught.value.file == "x.txt"
