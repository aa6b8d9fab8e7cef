"""Settling the pots: deductions, runs, the best hand among the eligible, splits.

POT-SIDE-ORDER: each pot goes to the best hand among the players eligible for it;
SD-TIE: equal hands share; POT-ODD-CHIP: odd chips go to the winners in order clockwise
from the button; several runs share each pot, odd chips to the first run. The seeds do
not say which pot the rake comes from: unless the source lists each pot's net amount, it
is taken from the main pot first, then the side pots in order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

import msgspec

from analyzer.audit.records import PotResult
from analyzer.evaluator import Ranking, strength_function, words_of
from analyzer.evaluator.lowball import holdem_low, low_words, omaha_low
from analyzer.evaluator.omaha import omaha_high
from analyzer.replay.pots import Pot, SeatNumbers, clockwise_from_button, split


class Settlement(msgspec.Struct, frozen=True):
    results: tuple[PotResult, ...]
    owed: dict[str, int]  # what each player is owed from the pots, net of deductions
    undecided: tuple[int, ...]  # pots that could not be settled (cards unknown)
    taken: tuple[int, ...]  # deductions taken from each pot (main, side 1, ...)
    hands: dict[tuple[str, int], int]  # (player, run) -> strength of the best hand, for contenders
    lows: dict[tuple[str, int], int]  # hi/lo: (player, run) -> key of the qualifying low; {} otherwise


def take_deductions(
    pots: Sequence[Pot], total: int, listed: Sequence[int], by_pot: Mapping[int, int] | None = None
) -> tuple[int, ...]:
    """How much of the deductions comes off each pot: what the source names per pot
    (``by_pot``), or the difference to the net pots it lists, else the main pot first.

    >>> take_deductions([Pot(100, ("A", "B"), 50), Pot(40, ("B",), 70)], 5, [])
    (5, 0)
    >>> take_deductions([Pot(100, ("A", "B"), 50), Pot(40, ("B",), 70)], 5, [97, 38])
    (3, 2)
    >>> take_deductions([Pot(100, ("A", "B"), 50), Pot(40, ("B",), 70)], 5, [], {1: 2})
    (3, 2)
    """
    if not total and not by_pot:
        return (0,) * len(pots)  # the common hand: nothing taken (listed net pots then equal the pots)
    matches = listed and len(listed) == len(pots) and sum(p.amount for p in pots) - sum(listed) == total
    if matches and all(p.amount - n >= 0 for p, n in zip(pots, listed, strict=True)):
        return tuple(p.amount - n for p, n in zip(pots, listed, strict=True))
    taken = [0] * len(pots)
    left = total
    for index, amount in (by_pot or {}).items():
        if 0 <= index < len(pots):
            part = min(amount, pots[index].amount, left)
            taken[index] += part
            left -= part
    for i, pot in enumerate(pots):
        part = min(left, pot.amount - taken[i])
        taken[i] += part
        left -= part
    return tuple(taken)


#: one award of a run's share of a pot: (chips, the players with the best hand for it, that hand
#: in words, the half: "high" or "low" in a hi/lo game, "" otherwise)
Award = tuple[int, list[str], str, str]

#: a high hand's words by ranking and strength, made once each (a night repeats them)
_WORDS: Final[dict[Ranking, dict[int, str]]] = {}


def high_words(strength: int, ranking: Ranking) -> str:
    """:func:`~analyzer.evaluator.words_of`, each strength's words made once.

    >>> from analyzer.evaluator import evaluate
    >>> high_words(evaluate("8s 8d 8h Kh Kc", "standard").strength, Ranking.STANDARD)
    'Full house, eights over kings'
    """
    known = _WORDS.get(ranking)
    if known is None:
        known = _WORDS[ranking] = {}
    said = known.get(strength)
    if said is None:
        said = known[strength] = words_of(strength, ranking)
    return said


def settle(
    pots: Sequence[Pot],
    *,
    boards: Sequence[tuple[int, ...]],
    holes: Mapping[str, tuple[int, ...] | None],
    seats: SeatNumbers,
    button: int | None,
    ranking: Ranking,
    deductions: int = 0,
    listed_pots: Sequence[int] = (),
    all_odd_to_first: bool = False,
    deductions_by_pot: Mapping[int, int] | None = None,
    omaha: bool = False,
    low_qualifier: int | None = None,
) -> Settlement:
    """Award every pot. Cards are indices (``Card.index``); ``holes`` maps each player still in
    to their known hole cards (None: not shown or unknown; a player who mucked is left out).
    The caller has checked the cards (no duplicates, all in the ranking's deck).

    ``omaha``: a hand is exactly two hole cards and three board cards (OM-TWO-PLUS-THREE).
    ``low_qualifier``: a hi/lo game (:meth:`Judge.high_low`), the low counting up to that rank."""
    judge = Judge(ranking, omaha, low_qualifier)
    taken = take_deductions(pots, deductions, listed_pots, deductions_by_pot)
    results, owed, undecided = walk(pots, taken, boards, holes, seats, button, all_odd_to_first, judge)
    return Settlement(results, owed, undecided, taken, judge.hands, judge.lows)


def walk(
    pots: Sequence[Pot],
    taken: Sequence[int],
    boards: Sequence[tuple[int, ...]],
    holes: Mapping[str, tuple[int, ...] | None],
    seats: SeatNumbers,
    button: int | None,
    all_odd_to_first: bool,
    judge: Judge,
) -> tuple[tuple[PotResult, ...], dict[str, int], tuple[int, ...]]:
    """The one walk over the pots and the runs: each run's share of a pot (the odd chip to the
    first run); a pot with one eligible player, or one player still showing, goes to that
    player; a pot whose contenders' cards or board are not all known is undecided; else
    ``judge`` says who wins the share, and each award is split among equal hands with odd chips
    clockwise from the button. Returns the results, what each player is owed and the undecided
    pots."""
    runs = list(boards) or [()]
    owed: dict[str, int] = {}
    results: list[PotResult] = []
    undecided: list[int] = []
    for index in range(len(pots)):
        pot = pots[index]
        net = pot.amount - taken[index]
        eligible = pot.eligible
        contenders = [p for p in eligible if p in holes]
        # each run's share of the pot, the odd chip to the first run
        amounts = [net] if len(runs) == 1 else [a for _, a in split(net, [str(r) for r in range(len(runs))])]
        alone = len(eligible) == 1 or len(contenders) == 1
        for run in range(len(amounts)):
            amount = amounts[run]
            if alone:
                winner = eligible[0] if len(eligible) == 1 else contenders[0]
                results.append(PotResult(index, run, amount, eligible, (winner,), ((winner, amount),)))
                owed[winner] = owed.get(winner, 0) + amount
                continue
            board = runs[run]
            cards: list[tuple[int, ...]] = []
            for p in contenders:
                hole = holes[p]
                if hole is None:
                    break
                cards.append(hole)
            if not contenders or len(board) != 5 or len(cards) != len(contenders):
                undecided.append(index)
                results.append(PotResult(index, run, amount, eligible, (), ()))
                continue
            for part, top, said, half in judge.awards(run, amount, contenders, cards, board):
                shares: tuple[tuple[str, int], ...]
                if len(top) == 1:
                    winner = top[0]
                    winners: tuple[str, ...] = (winner,)
                    shares = ((winner, part),)
                    owed[winner] = owed.get(winner, 0) + part
                else:
                    ordered = clockwise_from_button(top, seats, button)
                    shares = split(part, ordered, all_odd_to_first=all_odd_to_first)
                    for w, share in shares:
                        owed[w] = owed.get(w, 0) + share
                    winners = tuple(ordered)
                results.append(PotResult(index, run, part, eligible, winners, shares, said, half))
    return tuple(results), owed, (tuple(sorted(set(undecided))) if undecided else ())


class Judge:
    """Who wins a run's share of a pot, each hand evaluated once: its high strength kept in
    ``hands`` and its qualifying low (hi/lo) in ``lows``, by player and run.

    A high-only game (no ``low_qualifier``): the best high hand takes the whole share
    (POT-SIDE-ORDER, SD-TIE). A hi/lo game: the share is halved between the best high hand and
    the best qualifying ace-to-five low among its contenders (the odd chip to the high half);
    with no qualifying low the high hand takes it all (the scoop, OM-HILO-SCOOP)."""

    def __init__(self, ranking: Ranking, omaha: bool, low_qualifier: int | None) -> None:
        self.ranking = ranking
        self.omaha = omaha
        self.low_qualifier = low_qualifier
        self.hands: dict[tuple[str, int], int] = {}
        self.lows: dict[tuple[str, int], int] = {}
        self.no_low: set[tuple[str, int]] = set()

    def awards(
        self, run: int, amount: int, contenders: list[str], cards: list[tuple[int, ...]], board: tuple[int, ...]
    ) -> list[Award]:
        """The awards of a run's share: (chips, the players with the best hand for it, that hand
        in words, the half)."""
        best, top = best_high(run, contenders, cards, board, self.hands, self.ranking, self.omaha)
        qualifier = self.low_qualifier
        if qualifier is None:
            return [(amount, top, high_words(best, self.ranking), "")]
        return self.high_low(run, amount, contenders, cards, board, best, top, qualifier)

    def high_low(
        self,
        run: int,
        amount: int,
        contenders: list[str],
        cards: list[tuple[int, ...]],
        board: tuple[int, ...],
        best: int,
        top: list[str],
        qualifier: int,
    ) -> list[Award]:
        """A hi/lo game: each half split among equal hands (so a half may be quartered)."""
        lows = self.lows
        no_low = self.no_low
        best_low: int | None = None
        low_top: list[str] = []
        for p, hole in zip(contenders, cards, strict=True):
            key = (p, run)
            if key in lows:
                low: int | None = lows[key]
            elif key in no_low:
                low = None
            else:
                low = omaha_low(hole, board, qualifier) if self.omaha else holdem_low(hole + board, qualifier)
                if low is None:
                    no_low.add(key)
                else:
                    lows[key] = low
            if low is None:
                continue
            if best_low is None or low < best_low:
                best_low, low_top = low, [p]
            elif low == best_low:
                low_top.append(p)
        ranking = self.ranking
        if best_low is None:
            return [(amount, top, high_words(best, ranking) + "; no low qualifies", "high")]
        high_half, low_half = high_low_halves(amount)
        high = (high_half, top, high_words(best, ranking), "high")
        return [high, (low_half, low_top, "Low " + low_words(best_low), "low")]


def best_high(
    run: int,
    contenders: list[str],
    cards: list[tuple[int, ...]],
    board: tuple[int, ...],
    hands: dict[tuple[str, int], int],
    ranking: Ranking,
    omaha: bool,
) -> tuple[int, list[str]]:
    """The strength of the best high hand among the contenders on a run's board, and who holds it
    (each strength kept in ``hands``, by player and run)."""
    best = -1
    top: list[str] = []
    n = len(contenders)
    strength: Callable[[Sequence[int], Ranking], int] | None = None  # the evaluator's, asked once
    kept = bool(hands)  # none kept yet (the first pot): nothing to look up (the contenders differ)
    for i in range(n):
        p = contenders[i]
        key = (p, run)
        value = hands.get(key) if kept else None
        if value is None:
            hole = cards[i]
            if omaha:
                value = omaha_high(hole, board, ranking)
            else:
                if strength is None:
                    strength = strength_function(ranking, n - i)  # at most the hands left to evaluate
                value = strength(hole + board, ranking)
            hands[key] = value
        if value > best:
            best = value
            top = [p]
        elif value == best:
            top.append(p)
    return best, top


def high_low_halves(amount: int) -> tuple[int, int]:
    """A hi/lo pot halved: the odd chip goes to the high half (OM-HILO-ODD-CHIP).

    >>> high_low_halves(15), high_low_halves(14), high_low_halves(1)
    ((8, 7), (7, 7), (1, 0))
    """
    low = amount // 2
    return amount - low, low
