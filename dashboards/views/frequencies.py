"""Frequencies: observed hand categories and events against the exact probabilities, with intervals."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from analyzer.evaluator.categories import Category
from analyzer.i18n import _, f_, number
from analyzer.i18n import render as say
from analyzer.observed import Comparison
from analyzer.quiz.names import category_text
from dashboards import cache, context, data, stores
from dashboards.show import columns, md
from dashboards.words import COLUMNS, word

RANKING = "freq_ranking"
EXACT_RANKING = "freq_exact_ranking"
EXACT_CARDS = "freq_exact_cards"
RANKINGS = ("straight-over-trips", "trips-over-straight", "standard")


def render() -> None:
    ctx = context.current()
    lang = ctx.lang
    st.title(_("Frequencies"))
    st.caption(
        _(
            "How often each hand came up, against the exact probability of every deal; the bars are "
            "the exact chances, the dots what was seen, with its 95%\u00a0interval."
        )
    )
    night = data.night(ctx)
    with st.spinner(_("Counting the hands…")):
        store = stores.store_of(ctx, night)
        found = cache.comparisons(stores.signature(store)) if store is not None else ()
    if not found:
        st.info(_("No hands with known cards to count: choose a night or a store in the sidebar."))
    else:
        rankings = list(dict.fromkeys(c.ranking.value for c in found))
        chosen = st.radio(_("Ranking"), rankings, key=RANKING, horizontal=True) if len(rankings) > 1 else rankings[0]
        for n, comparison in enumerate(c for c in found if c.ranking.value == chosen):
            show(comparison, n, lang)
    exact_table(lang)


def line_name(name: str) -> str:
    """A line's name in the language in force: a category in the seeds' words ("Drilling",
    "Trío"), an event through the catalog."""
    try:
        category = Category(name)
    except ValueError:
        return _(name)
    return say(category_text(category))


def show(c: Comparison, n: int, lang: str) -> None:
    st.subheader(md(_(c.title)))
    if c.caution:
        st.warning(_("Small sample:") + " " + md(say(c.caution)))
    if c.note:
        st.info(md(say(c.note)))
    if c.statistic is not None and c.p_value is not None:
        st.markdown(
            f_(
                "Chi-square {chi} with {df} degrees of freedom: p = {p}",
                chi=number(c.statistic, ".2f"),
                df=c.degrees,
                p=number(c.p_value, ".3g"),
            )
        )
    rows = []
    for line in c.lines:
        low, high = line.interval or (None, None)
        rows.append(
            {
                "name": line_name(line.name),
                "count": line.count,
                "total": line.total,
                "observed": None if line.rate is None else 100 * line.rate,
                "low": None if low is None else 100 * low,
                "high": None if high is None else 100 * high,
                "exact": 100 * float(line.expected),
                "p_value": line.p_value,
            }
        )
    frame = pd.DataFrame(rows)
    fig = go.Figure()
    fig.add_bar(name=_("exact"), x=frame["name"], y=frame["exact"], marker_color="#90a4ae")
    fig.add_scatter(
        name=_("observed"),
        x=frame["name"],
        y=frame["observed"],
        mode="markers",
        marker={"size": 10, "color": "#c62828"},
        error_y={
            "type": "data",
            "symmetric": False,
            "array": (frame["high"] - frame["observed"]).tolist(),
            "arrayminus": (frame["observed"] - frame["low"]).tolist(),
        },
    )
    fig.update_layout(height=320, yaxis_title="%", margin={"l": 10, "r": 10, "t": 30, "b": 10})
    st.plotly_chart(fig, key=f"freq_chart_{n}")
    st.dataframe(
        columns(frame, lang),
        hide_index=True,
        key=f"freq_table_{n}",
        column_config={
            word(COLUMNS, k): st.column_config.NumberColumn(format="%.2f%%")
            for k in ("observed", "low", "high", "exact")
        }
        | {_("p-value"): st.column_config.NumberColumn(format="%.3g")},
    )


def exact_table(lang: str) -> None:
    st.subheader(_("Exact frequencies"))
    c1, c2 = st.columns(2)
    ranking = c1.selectbox(_("Ranking"), RANKINGS, key=EXACT_RANKING)
    cards = c2.selectbox(_("Cards"), (5, 7), key=EXACT_CARDS)
    with st.spinner(_("Evaluating every hand…")):
        f = cache.exact(ranking, cards)
    rows = [
        {
            "name": r.name,
            "count": r.count,
            "total": r.total,
            "exact": 100 * r.probability,
            "one_in": r.one_in,
        }
        for r in f.rows()
    ]
    st.caption(
        f_(
            "Every one of the {total} hands of {cards} cards from {deck} evaluated.",
            total=f.total,
            cards=cards,
            deck=f.deck,
        )
    )
    st.dataframe(
        columns(pd.DataFrame(rows), lang),
        hide_index=True,
        key="freq_exact_table",
        column_config={
            _("exact"): st.column_config.NumberColumn(format="%.4f%%"),
            _("1 in"): st.column_config.NumberColumn(format="%.1f"),
        },
    )
