"""``sixplus convert PATH --to native|phh|pokerstars|ohh [-o OUT]``."""

from __future__ import annotations

from pathlib import Path

import click

from analyzer.cli.errors import EXIT_CANNOT_RUN, fail, user_errors
from analyzer.cli.inputs import read_all
from analyzer.convert import prepare
from parsers.errors import HandHistoryError
from parsers.formats import write


@click.command("convert")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--to", "target", required=True, help="native, phh, pokerstars or ohh.")
@click.option("-o", "--out", type=click.Path(dir_okay=False), default=None, help="File to write (default: stdout).")
def command(paths: tuple[str, ...], target: str, out: str | None) -> None:
    """Convert hand histories to another format; hands that cannot be read are listed on stderr.

    Example: sixplus convert night.txt --to phh -o night.phhs
    """
    with user_errors():
        records = []
        for parsed in read_all(paths):
            records.extend(parsed.hands)
            for rejected in parsed.rejected:
                click.echo(f"sixplus: skipped: {rejected.message}", err=True)
        if not records:
            fail("no hands read: expected at least one hand history among the paths given", EXIT_CANNOT_RUN)
        records = prepare(records, target)
        try:
            text = write(records, target)
        except HandHistoryError:
            # some hands cannot be said in the target format: convert the rest, name the others
            kept = []
            for record in records:
                try:
                    write([record], target)
                    kept.append(record)
                except HandHistoryError as error:
                    click.echo(f"sixplus: not converted: {error}", err=True)
            if not kept:
                fail(f"no hand can be written as {target}", EXIT_CANNOT_RUN)
            records = kept
            text = write(records, target)
    if out:
        Path(out).write_text(text, encoding="utf-8")
        click.echo(f"wrote {len(records)} hands to {out}", err=True)
    else:
        click.echo(text, nl=False)
