"""Players: statistics with their sample sizes, results over the hands, by position and by session."""

from __future__ import annotations

import pandas as pd
import polars as pl
import streamlit as st

from analyzer.stats.query import RATES, rate
from dashboards import context, data, stores
from dashboards.show import columns
from dashboards.strings import tr

PLAYER = "players_player"
ALL = ""


def rate_text(done: int, chances: int) -> str:
    """A rate with its sample: ``'25.0% (3/12)'``; ``'– (0/0)'`` without chances.

    >>> rate_text(3, 12), rate_text(0, 0)
    ('25.0% (3/12)', '– (0/0)')
    """
    value = rate(done, chances)
    return f"{'–' if value is None else f'{value:.1f}%'} ({done}/{chances})"


def money_value(amount: float | None, decimals: int) -> str:
    if amount is None:
        return ""
    value = amount / 10**decimals
    return f"{value:,.{decimals}f}"


def stats_rows(frame: pl.DataFrame, keys: tuple[str, ...]) -> pd.DataFrame:
    """The summary's rows for reading: money in units, each rate with its counts, win rates per 100 hands."""
    rows = []
    for r in frame.iter_rows(named=True):
        d = int(r["decimals"])
        row: dict[str, object] = {k: r[k] for k in keys}
        row["hands"] = r["hands"]
        row["currency"] = r["currency"]
        row["net"] = money_value(r["net"], d)
        row["showdown_net"] = money_value(r["showdown_net"], d)
        row["non_showdown_net"] = money_value(r["non_showdown_net"], d)
        row["allin_hands"] = r["allin_hands"]
        row["adjusted_net"] = money_value(r["adjusted_net"], d)
        unit = r["unit_name"]
        row["win_rate"] = "" if r["win_rate"] is None else f"{r['win_rate']:.1f} {unit}/100"
        row["adjusted_win_rate"] = "" if r["adjusted_win_rate"] is None else f"{r['adjusted_win_rate']:.1f} {unit}/100"
        for name, chances, _, _ in RATES:
            row[name] = rate_text(int(r[name]), int(r[chances]))
        calls = int(r["calls"])
        row["af"] = f"{int(r['aggressive']) / calls:.2f}" if calls else "–"
        rows.append(row)
    return pd.DataFrame(rows)


def render() -> None:
    ctx = context.current()
    lang = ctx.lang
    st.title(tr("players.title", lang))
    night = data.night(ctx)
    with st.spinner(tr("freq.counting", lang)):
        store = stores.store_of(ctx, night)
    if store is None:
        st.info(tr("players.nothing", lang))
        return
    sig = stores.signature(store)
    names = stores.players(sig)
    if not names:
        st.info(tr("players.nothing", lang))
        return
    if st.session_state.get(PLAYER) not in (ALL, *names):
        st.session_state[PLAYER] = ALL
    player = st.selectbox(
        tr("players.player", lang),
        (ALL, *names),
        key=PLAYER,
        format_func=lambda p: tr("players.everyone", lang) if p == ALL else p,
    )
    chosen = player or None
    st.caption(tr("players.help", lang))
    st.subheader(tr("players.stats", lang))
    st.dataframe(
        columns(stats_rows(stores.summary(sig, "player", chosen), ("player",)), lang),
        hide_index=True,
        key="players_stats",
    )
    st.subheader(tr("players.positions", lang))
    st.dataframe(
        columns(stats_rows(stores.summary(sig, "position", chosen), ("player", "position")), lang),
        hide_index=True,
        key="players_positions",
    )
    st.subheader(tr("players.sessions", lang))
    sessions = stores.sessions(sig, chosen)
    table = stats_rows(sessions, ("player", "session"))
    if not table.empty:
        table.insert(2, "start", [str(v or "") for v in sessions["start"].to_list()])
        table.insert(3, "file", sessions["file"].to_list())
    st.dataframe(columns(table, lang), hide_index=True, key="players_sessions")
