"""``sixplus equity CARDS CARDS... [--board CARDS] [--dead CARDS] [--rules NAME] [--json]``."""

from __future__ import annotations

import json

import click

from analyzer.cards import SHORT_DECK, Card, clean
from analyzer.cli.errors import user_errors
from analyzer.cli.helptext import HelpCommand
from analyzer.equity import EquityResult, equity
from analyzer.i18n import N_, Cards, f_, fn_, ngettext, number, pgettext
from analyzer.i18n.message import render_arg
from analyzer.ranges import RangeEquity, RangeError, parse_range, range_equity
from analyzer.ruleset import load_rules
from parsers.errors import HandHistoryError

HELP = N_(
    "Exact equity of two or more hands by enumerating every run-out (nothing is sampled).\n"
    "\n"
    'Each CARDS is one hand of two hole cards (AsKs, "As Ks", 10♥J♣), or a range in the usual\n'
    'notation (QQ+, AKs, A9s-A6s, T9o, "QQ+,AK", random). Ties are counted apart from wins; in\n'
    "equity a shared pot counts 1/k to each of the k hands sharing it. Ranges are enumerated\n"
    "exactly where every matchup's run-outs fit the budget, else sampled (seeded) with a 95 %\n"
    "error bar; the output says which.\n"
    "\n"
    "Example: sixplus equity AsKs QhQd --rules shortdeck-trips\n"
    "\n"
    'Example: sixplus equity "QQ+,AK" random --rules shortdeck'
)


@click.command("equity", cls=HelpCommand, help=HELP)
@click.argument("hands", nargs=-1, required=True, metavar="CARDS CARDS...")
@click.option("--board", default="", metavar="CARDS", help=N_("Board cards dealt so far (0 to 5)."))
@click.option("--dead", default="", metavar="CARDS", help=N_("Cards out of play (mucked, burnt and seen)."))
@click.option(
    "--rules",
    "rules_name",
    default=None,
    metavar="NAME|FILE",
    help=N_("Rule set whose deck and ranking apply (default: shortdeck; holdem when a card is below 6)."),
)
@click.option(
    "--samples", default=20_000, show_default=True, help=N_("Ranges too large to enumerate: deals to sample.")
)
@click.option("--seed", default=1, show_default=True, help=N_("Ranges too large to enumerate: the sampling seed."))
@click.option("--json", "as_json", is_flag=True, help=N_("One JSON object for scripts."))
def command(
    hands: tuple[str, ...], board: str, dead: str, rules_name: str | None, samples: int, seed: int, as_json: bool
) -> None:
    if not all(_exact_hand(h) for h in hands):
        _ranges(hands, board, dead, rules_name, samples, seed, as_json)
        return
    with user_errors():
        if rules_name is None:
            everything = [c for h in hands for c in clean(h)] + list(clean(board)) + list(clean(dead))
            rules_name = "shortdeck" if all(c in SHORT_DECK for c in everything) else "holdem"
        rules = load_rules(rules_name)
        result = equity(list(hands), board=board, dead=dead, ranking=rules.ranking)
    if as_json:
        click.echo(json.dumps(_as_json(result, rules.name), ensure_ascii=False))
        return
    click.echo(_as_text(result, rules.name))


def _as_json(result: EquityResult, rules: str) -> dict[str, object]:
    return {
        "rules": rules,
        "ranking": result.ranking.value,
        "deck": result.ranking.deck_size,
        "board": [c.text for c in result.board],
        "dead": [c.text for c in result.dead],
        "runouts": result.runouts,
        "hands": [
            {
                "cards": [c.text for c in h.cards],
                "equity": h.equity,
                "share": f"{h.share.numerator}/{h.share.denominator}",
                "wins": h.wins,
                "ties": h.tie_count,
                "ties_by_players": {str(j + 2): n for j, n in enumerate(h.ties) if n},
                "win": h.wins / result.runouts,
                "tie": h.tie_count / result.runouts,
            }
            for h in result.hands
        ],
    }


def _percent(share: float) -> str:
    """A share as a percentage with two decimals, in the locale's way: ``22.49%``, ``22,49 %``."""
    return pgettext("percent", "{value}%").format(value=number(share * 100, ".2f"))


def _as_text(result: EquityResult, rules: str) -> str:
    none = pgettext("cards", "none")
    hand, share, win = pgettext("column", "hand"), pgettext("column", "equity"), pgettext("column", "win")
    tie, wins, ties = pgettext("column", "tie"), pgettext("column", "wins"), pgettext("column", "ties")
    lines = [
        f_(
            "rules {rules} ({deck} cards, {ranking}); board {board}; dead {dead}",
            rules=rules,
            deck=result.ranking.deck_size,
            ranking=result.ranking.value,
            board=Cards(result.board) if result.board else none,
            dead=Cards(result.dead) if result.dead else none,
        ),
        fn_(
            "{n} run-out, every one enumerated",
            "{n} run-outs, every one enumerated",
            result.runouts,
            n=result.runouts,
        ),
        f"{hand:<8} {share:>8} {win:>8} {tie:>8}   {wins:>10} {ties:>10}",
    ]
    for h in result.hands:
        lines.append(
            f"{render_arg(Cards(h.cards)):<8} {_percent(h.equity):>8} {_percent(h.wins / result.runouts):>8} "
            f"{_percent(h.tie_count / result.runouts):>8}   {number(h.wins):>10} {number(h.tie_count):>10}"
        )
    return "\n".join(lines)


def _exact_hand(text: str) -> tuple[Card, ...] | None:
    try:
        cards = clean(text)
    except (HandHistoryError, KeyError, ValueError):
        return None
    return cards if len(cards) == 2 else None


def _ranges(
    hands: tuple[str, ...], board: str, dead: str, rules_name: str | None, samples: int, seed: int, as_json: bool
) -> None:
    with user_errors():
        if rules_name is None:
            rules_name = "shortdeck"
            try:
                for h in hands:
                    parse_range(h, deck=36)
                SHORT_DECK.check([*clean(board), *clean(dead)])
            except (RangeError, HandHistoryError):
                rules_name = "holdem"
        rules = load_rules(rules_name)
        result = range_equity(list(hands), board=board, dead=dead, ranking=rules.ranking, samples=samples, seed=seed)
    if as_json:
        click.echo(json.dumps(_ranges_json(result, rules.name), ensure_ascii=False))
        return
    click.echo(
        f_(
            "rules {rules} ({deck} cards, {ranking}); {method}",
            rules=rules.name,
            deck=rules.ranking.deck_size,
            ranking=rules.ranking.value,
            method=result.said,
        )
    )
    for r, share in zip(result.ranges, result.shares):
        combos = ngettext("combo", "combos", len(r.combos))
        click.echo(f"{r.text:<24} {len(r.combos):>5} {combos} {_percent(float(share)):>8}")


def _ranges_json(result: RangeEquity, rules: str) -> dict[str, object]:
    return {
        "rules": rules,
        "exact": result.exact,
        "method": result.method,
        "matchups": result.matchups,
        "error": result.error,
        "ranges": [
            {"range": r.text, "combos": len(r.combos), "equity": float(share)}
            for r, share in zip(result.ranges, result.shares)
        ],
    }
