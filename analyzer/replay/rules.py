"""The betting rules, written once: small pure functions over ints.

The state of a hand is held as parallel vectors (:data:`Ints`, :data:`Flags`: mypyc's unboxed
``vec[i64]`` and ``vec[bool]``), one entry a player in seat order (see
:class:`analyzer.replay.table.Table`): ``stack`` (chips behind), ``front`` (live chips in
front of the player this round), ``total`` (everything put in this hand), ``folded``,
``acted`` (acted since the betting was last opened for them) and ``acted_level`` (the bet
they acted at). ``bet`` is the highest live amount in front of anyone this round.

Every rule of whose turn it is, what a call costs, the smallest and largest raise, whether an
all-in for less reopens the betting, what comes back uncalled and who opens the action is
defined here and nowhere else (``tests/analyzer/test_one_engine.py`` checks that). Rule ids
refer to ``RULES.md``.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from librt.vecs import vec
from mypy_extensions import i64

from parsers.record import PostKind

#: a player's chips, one entry a player: 64-bit ints, unboxed when compiled (written as a string:
#: compiled, ``i64`` is a native type, not an object ``vec[...]`` can be given at run time)
Ints: TypeAlias = "vec[i64]"
#: a flag a player (folded, acted)
Flags: TypeAlias = "vec[bool]"

# the post kinds :func:`opener` looks for, read once (an enum member read is an attribute look-up)
_STRADDLE: Final = PostKind.STRADDLE
_OPENING_POSTS: Final = (PostKind.BIG_BLIND, PostKind.BUTTON_BLIND, PostKind.BOMB)


#: :func:`rotations` of each table size, made once
_ROTATIONS: dict[int, tuple[tuple[int, ...], ...]] = {}


def rotations(n: int) -> tuple[tuple[int, ...], ...]:
    """For each start, the player indices clockwise from it (made once a table size).

    >>> rotations(3)[1]
    (1, 2, 0)
    """
    got = _ROTATIONS.get(n)
    if got is None:
        got = _ROTATIONS[n] = tuple(tuple(range(start, n)) + tuple(range(start)) for start in range(n))
    return got


def after_seat(seats: list[int], seat: int) -> int:
    """The index of the first player clockwise after a seat number (``seats`` ascending).

    >>> after_seat([1, 3, 6], 3), after_seat([1, 3, 6], 6), after_seat([1, 3, 6], 0)
    (2, 0, 0)
    """
    for k in range(len(seats)):  # a few seats: a loop, not a call of bisect_right
        if seats[k] > seat:
            return k
    return 0


def is_live(folded: bool, stack: int, total: int, cap: int) -> bool:
    """Still in and able to bet: not folded, chips behind, and under the cap (if any)."""
    return not folded and stack > 0 and (not cap or total < cap)


def to_act(
    order: tuple[int, ...],
    folded: Flags,
    stack: Ints,
    front: Ints,
    acted: Flags,
    total: Ints,
    bet: int,
    lone: bool,
    cap: int,
) -> int:
    """Whose turn it is: the first player in ``order`` who still has to act this round, or -1
    when the round is over (BET-ROUND-END). A player acts who is not folded, has chips behind,
    is under the cap, and has not acted since the betting was opened or owes chips; with
    nobody left to bet against (``lone``), only a player who owes.

    >>> folded, acted = vec[bool]([False] * 3), vec[bool]([True] * 3)
    >>> stack, front = vec[i64]([90, 0, 80]), vec[i64]([10, 20, 20])
    >>> to_act((1, 2, 0), folded, stack, front, acted, front, 20, False, 0)
    0
    """
    for j in order:
        if folded[j] or not stack[j] or (cap and total[j] >= cap):
            continue
        if lone and front[j] >= bet:
            continue  # nobody left to bet against
        if not acted[j] or front[j] < bet:
            return j
    return -1


def call_to(bet: int, reach: int) -> int:
    """What a call makes the player's amount this round: the bet, or all they have (BET-CALL)."""
    return bet if bet < reach else reach


