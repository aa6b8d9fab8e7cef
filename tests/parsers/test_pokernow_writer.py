"""The PokerNow log and ledger writers: our PokerNow reader gives back ``carried`` of the
records, the audit finds the same chips, the ledger reconciles with the log, and the rows
look like a real export's.

Records are compared without ``source`` and line numbers (the written log has its own).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from datetime import datetime
from functools import cache
from pathlib import Path

import msgspec
import pytest

from analyzer.audit.hand import audit_hand
from analyzer.evaluator import evaluate
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from parsers import formats, pokernow, pokernow_writer
from parsers.errors import ParseError
from parsers.pokernow_ledger import parse_ledger, reconcile
from parsers.record import (
    Action,
    ActionKind,
    Award,
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

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
P, F = Street.PREFLOP, Street.FLOP


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


def best(cards: Sequence[str]) -> tuple[str, tuple[str, ...]]:
    value = evaluate(cards, "standard")
    return value.category.value, tuple(c.text for c in value.cards)


def read_back(text: str) -> list[HandRecord]:
    results = list(pokernow.parse(text, file="written.csv"))
    assert all(isinstance(r, HandRecord) for r in results), [str(r) for r in results if not isinstance(r, HandRecord)]
    return [r for r in results if isinstance(r, HandRecord)]


def entries(text: str) -> list[str]:
    """The log's entries, oldest first."""
    rows = list(csv.reader(io.StringIO(text)))[1:]
    return [row[0] for row in sorted(rows, key=lambda r: int(r[2]))]


@cache
def night(preset: str, cents: bool) -> tuple[HandRecord, ...]:
    records = simulate(load_rules(preset), hands=40, players=6, seed=23, start=datetime(2026, 5, 8, 19, 0))
    money = {"currency": "USD", "decimals": 2} if cents else {}
    return tuple(pokernow_writer.dress(msgspec.structs.replace(r, **money), best) for r in records)


@pytest.mark.parametrize(("preset", "cents"), [("holdem", True), ("holdem-pl", False), ("holdem-tournament", False)])
def test_a_simulated_night_reads_back_as_written_and_audits_to_the_same_ledgers(preset: str, cents: bool) -> None:
    records = night(preset, cents)
    back = read_back(pokernow_writer.write(records, best=best, downloader="Anna"))
    assert [neutral(b) for b in back] == [neutral(c) for c in pokernow_writer.carried(records)]
    rules = load_rules(preset)
    refs = pokernow_writer.player_refs(records)
    for original, read in zip(records, back, strict=True):
        audited = audit_hand(read, rules)
        assert audited.verdict.value == "ok", [p.message for p in audited.problems]
        assert audited.ledger == tuple(
            msgspec.structs.replace(row, player=refs[row.player]) for row in audit_hand(original, rules).ledger
        )


@pytest.mark.parametrize(("preset", "cents"), [("holdem", True), ("holdem-pl", False)])
def test_the_ledger_reconciles_with_the_log_without_a_problem(preset: str, cents: bool) -> None:
    """Buy-ins are the first stacks plus the top-ups, buy-outs the quit stacks; nets sum to 0."""
    records = night(preset, cents)
    ledger = parse_ledger(pokernow_writer.write_ledger(records))
    events = pokernow.read_events(pokernow_writer.write(records))
    result = reconcile(ledger, events)
    assert (result.problems, result.balance, result.scale, result.ok) == ((), 0, 1, True)
    assert len(ledger.rows) == 6
    ends = pokernow_writer.end_stacks(records[-1])
    refs = pokernow_writer.player_refs(records)
    assert {r.player_id: r.buy_out for r in ledger.rows} == {
        pokernow.player_id(refs[name]): stack for name, stack in ends.items()
    }


