"""The native JSON Lines format: round trips, stable ids, errors with line and JSON path."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from parsers import native
from parsers.errors import RejectCode, Rejected
from parsers.record import Action, ActionKind, HandRecord, Post, PostKind, Seat, Street


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
