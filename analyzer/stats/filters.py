"""Which hands and players a statistic counts: one model for ``sixplus stats`` and the Players page.

A :class:`Filters` is a frozen record; :meth:`Filters.rows` turns it into one polars
expression over the store's ``players`` rows (and the ``allin_ev`` rows, which repeat the
same keys, so that the all-in adjusted results are filtered alike), :meth:`Filters.identify`
names the players, and :meth:`Filters.groups` keeps the groups with enough hands.

Players are identified by (site, name): "Hero" of one site is not "Hero" of another. The
user links players on purpose: a :class:`Link` names one player made of several (site,
name) pairs, or of every site's player of a name; the linked rows read site ``*`` and the
link's name. ``heroes`` (one name a site: the user's own accounts) keeps only those players
and links them as one.

Hands without a time are left out by a date range; hands stored before store version 2
have no site, table, game or table size and are left out by a filter on them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from functools import reduce

import polars as pl

from analyzer.errors import AnalyzerError

LINKED_SITE = "*"


class FilterError(AnalyzerError):
    """A filter the user wrote that cannot be read (one line: what was expected)."""


@dataclass(frozen=True, slots=True)
class Link:
    """Several (site, name) accounts counted as one player ``name``; no members: every
    site's player called ``name``."""

    name: str
    members: tuple[tuple[str, str], ...] = ()

    def matches(self) -> pl.Expr:
        if not self.members:
            return pl.col("player") == self.name
        return reduce(
            lambda a, b: a | b,
            [(pl.col("site") == site) & (pl.col("player") == name) for site, name in self.members],
        )


