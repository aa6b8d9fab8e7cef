"""The night every page shows: read from the chosen source, audited under the chosen rules, cached.

The sample night and files named on the command line are the same for every session:
their reading and audit are cached once (``st.cache_resource``: the records are frozen, so
sessions share them without copies). Uploads are the session's own: they are read and
audited once per set of files and rule set, with a progress bar, and kept in the session.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from analyzer.audit.night import NightAudit, audit_files
from analyzer.i18n import _, f_
from analyzer.ruleset import RuleSet, load_rules
from dashboards import context
from dashboards.context import AUTO, Context
from dashboards.show import md
from dashboards.uploads import FileIssue, Loaded, Upload, read_uploads, uploads_from_paths
from dashboards.words import SOURCES, word
from parsers.formats import ParsedFile

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"
SAMPLE_SEED = 6
SAMPLE_HANDS = 240
SAMPLE_FAULTS = 4


@dataclass(frozen=True, slots=True)
class Night:
    """The hands of the chosen source, read and audited."""

    label: str
    loaded: Loaded
    audit: NightAudit
    rules: str
    key: tuple[object, ...]  # what identifies its files (not the rules)


SAMPLE_NIGHT = SAMPLES / "shortdeck-night-errors.jsonl"  # the audit demo: a night with planted errors
SAMPLE_BUYINS = SAMPLES / "shortdeck-night-buyins.csv"  # its buy-ins and cash-outs, for the settlement


def sample_files() -> tuple[Path, ...]:
    """The bundled sample night and its buy-ins (``make samples`` writes them), if they are there."""
    return tuple(p for p in (SAMPLE_NIGHT, SAMPLE_BUYINS) if SAMPLE_NIGHT.is_file() and p.is_file())


def simulated_night() -> tuple[Upload, ...]:
    """A seeded short-deck night with planted faults, when no sample night is bundled."""
    from analyzer.simulate import inject_faults, simulate
    from parsers.formats import write

    rules = load_rules("shortdeck")
    records = list(simulate(rules, hands=SAMPLE_HANDS, players=6, seed=SAMPLE_SEED, prefix="night"))
    records, _ = inject_faults(records, SAMPLE_FAULTS, rules, seed=SAMPLE_SEED)
    return (Upload("sample-night.jsonl", write(records, "native").encode()),)


@st.cache_resource(show_spinner=False)
def _sample_uploads() -> tuple[Upload, ...]:
    files = sample_files()
    if files:
        uploads, _ = uploads_from_paths(files)
        return tuple(Upload(Path(u.name).name, u.data) for u in uploads)
    return simulated_night()


@st.cache_resource(show_spinner=False, max_entries=4)
def _shared_loaded(kind: str, named: tuple[tuple[str, float], ...]) -> Loaded:
    """The sample night, or the files named on the command line (the same for every session)."""
    if kind == "sample":
        return read_uploads(_sample_uploads())
    uploads, issues = uploads_from_paths(path for path, _ in named)
    loaded = read_uploads(uploads)
    return Loaded(loaded.files, loaded.ledgers, issues + loaded.issues, loaded.buyins, loaded.money)


@st.cache_resource(show_spinner=False, max_entries=16)
def _shared_audit(kind: str, named: tuple[tuple[str, float], ...], rules: str) -> NightAudit:
    return audit_files(_shared_loaded(kind, named).files, rules=rules_of(rules))


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


def rules_of(name: str) -> RuleSet | None:
    return None if name == AUTO else load_rules(name)


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
            loaded = _shared_loaded(kind, named)
            audit = _shared_audit(kind, named, ctx.rules)
        found = Night(word(SOURCES, kind), loaded, audit, ctx.rules, (kind, named))
    if notice and found is not None and found.loaded.issues:
        first = found.loaded.issues[0]
        st.warning(
            f_(  # "file(s)" as the dashboard tests read it
                "{n} file(s) gave no hands (the Audit page lists them), the first: {first}",
                n=len(found.loaded.issues),
                first=md(first.message),
            )
        )
    return found


def store_path(ctx: Context) -> Path | None:
    """The store folder of the sidebar, if it is one."""
    if ctx.source != "store" or not ctx.store:
        return None
    path = Path(os.path.expanduser(ctx.store))
    return path if path.is_dir() else None


def issues_of(n: Night) -> tuple[FileIssue, ...]:
    return n.loaded.issues
