"""PokerNow ledger CSV: typed rows, the scale inferred from the log, and the reconciliation
of every player id's buy-ins, cash-outs and stacks with the log's table events."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from parsers import pokernow
from parsers.errors import ParseError
from parsers.pokernow_ledger import LedgerRow, infer_scale, parse_ledger, reconcile, sniff_ledger

DATA = Path(__file__).parent / "data" / "pokernow"
LOG = (DATA / "home_night.csv").read_text(encoding="utf-8")
LEDGER = (DATA / "home_night_ledger.csv").read_text(encoding="utf-8")
FINAL = {  # end-of-log stacks in the log's minor units (what a replay of the three hands gives)
    "AAAAAAAAAA": 2485,
    "CCCCCCCCCC": 1340,
    "BBBBBBBBBB": 865,
    "DDDDDDDDDD": 3090,
    "FFFFFFFFFF": 900,
}


def test_ledger_rows_are_typed_with_open_and_closed_sessions() -> None:
    ledger = parse_ledger(LEDGER, file="ledger.csv")
    assert len(ledger.rows) == 6
    assert ledger.rows[1] == LedgerRow(
        player="Eve",
        player_id="EEEEEEEEEE",
        session_start="2024-11-09T21:33:30.500Z",
        session_end="2024-11-09T21:34:54.500Z",
        buy_in=500,
        buy_out=320,
        stack=0,
        net=-180,
        line=3,
    )
    assert ledger.rows[2].player == 'Dan "the man"' and ledger.rows[2].is_open
    assert all(r.is_consistent for r in ledger.rows)
    assert ledger.balance == 0


def test_the_nit_escrow_column_and_an_empty_session_start_are_read() -> None:
    ledger = parse_ledger((DATA / "escrow_ledger.csv").read_text(encoding="utf-8"))
    assert [(r.nit_escrow, r.session_start, r.buy_out) for r in ledger.rows] == [
        (0, "2026-09-01T20:00:00.000Z", None),
        (0, None, 1500),
    ]


def test_cents_game_ledger_units_are_the_logs_cents() -> None:
    assert infer_scale(parse_ledger(LEDGER), pokernow.read_events(LOG)) == Fraction(1)


def test_a_ledger_a_hundred_times_the_log_is_recognised() -> None:
    scaled = re.sub(r",(-?\d+)(?=,|$)", lambda m: f",{int(m.group(1)) * 100}", LEDGER, flags=re.MULTILINE)
    assert infer_scale(parse_ledger(scaled), pokernow.read_events(LOG)) == Fraction(100)


def test_the_night_reconciles_player_by_player() -> None:
    result = reconcile(parse_ledger(LEDGER), pokernow.read_events(LOG), final_stacks=FINAL)
    assert result.ok and result.balance == 0 and result.problems == ()
    eve = next(p for p in result.players if p.player_id == "EEEEEEEEEE")
    assert (eve.ledger_buy_in, eve.log_buy_in, eve.ledger_buy_out, eve.log_cash_out) == (500, 500, 320, 320)


def test_every_disagreement_is_named_with_the_ledger_line() -> None:
    wrong = LEDGER.replace(
        '"Eve",EEEEEEEEEE,2024-11-09T21:33:30.500Z,2024-11-09T21:34:54.500Z,500,320,0,-180',
        '"Eve",EEEEEEEEEE,2024-11-09T21:33:30.500Z,2024-11-09T21:34:54.500Z,500,420,0,-80',
    )
    wrong = wrong.replace(",1000,,865,-135", ",1100,,865,-235")
    result = reconcile(parse_ledger(wrong), pokernow.read_events(LOG), final_stacks=FINAL)
    assert not result.ok and result.balance == 0
    assert result.problems == (
        "EEEEEEEEEE: ledger buy_out 420 (line 3) has no quit line in the log",
        "EEEEEEEEEE: quit with 320 in the log, not in the ledger",
        "BBBBBBBBBB: ledger buy-in 1100, log approvals and stack updates 1000",
    )


def test_without_final_stacks_an_open_session_is_checked_against_a_later_quit() -> None:
    result = reconcile(parse_ledger(LEDGER.replace(",,3090,90", ",,3000,0")), pokernow.read_events(LOG))
    assert result.problems == ()  # nothing in the log contradicts an open session
    result = reconcile(parse_ledger(LEDGER), pokernow.read_events(LOG), final_stacks={**FINAL, "DDDDDDDDDD": 3000})
    assert result.problems == ("DDDDDDDDDD: ledger stack 3090 (line 4), log final stack 3000",)


def test_a_bad_ledger_row_is_a_parse_error_with_its_line() -> None:
    with pytest.raises(ParseError) as caught:
        parse_ledger(LEDGER.replace(",1000,,900,-100", ",lots,,900,-100"), file="ledger.csv")
    assert str(caught.value) == "ledger.csv:2: pokernow-ledger: expected an integer buy_in, found 'lots'"


def test_sniff_ledger() -> None:
    assert sniff_ledger(LEDGER) and not sniff_ledger(LOG)
