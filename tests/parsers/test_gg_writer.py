"""The GG text writer: what it writes, our GG reader gives back (``carried`` of the record),
the audit finds the same chips, and the text has GG's own lines.

Records are compared without ``source`` and line numbers (the written text has its own).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import cache
from pathlib import Path

import msgspec
import pytest

from analyzer.audit.hand import audit_hand
from analyzer.detect import rules_for
from analyzer.evaluator import evaluate
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from parsers import formats, gg_writer, ggpoker
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

SAMPLE = Path(__file__).resolve().parents[2] / "sample_histories" / "ggpoker-shortdeck-night.txt"
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


def read_back(records: Sequence[HandRecord]) -> list[HandRecord]:
    results = list(ggpoker.parse(gg_writer.write(records), file="written.txt"))
    assert all(isinstance(r, HandRecord) for r in results), [str(r) for r in results if not isinstance(r, HandRecord)]
    return [r for r in results if isinstance(r, HandRecord)]


@cache
def night(preset: str, dollars: bool) -> tuple[HandRecord, ...]:
    records = simulate(
        load_rules(preset), hands=40, players=6, seed=11, table="Osaka", start=datetime(2026, 3, 1, 21, 30)
    )
    money = {"currency": "USD", "decimals": 2} if dollars else {}
    return tuple(
        msgspec.structs.replace(r, hand_id=f"SD{30100 + i}", max_seats=6, **money) for i, r in enumerate(records)
    )


@pytest.mark.parametrize(
    ("preset", "dollars"),
    [("shortdeck", True), ("shortdeck-single-ante", False), ("shortdeck-blinds", True), ("holdem", True),
     ("holdem-pl", False), ("holdem-tournament", False)],
)  # fmt: skip
def test_a_simulated_night_reads_back_as_written_and_audits_to_the_same_ledgers(preset: str, dollars: bool) -> None:
    records = night(preset, dollars)
    back = read_back(records)
    assert [neutral(b) for b in back] == [neutral(gg_writer.carried(r)) for r in records]
    rules = load_rules(preset)
    for original, read in zip(records, back, strict=True):
        audited = audit_hand(read, rules)
        assert audited.verdict.value == "ok", [p.message for p in audited.problems]
        assert audited.ledger == audit_hand(original, rules).ledger


def test_what_gg_text_carries_of_a_simulated_hand() -> None:
    """Only the pot indexes, the folded players' mucked cards and the game's words change."""
    records = night("shortdeck", True)
    original = next(r for r in records if any(a.pot for a in r.awards))
    kept = gg_writer.carried(original)
    assert {a.pot for a in kept.awards} == {None}
    assert [a.amount for a in kept.awards] == [a.amount for a in original.awards]
    assert all(not s.mucked for s in kept.shown)
    assert kept.game == Game(variant=Variant.SHORTDECK, site="GGPoker", declared="ShortDeck No Limit")
    assert kept.stakes == original.stakes == Stakes(ante=100, button_blind=100)
    assert (kept.actions, kept.posts, kept.seats, kept.boards) == (
        original.actions,
        original.posts,
        original.seats,
        original.boards,
    )


def run_twice_hand() -> HandRecord:
    """A $100-ante Short Deck hand all in before the flop and run twice (SD-STRAIGHT-OVER-TRIPS
    on the first board: the straight wins)."""
    return HandRecord(
        hand_id="1171200000000000001",
        seats=(Seat(1, "a1b2c3", 1_254_000), Seat(4, "Hero", 612_350), Seat(5, "9f8e7d", 140_500)),
        button=5,
        posts=(
            Post("a1b2c3", PostKind.ANTE, 10_000),
            Post("Hero", PostKind.ANTE, 10_000),
            Post("9f8e7d", PostKind.ANTE, 10_000),
            Post("9f8e7d", PostKind.BUTTON_BLIND, 10_000),
        ),
        actions=(
            Action(P, "a1b2c3", ActionKind.CALL, 10_000),
            Action(P, "Hero", ActionKind.FOLD),
            Action(P, "9f8e7d", ActionKind.RAISE, 130_500, all_in=True),
            Action(P, "a1b2c3", ActionKind.CALL, 130_500),
        ),
        boards=(("Tc", "8h", "Ah", "6h", "Jd"), ("9h", "9c", "Kc", "6s", "As")),
        shown=(
            Shown("Hero", ("8c", "7d")),
            Shown("9f8e7d", ("Td", "Ts"), description="Three Tens"),
            Shown("a1b2c3", ("Qs", "Ks"), description="Aces-High Straight"),
        ),
        awards=(
            Award("a1b2c3", 142_500, run=0, description="Aces-High Straight"),
            Award("a1b2c3", 142_500, run=1, description="Pair of Kings and Pair of Nines"),
        ),
        deductions=(Deduction("rake", 6_000),),
        total_pot=291_000,
        game=Game(variant=Variant.SHORTDECK, site="GGPoker", declared="ShortDeck No Limit"),
        stakes=Stakes(ante=10_000, button_blind=10_000),
        currency="USD",
        decimals=2,
        table="VS2 100",
        max_seats=5,
        started_at="2021-04-01T11:44:46",
    )


def test_a_run_twice_hand_is_written_line_for_line_as_gg_writes_it() -> None:
    """Thousands separators, no trailing zeros, the all-in shows before the boards, two
    showdowns, the count of runs and the summary's results per run."""
    text = gg_writer.write([run_twice_hand()])
    assert text.splitlines()[:17] == [
        "Poker Hand #1171200000000000001: ShortDeck No Limit ($100) - 2021/04/01 11:44:46",
        "Table 'VS2 100' 5-max Seat #5 is the button",
        "Seat 1: a1b2c3 ($12,540 in chips)",
        "Seat 4: Hero ($6,123.5 in chips)",
        "Seat 5: 9f8e7d ($1,405 in chips)",
        "a1b2c3: posts the ante $100",
        "Hero: posts the ante $100",
        "9f8e7d: posts the ante $100",
        "9f8e7d: posts button blind $100",
        "*** HOLE CARDS ***",
        "Dealt to a1b2c3",
        "Dealt to Hero [8c 7d]",
        "Dealt to 9f8e7d",
        "a1b2c3: calls $100",
        "Hero: folds",
        "9f8e7d: raises $1,205 to $1,305 and is all-in",
        "a1b2c3: calls $1,205",
    ]
    assert "\n".join(text.splitlines()[17:]) == "\n".join(
        [
            "9f8e7d: shows [Td Ts] (Three Tens)",
            "a1b2c3: shows [Qs Ks] (Aces-High Straight)",
            "*** FIRST FLOP ***  [Tc 8h Ah]",
            "*** FIRST TURN *** [Tc 8h Ah] [6h]",
            "*** FIRST RIVER *** [Tc 8h Ah 6h] [Jd]",
            "*** SECOND FLOP ***  [9h 9c Kc]",
            "*** SECOND TURN *** [9h 9c Kc] [6s]",
            "*** SECOND RIVER *** [9h 9c Kc 6s] [As]",
            "*** FIRST SHOWDOWN ***",
            "a1b2c3 collected $1,425 from pot",
            "*** SECOND SHOWDOWN ***",
            "a1b2c3 collected $1,425 from pot",
            "*** SUMMARY ***",
            "Total pot $2,910 | Rake $60",
            "Hand was run two times",
            "FIRST Board [Tc 8h Ah 6h Jd]",
            "SECOND Board [9h 9c Kc 6s As]",
            "Seat 1: a1b2c3 showed [Qs Ks] and won ($1,425) with Aces-High Straight,"
            " and won ($1,425) with Pair of Kings and Pair of Nines",
            "Seat 4: Hero folded before Flop",
            "Seat 5: 9f8e7d (button) showed [Td Ts] and lost with Three Tens, and lost",
            "",
            "",
        ]
    )
    (back,) = read_back([run_twice_hand()])
    assert neutral(back) == neutral(gg_writer.carried(run_twice_hand()))
    assert back.shown[0] == Shown("Hero", ("8c", "7d"), line=12)
    rules = load_rules("shortdeck")
    assert audit_hand(back, rules).verdict.value == "ok"
    assert audit_hand(back, rules).ledger == audit_hand(run_twice_hand(), rules).ledger