@dataclass(frozen=True, slots=True)
class Filters:
    """Every filter; the default counts everything. Tuples are "any of" (empty: all)."""

    since: date | None = None  # from this day on (by the hand's start)
    until: date | None = None  # up to and including this day
    sites: tuple[str, ...] = ()
    tables: tuple[str, ...] = ()
    stakes: tuple[str, ...] = ()  # stake labels as the store writes them ("ante 100, button 100")
    games: tuple[str, ...] = ()  # variants ("shortdeck", "holdem")
    rules: tuple[str, ...] = ()  # rule set names
    positions: tuple[str, ...] = ()
    min_players: int | None = None  # players dealt in, at least
    max_players: int | None = None
    min_hands: int = 0  # groups with fewer hands are left out
    heroes: tuple[tuple[str, str], ...] = ()  # (site, name): the user's accounts, linked as one
    links: tuple[Link, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if self.since is not None and self.until is not None and self.since > self.until:
            raise FilterError(f"dates: expected the first day before the last, got {self.since} to {self.until}")
        if self.min_players is not None and self.max_players is not None and self.min_players > self.max_players:
            raise FilterError(
                f"players at the table: expected at least <= at most, got {self.min_players} > {self.max_players}"
            )
        if self.min_hands < 0:
            raise FilterError(f"minimum hands: expected 0 or more, got {self.min_hands}")

    @property
    def hero_name(self) -> str:
        """The name the heroes are shown under: their names, each once."""
        return " / ".join(dict.fromkeys(name for _, name in self.heroes))

    def all_links(self) -> tuple[Link, ...]:
        if self.heroes:
            return (Link(self.hero_name, self.heroes), *self.links)
        return self.links

    def rows(self) -> pl.Expr:
        """The rows counted, over columns the ``players`` and ``allin_ev`` tables share."""
        terms: list[pl.Expr] = []
        if self.since is not None:
            terms.append(pl.col("started") >= datetime.combine(self.since, time()))
        if self.until is not None:
            terms.append(pl.col("started") < datetime.combine(self.until + timedelta(days=1), time()))
        for column, values in (
            ("site", self.sites),
            ("table", self.tables),
            ("stake", self.stakes),
            ("variant", self.games),
            ("rules", self.rules),
            ("position", self.positions),
        ):
            if values:
                terms.append(pl.col(column).is_in(list(values)))
        if self.min_players is not None:
            terms.append(pl.col("players") >= self.min_players)
        if self.max_players is not None:
            terms.append(pl.col("players") <= self.max_players)
        if self.heroes:
            terms.append(Link("", self.heroes).matches())
        return reduce(lambda a, b: a & b, terms, pl.lit(True))

    def identify(self, frame: pl.LazyFrame) -> pl.LazyFrame:
        """The frame with linked players renamed (site ``*``, the link's name)."""
        links = self.all_links()
        if not links:
            return frame
        site: pl.Expr = pl.col("site")
        player: pl.Expr = pl.col("player")
        for link in reversed(links):  # the first link that matches wins
            site = pl.when(link.matches()).then(pl.lit(LINKED_SITE)).otherwise(site)
            player = pl.when(link.matches()).then(pl.lit(link.name)).otherwise(player)
        return frame.with_columns(site.alias("site"), player.alias("player"))

    def apply(self, frame: pl.LazyFrame) -> pl.LazyFrame:
        """The rows counted, players identified (links applied)."""
        return self.identify(frame.filter(self.rows()))

    def groups(self) -> pl.Expr:
        """Groups kept after aggregation (enough hands)."""
        return pl.col("hands") >= self.min_hands


def parse_day(text: str, option: str) -> date:
    """A day as YYYY-MM-DD, or one line naming the option.

    >>> parse_day("2024-11-09", "--since")
    datetime.date(2024, 11, 9)
    """
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise FilterError(f"{option}: expected a day as YYYY-MM-DD, got {text!r}") from None


def parse_account(text: str, option: str) -> tuple[str, str]:
    """``SITE:NAME`` (the name may hold colons; the site may not).

    >>> parse_account("pokerstars:Hero", "--hero")
    ('pokerstars', 'Hero')
    """
    site, colon, name = text.partition(":")
    if not colon or not site.strip() or not name:
        raise FilterError(f"{option}: expected SITE:NAME (for example pokerstars:Hero), got {text!r}")
    return site.strip(), name


def parse_link(text: str) -> Link:
    """``NAME`` (every site's NAME as one player) or ``NAME=SITE:NAME,SITE:NAME``.

    >>> parse_link("Hero")
    Link(name='Hero', members=())
    >>> parse_link("Anna=pokerstars:Anna,ggpoker:AnnaGG")
    Link(name='Anna', members=(('pokerstars', 'Anna'), ('ggpoker', 'AnnaGG')))
    """
    name, equals, rest = text.partition("=")
    if not name.strip():
        raise FilterError(f"--link: expected NAME or NAME=SITE:NAME,SITE:NAME, got {text!r}")
    if not equals:
        return Link(name.strip())
    members = tuple(parse_account(part, "--link") for part in rest.split(",") if part.strip())
    if not members:
        raise FilterError(f"--link: expected accounts after '=', got {text!r}")
    return Link(name.strip(), members)


@dataclass(frozen=True, slots=True)
class Choices:
    """What a store's hands offer to filter on (for the Players page's sidebar)."""

    sites: tuple[str, ...]
    tables: tuple[str, ...]
    stakes: tuple[str, ...]
    games: tuple[str, ...]
    rules: tuple[str, ...]
    positions: tuple[str, ...]
    accounts: tuple[tuple[str, str], ...]  # (site, name) of every player
    first_day: date | None
    last_day: date | None
    most_players: int


def filter_choices(players: pl.LazyFrame) -> Choices:
    """Every value each filter can take in the store's ``players`` rows, in one pass."""

    def values(column: str) -> pl.Expr:
        return pl.col(column).drop_nulls().unique().sort().implode().alias(column)

    found = players.select(
        values("site"),
        values("table"),
        values("stake"),
        values("variant"),
        values("rules"),
        values("position"),
        pl.col("started").min().dt.date().alias("first"),
        pl.col("started").max().dt.date().alias("last"),
        pl.col("players").max().alias("most"),
    ).collect()
    accounts = players.select("site", "player").unique().sort("site", "player", nulls_last=True).collect()
    row = found.row(0, named=True)
    return Choices(
        sites=tuple(row["site"]),
        tables=tuple(t for t in row["table"] if t),
        stakes=tuple(row["stake"]),
        games=tuple(row["variant"]),
        rules=tuple(row["rules"]),
        positions=tuple(p for p in row["position"] if p),
        accounts=tuple((s or "", p) for s, p in accounts.iter_rows()),
        first_day=row["first"],
        last_day=row["last"],
        most_players=int(row["most"] or 0),
    )
