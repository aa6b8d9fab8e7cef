"""The Casino page without Streamlit: a session's summary, the margin per round, the bets, the
draws, each as the page shows it (:func:`casino_view`: one call).

The casino's problems and its rejected lines are shown through :func:`analyzer.i18n.render`,
which renders a lazy message in the language in force and passes a plain string through as
it is, so the page reads either.

>>> percent(None), percent(0.0123)
('', '1.23%')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from analyzer.casino import CasinoReport
from analyzer.i18n import _, f_, number, render
from dashboards.show import money, verdict_label

DECIMALS = 2  # a session without bets


def percent(value: Fraction | float | None) -> str:
    """A share as a percentage with two places (the locale's decimal sign); ``''`` for none."""
    return "" if value is None else number(100 * float(value), ".2f") + "%"


@dataclass(frozen=True, slots=True)
class Summary:
    line: str  # draws, bets, how many ok and with problems
    fine: bool
    metrics: tuple[tuple[str, str], ...]  # (label, value): staked, paid, owed, the margin
    rejected: tuple[str, ...]  # the lines not read, each with its file and line


@dataclass(frozen=True, slots=True)
class MarginChart:
    labels: tuple[str, ...]  # one a round
    bars: tuple[tuple[str, tuple[float, ...]], ...]  # (name, percent a round)


@dataclass(frozen=True, slots=True)
class ProblemLine:
    verdict: str  # the label, with its icon
    code: str
    rule: str
    message: str  # in the language in force (from the casino: escape)


@dataclass(frozen=True, slots=True)
class CasinoView:
    summary: Summary
    chart: MarginChart | None  # None: no priced bets
    margins: list[dict[str, object]]
    bets: list[dict[str, object]]
    problems: tuple[ProblemLine, ...]  # each bet's problems
    draws: list[dict[str, object]]


def decimals_of(report: CasinoReport) -> int:
    return report.audit.bets[0].bet.decimals if report.audit.bets else DECIMALS


def summary(report: CasinoReport) -> Summary:
    s = report.summary()
    d = decimals_of(report)
    return Summary(
        line=f_(
            "{draws} draws, {bets} bets: {ok} ok, {problems} with problems ({wrong} wrong payouts), "
            "{rejected} lines not read",
            draws=s.draws,
            bets=s.bets,
            ok=s.ok,
            wrong=s.wrong_payouts,
            problems=s.violation + s.warn + s.unreadable,
            rejected=s.rejected,
        ),
        fine=report.is_fine,
        metrics=(
            (_("Staked"), money(s.stake, d)),
            (_("Paid"), money(s.paid, d)),
            (_("Owed"), money(s.owed, d)),
            (_("Expected margin"), percent(s.margin)),
        ),
        rejected=tuple(render(r.message) for r in report.rejected),
    )


def margin_chart(report: CasinoReport) -> MarginChart | None:
    """The expected margin and the hold (as paid, as owed) of each round, in percent."""
    rounds = [m for m in report.margins if m.round is not None and m.outcome is None]
    if not rounds:
        return None
    return MarginChart(
        labels=tuple(f_("round {n}", n=m.round or 0) for m in rounds),
        bars=(
            (_("expected margin"), tuple(100 * float(m.margin or 0) for m in rounds)),
            (_("hold as paid"), tuple(100 * float(m.hold or 0) for m in rounds)),
            (_("hold as owed"), tuple(100 * float(m.owed_hold or 0) for m in rounds)),
        ),
    )


def margin_rows(report: CasinoReport) -> list[dict[str, object]]:
    """Each round's bets, stake, paid and owed, margin and hold; the session as "all"."""
    d = decimals_of(report)
    return [
        {
            "round": str(m.round) if m.round is not None else _("all"),
            "outcome": m.outcome or "",
            "bets": m.bets,
            "staked": money(m.stake, d),
            "paid": money(m.paid, d),
            "owed": money(m.owed, d),
            "margin": percent(m.margin),
            "hold": percent(m.hold),
        }
        for m in report.margins
        if m.outcome is None
    ]


def bet_rows(report: CasinoReport) -> list[dict[str, object]]:
    return [
        {
            "bet": b.bet.bet_id,
            "draw": b.bet.draw_id,
            "round": b.bet.round,
            "outcome": b.bet.outcome,
            "staked": money(b.bet.stake, b.bet.decimals),
            "odds": str(b.bet.odds),
            "paid": money(b.bet.paid, b.bet.decimals),
            "owed": money(b.owed, b.bet.decimals),
            "verdict": verdict_label(b.verdict.value),
            "problems": " ".join(p.code.value for p in b.problems),
        }
        for b in report.audit.bets
    ]


def bet_problems(report: CasinoReport) -> tuple[ProblemLine, ...]:
    """Every problem of every bet, in the bets' order."""
    return tuple(
        ProblemLine(verdict_label(p.verdict.value), p.code.value, p.rule or "", render(p.message))
        for b in report.audit.bets
        for p in b.problems
    )


def draw_rows(report: CasinoReport) -> list[dict[str, object]]:
    return [
        {
            "draw": d.draw.draw_id,
            "status": d.draw.status.value,
            "player": " ".join(d.draw.player),
            "dealer": " ".join(d.draw.dealer),
            "board": " ".join(d.draw.board),
            "result": d.draw.result.value if d.draw.result else "",
            "verdict": verdict_label(d.verdict.value),
            "problems": " ".join(p.code.value for p in d.problems),
        }
        for d in report.audit.draws
    ]


def casino_view(report: CasinoReport) -> CasinoView:
    """Everything the Casino page shows of a session."""
    return CasinoView(
        summary=summary(report),
        chart=margin_chart(report),
        margins=margin_rows(report),
        bets=bet_rows(report),
        problems=bet_problems(report),
        draws=draw_rows(report),
    )
