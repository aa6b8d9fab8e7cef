"""The casino records (seed 003): JSON Lines and CSV read exactly, or rejected with line and reason."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from parsers.casino import (
    Burn,
    CasinoBet,
    CasinoDraw,
    DrawStatus,
    Side,
    parse,
    parse_csv,
    read_bytes,
    read_file,
    sniff,
    write,
    write_csv,
)
from parsers.errors import RejectCode, Rejected
from parsers.record import Source

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories" / "casino"

DRAW = CasinoDraw(
    draw_id="d1",
    time="2024-05-01T20:00:00Z",
    player=("As", "Kd"),
    dealer=("9h", "9c"),
    board=("Ah", "7h", "6h", "Qs", "Tc"),
    burned=(Burn("Jd", 3),),
    discards=("??", "??", "??"),
    result=Side.PLAYER,
)
BET = CasinoBet("b1", "d1", 2, "player", 1000, Decimal("1.90"), 1900, "EUR")


def _plain(record: CasinoDraw | CasinoBet) -> CasinoDraw | CasinoBet:
    return replace(record, source=Source())


def test_json_lines_round_trip_keeps_every_field_and_exact_odds() -> None:
    text = write([DRAW, BET])
    draw, bet = list(parse(text, file="s.jsonl"))
    assert _plain(draw) == DRAW and _plain(bet) == BET
    assert isinstance(bet, CasinoBet) and str(bet.odds) == "1.90"  # the trailing zero is kept
    assert bet.source == Source(file="s.jsonl", line=2, format="casino")


def test_odds_written_as_a_json_number_stay_exact() -> None:
    line = '{"kind": "bet", "bet_id": "b", "draw_id": "d", "round": 1, "outcome": "split", "stake": 100, '
    line += '"odds": 1.95, "paid": 0}'
    (bet,) = list(parse(line))
    assert isinstance(bet, CasinoBet) and bet.odds == Decimal("1.95")


def test_cards_in_any_notation_are_stored_canonical() -> None:
    """C-SIDES: the Player and Dealer cards and the board, as the scanner read them."""
    line = '{"kind": "draw", "draw_id": "d", "player": ["10♥", "as"], "dealer": ["9h9c"], "board": ["A♥ 7h 6h Qs Tc"]}'
    (draw,) = list(parse(line))
    assert isinstance(draw, CasinoDraw)
    assert (draw.player, draw.dealer, draw.board) == (("Th", "As"), ("9h", "9c"), ("Ah", "7h", "6h", "Qs", "Tc"))
    assert draw.status is DrawStatus.COMPLETED


def test_burned_cards_carry_the_round_they_were_burned_in() -> None:
    """C-BURN: a card shown face up during a round and burned (§5.2-5.3)."""
    line = '{"kind": "draw", "draw_id": "d", "burned": [{"card": "J♦", "round": 3}]}'
    (draw,) = list(parse(line))
    assert isinstance(draw, CasinoDraw) and draw.burned == (Burn("Jd", 3),)


def test_an_unknown_key_is_rejected_with_its_line_and_the_allowed_keys() -> None:
    text = write([DRAW]) + '{"kind": "bet", "bet_id": "b9", "draw_id": "d1", "colour": "red"}\n'
    draw, rejected = list(parse(text, file="s.jsonl"))
    assert isinstance(draw, CasinoDraw) and isinstance(rejected, Rejected)
    assert rejected.code is RejectCode.INVALID_RECORD and rejected.line == 2 and rejected.hand_id == "b9"
    assert rejected.message == (
        "s.jsonl:2: casino hand b9: expected a bet key (bet_id, draw_id, round, outcome, stake, odds, paid, "
        "currency, decimals, time, kind, version), found \"'colour'\""
    )


def test_a_fractional_stake_is_rejected_with_its_json_path() -> None:
    line = '{"kind": "bet", "bet_id": "b", "draw_id": "d", "round": 1, "outcome": "x", "stake": 10.5, '
    line += '"odds": "2", "paid": 0}'
    (rejected,) = list(parse(line, file="s.jsonl"))
    assert isinstance(rejected, Rejected)
    assert rejected.message == "s.jsonl:1: casino hand b: expected `int` at $.stake, found '10.5'"


def test_a_broken_line_does_not_stop_the_file() -> None:
    text = write([DRAW]) + "{not json\n" + '{"kind": "hand"}\n' + write([BET])
    items = list(parse(text))
    assert [type(i).__name__ for i in items] == ["CasinoDraw", "Rejected", "Rejected", "CasinoBet"]
    assert isinstance(items[2], Rejected) and 'expected "kind": "draw" or "bet"' in items[2].message
    assert isinstance(items[1], Rejected) and items[1].line == 2


def test_a_bad_card_is_rejected_as_a_bad_card() -> None:
    (rejected,) = list(parse('{"kind": "draw", "draw_id": "d", "player": ["Zz", "As"]}'))
    assert isinstance(rejected, Rejected) and rejected.code is RejectCode.BAD_CARD


def test_sniff_tells_casino_lines_from_hand_records() -> None:
    assert sniff(write([BET])) and not sniff('{"hand_id": "h", "seats": []}') and not sniff("bet_id,draw_id\n")


BET_CSV = """bet_id,draw_id,round,outcome,stake,odds,paid,currency
b1,d1,2,player,10.00,1.95,19.50,EUR
b2,d1,3,split,2.5,12,0,EUR
"""


def test_bet_csv_reads_amounts_exactly_in_minor_units() -> None:
    b1, b2 = list(parse_csv(BET_CSV, file="bets.csv"))
    assert isinstance(b1, CasinoBet) and isinstance(b2, CasinoBet)
    assert (b1.stake, b1.odds, b1.paid, b1.round, b1.currency) == (1000, Decimal("1.95"), 1950, 2, "EUR")
    assert (b2.stake, b2.odds, b2.paid) == (250, Decimal("12"), 0)
    assert b2.source == Source(file="bets.csv", line=3, format="casino-csv")


def test_a_csv_amount_finer_than_the_minor_unit_is_rejected_not_rounded() -> None:
    text = "bet_id,draw_id,round,outcome,stake,odds,paid\nb1,d1,2,player,10.005,1.95,19.50\n"
    (rejected,) = list(parse_csv(text, file="bets.csv"))
    assert isinstance(rejected, Rejected) and rejected.code is RejectCode.BAD_AMOUNT
    assert (
        rejected.message == "bets.csv:2: casino-csv hand b1: expected an amount in whole units of 0.01, found '10.005'"
    )


def test_csv_odds_and_rounds_must_be_numbers() -> None:
    text = "bet_id,draw_id,round,outcome,stake,odds,paid\nb1,d1,two,player,1,1.95,0\nb2,d1,2,player,1,evens,0\n"
    r1, r2 = list(parse_csv(text, file="bets.csv"))
    assert isinstance(r1, Rejected) and "expected round: a whole number (1 to 5), found 'two'" in r1.message
    assert isinstance(r2, Rejected) and "expected odds: decimal odds like 1.95, found 'evens'" in r2.message


def test_draw_csv_reads_cards_burns_discards_and_status() -> None:
    text = (
        "draw_id,time,status,player,dealer,board,burned,discards,result,cancel_reason\n"
        'd1,2024-05-01T20:00Z,completed,As Kd,9h 9c,"Ah,7h,6h,Qs,Tc",Jd@3,?? ?? ??,player,\n'
        "d2,,cancelled,Qs Qd,,,,,,scanner-mismatch\n"
    )
    d1, d2 = list(parse_csv(text))
    assert isinstance(d1, CasinoDraw) and isinstance(d2, CasinoDraw)
    assert _plain(d1) == replace(DRAW, time="2024-05-01T20:00Z")
    assert (d2.status, d2.cancel_reason, d2.dealer) == (DrawStatus.CANCELLED, "scanner-mismatch", ())


def test_a_burn_without_its_round_is_rejected() -> None:
    text = "draw_id,player,dealer,board,burned\nd1,As Kd,9h 9c,Ah 7h 6h Qs Tc,Jd\n"
    (rejected,) = list(parse_csv(text, file="draws.csv"))
    assert isinstance(rejected, Rejected)
    assert (
        rejected.message
        == "draws.csv:2: casino-csv hand d1: expected burned cards as CARD@ROUND, like Qs@3, found 'Jd'"
    )


def test_a_csv_without_a_required_column_rejects_its_header_and_every_row() -> None:
    text = "bet_id,draw_id,round,outcome,stake,odds\nb1,d1,2,player,10,1.95\nb2,d1,2,player,10,1.95\n"
    rejected = list(parse_csv(text, file="bets.csv"))
    assert len(rejected) == 3 and all(isinstance(r, Rejected) for r in rejected)
    assert rejected[0].message == (
        "bets.csv:1: casino-csv: expected a bet CSV with columns bet_id, draw_id, round, outcome, stake, odds, "
        "paid, found 'no paid'"
    )


def test_a_row_with_too_few_cells_is_rejected_and_the_next_row_read() -> None:
    text = "bet_id,draw_id,round,outcome,stake,odds,paid\nb1,d1,2\nb2,d1,2,player,1,2,0\n"
    first, second = list(parse_csv(text))
    assert isinstance(first, Rejected) and first.line == 2 and "expected 7 columns as in the header" in first.message
    assert isinstance(second, CasinoBet)


def test_semicolon_csv_with_a_byte_order_mark_reads() -> None:
    data = "\ufeffbet_id;draw_id;round;outcome;stake;odds;paid\r\nb1;d1;2;player;10.00;1.95;19.50\r\n".encode()
    read = read_bytes(data, file="bets.csv")
    assert read.format == "casino-csv" and len(read.bets) == 1 and read.bets[0].paid == 1950 and not read.rejected


@given(
    st.lists(
        st.builds(
            CasinoBet,
            bet_id=st.text("abcdef0123456789-", min_size=1, max_size=8),
            draw_id=st.text("abcdef0123456789-", min_size=1, max_size=8),
            round=st.integers(1, 5),
            outcome=st.sampled_from(["player", "dealer", "split", "winning-flush"]),
            stake=st.integers(1, 10**7),
            odds=st.decimals(min_value=1, max_value=1000, places=2),
            paid=st.integers(0, 10**9),
            currency=st.sampled_from(["EUR", ""]),
        ),
        max_size=5,
    )
)
def test_bets_round_trip_through_json_lines_and_csv(bets: list[CasinoBet]) -> None:
    assert [_plain(b) for b in parse(write(bets))] == bets
    assert [_plain(b) for b in parse_csv(write_csv(bets, "bet"))] == bets


def test_the_sample_session_reads_the_same_from_json_lines_and_from_csv() -> None:
    jsonl = read_file(SAMPLES / "session.jsonl")
    draws = read_file(SAMPLES / "draws.csv")
    bets = read_file(SAMPLES / "bets.csv")
    assert not jsonl.rejected and not draws.rejected and not bets.rejected
    assert (len(jsonl.draws), len(jsonl.bets)) == (11, 46)
    assert [_plain(d) for d in jsonl.draws] == [_plain(d) for d in draws.draws]
    assert [_plain(b) for b in jsonl.bets] == [_plain(b) for b in bets.bets]
