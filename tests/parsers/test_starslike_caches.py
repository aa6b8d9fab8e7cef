"""The Stars/GG body reader keeps what it read of a line (a player's action, a seat, a summary
seat line, a paid line, a street line, a time stamp) for the next hands. These tests pin that
a line kept from one hand is never applied where its context differs: another seat list,
other decimals, another board, and that a text reads the same the first and the second time.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers import pokerstars, starslike, starslike_text
from parsers.errors import ParseError, RejectCode, Rejected
from parsers.record import ActionKind, HandRecord, Street

CASH = "PokerStars Hand #{id}: Hold'em No Limit ($0.50/$1 USD) - 2019/01/17 4:{minute}:07 ET"
CHIPS = (
    "PokerStars Hand #{id}: Tournament #77, $1+$0.10 USD Hold'em No Limit - Level I (1/2) - 2019/01/17 4:{minute}:07 ET"
)


def hand(
    header: str = CASH,
    *,
    hand_id: int = 1,
    minute: str = "11",
    seats: tuple[str, str] = ("Bob", "Ann"),
    stacks: tuple[str, str] = ("$100", "$100"),
    call: str = "$0.50",
    flop: str = "[Qh Ad Ts]",
    turn: str = "*** TURN *** [Qh Ad Ts] [As]",
    uncalled: str = "Uncalled bet ($2) returned to {bob}",
    summary_seat_2: str = "Seat 2: {ann} (big blind) folded on the Turn",
) -> str:
    """A small heads-up hand: Bob (seat 1, button and small blind) bets the turn, Ann folds."""
    bob, ann = seats
    return "\n".join(
        [
            header.format(id=hand_id, minute=minute),
            "Table 'Cache' 2-max Seat #1 is the button",
            f"Seat 1: {bob} ({stacks[0]} in chips)",
            f"Seat 2: {ann} ({stacks[1]} in chips)",
            f"{bob}: posts small blind {'$0.50' if header is CASH else '1'}",
            f"{ann}: posts big blind {'$1' if header is CASH else '2'}",
            "*** HOLE CARDS ***",
            f"{bob}: calls {call}",
            f"{ann}: checks",
            f"*** FLOP *** {flop}",
            f"{ann}: checks",
            f"{bob}: checks",
            turn,
            f"{ann}: checks",
            f"{bob}: bets {'$2' if header is CASH else '4'}",
            f"{ann}: folds",
            uncalled.format(bob=bob),
            f"{bob} collected {'$2' if header is CASH else '4'} from pot",
            "*** SUMMARY ***",
            f"Total pot {'$2' if header is CASH else '4'} | Rake {'$0' if header is CASH else '0'}",
            "Board [Qh Ad Ts As]",
            f"Seat 1: {bob} (button) (small blind) collected ({'$2' if header is CASH else '4'})",
            summary_seat_2.format(ann=ann),
        ]
    )


def parse(*texts: str) -> list[HandRecord | Rejected]:
    return list(pokerstars.parse("\n\n\n".join(texts), file="cache.txt"))


def test_a_text_reads_the_same_the_first_and_the_second_time() -> None:
    text = "\n\n\n".join(hand(hand_id=n, minute=f"{11 + n}") for n in range(3))
    first, second = parse(text), parse(text)
    assert first == second
    assert all(isinstance(r, HandRecord) for r in first)
    record = first[0]
    assert isinstance(record, HandRecord)
    assert [(a.player, a.kind, a.to) for a in record.actions if a.street is Street.TURN] == [
        ("Ann", ActionKind.CHECK, 0),
        ("Bob", ActionKind.BET, 200),
        ("Ann", ActionKind.FOLD, 0),
    ]
    assert record.boards == (("Qh", "Ad", "Ts", "As"),)
    assert [(r.player, r.amount) for r in record.returned] == [("Bob", 200)]
    assert [(a.player, a.amount, a.pot) for a in record.awards] == [("Bob", 200, None)]
    assert record.started_at == "2019-01-17T04:11:07-05:00"


def test_a_kept_action_line_of_a_player_not_seated_here_is_rejected() -> None:
    seated, other = parse(
        hand(hand_id=1), hand(hand_id=2, seats=("Bobby", "Ann")).replace("Bobby: calls", "Bob: calls")
    )
    assert isinstance(seated, HandRecord)
    assert isinstance(other, Rejected)
    assert other.code is RejectCode.PARSE_ERROR
    assert other.line == 26 + 7  # the second hand starts on line 26
    assert other.message.endswith("expected an action of a seated player, or a street marker, found 'Bob: calls $0.50'")


def test_a_kept_amount_is_read_again_with_other_decimals() -> None:
    cash, chips = parse(hand(hand_id=1, call="5"), hand(CHIPS, hand_id=2, call="5", stacks=("100", "100")))
    assert isinstance(cash, HandRecord) and isinstance(chips, HandRecord)
    assert (cash.decimals, chips.decimals) == (2, 0)
    assert cash.actions[0].to == 50 + 500  # the small blind's 50 cents and 5 dollars
    assert chips.actions[0].to == 1 + 5
    assert cash.seats[0].stack == 10_000 and chips.seats[0].stack == 100


def test_a_kept_seat_line_is_read_again_with_other_decimals() -> None:
    cash, chips = parse(hand(hand_id=1, stacks=("100", "100")), hand(CHIPS, hand_id=2, call="1", stacks=("100", "100")))
    assert isinstance(cash, HandRecord) and isinstance(chips, HandRecord)
    assert [s.stack for s in cash.seats] == [10_000, 10_000]
    assert [s.stack for s in chips.seats] == [100, 100]


def test_a_kept_summary_seat_line_does_not_pass_for_another_player_in_that_seat() -> None:
    fine, swapped = parse(
        hand(hand_id=1),
        hand(hand_id=2, seats=("Bob", "Cy")).replace("Seat 2: Cy (big blind)", "Seat 2: Ann (big blind)"),
    )
    assert isinstance(fine, HandRecord)
    assert isinstance(swapped, Rejected)
    assert swapped.line == 26 + 22
    assert swapped.message.endswith(
        'expected "Seat <n>: <name>" of a seat in the hand\'s seat list, '
        "found 'Seat 2: Ann (big blind) folded on the Turn'"
    )


def test_a_kept_uncalled_bet_line_to_a_player_not_seated_here_is_rejected() -> None:
    fine, other = parse(
        hand(hand_id=1), hand(hand_id=2, seats=("Bobby", "Ann"), uncalled="Uncalled bet ($2) returned to Bob")
    )
    assert isinstance(fine, HandRecord)
    assert isinstance(other, Rejected)
    assert other.line == 26 + 16
    assert other.message.endswith("expected a seated player (Bobby, Ann), found 'Bob'")


def test_a_kept_street_line_is_checked_against_this_hands_board() -> None:
    fine, other = parse(hand(hand_id=1), hand(hand_id=2, flop="[Qh Ad 9s]"))
    assert isinstance(fine, HandRecord)
    assert isinstance(other, Rejected)
    assert other.line == 26 + 12
    assert other.message.endswith("expected the turn after the board [Qh Ad 9s], found '*** TURN *** [Qh Ad Ts] [As]'")


def test_names_holding_a_colon_are_read_by_the_general_reader() -> None:
    (record,) = parse(hand(hand_id=1, seats=("wo: olly", "Ann")))
    assert isinstance(record, HandRecord), record
    assert [a.player for a in record.actions if a.kind is ActionKind.BET] == ["wo: olly"]
    assert [r.player for r in record.returned] == ["wo: olly"]


def test_a_line_of_a_name_starting_like_a_marker_is_read_as_a_marker_as_before() -> None:
    (rejected,) = parse(hand(hand_id=1, seats=("*** Bob", "Ann")))
    assert isinstance(rejected, Rejected)
    assert rejected.line == 5
    assert rejected.message.endswith(
        "expected a street marker like *** FLOP *** [<cards>], found '*** Bob: posts small blind $0.50'"
    )


def test_hands_read_the_same_with_nothing_kept_and_with_everything_kept() -> None:
    texts = [
        hand(hand_id=1),
        hand(hand_id=2, seats=("Ann", "Bob")),
        hand(CHIPS, hand_id=3, call="1", stacks=("100", "100")),
        hand(hand_id=4, seats=("Bob", "Cy"), flop="[Qh Ad 9s]"),
        hand(hand_id=5, seats=("wo: olly", "Ann")),
    ]
    for kept in KEPT:
        kept.clear()
    fresh = parse(*texts)
    assert parse(*texts) == fresh
    assert [type(r).__name__ for r in fresh] == ["HandRecord"] * 3 + ["Rejected", "HandRecord"]


def test_hands_read_the_same_when_the_tables_start_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each table is emptied when it holds more than ``_KEEP`` texts; reading goes on the same."""
    texts = [hand(hand_id=n, seats=(("Bob", "Ann"), ("Ann", "Bob"), ("Cy", "Bob"))[n % 3]) for n in range(1, 7)]
    expected = parse(*texts)
    monkeypatch.setattr(starslike, "_KEEP", 2)
    for kept in KEPT:
        kept.clear()
    assert parse(*texts) == expected
    assert parse(*texts) == expected
    assert all(isinstance(r, HandRecord) for r in expected)


