"""Recorder: enter a live short-deck hand (seats, stacks, a compact action line), checked as you type.

The fields make a hand of the compact text of :mod:`parsers.compact`; the engine audits it
on every change; the hand is saved as native JSON Lines (a download, and the session's list
of recorded hands, which the Audit page can take as its night).
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from analyzer.audit.hand import audit_hand
from analyzer.audit.records import HandAudit
from analyzer.i18n import _, f_
from analyzer.i18n import render as say
from analyzer.ruleset import load_rules
from dashboards import context
from dashboards.show import columns, md, money, verdict_label
from dashboards.uploads import Upload
from parsers import native
from parsers.errors import HandHistoryError, Rejected
from parsers.formats import parse_text
from parsers.record import HandRecord

HAND_ID = "rec_id"
RULES = "rec_rules"
STAKES = "rec_stakes"
SEATS = "rec_seats"
BUTTON = "rec_button"
ACTIONS = "rec_actions"
RECORDER_RULES = ("shortdeck", "shortdeck-trips", "shortdeck-single-ante", "shortdeck-blinds", "holdem")
DEFAULTS = {
    HAND_ID: "home-1",
    STAKES: "ante=100 button=100",
    SEATS: "Anna 10000, Ben 10000, Carla 10000, Dev 10000",
    BUTTON: "Anna",
    ACTIONS: "preflop Ben r300 Carla c Dev f Anna c\nflop 9h 8d 7c: Ben b400 Carla c Anna f\n"
    "turn Ts: Ben x Carla x\nriver Ac: Ben x Carla x\nshow Ben 6h 6d\nshow Carla Kh Ks\nwin Ben 2100",
}


def compact_text(*, hand_id: str, rules: str, stakes: str, seats: str, button: str, actions: str) -> str:
    """The recorder's fields as compact hand text (``deal`` posts what the stakes ask for).

    >>> print(compact_text(hand_id="h1", rules="shortdeck", stakes="ante=1", seats="A 10, B 10", button="A",
    ...                    actions="preflop B x A x"))
    id h1
    rules shortdeck
    stakes ante=1
    seats A 10, B 10
    button A
    deal
    preflop B x A x
    """
    head = [f"id {hand_id.strip() or 'hand'}", f"rules {rules}", f"stakes {stakes.strip()}", f"seats {seats.strip()}"]
    if button.strip():
        head.append(f"button {button.strip()}")
    head.append("deal")
    return "\n".join([*head, actions.strip()])


HEADER_LINES = 6


def check(text: str, rules: str) -> tuple[HandRecord | None, HandAudit | None, str]:
    """The hand read from the text and its audit, or the one-line reason it cannot be read."""
    try:
        items = list(parse_text(text, format="compact", file="recorder"))
        first = items[0] if items else None
        if isinstance(first, HandRecord):
            return first, audit_hand(first, load_rules(rules)), ""
    except HandHistoryError as error:
        return None, None, str(error)
    if isinstance(first, Rejected):
        return None, None, first.message
    return None, None, "recorder: no hand"


def _add(record: HandRecord) -> None:
    kept = tuple(r for r in st.session_state.get(context.RECORDED, ()) if r.hand_id != record.hand_id)
    st.session_state[context.RECORDED] = (*kept, record)


def _audit_recorded() -> None:
    records = st.session_state.get(context.RECORDED, ())
    st.session_state[context.UPLOADS] = (Upload("recorded.jsonl", native.write(records).encode()),)
    st.session_state[context.SOURCE] = "upload"


def render() -> None:
    ctx = context.current()
    lang = ctx.lang
    state = st.session_state
    for key, value in DEFAULTS.items():
        state.setdefault(key, value)
    st.title(_("Recorder"))
    st.caption(
        _(
            "Enter a live hand as it is played: seats and stacks, then one street a line. The engine "
            "checks it on every change."
        )
    )
    c1, c2, c3 = st.columns([2, 2, 3])
    c1.text_input(_("Hand id"), key=HAND_ID)
    c2.selectbox(_("Rule set"), RECORDER_RULES, key=RULES)
    c3.text_input(_("Stakes"), key=STAKES, help=_("ante= button= sb= bb= straddle= (e.g. ante=100 button=100)"))
    c4, c5 = st.columns([5, 2])
    c4.text_input(
        _("Seats and stacks"), key=SEATS, help=_("NAME STACK, NAME STACK, … from seat 1 (NAME@SEAT for a given seat)")
    )
    c5.text_input(_("Button"), key=BUTTON)
    st.text_area(
        _("Actions"),
        key=ACTIONS,
        height=180,
        help=_(
            "One street a line: `preflop Ben r300 Carla c Anna f`, `flop 9h 8d 7c: Ben b400 Carla "
            "c`; f fold, x check, c call, bN bet to N, rN raise to N, a all-in; then `show Ben 6h "
            "6d`, `win Ben 2100`."
        ),
    )
    rules = state.get(RULES, RECORDER_RULES[0])
    text = compact_text(
        hand_id=state[HAND_ID],
        rules=rules,
        stakes=state[STAKES],
        seats=state[SEATS],
        button=state[BUTTON],
        actions=state[ACTIONS],
    )
    record, audit, error = check(text, rules)
    with st.expander(_("The hand as compact text")):
        st.code(text, language=None, line_numbers=True)
    if record is None or audit is None:
        st.error(_("Not a hand yet:") + " " + md(error))
        return
    verdict(record, audit, lang)
    c6, c7 = st.columns(2)
    c6.download_button(
        _("Download as native JSON Lines"),
        data=native.write([record]),
        file_name=f"{record.hand_id}.jsonl",
        mime="application/jsonl",
        key="rec_download",
    )
    c7.button(_("Add to this session's hands"), key="rec_add", on_click=_add, args=(record,))
    recorded(lang)


def verdict(record: HandRecord, audit: HandAudit, lang: str) -> None:
    line = verdict_label(audit.verdict.value) + " · " + f_("pot {pot}", pot=money(audit.total_pot, record.decimals))
    if audit.problems:
        st.warning(line)
        for p in audit.problems:
            where = f_("at action {n}", n=p.action_index) if p.action_index is not None else ""
            st.markdown(f"- `{p.code.value}` {where}: {md(say(p.message))}")
    else:
        st.success(line + " · " + _("every action and the payout check out"))
    rows = [
        {
            "player": r.player,
            "start": money(r.start, record.decimals),
            "invested": money(r.posted + sum(r.invested), record.decimals),
            "won": money(sum(r.won), record.decimals),
            "claimed": money(r.claimed_won, record.decimals),
            "net": money(r.net, record.decimals),
        }
        for r in audit.ledger
    ]
    st.dataframe(columns(pd.DataFrame(rows), lang), hide_index=True, key="rec_ledger")


def recorded(lang: str) -> None:
    records = st.session_state.get(context.RECORDED, ())
    if not records:
        return
    st.subheader(f_("{n} hand(s) recorded in this session", n=len(records)))
    st.dataframe(
        columns(pd.DataFrame({"hand": [r.hand_id for r in records], "players": [len(r.seats) for r in records]}), lang),
        hide_index=True,
        key="rec_list",
    )
    c1, c2 = st.columns(2)
    c1.download_button(
        _("Download them all (JSON Lines)"),
        data=native.write(records),
        file_name="recorded.jsonl",
        mime="application/jsonl",
        key="rec_download_all",
    )
    c2.button(_("Audit them as the night"), key="rec_audit_all", on_click=_audit_recorded)
