"""Settling the pots: deductions, runs, the best hand among the eligible, splits.

POT-SIDE-ORDER: each pot goes to the best hand among the players eligible for it;
SD-TIE: equal hands share; POT-ODD-CHIP: odd chips go to the winners in order clockwise
from the button; several runs share each pot, odd chips to the first run. The seeds do
not say which pot the rake comes from: unless the source lists each pot's net amount, it
is taken from the main pot first, then the side pots in order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from analyzer.audit.records import PotResult
from analyzer.evaluator import Ranking, strength_of, words_of
from analyzer.evaluator.lowball import holdem_low, low_words, omaha_low
from analyzer.evaluator.omaha import omaha_high
from analyzer.replay.pots import Pot, clockwise_from_button, split


class Settlement(msgspec.Struct, frozen=True):
    results: tuple[PotResult, ...]
    owed: dict[str, int]  # what each player is owed from the pots, net of deductions
    undecided: tuple[int, ...]  # pots that could not be settled (cards unknown)
    taken: tuple[int, ...]  # deductions taken from each pot (main, side 1, ...)
    hands: dict[tuple[str, int], int]  # (player, run) -> strength of the best hand, for contenders
    lows: dict[tuple[str, int], int]  # hi/lo: qualifying low keys (a default here breaks the mypyc build)


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


def settle(
    pots: Sequence[Pot],
    *,
    boards: Sequence[tuple[int, ...]],
    holes: Mapping[str, tuple[int, ...] | None],
    seats: Mapping[str, int],
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
    ``low_qualifier``: a hi/lo game (:func:`settle_high_low`), the low counting up to that rank."""
    if low_qualifier is not None:
        return settle_high_low(
            pots,
            boards=boards,
            holes=holes,
            seats=seats,
            button=button,
            ranking=ranking,
            deductions=deductions,
            listed_pots=listed_pots,
            all_odd_to_first=all_odd_to_first,
            deductions_by_pot=deductions_by_pot,
            omaha=omaha,
            low_qualifier=low_qualifier,
        )
    taken = take_deductions(pots, deductions, listed_pots, deductions_by_pot)
    runs = list(boards) or [()]
    owed: dict[str, int] = {}
    results: list[PotResult] = []
    undecided: list[int] = []
    hands: dict[tuple[str, int], int] = {}
    for index, pot in enumerate(pots):
        net = pot.amount - taken[index]
        eligible = pot.eligible
        contenders = [p for p in eligible if p in holes]
        # each run's share of the pot, the odd chip to the first run
        amounts = [net] if len(runs) == 1 else [a for _, a in split(net, [str(r) for r in range(len(runs))])]
        for run, amount in enumerate(amounts):
            if len(eligible) == 1 or len(contenders) == 1:
                winner = eligible[0] if len(eligible) == 1 else contenders[0]
                results.append(PotResult(index, run, amount, eligible, (winner,), ((winner, amount),)))
                owed[winner] = owed.get(winner, 0) + amount
                continue
            board = runs[run]
            cards = [holes[p] for p in contenders]
            if not contenders or len(board) != 5 or None in cards:
                undecided.append(index)
                results.append(PotResult(index, run, amount, eligible, (), ()))
                continue
            best = -1
            top: list[str] = []
            for p, hole in zip(contenders, cards, strict=True):
                key = (p, run)
                value = hands.get(key)
                if value is None:
                    value = hands[key] = (
                        omaha_high(hole, board, ranking)  # type: ignore[arg-type]
                        if omaha
                        else strength_of(hole + board, ranking)  # type: ignore[operator]
                    )
                if value > best:
                    best, top = value, [p]
                elif value == best:
                    top.append(p)
            shares: tuple[tuple[str, int], ...]
            if len(top) == 1:
                winners, shares = top, ((top[0], amount),)
            else:
                winners = clockwise_from_button(top, seats, button)
                shares = split(amount, winners, all_odd_to_first=all_odd_to_first)
            for w, share in shares:
                owed[w] = owed.get(w, 0) + share
            results.append(PotResult(index, run, amount, eligible, tuple(winners), shares, words_of(best, ranking)))
    return Settlement(tuple(results), owed, tuple(sorted(set(undecided))), taken, hands, {})