def test_what_a_log_carries_of_a_simulated_hand() -> None:
    records = night("holdem", True)
    original = next(r for r in records if any(a.pot for a in r.awards))
    kept = pokernow_writer.carried(records)[records.index(original)]
    refs = pokernow_writer.player_refs(records)
    assert [s.player for s in kept.seats] == [refs[s.player] for s in original.seats]
    assert {a.pot for a in kept.awards} == {None}
    assert all(not s.mucked and not s.description for s in kept.shown)
    assert (kept.currency, kept.decimals, kept.table, kept.total_pot, kept.pots) == ("CHIPS", 2, "", None, ())
    assert kept.game == Game(site="PokerNow", declared="No Limit Texas Hold'em")
    assert kept.stakes == original.stakes == Stakes(small_blind=50, big_blind=100)
    assert kept.started_at == "2026-05-08T19:" + original.started_at[14:] + ".000Z"  # type: ignore[index]


NAMES = ("Anna", 'Ben "The Rock"', "spa @ ces", "Cy")


def two_runs() -> HandRecord:
    """All in on the flop, run twice: kings win the first board, aces full the second."""
    anna, ben, spa = NAMES[:3]
    return HandRecord(
        hand_id="hzq1v0wjkxq2",
        seats=(Seat(1, anna, 10_000), Seat(2, ben, 5_000), Seat(3, spa, 8_000)),
        button=1,
        posts=(Post(ben, PostKind.SMALL_BLIND, 25), Post(spa, PostKind.BIG_BLIND, 50)),
        actions=(
            Action(P, anna, ActionKind.RAISE, 200),
            Action(P, ben, ActionKind.CALL, 200),
            Action(P, spa, ActionKind.FOLD),
            Action(F, ben, ActionKind.CHECK),
            Action(F, anna, ActionKind.BET, 300),
            Action(F, ben, ActionKind.RAISE, 4_800, all_in=True),
            Action(F, anna, ActionKind.CALL, 4_800),
        ),
        boards=(("As", "Kd", "2c", "7s", "9h"), ("As", "Kd", "2c", "Ad", "2d")),
        shown=(Shown(anna, ("Kh", "Kc")), Shown(ben, ("Ac", "2h")), Shown(spa, ("9c", "8c"), mucked=True)),
        awards=(
            Award(anna, 5_025, 0, 0, "Three of a Kind, K's"),
            Award(ben, 5_025, 0, 1, "Full House, A's over 2's"),
        ),
        game=Game(site="PokerNow", declared="No Limit Texas Hold'em"),
        stakes=Stakes(small_blind=25, big_blind=50),
        currency="USD",
        decimals=2,
        started_at="2026-02-13T21:00:00-05:00",
    )


def walk_with_bounty() -> HandRecord:
    """Ben has left, Cy joins, spa is topped up; Anna wins a walk and shows 7-2 for the bounty."""
    anna, _, spa, cy = NAMES
    return HandRecord(
        hand_id="k3mz0bq9tyl1",
        seats=(Seat(1, anna, 10_025), Seat(3, spa, 8_000), Seat(4, cy, 3_000)),
        button=3,
        posts=(Post(cy, PostKind.SMALL_BLIND, 25), Post(anna, PostKind.BIG_BLIND, 50)),
        actions=(Action(P, spa, ActionKind.FOLD), Action(P, cy, ActionKind.FOLD)),
        shown=(Shown(anna, ("7d", "2s")),),
        awards=(Award(anna, 50),),
        returned=(Returned(anna, 25),),
        cashouts=(
            Cashout(spa, -100, kind="bounty"),
            Cashout(cy, -100, kind="bounty"),
            Cashout(anna, 200, kind="bounty"),
        ),
        game=Game(site="PokerNow", declared="No Limit Texas Hold'em"),
        stakes=Stakes(small_blind=25, big_blind=50),
        currency="USD",
        decimals=2,
    )


