"""``sixplus audit PATH... [--rules NAME|FILE] [--format F] [--ledger CSV] [--chip-value V] [--json]``."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from analyzer.audit.night import NightAudit, audit_files
from analyzer.audit.report import audit_rows, hand_units, summary_json
from analyzer.cli.errors import EXIT_CANNOT_RUN, EXIT_OK, EXIT_PROBLEMS, fail, user_errors
from analyzer.cli.helptext import HelpCommand
from analyzer.cli.inputs import FORMATS_HELP, read_all
from analyzer.cli.output import Lines, json_line, json_lines
from analyzer.i18n import N_, _, f_, pgettext, render
from analyzer.money import ChipValue, Unit
from analyzer.replay.findings import Verdict
from analyzer.ruleset import load_rules
from parsers.formats import names


@contextmanager
def few_collections() -> Iterator[None]:
    """The night is read and audited with the cyclic garbage collector paused (as the importer's
    tasks are): everything read is kept to the end (the summary, the between-hands checks) and
    almost nothing forms a cycle, so each collection would only walk the growing night again.
    Measured on 20,000 simulated Hold'em hands: about 31 objects the collector tracks stay alive a
    hand, and a full collection after the night finds 48 in cycles (none made a hand). Callgrind,
    2,000 hands: collections cost 9,800 instructions a hand when the young generation was collected
    every 100,000 objects (the thresholds before), none with the collector paused. Afterwards what
    start-up made and the night are taken as old (frozen, then unfrozen into the oldest
    generation): the next young collection does not walk them."""
    enabled = gc.isenabled()
    gc.freeze()  # what start-up made stays: no collection walks it
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        if enabled:
            gc.enable()


def chip_value_option(text: str | None) -> ChipValue | None:
    if text is None:
        return None
    try:
        return ChipValue.parse(text)
    except ValueError as error:
        fail(str(error))


#: ``--json``: the hands' lines encoded this many at a time (one call of the encoder, one decode)
JSON_ROWS = 64


HELP = N_(
    "Replay every hand of the PATHS (files, folders, .zip archives) and check each action and\n"
    "pot split; with --ledger, settle the night: money in against money out and the hands, and\n"
    "who pays whom, as paid and as audited.\n"
    "\n"
    "Exit 0 when every hand is fine (and the ledger settles), 1 when a hand breaks a rule or\n"
    "cannot be read (or the ledger does not add up), 2 when nothing could be read.\n"
    "\n"
    "Example: sixplus audit night.txt --rules shortdeck --json"
)


@click.command("audit", cls=HelpCommand, epilog=FORMATS_HELP, help=HELP)
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option(
    "--rules", "rules_name", default=None, help=N_("Rule set: a preset name or a TOML file (default: from the file).")
)
@click.option("--format", "format_name", default="auto", show_default=True, help=N_("auto, or one of the formats."))
@click.option(
    "--ledger",
    "ledger_path",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help=N_(
        "A PokerNow ledger or buy-in CSV: check money in against out and the hands, and who pays whom, "
        "as paid and as audited."
    ),
)
@click.option(
    "--chip-value",
    "chip_value",
    default=None,
    metavar="AMOUNT CUR",
    help=N_("What one chip is worth, e.g. '0.05 EUR': chip results shown as money."),
)
@click.option(
    "--settlement-csv",
    "csv_out",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("With --ledger: write both columns' transfers and every correction as CSV."),
)
@click.option(
    "--settlement-text",
    "text_out",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("With --ledger: write the recommended transfers as a short text for a group chat."),
)
@click.option("--json", "as_json", is_flag=True, help=N_("One JSON object a hand, then a summary line."))
def command(
    paths: tuple[str, ...],
    rules_name: str | None,
    format_name: str,
    ledger_path: str | None,
    chip_value: str | None,
    csv_out: str | None,
    text_out: str | None,
    as_json: bool,
) -> None:
    if format_name != "auto" and format_name not in names():
        fail(
            f_("--format: expected auto or one of {names}, got {got}", names=", ".join(names()), got=repr(format_name))
        )
    value = chip_value_option(chip_value)
    if (csv_out or text_out) and not ledger_path:
        fail(_("--settlement-csv and --settlement-text: expected --ledger CSV too (the buy-ins to settle)"))
    with user_errors():
        rules = load_rules(rules_name) if rules_name else None
        with few_collections():
            night = audit_files(read_all(paths, format=format_name), rules=rules)
    summary = night.summary
    if not summary.read:
        first = next((render(p.message) for a in night.audits for p in a.problems), "")
        text = (
            f_(
                "{what}: expected at least one hand history among the paths given; first: {first}",
                what=summary.no_hands(),
                first=first,
            )
            if first
            else f_("{what}: expected at least one hand history among the paths given", what=summary.no_hands())
        )
        fail(text, EXIT_CANNOT_RUN)
    unit = Unit(summary.unit.currency, summary.unit.decimals, value if summary.unit.chips else None)
    summary = replace(summary, unit=unit)
    hand_line, action, note_line, verdicts = _text_lines()
    with Lines() as out:
        if as_json:
            audits, units = night.audits, hand_units(night, value)
            for start in range(0, len(audits), JSON_ROWS):
                rows = audit_rows(audits[start : start + JSON_ROWS], units[start : start + JSON_ROWS])
                out.add(json_lines(rows).removesuffix("\n"))
        else:
            for a in night.audits:
                where = f"{a.file}:{a.line}" if a.line else a.file
                out.add(
                    hand_line.format(where=where, hand=a.hand_id, rules=a.rules or "-", verdict=verdicts[a.verdict])
                )
                for p in a.problems:
                    at = action.format(n=p.action_index) if p.action_index is not None else ""
                    out.add(f"    {p.code.value}{at}: {render(p.message)}")
            for note in night.notes:
                out.add(note_line.format(note=note))
    settled_ok, settlement = True, None
    if ledger_path:
        settled_ok, settlement = settle(night, ledger_path, unit, csv_out, text_out, as_json)
    if as_json:
        last = summary_json(summary, night.notes)
        if settlement is not None:
            last["settlement"] = settlement
        click.echo(json_line(last))
    else:
        click.echo(
            f_("{sentence} (rules: {rules})", sentence=summary.sentence(), rules=", ".join(summary.rules) or "-")
        )
    raise SystemExit(EXIT_PROBLEMS if summary.has_problems or not settled_ok else EXIT_OK)


def _text_lines() -> tuple[str, str, str, dict[Verdict, str]]:
    """The templates of the per-hand lines and the verdict words, in the language in force,
    looked up once a run (in English exactly "FILE:LINE hand ID [RULES] verdict", as scripts read them)."""
    verdicts = {
        Verdict.OK: pgettext("verdict", "ok"),
        Verdict.NOTE: pgettext("verdict", "note"),
        Verdict.WARN: pgettext("verdict", "warn"),
        Verdict.VIOLATION: pgettext("verdict", "violation"),
        Verdict.UNREADABLE: pgettext("verdict", "unreadable"),
    }
    return _("{where} hand {hand} [{rules}] {verdict}"), _(" (action {n})"), _("note: {note}"), verdicts


def settle(
    night: NightAudit, ledger_path: str, unit: Unit, csv_out: str | None, text_out: str | None, as_json: bool
) -> tuple[bool, dict[str, Any] | None]:
    """The night settled against its ledger (``--ledger``): whether it settles, and the summary
    line's ``settlement`` object with ``--json`` (its words printed without)."""
    from analyzer.settlement import chat_text, report_lines, settle_ledger_text, settlement_csv
    from parsers.text import decode

    with user_errors():
        text = Path(ledger_path).read_bytes()
        settled = settle_ledger_text(decode(text), night.audits, file=ledger_path, decimals=unit.decimals, unit=unit)
    with user_errors():
        if csv_out:
            Path(csv_out).write_text(settlement_csv(settled), encoding="utf-8")
        if text_out:
            Path(text_out).write_text(chat_text(settled), encoding="utf-8")
    if not as_json:
        with Lines() as out:
            for line in report_lines(settled):
                out.add(_("settlement: {line}").format(line=line))
        return settled.ok, None
    return settled.ok, {
        "ok": settled.ok,
        **settled.unit.json(),
        "money_in": settled.money_in,
        "money_out": settled.money_out,
        "problems": [render(p) for p in settled.problems],
        "transfers": [{"payer": t.payer, "payee": t.payee, "amount": t.amount} for t in settled.transfers],
        "audited_transfers": [{"payer": t.payer, "payee": t.payee, "amount": t.amount} for t in settled.audited],
        "corrections": [
            {"hand_id": c.hand_id, "player": c.player, "paid": c.paid, "owed": c.owed, "codes": list(c.codes)}
            for c in settled.corrections
        ],
        "recommended": settled.recommended,
        "recommendation": render(settled.recommendation),
    }
