"""``sixplus import PATH... [--store DIR] [--format F] [--workers N] [--cluster local[:N]|tcp://HOST:PORT]
[--no-equity] [--json]``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from analyzer.cli.errors import EXIT_CANNOT_RUN, EXIT_OK, EXIT_PROBLEMS, user_errors
from analyzer.cli.helptext import HelpCommand
from analyzer.cli.inputs import FORMATS_HELP
from analyzer.cli.progress import tqdm_bar
from analyzer.i18n import N_, Join, _, f_, fn_, msg, nmsg
from analyzer.store.allin_pass import fill_allin_ev
from analyzer.store.importer import FileReport, ImportReport, import_paths
from analyzer.store.store import Store
from parsers.errors import strip_place

if TYPE_CHECKING:
    from analyzer.store.cluster import Cluster


HELP = N_(
    "Audit the hand histories of PATHS (files, folders, .zip archives) and add them to the\n"
    "store, each hand once. Every hand is audited as `sixplus audit` does it, the checks\n"
    "between hands included, so both give the same verdicts.\n"
    "\n"
    "Every hand read ends in exactly one place: stored, duplicate (already in the store),\n"
    "or rejected with its reason and line; a tournament summary is named and skipped. A killed\n"
    "import leaves the store as it was; running it again finishes the job. The default store is ~/.local/share/sixplus\n"  # noqa: E501
    "($XDG_DATA_HOME/sixplus). Exit 0: all stored or duplicate and audited fine; 1: some\n"
    "hands rejected, or a violation or unreadable hand found; 2: no hand could be read.\n"
    "\n"
    "With --cluster the tasks run on Dask (each writes its own part of the store; the store\n"
    "must be on a disk every worker sees); the all-in equities are computed there too. A store has one\n"
    "writer: a second import into it stops with one line and changes nothing.\n"
    "\n"
    "Example: sixplus import night1.txt night2.csv --store ~/poker/store"
)


@click.command("import", cls=HelpCommand, epilog=FORMATS_HELP, help=HELP)
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--store", "store_dir", type=click.Path(file_okay=False), default=None, help=N_("Store folder."))
@click.option("--format", "format_name", default="auto", show_default=True, help=N_("Format of every file."))
@click.option("--workers", type=click.IntRange(1), default=None, help=N_("Processes that parse and audit (default 2)."))
@click.option(
    "--cluster",
    metavar="local[:N]|tcp://HOST:PORT",
    default=None,
    help=N_(
        "Run the tasks on Dask: a LocalCluster of N processes, or a running scheduler (the store on a shared disk)."
    ),
)
@click.option("--no-equity", is_flag=True, help=N_("Leave the all-in equities for a later import."))
@click.option("--json", "as_json", is_flag=True, help=N_("One JSON object a file, then a summary line."))
def command(
    paths: tuple[str, ...],
    store_dir: str | None,
    format_name: str,
    workers: int | None,
    cluster: str | None,
    no_equity: bool,
    as_json: bool,
) -> None:
    with user_errors():
        store = _shared(Store(store_dir), cluster)
        # the lock held from the first write to the equity pass's last commit
        with store.locked(), _runner(cluster) as runner:
            report = import_paths(
                list(paths), store, workers=workers, format=format_name, progress=tqdm_bar, runner=runner
            )
            equity = runner.ordered if runner else None
            equity_hands = 0 if no_equity else fill_allin_ev(store, workers=workers, progress=tqdm_bar, runner=equity)
    if as_json:
        for f in report.files:
            click.echo(json.dumps(_file_json(f), ensure_ascii=False))
        click.echo(json.dumps({"summary": _summary_json(report, equity_hands)}, ensure_ascii=False))
    else:
        for f in report.files:
            click.echo(_file_text(f))
        click.echo(_summary_text(report, equity_hands))
    raise SystemExit(exit_code(report))


def _shared(store: Store, cluster: str | None) -> Store:
    """With ``--cluster``: the store as a path every worker can open (absolute)."""
    if cluster is None:
        return store
    from analyzer.store.cluster import parse_address, store_path

    parse_address(cluster)  # a bad --cluster is said before anything else
    return store_path(store)


@contextmanager
def _runner(cluster: str | None) -> Iterator[Cluster | None]:
    """The Dask cluster ``--cluster`` names, or none (the local pool)."""
    if cluster is None:
        yield None
        return
    from analyzer.store.cluster import connect

    with connect(cluster) as client:
        yield client


def exit_code(report: ImportReport) -> int:
    if report.read == 0:
        return EXIT_CANNOT_RUN
    verdicts = report.verdicts
    problems = report.rejected or any(f.error for f in report.files) or verdicts["violation"] or verdicts["unreadable"]
    return EXIT_PROBLEMS if problems else EXIT_OK


def _file_text(f: FileReport) -> str:
    """One file's line (and its rejected hands and notes), in the language in force; counts as
    digits, as scripts read them."""
    if f.error is not None:
        error = strip_place(f.error, f.file)
        return f_("{file}: not read: {error}", file=f.file, error=error)
    lines = [
        fn_(
            "{file}: {n} hand ({format}): {stored} stored, {duplicate} duplicate, {rejected} rejected",
            "{file}: {n} hands ({format}): {stored} stored, {duplicate} duplicate, {rejected} rejected",
            f.read,
            file=f.file,
            n=str(f.read),
            format=f.format or _("no format"),
            stored=str(f.stored),
            duplicate=str(f.duplicate),
            rejected=str(len(f.rejected)),
        )
    ]
    lines.extend("  " + f_("rejected {code}: {message}", code=r.code.value, message=r.message) for r in f.rejected)
    lines.extend("  " + f_("note: {note}", note=note) for note in f.skipped)
    return "\n".join(lines)


def _summary_text(report: ImportReport, equity_hands: int) -> str:
    verdicts = report.verdicts
    words = {
        "ok": msg("{n} ok", n=str(verdicts["ok"])),
        "warn": nmsg("{n} warning", "{n} warnings", verdicts["warn"], n=str(verdicts["warn"])),
        "violation": nmsg("{n} violation", "{n} violations", verdicts["violation"], n=str(verdicts["violation"])),
        "unreadable": msg("{n} unreadable", n=str(verdicts["unreadable"])),
    }
    audit = tuple(words[v] for v in ("ok", "warn", "violation", "unreadable") if verdicts[v])
    parts = [
        fn_(
            "store {store}: {stored} stored, {duplicate} duplicate, {rejected} rejected of {n} hand read from {files}",
            "store {store}: {stored} stored, {duplicate} duplicate, {rejected} rejected of {n} hands read from {files}",
            report.read,
            store=str(report.store),
            stored=str(report.stored),
            duplicate=str(report.duplicate),
            rejected=str(report.rejected),
            n=str(report.read),
            files=nmsg("{n} file", "{n} files", len(report.files), n=str(len(report.files))),
        )
    ]
    if audit:
        parts.append(f_("audit: {verdicts}", verdicts=Join(audit, "list")))
    if equity_hands:
        parts.append(
            fn_(
                "all-in equity computed for {n} hand",
                "all-in equity computed for {n} hands",
                equity_hands,
                n=str(equity_hands),
            )
        )
    if report.read == 0:
        parts.append(_("no hand could be read"))
    return "; ".join(parts)


def _file_json(f: FileReport) -> dict[str, object]:
    return {
        "file": f.file,
        "format": f.format,
        "read": f.read,
        "stored": f.stored,
        "duplicate": f.duplicate,
        "rejected": [
            {"code": r.code.value, "line": r.line, "hand_id": r.hand_id, "message": r.message} for r in f.rejected
        ],
        "verdicts": dict(f.verdicts),
        "error": f.error,
        "skipped": list(f.skipped),
    }


def _summary_json(report: ImportReport, equity_hands: int) -> dict[str, object]:
    return {
        "store": str(Path(report.store)),
        "import_id": report.import_id,
        "files": len(report.files),
        "read": report.read,
        "stored": report.stored,
        "duplicate": report.duplicate,
        "rejected": report.rejected,
        "verdicts": dict(report.verdicts),
        "allin_equity_hands": equity_hands,
    }