#: every table the reader keeps across hands
KEPT: list[dict[Any, Any]] = [
    starslike._LINES_READ,
    starslike._USUAL_RESTS,
    starslike._PAID_LINES,
    starslike._SEAT_LINES,
    starslike._TABLES,
    starslike._STREET_LINES,
    starslike._BOARD_GROUPS,
    starslike._QUIET_SEAT_LINES,
    starslike._SUMMARY_RESULTS,
    starslike._TOTALS,
    starslike_text._STAMP_HOURS,
    starslike_text._STAMP_MINUTES,
    starslike_text._HOURS,
    starslike_text._MONEY_CACHES,
    starslike_text._CARDS_CACHE,
    starslike_text._GAMES,
]


@settings(max_examples=200, deadline=None)
@given(
    year=st.integers(1999, 2030),
    month=st.integers(1, 13),
    day=st.integers(1, 32),
    hour=st.integers(0, 25),
    minute=st.integers(0, 61),
    second=st.one_of(st.none(), st.integers(0, 62)),
    zone=st.sampled_from(["", " ET", " UTC", " GMT", " CET", " (ET)"]),
)
def test_a_stamp_read_from_kept_parts_is_the_stamp_read_whole(
    year: int, month: int, day: int, hour: int, minute: int, second: int | None, zone: str
) -> None:
    """Stamps are kept as their part up to the hour and the rest: a stamp whose two parts were
    kept from two other stamps must read as it does when nothing is kept."""
    up_to_hour = f"{year}/{month}/{day} {hour}"
    after_hour = f":{minute:02d}{'' if second is None else f':{second:02d}'}{zone}"
    for kept in (starslike_text._STAMP_HOURS, starslike_text._STAMP_MINUTES, starslike_text._HOURS):
        kept.clear()
    expected = _read_stamp(up_to_hour + after_hour)
    for kept in (starslike_text._STAMP_HOURS, starslike_text._STAMP_MINUTES, starslike_text._HOURS):
        kept.clear()
    _read_stamp(up_to_hour + ":59:59 UTC")  # the same hour, other minutes and zone
    _read_stamp("2019/01/17 4" + after_hour)  # the same minutes and zone, another hour
    assert _read_stamp(up_to_hour + after_hour) == expected


def _read_stamp(stamp: str) -> str | None:
    try:
        return starslike_text.iso_time(stamp)
    except ParseError as error:
        return f"error: {error}"