def ben_returns() -> HandRecord:
    anna, ben, spa, cy = NAMES
    return HandRecord(
        hand_id="p0c4vd81hw2e",
        seats=(Seat(1, anna, 10_250), Seat(2, ben, 5_000), Seat(3, spa, 7_900), Seat(4, cy, 2_875)),
        button=4,
        posts=(Post(anna, PostKind.SMALL_BLIND, 25), Post(ben, PostKind.BIG_BLIND, 50)),
        actions=(Action(P, spa, ActionKind.FOLD), Action(P, cy, ActionKind.FOLD), Action(P, anna, ActionKind.FOLD)),
        awards=(Award(ben, 50),),
        returned=(Returned(ben, 25),),
        game=Game(site="PokerNow", declared="No Limit Texas Hold'em"),
        stakes=Stakes(small_blind=25, big_blind=50),
        currency="USD",
        decimals=2,
        started_at="2026-02-14T02:00:05",  # before the hand above: placed 2 s after it
    )


def hand_night() -> list[HandRecord]:
    return [two_runs(), walk_with_bounty(), ben_returns()]


def test_a_run_twice_hand_is_written_row_for_row_as_pokernow_writes_it() -> None:
    refs = pokernow_writer.player_refs(hand_night())
    anna, ben, spa = (f'"{refs[n]}"' for n in NAMES[:3])
    log = entries(pokernow_writer.write(hand_night(), best=best, downloader="Anna"))
    start = log.index(f"-- starting hand #1 (id: hzq1v0wjkxq2)  No Limit Texas Hold'em (dealer: {anna}) --")
    end = log.index("-- ending hand #1 --")
    assert log[start - 1 :: -1][:2] == [
        f"The admin approved the player {spa} participation with a stack of 80.00.",
        f"The player {spa} requested a seat.",
    ]
    assert log[start + 1 : end + 1] == [
        f"The player {anna} joined the game with a stack of 100.00.",
        f"The player {ben} joined the game with a stack of 50.00.",
        f"The player {spa} joined the game with a stack of 80.00.",
        f"Player stacks: #1 {anna} (100.00) | #2 {ben} (50.00) | #3 {spa} (80.00)",
        "Your hand is K♥, K♣",
        f"{ben} posts a small blind of 0.25",
        f"{spa} posts a big blind of 0.50",
        f"{anna} raises to 2.00",
        f"{ben} calls 2.00",
        f"{spa} folds",
        "Flop:  [A♠, K♦, 2♣]",
        f"{ben} checks",
        f"{anna} bets 3.00",
        f"{ben} raises to 48.00 and go all in",
        f"{anna} calls 48.00",
        "Remaining players decide whether to run it twice.",
        f"{anna} chooses to  run it twice.",
        f"{ben} chooses to  run it twice.",
        "All players in hand choose to run it twice.",
        f"{anna} shows a K♥, K♣.",
        f"{ben} shows a A♣, 2♥.",
        "Turn: A♠, K♦, 2♣ [7♠]",
        "River: A♠, K♦, 2♣, 7♠ [9♥]",
        "Turn (second run): A♠, K♦, 2♣ [A♦]",
        "River (second run): A♠, K♦, 2♣, A♦ [2♦]",
        f"{anna} collected 50.25 from pot with Three of a Kind, K's (combination: K♥, K♦, K♣, A♠, 9♥)",
        f"{ben} collected 50.25 from pot with Full House, A's over 2's on the second run  "
        "(combination: A♠, A♦, A♣, 2♥, 2♣)",
        "-- ending hand #1 --",
    ]