def straddle_hand() -> HandRecord:
    """A Short Deck hand with a straddler who re-straddles, a walk, and the 2021 deduction columns."""
    players = ("f1da9c", "27925b", "Hero", "112945")
    return HandRecord(
        hand_id="SD40000001",
        seats=tuple(Seat(n, p, s) for n, p, s in zip((1, 2, 3, 5), players, (248, 233, 200, 84), strict=True)),
        button=1,
        posts=(
            *(Post(p, PostKind.ANTE, 2) for p in ("27925b", "112945", "f1da9c", "Hero")),
            Post("f1da9c", PostKind.BUTTON_BLIND, 2),
            Post("27925b", PostKind.STRADDLE, 4),
            Post("27925b", PostKind.STRADDLE, 4),
        ),
        actions=(
            Action(P, "Hero", ActionKind.FOLD),
            Action(P, "112945", ActionKind.FOLD),
            Action(P, "f1da9c", ActionKind.FOLD),
        ),
        shown=(Shown("112945", ("7s",)),),
        awards=(Award("27925b", 12),),
        returned=(Returned("27925b", 6),),
        deductions=(Deduction("rake", 0), Deduction("jackpot", 0), Deduction("bingo", 0)),
        total_pot=12,
        game=Game(variant=Variant.SHORTDECK, site="GGPoker", declared="ShortDeck No Limit"),
        stakes=Stakes(ante=2, button_blind=2, straddle=4),
        currency="USD",
        decimals=2,
        table="SDWhite20",
        max_seats=5,
        started_at="2021-03-02T18:21:18",
    )


