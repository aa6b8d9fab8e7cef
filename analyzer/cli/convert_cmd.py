"""``sixplus convert PATH... --to native|phh|pokerstars|ggpoker|pokernow|ohh [-o OUT]``."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import click

from analyzer.cli.errors import EXIT_CANNOT_RUN, fail, user_errors
from analyzer.cli.helptext import HelpCommand
from analyzer.cli.inputs import FORMATS_HELP, read_all
from analyzer.convert import prepare
from analyzer.i18n import N_, _, f_, fn_
from parsers.errors import T_, HandHistoryError, ParseError, Rejected, Text, error_text
from parsers.formats import write
from parsers.record import HandRecord

_HAND_PREFIX = re.compile(r"^.*?: \w+ hand \S+: ")
SHOWN = 5  # hands or lines named after a grouped message


def reason_of(message: str) -> str:
    """A message without its place and hand, so the same reason is said once.

    >>> reason_of("a.csv:40: pokernow hand #12: expected a hold'em hand, found 'Omaha'")
    "expected a hold'em hand, found 'Omaha'"
    """
    stripped = _HAND_PREFIX.sub("", message, count=1)
    if stripped == message:
        return message  # as it is (a parser's text keeps what translates it)
    reason = dict(message.args).get("reason", "") if isinstance(message, Text) else ""
    return reason if reason == stripped else stripped


def grouped(items: Iterable[tuple[str, str, str]], target: str | None = None) -> list[str]:
    """``(file, reason, where)`` items as one line per file and reason, in the language in force:
    "FILE: N hands skipped: REASON (where, ...)", or "... not converted to TARGET: ..." with a target."""
    groups: dict[tuple[str, str], list[str]] = {}
    for file, reason, where in items:
        groups.setdefault((file, reason), []).append(where)
    lines = []
    for (file, reason), places in groups.items():
        shown = ", ".join(places[:SHOWN])
        if len(places) > SHOWN:
            shown += f_(" and {n} more", n=str(len(places) - SHOWN))
        n, name = len(places), file or "<input>"
        if target is None:
            line = fn_(
                "{file}: {n} hand skipped: {reason} ({places})",
                "{file}: {n} hands skipped: {reason} ({places})",
                n,
                file=name,
                n=str(n),
                reason=reason,
                places=shown,
            )
        else:
            line = fn_(
                "{file}: {n} hand not converted to {target}: {reason} ({places})",
                "{file}: {n} hands not converted to {target}: {reason} ({places})",
                n,
                file=name,
                n=str(n),
                target=target,
                reason=reason,
                places=shown,
            )
        lines.append(line)
    return lines


def _skipped(rejected: list[Rejected]) -> list[str]:
    return grouped(
        (r.file, T_("{code}: {reason}", code=r.code.value, reason=reason_of(r.message)), f_("line {n}", n=str(r.line)))
        for r in sorted(rejected, key=_place)
    )


def _place(r: Rejected) -> tuple[str, int]:
    return (r.file, r.line)


def _not_written(failures: list[tuple[HandRecord, HandHistoryError]], target: str) -> list[str]:
    items = []
    for record, error in failures:
        reason = (
            T_("expected {expected}, found {found}", expected=error.expected, found=repr(error.found))
            if isinstance(error, ParseError)
            else error_text(error)
        )
        items.append((record.source.file, reason_of(reason), f_("hand {hand}", hand=record.hand_id)))
    return grouped(items, target)


HELP = N_(
    "Convert the hand histories of PATHS (files, folders, .zip archives) to another format.\n"
    "Hands that cannot be read or written are listed on stderr, once per file and reason.\n"
    "\n"
    "Example: sixplus convert night.txt --to phh -o night.phhs"
)


@click.command("convert", cls=HelpCommand, epilog=FORMATS_HELP, help=HELP)
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option(
    "--to",
    "target",
    required=True,
    help=N_("native, phh, pokerstars, ggpoker, pokernow or ohh (the formats with a writer)."),
)
@click.option("-o", "--out", type=click.Path(dir_okay=False), default=None, help=N_("File to write (default: stdout)."))
def command(paths: tuple[str, ...], target: str, out: str | None) -> None:
    with user_errors():
        records: list[HandRecord] = []
        rejected: list[Rejected] = []
        for parsed in read_all(paths):
            records.extend(parsed.hands)
            rejected.extend(parsed.rejected)
        for line in _skipped(rejected):
            click.echo(f"sixplus: {line}", err=True)
        if not records:
            fail(_("no hands read: expected at least one hand history among the paths given"), EXIT_CANNOT_RUN)
        records = prepare(records, target)
        try:
            text = write(records, target)
        except HandHistoryError:
            # some hands cannot be said in the target format: convert the rest, name the others
            kept = []
            failures: list[tuple[HandRecord, HandHistoryError]] = []
            for record in records:
                try:
                    write([record], target)
                    kept.append(record)
                except HandHistoryError as error:
                    failures.append((record, error))
            for line in _not_written(failures, target):
                click.echo(f"sixplus: {line}", err=True)
            if not kept:
                fail(f_("no hand can be written as {target}", target=target), EXIT_CANNOT_RUN)
            records = kept
            text = write(records, target)
    if out:
        Path(out).write_text(text, encoding="utf-8")
        n = len(records)
        click.echo(fn_("wrote {n} hand to {out}", "wrote {n} hands to {out}", n, n=str(n), out=out), err=True)
    else:
        click.echo(text, nl=False)
