"""Casino game (seed 003): a session of draws and bets: the settlement audit and the margin per round."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from analyzer.casino import CasinoReport, report_bytes
from analyzer.errors import AnalyzerError
from analyzer.i18n import _, f_
from analyzer.i18n import render as say
from dashboards import context
from dashboards.show import columns, md, money, verdict_label
from parsers.errors import HandHistoryError

UPLOADER = "casino_upload"
FILES = "casino_files"  # tuple[(name, bytes)] of the uploaded session
SAMPLE = Path(__file__).resolve().parents[2] / "sample_histories" / "casino" / "session.jsonl"


def take_uploads() -> None:
    files = st.session_state.get(UPLOADER) or []
    st.session_state[FILES] = tuple((f.name, f.getvalue()) for f in files)


@st.cache_resource(show_spinner=False, max_entries=8)
def casino_report(key: tuple[tuple[str, int, int], ...], _files: tuple[tuple[str, bytes], ...]) -> CasinoReport:
    """The audit and margins of a session (cached by file names, sizes and hashes)."""
    return report_bytes(_files)


def percent(value: object) -> str:
    return "" if value is None else f"{100 * float(value):.2f}%"  # type: ignore[arg-type]


def render() -> None:
    lang = context.current().lang
    st.title(_("Casino game: 6+ Poker"))
    st.caption(
        _(
            "A session of the live-dealer betting game (seed 003): every draw re-checked, every bet "
            "settled, the margin per round."
        )
    )
    st.file_uploader(
        _("Drop a session: draws and bets as JSON Lines or CSV"),
        type=["jsonl", "csv", "json", "txt"],
        accept_multiple_files=True,
        key=UPLOADER,
        on_change=take_uploads,
    )
    files = st.session_state.get(FILES) or ()
    if not files:
        if not SAMPLE.is_file():
            st.info(_("No session yet: drop its files above."))
            return
        files = ((SAMPLE.name, SAMPLE.read_bytes()),)
        st.caption(_("Showing the sample session."))
    key = tuple((name, len(data), hash(data)) for name, data in files)
    try:
        report = casino_report(key, files)
    except (HandHistoryError, AnalyzerError) as error:
        st.error(md(str(error)))
        return
    summary(report, lang)
    margins(report, lang)
    bets(report, lang)
    draws(report, lang)


def summary(report: CasinoReport, lang: str) -> None:
    s = report.summary()
    decimals = report.audit.bets[0].bet.decimals if report.audit.bets else 2
    line = f_(
        "{draws} draws, {bets} bets: {ok} ok, {problems} with problems ({wrong} wrong payouts), "
        "{rejected} lines not read",
        draws=s.draws,
        bets=s.bets,
        ok=s.ok,
        wrong=s.wrong_payouts,
        problems=s.violation + s.warn + s.unreadable,
        rejected=s.rejected,
    )
    (st.success if report.is_fine else st.error)(line)
    cols = st.columns(4)
    cols[0].metric(_("Staked"), money(s.stake, decimals))
    cols[1].metric(_("Paid"), money(s.paid, decimals))
    cols[2].metric(_("Owed"), money(s.owed, decimals))
    cols[3].metric(_("Expected margin"), percent(s.margin))
    for rejected in report.rejected:
        st.warning(md(rejected.message))


def margins(report: CasinoReport, lang: str) -> None:
    st.subheader(_("Margin per round"))
    rounds = [m for m in report.margins if m.round is not None and m.outcome is None]
    if not rounds:
        st.caption(_("No priced bets."))
        return
    labels = [f_("round {n}", n=m.round or 0) for m in rounds]
    fig = go.Figure()
    fig.add_bar(name=_("expected margin"), x=labels, y=[100 * float(m.margin or 0) for m in rounds])
    fig.add_bar(name=_("hold as paid"), x=labels, y=[100 * float(m.hold or 0) for m in rounds])
    fig.add_bar(name=_("hold as owed"), x=labels, y=[100 * float(m.owed_hold or 0) for m in rounds])
    fig.update_layout(barmode="group", height=320, yaxis_title="%", margin={"l": 10, "r": 10, "t": 30, "b": 10})
    st.plotly_chart(fig, key="casino_chart")
    decimals = report.audit.bets[0].bet.decimals if report.audit.bets else 2
    rows = [
        {
            "round": str(m.round) if m.round is not None else _("all"),
            "outcome": m.outcome or "",
            "bets": m.bets,
            "stake": money(m.stake, decimals),
            "paid": money(m.paid, decimals),
            "owed": money(m.owed, decimals),
            "margin": percent(m.margin),
            "hold": percent(m.hold),
        }
        for m in report.margins
        if m.outcome is None
    ]
    st.dataframe(pd.DataFrame(rows), hide_index=True, key="casino_margins")


def bets(report: CasinoReport, lang: str) -> None:
    st.subheader(_("Bets"))
    rows = [
        {
            "bet": b.bet.bet_id,
            "draw": b.bet.draw_id,
            "round": b.bet.round,
            "outcome": b.bet.outcome,
            "stake": money(b.bet.stake, b.bet.decimals),
            "odds": str(b.bet.odds),
            "paid": money(b.bet.paid, b.bet.decimals),
            "owed": money(b.owed, b.bet.decimals),
            "verdict": verdict_label(b.verdict.value),
            "problems": " ".join(p.code.value for p in b.problems),
        }
        for b in report.audit.bets
    ]
    st.dataframe(pd.DataFrame(rows), hide_index=True, key="casino_bets")
    for b in report.audit.bets:
        for p in b.problems:
            st.markdown(f"- {verdict_label(p.verdict.value)} `{p.code.value}` {md(p.rule or '')}: {md(say(p.message))}")


def draws(report: CasinoReport, lang: str) -> None:
    st.subheader(_("Draws"))
    rows = [
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
    st.dataframe(columns(pd.DataFrame(rows), lang), hide_index=True, key="casino_draws")