def test_straddles_are_written_as_the_straddlers_new_total_and_a_walk_is_collected() -> None:
    """GG's ``straddle X`` states the player's total (2 then 4 added: 4, then 8)."""
    lines = gg_writer.write([straddle_hand()]).splitlines()
    assert lines[10:13] == ["f1da9c: posts button blind $0.02", "27925b: straddle $0.04", "27925b: straddle $0.08"]
    assert lines[-8:-2] == [
        "*** SUMMARY ***",
        "Total pot $0.12 | Rake $0 | Jackpot $0 | Bingo $0",
        "Seat 1: f1da9c (button) folded before Flop",
        "Seat 2: 27925b collected ($0.12)",
        "Seat 3: Hero folded before Flop",
        "Seat 5: 112945 folded before Flop",
    ]
    assert "112945: shows [7s]" in lines
    (back,) = read_back([straddle_hand()])
    assert neutral(back) == neutral(gg_writer.carried(straddle_hand())) == neutral(straddle_hand())


def blinds_hand() -> HandRecord:
    """Hold'em with blinds, a returning player's missed blind, a cash drop and an EV cashout."""
    return HandRecord(
        hand_id="HD77",
        seats=(Seat(1, "Ann", 10_000), Seat(2, "Bo", 20_000), Seat(3, "Cy", 5_000), Seat(4, "Di", 8_000, True)),
        button=3,
        posts=(
            Post("Ann", PostKind.SMALL_BLIND, 25),
            Post("Bo", PostKind.BIG_BLIND, 50),
            Post("Cy", PostKind.DEAD_BLIND, 25),
            Post("Cy", PostKind.BIG_BLIND, 50),
        ),
        actions=(
            Action(P, "Cy", ActionKind.RAISE, 5_000, all_in=True),
            Action(P, "Ann", ActionKind.FOLD),
            Action(P, "Bo", ActionKind.CALL, 5_000),
        ),
        boards=(("2c", "7d", "9h", "Js", "Qs"),),
        shown=(Shown("Cy", ("Ah", "Ad")), Shown("Bo", ("Kc", "Kd"))),
        awards=(Award("Cy", 10_125, description="Pair of Aces"),),
        deductions=(Deduction("cash_drop", -100), Deduction("rake", 0)),
        cashouts=(Cashout("Bo", 4_000, 180),),
        total_pot=10_125,
        game=Game(site="GGPoker", declared="Hold'em No Limit"),
        stakes=Stakes(small_blind=25, big_blind=50),
        currency="USD",
        decimals=2,
        table="NLHGold3",
        max_seats=6,
        started_at="2021-01-20T20:13:50",
    )


