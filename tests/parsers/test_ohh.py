"""OHH: increments turned into street totals (and apps that write totals detected), posts,
cards, per-pot rake and wins, broken objects, and the writer (write then read gives the
same record, Short Deck carried in the ``sixplus`` extension)."""

from __future__ import annotations

import codecs
import json
import random
from pathlib import Path

import msgspec
import pytest

from parsers import formats, ohh
from parsers.errors import ParseError, RejectCode, Rejected
from parsers.phh import without_lines
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
    Stakes,
    Street,
    Variant,
)
from parsers.text import decode

DATA = Path(__file__).parent / "data" / "ohh"


def _read(name: str, text: str | None = None) -> list[HandRecord | Rejected]:
    return list(ohh.parse(text if text is not None else (DATA / name).read_text(encoding="utf-8"), file=name))


def _first(name: str) -> HandRecord:
    record = _read(name)[0]
    assert isinstance(record, HandRecord)
    return record


def test_increments_become_street_totals() -> None:
    hand = _first("club_night.ohh")
    summary = [(a.street, a.player, a.kind, a.to, a.all_in) for a in hand.actions]
    assert summary == [
        (Street.PREFLOP, "Ed", ActionKind.FOLD, 0, False),
        (Street.PREFLOP, "Ann", ActionKind.RAISE, 30, False),
        (Street.PREFLOP, "Bo", ActionKind.RAISE, 300, True),
        (Street.PREFLOP, "Cy", ActionKind.CALL, 300, False),
        (Street.PREFLOP, "Ann", ActionKind.RAISE, 600, False),
        (Street.PREFLOP, "Cy", ActionKind.CALL, 600, False),
        (Street.FLOP, "Cy", ActionKind.BET, 100, False),
        (Street.FLOP, "Ann", ActionKind.CALL, 100, False),
        (Street.TURN, "Cy", ActionKind.CHECK, 0, False),
        (Street.TURN, "Ann", ActionKind.CHECK, 0, False),
        (Street.RIVER, "Cy", ActionKind.BET, 300, True),
        (Street.RIVER, "Ann", ActionKind.FOLD, 0, False),
    ]


def test_posts_seats_cards_and_stakes_are_read() -> None:
    hand = _first("club_night.ohh")
    assert hand.hand_id == "ohh-1" and hand.decimals == 2 and hand.currency == "USD"
    assert hand.seats[3] == Seat(6, "Di", 500, sitting_out=True)
    assert hand.posts == (
        Post("Bo", PostKind.SMALL_BLIND, 5),
        Post("Cy", PostKind.BIG_BLIND, 10),
        Post("Ed", PostKind.DEAD_BLIND, 5),
    )
    assert hand.shown == (
        Shown("Ann", ("Ah", "Kd"), mucked=True),
        Shown("Bo", ("Qs", "Qh")),
        Shown("Cy", ("Jc", "Jd")),
    )
    assert hand.boards == (("2c", "7d", "9s", "3h", "4c"),)
    assert hand.stakes == Stakes(small_blind=5, big_blind=10)
    assert hand.game == Game(site="Our Club", declared="Holdem NL")
    assert (hand.table, hand.max_seats, hand.button, hand.started_at) == ("Kitchen", 9, 1, "2024-05-01T20:00:00")


def test_pots_give_amounts_per_pot_rake_and_wins_by_pot() -> None:
    hand = _first("club_night.ohh")
    assert hand.pots == (905, 800)
    assert hand.deductions == (Deduction("rake", 30),)
    assert hand.awards == (Award("Bo", 875, pot=0), Award("Cy", 800, pot=1))


def test_a_straddle_is_a_live_post() -> None:
    second = _read("club_night.ohh")[1]
    assert isinstance(second, HandRecord)
    assert second.posts[-1] == Post("X", PostKind.STRADDLE, 4)


