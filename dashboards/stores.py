"""The store the Players and Frequencies pages read, and their cached queries.

A store folder is read as it is. A night (the sample, uploads, files from the command line)
is imported once into a store of its own in a temporary folder (removed when the server
stops), so that the statistics of a night and of a store come from the same queries.
"""

from __future__ import annotations

import atexit
import re
import shutil
import tempfile
from pathlib import Path

import polars as pl
import streamlit as st

from analyzer import observed
from analyzer.detect import rules_for
from analyzer.ruleset import RuleSet
from analyzer.stats import charts as queries
from analyzer.stats import query
from analyzer.store.allin_pass import fill_allin_ev
from analyzer.store.importer import import_paths
from analyzer.store.store import Store
from dashboards import data
from dashboards.context import Context
from parsers import native
from parsers.record import HandRecord

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_ORIGINAL: dict[str, str] = {}  # a night store's file -> the name it was uploaded as


def original_name(file: str | None) -> str:
    """The name a night's file was uploaded as (a store's own files keep their names)."""
    return _ORIGINAL.get(file or "", file or "")


def _fixed(rules: RuleSet) -> object:
    def chosen(record: HandRecord) -> RuleSet:
        return rules

    return chosen


@st.cache_resource(show_spinner=False, max_entries=4)
def night_store(key: tuple[object, ...], rules: str, _night: data.Night) -> Store:
    """The night's hands imported into a store in a temporary folder (one import, one all-in pass)."""
    folder = Path(tempfile.mkdtemp(prefix="sixplus-night-"))
    atexit.register(shutil.rmtree, folder, True)
    paths = []
    for n, parsed in enumerate(_night.loaded.files):
        if not parsed.hands:
            continue
        name = _UNSAFE.sub("_", Path(parsed.file).name)[-80:] or "hands"
        path = folder / "files" / f"{n:04d}-{name}.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(native.write(parsed.hands), encoding="utf-8")
        paths.append(path)
        _ORIGINAL[str(path)] = parsed.file
    store = Store(folder / "store")
    chosen = data.rules_of(rules)
    import_paths(paths, store, workers=1, rules_for=_fixed(chosen) if chosen else rules_for)  # type: ignore[arg-type]
    fill_allin_ev(store, workers=1)
    return store


def store_of(ctx: Context, night: data.Night | None) -> Store | None:
    """The store to read: the sidebar's folder, or the night's own."""
    if ctx.source == "store":
        path = data.store_path(ctx)
        return Store(path) if path is not None else None
    if night is None:
        return None
    return night_store(night.key, night.rules, night)


def signature(store: Store) -> tuple[str, tuple[str, ...]]:
    """What identifies a store's content: its folder and committed batches."""
    return str(store.root), tuple(b.name for b in store.manifest().batches)


@st.cache_data(show_spinner=False, max_entries=32)
def summary(sig: tuple[str, tuple[str, ...]], by: query.Grouping, player: str | None) -> pl.DataFrame:
    store = Store(sig[0])
    return query.summary(store.scan("players"), store.scan("allin_ev"), by=by, player=player)


@st.cache_data(show_spinner=False, max_entries=32)
def sessions(sig: tuple[str, tuple[str, ...]], player: str | None) -> pl.DataFrame:
    store = Store(sig[0])
    return query.sessions(store.scan("players"), store.scan("allin_ev"), player=player)


@st.cache_resource(show_spinner=False, max_entries=16)
def comparisons(sig: tuple[str, tuple[str, ...]]) -> tuple[observed.Comparison, ...]:
    return observed.compare(Store(sig[0]).scan("players"))


def players(sig: tuple[str, tuple[str, ...]]) -> list[str]:
    """Every player in the store, the most hands first."""
    frame = summary(sig, "player", None).sort(["hands", "player"], descending=[True, False])
    return list(dict.fromkeys(str(p) for p in frame["player"].to_list()))


@st.cache_data(show_spinner=False, max_entries=32)
def results_over_hands(sig: tuple[str, tuple[str, ...]], player: str) -> pl.DataFrame:
    store = Store(sig[0])
    return queries.results_over_hands(store.scan("players"), store.scan("allin_ev"), player=player)


@st.cache_data(show_spinner=False, max_entries=32)
def starting_hands(sig: tuple[str, tuple[str, ...]], deck: int, player: str | None) -> pl.DataFrame:
    return queries.starting_hands(Store(sig[0]).scan("players"), deck=deck, player=player)


@st.cache_data(show_spinner=False, max_entries=16)
def decks(sig: tuple[str, tuple[str, ...]]) -> list[int]:
    """The deck sizes of the store's hands (from the rule sets' rankings), short deck first."""
    rankings = {str(r) for r in summary_rankings(sig)}
    return sorted({52 if r == "standard" else 36 for r in rankings})


def summary_rankings(sig: tuple[str, tuple[str, ...]]) -> list[str]:
    frame = Store(sig[0]).scan("hands").select(pl.col("ranking").unique()).collect()
    return [str(r) for r in frame["ranking"].to_list() if r]