def reopens(acted: bool, acted_level: int, bet: int, min_raise: int) -> bool:
    """Whether the betting is open to a raise for a player: they have not acted yet, or it was
    raised by at least a full raise since they did (BET-INCOMPLETE-RAISE: an all-in for less
    does not reopen it)."""
    return not acted or bet - acted_level >= min_raise


def smallest_to(bet: int, min_raise: int, min_bet: int) -> int:
    """The smallest amount a bet or raise may go to: the minimum bet when nobody has bet, else
    the bet plus the last full raise (BET-BET, BET-RAISE-MIN)."""
    return bet + min_raise if bet else min_bet


def min_to(bet: int, min_raise: int, min_bet: int, reach: int) -> int:
    """The smallest bet or raise the player may make: :func:`smallest_to`, or all they have."""
    smallest = smallest_to(bet, min_raise, min_bet)
    return smallest if smallest < reach else reach


def too_small(to: int, reach: int, bet: int, min_raise: int, min_bet: int) -> bool:
    """A bet or raise below the smallest one, and not all-in (an all-in may be short)."""
    return to < reach and to < smallest_to(bet, min_raise, min_bet)


def pot_limit_to(bet: int, pot: int, front: int) -> int:
    """Pot limit: the most a player may raise to, the bet plus the pot after calling (BET-POT-LIMIT)."""
    owed = bet - front
    return bet + pot + (owed if owed > 0 else 0)


def max_to(reach: int, bet: int, pot: int, front: int, pot_limit: bool, cap_room: int) -> int:
    """The most a player may bet or raise to in no limit or pot limit: all they have, at most
    the pot limit, and at most what the cap leaves (``cap_room`` < 0: no cap)."""
    most = reach
    if pot_limit:
        most = min(most, pot_limit_to(bet, pot, front))
    if cap_room >= 0:
        most = min(most, front + cap_room)
    return most


def next_min_raise(min_raise: int, bet: int, to: int) -> int:
    """The smallest raise after a bet or raise to ``to``: the larger of the last full raise and
    this increment (an all-in for less leaves it as it was)."""
    increment = to - bet
    return increment if increment > min_raise else min_raise


def opening_min_raise(min_bet: int, bet: int, blinds: bool) -> int:
    """The smallest raise preflop after the posts: the minimum bet, or the biggest blind."""
    return max(min_bet, bet if blinds else 0)


def fixed_size(small_bet: int, big_bet: int, big_blind: int, late: bool) -> int:
    """Fixed limit: the small bet preflop and on the flop, the big bet on the turn and river."""
    small = small_bet or big_blind
    big = big_bet or 2 * small
    return big if late else small


def opener(kinds: list[PostKind], who: list[int], front: Ints, bet: int) -> int:
    """The player the preflop action opens after (HE-PREFLOP-ORDER, SD-PREFLOP-FIRST), as an
    index, or -1: the last straddle, else the big blind in its place (the first one posted: a
    returning player's live big blind out of position does not move the opener), else the
    button blind, else a bomb pot's post, else the biggest live post. ``kinds`` and ``who``
    are the live posts in order."""
    for k in range(len(kinds) - 1, -1, -1):
        if kinds[k] is _STRADDLE:
            return who[k]
    for wanted in _OPENING_POSTS:
        for k in range(len(kinds)):
            if kinds[k] is wanted:
                return who[k]
    for k in range(len(kinds) - 1, -1, -1):
        if front[who[k]] == bet:
            return who[k]
    return -1


def return_uncalled(front: Ints) -> tuple[int, int]:
    """The bet nobody matched at the end of a round: the top amount's excess over the second,
    as (index of the player, excess), or (-1, 0) (BET-ROUND-END). With two equal top amounts,
    nothing comes back.

    >>> return_uncalled(vec[i64]([300, 100, 50]))
    (0, 200)
    >>> return_uncalled(vec[i64]([100, 100]))
    (-1, 0)
    """
    top = second = 0
    k = -1
    for j, amount in enumerate(front):
        if amount > top:
            top, second, k = amount, top, j
        elif amount > second:
            second = amount
    if k < 0 or top <= second or len(front) < 2:
        return -1, 0
    return k, top - second