def test_the_table_between_hands_quits_joins_tops_up_and_pays_the_bounty() -> None:
    refs = pokernow_writer.player_refs(hand_night())
    anna, ben, spa, cy = (f'"{refs[n]}"' for n in NAMES)
    log = entries(pokernow_writer.write(hand_night()))
    after = log[log.index("-- ending hand #1 --") + 1 :]
    between = after[: after.index(next(e for e in after if e.startswith("-- starting hand #2")))]
    assert between == [
        f"The player {ben} quits the game with a stack of 50.25.",
        f"The player {cy} requested a seat.",
        f"The admin approved the player {cy} participation with a stack of 30.00.",
        f"WARNING: the admin queued the stack change for the player {spa} adding 0.50 chips in the next hand.",
        f"The admin updated the player {spa} stack from 79.50 to 80.00.",
    ]
    second = log[log.index(f"-- starting hand #2 (id: k3mz0bq9tyl1)  No Limit Texas Hold'em (dealer: {spa}) --") :]
    assert second[1] == f"The player {cy} joined the game with a stack of 30.00."
    assert second[second.index("-- ending hand #2 --") - 3 : second.index("-- ending hand #2 --") + 5] == [
        f"{cy} folds",
        f"Uncalled bet of 0.25 returned to {anna}",
        f"{anna} collected 0.50 from pot",
        "-- ending hand #2 --",
        f"{anna} shows a 7♦, 2♠.",
        f"{spa} paid 1.00 for the 7-2 bounty to {anna}",
        f"{cy} paid 1.00 for the 7-2 bounty to {anna}",
        f"{anna} collected 2.00 from the 7-2 bounty",
    ]
    assert log[-4:] == [
        f"The player {anna} quits the game with a stack of 102.25.",
        f"The player {spa} quits the game with a stack of 79.00.",
        f"The player {cy} quits the game with a stack of 28.75.",
        f"The player {ben} quits the game with a stack of 50.25.",
    ]


def test_the_csv_is_newest_first_quoted_and_ordered_by_milliseconds() -> None:
    """RFC 4180 quoting, ``at`` in UTC with milliseconds, ``order`` = ms x 100 + place."""
    text = pokernow_writer.write(hand_night())
    lines = text.splitlines()
    assert lines[0] == "entry,at,order"
    rows = list(csv.reader(io.StringIO(text)))[1:]
    orders = [int(r[2]) for r in rows]
    assert orders == sorted(orders, reverse=True) and len(set(orders)) == len(orders)
    refs = pokernow_writer.player_refs(hand_night())
    header = (
        f'"-- starting hand #1 (id: hzq1v0wjkxq2)  No Limit Texas Hold\'em (dealer: ""{refs["Anna"]}"") --",'
        "2026-02-14T02:00:00.000Z,177103440000000"
    )
    assert header in lines
    ben = refs[NAMES[1]].replace('"', '""')
    assert f'"""{ben}"" posts a small blind of 0.25",2026-02-14T02:00:00.000Z,177103440000008' in lines
    assert refs[NAMES[1]].startswith('Ben "The Rock" @ ') and refs["spa @ ces"].startswith("spa @ ces @ ")


def test_the_hand_night_reads_back_and_the_ledger_has_a_row_per_session() -> None:
    records = hand_night()
    text = pokernow_writer.write(records, best=best)
    back = read_back(text)
    kept = pokernow_writer.carried(records)
    assert [neutral(b) for b in back] == [neutral(k) for k in kept]
    assert [k.started_at for k in kept] == [
        "2026-02-14T02:00:00.000Z",
        "2026-02-14T02:01:00.000Z",
        "2026-02-14T02:01:02.000Z",
    ]
    spa, cy = kept[1].players[1:]
    assert back[1].cashouts == (Cashout(spa, -100), Cashout(cy, -100), Cashout(kept[1].players[0], 200))
    assert back[0].seats[2].sitting_out is False and back[0].shown[-1].player == kept[0].players[1]
    ledger_text = pokernow_writer.write_ledger(records)
    ledger = parse_ledger(ledger_text)
    ids = {name: pokernow.player_id(ref) for name, ref in pokernow_writer.player_refs(records).items()}
    assert [(r.player, r.player_id, r.buy_in, r.buy_out, r.stack, r.net) for r in ledger.rows] == [
        ('Ben "The Rock"', ids['Ben "The Rock"'], 5_000, 5_025, 0, 25),
        ("Cy", ids["Cy"], 3_000, 2_875, 0, -125),
        ("Anna", ids["Anna"], 10_000, 10_225, 0, 225),
        ('Ben "The Rock"', ids['Ben "The Rock"'], 5_000, 5_025, 0, 25),
        ("spa @ ces", ids["spa @ ces"], 8_050, 7_900, 0, -150),
    ]
    assert ledger_text.splitlines()[1].startswith('"Ben ""The Rock""",')
    result = reconcile(ledger, pokernow.read_events(text))
    assert (result.problems, result.balance, result.ok) == ((), 0, True)


