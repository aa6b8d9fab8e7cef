"""The native JSON Lines format: round trips, stable ids, errors with line and JSON path."""

from __future__ import annotations

import gc
import json
import pickle
from pathlib import Path

import jsonschema
import msgspec
import pytest

from parsers import native, record
from parsers.errors import RejectCode, Rejected
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

RECORD_TYPES = (Source, Game, Stakes, Seat, Post, Action, Shown, Award, Returned, Deduction, Cashout, HandRecord)


def _hand(hand_id: str = "n1") -> HandRecord:
    return HandRecord(
        hand_id=hand_id,
        seats=(Seat(1, "Anna", 100), Seat(2, "Ben", 100)),
        button=1,
        posts=(Post("Anna", PostKind.SMALL_BLIND, 1), Post("Ben", PostKind.BIG_BLIND, 2)),
        actions=(Action(Street.PREFLOP, "Anna", ActionKind.FOLD),),
        boards=((),),
    )


def test_write_then_read_gives_the_same_record() -> None:
    text = native.write([_hand()])
    (back,) = list(native.parse(text, file="night.jsonl"))
    assert isinstance(back, HandRecord)
    assert back.source.file == "night.jsonl" and back.source.line == 1
    assert native.dumps(back).replace('"night.jsonl","line":1', '"","line":0') == text.strip()


def test_missing_id_gets_a_stable_content_id() -> None:
    text = native.write([_hand("")])
    first = next(native.parse(text))
    second = next(native.parse("\n\n" + text, file="other.jsonl"))
    assert isinstance(first, HandRecord) and isinstance(second, HandRecord)
    assert first.hand_id == second.hand_id and first.hand_id.startswith("h")


def test_bad_field_is_reported_with_line_and_json_path_and_other_lines_still_read() -> None:
    good = native.dumps(_hand())
    bad = good.replace('"stack":100', '"stack":"100"', 1)
    results = list(native.parse(f"{good}\n{bad}\n{good}\n", file="night.jsonl"))
    assert [type(r).__name__ for r in results] == ["HandRecord", "Rejected", "HandRecord"]
    rejected = results[1]
    assert isinstance(rejected, Rejected)
    assert rejected.code is RejectCode.INVALID_RECORD and rejected.line == 2
    assert rejected.message == "night.jsonl:2: native hand n1: expected `int` at $.seats[0].stack, found '\"100\"'"


def test_cards_in_any_notation_are_stored_canonical() -> None:
    text = native.dumps(_hand()).replace('"boards":[[]]', '"boards":[["10♥","K♣","9s"]]')
    record = next(native.parse(text))
    assert isinstance(record, HandRecord)
    assert record.boards == (("Th", "Kc", "9s"),)


def test_shipped_schema_is_the_generated_one_and_accepts_written_records() -> None:
    shipped = json.loads(Path(native.SCHEMA_PATH).read_text(encoding="utf-8"))
    # regenerate with: python -c "import parsers.native as n; n.write_schema()"
    assert shipped == json.loads(json.dumps(native.schema()))
    jsonschema.validate(json.loads(native.dumps(_hand())), shipped)


def _every_field_hand() -> HandRecord:
    """A hand that sets a field of every record type away from its default."""
    return HandRecord(
        hand_id="full-1",
        seats=(Seat(1, "Anna", 500), Seat(3, "Ben", 400, sitting_out=False), Seat(4, "Cleo", 90, sitting_out=True)),
        button=3,
        posts=(
            Post("Anna", PostKind.SMALL_BLIND, 5, line=4),
            Post("Ben", PostKind.BIG_BLIND, 10, all_in=False, line=5),
        ),
        actions=(
            Action(Street.PREFLOP, "Anna", ActionKind.RAISE, to=30, line=7),
            Action(Street.PREFLOP, "Ben", ActionKind.CALL, to=30, all_in=False, line=8),
            Action(Street.FLOP, "Anna", ActionKind.BET, to=370, all_in=True, line=10),
            Action(Street.FLOP, "Ben", ActionKind.FOLD, line=11),
        ),
        boards=(("9s", "8h", "2c"),),
        shown=(Shown("Anna", ("As", "Ah"), description="a pair of Aces", line=12), Shown("Ben", (), mucked=True)),
        awards=(Award("Anna", 340, pot=0, run=0, description="without a showdown", line=13),),
        returned=(Returned("Anna", 340, line=12),),
        deductions=(Deduction("rake", 3, pot=0), Deduction("jackpot", 1)),
        cashouts=(Cashout("Anna", 20, fee=1, kind="insurance"),),
        total_pot=60,
        pots=(60,),
        finishing_stacks=(816, 370, 90),
        game=Game(Variant.SHORTDECK, Betting.POT_LIMIT, "GGPoker", "Short Deck", "trips-beat-straight", False, "gg"),
        stakes=Stakes(ante=1, small_blind=5, big_blind=10, button_blind=2, straddle=20, min_bet=10, cap=400),
        currency="USD",
        decimals=2,
        table="Friday 1",
        max_seats=6,
        started_at="2026-01-02T20:00:00+00:00",
        source=Source("night.jsonl", 1, "native"),  # what the reader sets: the file and line it read
    )


