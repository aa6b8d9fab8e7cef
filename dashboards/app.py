"""The sixplus dashboard: builds the navigation and nothing else."""

from __future__ import annotations

import streamlit as st

from dashboards.pages import PAGES

st.set_page_config(page_title="sixplus", page_icon="🂡", layout="wide")
st.navigation([st.Page(page.render, title=page.title, url_path=page.slug, icon=page.icon) for page in PAGES]).run()