def test_chips_mode_posts_all_in_blinds_with_the_trailing_space() -> None:
    record = msgspec.structs.replace(
        ben_returns(),
        seats=(Seat(1, "Anna", 1000), Seat(2, "Ben", 30)),
        button=1,
        posts=(Post("Anna", PostKind.SMALL_BLIND, 25), Post("Ben", PostKind.BIG_BLIND, 30, all_in=True)),
        actions=(Action(P, "Anna", ActionKind.CALL, 30),),
        boards=(("2c", "3d", "4h", "5s", "7c"),),
        shown=(Shown("Anna", ("Ac", "Kc")), Shown("Ben", ("9d", "9h"))),
        awards=(Award("Ben", 60, description="Pair, 9's"),),
        returned=(),
        decimals=0,
        currency="CHIPS",
    )
    text = pokernow_writer.write([record])
    ben = pokernow_writer.player_refs([record])["Ben"]
    assert f'"""{ben}"" posts a big blind of 30 and go all in ",' in text
    assert "Player stacks: #1" in text and "(1000) | #2" in text
    (back,) = read_back(text)
    assert neutral(back) == neutral(pokernow_writer.carried([record])[0])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": Game(variant=Variant.SHORTDECK)},
         "expected a hand a PokerNow log can express (no-limit or pot-limit Hold'em or pot-limit Omaha "
         "(Hi, Hi/Lo)), found 'shortdeck no-limit'"),
        ({"deductions": (Deduction("rake", 10),)},
         "expected a hand a PokerNow log can express (no rake or other deductions), found 'rake'"),
        ({"posts": (Post("Anna", PostKind.BUTTON_BLIND, 50),)},
         "expected a hand a PokerNow log can express (no button blind), found 'a button_blind post'"),
        ({"boards": (("2c", "3d", "4h"), ("5c", "6d", "7h"), ("8c", "9d", "Th"))},
         "expected a hand a PokerNow log can express (at most two runs), found '3 boards'"),
    ],
)  # fmt: skip
def test_what_a_log_cannot_say_is_refused_with_the_hand(change: dict[str, object], message: str) -> None:
    record = msgspec.structs.replace(ben_returns(), **change)  # type: ignore[arg-type]
    with pytest.raises(ParseError) as refused:
        pokernow_writer.write([record])
    assert refused.value.format == "pokernow" and refused.value.hand_id == record.hand_id
    assert message in str(refused.value)


def test_a_stack_that_would_go_below_zero_is_refused() -> None:
    """Chips the record does not have cannot be written as a table's stacks."""
    seats = tuple(msgspec.structs.replace(s, stack=30) if s.seat == 2 else s for s in ben_returns().seats)
    record = msgspec.structs.replace(ben_returns(), seats=seats, awards=(Award("Anna", 50),), returned=())
    with pytest.raises(ParseError) as refused:
        pokernow_writer.write([record])
    assert '(stacks that stay at zero or above), found \'Ben "The Rock" @ ' in str(refused.value)
    assert str(refused.value).endswith(" ends with -20'")


def test_a_hand_id_the_log_cannot_print_gets_a_stable_one() -> None:
    record = msgspec.structs.replace(ben_returns(), hand_id="Friday #7")
    text = pokernow_writer.write([record])
    assert "-- starting hand #1 (id: 3zfga2ds5oyk)  No Limit" in text
    (back,) = read_back(text)
    assert back.hand_id == pokernow_writer.carried([record])[0].hand_id == "3zfga2ds5oyk"


def test_player_ids_are_stable_ten_characters_and_never_shared() -> None:
    refs = pokernow_writer.player_refs(hand_night())
    again = pokernow_writer.player_refs(reversed(hand_night()))
    assert refs == again
    ids = [pokernow.player_id(r) for r in refs.values()]
    assert len(set(ids)) == len(ids) and all(len(i) == 10 and i[0].isalnum() for i in ids)