def test_the_native_line_keeps_its_field_order_and_defaults_byte_for_byte() -> None:
    """What a stored night and ``sixplus convert --to native`` write: every field, in this order."""
    assert native.dumps(_hand()) == (
        '{"hand_id":"n1","seats":[{"seat":1,"player":"Anna","stack":100,"sitting_out":false},'
        '{"seat":2,"player":"Ben","stack":100,"sitting_out":false}],"button":1,'
        '"posts":[{"player":"Anna","kind":"small_blind","amount":1,"all_in":false,"line":0},'
        '{"player":"Ben","kind":"big_blind","amount":2,"all_in":false,"line":0}],'
        '"actions":[{"street":"preflop","player":"Anna","kind":"fold","to":0,"all_in":false,"line":0}],'
        '"boards":[[]],"shown":[],"awards":[],"returned":[],"deductions":[],"cashouts":[],"total_pot":null,'
        '"pots":[],"finishing_stacks":null,"game":{"variant":"holdem","betting":"no-limit","site":"",'
        '"declared":"","ranking":null,"tournament":false,"rules":null},"stakes":{"ante":0,"small_blind":0,'
        '"big_blind":0,"button_blind":0,"straddle":0,"min_bet":0,"small_bet":0,"big_bet":0,"cap":0},'
        '"currency":"CHIPS","decimals":0,"table":"","max_seats":null,"started_at":null,'
        '"source":{"file":"","line":0,"format":"native","number":null},"version":1}'
    )


def test_a_record_with_every_field_set_reads_back_equal_and_writes_back_the_same_line() -> None:
    hand = _every_field_hand()
    line = native.dumps(hand)
    (back,) = native.parse(line + "\n", file="night.jsonl")
    assert back == hand and hash(back) == hash(hand)
    assert native.dumps(back) == line


@pytest.mark.parametrize("kind", RECORD_TYPES, ids=lambda t: t.__name__)
def test_hand_records_are_frozen_msgspec_structs_the_garbage_collector_skips(kind: type[msgspec.Struct]) -> None:
    """Decoding a night allocates millions of these: as ``gc=False`` Structs they are built in
    C and never scanned by the collector (they hold no reference cycles)."""
    assert issubclass(kind, msgspec.Struct)
    config = kind.__struct_config__
    assert config.frozen and not config.gc
    assert vars(record)[kind.__name__] is kind


def test_a_decoded_record_and_all_it_holds_are_untracked_by_the_collector() -> None:
    (back,) = native.parse(native.dumps(_every_field_hand()))
    assert isinstance(back, HandRecord)
    parts = [back, back.game, back.stakes, back.source, *back.seats, *back.posts, *back.actions, *back.shown]
    parts += [*back.awards, *back.returned, *back.deductions, *back.cashouts]
    assert [type(p).__name__ for p in parts if gc.is_tracked(p)] == []
    assert isinstance(back.seats, tuple) and isinstance(back.boards[0], tuple)


def test_records_are_immutable_equal_by_value_hashable_and_pickle() -> None:
    hand = _every_field_hand()
    with pytest.raises(AttributeError):
        hand.table = "other"  # type: ignore[misc]
    twin = _every_field_hand()
    assert twin == hand and twin is not hand and len({hand, twin}) == 1
    assert pickle.loads(pickle.dumps(hand)) == hand  # the import pool and Dask ship records so
    changed = msgspec.structs.replace(hand, table="other")
    assert type(changed) is HandRecord and changed.table == "other" and changed != hand
