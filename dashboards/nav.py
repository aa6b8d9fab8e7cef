"""Moving between pages (the replayer from a problem of the audit)."""

from __future__ import annotations

import streamlit as st

from dashboards import context


def goto(slug: str) -> None:
    """Open another page of the navigation by its slug."""
    from dashboards.frame import page_of  # the frame imports every page, and pages import this
    from dashboards.views import PAGES

    for page in PAGES:
        if page.slug == slug:
            st.switch_page(page_of(page, context.current().lang))
    raise KeyError(slug)
