"""The offered odds against the real ones: the margin per round, per outcome, per session.

For one bet at offered decimal odds ``o`` on an outcome of exact probability ``p`` (at the
round the bet was taken), the bettor expects back ``p x o`` per unit staked; the house's
expected margin is ``1 - p x o`` (negative: the odds were better than fair). A group of
bets weighs each by its stake::

    margin = 1 - sum(stake x p x o) / sum(stake)

Counted: bets on completed draws whose outcome was open when taken (a bet on a decided
outcome is a problem, not a price; a cancelled draw refunds everything). ``hold`` is what
the house actually kept of those stakes, as recorded; ``owed_hold`` what it keeps when every
bet is paid as owed. One currency per session is assumed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from analyzer.casino.audit import BetAudit


@dataclass(frozen=True, slots=True)
class MarginRow:
    """Bets grouped by round and/or outcome (``None``: all of them)."""

    round: int | None
    outcome: str | None
    bets: int
    stake: int  # minor units
    fair_return: Fraction  # sum of stake x p x odds: what the bettors expect back
    paid: int  # as recorded
    owed: int  # as re-checked

    @property
    def margin(self) -> Fraction | None:
        """The house's expected share of the stakes at the offered odds."""
        return 1 - self.fair_return / self.stake if self.stake else None

    @property
    def hold(self) -> Fraction | None:
        """The house's actual share, as paid."""
        return 1 - Fraction(self.paid, self.stake) if self.stake else None

    @property
    def owed_hold(self) -> Fraction | None:
        """The house's actual share, had every bet been paid as owed."""
        return 1 - Fraction(self.owed, self.stake) if self.stake else None


def priced(bets: Iterable[BetAudit]) -> tuple[BetAudit, ...]:
    """The bets that count for margins: an open quote, a settled bet on a completed draw."""
    return tuple(b for b in bets if b.edge is not None and b.owed is not None and b.quote is not None)


def _row(round: int | None, outcome: str | None, bets: list[BetAudit]) -> MarginRow:
    stake = sum(b.bet.stake for b in bets)
    fair = sum((b.bet.stake * b.quote.probability * Fraction(b.bet.odds) for b in bets if b.quote), Fraction(0))
    return MarginRow(
        round, outcome, len(bets), stake, fair, sum(b.bet.paid for b in bets), sum(b.owed or 0 for b in bets)
    )


def margins(bets: Iterable[BetAudit]) -> tuple[MarginRow, ...]:
    """The session row first, then one row per round, per outcome, and per (round, outcome)."""
    counted = priced(bets)
    rounds = sorted({b.bet.round for b in counted})
    outcomes = list(dict.fromkeys(b.bet.outcome for b in counted))
    rows = [_row(None, None, list(counted))]
    rows += [_row(r, None, [b for b in counted if b.bet.round == r]) for r in rounds]
    rows += [_row(None, o, [b for b in counted if b.bet.outcome == o]) for o in outcomes]
    for r in rounds:
        for o in outcomes:
            group = [b for b in counted if b.bet.round == r and b.bet.outcome == o]
            if group:
                rows.append(_row(r, o, group))
    return tuple(rows)
