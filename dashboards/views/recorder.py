"""Recorder: enter a live short-deck hand (seats, stacks, a compact action line), checked as you type.

The fields make a hand of the compact text of :mod:`parsers.compact`; the engine audits it
on every change; the hand is saved as native JSON Lines (a download, and the session's list
of recorded hands, which the Audit page can take as its night). Widgets, one call
(:func:`dashboards.viewmodel.recorder.recorded_view`), the layout.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from analyzer.i18n import _
from dashboards import context
from dashboards.show import columns, md
from dashboards.uploads import Upload
from dashboards.viewmodel import recorder as vm
from dashboards.viewmodel.recorder import (  # the fields' keys and defaults (the tests fill them in)
    ACTIONS,
    BUTTON,
    DEFAULTS,
    HAND_ID,
    RECORDER_RULES,
    RULES,
    SEATS,
    STAKES,
    compact_text,
)
from parsers import native
from parsers.record import HandRecord

__all__ = ["ACTIONS", "BUTTON", "DEFAULTS", "HAND_ID", "RULES", "SEATS", "STAKES", "compact_text", "render"]


def _add(record: HandRecord) -> None:
    st.session_state[context.RECORDED] = vm.kept(st.session_state.get(context.RECORDED, ()), record)


def _audit_recorded() -> None:
    records = st.session_state.get(context.RECORDED, ())
    st.session_state[context.UPLOADS] = (Upload("recorded.jsonl", native.write(records).encode()),)
    st.session_state[context.SOURCE] = "upload"


def render() -> None:
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
    view = vm.recorded_view(text, rules)
    with st.expander(_("The hand as compact text")):
        st.code(text, language=None, line_numbers=True)
    if view.record is None:
        st.error(_("Not a hand yet:") + " " + md(view.error))
        return
    (st.success if view.ok else st.warning)(view.line)
    for code, where, message in view.problems:
        st.markdown(f"- `{code}` {where}: {md(message)}")
    st.dataframe(columns(pd.DataFrame(view.ledger)), hide_index=True, key="rec_ledger")
    c6, c7 = st.columns(2)
    c6.download_button(
        _("Download as native JSON Lines"),
        data=native.write([view.record]),
        file_name=f"{view.record.hand_id}.jsonl",
        mime="application/jsonl",
        key="rec_download",
    )
    c7.button(_("Add to this session's hands"), key="rec_add", on_click=_add, args=(view.record,))
    recorded()


def recorded() -> None:
    records = st.session_state.get(context.RECORDED, ())
    if not records:
        return
    st.subheader(vm.session_heading(records))
    st.dataframe(columns(pd.DataFrame(vm.session_rows(records))), hide_index=True, key="rec_list")
    c1, c2 = st.columns(2)
    c1.download_button(
        _("Download them all (JSON Lines)"),
        data=native.write(records),
        file_name="recorded.jsonl",
        mime="application/jsonl",
        key="rec_download_all",
    )
    c2.button(_("Audit them as the night"), key="rec_audit_all", on_click=_audit_recorded)
