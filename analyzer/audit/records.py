"""What the audit returns for a hand: its verdict and problems, the chip ledger, the pots.

Typed frozen records (msgspec); the store, the exports and the pages read them.
"""

from __future__ import annotations

import msgspec

from analyzer.replay.findings import Problem, Verdict


class PotResult(msgspec.Struct, frozen=True, gc=False):
    """A pot as the engine settled it (per run): amount, who could win it, who did."""

    index: int  # 0 main, 1.. side pots
    run: int
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...]
    shares: tuple[tuple[str, int], ...]
    hand: str = ""  # the winning hand in words, where there was a showdown
    half: str = ""  # hi/lo games: "high" or "low" (each half of a pot a result of its own); "" otherwise


class LedgerRow(msgspec.Struct, frozen=True, gc=False):
    """One player's chips through the hand, in minor units.

    ``posted`` is the forced bets; ``invested`` the voluntary chips per street (preflop,
    flop, turn, river); ``returned`` the uncalled bet; ``won`` what the engine says each pot
    owes the player (main, side 1, ...; all runs together); ``rake`` the player's share of
    the rake; ``net = won + returned - posted - sum(invested) - rake_paid_outside``.
    """

    player: str
    seat: int
    start: int
    posted: int
    invested: tuple[int, int, int, int]
    returned: int
    won: tuple[int, ...]
    rake: int
    net: int
    claimed_won: int  # what the source says the player collected
    end: int  # start + net as the engine computes it


class HandAudit(msgspec.Struct, frozen=True):
    """The audit of one hand: the verdict, every problem, the ledger and the pots."""

    hand_id: str
    file: str
    line: int
    format: str
    rules: str
    verdict: Verdict
    problems: tuple[Problem, ...]
    ledger: tuple[LedgerRow, ...]
    pots: tuple[PotResult, ...]
    rake: int  # as recorded (or computed under a percent model)
    total_pot: int  # everything put in, less returned bets

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(p.code.value for p in self.problems)
