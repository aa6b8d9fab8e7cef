"""Settlement: buy-ins and cash-outs (a PokerNow ledger, a buy-in CSV, or typed in), checked, and who pays whom."""

from __future__ import annotations

import csv
import io

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from analyzer.i18n import _, f_, fn_
from analyzer.i18n import render as say
from analyzer.money import ChipValue, Unit
from analyzer.safetext import chart_label
from analyzer.settlement import (
    AS_AUDITED,
    AS_PAID,
    NightSettlement,
    Transfer,
    chat_text,
    settle_ledger_text,
    settlement_csv,
)
from dashboards import context, data, viewmodel
from dashboards.show import columns, md
from dashboards.uploads import Upload
from dashboards.words import COLUMNS, SETTLEMENT_SIDES, word
from parsers.errors import HandHistoryError
from parsers.text import decode

UPLOADER = "settlement_upload"
FILES = "settlement_files"  # tuple[Upload, ...]: a ledger or buy-in CSV dropped on this page
SOURCE = "settlement_source"
EDITOR = "settlement_editor"
CHIP_VALUE = "settlement_chip_value"
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
    for _index, row in frame.iterrows():
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
    st.title(_("Settlement"))
    st.caption(_("Money in against money out, each player's result against the hands, and who pays whom."))
    night = data.night(ctx)
    if night is None:
        st.info(_("This page shows a night's hands: choose the sample night or uploaded files in the sidebar."))
        return
    st.file_uploader(
        _("Drop a PokerNow ledger or a buy-in CSV (player, kind, amount)"),
        type=["csv", "txt"],
        accept_multiple_files=True,
        key=UPLOADER,
        on_change=take_uploads,
    )
    files = {u.name: u for u in (*night.loaded.money, *st.session_state.get(FILES, ()))}
    names = [*files, TYPED]
    if st.session_state.get(SOURCE) not in names:
        st.session_state[SOURCE] = names[0]
    chosen = st.radio(
        _("Buy-ins and cash-outs from"),
        names,
        key=SOURCE,
        horizontal=True,
        format_func=lambda n: _("typed in") if n == TYPED else n,
    )
    unit = chip_unit(night.audit.summary.unit, lang)
    if unit is None:
        return
    if chosen == TYPED:
        players = sorted({row.player for a in night.audit.audits for row in a.ledger})
        start = pd.DataFrame({"player": players, "bought_in": [""] * len(players), "cashed_out": [""] * len(players)})
        edited = st.data_editor(
            start,
            num_rows="dynamic",
            hide_index=True,
            key=EDITOR,
            column_config={c: st.column_config.TextColumn(word(COLUMNS, c)) for c in TYPED_COLUMNS},
        )
        text, name = typed_text(edited), "typed"
        if text.count("\n") < 2:
            st.info(_("Type each player's buy-ins and cash-out in the table."))
            return
    else:
        text, name = decode(files[chosen].data), chosen
    try:
        result = settle_ledger_text(text, night.audit.audits, file=name, decimals=unit.decimals, unit=unit)
    except (HandHistoryError, ValueError) as error:
        st.error(f_("{file} is not a ledger:", file=md(name)) + " " + md(str(error)))
        return
    show(result, lang)


def chip_unit(unit: Unit, lang: str) -> Unit | None:
    """The night's unit, chips given a value when the host types one (``0.05 EUR``); None
    (and a one-line error) when what is typed is not a value."""
    if not unit.chips:
        return unit
    typed = st.text_input(_("What one chip is worth (e.g. 0.05 EUR); empty: chips"), key=CHIP_VALUE).strip()
    if not typed:
        return unit
    try:
        return Unit(unit.currency, unit.decimals, ChipValue.parse(typed))
    except ValueError as error:
        st.error(md(str(error)))
        return None


def transfers_md(moves: tuple[Transfer, ...], result: NightSettlement, lang: str) -> list[str]:
    if not moves:
        return [_("Nobody owes anything.")]
    return [
        f_(
            "**{payer}** pays **{payee}** {amount}",
            payer=md(t.payer),
            payee=md(t.payee),
            amount=md(result.money(t.amount)),
        )
        for t in moves
    ]


def show(result: NightSettlement, lang: str) -> None:
    m = result.money
    c1, c2, c3 = st.columns(3)
    c1.metric(_("Money in"), m(result.money_in))
    c2.metric(_("Money out"), m(result.money_out))
    c3.metric(_("Out less in"), m(result.balance))
    if result.ok:
        st.success(_("The bank balances and every result matches the hands."))
    else:
        st.error(fn_("{n} problem:", "{n} problems:", len(result.problems)))
        for problem in result.problems:
            st.markdown("- " + md(say(problem)))
    rows = viewmodel.settlement_rows(result)
    st.dataframe(columns(pd.DataFrame(rows), lang), hide_index=True, key="settle_players")
    fig = go.Figure()
    scale = 10**result.decimals
    names = [chart_label(p.player) for p in result.players]
    fig.add_bar(name=_("net"), x=names, y=[p.net / scale for p in result.players])
    if result.corrections:
        fig.add_bar(name=_("net as audited"), x=names, y=[p.audited_net / scale for p in result.players])
    fig.update_layout(barmode="group", height=300, margin={"l": 10, "r": 10, "t": 30, "b": 10})
    st.plotly_chart(fig, key="settle_chart")
    st.subheader(_("Who pays whom"))
    if result.corrections:
        st.info(f_("Recommendation: {text}", text=md(say(result.recommendation))))
    left, right = st.columns(2)
    for column, key, moves, value in (
        (left, "as_paid", result.transfers, AS_PAID),
        (right, "as_audited", result.audited, AS_AUDITED),
    ):
        badge = " · " + _("recommended") if result.corrections and result.recommended == value else ""
        column.markdown(f"**{word(SETTLEMENT_SIDES, key)}**{badge}")
        column.caption(word(SETTLEMENT_SIDES, f"{key}_help"))
        for line in transfers_md(moves, result, lang):
            column.markdown(line)
    if result.corrections:
        st.subheader(_("Corrections from the audit"))
        fixes = [
            {
                "hand": c.hand_id,
                "player": c.player,
                "paid": m(c.paid),
                "owed": m(c.owed),
                "correction": m(c.amount),
                "codes": ", ".join(c.codes),
            }
            for c in result.corrections
        ]
        st.dataframe(columns(pd.DataFrame(fixes), lang), hide_index=True, key="settle_corrections")
    chat = chat_text(result, title=_("Tonight's settlement"))
    d1, d2 = st.columns(2)
    d1.download_button(
        _("Settlement as CSV"),
        data=settlement_csv(result),
        file_name="settlement.csv",
        mime="text/csv",
        key="settle_dl_csv",
    )
    d2.download_button(
        _("Text for the group chat"), data=chat, file_name="settlement.txt", mime="text/plain", key="settle_dl_text"
    )
    st.code(chat, language=None)