def test_other_games_and_broken_objects_are_rejected_and_the_file_goes_on() -> None:
    results = _read("club_night.ohh")
    assert [r.code if isinstance(r, Rejected) else "read" for r in results] == [
        "read",
        "read",
        RejectCode.UNSUPPORTED_GAME,
        RejectCode.PARSE_ERROR,
    ]
    assert [r.message for r in results if isinstance(r, Rejected)] == [
        "club_night.ohh:374: ohh hand ohh-3: expected game_type Holdem, Omaha, OmahaHiLo, found 'Stud'",
        'club_night.ohh:399:5: ohh hand ohh-4: expected a JSON object {"ohh": {...}}, '
        "found 'Expecting property name enclosed in double quotes'",
    ]


def test_an_unknown_action_rejects_the_hand_and_names_it() -> None:
    text = (DATA / "street_totals.ohh").read_text(encoding="utf-8").replace('"Check"', '"Ponders"', 1)
    (rejected,) = _read("x.ohh", text)
    assert isinstance(rejected, Rejected)
    assert rejected.message == (
        "x.ohh:1: ohh hand tf-1: expected an OHH action (Fold, Check, Call, Bet, Raise, Post ..., ...), found 'Ponders'"
    )


def test_a_known_total_writing_app_is_read_as_street_totals() -> None:
    hand = _first("street_totals.ohh")
    assert [(a.player, a.kind, a.to) for a in hand.actions if a.kind is not ActionKind.CHECK] == [
        ("IsZ***", ActionKind.RAISE, 25),
        ("Kab***", ActionKind.RAISE, 100),
        ("IsZ***", ActionKind.CALL, 100),
        ("Kab***", ActionKind.BET, 200),  # an opening river bet labelled Raise
        ("IsZ***", ActionKind.CALL, 200),
    ]
    assert hand.decimals == 1 and hand.awards == (Award("Kab***", 580, pot=0),)


def test_street_totals_are_detected_from_the_calls_when_the_app_is_unknown() -> None:
    text = (DATA / "street_totals.ohh").read_text(encoding="utf-8").replace("Ten-Four", "Some App")
    (hand,) = _read("x.ohh", text)
    assert isinstance(hand, HandRecord)
    assert without_lines(msgspec.structs.replace(hand, game=_first("street_totals.ohh").game)) == without_lines(
        _first("street_totals.ohh")
    )


@pytest.mark.parametrize(
    "encode",
    [
        lambda t: codecs.BOM_UTF8 + t.encode("utf-8"),
        lambda t: t.replace("\n", "\r\n").encode("utf-8"),
        lambda t: t.encode("utf-16"),
    ],
    ids=["bom", "crlf", "utf-16"],
)
def test_encodings_and_crlf_read_the_same_hands(encode: object) -> None:
    text = (DATA / "club_night.ohh").read_text(encoding="utf-8")
    parsed = formats.read_bytes(encode(text), file="night.ohh")  # type: ignore[operator]
    assert parsed.format == "ohh"
    assert [h.hand_id for h in parsed.hands] == ["ohh-1", "ohh-2"]
    assert [r.code for r in parsed.rejected] == [RejectCode.UNSUPPORTED_GAME, RejectCode.PARSE_ERROR]


