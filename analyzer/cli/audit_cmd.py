"""``sixplus audit PATH... [--rules NAME|FILE] [--format F] [--json]``."""

from __future__ import annotations

import json

import click

from analyzer.cli.errors import EXIT_CANNOT_RUN, EXIT_OK, EXIT_PROBLEMS, fail, user_errors
from analyzer.cli.inputs import read_all
from analyzer.night import audit_files
from analyzer.report import audit_json, summary_json
from analyzer.ruleset import load_rules
from parsers.formats import names


@click.command("audit")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option(
    "--rules", "rules_name", default=None, help="Rule set: a preset name or a TOML file (default: from the file)."
)
@click.option("--format", "format_name", default="auto", show_default=True, help="auto, or one of the formats.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object a hand, then a summary line.")
def command(paths: tuple[str, ...], rules_name: str | None, format_name: str, as_json: bool) -> None:
    """Replay every hand of the files (or folders) and check each action and pot split.

    Exit 0 when every hand is fine, 1 when a hand breaks a rule or cannot be read,
    2 when nothing could be read.

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
    if as_json:
        click.echo(json.dumps(summary_json(summary)))
    else:
        click.echo(summary.sentence() + f" (rules: {', '.join(summary.rules) or '-'})")
    raise SystemExit(EXIT_PROBLEMS if summary.has_problems else EXIT_OK)
