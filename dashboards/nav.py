"""Moving between pages (the replayer from a problem of the audit).

The frame registers the navigation's pages on each run (:func:`register`); a page asks for
another by its slug (:func:`goto`). This module imports neither the frame nor the pages, so
a page can import it without an import cycle.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

PAGES_KEY = "nav_pages"  # session state: slug -> the navigation's page of this run


def register(pages: Mapping[str, Any]) -> None:
    """The navigation's pages of this run, by slug (``st.Page`` values)."""
    st.session_state[PAGES_KEY] = dict(pages)


def goto(slug: str) -> None:
    """Open another page of the navigation by its slug."""
    pages = st.session_state.get(PAGES_KEY) or {}
    if slug not in pages:
        raise KeyError(slug)
    st.switch_page(pages[slug])
