"""``sixplus casino audit FILE...`` and ``sixplus casino odds``: the 6+ Poker betting game (seed 003)."""

from __future__ import annotations

import json
from dataclasses import asdict
from fractions import Fraction
from typing import Any

import click

from analyzer.casino.audit import BetAudit, CasinoProblem, DrawAudit
from analyzer.casino.margins import MarginRow
from analyzer.casino.odds import as_decimal, quotes, state_of
from analyzer.casino.outcomes import load_outcomes
from analyzer.casino.report import RULES, CasinoReport, casino_ranking, report_files
from analyzer.cli.errors import EXIT_OK, EXIT_PROBLEMS, fail, user_errors
from analyzer.cli.helptext import HelpGroup
from analyzer.i18n import N_, _, f_, fn_, msg, nmsg, number, pgettext, render
from analyzer.ruleset import load_rules
from parsers.casino import read_file

CASINO_HELP = N_(
    'The "6+ Poker" live-dealer betting game (seed 003): settle bets again, and price the odds.\n'
    "\n"
    "Example: sixplus casino audit sample_histories/casino/session.jsonl"
)


@click.group("casino", cls=HelpGroup, help=CASINO_HELP)
def command() -> None:
    pass


def _ratio(value: Fraction | None, places: int = 6) -> float | None:
    return None if value is None else float(as_decimal(value, places))


def _problem(p: CasinoProblem) -> dict[str, Any]:
    return {"code": p.code.value, "verdict": p.verdict.value, "rule": p.rule, "message": render(p.message)}


def _draw_json(a: DrawAudit) -> dict[str, Any]:
    d, s = a.draw, a.showdown
    return {
        "draw_id": d.draw_id,
        "source": d.source.file,
        "line": d.source.line,
        "status": d.status.value,
        "player": list(d.player),
        "dealer": list(d.dealer),
        "board": list(d.board),
        "announced": d.result.value if d.result else None,
        "result": s.result.value if s else None,
        "player_hand": s.player.describe() if s else None,
        "dealer_hand": s.dealer.describe() if s else None,
        "decided_by": s.rule if s else None,
        "verdict": a.verdict.value,
        "problems": [_problem(p) for p in a.problems],
    }


def _bet_json(a: BetAudit) -> dict[str, Any]:
    b, q = a.bet, a.quote
    return {
        "bet_id": b.bet_id,
        "draw_id": b.draw_id,
        "source": b.source.file,
        "line": b.source.line,
        "round": b.round,
        "outcome": b.outcome,
        "stake": b.stake,
        "odds": str(b.odds),
        "paid": b.paid,
        "owed": a.owed,
        "decimals": b.decimals,
        "settled": a.settled.value if a.settled else None,
        "probability": _ratio(q.probability) if q else None,
        "fair_odds": str(as_decimal(q.fair_odds)) if q and q.fair_odds else None,
        "status": q.status.value if q else None,
        "edge": _ratio(a.edge),
        "verdict": a.verdict.value,
        "problems": [_problem(p) for p in a.problems],
    }


def _margin_json(m: MarginRow) -> dict[str, Any]:
    return {
        "round": m.round,
        "outcome": m.outcome,
        "bets": m.bets,
        "stake": m.stake,
        "paid": m.paid,
        "owed": m.owed,
        "margin": _ratio(m.margin),
        "hold": _ratio(m.hold),
        "owed_hold": _ratio(m.owed_hold),
    }


def _percent(value: Fraction | None) -> str:
    """A share as a percentage with two decimals, in the locale's way: ``12.34%``, ``12,34 %``."""
    return "-" if value is None else pgettext("percent", "{value}%").format(value=number(float(value) * 100, ".2f"))


def _print_text(report: CasinoReport) -> None:
    for r in report.rejected:
        click.echo(f"{r.file}:{r.line}: REJECTED {r.code.value}: {render(r.message)}")
    for d in report.audit.draws:
        for p in d.problems:
            click.echo(f"{d.draw.source.file}:{d.draw.source.line}: {p.code.value}: {render(p.message)}")
    for b in report.audit.bets:
        for p in b.problems:
            click.echo(f"{b.bet.source.file}:{b.bet.source.line}: {p.code.value}: {render(p.message)}")
    click.echo("\n" + _("margin of the offered odds (expected, stake-weighted) and hold (kept, as paid):"))
    bets, margin, hold = pgettext("column", "bets"), pgettext("column", "margin"), pgettext("column", "hold")
    click.echo(f"  {'':<34} {bets:>6} {margin:>8} {hold:>8}")
    for m in report.margins:
        if m.round is None or m.outcome is None:  # the session, each round, each outcome
            label = m.outcome or (_("session") if m.round is None else f_("round {n}", n=m.round))
            click.echo(f"  {label:<34} {m.bets:>6} {_percent(m.margin):>8} {_percent(m.hold):>8}")
    s = report.summary()
    line = msg(
        "{draws} ({cancelled} cancelled), {bets}: {ok} ok, {warn} warn, {violation} violation, "
        "{unreadable} unreadable; {wrong} paid wrongly; {rejected}; rules {rules}",
        draws=nmsg("{n} draw", "{n} draws", s.draws),
        cancelled=s.cancelled,
        bets=nmsg("{n} bet", "{n} bets", s.bets),
        ok=s.ok,
        warn=s.warn,
        violation=s.violation,
        unreadable=s.unreadable,
        wrong=s.wrong_payouts,
        rejected=nmsg("{n} line rejected", "{n} lines rejected", s.rejected),
        rules=s.rules,
    )
    click.echo("\n" + render(line))


