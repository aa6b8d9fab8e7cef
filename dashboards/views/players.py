"""Players: statistics with their sample sizes, results over the hands, by position and by session.

Widgets, the cached queries, the view model (:mod:`dashboards.viewmodel.players`), the tables and charts."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from analyzer.i18n import _
from analyzer.stats.filters import Filters
from dashboards import cache, context, data, stores
from dashboards.show import columns
from dashboards.viewmodel import players as vm
from dashboards.views import player_study

PLAYER = "players_player"
VIEW = "players_view"
GRID_DECK = "players_grid_deck"
GRID_COLOUR = "players_grid_colour"
ALL = vm.ALL
Sig = tuple[str, tuple[str, ...]]


def table(rows: list[dict[str, object]], key: str) -> None:
    st.dataframe(columns(pd.DataFrame(rows)), hide_index=True, key=key)


def render() -> None:
    ctx = context.current()
    st.title(_("Players"))
    night = data.night(ctx)
    with st.spinner(_("Counting the hands…")):
        store = stores.store_of(ctx, night)
    sig = stores.signature(store) if store is not None else None
    names = stores.players(sig) if sig is not None else []
    if sig is None or not names:
        st.info(_("No hands to count: choose a night or a store folder in the sidebar."))
        return
    if st.session_state.get(PLAYER) not in (ALL, *names):
        st.session_state[PLAYER] = ALL
    chosen = st.selectbox(_("Player"), (ALL, *names), key=PLAYER, format_func=vm.player_label) or None
    filters = player_study.sidebar(sig)
    st.caption(
        _("Each rate shows its sample: done / chances. Win rates are per 100 hands in big blinds (bb) or antes.")
    )
    st.subheader(_("Statistics"))
    frame = cache.summary(sig, "player", chosen, filters)
    table(vm.stats_rows(frame, vm.STATS_KEYS), "players_stats")
    views = vm.views_for(chosen)
    if st.session_state.get(VIEW) not in views:
        st.session_state[VIEW] = views[0]
    view = st.radio(_("Show"), views, key=VIEW, horizontal=True, format_func=vm.view_label)
    if view == "results" and chosen is not None:
        results_chart(sig, chosen)
    elif view == "leaks" and chosen is not None:
        player_study.leaks_view(sig, chosen, filters)
    elif view == "more":
        player_study.more_table(frame, vm.STATS_KEYS)
    elif view == "grid":
        grid(sig, chosen)
    elif view == "positions":
        st.subheader(_("By position"))
        found = cache.summary(sig, "position", chosen, filters)
        table(vm.stats_rows(found, vm.POSITION_KEYS), "players_positions")
    else:
        sessions(sig, chosen, filters)


def sessions(sig: Sig, player: str | None, filters: Filters) -> None:
    st.subheader(_("By session"))
    table(vm.session_rows(cache.sessions(sig, player, filters), stores.original_name), "players_sessions")


def results_chart(sig: Sig, player: str) -> None:
    """Winnings over the hands: net, at showdown, without showdown, and all-in adjusted."""
    st.subheader(_("Winnings over the hands"))
    chart = vm.results_chart(cache.results_over_hands(sig, player))
    if chart is None:
        return
    fig = go.Figure()
    for line in chart.lines:
        fig.add_scatter(
            x=list(line.x), y=list(line.y), mode="lines", name=line.name, line={"color": line.colour, "dash": line.dash}
        )
    fig.update_layout(
        height=340, margin={"l": 10, "r": 10, "t": 30, "b": 10}, xaxis_title=chart.x_title, yaxis_title=chart.y_title
    )
    st.plotly_chart(fig, key="players_results")


def grid(sig: Sig, player: str | None) -> None:
    """The starting-hand grid: suited above the diagonal, pairs on it, offsuit below."""
    decks = stores.decks(sig)
    if not decks:
        return
    st.subheader(_("Starting hands"))
    c1, c2 = st.columns(2)
    deck = c1.radio(_("Deck"), decks, key=GRID_DECK, horizontal=True, format_func=str)
    colour = c2.radio(
        _("Colour by"), ("result", "frequency"), key=GRID_COLOUR, horizontal=True, format_func=vm.colour_label
    )
    g = vm.starting_hand_grid(cache.starting_hands(sig, int(deck), player), int(deck), colour)
    fig = go.Figure(
        go.Heatmap(
            z=[list(r) for r in g.z],
            x=list(g.ranks),
            y=list(g.ranks),
            text=[list(r) for r in g.text],
            texttemplate="%{text}",
            colorscale=g.colour_scale,
            zmid=g.mid,
            hoverongaps=False,
            colorbar={"title": g.bar_title},
        )
    )
    fig.update_layout(
        height=g.height,
        margin={"l": 10, "r": 10, "t": 10, "b": 10},
        yaxis={"autorange": "reversed", "type": "category"},
        xaxis={"side": "top", "type": "category"},
    )
    st.plotly_chart(fig, key="players_grid")
    st.caption(g.caption)
