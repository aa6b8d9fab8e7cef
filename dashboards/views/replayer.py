"""Replayer: step through a hand action by action: stacks, bets, the pot, the board, the shown hands, notes."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from analyzer.audit.records import HandAudit
from analyzer.detect import rules_for
from analyzer.equity.views import percent, street_equities
from analyzer.errors import AnalyzerError
from analyzer.i18n import _, f_
from analyzer.i18n import render as say
from analyzer.replay.engine import BOARD_SIZE, Replay, Step, replay
from analyzer.replay.hilo import hand_words
from analyzer.ruleset import RuleSet, load_rules
from analyzer.safetext import chart_label
from dashboards import context, data
from dashboards.context import AUTO
from dashboards.show import card_md, cards, columns, md, money, verdict_label
from parsers.record import HandRecord

HAND = context.REPLAY_HAND
STEP = context.REPLAY_STEP


def _reset_step() -> None:
    st.session_state[STEP] = 0


def _move(delta: int, last: int) -> None:
    st.session_state[STEP] = max(0, min(last, int(st.session_state.get(STEP, 0)) + delta))


def _rules(record: HandRecord, chosen: str) -> RuleSet:
    return rules_for(record) if chosen == AUTO else load_rules(chosen)


def render() -> None:
    ctx = context.current()
    lang = ctx.lang
    st.title(_("Replayer"))
    night = data.night(ctx)
    if night is None or not night.audit.records:
        st.info(_("No readable hands to replay: choose a night in the sidebar or drop files on the Audit page."))
        return
    records = night.audit.records
    ids = tuple(records)
    wanted = st.query_params.get("hand")
    if wanted in records and HAND not in st.session_state:
        st.session_state[HAND] = wanted
    if st.session_state.get(HAND) not in records:
        st.session_state[HAND] = ids[0]
    hand_id = st.selectbox(_("Hand"), ids, key=HAND, on_change=_reset_step)
    record = records[hand_id]
    rules = _rules(record, ctx.rules)
    result = replay(record, rules, steps=True)
    audit = next((a for a in night.audit.audits if a.hand_id == hand_id), None)
    if not result.steps:
        st.warning(_("This hand has no actions to step through."))
        return
    last = len(result.steps) - 1
    current = st.session_state.get(STEP, 0)
    if not isinstance(current, int) or current < 0 or current > last:
        st.session_state[STEP] = last
    b1, b2, b3 = st.columns([1, 1, 6])
    b1.button(_("◀ Back"), key="replay_back", on_click=_move, args=(-1, last))
    b2.button(_("Next ▶"), key="replay_next", on_click=_move, args=(1, last))
    index = b3.slider(_("Action"), 0, last, key=STEP, label_visibility="collapsed")
    step = result.steps[index]
    st.caption(
        f_(
            "Rules: {rules} · action {n} (actions 0 to {last}: the forced bets first)",
            rules=rules.name,
            n=index,
            last=last,
        )
    )
    left, right = st.columns([3, 2])
    with left:
        st.markdown(f"### {md(step.text)}")
        st.markdown(
            f_(
                "Street: **{street}** · pot **{pot}**",
                street=step.street.value,
                pot=md(money(step.pot, record.decimals, record.currency)),
            )
        )
        st.dataframe(columns(table(record, step, index == last), lang), hide_index=True, key="replay_table")
    with right:
        board(record, step, index == last, lang)
        notes(result, audit, index, lang)
    stacks_chart(record, result, index, lang)
    equities(record, rules)
    if index == last:
        pots(record, result, lang)
        shown(record, rules, lang)


def table(record: HandRecord, step: Step, at_end: bool) -> pd.DataFrame:
    """Who sits where, with the stack and street bet after this step (cards once they are shown)."""
    stacks = dict(step.stacks)
    bets = dict(step.bets)
    shown = {s.player: s.cards for s in record.shown if s.cards}
    rows = []
    for seat in record.seats:
        name = seat.player
        rows.append(
            {
                "seat": seat.seat,
                "player": ("▶ " if name == step.player else "") + name,
                "stack": money(stacks.get(name, seat.stack), record.decimals, record.currency),
                "bet": money(bets.get(name, 0), record.decimals, record.currency) if name in bets else "",
                "in_hand": "" if name in step.folded else "●",
                "cards": cards(shown[name]) if at_end and name in shown else "",
                "button": "🔘" if seat.seat == record.button else "",
            }
        )
    return pd.DataFrame(rows)


def board(record: HandRecord, step: Step, at_end: bool, lang: str) -> None:
    st.markdown("**" + _("Board") + "**")
    runs = record.boards if at_end else record.boards[:1]
    for n, run in enumerate(runs):
        seen = run if at_end else run[: BOARD_SIZE[step.street]]
        label = f_("run {n}", n=n + 1) + ": " if len(runs) > 1 else ""
        st.markdown(label + (card_md(seen) if seen else "—"))


def notes(result: Replay, audit: HandAudit | None, index: int, lang: str) -> None:
    st.markdown("**" + _("The engine's notes") + "**")
    problems = audit.problems if audit is not None else result.problems
    if audit is not None:
        st.markdown(verdict_label(audit.verdict.value))
    if not problems:
        st.caption(_("No problems in this hand."))
    for p in problems:
        here = p.action_index == index
        where = f_("at action {n}", n=p.action_index) if p.action_index is not None else ""
        text = f"`{p.code.value}` {where}: {md(say(p.message))}"
        if here:
            st.error(text)
        else:
            st.caption(text)


def stacks_chart(record: HandRecord, result: Replay, index: int, lang: str) -> None:
    scale = 10**record.decimals
    fig = go.Figure()
    for seat in record.seats:
        ys = [dict(s.stacks).get(seat.player, seat.stack) / scale for s in result.steps]
        fig.add_trace(go.Scatter(x=list(range(len(ys))), y=ys, mode="lines", name=chart_label(seat.player)))
    fig.add_vline(x=index, line_dash="dot")
    fig.update_layout(
        title=_("Stacks through the hand"),
        height=280,
        margin={"l": 10, "r": 10, "t": 40, "b": 10},
        xaxis_title=_("Action"),
    )
    st.plotly_chart(fig, key="replay_chart")


def pots(record: HandRecord, result: Replay, lang: str) -> None:
    st.markdown("**" + _("Pots and side pots") + "**")
    rows = [
        {
            "pot": _("main pot") if r.index == 0 else f_("side pot {n}", n=r.index),
            "run": r.run + 1,
            "amount": money(r.amount, record.decimals, record.currency),
            "eligible": ", ".join(r.eligible),
            "winners": ", ".join(
                f"{name} {money(amount, record.decimals, record.currency)}" for name, amount in r.shares
            ),
            "hand": r.hand,
        }
        for r in result.settlement.results
    ]
    st.dataframe(columns(pd.DataFrame(rows), lang), hide_index=True, key="replay_pots")


def shown(record: HandRecord, rules: RuleSet, lang: str) -> None:
    """Each shown hand with the five cards it plays, on each run of the board."""
    found = [s for s in record.shown if s.cards and "??" not in s.cards]
    if not found:
        return
    st.markdown("**" + _("Shown hands") + "**")
    for s in found:
        parts = []
        for run in record.boards:
            known = [c for c in run if c != "??"]
            if len(known) + len(s.cards) < 5 or (rules.is_omaha and len(known) < 3):
                continue
            try:
                parts.append(hand_words(s.cards, known, rules))  # Omaha: two hole and three board cards
            except (AnalyzerError, ValueError) as error:
                parts.append(str(error))
        suffix = " (" + _("mucked") + ")" if s.mucked else ""
        st.markdown(f"**{md(s.player)}**{suffix}: {card_md(s.cards)} — " + " / ".join(md(p) for p in parts))


def equities(record: HandRecord, rules: RuleSet) -> None:
    """Each player's exact equity at the start of each street where everyone's cards are
    known, marking who went all-in on it (:func:`analyzer.equity.views.street_equities`)."""
    found = street_equities(record, rules.ranking)
    if not found:
        return
    st.markdown("**" + _("Equity by street") + "**")
    rows = [
        {
            _("street"): e.street.value,
            _("board"): cards(e.board) if e.board else "—",
            **{
                player: percent(share) + (" (" + _("all-in") + ")" if player in e.all_in else "")
                for player, share in zip(e.players, e.shares)
            },
        }
        for e in found
    ]
    st.dataframe(pd.DataFrame(rows), hide_index=True, key="replay_equity")
    st.caption(_("Exact: every run-out from that street's board; folded hands stay in the deck (unseen then)."))
