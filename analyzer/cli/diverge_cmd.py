"""``sixplus diverge PATH... --rules A --against B [--json]``."""

from __future__ import annotations

import json

import click

from analyzer.cli.errors import EXIT_CANNOT_RUN, EXIT_OK, fail, user_errors
from analyzer.cli.inputs import read_all
from analyzer.diverge import Divergence, HandChange, diverge
from analyzer.i18n import _
from analyzer.money import amount_text
from analyzer.ruleset import load_rules
from parsers.record import HandRecord


@click.command("diverge")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--rules", "rules_name", required=True, help="The rule set the night was played under (preset or TOML).")
@click.option("--against", "against_name", required=True, help="The other rule set to replay it under.")
@click.option("--format", "format_name", default="auto", show_default=True, help="auto, or one of the formats.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object a changed hand, then the totals.")
def command(paths: tuple[str, ...], rules_name: str, against_name: str, format_name: str, as_json: bool) -> None:
    """Replay every hand under two rule sets and list the hands whose winners or payouts
    change (trips against a straight, flush against full house, another odd-chip rule), with
    each player's net under both and the totals per player. Files, folders and .zip archives.

    Example: sixplus diverge night.txt --rules shortdeck --against shortdeck-trips
    """
    with user_errors():
        rules, against = load_rules(rules_name), load_rules(against_name)
        records: list[HandRecord] = []
        for parsed in read_all(paths, format=format_name):
            records.extend(parsed.hands)
    if not records:
        fail(_("no hands read: expected at least one hand history among the paths given"), EXIT_CANNOT_RUN)
    result = diverge(records, rules, against)
    decimals = max(r.decimals for r in records)
    lines = _json_lines(result) if as_json else _text_lines(result, decimals)
    click.echo("\n".join(lines))
    raise SystemExit(EXIT_OK)


def _signed(amount: int, decimals: int) -> str:
    return ("+" if amount > 0 else "") + amount_text(amount, decimals)


def _hand_lines(change: HandChange) -> list[str]:
    where = f"{change.file}:{change.line}" if change.line else change.file
    out = [f"{where} hand {change.hand_id}"]
    for pot in change.pots:
        label = "the main pot" if pot.index == 0 else f"side pot {pot.index}"
        run = f", run {pot.run + 1}" if pot.run else ""
        out.append(
            f"    {label}{run} ({amount_text(pot.amount, change.decimals)}): "
            f"{' and '.join(pot.winners) or 'nobody'} ({pot.hand or '-'}) -> "
            f"{' and '.join(pot.winners_against) or 'nobody'} ({pot.hand_against or '-'})"
        )
    for player, before, after in change.changed:
        out.append(f"    {player}: {_signed(before, change.decimals)} -> {_signed(after, change.decimals)}")
    if change.breaks_against:
        out.append(
            f"    (the other rule set finds {change.breaks_against} more rule break(s) in the actions as played)"
        )
    return out


def _text_lines(result: Divergence, decimals: int) -> list[str]:
    lines: list[str] = []
    for change in result.changes:
        lines.extend(_hand_lines(change))
    n = len(result.changes)
    head = f"{result.hands} hands under {result.rules} and {result.against}: " + (
        "every payout the same" if not n else f"{n} hand{'s' * (n != 1)} paid differently"
    )
    if result.not_compared:
        head += f"; {len(result.not_compared)} not compared (hole cards not shown)"
    lines.append(head)
    for player, before, after in result.totals:
        lines.append(f"    {player}: {_signed(before, decimals)} -> {_signed(after, decimals)} over the night")
    return lines


def _json_lines(result: Divergence) -> list[str]:
    lines = []
    for c in result.changes:
        lines.append(
            json.dumps(
                {
                    "hand_id": c.hand_id,
                    "source": c.file,
                    "line": c.line,
                    "decimals": c.decimals,
                    "currency": c.currency,
                    "nets": [{"player": p, result.rules: a, result.against: b} for p, a, b in c.nets],
                    "pots": [
                        {
                            "pot": pot.index,
                            "run": pot.run,
                            "amount": pot.amount,
                            "winners": {result.rules: list(pot.winners), result.against: list(pot.winners_against)},
                        }
                        for pot in c.pots
                    ],
                    "breaks_against": c.breaks_against,
                },
                ensure_ascii=False,
            )
        )
    summary = {
        "summary": {
            "hands": result.hands,
            "changed": len(result.changes),
            "not_compared": len(result.not_compared),
            "rules": result.rules,
            "against": result.against,
            "totals": [{"player": p, result.rules: a, result.against: b} for p, a, b in result.totals],
        }
    }
    lines.append(json.dumps(summary, ensure_ascii=False))
    return lines
