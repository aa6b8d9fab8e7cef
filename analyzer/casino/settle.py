"""What a bet is owed (C-SETTLE, C-SPLIT, C-REFUND), in minor units, exactly.

* A cancelled draw refunds every stake: odds equalised to 1.00 (§5.1.4, C-REFUND).
* A winning bet pays ``stake x odds`` (decimal odds, stake included), computed exactly with
  :class:`~decimal.Decimal` and rounded once to the minor unit by the outcome file's
  ``rounding`` ("down" by default: toward zero, so 333 x 1.5 = 499.5 pays 499).
* A losing bet pays 0, except a bet on an outcome with ``result = "player"`` or ``"dealer"``
  when the draw is a split: the seed is silent (C-SPLIT), the outcome file decides
  (``side_bets_on_split``, or the outcome's own ``on_split``): "lose" pays 0, "refund" the stake.
"""

from __future__ import annotations

from decimal import Decimal
from enum import StrEnum

from analyzer.casino.judge import Showdown
from analyzer.casino.outcomes import ROUNDING_MODES, Outcome, Rounding, Settlement
from analyzer.evaluator import Ranking
from parsers.casino import CasinoBet, DrawStatus, Side


class Settled(StrEnum):
    WON = "won"
    LOST = "lost"
    REFUNDED = "refunded"  # the draw was cancelled (C-REFUND)
    PUSHED = "pushed"  # a Player or Dealer bet on a split, refunded by the settlement rule (C-SPLIT)


def pay(stake: int, odds: Decimal, rounding: Rounding = "down") -> int:
    """``stake x odds`` in minor units, rounded once as the settlement says.

    >>> pay(1000, Decimal("1.95"))
    1950
    >>> pay(333, Decimal("1.5")), pay(333, Decimal("1.5"), "half-up"), pay(335, Decimal("1.5"), "half-even")
    (499, 500, 502)
    """
    return int((Decimal(stake) * odds).to_integral_value(rounding=ROUNDING_MODES[rounding]))


def settle(
    bet: CasinoBet,
    outcome: Outcome,
    *,
    status: DrawStatus,
    showdown: Showdown | None,
    settlement: Settlement,
    ranking: Ranking,
) -> tuple[Settled, int]:
    """How a bet ends and what it is owed (stake included). ``showdown`` is needed unless cancelled."""
    if status is DrawStatus.CANCELLED:
        return Settled.REFUNDED, bet.stake
    if showdown is None:
        raise ValueError(f"bet {bet.bet_id}: a completed draw needs its showdown to be settled")
    if outcome.wins(showdown.result.value, showdown.player_class, showdown.dealer_class, ranking):
        return Settled.WON, pay(bet.stake, bet.odds, settlement.rounding)
    if showdown.result is Side.SPLIT and outcome.result in ("player", "dealer"):
        rule = outcome.on_split or settlement.side_bets_on_split
        if rule == "refund":
            return Settled.PUSHED, bet.stake
    return Settled.LOST, 0
