"""Exact probabilities of every outcome at each betting round, and the fair odds (C-ROUNDS, C-ODDS).

The five rounds (003 §3.1-3.5) and what is face up when each round's odds are set:

====== ==========================================  =====================================
round  face up                                     still unknown
====== ==========================================  =====================================
1      nothing (before the deal)                   Player, Dealer, board
2      the Player's two cards                      the Dealer's two (dealt face down), board
3      + the flop                                  Dealer, turn, river
4      + the turn                                  Dealer, river
5      + the river                                 Dealer
====== ==========================================  =====================================

A card burned face up (C-BURN, §5.2) during round ``r`` is out of the deck from round
``r + 1`` on (the odds of round ``r`` were set before it was seen). The face-down discards
(C-DISCARD) are unknown cards and change no probability.

An outcome's probability is its share of every deal still possible, each equally likely.
Probability 0: it can no longer win, it has no odds, it is *lost*; probability 1: it is
already formed, *won*, no odds; bets on either are refused (C-DECIDED, §3.5.1-3.5.3). The
seed says this of the flop, turn and river; a probability of 0 or 1 at rounds 1-2 is
treated the same way (an outcome no deal can win has no odds to offer).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache

from analyzer.cards import SHORT_DECK, Card, CardsLike, clean, pretty
from analyzer.casino import tables
from analyzer.casino.errors import CasinoStateError
from analyzer.casino.exact import Counts, count_deals
from analyzer.casino.outcomes import OutcomeSet
from analyzer.evaluator import Ranking
from analyzer.i18n import Arg, Cards, Join, msg
from parsers.casino import CasinoDraw
from parsers.errors import T_

ROUNDS = (1, 2, 3, 4, 5)
BOARD_AT_ROUND = {1: 0, 2: 0, 3: 3, 4: 4, 5: 5}
UNKNOWN = "??"


class Status(StrEnum):
    OPEN = "open"
    WON = "won"  # already formed: no odds, no bets (§3.5.2)
    LOST = "lost"  # no chance left: no odds, no bets (§3.5.1)


@dataclass(frozen=True, slots=True)
class GameState:
    """What is face up when a round's odds are set."""

    round: int
    player: tuple[Card, ...] = ()
    board: tuple[Card, ...] = ()
    dead: tuple[Card, ...] = ()  # burned face up in an earlier round

    def words(self) -> Join:
        """The round and its cards face up, in the reader's language: "round 3, Player A♠ K♦, board A♥ 7♥ 6♥"."""
        parts: list[Arg] = [msg("round {n}", n=self.round)]
        if self.player:
            parts.append(msg("Player {cards}", cards=Cards(self.player)))
        if self.board:
            parts.append(msg("board {cards}", cards=Cards(self.board)))
        if self.dead:
            parts.append(msg("burned {cards}", cards=Cards(self.dead)))
        return Join(tuple(parts), "list")


def pretty_text(cards: tuple[Card, ...]) -> str:
    return " ".join(c.text for c in cards)


def state_of(player: CardsLike = (), board: CardsLike = (), dead: CardsLike = ()) -> GameState:
    """The round that a set of face-up cards belongs to (no Player cards: round 1).

    >>> state_of("As Kd", "Ah 7h 6h").round
    3
    >>> state_of("", "Ah 7h 6h")
    Traceback (most recent call last):
    ...
    analyzer.casino.errors.CasinoStateError: casino: expected two Player cards with a board, found board Ah 7h 6h alone
    """
    mine, common, burned = clean(player), clean(board), clean(dead)
    if len(mine) not in (0, 2):
        raise CasinoStateError(expected=T_("no Player cards or two"), found=f"{len(mine)}: {pretty(mine)}")
    if not mine and common:
        raise CasinoStateError(
            expected=T_("two Player cards with a board"), found=T_("board {cards} alone", cards=pretty_text(common))
        )
    if not mine and burned:
        raise CasinoStateError(
            expected=T_("burned cards from round 2 on (a burn shows before round 1 ends)"), found=pretty_text(burned)
        )
    if len(common) not in (0, 3, 4, 5):
        raise CasinoStateError(expected=T_("a board of 0, 3, 4 or 5 cards"), found=f"{len(common)}")
    everything = (*mine, *common, *burned)
    if len(set(everything)) != len(everything):
        raise CasinoStateError(expected=T_("different cards"), found=pretty(everything))
    SHORT_DECK.check(everything)
    number = 1 if not mine else {0: 2, 3: 3, 4: 4, 5: 5}[len(common)]
    return GameState(number, mine, common, burned)


