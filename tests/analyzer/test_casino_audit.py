"""The settlement audit of a whole session, its margins, the one-call report, and the CLI."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from analyzer.casino import report_bytes, report_files
from analyzer.casino.audit import BetAudit
from analyzer.casino.margins import margins
from analyzer.casino.odds import Quote, Status
from analyzer.casino.outcomes import SHIPPED_NAMES, Outcome, load_outcomes
from analyzer.casino.settle import Settled
from analyzer.cli import cli
from analyzer.i18n import render
from parsers.casino import CasinoBet, read_file, write

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories" / "casino"
PLANTED = {
    "b-wrong-loss": ["WRONG_PAYOUT"],
    "b-wrong-win": ["WRONG_PAYOUT"],
    "b-wrong-split": ["WRONG_PAYOUT"],
    "b-cancel-paid": ["WRONG_PAYOUT"],
    "b-decided": ["BET_ON_DECIDED"],
}


def sample_report():  # type: ignore[no-untyped-def]
    return report_files([read_file(SAMPLES / "session.jsonl")])


def test_the_sample_session_finds_exactly_the_planted_mistakes() -> None:
    report = sample_report()
    found = {b.bet.bet_id: [p.code.value for p in b.problems] for b in report.audit.bets if b.problems}
    assert found == PLANTED
    assert all(not d.problems for d in report.audit.draws)
    s = report.summary()
    assert (s.draws, s.cancelled, s.bets, s.ok, s.violation, s.wrong_payouts, s.rejected) == (11, 1, 46, 41, 5, 4, 0)


def test_the_sample_split_and_the_cancelled_draw_settle_per_the_seed() -> None:
    """C-SPLIT and C-REFUND on the sample: the split bet is paid, the cancelled draw's stakes refunded."""
    bets = {b.bet.bet_id: b for b in sample_report().audit.bets}
    assert bets["b-split-split"].settled is Settled.WON and bets["b-split-split"].owed == 6750
    assert bets["b-split-player"].settled is Settled.LOST and bets["b-wrong-split"].owed == 0
    assert [bets[i].settled for i in ("b-cancel-1", "b-cancel-paid")] == [Settled.REFUNDED, Settled.REFUNDED]
    assert bets["b-cancel-paid"].owed == 500 and bets["b-cancel-paid"].bet.paid == 1050


def test_csv_and_json_lines_give_the_same_audit() -> None:
    from_csv = report_files([read_file(SAMPLES / "draws.csv"), read_file(SAMPLES / "bets.csv")])
    from_jsonl = sample_report()
    assert [(b.bet.bet_id, b.owed, b.settled, b.verdict) for b in from_csv.audit.bets] == [
        (b.bet.bet_id, b.owed, b.settled, b.verdict) for b in from_jsonl.audit.bets
    ]
    assert from_csv.margins == from_jsonl.margins


def test_sample_margins_per_round_are_at_least_the_margin_the_odds_were_cut_by() -> None:
    """The sample's odds are the fair odds less 5-8% a round, rounded down: the margin is at least that
    (the hand-priced split and cancel bets aside, which rounds 1-2 hold)."""
    rows = {(m.round, m.outcome): m for m in sample_report().margins}
    assert rows[(None, None)].bets == 43  # 46 less the two refunded and the one on a decided outcome
    for round, least in ((3, Fraction(6, 100)), (4, Fraction(7, 100)), (5, Fraction(8, 100))):
        margin = rows[(round, None)].margin
        assert margin is not None and margin >= least


def test_a_margin_is_one_less_the_stake_weighted_fair_return() -> None:
    """Two bets: 10.00 at 1.90 on p = 1/2 and 30.00 at 3.00 on p = 1/4: expected back 9.50 + 22.50 of 40.00."""

    def priced(bet_id: str, stake: int, odds: str, p: Fraction, paid: int) -> BetAudit:
        bet = CasinoBet(bet_id, "d", 2, "player", stake, Decimal(odds), paid)
        quote = Quote("player", "Player wins", p, Status.OPEN)
        return BetAudit(bet, None, Settled.WON if paid else Settled.LOST, paid, quote, False, ())

    rows = margins([priced("a", 1000, "1.90", Fraction(1, 2), 1900), priced("b", 3000, "3.00", Fraction(1, 4), 0)])
    session = rows[0]
    assert (session.round, session.outcome, session.bets, session.stake) == (None, None, 2, 4000)
    assert session.fair_return == 3200 and session.margin == Fraction(1, 5) and session.hold == Fraction(21, 40)


def test_report_bytes_is_the_one_call_a_page_needs() -> None:
    data = (SAMPLES / "session.jsonl").read_bytes()
    report = report_bytes([("upload.jsonl", data), ("junk.csv", b"nothing,here\n1,2\n")])
    assert report.summary().wrong_payouts == 4 and report.summary().files == 2
    assert [r.line for r in report.rejected] == [1, 2] and not report.is_fine


def test_cli_audit_prints_each_problem_and_exits_one() -> None:
    result = CliRunner().invoke(cli, ["casino", "audit", str(SAMPLES / "session.jsonl")])
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert sum(": WRONG_PAYOUT: " in line for line in lines) == 4
    assert any(line.split()[:2] == ["session", "43"] for line in lines)
    assert any(line.split()[:1] == ["round"] for line in lines) and any("winning-two-pair" in line for line in lines)
    assert lines[-1].startswith("11 draws (1 cancelled), 46 bets: 41 ok, 0 warn, 5 violation, 0 unreadable")


