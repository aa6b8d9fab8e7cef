"""The PokerStars-style writer: what it writes reads back to the same record.

Records are compared without ``source`` and without line numbers (the written text has
its own lines). The corpus round trips are in ``tests/conformance``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers import formats, pokerstars, stars_writer
from parsers.errors import ParseError
from parsers.record import (
    Action,
    ActionKind,
    Award,
    Betting,
    Cashout,
    Deduction,
    Game,
    HandRecord,
    Post,
    PostKind,
    Returned,
    Seat,
    Shown,
    Source,
    Stakes,
    Street,
    Variant,
)

DATA = Path(__file__).parent / "data"
STARS = Game(site="PokerStars", declared="Hold'em No Limit")
P, F, T, R = Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER


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


def round_trip(record: HandRecord) -> HandRecord:
    text = stars_writer.write([record])
    (back,) = list(pokerstars.parse(text, file="written.txt"))
    assert isinstance(back, HandRecord), str(back)
    return back


def side_pot_hand() -> HandRecord:
    return HandRecord(
        hand_id="900001",
        seats=(Seat(1, "Anna Lee", 1000), Seat(2, "Ben: the Bold", 3000), Seat(3, "[Cat]", 5000)),
        button=3,
        posts=(Post("Anna Lee", PostKind.SMALL_BLIND, 5), Post("Ben: the Bold", PostKind.BIG_BLIND, 10)),
        actions=(
            Action(P, "[Cat]", ActionKind.RAISE, 30),
            Action(P, "Anna Lee", ActionKind.RAISE, 1000, all_in=True),
            Action(P, "Ben: the Bold", ActionKind.CALL, 1000),
            Action(P, "[Cat]", ActionKind.CALL, 1000),
            Action(F, "Ben: the Bold", ActionKind.BET, 500),
            Action(F, "[Cat]", ActionKind.RAISE, 4000),
            Action(F, "Ben: the Bold", ActionKind.CALL, 2000, all_in=True),
        ),
        boards=(("Qh", "Jh", "7c", "2d", "9s"),),
        shown=(
            Shown("Anna Lee", ("As", "Ah"), description="a pair of Aces"),
            Shown("[Cat]", ("Kd", "Kc"), description="a pair of Kings"),
            Shown("Ben: the Bold", ("2c", "7d"), mucked=True),
        ),
        awards=(Award("[Cat]", 2000, 1, 0, "a pair of Kings"), Award("Anna Lee", 2900, 0, 0, "a pair of Aces")),
        returned=(Returned("[Cat]", 2000),),
        deductions=(Deduction("rake", 100),),
        total_pot=5000,
        pots=(2900, 2000),
        game=STARS,
        stakes=Stakes(small_blind=5, big_blind=10),
        currency="USD",
        decimals=2,
        table="Sixplus Writer",
        max_seats=6,
        started_at="2021-02-03T15:04:05-05:00",
    )


def six_plus_hand() -> HandRecord:
    """6+: antes for all and a live button blind; the button wins a walk."""
    players = ("Hero", "Vik", "Ola")
    return HandRecord(
        hand_id="900002",
        seats=tuple(Seat(i + 1, p, 10000) for i, p in enumerate(players)),
        button=1,
        posts=(*(Post(p, PostKind.ANTE, 100) for p in players), Post("Hero", PostKind.BUTTON_BLIND, 100)),
        actions=(Action(P, "Vik", ActionKind.FOLD), Action(P, "Ola", ActionKind.FOLD)),
        shown=(Shown("Hero", ("Ts", "Tc")),),
        awards=(Award("Hero", 300),),
        returned=(Returned("Hero", 100),),
        deductions=(Deduction("rake", 0),),
        total_pot=300,
        game=Game(variant=Variant.SHORTDECK, site="PokerStars", declared="6+ Hold'em No Limit"),
        stakes=Stakes(ante=100, button_blind=100),
        currency="USD",
        decimals=2,
        table="Sixplus 6+",
        max_seats=6,
        started_at="2020-05-05T11:31:20-04:00",
    )


def run_three_times_hand() -> HandRecord:
    """A GG Short Deck hand run three times, with a straddle, a cash drop, jackpot and cash outs."""
    return HandRecord(
        hand_id="SD900003",
        seats=(Seat(1, "a1b2c3d4", 20000), Seat(2, "5e6f7a8b", 20000), Seat(3, "Hero", 20000)),
        button=1,
        posts=(
            Post("a1b2c3d4", PostKind.ANTE, 50),
            Post("5e6f7a8b", PostKind.ANTE, 50),
            Post("Hero", PostKind.ANTE, 50),
            Post("a1b2c3d4", PostKind.BUTTON_BLIND, 50),
            Post("5e6f7a8b", PostKind.STRADDLE, 100),
            Post("5e6f7a8b", PostKind.STRADDLE, 100),
        ),
        actions=(
            Action(P, "Hero", ActionKind.RAISE, 19950, all_in=True),
            Action(P, "a1b2c3d4", ActionKind.FOLD),
            Action(P, "5e6f7a8b", ActionKind.CALL, 19950, all_in=True),
        ),
        boards=(
            ("Ah", "Kh", "Qh", "6c", "7d"),
            ("Ah", "Kh", "Qh", "9s", "9c"),
            ("Ah", "Kh", "Qh", "Ts", "8d"),
        ),
        shown=(Shown("Hero", ("Js", "Tc"), description="Ace-High Straight"), Shown("5e6f7a8b", ("As", "Ad"))),
        awards=(
            Award("Hero", 13366, None, 0, "Ace-High Straight"),
            Award("5e6f7a8b", 13366, None, 1, "Aces Full over Nines"),
            Award("5e6f7a8b", 13366, None, 2, "Three Aces"),
        ),
        deductions=(
            Deduction("cash_drop", -500),
            Deduction("rake", 600),
            Deduction("jackpot", 100),
            Deduction("bingo", 0),
        ),
        cashouts=(Cashout("Hero", 0, 1900), Cashout("5e6f7a8b", 250, 0), Cashout("Hero", 0, 300, "insurance")),
        total_pot=40550,
        game=Game(variant=Variant.SHORTDECK, site="GGPoker", declared="ShortDeck No Limit"),
        stakes=Stakes(ante=50, button_blind=50, straddle=100),
        currency="USD",
        decimals=2,
        table="SDTest",
        max_seats=5,
        started_at="2021-03-02T18:21:18",
    )


def tournament_limit_hand() -> HandRecord:
    """Tournament chips, fixed-limit stakes and a returning player's dead blind."""
    return HandRecord(
        hand_id="900004",
        seats=(Seat(1, "t1", 1500), Seat(2, "t2", 1500), Seat(3, "t3", 1500, sitting_out=True)),
        button=3,
        posts=(
            Post("t1", PostKind.ANTE, 5),
            Post("t2", PostKind.ANTE, 5),
            Post("t3", PostKind.ANTE, 5),
            Post("t1", PostKind.SMALL_BLIND, 10),
            Post("t2", PostKind.BIG_BLIND, 20),
            Post("t3", PostKind.DEAD_BLIND, 10),
        ),
        actions=(
            Action(P, "t3", ActionKind.FOLD),
            Action(P, "t1", ActionKind.RAISE, 40),
            Action(P, "t2", ActionKind.CALL, 40),
            Action(F, "t1", ActionKind.CHECK),
            Action(F, "t2", ActionKind.BET, 20),
            Action(F, "t1", ActionKind.FOLD),
        ),
        boards=(("2c", "3d", "4h"),),
        awards=(Award("t2", 105),),
        returned=(Returned("t2", 20),),
        total_pot=105,
        game=Game(betting=Betting.FIXED_LIMIT, site="PokerStars", declared="Hold'em Limit", tournament=True),
        stakes=Stakes(ante=5, small_blind=10, big_blind=20, small_bet=20, big_bet=40),
        table="900004 1",
        max_seats=9,
        started_at="2019-09-21T09:47:02-04:00",
    )


