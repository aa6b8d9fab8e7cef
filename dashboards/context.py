"""What the sidebar chose (language, where the hands come from, the rule set), and the session keys.

Every widget key and every session-state key of the app is a constant here, so that pages,
the sidebar and the tests agree on them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Literal, get_args

import streamlit as st

from analyzer.i18n import LANGS

Source = Literal["sample", "upload", "files", "store"]
SOURCES: tuple[Source, ...] = get_args(Source)
AUTO = "auto"

# sidebar widgets
LANG = "lang"
SOURCE = "source"
RULES = "rules"
STORE_DIR = "store_dir"
# data the pages share (not widgets)
UPLOADS = "uploads"  # tuple[Upload, ...]: the files dropped on the audit page
LEDGER_TABLE = "settlement_typed"  # the buy-ins and cash-outs typed on the settlement page
RECORDED = "recorded"  # tuple[HandRecord, ...]: hands saved in the recorder this session
REPLAY_HAND = "replay_hand"
REPLAY_STEP = "replay_step"
MEMO = "_memo"

#: environment variables ``sixplus dashboard`` passes on
ENV_STORE = "SIXPLUS_STORE"
ENV_FILES = "SIXPLUS_FILES"  # paths separated by os.pathsep
ENV_SAMPLE = "SIXPLUS_SAMPLE"  # "1": open on the sample night even if a store is given


@dataclass(frozen=True, slots=True)
class Context:
    lang: str  # en, de or es
    source: Source
    rules: str  # AUTO (each hand by its source) or a preset name
    store: str  # the store folder ("" when none)


def default_source() -> Source:
    if os.environ.get(ENV_SAMPLE) == "1":
        return "sample"
    if os.environ.get(ENV_FILES):
        return "files"
    if os.environ.get(ENV_STORE):
        return "store"
    return "sample"


def available_sources() -> tuple[Source, ...]:
    """The sources the sidebar offers: files named on the command line only when there are some."""
    return tuple(s for s in SOURCES if s != "files" or os.environ.get(ENV_FILES))


def default_store() -> str:
    """The store folder to offer: ``--store`` of ``sixplus dashboard``, else the default one."""
    given = os.environ.get(ENV_STORE)
    if given:
        return given
    from analyzer.store.store import default_store_dir

    return str(default_store_dir())


def command_line_files() -> tuple[str, ...]:
    return tuple(p for p in os.environ.get(ENV_FILES, "").split(os.pathsep) if p)


def current() -> Context:
    """The sidebar's choices (defaults before the sidebar has run)."""
    state = st.session_state
    lang = state.get(LANG, "en")
    source = state.get(SOURCE, default_source())
    return Context(
        lang=lang if lang in LANGS else "en",
        source=source if source in SOURCES else "sample",
        rules=state.get(RULES, AUTO),
        store=state.get(STORE_DIR) or os.environ.get(ENV_STORE, ""),
    )