def state_at(draw: CasinoDraw, round: int) -> GameState:
    """The face-up cards of a recorded draw when round ``round`` opened."""
    if round not in ROUNDS:
        raise CasinoStateError(expected=T_("a betting round 1 to 5"), found=str(round))
    player = draw.player if round >= 2 else ()
    board = draw.board[: BOARD_AT_ROUND[round]]
    needed = (*player, *board)
    if UNKNOWN in needed or len(player) != (2 if round >= 2 else 0) or len(board) != BOARD_AT_ROUND[round]:
        raise CasinoStateError(
            expected=T_("the cards face up in round {round}", round=round),
            found=f"Player {draw.player}, board {draw.board}",
        )
    dead = tuple(b.card for b in draw.burned if b.round < round and b.card != UNKNOWN)
    state = state_of(player, board, dead)
    return GameState(round, state.player, state.board, state.dead)


@lru_cache(maxsize=4096)
def _counts(player: tuple[int, ...], board: tuple[int, ...], dead: tuple[int, ...], ranking: Ranking) -> Counts:
    if not player and not dead:
        return tables.round_one(ranking)
    if not board and not dead:
        first, second = (Card.from_index(i) for i in player)
        return tables.round_two(tables.hand_class(first, second), ranking)
    deck = [c.index for c in SHORT_DECK.cards]
    return count_deals(player=player, board=board, dead=dead, deck=deck, ranking=ranking)


def counts_at(state: GameState, ranking: Ranking) -> Counts:
    """Every deal still possible at a state, by (result, Player class, Dealer class)."""

    def key(cards: tuple[Card, ...]) -> tuple[int, ...]:
        return tuple(sorted(c.index for c in cards))

    return _counts(key(state.player), key(state.board), key(state.dead), ranking)


@dataclass(frozen=True, slots=True)
class Quote:
    """An outcome's exact probability at a round, and its status."""

    outcome: str
    name: str
    probability: Fraction
    status: Status

    @property
    def fair_odds(self) -> Fraction | None:
        """Decimal odds that return exactly the stake on average (1 / probability); none when decided."""
        if self.status is not Status.OPEN:
            return None
        return 1 / self.probability


@dataclass(frozen=True, slots=True)
class RoundOdds:
    """Every outcome's quote at one state of a draw."""

    state: GameState
    deals: int  # how many equally likely deals were counted
    quotes: tuple[Quote, ...]

    def quote(self, outcome: str) -> Quote | None:
        return next((q for q in self.quotes if q.outcome == outcome), None)


def quotes(state: GameState, outcomes: OutcomeSet, ranking: Ranking) -> RoundOdds:
    """Exact quotes for every outcome at a state."""
    counts = counts_at(state, ranking)
    out = []
    for outcome in outcomes.outcomes:
        p = counts.probability(outcome.mask(ranking))
        status = Status.LOST if p == 0 else Status.WON if p == 1 else Status.OPEN
        out.append(Quote(outcome.id, outcome.name, p, status))
    return RoundOdds(state, counts.total, tuple(out))


def draw_odds(draw: CasinoDraw, outcomes: OutcomeSet, ranking: Ranking) -> tuple[RoundOdds, ...]:
    """The quotes of a recorded draw at each of its five rounds."""
    return tuple(quotes(state_at(draw, r), outcomes, ranking) for r in ROUNDS)


def as_decimal(value: Fraction, places: int = 2) -> Decimal:
    """A fraction shown as a decimal (odds, probabilities), rounded half-even; display only.

    >>> as_decimal(Fraction(1, 3), 4), as_decimal(Fraction(7, 2))
    (Decimal('0.3333'), Decimal('3.50'))
    """
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)
