"""Replayer: step through a hand action by action: stacks, bets, the pot, the board, the shown hands, notes.

Widgets (the hand, the step), the replay, one call (:func:`dashboards.viewmodel.replayer.step_view`), the layout."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from analyzer.detect import rules_for
from analyzer.i18n import _, f_
from analyzer.replay.engine import replay
from analyzer.ruleset import RuleSet, load_rules
from analyzer.safetext import chart_label
from dashboards import context, data
from dashboards.context import AUTO
from dashboards.show import card_md, columns, md
from dashboards.viewmodel import replayer as vm
from parsers.record import HandRecord

HAND = context.REPLAY_HAND
STEP = context.REPLAY_STEP


def _reset_step() -> None:
    st.session_state[STEP] = 0


def _move(delta: int, last: int) -> None:
    st.session_state[STEP] = vm.moved(st.session_state.get(STEP, 0), delta, last)


def _rules(record: HandRecord, chosen: str) -> RuleSet:
    return rules_for(record) if chosen == AUTO else load_rules(chosen)


def render() -> None:
    ctx = context.current()
    st.title(_("Replayer"))
    night = data.night(ctx)
    if night is None or not night.audit.records:
        st.info(_("No readable hands to replay: choose a night in the sidebar or drop files on the Audit page."))
        return
    records = night.audit.records
    wanted = st.query_params.get("hand")
    if wanted in records and HAND not in st.session_state:
        st.session_state[HAND] = wanted
    if st.session_state.get(HAND) not in records:
        st.session_state[HAND] = next(iter(records))
    hand_id = st.selectbox(_("Hand"), tuple(records), key=HAND, on_change=_reset_step)
    record = records[hand_id]
    rules = _rules(record, ctx.rules)
    result = replay(record, rules, steps=True)
    if not result.steps:
        st.warning(_("This hand has no actions to step through."))
        return
    last = len(result.steps) - 1
    current = st.session_state.get(STEP, 0)
    if vm.clamp_step(current, last) != current:
        st.session_state[STEP] = last
    b1, b2, b3 = st.columns([1, 1, 6])
    b1.button(_("◀ Back"), key="replay_back", on_click=_move, args=(-1, last))
    b2.button(_("Next ▶"), key="replay_next", on_click=_move, args=(1, last))
    index = b3.slider(_("Action"), 0, last, key=STEP, label_visibility="collapsed")
    audit = next((a for a in night.audit.audits if a.hand_id == hand_id), None)
    view = vm.step_view(record, rules, result, audit, index)
    show(view, index)


def show(view: vm.StepView, index: int) -> None:
    st.caption(view.caption)
    left, right = st.columns([3, 2])
    with left:
        st.markdown(f"### {md(view.action)}")
        st.markdown(f_("Street: **{street}** · pot **{pot}**", street=view.street, pot=md(view.pot)))
        st.dataframe(columns(pd.DataFrame(view.seats)), hide_index=True, key="replay_table")
    with right:
        st.markdown("**" + _("Board") + "**")
        for label, seen in view.board:
            st.markdown(label + (card_md(seen) if seen else "—"))
        st.markdown("**" + _("The engine's notes") + "**")
        if view.verdict:
            st.markdown(view.verdict)
        if not view.notes:
            st.caption(_("No problems in this hand."))
        for n in view.notes:
            (st.error if n.here else st.caption)(f"`{n.code}` {n.where}: {md(n.message)}")
    fig = go.Figure()
    for name, ys in view.stacks:
        fig.add_trace(go.Scatter(x=list(range(len(ys))), y=ys, mode="lines", name=chart_label(name)))
    fig.add_vline(x=index, line_dash="dot")
    fig.update_layout(
        title=_("Stacks through the hand"),
        height=280,
        margin={"l": 10, "r": 10, "t": 40, "b": 10},
        xaxis_title=_("Action"),
    )
    st.plotly_chart(fig, key="replay_chart")
    if view.equities:
        st.markdown("**" + _("Equity by street") + "**")
        st.dataframe(pd.DataFrame(view.equities), hide_index=True, key="replay_equity")
        st.caption(_("Exact: every run-out from that street's board; folded hands stay in the deck (unseen then)."))
    if view.at_end:
        st.markdown("**" + _("Pots and side pots") + "**")
        st.dataframe(columns(pd.DataFrame(view.pots)), hide_index=True, key="replay_pots")
        if view.shown:
            st.markdown("**" + _("Shown hands") + "**")
        for s in view.shown:
            st.markdown(f"**{md(s.player)}**{s.mucked}: {card_md(s.cards)} — " + " / ".join(md(p) for p in s.hands))
