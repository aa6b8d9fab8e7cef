"""The replay of a clean hand in one pass: the same :class:`Replay`, about four times sooner.

Most hands break no rule. :func:`quick_replay` replays such a hand with the state of the
players in parallel lists of ints (no objects, no problem sentences) and gives up, returning
``None``, at the first thing that is not plain: any rule the full engine would report, and any
game it does not cover (fixed limit, a cap, a bomb pot, a dead button, PHH's
partial hands). The full engine (:func:`analyzer.replay.engine.full_replay`) then replays the
hand and says what is wrong. The two must agree: ``tests/analyzer/test_quick_replay.py`` checks
that every hand the quick path answers gets the very same ``Replay`` as from the full engine,
on simulated nights of every preset (with planted faults) and on the real corpus.

The order of play mirrors :class:`analyzer.replay.table.Table` line by line (``next_to_act``,
``apply``, ``end_round``); a change to one must be made to the other, which the tests enforce.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from operator import attrgetter

from analyzer.replay.pots import pots_of
from analyzer.replay.result import BOARD_SIZE, CARD_INDEX, VALID_CARDS, PlayerResult, Replay
from analyzer.replay.showdown import settle
from analyzer.ruleset import RuleSet
from parsers.record import STREETS, ActionKind, Betting, HandRecord, PostKind, Seat

_ANTE, _SB, _BB, _BUTTON, _STRADDLE, _DEAD = (
    PostKind.ANTE,
    PostKind.SMALL_BLIND,
    PostKind.BIG_BLIND,
    PostKind.BUTTON_BLIND,
    PostKind.STRADDLE,
    PostKind.DEAD_BLIND,
)
_FOLD, _CHECK, _CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
_STREET_NUMBER = {street: i for i, street in enumerate(STREETS)}
_SEAT = attrgetter("seat")


@lru_cache(maxsize=32)
def _rotations(n: int) -> tuple[tuple[int, ...], ...]:
    """For each start, the player indices clockwise from it: ``_rotations(3)[1] == (1, 2, 0)``."""
    return tuple(tuple(range(start, n)) + tuple(range(start)) for start in range(n))


def _dealt(record: HandRecord, rules: RuleSet) -> list[Seat] | None:
    """The seats dealt in, clockwise, if the hand is plain enough for the quick path: a game it
    covers, player counts, cards and forced bets all as the rules ask."""
    stakes = record.stakes
    if rules.cards.hand != "any-five" or rules.showdown.split != "high":
        return None  # Omaha and hi/lo: the full engine (the one-engine merge folds this path away)
    if (
        rules.betting.structure is Betting.FIXED_LIMIT
        or stakes.cap
        or record.button is None
        or record.finishing_stacks is not None
        or record.source.format == "phh"
        or not record.boards
    ):
        return None
    # who is dealt in (the engine's rule: chips, and not sitting out unless they play)
    seats = record.seats
    for s in seats:
        if s.sitting_out or s.stack <= 0:
            involved = {p.player for p in record.posts} | {a.player for a in record.actions}
            seats = tuple(s for s in seats if s.stack > 0 and (s.player in involved or not s.sitting_out))
            break
    n = len(seats)
    if n < rules.table.min_players or n > rules.table.max_players:
        return None
    # cards: none twice, all in the deck, at most two shown each
    first = record.boards[0]
    cards = list(first)
    for run in record.boards[1:]:  # a later run repeats the cards it shares with the first
        shared = 0
        while shared < min(len(run), len(first)) and run[shared] == first[shared]:
            shared += 1
        cards += run[shared:]
    for shown in record.shown:
        if len(shown.cards) > 2:
            return None
        cards += shown.cards
    if "??" in cards:
        cards = [c for c in cards if c != "??"]
    if len(set(cards)) != len(cards) or not VALID_CARDS[rules.cards.deck].issuperset(cards):
        return None
    # forced bets as the rule set and the stakes ask (no bomb pots)
    forced = rules.forced
    anted: set[str] = set()
    live: set[str] = set()
    for post in record.posts:
        kind = post.kind
        if kind is not _ANTE and kind is not _DEAD:
            if post.player in live:
                return None  # two live posts by one player: how they add up is the source's (site profiles)
            live.add(post.player)
            if kind is _BB and post.all_in and post.amount < stakes.big_blind:
                return None  # a short all-in big blind: the others still owe the full one
        if kind is _ANTE:
            if post.player in anted and not forced.big_blind_ante:
                return None
            anted.add(post.player)
            expected = stakes.ante
            if forced.big_blind_ante and post.amount == stakes.big_blind:
                continue  # the big blind's ante for the table
        elif kind is _SB:
            expected = stakes.small_blind
        elif kind is _BB:
            expected = stakes.big_blind
        elif kind is _BUTTON:
            expected = stakes.button_blind
        elif kind is _STRADDLE or kind is _DEAD:
            continue
        else:
            return None  # a bomb pot
        if expected and post.amount != expected and not post.all_in:
            return None
    if forced.antes and stakes.ante:
        for s in seats:
            if s.player not in anted:
                return None
    for i in range(1, n):  # usually in seat order already
        if seats[i - 1].seat >= seats[i].seat:
            return sorted(seats, key=_SEAT)
    return list(seats)


def quick_replay(record: HandRecord, rules: RuleSet) -> Replay | None:
    """The replay of a hand that breaks no rule, or None: then only the full engine can tell.

    One long function on purpose: the per-action loop is the hot path of every audit and
    import, and local variables are what makes it fast in CPython.
    """
    ordered = _dealt(record, rules)
    if ordered is None:
        return None
    n = len(ordered)
    names = [s.player for s in ordered]
    seat_numbers = [s.seat for s in ordered]
    index = {name: i for i, name in enumerate(names)}
    if len(index) != n or len(set(seat_numbers)) != n:
        return None
    # ---- the state: one list a quantity, one entry a player in seat order ----
    stack = [s.stack for s in ordered]
    start = stack[:]
    street = [0] * n  # live chips in front this round
    total = [0] * n  # everything put in, dead money included
    posted = [0] * n
    dead = [0] * n
    invested = [[0] * n, [0] * n, [0] * n, [0] * n]  # voluntary chips, per street
    returned = [0] * n
    folded = [False] * n
    acted = [False] * n
    acted_level = [0] * n
    in_hand = n  # players who have not folded
    broke = 0  # of those, players with no chips behind (the engine's live count is in_hand - broke)
    bet = 0  # the highest live street total
    post_order: list[tuple[int, PostKind]] = []
    for post in record.posts:
        i = index.get(post.player, -1)
        amount = post.amount
        if i < 0 or amount > stack[i]:
            return None
        stack[i] -= amount
        total[i] += amount
        posted[i] += amount
        if post.kind is _ANTE or post.kind is _DEAD:
            dead[i] += amount
        else:
            street[i] += amount
            if street[i] > bet:
                bet = street[i]
            post_order.append((i, post.kind))
        if amount and not stack[i]:
            broke += 1
    rules_forced = rules.forced
    min_bet = rules.min_bet(record.stakes)
    min_raise = max(min_bet, bet if rules_forced.blinds else 0)
    pot_limit = rules.betting.structure is Betting.POT_LIMIT
    rotations = _rotations(n)
    button_start = bisect_right(seat_numbers, record.button or 0) % n  # (_dealt refused a hand without one)
    opener_start = button_start
    if bet > 0:  # the player after the last straddle, else after the big blind, else the button blind
        anchor = -1
        for i, post_kind in post_order:
            if post_kind is _STRADDLE:
                anchor = i
        for wanted_kind in (_BB, _BUTTON):
            if anchor >= 0:
                break
            for i, post_kind in post_order:
                if post_kind is wanted_kind:
                    anchor = i
                    break
        if anchor < 0:
            for i, _ in reversed(post_order):
                if street[i] == bet:
                    anchor = i
                    break
        if anchor >= 0:
            opener_start = (anchor + 1) % n
    last_actor = -1
    last_aggressor = -1
    pot_total = sum(total)
    current = 0  # the street being played, as a number
    current_street = STREETS[0]
    for action in record.actions:
        if action.street is not current_street:
            number = _STREET_NUMBER[action.street]
            if number < current:
                return None
            while number > current:
                if in_hand <= 1:
                    return None  # an action after the hand was over
                # the round must be over: nobody left to act
                if last_actor >= 0:
                    first = last_actor + 1 if last_actor + 1 < n else 0
                else:
                    first = button_start if current else opener_start
                if _to_act(rotations[first], folded, stack, street, acted, bet, in_hand - broke <= 1) >= 0:
                    return None  # the street moved on before someone acted
                excess, revived = _return_uncalled(street, stack, total, returned)
                pot_total -= excess
                broke -= revived
                street = [0] * n
                acted = [False] * n
                acted_level = [0] * n
                bet = 0
                last_actor = -1
                current += 1
                min_raise = min_bet
            current_street = action.street
        i = index.get(action.player, -1)
        if i < 0 or in_hand <= 1:
            return None
        # whose turn it is: the first player from there who still has to act
        if last_actor >= 0:
            first = last_actor + 1 if last_actor + 1 < n else 0
        else:
            first = button_start if current else opener_start
        if _to_act(rotations[first], folded, stack, street, acted, bet, in_hand - broke <= 1) != i:
            return None  # out of turn, or after the round was over
        kind = action.kind
        last_actor = i
        if kind is _FOLD:
            folded[i] = True
            in_hand -= 1
            continue
        mine = street[i]
        if kind is _CHECK:
            if bet > mine:
                return None
            acted[i] = True
            acted_level[i] = bet
            continue
        to = action.to
        reach = mine + stack[i]
        if to > reach or (action.all_in and to < reach):
            return None
        if kind is _CALL or to <= bet:
            if to != (bet if bet < reach else reach):
                return None
        else:  # a bet or a raise
            if acted[i] and bet - acted_level[i] < min_raise:
                return None  # not reopened: an all-in for less came before
            if to < reach and to - bet < (min_raise if bet else min_bet):
                return None
            if pot_limit and to > 2 * bet + pot_total - mine:
                return None
        added = to - mine
        if added > 0:
            stack[i] -= added
            street[i] = to
            total[i] += added
            invested[current][i] += added
            pot_total += added
            if not stack[i]:
                broke += 1
        if to > bet:
            if to - bet > min_raise:  # the engine's max(min_raise, increment) for a full raise
                min_raise = to - bet
            bet = to
            last_aggressor = i
        acted[i] = True
        acted_level[i] = bet
    # ---- the end of the betting: the last round must be over ----
    showdown = in_hand >= 2
    if showdown:
        if last_actor >= 0:
            first = last_actor + 1 if last_actor + 1 < n else 0
        else:
            first = button_start if current else opener_start
        if _to_act(rotations[first], folded, stack, street, acted, bet, in_hand - broke <= 1) >= 0:
            return None  # the hand ends with someone still to act
    broke -= _return_uncalled(street, stack, total, returned)[1]
    if showdown and current < 3 and in_hand - broke >= 2:
        return None  # the board ran out while two players could still bet
    last_street = STREETS[current]
    need = 5 if showdown else BOARD_SIZE[last_street]
    for run, board in enumerate(record.boards):
        size = len(board)
        if size not in (0, 3, 4, 5) or size < need or (not showdown and size > need and run == 0):
            return None
    # ---- pots, cards, settlement ----
    dead_total = sum(dead)
    pots = pots_of(names, [total[i] - dead[i] for i in range(n)], folded, dead_total)
    shown = {s.player: s for s in record.shown}
    holes: dict[str, tuple[int, ...] | None] = {}
    for i in range(n):
        if folded[i]:
            continue
        name = names[i]
        s = shown.get(name)
        if s is None:
            holes[name] = None
        elif not s.mucked:
            c = s.cards
            holes[name] = (CARD_INDEX[c[0]], CARD_INDEX[c[1]]) if len(c) == 2 and "??" not in c else None
    if not showdown:
        holes = dict.fromkeys(holes)
    deductions = record.deductions
    by_pot: dict[int, int] = {}
    for d in deductions:
        if d.pot is not None:
            by_pot[d.pot] = by_pot.get(d.pot, 0) + d.amount
    settlement = settle(
        pots,
        boards=[tuple([CARD_INDEX[c] for c in board if c != "??"]) for board in record.boards],
        holes=holes,
        seats=dict(zip(names, seat_numbers, strict=True)),
        button=record.button,
        ranking=rules.ranking,
        deductions=sum(d.amount for d in deductions) if deductions else 0,
        listed_pots=record.pots,
        all_odd_to_first=rules.showdown.odd_chip == "all-to-first-left-of-button",
        deductions_by_pot=by_pot,
    )
    players = tuple(map(PlayerResult, names, seat_numbers, start, posted, zip(*invested), total, returned, folded))
    return Replay(
        problems=(),
        players=players,
        pots=pots,
        settlement=settlement,
        showdown=showdown,
        last_street=last_street,
        last_aggressor=names[last_aggressor] if last_aggressor >= 0 else None,
        steps=(),
    )


def _to_act(
    order: tuple[int, ...],
    folded: list[bool],
    stack: list[int],
    street: list[int],
    acted: list[bool],
    bet: int,
    lone: bool,
) -> int:
    """The first player in ``order`` who still has to act this round, or -1: the engine's
    ``Table.next_to_act`` (not folded, chips behind, and not yet acted or owing; with nobody
    left to bet against, only a player who owes)."""
    for j in order:
        if folded[j] or not stack[j] or (lone and street[j] >= bet):
            continue
        if not acted[j] or street[j] < bet:
            return j
    return -1


def _return_uncalled(street: list[int], stack: list[int], total: list[int], returned: list[int]) -> tuple[int, int]:
    """The end of a round: the bet nobody matched goes back (``Table.end_round``). Returns the
    amount, and 1 if it gives chips back to a player who was all-in."""
    ranked = sorted(street)
    if ranked[-1] <= ranked[-2]:
        return 0, 0
    k = street.index(ranked[-1])
    excess = ranked[-1] - ranked[-2]
    revived = 0 if stack[k] else 1
    stack[k] += excess
    total[k] -= excess
    returned[k] += excess
    return excess, revived
