"""The first page while the audit pages are being built."""

from __future__ import annotations

import streamlit as st


def render() -> None:
    st.title("sixplus")
    st.write(
        "Read poker hand histories of Short Deck (6+) and Texas Hold'em, re-check every action "
        "and pot split against a rule set, and see what happened."
    )
    st.info(
        "Coming next on this dashboard: the audit of a night's hands, settlement, player "
        "statistics, frequencies against exact probabilities, a hand replayer and quizzes."
    )
