"""The one grammar of a Stars-family player's line (:func:`read_player_line`), and the
memo of what lines said: applied only where the name before ": " is seated, never across
seat lists or decimals."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers import pokerstars
from parsers.errors import ParseError
from parsers.record import ActionKind, HandRecord, PostKind
from parsers.starslike.lines import QUIET, Act, Posted, Settled, Showed, Straddled, read_player_line


@pytest.mark.parametrize(
    ("line", "decimals", "said"),
    [
        ("Bob: folds", 2, Act(ActionKind.FOLD)),
        ("Bob: checks", 2, Act(ActionKind.CHECK)),
        ("Bob: calls $0.30 and is all-in", 2, Act(ActionKind.CALL, 30, True)),
        ("Bob: bets $2 and has reached the $80 cap", 2, Act(ActionKind.BET, 200)),
        ("Bob: raises 200 to 300", 0, Act(ActionKind.RAISE, 300)),
        ("Bob: posts small & big blinds $0.15", 2, Posted("small & big blinds", 15, False)),
        ("Bob: posts the ante 25 and is all-in", 0, Posted("the ante", 25, True)),
        ("Bob: shows [Ah Kd]", 2, Showed(("Ah", "Kd"))),
        ("Bob: mucks hand", 2, Showed((), mucked=True)),
        ("Bob: folds [Ks]", 2, Showed(("Ks",), folded=True)),
        ("Bob: straddle $0.40", 2, Straddled(40, False)),
        ("Bob: Receives Cashout ($12.5)", 2, Settled("cashout", 1250, 0)),
        ("Bob: pay premium of all-in insurance ($1.1)", 2, Settled("insurance", 0, 110)),
        ("Bob: doesn't show hand", 2, QUIET),
        ("Bob: is sitting out", 2, QUIET),
    ],
)
def test_a_player_line_reads_as_one_typed_record(line: str, decimals: int, said: object) -> None:
    assert read_player_line(line, 5 if line.startswith("Bob") else 3, decimals) == said


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Bob: dances", "an action (folds, checks, calls, bets, raises, posts, shows)"),
        ("Bob: raises $1 too $2", '"raises <amount> to <amount>"'),
        ("Bob: posts a bribe $1", '"posts small blind|big blind|the ante|button blind|straddle <amount>"'),
    ],
)
def test_a_line_that_is_no_grammar_is_an_error_quoting_the_whole_line(line: str, expected: str) -> None:
    with pytest.raises(ParseError) as caught:
        read_player_line(line, 5, 2)
    assert (caught.value.expected, caught.value.found) == (expected, line)


def _hand(hand_id: int, seats: tuple[str, str], call: str, decimals_word: str = "$0.50/$1 USD") -> str:
    bob, ann = seats
    return "\n".join(
        [
            f"PokerStars Hand #{hand_id}: Hold'em No Limit ({decimals_word}) - 2019/01/17 4:11:07 ET",
            "Table 'Memo' 2-max Seat #1 is the button",
            f"Seat 1: {bob} ($100 in chips)",
            f"Seat 2: {ann} ($100 in chips)",
            f"{bob}: posts small blind $0.50",
            f"{ann}: posts big blind $1",
            "*** HOLE CARDS ***",
            f"{bob}: calls {call}",
            f"{ann}: checks",
            "*** FLOP *** [Qh Ad Ts]",
            f"{ann}: checks",
            f"{bob}: checks",
            "*** TURN *** [Qh Ad Ts] [As]",
            f"{ann}: checks",
            f"{bob}: checks",
            "*** RIVER *** [Qh Ad Ts As] [2c]",
            f"{ann}: checks",
            f"{bob}: checks",
            "*** SHOW DOWN ***",
            f"{bob}: shows [Kh Kd] (two pair)",
            f"{ann}: mucks hand",
            f"{bob} collected $2 from pot",
            "*** SUMMARY ***",
            "Total pot $2 | Rake $0",
            "Board [Qh Ad Ts As 2c]",
            f"Seat 1: {bob} (button) (small blind) showed [Kh Kd] and won ($2) with two pair",
            f"Seat 2: {ann} (big blind) mucked",
        ]
    )


def test_a_line_read_in_one_hand_is_not_applied_where_its_name_is_not_seated() -> None:
    first = list(pokerstars.parse(_hand(1, ("Bob", "Ann"), "$0.50")))
    assert isinstance(first[0], HandRecord)
    # "Bob: calls $0.50" was read; in a hand where "Bob" is not seated the same line is an error
    other = _hand(2, ("Rob", "Ann"), "$0.50").replace("Rob: calls $0.50", "Bob: calls $0.50")
    (rejected,) = pokerstars.parse(other)
    assert not isinstance(rejected, HandRecord)
    assert rejected.line == 8 and "found 'Bob: calls $0.50'" in rejected.message


def test_the_same_text_reads_the_same_the_first_and_the_second_time() -> None:
    text = _hand(3, ("Bob", "Ann"), "$0.50")
    once, twice = list(pokerstars.parse(text)), list(pokerstars.parse(text))
    assert once == twice
    hand = once[0]
    assert isinstance(hand, HandRecord)
    assert [p.kind for p in hand.posts] == [PostKind.SMALL_BLIND, PostKind.BIG_BLIND]
    assert [a.to for a in hand.actions[:2]] == [100, 0]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz $.,[]()&-:0123456789AKQJTshdc", max_size=40))
def test_any_text_after_a_name_is_a_record_or_a_parse_error(rest: str) -> None:
    with contextlib.suppress(ParseError):
        said = read_player_line("Bob: " + rest, 5, 2)
        assert isinstance(said, Act | Posted | Showed | Straddled | Settled) or said == QUIET
