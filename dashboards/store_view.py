"""The Audit page over a store folder: the verdicts of every stored hand, and the problems found."""

from __future__ import annotations

import pandas as pd
import polars as pl
import streamlit as st

from analyzer.i18n import _, f_
from analyzer.store.store import Store, StoreError
from dashboards import cache, data, stores, viewmodel
from dashboards.context import Context
from dashboards.show import columns, md, verdict_label
from dashboards.words import VERDICTS, word

SHOWN = 5000


def audit(ctx: Context) -> None:
    lang = ctx.lang
    path = data.store_path(ctx)
    if path is None:
        st.info(
            f_(
                "No store at {path}: import hands with `sixplus import FILES --store DIR`, or choose another source.",
                path=md(ctx.store),
            )
        )
        return
    store = Store(path)
    try:
        manifest = store.manifest()
        sig = stores.signature(store)
        counts = cache.verdicts(sig)
        found = cache.problems(sig, SHOWN)
    except (StoreError, OSError, pl.exceptions.PolarsError) as error:
        st.error(md(str(error)))
        return
    hands = sum(counts.values())
    st.markdown(viewmodel.store_line(md(path), hands, len(manifest.imports)))
    cols = st.columns(4)
    for col, key in zip(cols, ("ok", "warn", "violation", "unreadable"), strict=True):
        col.metric(word(VERDICTS, key), counts.get(key, 0))
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
    st.subheader(_("Problems, explained"))
    if found.height == 0:
        st.success(_("No problems in these hands."))
        return
    table = found.to_pandas()
    table["verdict"] = [verdict_label(v) for v in table["verdict"]]
    st.dataframe(columns(table.rename(columns={"hand_id": "hand"}), lang), hide_index=True, key="store_problems")
    if found.height >= SHOWN:
        st.caption(f_("The first {n} problems.", n=SHOWN))
