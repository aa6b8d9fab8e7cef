"""PHH: forced bets from the arrays (heads-up reversed, the short-deck button blind, a live
"post bet"), street totals, exact decimals, .phhs files with broken hands, and the writer
(write then read gives the same record; pokerkit replays what we write)."""

from __future__ import annotations

import random
import re
from decimal import Decimal
from pathlib import Path

import msgspec
import pytest
from pokerkit import HandHistory

from parsers import formats, phh
from parsers.errors import ParseError, RejectCode, Rejected
from parsers.record import (
    Action,
    ActionKind,
    Award,
    Betting,
    Game,
    HandRecord,
    Post,
    PostKind,
    Seat,
    Shown,
    Stakes,
    Street,
    Variant,
)
from parsers.text import decode

DATA = Path(__file__).parent / "data" / "phh"


def _read(name: str) -> list[HandRecord | Rejected]:
    return list(phh.parse((DATA / name).read_text(encoding="utf-8"), file=name))


def _hand(name: str) -> HandRecord:
    (record,) = _read(name)
    assert isinstance(record, HandRecord)
    return record


def test_heads_up_blinds_are_assigned_in_reverse_and_the_button_is_the_last_player() -> None:
    hand = _hand("heads_up.phh")
    assert hand.seats == (Seat(3, "Hero", 200), Seat(1, "Villain", 150))
    assert hand.button == 1
    assert [(p.player, p.kind, p.amount) for p in hand.posts] == [
        ("Villain", PostKind.SMALL_BLIND, 1),
        ("Hero", PostKind.BIG_BLIND, 2),
    ]


def test_cbr_is_a_street_total_and_cc_a_call_or_a_check() -> None:
    hand = _hand("heads_up.phh")
    summary = [(a.street, a.player, a.kind, a.to, a.all_in) for a in hand.actions]
    assert summary == [
        (Street.PREFLOP, "Villain", ActionKind.RAISE, 6, False),
        (Street.PREFLOP, "Hero", ActionKind.CALL, 6, False),
        (Street.FLOP, "Hero", ActionKind.CHECK, 0, False),
        (Street.FLOP, "Villain", ActionKind.BET, 10, False),
        (Street.FLOP, "Hero", ActionKind.RAISE, 40, False),
        (Street.FLOP, "Villain", ActionKind.CALL, 40, False),
        (Street.TURN, "Hero", ActionKind.BET, 154, True),
        (Street.TURN, "Villain", ActionKind.CALL, 104, True),  # all-in for less
    ]
    assert hand.actions[0].line == 10


def test_optional_fields_give_table_currency_time_winnings_and_finishing_stacks() -> None:
    hand = _hand("heads_up.phh")
    assert (hand.table, hand.currency, hand.max_seats, hand.game.site) == ("Kitchen", "EUR", 6, "Home")
    assert hand.started_at == "2024-03-09T21:15:00"
    assert hand.awards == (Award("Hero", 300),)
    assert hand.finishing_stacks == (350, 0)
    assert hand.boards == (("Kd", "7c", "2s", "3h", "9s"),)
    assert hand.shown == (Shown("Hero", ("Ah", "Kh")), Shown("Villain", ("Qc", "Qd")))


def test_short_deck_last_entry_is_the_button_blind_and_antes_are_dead() -> None:
    hand = _hand("button_blind.phh")
    assert hand.game == Game(variant=Variant.SHORTDECK, betting=Betting.NO_LIMIT, declared="NS")
    assert hand.stakes == Stakes(ante=1, button_blind=1, min_bet=1)
    assert hand.posts[-1] == Post("Di", PostKind.BUTTON_BLIND, 1)
    assert [p.kind for p in hand.posts[:4]] == [PostKind.ANTE] * 4


def test_a_muck_keeps_the_dealt_cards_as_mucked_and_face_up_cards_are_kept() -> None:
    hand = _hand("button_blind.phh")
    assert hand.shown == (
        Shown("Ann", ("As", "Ad")),
        Shown("Bo", ("Qc", "Qd"), mucked=True),
        Shown("Di", ("Ks", "Qs"), mucked=True),
    )


def test_fixed_limit_hold_em_reads_its_bet_sizes() -> None:
    hand = _hand("fixed_limit.phh")
    assert hand.game.betting is Betting.FIXED_LIMIT
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (2, 4)
    assert hand.actions[0] == Action(Street.PREFLOP, "p3", ActionKind.RAISE, to=4, line=7)


def test_a_negative_blind_is_pokerkits_live_post_bet() -> None:
    first = _read("night.phhs")[0]
    assert isinstance(first, HandRecord)
    assert first.posts[-1] == Post("p4", PostKind.BIG_BLIND, 2)
    assert first.posts[-1].kind.is_live
    assert first.source.line == 2


def test_half_chips_give_one_decimal_and_a_partial_hand_is_read_as_far_as_it_goes() -> None:
    fourth = _read("night.phhs")[3]
    assert isinstance(fourth, HandRecord)
    assert fourth.decimals == 1
    assert fourth.seats[0].stack == 100005 and fourth.stakes.big_blind == 1000
    assert fourth.boards == (("2c", "3c", "4c"),) and fourth.awards == ()


def test_a_phhs_file_reads_every_hand_and_rejects_the_broken_ones_with_reasons() -> None:
    results = _read("night.phhs")
    assert [r.code if isinstance(r, Rejected) else "read" for r in results] == [
        "read",
        RejectCode.UNSUPPORTED_GAME,
        RejectCode.PARSE_ERROR,
        "read",
        RejectCode.PARSE_ERROR,
    ]
    messages = [r.message for r in results if isinstance(r, Rejected)]
    assert messages == [
        "night.phhs:12: phh hand 2: expected a PHH variant we cover (NT, NS, FT, PO or FO/8), found 'F7S'",
        "night.phhs:23:1: phh hand 3: expected valid TOML, found 'Unclosed array'",
        "night.phhs:34: phh hand 5: expected a PHH action (d dh pN CARDS, d db CARDS, pN cbr AMOUNT, pN cc, pN f, "
        "pN sm [CARDS]), found 'p2 dances'",
    ]


