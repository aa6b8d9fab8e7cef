"""Divergence: what another rule set would have changed on the night (``sixplus diverge``).

Every hand of the night is replayed under two rule sets (:func:`analyzer.diverge.diverge`,
the one call); the page lists the hands whose winners or payouts change, each player's net
under both, and the totals per player."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from analyzer.diverge import Divergence, diverge
from analyzer.i18n import _
from analyzer.ruleset import load_rules, preset_names
from dashboards import context, data
from dashboards.show import md, money

RULES = "diverge_rules"
AGAINST = "diverge_against"
PRESETS = tuple(n for n in preset_names() if n != "sixplus-casino")


def render() -> None:
    ctx = context.current()
    st.title(_("What another rule set would have changed"))
    st.caption(
        _(
            "Every hand replayed under both rule sets, the actions as the source states them; "
            "the hands whose winners or payouts change, with each player's net under both."
        )
    )
    night = data.night(ctx)
    if night is None or not night.audit.records:
        st.info(_("No hands to compare: open a night (sample, files or an upload) in the sidebar."))
        return
    state = st.session_state
    state.setdefault(RULES, "shortdeck" if "shortdeck" in PRESETS else PRESETS[0])
    state.setdefault(AGAINST, "shortdeck-trips" if "shortdeck-trips" in PRESETS else PRESETS[-1])
    left, right = st.columns(2)
    rules = left.selectbox(_("Rule set"), PRESETS, key=RULES)
    against = right.selectbox(_("Against"), PRESETS, key=AGAINST)
    if rules == against:
        st.info(_("Choose two different rule sets."))
        return
    with st.spinner(_("Replaying every hand under both rule sets…")):
        result = diverge(night.audit.records.values(), load_rules(rules), load_rules(against))
    show(result)


def show(result: Divergence) -> None:
    changed = len(result.changes)
    summary = _("{changed} of {hands} hands change between {rules} and {against}").format(
        changed=changed, hands=result.hands, rules=result.rules, against=result.against
    )
    if result.same:
        st.success(md(summary))
    else:
        st.warning(md(summary))
    if result.not_compared:
        st.caption(
            md(
                _("{n} hands not compared (hole cards at the showdown not all known)").format(
                    n=len(result.not_compared)
                )
            )
        )
    if not changed:
        return
    decimals = max(c.decimals for c in result.changes)
    currency = result.changes[0].currency
    st.subheader(_("Totals per player"))
    st.dataframe(
        pd.DataFrame(
            [
                {
                    _("player"): name,
                    result.rules: money(first, decimals, currency),
                    result.against: money(second, decimals, currency),
                    _("difference"): money(second - first, decimals, currency),
                }
                for name, first, second in result.totals
            ]
        ),
        hide_index=True,
        key="diverge_totals",
    )
    st.subheader(_("Hands that change"))
    rows = []
    for change in result.changes:
        nets = "; ".join(
            f"{name} {money(a, change.decimals, change.currency)} → {money(b, change.decimals, change.currency)}"
            for name, a, b in change.changed
        )
        if not change.pots:  # the same winners, other amounts (an odd chip, say)
            rows.append({_("hand"): change.hand_id, _("nets that change"): nets})
        for pot in change.pots:
            rows.append(
                {
                    _("hand"): change.hand_id,
                    _("pot"): _("main") if pot.index == 0 else _("side {n}").format(n=pot.index),
                    _("amount"): money(pot.amount, change.decimals, change.currency),
                    result.rules: f"{', '.join(pot.winners)} ({pot.hand})",
                    result.against: f"{', '.join(pot.winners_against)} ({pot.hand_against})",
                    _("nets that change"): nets,
                }
            )
    st.dataframe(pd.DataFrame(rows), hide_index=True, key="diverge_hands")
