"""The 888poker reader: each quirk on a small text built for it, and fuzzing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.audit.hand import audit_with
from parsers import formats, pacific
from parsers.errors import ParseError, RejectCode, Rejected
from parsers.record import Action, ActionKind, HandRecord, Post, PostKind, Returned, Stakes, Street

HAND = """\
#Game No : 500
***** 888poker Hand History for Game 500 *****
€1/€2 Blinds No Limit Holdem - *** 28 06 2014 12:36:16
Table Yakima 6 Max (Real Money)
Seat 1 is the button
Total number of players : 3
Seat 1: Ann ( €200 )
Seat 2: Bob ( €1 000,50 )
Seat 4: Cy Young ( €150 )
Bob posts small blind [€1]
Cy Young posts big blind [€2]
** Dealing down cards **
Dealt to Ann [ Ah, Kd ]
Ann raises [€6]
Bob folds
Cy Young calls [€4]
** Dealing flop ** [ 10s, Jc, 2d ]
Cy Young checks
Ann bets [€8]
Cy Young folds
** Summary **
Ann did not show his hand
Ann collected [ €12,60 ]
"""


def only(text: str) -> HandRecord:
    (record,) = pacific.parse(text, file="h.txt")
    assert isinstance(record, HandRecord), str(record)
    return record


def test_sniff_claims_888_and_not_partypoker() -> None:
    assert formats.detect(HAND) == "888poker"
    assert not pacific.sniff(HAND.replace("888poker Hand History", "Hand History"))


def test_raises_and_calls_state_the_chips_added() -> None:
    record = only(HAND)
    assert record.actions[0] == Action(Street.PREFLOP, "Ann", ActionKind.RAISE, 600, False, 14)
    assert record.actions[2] == Action(Street.PREFLOP, "Cy Young", ActionKind.CALL, 600, False, 16)


def test_uncalled_bet_is_returned_and_rake_is_what_was_not_collected() -> None:
    record = only(HAND)
    assert record.returned == (Returned("Ann", 800, 19),)
    assert record.rake == 40  # 13.00 in the pot, 12.60 collected
    assert record.seats[1].stack == 100050  # €1 000,50
    assert (record.currency, record.decimals, record.started_at) == ("EUR", 2, "2014-06-28T12:36:16")
    assert audit_with(record).verdict.value == "ok"


def test_dead_blind_is_a_dead_small_and_a_live_big_blind() -> None:
    text = HAND.replace(
        "Cy Young posts big blind [€2]\n", "Cy Young posts big blind [€2]\nAnn posts dead blind [€1 + €2]\n"
    )
    record = only(text.replace("Ann raises [€6]", "Ann raises [€4]").replace("€12,60", "€13,60"))
    assert record.posts[2:] == (
        Post("Ann", PostKind.DEAD_BLIND, 100, False, 12),
        Post("Ann", PostKind.BIG_BLIND, 200, False, 12),
    )
    assert record.stakes == Stakes(small_blind=100, big_blind=200)


def test_omaha_is_one_rejected_hand_and_the_next_is_read() -> None:
    omaha = HAND.replace("No Limit Holdem", "Pot Limit Omaha")
    first, second = pacific.parse(omaha + HAND.replace("500", "501"), file="o.txt")
    assert isinstance(first, Rejected) and (first.code, first.line, first.hand_id) == (
        RejectCode.UNSUPPORTED_GAME,
        3,
        "500",
    )
    assert isinstance(second, HandRecord) and second.hand_id == "501"


def test_a_hand_without_its_summary_is_truncated() -> None:
    (rejected,) = pacific.parse(HAND.split("** Summary **")[0], file="t.txt")
    assert isinstance(rejected, Rejected) and rejected.code is RejectCode.TRUNCATED


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 700), st.integers(0, 60), st.text(max_size=30))
def test_fuzzed_hands_give_records_rejections_or_one_parse_error(start: int, length: int, junk: str) -> None:
    mutated = HAND[:start] + junk + HAND[start + length :]
    try:
        results = list(pacific.parse(mutated, file="f.txt"))
    except ParseError:
        return
    assert all(isinstance(r, HandRecord | Rejected) for r in results)
