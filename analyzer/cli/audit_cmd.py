"""``sixplus audit PATH... [--rules NAME|FILE] [--format F] [--json]``."""

from __future__ import annotations

import json
from pathlib import Path

import click

from analyzer.cli.errors import EXIT_CANNOT_RUN, EXIT_OK, EXIT_PROBLEMS, fail, user_errors
from analyzer.cli.inputs import read_all
from analyzer.night import audit_files
from analyzer.report import audit_json, summary_json
from analyzer.ruleset import load_rules
from analyzer.settlement import report_lines, settle_ledger_text
from parsers.formats import names
from parsers.text import decode


@click.command("audit")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option(
    "--rules", "rules_name", default=None, help="Rule set: a preset name or a TOML file (default: from the file)."
)
@click.option("--format", "format_name", default="auto", show_default=True, help="auto, or one of the formats.")
@click.option(
    "--ledger",
    "ledger_path",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="A PokerNow ledger or buy-in CSV: check money in against out and the hands, and who pays whom.",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object a hand, then a summary line.")
def command(
    paths: tuple[str, ...], rules_name: str | None, format_name: str, ledger_path: str | None, as_json: bool
) -> None:
    """Replay every hand of the files (or folders) and check each action and pot split; with
    --ledger, settle the night: money in against money out and the hands, and who pays whom.

    Exit 0 when every hand is fine (and the ledger settles), 1 when a hand breaks a rule or
    cannot be read (or the ledger does not add up), 2 when nothing could be read.

    Example: sixplus audit night.txt --rules shortdeck --json
    """
    if format_name != "auto" and format_name not in names():
        fail(f"--format: expected auto or one of {', '.join(names())}, got {format_name!r}")
    with user_errors():
        rules = load_rules(rules_name) if rules_name else None
        night = audit_files(read_all(paths, format=format_name), rules=rules)
    summary = night.summary
    if summary.hands == 0:
        fail("no hands read: expected at least one hand history among the paths given", EXIT_CANNOT_RUN)
    for a in night.audits:
        if as_json:
            click.echo(json.dumps(audit_json(a), ensure_ascii=False))
            continue
        where = f"{a.file}:{a.line}" if a.line else a.file
        click.echo(f"{where} hand {a.hand_id} [{a.rules or '-'}] {a.verdict.value}")
        for p in a.problems:
            at = f" (action {p.action_index})" if p.action_index is not None else ""
            click.echo(f"    {p.code.value}{at}: {p.message}")
    settled_ok = True
    if ledger_path:
        with user_errors():
            decimals = max((r.decimals for r in night.records.values()), default=0)
            text = Path(ledger_path).read_bytes()
            settled = settle_ledger_text(decode(text), night.audits, file=ledger_path, decimals=decimals)
        settled_ok = settled.ok
        if not as_json:
            for line in report_lines(settled):
                click.echo(f"settlement: {line}")
    if as_json:
        out = summary_json(summary)
        if ledger_path:
            out["settlement"] = {
                "ok": settled.ok,
                "money_in": settled.money_in,
                "money_out": settled.money_out,
                "problems": list(settled.problems),
                "transfers": [{"payer": t.payer, "payee": t.payee, "amount": t.amount} for t in settled.transfers],
            }
        click.echo(json.dumps(out))
    else:
        click.echo(summary.sentence() + f" (rules: {', '.join(summary.rules) or '-'})")
    raise SystemExit(EXIT_PROBLEMS if summary.has_problems or not settled_ok else EXIT_OK)
