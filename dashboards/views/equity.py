"""Equity: ranges in the usual notation against each other, both decks and both short-deck
rankings, with a board and dead cards; exact by enumeration where it fits, else a seeded
Monte Carlo with its error bar (the page says which). Widgets, one call
(:func:`analyzer.equity.views.range_table`), the table."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from analyzer.equity.views import EquityTable
from analyzer.errors import AnalyzerError
from analyzer.i18n import _
from dashboards import cache
from dashboards.show import md

RANKING = "equity_ranking"
RANGES = "equity_ranges"
BOARD = "equity_board"
DEAD = "equity_dead"
SAMPLES = "equity_samples"
SEED = "equity_seed"
RANKINGS = ("straight-over-trips", "trips-over-straight", "standard")


def ranking_label(name: str) -> str:
    return {
        "straight-over-trips": _("Short deck (36 cards), straight beats trips"),
        "trips-over-straight": _("Short deck (36 cards), trips beat a straight"),
        "standard": _("Hold'em (52 cards)"),
    }[name]


def render() -> None:
    st.title(_("Equity"))
    st.caption(
        _(
            "One range a line: QQ+, AKs, A9s-A6s, T9o, AsKd, random (commas join tokens). "
            "Exact by enumeration where every matchup's run-outs fit, else a seeded Monte Carlo with its error."
        )
    )
    state = st.session_state
    state.setdefault(RANGES, "QQ+, AK\nrandom")
    left, right = st.columns([2, 1])
    with left:
        ranking = st.selectbox(_("Deck and ranking"), RANKINGS, format_func=ranking_label, key=RANKING)
        text = st.text_area(_("Ranges (one a line)"), key=RANGES, height=120)
    with right:
        board = st.text_input(_("Board (0 to 5 cards)"), key=BOARD, placeholder="Qh 9h 6c")
        dead = st.text_input(_("Dead cards"), key=DEAD)
        samples = st.number_input(_("Monte Carlo deals"), 500, 200_000, 5_000, step=500, key=SAMPLES)
        seed = st.number_input(_("Seed"), 0, 2**31 - 1, 1, key=SEED)
    ranges = tuple(line.strip() for line in text.splitlines() if line.strip())
    try:
        with st.spinner(_("Computing…")):
            table = cache.equity(ranges, board, dead, ranking, int(samples), int(seed))
    except AnalyzerError as error:
        st.error(md(str(error)))
        return
    show(table)


def show(table: EquityTable) -> None:
    frame = pd.DataFrame(
        [{_("range"): row.text, _("combinations"): row.combos, _("equity"): row.percent} for row in table.rows]
    )
    st.dataframe(frame, hide_index=True, key="equity_table")
    if table.exact:
        st.success(md(table.method))
    else:
        st.warning(md(table.method))