def test_formats_write_reaches_the_pokernow_writer() -> None:
    assert formats.write(hand_night(), "pokernow") == pokernow_writer.write(hand_night())


def test_the_sample_log_and_ledger_read_back_whole_audit_ok_and_reconcile() -> None:
    """The PokerNow Hold'em sample (``make samples``): 120 hands, all ok; the ledger reconciles."""
    parsed = formats.read_file(SAMPLES / "pokernow-holdem-log.csv")
    assert (parsed.format, len(parsed.hands), len(parsed.rejected)) == ("pokernow", 120, 0)
    rules = load_rules("holdem")
    assert {audit_hand(h, rules).verdict.value for h in parsed.hands} == {"ok"}
    log = (SAMPLES / "pokernow-holdem-log.csv").read_text(encoding="utf-8")
    ledger = parse_ledger((SAMPLES / "pokernow-holdem-ledger.csv").read_text(encoding="utf-8"))
    result = reconcile(ledger, pokernow.read_events(log))
    assert (result.problems, result.balance, result.ok) == ((), 0, True)


CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "pokernow"


@pytest.mark.parametrize(
    "name",
    ["smash_2024_dead_small_blind_case.csv", "charlestudor_2022-01-13_Input_Log_001.csv",
     "bkush_2021-08-30_excerpt_run-it-twice.csv", "bkush_2021-08-06_excerpt_mwpot.csv"],
)  # fmt: skip
def test_real_logs_read_then_written_read_back_the_same(name: str) -> None:
    """Dead small blinds, straddles, runs twice, multiway pots of real logs (read in place)."""
    records = formats.read_file(CORPUS / name).hands
    assert records
    back = read_back(pokernow_writer.write(records))
    assert [neutral(b) for b in back] == [neutral(c) for c in pokernow_writer.carried(records)]
    assert [b.players for b in back] == [r.players for r in records]  # "Name @ id" players are kept


def test_a_bomb_pot_with_antes_and_a_dead_button_reads_back() -> None:
    """Bomb-pot bets (the first ``posts a bet``, the others ``calls``) and no dealer."""
    players = ("Anna", "Ben", "Cy")
    record = HandRecord(
        hand_id="b0mbp0t00001",
        seats=tuple(Seat(i + 1, p, 5_000) for i, p in enumerate(players)),
        button=None,
        posts=(*(Post(p, PostKind.ANTE, 10) for p in players), *(Post(p, PostKind.BOMB, 200) for p in players)),
        actions=(
            Action(F, "Anna", ActionKind.CHECK),
            Action(F, "Ben", ActionKind.BET, 400),
            Action(F, "Cy", ActionKind.FOLD),
            Action(F, "Anna", ActionKind.FOLD),
        ),
        boards=(("Jc", "9d", "5c"),),
        awards=(Award("Ben", 1_030),),
        returned=(Returned("Ben", 400),),
        game=Game(site="PokerNow", declared="No Limit Texas Hold'em"),
        stakes=Stakes(ante=10, small_blind=50, big_blind=100),
        decimals=0,
    )
    text = pokernow_writer.write([record])
    refs = pokernow_writer.player_refs([record])
    log = entries(text)
    first = log.index(f'"{refs["Anna"]}" posts an ante of 10')
    assert log[first + 1 : first + 6] == [
        f'"{refs["Ben"]}" posts an ante of 10',
        f'"{refs["Cy"]}" posts an ante of 10',
        f'"{refs["Anna"]}" posts a bet of 200 (bomb pot bet)',
        f'"{refs["Ben"]}" calls 200 (bomb pot bet)',
        f'"{refs["Cy"]}" calls 200 (bomb pot bet)',
    ]
    assert "-- starting hand #1 (id: b0mbp0t00001)  No Limit Texas Hold'em (dead button) --" in log
    (back,) = read_back(text)
    assert neutral(back) == neutral(pokernow_writer.carried([record])[0])
    assert back.stakes == Stakes(ante=10)  # a first hand without blinds: none to carry over
    assert back.started_at == "2000-01-01T00:00:00.000Z"  # a night without times starts at 2000-01-01
