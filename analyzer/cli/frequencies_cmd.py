"""``sixplus frequencies --exact --deck 36|52 --ranking NAME --cards 5|7 [--json]``.

The command reads its options, gets a :class:`~analyzer.frequencies.Frequencies` from one
source (``--exact``: every hand enumerated; further sources, such as observed frequencies
from a store, add an option and a branch in :func:`_collect`), and prints it as a table or
as JSON. Bad options are one line on stderr and exit 2.
"""

from __future__ import annotations

import json
from typing import Any

import click
from babel.numbers import format_decimal

from analyzer.cli.errors import fail, user_errors
from analyzer.cli.filter_options import filter_options, read_filters
from analyzer.cli.helptext import HelpCommand
from analyzer.frequencies import Frequencies, Frequency, check_deck, exact_frequencies
from analyzer.i18n import N_, _, current, f_, number, pgettext
from analyzer.stats.filters import Filters


def _integer(option: str, text: str | None, allowed: tuple[int, ...]) -> int | None:
    """An option's integer value, or one line and exit 2 (click's own usage errors span lines)."""
    if text is None:
        return None
    if not text.strip().isdigit() or int(text) not in allowed:
        choices = ", ".join(map(str, allowed[:-1]))
        fail(
            f_(
                "{option}: expected {choices} or {last}, got {got}",
                option=option,
                choices=choices,
                last=str(allowed[-1]),
                got=repr(text),
            )
        )
    return int(text)


def _collect(*, exact: bool, deck: int | None, ranking: str | None, cards: int) -> tuple[Frequencies, str]:
    """The frequencies the options ask for, and how they were found ("exact", ...)."""
    if exact:
        return exact_frequencies(ranking=check_deck(deck, ranking), cards=cards), "exact"
    fail(_("frequencies: expected --exact (every hand of the deck enumerated)"))


def _number(value: float | None) -> str:
    if value is None:
        return pgettext("odds", "never")
    return str(format_decimal(round(value, 1), format="#,##0.0", locale=current()))


def _percent(share: float) -> str:
    """``12.345678%``: six decimals, the locale's decimal sign and % sign."""
    return pgettext("percent", "{value}%").format(value=number(share * 100, ".6f"))


def category_names() -> dict[str, str]:
    """The rows' names (a category, or the royal flush) in the language in force."""
    return {
        "high card": pgettext("category", "high card"),
        "one pair": pgettext("category", "one pair"),
        "two pair": pgettext("category", "two pair"),
        "three of a kind": pgettext("category", "three of a kind"),
        "straight": pgettext("category", "straight"),
        "flush": pgettext("category", "flush"),
        "full house": pgettext("category", "full house"),
        "four of a kind": pgettext("category", "four of a kind"),
        "straight flush": pgettext("category", "straight flush"),
        "royal flush": pgettext("category", "royal flush"),
    }


def title(freq: Frequencies, method: str) -> str:
    """The table's first line, in the language in force."""
    args = {"cards": freq.cards, "deck": freq.deck, "ranking": freq.ranking.value, "total": freq.total}
    if method == "exact":
        return f_(
            "Exact frequencies of the {cards}-card hands of the {deck}-card deck, ranking {ranking} "
            "(all {total} enumerated)",
            **args,
        )
    return f_(
        "{method} frequencies of the {cards}-card hands of the {deck}-card deck, ranking {ranking} ({total} hands)",
        method=method.capitalize(),
        **args,
    )


def render_table(freq: Frequencies, *, title: str) -> str:
    """The frequencies as a text table, best category first (numbers in the locale's way)."""
    hand, count, probability = (
        pgettext("column", "hand"),
        pgettext("column", "count"),
        pgettext("column", "probability"),
    )
    one_in, against = pgettext("column", "1 in"), pgettext("column", "odds against")
    names, never = category_names(), pgettext("odds", "never")
    lines = [title, f"{hand:<16} {count:>13} {probability:>12} {one_in:>14} {against:>16}"]
    for row in freq.rows():
        name = names.get(row.name, row.name)
        name = f"  {name}" if row.name == "royal flush" else name
        odds = _number(row.odds_against) + " : 1" if row.count else never
        lines.append(
            f"{name:<16} {number(row.count):>13} {_percent(row.probability):>11} {_number(row.one_in):>14} {odds:>16}"
        )
    total = pgettext("column", "total")
    lines.append(f"{total:<16} {number(freq.total):>13} {_percent(1):>11}")
    return "\n".join(lines)


