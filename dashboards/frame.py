"""The frame around every page: page settings, the sidebar (language, source, rule set), the navigation.

:func:`main` is all ``app.py`` calls. ``start`` makes another page the default, which the
tests use to open one page with the same sidebar and navigation the app has.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import streamlit as st

from analyzer.ruleset import preset_names
from dashboards import context
from dashboards.context import AUTO, Context
from dashboards.show import md
from dashboards.strings import LANG_NAMES, LANGS, tr
from dashboards.views import PAGES, Page

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
    lang = state[context.LANG] if state[context.LANG] in LANGS else "en"
    with st.sidebar:
        st.selectbox(tr("side.lang", lang), LANGS, format_func=LANG_NAMES.__getitem__, key=context.LANG)
        lang = state[context.LANG]
        st.radio(
            tr("side.source", lang),
            context.available_sources(),
            format_func=lambda s: tr(f"source.{s}", lang),
            key=context.SOURCE,
        )
        if state[context.SOURCE] == "store":
            st.text_input(tr("side.store_dir", lang), key=context.STORE_DIR)
        st.selectbox(
            tr("side.rules", lang),
            (AUTO, *TABLE_PRESETS),
            format_func=lambda r: tr("rules.auto", lang) if r == AUTO else r,
            key=context.RULES,
            help=tr("side.rules_help", lang),
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
            lang = context.current().lang
            st.error(tr("page.failed", lang, kind=type(error).__name__, what=md(str(error).split("\n", 1)[0][:200])))

    return render


def page_of(page: Page, lang: str, *, default: bool = False) -> st.Page:
    return st.Page(guarded(page), title=tr(page.title, lang), url_path=page.slug, icon=page.icon, default=default)


def main(start: str | None = None) -> None:
    st.set_page_config(page_title="sixplus", page_icon="🂡", layout="wide")
    ctx = sidebar()
    first = start or PAGES[0].slug
    st.navigation([page_of(p, ctx.lang, default=p.slug == first) for p in PAGES]).run()