AUDIT_HELP = N_(
    "Re-check every draw and settle every bet again; report each bet paid wrongly, with the\n"
    "reason, and the margin of the offered odds per round. Exit 1 when anything is wrong.\n"
    "\n"
    "Files are casino JSON Lines (draws and bets) or CSV (a draw table, a bet table).\n"
    "\n"
    "Example: sixplus casino audit draws.csv bets.csv --json"
)


@command.command("audit", help=AUDIT_HELP)
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--outcomes", "outcomes_file", default=None, help=N_("An outcome TOML file (default: the shipped one)."))
@click.option("--rules", default=RULES, show_default=True, help=N_("A rule-set preset or TOML file."))
@click.option("--decimals", default=2, show_default=True, help=N_("Decimals of the currency, for CSV amounts."))
@click.option("--json", "as_json", is_flag=True, help=N_("One JSON object a line: draws, bets, margins, summary."))
def audit(files: tuple[str, ...], outcomes_file: str | None, rules: str, decimals: int, as_json: bool) -> None:
    with user_errors():
        read = [read_file(f, decimals=decimals) for f in files]
        if not any(f.draws or f.bets for f in read):
            first = next((r for f in read for r in f.rejected), None)
            fail(
                f_(
                    "no draw or bet read from {files}; first rejection: {first}",
                    files=", ".join(files),
                    first=str(first),
                )
                if first
                else f_("no draw or bet read from {files}", files=", ".join(files))
            )
        report = report_files(read, outcomes=outcomes_file, rules=rules)
    if as_json:
        for r in report.rejected:
            click.echo(
                json.dumps({"rejected": {"file": r.file, "line": r.line, "code": r.code.value, "message": r.message}})
            )
        for d in report.audit.draws:
            click.echo(json.dumps({"draw": _draw_json(d)}, ensure_ascii=False))
        for b in report.audit.bets:
            click.echo(json.dumps({"bet": _bet_json(b)}, ensure_ascii=False))
        click.echo(json.dumps({"margins": [_margin_json(m) for m in report.margins]}))
        s = report.summary()
        summary = asdict(s)
        summary["margin"] = _ratio(s.margin)
        click.echo(json.dumps({"summary": summary}))
    else:
        _print_text(report)
    raise SystemExit(EXIT_OK if report.is_fine else EXIT_PROBLEMS)


ODDS_HELP = N_(
    "Exact probability and fair odds of every outcome at one moment of a draw, by enumerating\n"
    "every Dealer hand and every board still possible (C-ODDS); decided outcomes have no odds.\n"
    "\n"
    'Example: sixplus casino odds --player "As Kd" --board "Ah 7h 6h"'
)


@command.command("odds", help=ODDS_HELP)
@click.option("--player", default="", help=N_("The Player's two cards (none: before the deal)."))
@click.option("--board", default="", help=N_("The board so far: 3, 4 or 5 cards."))
@click.option("--burned", default="", help=N_("Cards burned face up earlier (out of the deck)."))
@click.option("--outcomes", "outcomes_file", default=None, help=N_("An outcome TOML file (default: the shipped one)."))
@click.option("--rules", default=RULES, show_default=True, help=N_("A rule-set preset or TOML file."))
@click.option("--json", "as_json", is_flag=True, help=N_("One JSON object."))
def odds(player: str, board: str, burned: str, outcomes_file: str | None, rules: str, as_json: bool) -> None:
    with user_errors():
        state = state_of(player, board, burned)
        table = load_outcomes(outcomes_file)
        ranking = casino_ranking(load_rules(rules))
        result = quotes(state, table, ranking)
    if as_json:
        rows = [
            {
                "outcome": q.outcome,
                "name": q.name,
                "probability": f"{q.probability.numerator}/{q.probability.denominator}",
                "probability_decimal": _ratio(q.probability, 9),
                "fair_odds": str(as_decimal(q.fair_odds)) if q.fair_odds else None,
                "status": q.status.value,
            }
            for q in result.quotes
        ]
        cards = {"player": [c.text for c in state.player], "board": [c.text for c in state.board]}
        head = {"round": state.round, **cards, "burned": [c.text for c in state.dead], "deals": result.deals}
        click.echo(json.dumps({**head, "quotes": rows}, ensure_ascii=False))
        return
    click.echo(
        fn_(
            "{state}: {n} deal, each equally likely",
            "{state}: {n} deals, each equally likely",
            result.deals,
            state=state.words(),
        )
    )
    status = {"won": pgettext("outcome", "won"), "lost": pgettext("outcome", "lost")}
    for q in result.quotes:
        fair = number(as_decimal(q.fair_odds), "f") if q.fair_odds else status.get(q.status.value, q.status.value)
        click.echo(f"  {q.outcome:<34} {number(float(q.probability), '>9.6f')}  {fair:>9}")
