"""Settlement: buy-ins and cash-outs (a PokerNow ledger, a buy-in CSV, or typed in), checked, and who pays whom."""

from __future__ import annotations

import csv
import io

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from analyzer.safetext import chart_label
from analyzer.settlement import NightSettlement, settle_ledger_text
from dashboards import context, data
from dashboards.show import columns, md, money
from dashboards.strings import tr
from dashboards.uploads import Upload
from parsers.errors import HandHistoryError
from parsers.text import decode

UPLOADER = "settlement_upload"
FILES = "settlement_files"  # tuple[Upload, ...]: a ledger or buy-in CSV dropped on this page
SOURCE = "settlement_source"
EDITOR = "settlement_editor"
TYPED = ""  # the radio's choice for the typed table
TYPED_COLUMNS = ("player", "bought_in", "cashed_out")


def take_uploads() -> None:
    files = st.session_state.get(UPLOADER) or []
    st.session_state[FILES] = tuple(Upload(f.name, f.getvalue()) for f in files)


def typed_text(frame: pd.DataFrame) -> str:
    """The typed table (player, bought in, cashed out) as a buy-in CSV (``player,kind,amount``).

    >>> rows = pd.DataFrame(
    ...     {"player": ["Anna", "Ben", ""], "bought_in": ["100", "100", "5"], "cashed_out": ["150", "", ""]}
    ... )
    >>> print(typed_text(rows), end="")
    player,kind,amount
    Anna,buy-in,100
    Anna,cash-out,150
    Ben,buy-in,100
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["player", "kind", "amount"])
    for _, row in frame.iterrows():
        player = str(row.get("player") or "").strip()
        if not player:
            continue
        for column, kind in (("bought_in", "buy-in"), ("cashed_out", "cash-out")):
            value = row.get(column)
            text = "" if value is None or (isinstance(value, float) and pd.isna(value)) else str(value).strip()
            if text:
                writer.writerow([player, kind, text])
    return out.getvalue()


def render() -> None:
    ctx = context.current()
    lang = ctx.lang
    st.title(tr("settle.title", lang))
    st.caption(tr("settle.intro", lang))
    night = data.night(ctx)
    if night is None:
        st.info(tr("common.needs_night", lang))
        return
    st.file_uploader(
        tr("settle.upload", lang), type=["csv", "txt"], accept_multiple_files=True, key=UPLOADER, on_change=take_uploads
    )
    files = {u.name: u for u in (*night.loaded.money, *st.session_state.get(FILES, ()))}
    names = [*files, TYPED]
    if st.session_state.get(SOURCE) not in names:
        st.session_state[SOURCE] = names[0]
    chosen = st.radio(
        tr("settle.from", lang),
        names,
        key=SOURCE,
        horizontal=True,
        format_func=lambda n: tr("settle.typed", lang) if n == TYPED else n,
    )
    decimals = next((r.decimals for r in night.audit.records.values()), 0)
    if chosen == TYPED:
        players = sorted({row.player for a in night.audit.audits for row in a.ledger})
        start = pd.DataFrame({"player": players, "bought_in": [""] * len(players), "cashed_out": [""] * len(players)})
        edited = st.data_editor(
            start,
            num_rows="dynamic",
            hide_index=True,
            key=EDITOR,
            column_config={c: st.column_config.TextColumn(tr(f"col.{c}", lang)) for c in TYPED_COLUMNS},
        )
        text, name = typed_text(edited), "typed"
        if text.count("\n") < 2:
            st.info(tr("settle.type_in", lang))
            return
    else:
        text, name = decode(files[chosen].data), chosen
    try:
        result = settle_ledger_text(text, night.audit.audits, file=name, decimals=decimals)
    except (HandHistoryError, ValueError) as error:
        st.error(tr("settle.not_a_ledger", lang, file=md(name)) + " " + md(str(error)))
        return
    show(result, lang)


def show(result: NightSettlement, lang: str) -> None:
    d = result.decimals
    c1, c2, c3 = st.columns(3)
    c1.metric(tr("settle.money_in", lang), money(result.money_in, d))
    c2.metric(tr("settle.money_out", lang), money(result.money_out, d))
    c3.metric(tr("settle.balance", lang), money(result.balance, d))
    if result.ok:
        st.success(tr("settle.ok", lang))
    else:
        st.error(tr("settle.problems", lang, n=len(result.problems)))
        for problem in result.problems:
            st.markdown("- " + md(problem))
    rows = [
        {
            "player": p.player,
            "bought_in": money(p.bought_in, d),
            "cashed_out": money(p.cashed_out, d),
            "net": money(p.net, d),
            "paid_by_hands": money(p.paid_by_hands, d),
            "owed_by_hands": money(p.owed_by_hands, d),
        }
        for p in result.players
    ]
    st.dataframe(columns(pd.DataFrame(rows), lang), hide_index=True, key="settle_players")
    fig = go.Figure()
    scale = 10**d
    fig.add_bar(
        name=tr("col.net", lang),
        x=[chart_label(p.player) for p in result.players],
        y=[p.net / scale for p in result.players],
    )
    if any(p.owed_by_hands is not None for p in result.players):
        fig.add_bar(
            name=tr("col.owed_by_hands", lang),
            x=[chart_label(p.player) for p in result.players],
            y=[(p.owed_by_hands or 0) / scale for p in result.players],
        )
    fig.update_layout(barmode="group", height=300, margin={"l": 10, "r": 10, "t": 30, "b": 10})
    st.plotly_chart(fig, key="settle_chart")
    st.subheader(tr("settle.transfers", lang))
    if not result.transfers:
        st.caption(tr("settle.nothing_to_pay", lang))
    for t in result.transfers:
        st.markdown(tr("settle.pays", lang, payer=md(t.payer), payee=md(t.payee), amount=money(t.amount, d)))