def test_missed_blinds_cash_drops_and_cashouts_read_back() -> None:
    lines = gg_writer.write([blinds_hand()]).splitlines()
    assert lines[:2] == ["Poker Hand #HD77: Hold'em No Limit ($0.25/$0.5) - 2021/01/20 20:13:50", lines[1]]
    assert "Seat 4: Di ($80 in chips) is sitting out" in lines
    assert "Cy: posts missed blind $0.25" in lines
    assert "Cash Drop to Pot : total $1" in lines
    assert lines.index("Bo: Pays Cashout Risk ($1.8)") + 1 == lines.index("Bo: Receives Cashout ($40)")
    assert lines.index("Cy: shows [Ah Ad]") < lines.index("*** FLOP *** [2c 7d 9h]")
    assert "Seat 1: Ann (small blind) folded before Flop" in lines
    assert "Seat 3: Cy (big blind) showed [Ah Ad] and won ($101.25) with Pair of Aces" in lines
    assert "Dealt to Di" not in lines
    (back,) = read_back([blinds_hand()])
    assert neutral(back) == neutral(gg_writer.carried(blinds_hand()))
    assert back.cashouts == (Cashout("Bo", 4_000, 180),)
    assert back.deductions == (Deduction("cash_drop", -100), Deduction("rake", 0))


def test_tournament_chips_have_thousands_separators_and_a_level() -> None:
    record = msgspec.structs.replace(
        blinds_hand(),
        hand_id="TM5",
        game=Game(site="GGPoker", declared="Hold'em No Limit", tournament=True),
        seats=tuple(msgspec.structs.replace(s, stack=s.stack * 3) for s in blinds_hand().seats),
        currency="CHIPS",
        decimals=0,
        deductions=(),
        cashouts=(),
    )
    lines = gg_writer.write([record]).splitlines()
    assert lines[0] == "Poker Hand #TM5: Tournament #5, Hold'em No Limit - Level1(25/50) - 2021/01/20 20:13:50"
    assert lines[2:4] == ["Seat 1: Ann (30,000 in chips)", "Seat 2: Bo (60,000 in chips)"]
    assert "Total pot 10,125" in lines
    (back,) = read_back([record])
    assert neutral(back) == neutral(gg_writer.carried(record))
    assert back.game.tournament and back.stakes == Stakes(small_blind=25, big_blind=50)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": Game(variant=Variant.SHORTDECK, ranking="trips-over-straight")},
         "expected a hand GG text can express (GG's ranking, a straight over three of a kind), "
         "found 'trips over a straight'"),
        ({"game": Game(betting=Betting.FIXED_LIMIT)},
         "expected a hand GG text can express (no limit or pot limit), found 'fixed-limit'"),
        ({"posts": (Post("Ann", PostKind.BOMB, 100),)},
         "expected a hand GG text can express (no bomb pots), found 'a bomb post'"),
        ({"decimals": 3}, "expected a hand GG text can express (money in cents (decimals 2) or chips), "
         "found 'USD with 3 decimals'"),
    ],
)  # fmt: skip
def test_what_gg_text_cannot_say_is_refused_with_the_hand(change: dict[str, object], message: str) -> None:
    record = msgspec.structs.replace(blinds_hand(), **change)  # type: ignore[arg-type]
    with pytest.raises(ParseError) as refused:
        gg_writer.write([record])
    assert refused.value.format == "ggpoker"
    assert refused.value.hand_id == record.hand_id
    assert message in str(refused.value)