def test_cli_audit_json_has_a_line_per_draw_and_bet_then_margins_and_summary() -> None:
    result = CliRunner().invoke(cli, ["casino", "audit", "--json", str(SAMPLES / "session.jsonl")])
    rows = [json.loads(line) for line in result.output.splitlines()]
    kinds = [next(iter(r)) for r in rows]
    assert kinds == ["draw"] * 11 + ["bet"] * 46 + ["margins", "summary"]
    split = next(r["draw"] for r in rows if "draw" in r and r["draw"]["draw_id"] == "d-split")
    assert split["result"] == "split" and split["verdict"] == "ok"
    decided = next(r["bet"] for r in rows if "bet" in r and r["bet"]["bet_id"] == "b-decided")
    assert (
        decided["status"] == "lost" and decided["fair_odds"] is None and decided["problems"][0]["rule"] == "C-DECIDED"
    )
    assert rows[-1]["summary"]["wrong_payouts"] == 4


def test_cli_audit_exits_zero_on_a_clean_session(tmp_path: Path) -> None:
    session = read_file(SAMPLES / "session.jsonl")
    clean_bets = [b for b in sample_report().audit.bets if not b.problems]
    path = tmp_path / "clean.jsonl"
    path.write_text(write([*session.draws, *(b.bet for b in clean_bets)]))
    result = CliRunner().invoke(cli, ["casino", "audit", str(path)])
    assert result.exit_code == 0, result.output


def test_cli_audit_exits_two_when_nothing_is_readable(tmp_path: Path) -> None:
    path = tmp_path / "empty.csv"
    path.write_text("colour,size\nred,2\n")
    result = CliRunner().invoke(cli, ["casino", "audit", str(path)])
    assert result.exit_code == 2 and "no draw or bet read from" in result.output


def test_cli_odds_quotes_every_outcome_with_its_status() -> None:
    result = CliRunner().invoke(cli, ["casino", "odds", "--player", "Kh 8h", "--board", "Ah 7h 6h Qs Tc", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["round"], data["deals"]) == (5, 406)
    quotes = {q["outcome"]: q for q in data["quotes"]}
    assert quotes["player-flush-or-better"]["status"] == "won" and quotes["player-flush-or-better"]["fair_odds"] is None
    assert sum(Fraction(quotes[o]["probability"]) for o in ("player", "dealer", "split")) == 1


def test_cli_odds_refuses_a_board_without_player_cards() -> None:
    result = CliRunner().invoke(cli, ["casino", "odds", "--board", "Ah 7h 6h"])
    assert result.exit_code == 2 and "expected two Player cards with a board" in result.output


def test_every_casino_command_has_an_example() -> None:
    for args in (["casino", "--help"], ["casino", "audit", "--help"], ["casino", "odds", "--help"]):
        assert "Example:" in CliRunner().invoke(cli, args).output


def test_a_bet_explanation_is_rendered_in_the_readers_language() -> None:
    """A casino problem is a message, not an English string: German and Spanish words, the locale's
    decimal comma, German B and D for jack and queen; English as before."""
    wrong = next(b for b in sample_report().audit.bets if b.bet.bet_id == "b-wrong-loss").problems[0]
    assert render(wrong.message, "en") == (
        'bet b-wrong-loss: "Player wins", round 2, 2.00 at 2.06: paid 0.00 but owed 4.12; "Player wins" won (the '
        "Player won with Two pair, tens and sevens: 10♥ 10♦ 7♠ 7♦ A♥ against the Dealer's One pair, sevens: "
        "7♠ 7♦ A♥ J♠ 10♥): 2.00 x 2.06 = 4.12"
    )
    assert render(wrong.message, "de") == (
        "Wette b-wrong-loss: „Spieler gewinnt“, Runde 2, 2,00 zur Quote 2,06: 0,00 ausgezahlt, geschuldet 4,12; "
        "„Spieler gewinnt“ hat gewonnen (der Spieler gewann mit Zwei Paare, Zehnen und Siebenen: 10♥ 10♦ 7♠ 7♦ A♥ "
        "gegen Paar, Siebenen: 7♠ 7♦ A♥ B♠ 10♥ des Dealers): 2,00 × 2,06 = 4,12"
    )
    assert render(wrong.message, "es").startswith("apuesta b-wrong-loss: «Gana el Jugador», ronda 2, 2,00 a cuota 2,06")


def test_the_shipped_outcome_names_are_marked_for_the_catalogs() -> None:
    """Every outcome of outcomes.toml is shown in the reader's language; a user's own name as written."""
    shipped = load_outcomes()
    assert {o.name for o in shipped.outcomes} == SHIPPED_NAMES
    assert render(shipped.outcomes[0].title, "de") == "Spieler gewinnt"
    assert Outcome("mine", "Meine Wette", result="player").title == "Meine Wette"


def test_cli_audit_in_german_translates_the_margin_table_and_the_summary() -> None:
    result = CliRunner().invoke(cli, ["--lang", "de", "casino", "audit", str(SAMPLES / "session.jsonl")])
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert lines[-1].startswith("11 Ziehungen (1 abgebrochen), 46 Wetten: 41 in Ordnung, 0 Warnung, 5 Verstoß")
    assert any(line.split()[:3] == ["Sitzung", "43", "6,18"] for line in lines)
