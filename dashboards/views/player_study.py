"""The Players page's filters sidebar, the more-stats table and the leak flags. The logic is
in :mod:`analyzer.stats` (filters, leaks, tables) and :mod:`dashboards.viewmodel.players`;
the queries are cached in :mod:`dashboards.cache`; this module only draws."""

from __future__ import annotations

import pandas as pd
import polars as pl
import streamlit as st

from analyzer.i18n import _
from analyzer.stats.filters import Filters
from analyzer.stats.tables import leak_rows, more_rows
from dashboards import cache
from dashboards.viewmodel import players as vm

Sig = tuple[str, tuple[str, ...]]


def sidebar(sig: Sig) -> Filters:
    """The filters, drawn in the sidebar (the same model as ``sixplus stats``'s options)."""
    c = cache.choices(sig)
    bar = st.sidebar
    bar.markdown("**" + _("Filters") + "**")
    days = None
    if c.first_day is not None and c.last_day is not None:
        days = bar.date_input(
            _("Days"), (c.first_day, c.last_day), min_value=c.first_day, max_value=c.last_day, key="players_days"
        )
    most = max(int(c.most_players), 2)
    filters = vm.filters_of(
        days=days,
        sites=bar.multiselect(_("Sites"), c.sites, key="players_sites"),
        tables=bar.multiselect(_("Tables"), c.tables, key="players_tables"),
        stakes=bar.multiselect(_("Stakes"), c.stakes, key="players_stakes"),
        games=bar.multiselect(_("Games"), c.games, key="players_games"),
        rules=bar.multiselect(_("Rule sets"), c.rules, key="players_rules"),
        positions=bar.multiselect(_("Positions"), c.positions, key="players_positions_filter"),
        most=most,
        size=bar.slider(_("Players at the table"), 1, most, (1, most), key="players_size"),
        min_hands=int(bar.number_input(_("Minimum hands"), min_value=0, value=0, step=10, key="players_min_hands")),
        heroes=bar.multiselect(
            _("You (one account a site, counted as one player)"), vm.accounts(c), key="players_heroes"
        ),
    )
    bar.caption(_("Players are told apart by site; choose your accounts above to count them as one."))
    return filters


def more_table(frame: pl.DataFrame, keys: tuple[str, ...]) -> None:
    """Steals, 4-bets, c-bets, check-raises, limps, WWSF: each with its sample."""
    st.caption(
        _(
            "Each rate: done of chances. A steal is an open raise from CO, BTN or SB in blind games; "
            "in short-deck ante games with a button blind from HJ or CO (the button acts last)."
        )
    )
    st.dataframe(pd.DataFrame(more_rows(frame, keys)), hide_index=True, key="players_more")


def leaks_view(sig: Sig, player: str, filters: Filters) -> None:
    """The player's rates outside their reference range, with the hands behind each flag."""
    level = st.select_slider(_("Confidence"), (0.9, 0.95, 0.99), value=0.95, key="players_level")
    checks = cache.leaks(sig, player, filters, level)
    rows = leak_rows(checks)
    st.caption(vm.leak_caption(level))
    if not rows:
        st.info(_("No leak at this level: every rate with a reference is within it."))
    else:
        st.dataframe(pd.DataFrame(rows), hide_index=True, key="players_leaks")
    with st.expander(_("Every rate checked")):
        st.dataframe(pd.DataFrame(leak_rows(checks, flagged_only=False)), hide_index=True, key="players_checks")
