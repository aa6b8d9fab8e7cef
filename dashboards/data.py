"""The night every page shows: read from the chosen source, audited under the chosen rules, cached.

The sample night and files named on the command line are the same for every session:
their reading and audit are cached once (:mod:`dashboards.cache`, ``st.cache_resource``: the
records are frozen, so sessions share them without copies). Uploads are the session's own: they are read and
audited once per set of files and rule set, with a progress bar, and kept in the session.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from analyzer.audit.night import NightAudit, audit_files
from analyzer.i18n import _, f_, render
from dashboards import cache, context, viewmodel
from dashboards.context import Context
from dashboards.loading import (  # where the sample night is; the tests and pages read these here
    SAMPLE_BUYINS,
    SAMPLE_NIGHT,
    SAMPLES,
    rules_of,
    sample_files,
    simulated_night,
)
from dashboards.show import md
from dashboards.uploads import FileIssue, Loaded, Upload, read_uploads
from dashboards.words import SOURCES, word
from parsers.formats import ParsedFile


@dataclass(frozen=True, slots=True)
class Night:
    """The hands of the chosen source, read and audited."""

    label: str
    loaded: Loaded
    audit: NightAudit
    rules: str
    key: tuple[object, ...]  # what identifies its files (not the rules)


def _named(kind: str) -> tuple[tuple[str, float], ...]:
    """The paths named on the command line with their modification times (a change reads them again)."""
    if kind == "sample":
        return ()
    out = []
    for path in context.command_line_files():
        try:
            out.append((path, os.stat(path).st_mtime))
        except OSError:
            out.append((path, 0.0))
    return tuple(out)


def _memo() -> dict[object, object]:
    memo = st.session_state.setdefault(context.MEMO, {})
    assert isinstance(memo, dict)
    return memo


def uploads() -> tuple[Upload, ...]:
    found = st.session_state.get(context.UPLOADS, ())
    return tuple(u for u in found if isinstance(u, Upload))


def _ticking(files: Iterable[ParsedFile], total: int, lang: str) -> Iterator[ParsedFile]:
    bar = st.progress(0.0, text=f_("Auditing the hands of {files} files", files=total))
    for n, f in enumerate(files, 1):
        yield f
        bar.progress(n / max(total, 1), text=f_("Auditing the hands of {files} files", files=total))
    bar.empty()


def _uploaded_night(ctx: Context) -> Night | None:
    files = uploads()
    if not files:
        return None
    memo = _memo()
    key = tuple((u.name, u.digest) for u in files)
    loaded = memo.get(("loaded", key))
    if not isinstance(loaded, Loaded):
        bar = st.progress(0.0, text=f_("Reading {name} ({done} of {total})", name="", done=0, total=len(files)))

        def progress(done: int, total: int, name: str) -> None:
            bar.progress(
                done / max(total, 1), text=f_("Reading {name} ({done} of {total})", name=name, done=done, total=total)
            )

        loaded = read_uploads(files, progress=progress)
        bar.empty()
        for old in [k for k in memo if isinstance(k, tuple) and k[0] == "loaded"]:
            del memo[old]
        memo[("loaded", key)] = loaded
    audit = memo.get(("audit", key, ctx.rules))
    if not isinstance(audit, NightAudit):
        audit = audit_files(_ticking(loaded.files, len(loaded.files), ctx.lang), rules=rules_of(ctx.rules))
        for old in [k for k in memo if isinstance(k, tuple) and k[0] == "audit"]:
            del memo[old]
        memo[("audit", key, ctx.rules)] = audit
    return Night(_("uploaded files"), loaded, audit, ctx.rules, ("upload", key))


def night(ctx: Context | None = None, *, notice: bool = True) -> Night | None:
    """The night of the sidebar's source; None for a store folder or an empty upload.

    With ``notice`` a page says in one line which files gave no hands (the Audit page lists them all).
    """
    ctx = ctx or context.current()
    if ctx.source == "upload":
        found = _uploaded_night(ctx)
    elif ctx.source == "store":
        return None
    else:
        kind = "files" if ctx.source == "files" else "sample"
        named = _named(kind)
        with st.spinner(_("Reading and auditing the hands…")):
            loaded = cache.shared_loaded(kind, named)
            audit = cache.shared_audit(kind, named, ctx.rules)
        found = Night(word(SOURCES, kind), loaded, audit, ctx.rules, (kind, named))
    if notice and found is not None and found.loaded.issues:
        first = found.loaded.issues[0]
        st.warning(viewmodel.night_notice(len(found.loaded.issues), md(render(first.message))))
    return found


def store_path(ctx: Context) -> Path | None:
    """The store folder of the sidebar, if it is one."""
    if ctx.source != "store" or not ctx.store:
        return None
    path = Path(os.path.expanduser(ctx.store))
    return path if path.is_dir() else None


def issues_of(n: Night) -> tuple[FileIssue, ...]:
    return n.loaded.issues


__all__ = ["SAMPLES", "SAMPLE_BUYINS", "SAMPLE_NIGHT", "Night", "night", "rules_of", "sample_files", "simulated_night"]