def test_a_missing_required_field_is_named() -> None:
    (rejected,) = phh.parse('variant = "NT"\nantes = [0, 0]\nactions = []\n', file="x.phh")
    assert isinstance(rejected, Rejected)
    assert rejected.message == "x.phh:1: phh: expected the field blinds_or_straddles (required for NT), found 'nothing'"


def test_ids_are_content_hashes_stable_across_files_and_positions() -> None:
    text = (DATA / "heads_up.phh").read_text(encoding="utf-8")
    (a,) = phh.parse(text, file="a.phh")
    (b,) = phh.parse("# moved down\n\n" + text, file="b.phh")
    assert isinstance(a, HandRecord) and isinstance(b, HandRecord)
    assert a.hand_id == b.hand_id and a.hand_id.startswith("h")


def _built(record: HandRecord) -> HandRecord:
    return msgspec.structs.replace(record, hand_id=phh.stable_id(record))


BUILT = [
    _built(
        HandRecord(
            hand_id="",
            seats=(Seat(2, "Ann", 1000), Seat(3, "Bo", 500), Seat(5, "Cy", 800)),
            button=5,
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
            boards=(("9h", "8h", "7c", "Th", "6s"),),
            shown=(Shown("Ann", ("As", "Ad")), Shown("Bo", ("Kc", "Kd"))),
            awards=(Award("Bo", 1020),),
            finishing_stacks=(500, 1020, 780),
            game=Game(variant=Variant.SHORTDECK, betting=Betting.NO_LIMIT, declared="NS", site="Home"),
            stakes=Stakes(ante=10, button_blind=10, min_bet=20),
            currency="USD",
            decimals=2,
            table="Kitchen",
            max_seats=6,
            started_at="2024-03-09",
        )
    ),
    _built(
        HandRecord(
            hand_id="",
            seats=(Seat(1, "p1", 100), Seat(2, "p2", 100)),
            button=2,
            posts=(Post("p2", PostKind.SMALL_BLIND, 1), Post("p1", PostKind.BIG_BLIND, 2)),
            actions=(Action(Street.PREFLOP, "p2", ActionKind.FOLD),),
            shown=(Shown("p1", ("2c", "2d"), mucked=True),),
            game=Game(variant=Variant.HOLDEM, betting=Betting.FIXED_LIMIT, declared="FT"),
            stakes=Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4),
        )
    ),
]


@pytest.mark.parametrize("record", BUILT, ids=["short-deck-all-in", "fixed-limit-walk"])
def test_write_then_read_gives_the_same_record(record: HandRecord) -> None:
    (back,) = phh.parse(phh.write([record]))
    assert isinstance(back, HandRecord)
    assert phh.without_lines(back) == phh.without_lines(record)


def test_several_records_are_written_as_phhs_and_read_back_in_order() -> None:
    text = phh.write(BUILT)
    assert text.startswith("[1]\n")
    back = list(phh.parse(text))
    assert [phh.without_lines(b) for b in back if isinstance(b, HandRecord)] == [phh.without_lines(r) for r in BUILT]
    assert formats.detect(text) == "phh"


@pytest.mark.parametrize("name", ["heads_up.phh", "button_blind.phh", "fixed_limit.phh"])
def test_pokerkit_replays_what_we_write_to_the_stated_finishing_stacks(name: str) -> None:
    hand = _hand(name)
    state = list(HandHistory.loads(phh.write([hand])))[-1]
    assert tuple(int(Decimal(s).scaleb(hand.decimals)) for s in state.stacks) == hand.finishing_stacks


def test_facts_phh_cannot_hold_are_named_in_a_comment() -> None:
    record = msgspec.structs.replace(BUILT[0], awards=(Award("Bo", 1020, pot=0),), pots=(1020,))
    assert phh.write([record]).startswith(
        "# not expressible in PHH, left out: pot amounts; award pots and descriptions\n"
    )


def test_the_writer_refuses_a_hand_phh_cannot_express() -> None:
    record = msgspec.structs.replace(BUILT[0], boards=(BUILT[0].boards[0], ("9h", "8h", "7c", "Jc", "Qc")))
    with pytest.raises(ParseError) as caught:
        phh.write([record])
    assert str(caught.value) == (
        f"<input>: phh hand {record.hand_id}: expected a hand PHH can express (NT, NS, FT, PO or FO/8, one board, "
        "no bomb pot), found '2 boards'"
    )


def test_mutated_phh_gives_records_or_typed_rejections_one_per_table() -> None:
    """Truncation, byte flips, shuffled lines, wrong encodings: never a traceback."""
    data = (DATA / "night.phhs").read_bytes()
    rng = random.Random(7)
    for _ in range(60):
        mutated = bytearray(data[: rng.randrange(len(data))] if rng.random() < 0.3 else data)
        for _ in range(rng.randrange(6) if mutated else 0):
            mutated[rng.randrange(len(mutated))] = rng.randrange(256)
        lines = bytes(mutated).split(b"\n")
        if rng.random() < 0.3:
            rng.shuffle(lines)
        text = decode(b"\n".join(lines))
        results = list(phh.parse(text))
        assert all(isinstance(r, HandRecord | Rejected) for r in results)
        assert len(results) >= len(re.findall(r"^[ \t]*\[[ \t]*[^\[\]\s]+[ \t]*\][ \t]*$", text, re.MULTILINE))