SHORT_DECK = HandRecord(
    hand_id="sd-1",
    seats=(Seat(1, "Ann", 1000), Seat(2, "Bo", 500), Seat(4, "Cy", 800)),
    button=4,
    posts=(
        Post("Ann", PostKind.ANTE, 10),
        Post("Bo", PostKind.ANTE, 10),
        Post("Cy", PostKind.ANTE, 10),
        Post("Cy", PostKind.BUTTON_BLIND, 10),
    ),
    actions=(
        Action(Street.PREFLOP, "Ann", ActionKind.RAISE, to=40),
        Action(Street.PREFLOP, "Bo", ActionKind.RAISE, to=490, all_in=True),
        Action(Street.PREFLOP, "Cy", ActionKind.FOLD),
        Action(Street.PREFLOP, "Ann", ActionKind.CALL, to=490),
    ),
    boards=(("9h", "8h", "7c", "Th", "6s"), ("9h", "8h", "7c", "As", "Ac")),
    shown=(Shown("Ann", ("As", "Ad")), Shown("Bo", ("Kc", "Kd"))),
    awards=(
        Award("Bo", 505, pot=0, run=0, description="a straight"),
        Award("Ann", 505, pot=0, run=1, description="four aces"),
    ),
    returned=(Returned("Ann", 0),),
    deductions=(Deduction("rake", 10),),
    cashouts=(Cashout("Bo", 100, fee=1),),
    pots=(1020,),
    finishing_stacks=(1015, 505, 780),
    game=Game(
        variant=Variant.SHORTDECK,
        betting=Betting.NO_LIMIT,
        site="Home",
        declared="6+ Hold'em No Limit",
        ranking="straight-over-trips",
    ),
    stakes=Stakes(ante=10, button_blind=10, min_bet=20),
    currency="USD",
    decimals=2,
    table="Kitchen",
    max_seats=6,
    started_at="2024-03-09T21:00:00",
)


@pytest.mark.parametrize(
    "record",
    [SHORT_DECK, msgspec.structs.replace(SHORT_DECK, game=Game(), awards=(Award("Bo", 1010),), max_seats=None)],
    ids=["short-deck-two-runs", "holdem-unspecified-pot"],
)
def test_write_then_read_gives_the_same_record(record: HandRecord) -> None:
    (back,) = ohh.parse(ohh.write([record]))
    assert isinstance(back, HandRecord)
    assert without_lines(back) == without_lines(record)


def test_short_deck_is_written_as_holdem_with_the_variant_in_the_extension() -> None:
    written = json.loads(ohh.write([SHORT_DECK]))["ohh"]
    assert written["game_type"] == "Holdem"
    assert written["sixplus"]["variant"] == "shortdeck"
    assert written["spec_version"] == "1.4.6"
    raises = [a for a in written["rounds"][0]["actions"] if a["action"] == "Raise"]
    assert [a["amount"] for a in raises] == [0.4, 4.9]  # increments, as the spec says


def test_several_hands_are_written_with_a_blank_line_between_them() -> None:
    text = ohh.write([SHORT_DECK, msgspec.structs.replace(SHORT_DECK, hand_id="sd-2")])
    assert "}\n\n{" in text
    assert [r.hand_id for r in ohh.parse(text) if isinstance(r, HandRecord)] == ["sd-1", "sd-2"]
    assert formats.detect(text) == "ohh"


def test_the_writer_refuses_a_game_it_cannot_name() -> None:
    with pytest.raises(ParseError) as caught:
        ohh.write([msgspec.structs.replace(SHORT_DECK, game=Game(variant=Variant.OTHER, declared="Razz"))])
    assert str(caught.value) == "<input>: ohh hand sd-1: expected a hold'em or short-deck hand, found 'Razz'"


def test_mutated_ohh_gives_records_or_typed_rejections_one_per_object() -> None:
    """Truncation, byte flips, shuffled lines, wrong encodings: never a traceback."""
    data = (DATA / "club_night.ohh").read_bytes()
    rng = random.Random(11)
    for _ in range(60):
        mutated = bytearray(data[: rng.randrange(len(data))] if rng.random() < 0.3 else data)
        for _ in range(rng.randrange(6) if mutated else 0):
            mutated[rng.randrange(len(mutated))] = rng.randrange(256)
        lines = bytes(mutated).split(b"\n")
        if rng.random() < 0.2:
            rng.shuffle(lines)
        text = decode(b"\n".join(lines))
        results = list(ohh.parse(text))
        assert all(isinstance(r, HandRecord | Rejected) for r in results)
        assert len(results) == sum(1 for _ in ohh._pieces(text))
