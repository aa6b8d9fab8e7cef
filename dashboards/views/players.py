"""Players: statistics with their sample sizes, results over the hands, by position and by session."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import polars as pl
import streamlit as st

from analyzer.i18n import _, f_
from analyzer.stats import charts as queries
from analyzer.stats.filters import Filters
from analyzer.stats.query import RATES, rate
from analyzer.stats.tables import MAIN
from dashboards import context, data, stores
from dashboards.show import columns
from dashboards.views import player_study
from dashboards.words import COLUMNS, PLAYER_VIEWS, word

PLAYER = "players_player"
VIEW = "players_view"
GRID_DECK = "players_grid_deck"
GRID_COLOUR = "players_grid_colour"
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
        row: dict[str, object] = {k: r.get(k) for k in keys}
        row["hands"] = r["hands"]
        row["currency"] = r["currency"]
        row["net"] = money_value(r["net"], d)
        row["showdown_net"] = money_value(r["showdown_net"], d)
        row["non_showdown_net"] = money_value(r["non_showdown_net"], d)
        row["allin_hands"] = r["allin_hands"]
        row["adjusted_net"] = money_value(r["adjusted_net"], d)
        unit = r["unit_name"]
        why = r.get("win_rate_note") or ""  # a win rate left out says why
        row["win_rate"] = why if r["win_rate"] is None else f"{r['win_rate']:.1f} {unit}/100"
        row["adjusted_win_rate"] = why if r["adjusted_win_rate"] is None else f"{r['adjusted_win_rate']:.1f} {unit}/100"
        for name, chances, _done, _chance in RATES:
            if name in MAIN:  # the others are in the "more" view
                row[name] = rate_text(int(r[name]), int(r[chances]))
        calls = int(r["calls"])
        row["af"] = f"{int(r['aggressive']) / calls:.2f}" if calls else "–"
        rows.append(row)
    return pd.DataFrame(rows)


def render() -> None:
    ctx = context.current()
    lang = ctx.lang
    st.title(_("Players"))
    night = data.night(ctx)
    with st.spinner(_("Counting the hands…")):
        store = stores.store_of(ctx, night)
    if store is None:
        st.info(_("No hands to count: choose a night or a store folder in the sidebar."))
        return
    sig = stores.signature(store)
    names = stores.players(sig)
    if not names:
        st.info(_("No hands to count: choose a night or a store folder in the sidebar."))
        return
    if st.session_state.get(PLAYER) not in (ALL, *names):
        st.session_state[PLAYER] = ALL
    player = st.selectbox(
        _("Player"),
        (ALL, *names),
        key=PLAYER,
        format_func=lambda p: _("everyone") if p == ALL else p,
    )
    chosen = player or None
    filters = player_study.sidebar(sig)
    st.caption(
        _("Each rate shows its sample: done / chances. Win rates are per 100 hands in big blinds (bb) or antes.")
    )
    st.subheader(_("Statistics"))
    frame = player_study.summary(sig, "player", chosen, filters)
    st.dataframe(columns(stats_rows(frame, ("site", "player")), lang), hide_index=True, key="players_stats")
    views = (("results", "leaks") if chosen else ()) + ("grid", "positions", "sessions", "more")
    if st.session_state.get(VIEW) not in views:
        st.session_state[VIEW] = views[0]
    view = st.radio(_("Show"), views, key=VIEW, horizontal=True, format_func=lambda v: word(PLAYER_VIEWS, v))
    if view == "results" and chosen is not None:
        results_chart(sig, chosen, lang)
    elif view == "leaks" and chosen is not None:
        player_study.leaks_view(sig, chosen, filters)
    elif view == "more":
        player_study.more_table(frame, ("site", "player"))
    elif view == "grid":
        grid(sig, chosen, lang)
    elif view == "positions":
        positions(sig, chosen, lang, filters)
    else:
        sessions(sig, chosen, lang, filters)


def positions(sig: tuple[str, tuple[str, ...]], player: str | None, lang: str, filters: Filters) -> None:
    st.subheader(_("By position"))
    found = player_study.summary(sig, "position", player, filters)
    st.dataframe(
        columns(stats_rows(found, ("site", "player", "position")), lang),
        hide_index=True,
        key="players_positions",
    )


def sessions(sig: tuple[str, tuple[str, ...]], player: str | None, lang: str, filters: Filters) -> None:
    st.subheader(_("By session"))
    found = player_study.sessions(sig, player, filters)
    table = stats_rows(found, ("site", "player", "session"))
    if not table.empty:
        table.insert(3, "start", [str(v or "") for v in found["start"].to_list()])
        table.insert(4, "file", [stores.original_name(f) for f in found["file"].to_list()])
    st.dataframe(columns(table, lang), hide_index=True, key="players_sessions")


def results_chart(sig: tuple[str, tuple[str, ...]], player: str, lang: str) -> None:
    """Winnings over the hands: net, at showdown, without showdown, and all-in adjusted."""
    st.subheader(_("Winnings over the hands"))
    frame = stores.results_over_hands(sig, player)
    if frame.height == 0:
        return
    scale = 10 ** int(frame["decimals"][0])
    fig = go.Figure()
    lines = (
        ("net", "net", "#2e7d32"),
        ("showdown", "showdown_net", "#1565c0"),
        ("non_showdown", "non_showdown_net", "#c62828"),
        ("adjusted", "adjusted_net", "#f9a825"),
    )
    for column, label, colour in lines:
        fig.add_scatter(
            x=frame["hand"].to_list(),
            y=(frame[column] / scale).to_list(),
            mode="lines",
            name=word(COLUMNS, label),
            line={"color": colour, "dash": "dot" if column == "adjusted" else "solid"},
        )
    fig.update_layout(
        height=340,
        margin={"l": 10, "r": 10, "t": 30, "b": 10},
        xaxis_title=_("hands"),
        yaxis_title=str(frame["currency"][0]),
    )
    st.plotly_chart(fig, key="players_results")


def grid(sig: tuple[str, tuple[str, ...]], player: str | None, lang: str) -> None:
    """The starting-hand grid: suited above the diagonal, pairs on it, offsuit below."""
    decks = stores.decks(sig)
    if not decks:
        return
    st.subheader(_("Starting hands"))
    c1, c2 = st.columns(2)
    deck = c1.radio(_("Deck"), decks, key=GRID_DECK, horizontal=True, format_func=lambda d: f"{d}")
    colour = c2.radio(
        _("Colour by"),
        ("result", "frequency"),
        key=GRID_COLOUR,
        horizontal=True,
        format_func=lambda c: word(PLAYER_VIEWS, f"by_{c}"),
    )
    frame = stores.starting_hands(sig, int(deck), player)
    ranks = queries.rank_order(int(deck))
    size = len(ranks)
    total = int(frame["hands"].sum()) if frame.height else 0
    z: list[list[float | None]] = [[None] * size for _ in range(size)]
    text = [[""] * size for _ in range(size)]
    for r in frame.iter_rows(named=True):
        hi, lo = ranks.index(r["high"]), ranks.index(r["low"])
        row, col = (hi, lo) if r["pair"] or r["suited"] else (lo, hi)
        value = r["units"] / r["hands"] if colour == "result" else 100 * r["hands"] / max(total, 1)
        z[row][col] = value
        text[row][col] = (
            f"{r['hand']}<br>{value:+.1f}<br>n={r['hands']}"
            if colour == "result"
            else (f"{r['hand']}<br>{value:.2f}%<br>n={r['hands']}")
        )
    for i in range(size):
        for j in range(size):
            if not text[i][j]:
                a, b = ranks[min(i, j)], ranks[max(i, j)]
                text[i][j] = a + a if i == j else f"{a}{b}{'s' if i < j else 'o'}"
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=list(ranks),
            y=list(ranks),
            text=text,
            texttemplate="%{text}",
            colorscale="RdYlGn" if colour == "result" else "Blues",
            zmid=0 if colour == "result" else None,
            hoverongaps=False,
            colorbar={"title": _("bb or antes per hand") if colour == "result" else "%"},
        )
    )
    fig.update_layout(
        height=560 if size == 9 else 760,
        margin={"l": 10, "r": 10, "t": 10, "b": 10},
        yaxis={"autorange": "reversed", "type": "category"},
        xaxis={"side": "top", "type": "category"},
    )
    st.plotly_chart(fig, key="players_grid")
    st.caption(
        f_(
            "{n} hands with known hole cards: suited hands above the diagonal, pairs on it, offsuit "
            "below; n is the sample of each.",
            n=total,
        )
    )