def high_low_halves(amount: int) -> tuple[int, int]:
    """A hi/lo pot halved: the odd chip goes to the high half (OM-HILO-ODD-CHIP).

    >>> high_low_halves(15), high_low_halves(14), high_low_halves(1)
    ((8, 7), (7, 7), (1, 0))
    """
    low = amount // 2
    return amount - low, low


def settle_high_low(
    pots: Sequence[Pot],
    *,
    boards: Sequence[tuple[int, ...]],
    holes: Mapping[str, tuple[int, ...] | None],
    seats: Mapping[str, int],
    button: int | None,
    ranking: Ranking,
    deductions: int = 0,
    listed_pots: Sequence[int] = (),
    all_odd_to_first: bool = False,
    deductions_by_pot: Mapping[int, int] | None = None,
    omaha: bool = True,
    low_qualifier: int = 8,
) -> Settlement:
    """Award every pot of a hi/lo game: each run's share of a pot is halved between the best
    high hand and the best qualifying ace-to-five low among its eligible players (the odd chip
    to the high half); each half is split among equal hands with odd chips clockwise from the
    button, so a half may be quartered; with no qualifying low the high hand takes it all (the
    scoop). A pot with one eligible player, or one player still showing, goes to that player."""
    taken = take_deductions(pots, deductions, listed_pots, deductions_by_pot)
    runs = list(boards) or [()]
    owed: dict[str, int] = {}
    results: list[PotResult] = []
    undecided: list[int] = []
    hands: dict[tuple[str, int], int] = {}
    lows: dict[tuple[str, int], int] = {}
    no_low: dict[tuple[str, int], None] = {}

    def award(
        index: int, run: int, amount: int, eligible: tuple[str, ...], top: list[str], words: str, half: str
    ) -> None:
        shares: tuple[tuple[str, int], ...]
        if len(top) == 1:
            winners, shares = top, ((top[0], amount),)
        else:
            winners = clockwise_from_button(top, seats, button)
            shares = split(amount, winners, all_odd_to_first=all_odd_to_first)
        for w, share in shares:
            owed[w] = owed.get(w, 0) + share
        results.append(PotResult(index, run, amount, eligible, tuple(winners), shares, words, half))

    for index, pot in enumerate(pots):
        net = pot.amount - taken[index]
        eligible = pot.eligible
        contenders = [p for p in eligible if p in holes]
        amounts = [net] if len(runs) == 1 else [a for _, a in split(net, [str(r) for r in range(len(runs))])]
        for run, amount in enumerate(amounts):
            if len(eligible) == 1 or len(contenders) == 1:
                winner = eligible[0] if len(eligible) == 1 else contenders[0]
                results.append(PotResult(index, run, amount, eligible, (winner,), ((winner, amount),)))
                owed[winner] = owed.get(winner, 0) + amount
                continue
            board = runs[run]
            cards = [holes[p] for p in contenders]
            if not contenders or len(board) != 5 or None in cards:
                undecided.append(index)
                results.append(PotResult(index, run, amount, eligible, (), ()))
                continue
            best, top = -1, []
            best_low: int | None = None
            low_top: list[str] = []
            for p, hole in zip(contenders, cards, strict=True):
                assert hole is not None
                key = (p, run)
                value = hands.get(key)
                if value is None:
                    value = hands[key] = (
                        omaha_high(hole, board, ranking) if omaha else strength_of(hole + board, ranking)
                    )
                if value > best:
                    best, top = value, [p]
                elif value == best:
                    top.append(p)
                if key in lows:
                    low: int | None = lows[key]
                elif key in no_low:
                    low = None
                else:
                    low = omaha_low(hole, board, low_qualifier) if omaha else holdem_low(hole + board, low_qualifier)
                    if low is None:
                        no_low[key] = None
                    else:
                        lows[key] = low
                if low is None:
                    continue
                if best_low is None or low < best_low:
                    best_low, low_top = low, [p]
                elif low == best_low:
                    low_top.append(p)
            if best_low is None:  # no low qualifies: the high hand scoops (OM-HILO-SCOOP)
                award(index, run, amount, eligible, top, words_of(best, ranking) + "; no low qualifies", "high")
                continue
            high_half, low_half = high_low_halves(amount)
            award(index, run, high_half, eligible, top, words_of(best, ranking), "high")
            award(index, run, low_half, eligible, low_top, "Low " + low_words(best_low), "low")
    return Settlement(tuple(results), owed, tuple(sorted(set(undecided))), taken, hands, lows)