@pytest.mark.parametrize(
    "build", [side_pot_hand, six_plus_hand, run_three_times_hand, tournament_limit_hand], ids=lambda f: f.__name__
)
def test_written_hand_reads_back_to_the_same_record(build: Callable[[], HandRecord]) -> None:
    record = build()
    assert neutral(round_trip(record)) == record


def test_cap_and_play_money_and_other_site_words_survive() -> None:
    capped = msgspec.structs.replace(
        side_pot_hand(), stakes=Stakes(small_blind=5, big_blind=10, cap=200), game=msgspec.structs.replace(STARS)
    )
    assert neutral(round_trip(capped)) == capped
    chips = msgspec.structs.replace(side_pot_hand(), currency="CHIPS", decimals=0, started_at=None)
    assert neutral(round_trip(chips)) == chips
    master = msgspec.structs.replace(side_pot_hand(), game=msgspec.structs.replace(STARS, site="PokerMaster"))
    assert neutral(round_trip(master)) == master


def test_writer_text_is_stars_text() -> None:
    text = stars_writer.write([side_pot_hand(), six_plus_hand()])
    assert text.splitlines()[0] == (
        "PokerStars Hand #900001: Hold'em No Limit ($0.05/$0.10 USD) - 2021/02/03 15:04:05 ET"
    )
    assert "Hero: posts button blind $1" in text and "*** SHOW DOWN ***" in text
    assert "[Cat] collected $20 from side pot" in text and "Total pot $50 Main pot $29. Side pot $20. | Rake $1" in text
    assert formats.detect(text) == "pokerstars"
    assert formats.write([side_pot_hand()], "pokerstars") == stars_writer.write([side_pot_hand()])


