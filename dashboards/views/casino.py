"""Casino game (seed 003): a session of draws and bets: the settlement audit and the margin per round.

Widgets (the upload), the cached report, one call (:func:`dashboards.viewmodel.casino.casino_view`), the layout."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from analyzer.errors import AnalyzerError
from analyzer.i18n import _
from dashboards import cache
from dashboards.show import columns, md
from dashboards.viewmodel import casino as vm
from parsers.errors import HandHistoryError

UPLOADER = "casino_upload"
FILES = "casino_files"  # tuple[(name, bytes)] of the uploaded session
SAMPLE = Path(__file__).resolve().parents[2] / "sample_histories" / "casino" / "session.jsonl"


def take_uploads() -> None:
    files = st.session_state.get(UPLOADER) or []
    st.session_state[FILES] = tuple((f.name, f.getvalue()) for f in files)


def render() -> None:
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
        report = cache.casino_report(key, files)
    except (HandHistoryError, AnalyzerError) as error:
        st.error(md(str(error)))
        return
    show(vm.casino_view(report))


def show(view: vm.CasinoView) -> None:
    s = view.summary
    (st.success if s.fine else st.error)(s.line)
    for col, (label, value) in zip(st.columns(len(s.metrics)), s.metrics, strict=True):
        col.metric(label, value)
    for rejected in s.rejected:
        st.warning(md(rejected))
    st.subheader(_("Margin per round"))
    if view.chart is None:
        st.caption(_("No priced bets."))
    else:
        fig = go.Figure()
        for name, values in view.chart.bars:
            fig.add_bar(name=name, x=list(view.chart.labels), y=list(values))
        fig.update_layout(barmode="group", height=320, yaxis_title="%", margin={"l": 10, "r": 10, "t": 30, "b": 10})
        st.plotly_chart(fig, key="casino_chart")
        st.dataframe(columns(pd.DataFrame(view.margins)), hide_index=True, key="casino_margins")
    st.subheader(_("Bets"))
    st.dataframe(columns(pd.DataFrame(view.bets)), hide_index=True, key="casino_bets")
    for p in view.problems:
        st.markdown(f"- {p.verdict} `{p.code}` {md(p.rule)}: {md(p.message)}")
    st.subheader(_("Draws"))
    st.dataframe(columns(pd.DataFrame(view.draws)), hide_index=True, key="casino_draws")
