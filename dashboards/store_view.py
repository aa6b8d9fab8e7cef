"""The Audit page over a store folder: the verdicts of every stored hand, and the problems found."""

from __future__ import annotations

import pandas as pd
import polars as pl
import streamlit as st

from analyzer.store.store import Store, StoreError
from dashboards import data, stores
from dashboards.context import Context
from dashboards.show import columns, md, verdict_label
from dashboards.strings import tr

SHOWN = 5000


@st.cache_data(show_spinner=False, max_entries=8)
def verdicts(sig: tuple[str, tuple[str, ...]]) -> dict[str, int]:
    """Stored hands by verdict."""
    frame = Store(sig[0]).scan("hands").group_by("verdict").len().collect()
    return {str(v): int(n) for v, n in frame.iter_rows()}


@st.cache_data(show_spinner=False, max_entries=8)
def problems(sig: tuple[str, tuple[str, ...]], limit: int) -> pl.DataFrame:
    """The first ``limit`` problems the imports' audits found."""
    return Store(sig[0]).scan("problems").head(limit).collect()


def audit(ctx: Context) -> None:
    lang = ctx.lang
    path = data.store_path(ctx)
    if path is None:
        st.info(tr("common.no_store", lang, path=md(ctx.store)))
        return
    store = Store(path)
    try:
        manifest = store.manifest()
        sig = stores.signature(store)
        counts = verdicts(sig)
        found = problems(sig, SHOWN)
    except (StoreError, OSError, pl.exceptions.PolarsError) as error:
        st.error(md(str(error)))
        return
    hands = sum(counts.values())
    st.markdown(tr("store.summary", lang, path=md(path), hands=hands, imports=len(manifest.imports)))
    cols = st.columns(4)
    for col, key in zip(cols, ("ok", "warn", "violation", "unreadable"), strict=True):
        col.metric(tr(f"verdict.{key}", lang), counts.get(key, 0))
    rows = [
        {
            "imported": log.at,
            "files": log.files,
            "stored": log.stored,
            "duplicate": log.duplicate,
            "rejected": log.rejected,
        }
        for log in manifest.imports
    ]
    if rows:
        st.dataframe(columns(pd.DataFrame(rows), lang), hide_index=True, key="store_imports")
    st.subheader(tr("audit.problems_title", lang))
    if found.height == 0:
        st.success(tr("audit.no_problems", lang))
        return
    table = found.to_pandas()
    table["verdict"] = [verdict_label(v) for v in table["verdict"]]
    st.dataframe(columns(table.rename(columns={"hand_id": "hand"}), lang), hide_index=True, key="store_problems")
    if found.height >= SHOWN:
        st.caption(tr("store.first_problems", lang, n=SHOWN))