def _row_json(row: Frequency) -> dict[str, Any]:
    return {
        "count": row.count,
        "probability": row.probability,
        "one_in": row.one_in,
        "odds_against": row.odds_against,
    }


def to_json(freq: Frequencies, *, method: str) -> dict[str, Any]:
    """The frequencies as one JSON object (category names as in ``hand-frequencies.json``)."""
    return {
        "method": method,
        "deck": freq.deck,
        "ranking": freq.ranking.value,
        "cards": freq.cards,
        "total": freq.total,
        "categories": {row.name: _row_json(row) for row in freq.categories},
        "royal": _row_json(freq.royal),
    }


HELP = N_(
    'How often each kind of hand occurs: counts, probability, "1 in N" and odds against.\n'
    "\n"
    "With --exact every hand of the deck is dealt and evaluated (8,347,680 hands for 7\n"
    "short-deck cards, in about a second; 133,784,560 for 7 of 52 cards, several seconds).\n"
    "\n"
    "With --store DIR the hands in a store are counted instead and set against the exact\n"
    # the line ends after "95%" so that Babel does not read "% i" as a printf placeholder (click
    # wraps each paragraph again: the help reads the same)
    "probabilities, with 95%\n"
    "intervals and chi-square tests; the filters (--since, --site,\n"
    "--game, ...) choose which of its hands.\n"
    "\n"
    "Example: sixplus frequencies --exact --deck 36 --ranking trips-over-straight --cards 7"
)


@click.command("frequencies", cls=HelpCommand, help=HELP)
@click.option("--exact", is_flag=True, help=N_("Enumerate every hand of the deck and evaluate each (exact counts)."))
@click.option("--deck", "deck_text", metavar="36|52", help=N_("The deck (default: the ranking's deck)."))
@click.option(
    "--ranking",
    metavar="NAME",
    help=N_("straight-over-trips or trips-over-straight (36 cards), standard (52 cards); default: the deck's first."),
)
@click.option(
    "--cards", "cards_text", metavar="5|7", default="7", show_default=True, help=N_("Cards per hand (5 to 7).")
)
@click.option("--json", "as_json", is_flag=True, help=N_("Print one JSON object instead of a table."))
@click.option("--store", "store_dir", metavar="DIR", help=N_("Observed frequencies of a store against the exact ones."))
@click.option(
    "--cluster", metavar="local[:N]|tcp://HOST:PORT", help=N_("With --store: count on Dask workers, added up here.")
)
@filter_options
def command(
    exact: bool,
    deck_text: str | None,
    ranking: str | None,
    cards_text: str,
    as_json: bool,
    store_dir: str | None,
    cluster: str | None,
    **options: Any,
) -> None:
    with user_errors():
        filters = read_filters(options)
    if store_dir is not None:
        from analyzer.cli.frequencies_store import run

        return run(store_dir, as_json=as_json, filters=filters, cluster=cluster)
    if filters != Filters():
        fail(_("the filters (--since, --site, ...) choose a store's hands: expected --store DIR"))
    if cluster is not None:
        fail(_("--cluster counts a store's hands: expected --store DIR"))
    deck = _integer("--deck", deck_text, (36, 52))
    cards = _integer("--cards", cards_text, (5, 6, 7))
    assert cards is not None  # it has a default
    with user_errors():
        freq, method = _collect(exact=exact, deck=deck, ranking=ranking, cards=cards)
    if as_json:
        click.echo(json.dumps(to_json(freq, method=method)))
        return
    click.echo(render_table(freq, title=title(freq, method)))
