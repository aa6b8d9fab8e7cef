"""Every Streamlit cache of the dashboard, in one place: each wrapper is one call to an
uncached function (:mod:`dashboards.loading`, :mod:`analyzer`), so what is cached, for how
many entries, and by which key is read here.

``st.cache_resource`` keeps one shared object (frozen records, stores, reports: sessions
share them without copies); ``st.cache_data`` gives each caller a copy (frames). An argument
whose name starts with ``_`` is not part of the key: the key argument before it says what
identifies it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import polars as pl
import streamlit as st

from analyzer import observed
from analyzer.audit.night import NightAudit, audit_files
from analyzer.casino import CasinoReport, report_bytes
from analyzer.equity.views import EquityTable, range_table
from analyzer.frequencies import Frequencies, exact_frequencies
from analyzer.stats import charts, query
from analyzer.stats.filters import Choices, Filters, filter_choices
from analyzer.stats.leaks import Check, find_leaks
from analyzer.store.store import Store
from dashboards import loading
from dashboards.uploads import Loaded, Upload

if TYPE_CHECKING:
    from dashboards.data import Night

Sig = tuple[str, tuple[str, ...]]  # a store's folder and committed batches (stores.signature)
Named = tuple[tuple[str, float], ...]  # paths with their modification times


# ---- the night: the sample, or files named on the command line (the same for every session)


@st.cache_resource(show_spinner=False)
def sample_uploads() -> tuple[Upload, ...]:
    return loading.sample_uploads()


@st.cache_resource(show_spinner=False, max_entries=4)
def shared_loaded(kind: str, named: Named) -> Loaded:
    """The sample night (``kind == "sample"``), or the files named on the command line."""
    if kind == "sample":
        from dashboards.uploads import read_uploads

        return read_uploads(sample_uploads())
    return loading.named_loaded(path for path, _ in named)


@st.cache_resource(show_spinner=False, max_entries=16)
def shared_audit(kind: str, named: Named, rules: str) -> NightAudit:
    return audit_files(shared_loaded(kind, named).files, rules=loading.rules_of(rules))


# ---- the store the Players and Frequencies pages read


@st.cache_resource(show_spinner=False, max_entries=4)
def night_store(key: tuple[object, ...], rules: str, _night: Night) -> Store:
    """The night's hands imported into a store of its own (``key``: what identifies its files)."""
    return loading.import_night(_night.loaded.files, rules)


@st.cache_data(show_spinner=False, max_entries=32)
def summary(sig: Sig, by: query.Grouping, player: str | None, filters: Filters | None = None) -> pl.DataFrame:
    store = Store(sig[0])
    return query.summary(store.scan("presum"), store.scan("allin_ev"), by=by, player=player, filters=filters)


@st.cache_data(show_spinner=False, max_entries=32)
def sessions(sig: Sig, player: str | None, filters: Filters | None = None) -> pl.DataFrame:
    store = Store(sig[0])
    return query.sessions(*query.session_tables(store.scan, filters=filters), player=player, filters=filters)


@st.cache_resource(show_spinner=False, max_entries=16)
def comparisons(sig: Sig) -> tuple[observed.Comparison, ...]:
    return observed.compare(Store(sig[0]).scan("players"))


@st.cache_data(show_spinner=False, max_entries=32)
def results_over_hands(sig: Sig, player: str) -> pl.DataFrame:
    store = Store(sig[0])
    return charts.results_over_hands(store.scan("players"), store.scan("allin_ev"), player=player)


@st.cache_data(show_spinner=False, max_entries=32)
def starting_hands(sig: Sig, deck: int, player: str | None) -> pl.DataFrame:
    return charts.starting_hands(Store(sig[0]).scan("players"), deck=deck, player=player)


@st.cache_data(show_spinner=False, max_entries=16)
def rankings(sig: Sig) -> list[str]:
    """The hand rankings of the store's hands."""
    frame = Store(sig[0]).scan("hands").select(pl.col("ranking").unique()).collect()
    return [str(r) for r in frame["ranking"].to_list() if r]


@st.cache_data(show_spinner=False, max_entries=8)
def choices(sig: Sig) -> Choices:
    return filter_choices(Store(sig[0]).scan("players"))


@st.cache_data(show_spinner=False, max_entries=16)
def leaks(sig: Sig, player: str, filters: Filters, level: float) -> tuple[Check, ...]:
    store = Store(sig[0])
    return find_leaks(
        store.scan("players"), player=player, filters=filters, level=level, presummed=store.scan("presum")
    )


@st.cache_data(show_spinner=False, max_entries=8)
def verdicts(sig: Sig) -> dict[str, int]:
    """Stored hands by verdict."""
    frame = Store(sig[0]).scan("hands").group_by("verdict").len().collect()
    return {str(v): int(n) for v, n in frame.iter_rows()}


@st.cache_data(show_spinner=False, max_entries=8)
def problems(sig: Sig, limit: int) -> pl.DataFrame:
    """The first ``limit`` problems the imports' audits found."""
    return Store(sig[0]).scan("problems").head(limit).collect()


# ---- the pages' own computations


@st.cache_resource(show_spinner=False, max_entries=8)
def exact(ranking: str, cards: int) -> Frequencies:
    """The exact frequencies of every hand category (the Frequencies page)."""
    return exact_frequencies(ranking=ranking, cards=cards)


@st.cache_data(show_spinner=False, max_entries=64)
def equity(ranges: tuple[str, ...], board: str, dead: str, ranking: str, samples: int, seed: int) -> EquityTable:
    """Ranges against each other (the Equity page)."""
    return range_table(ranges, board=board, dead=dead, ranking=ranking, samples=samples, seed=seed)


@st.cache_resource(show_spinner=False, max_entries=8)
def casino_report(key: tuple[tuple[str, int, int], ...], _files: tuple[tuple[str, bytes], ...]) -> CasinoReport:
    """The audit and margins of a casino session (``key``: the files' names, sizes and hashes)."""
    return report_bytes(_files)
