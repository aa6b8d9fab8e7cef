"""What the equity pages show, computed here so that the pages only draw it (and the tests
read it without Streamlit): a range-against-range table, and a hand's equities street by street.

    >>> table = range_table(["AhAd", "KsKc"], ranking="standard")
    >>> [(row.text, row.combos, row.percent) for row in table.rows]
    [('AhAd', 1, '81.26 %'), ('KsKc', 1, '18.74 %')]
    >>> table.exact, table.method
    (True, 'exact: every run-out of 1 matchup')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from analyzer.equity import EquityError, equity
from analyzer.errors import AnalyzerError
from analyzer.evaluator import Ranking, parse_ranking
from analyzer.i18n import _, number
from analyzer.ranges import range_equity
from parsers.record import STREETS, ActionKind, HandRecord, Street

__all__ = ["EquityRow", "EquityTable", "StreetEquity", "percent", "range_table", "street_equities"]

BOARD_SIZE = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}


def percent(share: Fraction | float, digits: int = 2) -> str:
    """A share as a percentage for the page, with the decimal sign of the language in force.

    >>> from analyzer.i18n import use
    >>> percent(Fraction(1, 3)), percent(1.0, 1)
    ('33.33 %', '100.0 %')
    >>> with use("de"):
    ...     percent(Fraction(1, 3))
    '33,33 %'
    """
    return number(float(share) * 100, f".{digits}f") + " %"


@dataclass(frozen=True, slots=True)
class EquityRow:
    text: str  # the range as typed
    combos: int  # its combinations once the board and dead cards are out
    share: Fraction
    percent: str


@dataclass(frozen=True, slots=True)
class EquityTable:
    rows: tuple[EquityRow, ...]
    ranking: Ranking
    exact: bool
    matchups: int  # exact: matchups enumerated; Monte Carlo: deals drawn
    error: float  # Monte Carlo: half-width of the 95 % interval of each share; exact: 0

    @property
    def method(self) -> str:
        """How the numbers were found, in words (exact, or Monte Carlo with its error)."""
        if self.exact:
            if self.matchups == 1:
                return _("exact: every run-out of 1 matchup")
            return _("exact: every run-out of {n} matchups").format(n=number(self.matchups))
        return _("Monte Carlo: {n} deals drawn (seeded), each share ± {error} at 95 %").format(
            n=number(self.matchups), error=percent(self.error)
        )


def range_table(
    ranges: Sequence[str],
    *,
    board: str = "",
    dead: str = "",
    ranking: Ranking | str = Ranking.STRAIGHT_OVER_TRIPS,
    samples: int = 20_000,
    seed: int = 1,
) -> EquityTable:
    """Equity of two or more ranges (the usual notation), exact where it fits, else sampled.

    Raises :class:`~analyzer.errors.AnalyzerError` (a range, card or board error) with one line
    saying what was expected."""
    texts = [r.strip() for r in ranges if r.strip()]
    if len(texts) < 2:
        raise EquityError(expected="two or more ranges", found=str(len(texts)))
    rk = parse_ranking(ranking)
    result = range_equity(texts, board=board, dead=dead, ranking=rk, samples=samples, seed=seed)
    rows = tuple(
        EquityRow(text, len(r.combos), share, percent(share))
        for text, r, share in zip(texts, result.ranges, result.shares)
    )
    return EquityTable(rows, rk, result.exact, result.matchups, result.error)


@dataclass(frozen=True, slots=True)
class StreetEquity:
    """The players still in at the start of a street, and each one's exact share of the pot
    with the board as it stood then (``all_in``: who went all-in during that street)."""

    street: Street
    board: tuple[str, ...]
    players: tuple[str, ...]
    cards: tuple[tuple[str, ...], ...]
    shares: tuple[Fraction, ...]
    all_in: tuple[str, ...]


def street_equities(record: HandRecord, ranking: Ranking | str) -> tuple[StreetEquity, ...]:
    """Each street's equities where the hole cards of everyone still in are known.

    A street is left out when fewer than two players are still in, a player still in has no
    known two cards, or the board of that street is not known. Folded players' cards stay in
    the deck (nobody saw them then); the first board is used when the hand was run twice.
    """
    rk = parse_ranking(ranking)
    known = {s.player: s.cards for s in record.shown if len(s.cards) == 2 and "??" not in s.cards}
    dealt = [s.player for s in record.seats if not s.sitting_out]
    first = record.boards[0] if record.boards else ()
    folded: set[str] = set()
    out: list[StreetEquity] = []
    for street in STREETS:
        players = tuple(p for p in dealt if p not in folded)
        acted = [a for a in record.actions if a.street is street]
        all_in = [a.player for a in acted if a.all_in]
        if street is Street.PREFLOP:
            all_in = [p.player for p in record.posts if p.all_in] + all_in
        folded |= {a.player for a in acted if a.kind is ActionKind.FOLD}
        size = BOARD_SIZE[street]
        board = tuple(first[:size])
        if len(players) < 2 or len(board) < size or "??" in board or any(p not in known for p in players):
            continue
        try:
            result = equity([known[p] for p in players], board=board, ranking=rk)
        except AnalyzerError:  # cards seen twice or outside the deck: the audit names them
            continue
        out.append(
            StreetEquity(
                street,
                board,
                players,
                tuple(known[p] for p in players),
                tuple(h.share for h in result.hands),
                tuple(dict.fromkeys(all_in)),
            )
        )
        if len(players) - len({a.player for a in acted if a.kind is ActionKind.FOLD}) < 2:
            break  # everyone else folded: no later street
    return tuple(out)