def test_a_time_in_another_zone_is_written_as_the_same_instant_in_eastern_time() -> None:
    record = msgspec.structs.replace(side_pot_hand(), started_at="2021-07-03T20:04:05+02:00")
    assert round_trip(record).started_at == "2021-07-03T14:04:05-04:00"


def test_written_fixtures_read_back_the_same() -> None:
    for path in sorted((DATA / "pokerstars").glob("*.txt")) + sorted((DATA / "ggpoker").glob("*.txt")):
        parsed = list(formats.read_file(path).hands)
        assert parsed, path
        for hand in parsed:
            assert neutral(round_trip(hand)) == neutral(hand), f"{path.name} {hand.hand_id}"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"posts": (Post("Anna Lee", PostKind.BOMB, 100),)},
            "<input>: pokerstars hand 900001: expected a hand PokerStars text can express (no bomb pots), "
            "found 'a bomb post'",
        ),
        (
            {"game": Game(variant=Variant.OTHER)},
            "<input>: pokerstars hand 900001: expected a hand PokerStars text can express (Hold'em, 6+ Hold'em or "
            "Omaha), found 'a other no-limit game'",
        ),
        (
            {"cashouts": (Cashout("Anna Lee", 500, 0, "bounty"),)},
            "<input>: pokerstars hand 900001: expected a hand PokerStars text can express (cash outs and insurance "
            "premiums settled outside the pot), found 'a bounty of Anna Lee'",
        ),
        (
            {"button": None},
            "<input>: pokerstars hand 900001: expected a hand PokerStars text can express (a button seat), "
            "found 'no button'",
        ),
        (
            {"currency": "USD", "decimals": 0},
            "<input>: pokerstars hand 900001: expected a hand PokerStars text can express (money in cents "
            "(decimals 2) or chips), found 'USD with 0 decimals'",
        ),
    ],
)
def test_writer_refuses_what_the_text_cannot_say(change: dict[str, object], message: str) -> None:
    record = msgspec.structs.replace(side_pot_hand(), **change)
    with pytest.raises(ParseError) as caught:
        stars_writer.write([record])
    assert str(caught.value) == message


_NAME = st.text(alphabet="abcXYZ019 :[]()/'._-é名", min_size=1, max_size=10).filter(
    lambda n: n == n.strip() and not n.startswith(("Seat ", "*** "))
)


@settings(max_examples=60, deadline=None)
@given(
    names=st.lists(_NAME, min_size=2, max_size=4, unique=True),
    stacks=st.lists(st.integers(min_value=100, max_value=10_000_000), min_size=4, max_size=4),
    raise_to=st.integers(min_value=21, max_value=99),
    bet=st.integers(min_value=1, max_value=5000),
    decimals=st.sampled_from([0, 2]),
)
def test_any_names_and_amounts_round_trip(
    names: list[str], stacks: list[int], raise_to: int, bet: int, decimals: int
) -> None:
    """Names with spaces, colons, brackets and quotes; prefixes of each other; any amounts."""
    first, second = names[0], names[1]
    record = HandRecord(
        hand_id="77",
        seats=tuple(Seat(i + 1, n, stacks[i]) for i, n in enumerate(names)),
        button=len(names),
        posts=(Post(first, PostKind.SMALL_BLIND, 5), Post(second, PostKind.BIG_BLIND, 10)),
        actions=(
            Action(P, first, ActionKind.RAISE, raise_to),
            Action(P, second, ActionKind.CALL, raise_to),
            Action(F, second, ActionKind.BET, bet),
            Action(F, first, ActionKind.CALL, bet, all_in=True),
            Action(T, second, ActionKind.CHECK),
            Action(T, first, ActionKind.CHECK),
            Action(R, second, ActionKind.CHECK),
            Action(R, first, ActionKind.CHECK),
        ),
        boards=(("2c", "3d", "4h", "5s", "6c"),),
        shown=(Shown(first, ("Ac", "Ad"), description=f"{second} has: a [pair]"), Shown(second, ("Kc", "Kd"))),
        awards=(Award(first, 2 * (raise_to + bet), None),),
        total_pot=2 * (raise_to + bet),
        game=STARS,
        stakes=Stakes(small_blind=5, big_blind=10),
        currency="USD" if decimals else "CHIPS",
        decimals=decimals,
        started_at="2024-01-02T03:04:05",
    )
    assert neutral(round_trip(record)) == record
