"""``sixplus diverge PATH... --rules A --against B [--json]``."""

from __future__ import annotations

import json

import click

from analyzer.cli.errors import EXIT_CANNOT_RUN, EXIT_OK, fail, user_errors
from analyzer.cli.helptext import HelpCommand
from analyzer.cli.inputs import read_all
from analyzer.diverge import Divergence, HandChange, diverge
from analyzer.i18n import N_, Amount, Join, _, current, f_, fn_, render
from analyzer.i18n.hands import pot_hand
from analyzer.i18n.message import render_arg
from analyzer.money import CHIPS
from analyzer.ruleset import load_rules
from parsers.record import HandRecord

HELP = N_(
    "Replay every hand under two rule sets and list the hands whose winners or payouts\n"
    "change (trips against a straight, flush against full house, another odd-chip rule), with\n"
    "each player's net under both and the totals per player. Files, folders and .zip archives.\n"
    "\n"
    "Example: sixplus diverge night.txt --rules shortdeck --against shortdeck-trips"
)


@click.command("diverge", cls=HelpCommand, help=HELP)
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option(
    "--rules", "rules_name", required=True, help=N_("The rule set the night was played under (preset or TOML).")
)
@click.option("--against", "against_name", required=True, help=N_("The other rule set to replay it under."))
@click.option("--format", "format_name", default="auto", show_default=True, help=N_("auto, or one of the formats."))
@click.option("--json", "as_json", is_flag=True, help=N_("One JSON object a changed hand, then the totals."))
def command(paths: tuple[str, ...], rules_name: str, against_name: str, format_name: str, as_json: bool) -> None:
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


def _money(amount: int, decimals: int) -> str:
    """Minor units with the locale's separators (chips: no symbol)."""
    return render_arg(Amount(amount, CHIPS, decimals))


def _signed(amount: int, decimals: int) -> str:
    return ("+" if amount > 0 else "") + _money(amount, decimals)


def _winners(names: tuple[str, ...]) -> str:
    return render_arg(Join(names)) if names else _("nobody")


def _hand(words: str) -> str:
    """A pot's winning hand: the evaluator's words in English as they are, else in the language."""
    if not words:
        return "-"
    return words if current() == "en" else render(pot_hand(words))


def _hand_lines(change: HandChange) -> list[str]:
    where = f"{change.file}:{change.line}" if change.line else change.file
    out = [f_("{where} hand {hand}", where=where, hand=change.hand_id)]
    for pot in change.pots:
        label = _("the main pot") if pot.index == 0 else f_("side pot {n}", n=pot.index)
        if pot.run:
            label = f_("{pot}, run {run}", pot=label, run=pot.run + 1)
        amount = _money(pot.amount, change.decimals)
        first = f"{_winners(pot.winners)} ({_hand(pot.hand)})"
        second = f"{_winners(pot.winners_against)} ({_hand(pot.hand_against)})"
        out.append(f"    {label} ({amount}): {first} -> {second}")
    for player, before, after in change.changed:
        out.append(f"    {player}: {_signed(before, change.decimals)} -> {_signed(after, change.decimals)}")
    if change.breaks_against:
        out.append(
            "    "
            + fn_(
                "(the other rule set finds {n} more rule break in the actions as played)",
                "(the other rule set finds {n} more rule breaks in the actions as played)",
                change.breaks_against,
            )
        )
    return out


def _text_lines(result: Divergence, decimals: int) -> list[str]:
    lines: list[str] = []
    for change in result.changes:
        lines.extend(_hand_lines(change))
    n = len(result.changes)
    changed = (
        fn_("{n} hand paid differently", "{n} hands paid differently", n, n=str(n)) if n else _("every payout the same")
    )
    head = fn_(
        "{n} hand under {rules} and {against}: {changed}",
        "{n} hands under {rules} and {against}: {changed}",
        result.hands,
        n=str(result.hands),
        rules=result.rules,
        against=result.against,
        changed=changed,
    )
    if result.not_compared:
        head += "; " + f_("{n} not compared (hole cards not shown)", n=str(len(result.not_compared)))
    lines.append(head)
    for player, before, after in result.totals:
        total = f_(
            "{player}: {before} -> {after} over the night",
            player=player,
            before=_signed(before, decimals),
            after=_signed(after, decimals),
        )
        lines.append("    " + total)
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
