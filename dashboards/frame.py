"""The frame around every page: page settings, the sidebar (language, source, rule set), the navigation.

:func:`main` is all ``app.py`` calls. ``start`` makes another page the default, which the
tests use to open one page with the same sidebar and navigation the app has.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import streamlit as st

from analyzer.i18n import LANG_NAMES, LANGS, _, f_, reset_language, set_language
from analyzer.ruleset import preset_names
from dashboards import context, nav
from dashboards.context import AUTO, Context
from dashboards.show import md
from dashboards.views import PAGES, Page
from dashboards.words import PAGE_TITLES, SOURCES, word

LOG = logging.getLogger("sixplus.dashboard")
TABLE_PRESETS = tuple(n for n in preset_names() if n != "sixplus-casino")


def sidebar() -> Context:
    state = st.session_state
    state.setdefault(context.LANG, "en")
    state.setdefault(context.SOURCE, context.default_source())
    state.setdefault(context.RULES, AUTO)
    state.setdefault(context.STORE_DIR, context.default_store())
    if state[context.SOURCE] not in context.available_sources():
        state[context.SOURCE] = "sample"
    set_language(state[context.LANG])  # every text of this run, the sidebar's and the page's
    with st.sidebar:
        st.selectbox(_("Language"), LANGS, format_func=LANG_NAMES.__getitem__, key=context.LANG)
        set_language(state[context.LANG])
        st.radio(
            _("Hands from"),
            context.available_sources(),
            format_func=lambda s: word(SOURCES, s),
            key=context.SOURCE,
        )
        if state[context.SOURCE] == "store":
            st.text_input(_("Store folder"), key=context.STORE_DIR)
        st.selectbox(
            _("Rule set"),
            (AUTO, *TABLE_PRESETS),
            format_func=lambda r: _("auto (per hand)") if r == AUTO else r,
            key=context.RULES,
            help=_("auto: each hand under the rules its source states; a preset: every hand under it"),
        )
    return context.current()


def guarded(page: Page) -> Callable[[], None]:
    """The page's render, with any failure shown as one line (no traceback, no server path
    reaches the page) and the details written to the server log."""

    def render() -> None:
        try:
            page.render()
        except Exception as error:
            LOG.exception("page %s failed", page.slug)
            st.error(
                f_(
                    "This page could not be shown ({kind}: {what}); the details are in the server log.",
                    kind=type(error).__name__,
                    what=md(str(error).split("\n", 1)[0][:200]),
                )
            )

    return render


def page_of(page: Page, lang: str, *, default: bool = False) -> st.Page:
    return st.Page(
        guarded(page), title=word(PAGE_TITLES, page.slug), url_path=page.slug, icon=page.icon, default=default
    )


def main(start: str | None = None) -> None:
    st.set_page_config(page_title="sixplus", page_icon="🂡", layout="wide")
    token = set_language(st.session_state.get(context.LANG))  # this run's language, given back at its end
    try:
        ctx = sidebar()
        first = start or PAGES[0].slug
        pages = {p.slug: page_of(p, ctx.lang, default=p.slug == first) for p in PAGES}
        nav.register(pages)
        st.navigation(list(pages.values())).run()
    finally:
        reset_language(token)
