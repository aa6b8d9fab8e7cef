"""The filter options of ``sixplus stats`` and ``sixplus frequencies --store``, read into one
:class:`~analyzer.stats.filters.Filters` (the model the Players page's sidebar fills too)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from analyzer.i18n import N_
from analyzer.stats.filters import Filters, parse_account, parse_day, parse_link

F = TypeVar("F", bound=Callable[..., Any])

_OPTIONS = (
    click.option("--since", metavar="YYYY-MM-DD", default=None, help=N_("Hands from this day on.")),
    click.option("--until", metavar="YYYY-MM-DD", default=None, help=N_("Hands up to and including this day.")),
    click.option("--site", "sites", multiple=True, help=N_("Only this site (repeat for several).")),
    click.option("--table", "tables", multiple=True, help=N_("Only this table (repeat).")),
    click.option("--stake", "stakes", multiple=True, help=N_("Only these stakes, as shown ('ante 100, button 100').")),
    click.option("--game", "games", multiple=True, help=N_("Only this game (shortdeck, holdem; repeat).")),
    click.option("--rules", "rule_sets", multiple=True, help=N_("Only this rule set (repeat).")),
    click.option("--position", "positions", multiple=True, help=N_("Only this position (BTN, CO, ...; repeat).")),
    click.option("--min-players", type=click.IntRange(1), default=None, help=N_("At least this many dealt in.")),
    click.option("--max-players", type=click.IntRange(1), default=None, help=N_("At most this many dealt in.")),
    click.option("--min-hands", type=click.IntRange(0), default=0, help=N_("Leave out rows with fewer hands.")),
    click.option(
        "--hero",
        "heroes",
        multiple=True,
        metavar="SITE:NAME",
        help=N_("Your account on a site (repeat a site each): only these, counted as one player."),
    ),
    click.option(
        "--link",
        "links",
        multiple=True,
        metavar="NAME[=SITE:NAME,...]",
        help=N_("Count a name of every site (or the accounts listed) as one player; players are per site otherwise."),
    ),
)


def filter_options(func: F) -> F:
    """Add the filter options to a click command (its function takes them as keywords)."""
    for option in reversed(_OPTIONS):
        func = option(func)
    return func


def read_filters(options: dict[str, Any]) -> Filters:
    """The filter options (popped from ``options``) as one record; a bad value raises
    :class:`~analyzer.stats.filters.FilterError` with one line."""
    since, until = options.pop("since"), options.pop("until")
    return Filters(
        since=parse_day(since, "--since") if since else None,
        until=parse_day(until, "--until") if until else None,
        sites=tuple(options.pop("sites")),
        tables=tuple(options.pop("tables")),
        stakes=tuple(options.pop("stakes")),
        games=tuple(options.pop("games")),
        rules=tuple(options.pop("rule_sets")),
        positions=tuple(options.pop("positions")),
        min_players=options.pop("min_players"),
        max_players=options.pop("max_players"),
        min_hands=options.pop("min_hands"),
        heroes=tuple(parse_account(text, "--hero") for text in options.pop("heroes")),
        links=tuple(parse_link(text) for text in options.pop("links")),
    )
