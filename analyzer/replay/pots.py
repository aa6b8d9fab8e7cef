"""Main and side pots from what each player put in, the uncalled bet, and pot splits.

Pure functions on amounts; the replay engine and the quizzes share them.

POT-ALL-IN-CAP: an all-in player wins from each opponent at most what they put in; what
others bet beyond that goes to side pots they cannot win. POT-ODD-CHIP: where a split
leaves odd chips, they go one by one to the winners in order clockwise from the button.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Protocol

import msgspec
from librt.vecs import vec
from mypy_extensions import i64

from analyzer.replay.rules import Flags, return_uncalled


class Pot(msgspec.Struct, frozen=True, gc=False):
    """One pot: its amount, the players still in who may win it (seat order), and its level.

    ``level`` is the most any one player put into the hand that this pot covers: a player
    who put in at least ``level`` is eligible (if not folded).
    """

    amount: int
    eligible: tuple[str, ...]
    level: int


def uncalled(contributions: Mapping[str, int]) -> tuple[str, int] | None:
    """The bet nobody matched: the top contributor's excess over the second highest.

    >>> uncalled({"Anna": 300, "Ben": 100, "Carla": 50})
    ('Anna', 200)
    >>> uncalled({"Anna": 100, "Ben": 100}) is None
    True
    """
    names = list(contributions)
    k, excess = return_uncalled(vec[i64](contributions.values()))
    return (names[k], excess) if k >= 0 else None


def build_pots(
    contributions: Mapping[str, int], folded: Collection[str], order: Sequence[str], *, dead: int = 0
) -> tuple[Pot, ...]:
    """Main pot first, then side pots, from each player's live chips put into the hand.

    ``order`` lists every player in seat order (it fixes the order of ``eligible``).
    Chips of folded players go into the pots up to their amount, like anyone's. ``dead``
    money (antes, dead blinds) does not count toward anyone's level: it goes into the main
    pot (as pokerkit and the TDA big-blind-ante rule have it; with equal antes for all this
    is the same as counting them). Call this after the uncalled bet has been returned.

    >>> build_pots({"Anna": 20, "Ben": 50, "Carla": 50}, (), ["Anna", "Ben", "Carla"])
    (Pot(amount=60, eligible=('Anna', 'Ben', 'Carla'), level=20), Pot(amount=60, eligible=('Ben', 'Carla'), level=50))
    >>> build_pots({"Anna": 10, "Ben": 40, "Carla": 40}, ("Ben",), ["Anna", "Ben", "Carla"])
    (Pot(amount=30, eligible=('Anna', 'Carla'), level=10), Pot(amount=60, eligible=('Carla',), level=40))
    """
    amounts = [contributions.get(p, 0) for p in order]
    return pots_of(list(order), amounts, vec[bool]([p in folded for p in order]), dead)


def pots_of(order: list[str], amounts: list[int], folded: Flags, dead: int = 0) -> tuple[Pot, ...]:
    """:func:`build_pots` by index: each player's live chips (a list) and whether they folded
    (the table's vector of flags, read by index as the engine holds it)."""
    n = len(order)
    if len(amounts) != n or len(folded) != n:
        raise ValueError(f"pots_of: expected {n} amounts and folds, got {len(amounts)} and {len(folded)}")
    # one pass: the total, the most anyone put in, and the live levels (players still in who put in)
    total = 0
    most = amounts[0] if n else 0
    level = 0  # the one live level while there is one
    several = False
    live: list[str] = []
    for i in range(n):
        a = amounts[i]
        total += a
        if a > most:
            most = a
        if a > 0 and not folded[i]:
            live.append(order[i])
            if not level:
                level = a
            elif a != level:
                several = True
    if level and not several and most <= level:
        # the common hand: everyone still in put in the same, nobody who folded more
        return (Pot(total + dead, tuple(live), level),)
    levels = sorted({amounts[i] for i in range(n) if amounts[i] > 0 and not folded[i]})
    pots: list[Pot] = []
    previous = 0
    last = len(levels) - 1
    for k in range(len(levels)):
        level = levels[k]
        # what each player put in between the previous level and this one; the last pot also
        # takes folded money above the highest live level
        amount = 0
        for a in amounts:
            if a > previous:
                amount += (a if k == last or a < level else level) - previous
        eligible = tuple([order[i] for i in range(n) if amounts[i] >= level and not folded[i]])
        if amount:
            if pots and pots[-1].eligible == eligible:  # same players: one pot
                pots[-1] = Pot(pots[-1].amount + amount, eligible, level)
            else:
                pots.append(Pot(amount, eligible, level))
        previous = level
    if dead:
        if pots:
            pots[0] = Pot(pots[0].amount + dead, pots[0].eligible, pots[0].level)
        else:
            pots.append(Pot(dead, tuple([order[i] for i in range(n) if not folded[i]]), 0))
    if not levels and not pots and total:
        pots.append(Pot(total, (), most))
    return tuple(pots)


def split(amount: int, winners: Sequence[str], *, all_odd_to_first: bool = False) -> tuple[tuple[str, int], ...]:
    """Share a pot equally; odd chips go one each to the winners in the order given (the
    caller orders them clockwise from the button: POT-ODD-CHIP), or all of them to the
    first winner (``all_odd_to_first``, as pokerkit does).

    >>> split(7, ["Ben", "Anna"])
    (('Ben', 4), ('Anna', 3))
    >>> split(11, ["A", "B", "C", "D"])
    (('A', 3), ('B', 3), ('C', 3), ('D', 2))
    >>> split(11, ["A", "B", "C", "D"], all_odd_to_first=True)
    (('A', 5), ('B', 2), ('C', 2), ('D', 2))
    """
    if not winners:
        raise ValueError("split: expected at least one winner, got none")
    share, odd = divmod(amount, len(winners))
    if all_odd_to_first:
        return tuple((w, share + (odd if i == 0 else 0)) for i, w in enumerate(winners))
    return tuple((w, share + (1 if i < odd else 0)) for i, w in enumerate(winners))


class SeatNumbers(Protocol):
    """Each player's seat number by name: a dict, or the table's view of its lists
    (:attr:`analyzer.replay.table.Table.seat_of`, no dict made a hand)."""

    def __getitem__(self, name: str, /) -> int: ...


def clockwise_from_button(players: Sequence[str], seats: SeatNumbers, button: int | None) -> list[str]:
    """Players ordered clockwise starting with the first seat after the button.

    >>> clockwise_from_button(["A", "B", "C"], {"A": 1, "B": 4, "C": 6}, 4)
    ['C', 'A', 'B']
    """
    if button is None:
        return sorted(players, key=lambda p: seats[p])
    return sorted(players, key=lambda p: ((seats[p] - button - 1) % 1000, seats[p]))