def test_a_hand_id_gg_cannot_print_gets_a_stable_one_with_the_product_prefix() -> None:
    record = msgspec.structs.replace(straddle_hand(), hand_id="fri-2026-1")
    assert gg_writer.write([record]).startswith("Poker Hand #SD")
    (back,) = read_back([record])
    assert back.hand_id == gg_writer.carried(record).hand_id == gg_writer.gg_hand_id(record)
    assert back.hand_id == "SD" + back.hand_id[2:] and len(back.hand_id) == 14 and back.hand_id[2:].isdigit()


def test_a_hand_without_a_time_is_written_at_the_millennium() -> None:
    """GG headers need a time; PHH hands often have none."""
    record = msgspec.structs.replace(straddle_hand(), started_at=None)
    assert gg_writer.write([record]).startswith(
        "Poker Hand #SD40000001: ShortDeck No Limit ($0.02) - 2000/01/01 00:00:00"
    )
    (back,) = read_back([record])
    assert back.started_at == gg_writer.carried(record).started_at == "2000-01-01T00:00:00"


def best(cards: Sequence[str]) -> tuple[str, tuple[str, ...]]:
    value = evaluate(cards, "straight-over-trips")
    return value.category.value, tuple(c.text for c in value.cards)


def test_dress_names_every_shown_hand_in_ggs_words_and_adds_the_zero_columns() -> None:
    """SD-STRAIGHT-OVER-TRIPS: the A-6-7-8-9 straight is GG's "Nines-High Straight"."""
    record = night("shortdeck", True)[0]
    record = msgspec.structs.replace(
        record,
        boards=(("6d", "7c", "8h", "Kd", "Qh"),),
        shown=(Shown("Anna", ("As", "9c")), Shown("Ben", ("Kc", "Ks"), mucked=True), Shown("Carla", ("Qs", "Qd"))),
        awards=(Award("Anna", 500, 0, 0, "Straight, nine high"),),
        deductions=(),
    )
    dressed = gg_writer.dress(record, best)
    assert [s.description for s in dressed.shown] == ["Nines-High Straight", "", "Three Queens"]
    assert dressed.awards[0].description == "Nines-High Straight"
    assert dressed.deductions == (Deduction("rake", 0), Deduction("jackpot", 0), Deduction("bingo", 0))


def test_formats_write_reaches_the_gg_writer() -> None:
    assert formats.write([straddle_hand()], "ggpoker") == gg_writer.write([straddle_hand()])


def test_the_sample_night_reads_back_whole_and_audits_ok() -> None:
    """The GG Short Deck sample (``make samples``): every hand read, every hand ok."""
    parsed = formats.read_file(SAMPLE)
    assert parsed.format == "ggpoker"
    assert (len(parsed.hands), len(parsed.rejected)) == (80, 0)
    rules = load_rules("shortdeck")
    assert {audit_hand(h, rules).verdict.value for h in parsed.hands} == {"ok"}
    assert any(len(h.boards) > 1 for h in parsed.hands)


CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "ggpoker"


@pytest.mark.parametrize(
    "path",
    sorted(p for p in CORPUS.rglob("*.txt") if p.name.startswith(("NL-ShortDeck", "NLHE"))),
    ids=lambda p: p.name,
)
def test_real_gg_hands_read_then_written_read_back_the_same_and_audit_the_same(path: Path) -> None:
    """Straddles, run twice with a straight over trips, tournaments with antes (read in place)."""
    records = formats.read_file(path).hands
    assert records
    back = read_back(records)
    assert [neutral(b) for b in back] == [neutral(gg_writer.carried(r)) for r in records]
    for original, read in zip(records, back, strict=True):
        rules = rules_for(original)
        assert audit_hand(read, rules).ledger == audit_hand(original, rules).ledger
