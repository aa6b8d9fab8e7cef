"""The betting state machine: whose turn it is, what is legal, and every chip.

:class:`Table` is the state of one hand in play, held as parallel vectors of 64-bit ints and
of flags (``librt.vecs.vec[i64]`` and ``vec[bool]``, one entry a player, in seat order).
``check(action)`` returns the rule breaks an action would commit without changing anything;
``apply(action)`` moves the chips. Every rule is a function of :mod:`analyzer.replay.rules`; a
:class:`Problem` and its words (:mod:`analyzer.replay.words`) are made only when a rule is
broken. The replay engine calls both (check-then-apply); the simulator asks
:meth:`Table.legal` what a bot may do and applies its choice.

Seats are ordered clockwise by seat number. Rule ids refer to ``RULES.md``.

Compiled with mypyc, a vector holds its ints unboxed: reading or writing a player's chips is a
load or a store, not a Python int made or looked up (a list of ints costs that at each write;
measured with callgrind, 7% of the instructions of an audited short-deck hand). Run as pure
Python, the same vectors index like lists. A player's chips are still read once into local ints
and written back once (``stacks[i] = stack``).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Final

from librt.vecs import append, vec
from mypy_extensions import i64

from analyzer.money import amount_text
from analyzer.profiles import Behaviour, SiteProfile
from analyzer.replay import rules as R
from analyzer.replay import words
from analyzer.replay.findings import Problem
from analyzer.replay.plan import plan_of
from analyzer.replay.result import PlayerResult
from analyzer.replay.rules import Flags, Ints
from analyzer.ruleset import RuleSet
from parsers.record import Action, ActionKind, Post, PostKind, Stakes, Street

STREET_INDEX: Final = {Street.PREFLOP: 0, Street.FLOP: 1, Street.TURN: 2, Street.RIVER: 3}
# enum members read once, here (in the compiled build a read of ``PostKind.ANTE`` is an attribute look-up)
_ANTE: Final = PostKind.ANTE  # antes and dead blinds are not live bets
_DEAD_BLIND: Final = PostKind.DEAD_BLIND
_BOMB: Final = PostKind.BOMB
_BIG_BLIND: Final = PostKind.BIG_BLIND
_STRADDLE: Final = PostKind.STRADDLE
_PREFLOP: Final = Street.PREFLOP
_OUT_OF_TURN_FOLD: Final = Behaviour.OUT_OF_TURN_FOLD
_LIVE_POST: Final = Behaviour.LIVE_POST_SETS_STREET_TOTAL
_STRADDLE_FROM_BIG_BLIND: Final = Behaviour.STRADDLE_RAISE_FROM_BIG_BLIND
_SHORT_BIG_BLIND_CALL_FULL: Final = Behaviour.SHORT_BIG_BLIND_CALL_FULL
_BY_SEAT: Final = itemgetter(1)
#: what a profile knows, by the profile (keyed by its id, the profile kept alive beside)
_KNOWN: Final[dict[int, tuple[SiteProfile, frozenset[Behaviour]]]] = {}


def known_behaviours(profile: SiteProfile | None) -> frozenset[Behaviour]:
    """The behaviours a site profile has, computed once a profile."""
    if profile is None:
        return frozenset()
    got = _KNOWN.get(id(profile))
    if got is None or got[0] is not profile:
        got = _KNOWN[id(profile)] = (profile, frozenset(e.behaviour for e in profile.entries))
    return got[1]


_FOLD: Final = ActionKind.FOLD
_CHECK: Final = ActionKind.CHECK
_CALL: Final = ActionKind.CALL


class PlayerState:
    """One player at the table, a live view of the table's lists (what the simulator and
    the replayer read)."""

    __slots__ = ("_i", "_t")

    def __init__(self, table: Table, i: int) -> None:
        self._t = table
        self._i = i

    @property
    def name(self) -> str:
        return self._t.names[self._i]

    @property
    def seat(self) -> int:
        return self._t.seats[self._i]

    @property
    def start(self) -> int:
        return self._t.starts[self._i]

    @property
    def stack(self) -> int:
        """Chips behind."""
        return self._t.stacks[self._i]

    @property
    def street(self) -> int:
        """Live chips in front of the player this street."""
        return self._t.front[self._i]

    @property
    def total(self) -> int:
        """Everything put in this hand, dead money included."""
        return self._t.totals[self._i]

    @property
    def posted(self) -> int:
        return self._t.posted[self._i]

    @property
    def dead(self) -> int:
        return self._t.dead[self._i]

    @property
    def invested(self) -> tuple[int, int, int, int]:
        return self._t.invested_by(self._i)

    @property
    def folded(self) -> bool:
        return self._t.folded[self._i]

    @property
    def acted(self) -> bool:
        return self._t.acted[self._i]

    @property
    def all_in(self) -> bool:
        return self.stack == 0 and not self.folded

    @property
    def active(self) -> bool:
        """Still in and able to bet."""
        return not self.folded and self.stack > 0


@dataclass(frozen=True, slots=True)
class Legal:
    """What the player to act may do: check or call (to ``call_to``), and bet/raise to
    between ``min_to`` and ``max_to`` (``can_raise`` False when the betting is not open
    to them, ``max_to`` already capped by their stack and the structure)."""

    player: str
    owed: int
    call_to: int
    can_raise: bool
    min_to: int
    max_to: int


class SeatOf:
    """Each player's seat number by name, read through the table's index (``seat_of[name]``)."""

    def __init__(self, index: dict[str, int], seats: list[int]) -> None:
        self._index = index
        self._seats = seats

    def __getitem__(self, name: str) -> int:
        return self._seats[self._index[name]]


class Table:
    """One hand in play under a rule set."""

    def __init__(
        self,
        *,
        hand_id: str,
        players: list[tuple[str, int, int]],
        button: int | None,
        stakes: Stakes,
        rules: RuleSet,
        decimals: int = 0,
        profile: SiteProfile | None = None,
    ) -> None:
        """``players``: (name, seat, starting stack) in any order; ``profile``: how the source
        plays the rule set (:mod:`analyzer.profiles`), None for the rule set alone."""
        ordered = players
        for k in range(1, len(players)):
            if players[k][1] < players[k - 1][1]:
                ordered = sorted(players, key=_BY_SEAT)  # a stable sort: already in order, it is the same
                break
        n = len(ordered)
        self.hand_id = hand_id
        self.n = n
        names: list[str] = []
        seats: list[int] = []
        starts: list[int] = []
        stacks: Ints = vec[i64](capacity=n)
        index: dict[str, int] = {}
        cap = stakes.cap
        live = 0  # players still able to bet (nobody has folded or put anything in yet)
        for name, seat, stack in ordered:  # one pass over the players
            index[name] = len(names)
            names.append(name)
            seats.append(seat)
            starts.append(stack)
            stacks = append(stacks, stack)
            if R.is_live(False, stack, 0, cap):
                live += 1
        self.names = names
        self.seats = seats
        self.starts = starts
        self.index = index
        self.stacks: Ints = stacks  # chips behind
        self.front: Ints = vec[i64]([0] * n)  # live chips in front this round
        self.totals: Ints = vec[i64]([0] * n)  # everything put in, dead money included
        self.posted: Ints = vec[i64]([0] * n)  # forced bets (before any return)
        self.dead: Ints = vec[i64]([0] * n)  # dead money: antes and dead blinds
        #: voluntary chips per street, one list: player ``i``'s on street ``k`` (0 preflop .. 3 river) at ``k * n + i``
        self.invested: Ints = vec[i64]([0] * (4 * n))
        self.returns: Ints = vec[i64]([0] * n)  # uncalled bets returned
        self.folded: Flags = vec[bool]([False] * n)
        self.acted: Flags = vec[bool]([False] * n)  # acted since the betting was last (re)opened for them
        self.acted_level: Ints = vec[i64]([0] * n)  # the bet they last acted at (to tell a full raise since)
        self.button = button
        self.stakes = stakes
        self.cap = cap
        self.rules = rules
        plan = plan_of(rules)
        self.plan = plan
        self.fixed = plan.fixed
        self.pot_limit = plan.pot_limit
        self.decimals = decimals
        self.street = _PREFLOP
        self.round = 0  # the street as a number
        self.current_bet = 0  # highest live street total
        self.min_bet = plan.min_bet(stakes)
        self.min_raise = self.min_bet  # the smallest raise increment now
        self.bets_this_round = 0  # bets and raises (fixed-limit cap); preflop the blind counts
        self.last = -1  # who acted last this round, as an index
        self.aggressor = -1  # who bet or raised last, as an index
        self.post_kinds: list[PostKind] = []  # the live posts in order: their kinds ...
        self.post_who: list[int] = []  # ... and who made them
        self.in_hand = n  # players who have not folded
        self.live = live
        self.pot = 0  # everything put in
        self.rotations = R.rotations(n)
        self.button_start = R.after_seat(self.seats, button if button is not None else 0)
        self.profile = profile
        known = known_behaviours(profile)
        self._behaviours = known
        self._out_of_turn_fold = _OUT_OF_TURN_FOLD in known
        self._live_post = _LIVE_POST in known
        self._straddle_from_big_blind = _STRADDLE_FROM_BIG_BLIND in known
        self.notes: list[Problem] = []  # what the site profile explained (post and open_preflop)
        self._straddle_min_raise = 0  # the smallest raise over a straddle by the rule set alone
        self._views: list[PlayerState] | None = None

    @property
    def seat_of(self) -> SeatOf:
        """Each player's seat number by name (a view of the table's lists: no dict made a hand)."""
        return SeatOf(self.index, self.seats)

    # ---- the players as objects (for the simulator and the replayer) ------------------

    @property
    def players(self) -> list[PlayerState]:
        if self._views is None:
            self._views = [PlayerState(self, i) for i in range(self.n)]
        return self._views

    @property
    def by_name(self) -> dict[str, PlayerState]:
        views = self.players
        return {view.name: view for view in views}

    @property
    def last_aggressor(self) -> str | None:
        return self.names[self.aggressor] if self.aggressor >= 0 else None

    @property
    def last_actor(self) -> str | None:
        return self.names[self.last] if self.last >= 0 else None

    def invested_by(self, i: int) -> tuple[int, int, int, int]:
        """The voluntary chips of player ``i`` on each street (preflop, flop, turn, river)."""
        inv = self.invested
        n = self.n
        return (inv[i], inv[n + i], inv[2 * n + i], inv[3 * n + i])

    def results(self) -> tuple[PlayerResult, ...]:
        """Each player's chips as records (a replay's ``players``), in seat order."""
        names = self.names
        seats = self.seats
        starts = self.starts
        posted = self.posted
        totals = self.totals
        returns = self.returns
        folded = self.folded
        results = []
        for i in range(self.n):
            results.append(
                PlayerResult(  # name, seat, start, posted, invested, total, returned, folded
                    names[i],
                    seats[i],
                    starts[i],
                    posted[i],
                    self.invested_by(i),
                    totals[i],
                    returns[i],
                    folded[i],
                )
            )
        return tuple(results)

    @property
    def returned(self) -> dict[str, int]:
        """The uncalled bets returned so far, by player."""
        return {self.names[i]: r for i, r in enumerate(self.returns) if r}

    def _knows(self, behaviour: Behaviour) -> bool:
        return behaviour in self._behaviours

    def _note(self, behaviour: Behaviour, message: words.Msg, index: int | None, player: str | None = None) -> Problem:
        """A finding the site profile explains: a note (or warning) that names the profile entry."""
        assert self.profile is not None
        entry = self.profile.entry(behaviour)
        warn = entry is not None and entry.effect == "warn"
        return words.site_note(message, self.profile.label(behaviour), warn, index, player)

    # ---- order -------------------------------------------------------------------

    def turn(self) -> int:
        """Whose turn it is, as an index, or -1 when the betting round is over."""
        if self.in_hand <= 1:
            return -1
        last = self.last
        if last >= 0:
            first = last + 1 if last + 1 < self.n else 0
        elif self.round == 0 and self.current_bet > 0:
            anchor = R.opener(self.post_kinds, self.post_who, self.front, self.current_bet)
            first = (anchor + 1) % self.n if anchor >= 0 else self.button_start
        else:
            first = self.button_start
        return R.to_act(
            self.rotations[first],
            self.folded,
            self.stacks,
            self.front,
            self.acted,
            self.totals,
            self.current_bet,
            self.live <= 1,
            self.cap,
        )

    def first_to_act(self) -> PlayerState | None:
        """Who opens the betting on this street (before anyone has acted on it).

        Preflop the player after the biggest live forced bet (the big blind, the button
        blind, the last straddle: HE-PREFLOP-ORDER, SD-PREFLOP-FIRST); with no live bet, the
        player left of the button. After the flop, the first player left of the button
        (ST-POSTFLOP-ORDER). Heads-up this makes the button act first preflop (HE-HEADS-UP).
        """
        last, self.last = self.last, -1
        try:
            i = self.turn()
        finally:
            self.last = last
        return self.players[i] if i >= 0 else None

    def next_to_act(self) -> PlayerState | None:
        """The player whose turn it is, or None when the betting round is over."""
        i = self.turn()
        return self.players[i] if i >= 0 else None

    def in_hand_count(self) -> int:
        return self.in_hand

    def live_count(self) -> int:
        """Players still able to bet (kept up to date as chips move)."""
        return self.live

    def _is_live(self, i: int) -> bool:
        return R.is_live(self.folded[i], self.stacks[i], self.totals[i], self.cap)

    def round_over(self) -> bool:
        return self.turn() < 0

    def pot_total(self) -> int:
        return self.pot

    # ---- forced bets -------------------------------------------------------------

    def post(self, post: Post) -> list[Problem]:
        """Put a forced bet in. Returns problems (an unknown player, more than the stack)."""
        player = post.player
        return self.post_move(self.index.get(player, -1), player, post.kind, post.amount) or []

    def post_move(self, i: int, player: str, kind: PostKind, stated: int) -> list[Problem] | None:
        """:meth:`post` of a forced bet given by its parts (who, of index ``i``, -1: no such
        player; its kind and amount), read once from the record by the caller; None when it
        breaks no rule (the common post: no list made)."""
        if i < 0:
            return [words.unknown_poster(player)]
        problems: list[Problem] | None = None
        amount = stated
        # the player's chips read once, as ints, and written back once
        stack = self.stacks[i]
        total = self.totals[i]
        folded = self.folded[i]
        cap = self.cap
        if amount > stack:
            problems = [words.posts_more_than_stack(player, self.money(amount), self.money(stack))]
            amount = stack
        was_live = R.is_live(folded, stack, total, cap)
        front = self.front[i]
        dead = kind is _ANTE or kind is _DEAD_BLIND
        if front and not dead and self._live_post:
            amount = max(0, min(amount, front + stack) - front)  # only what lifts the street total
            said = words.live_post_over_street(
                player,
                kind.value.replace("_", " "),
                self.money(stated),
                self.money(front),
                self.money(amount),
            )
            self.notes.append(self._note(_LIVE_POST, said, None, player))
        stack -= amount
        total += amount
        self.stacks[i] = stack
        self.totals[i] = total
        posted: int = self.posted[i]
        self.posted[i] = posted + amount
        self.pot += amount
        if dead:
            dead_money: int = self.dead[i]
            self.dead[i] = dead_money + amount
        else:
            front += amount
            self.front[i] = front
            if front > self.current_bet:
                self.current_bet = front
                self.bets_this_round = 1
            self.post_kinds.append(kind)
            self.post_who.append(i)
        if kind is _BOMB:
            self.acted[i] = True
        if was_live and not R.is_live(folded, stack, total, cap):
            self.live -= 1
        return problems

    def open_preflop(self, posts: tuple[Post, ...] = ()) -> None:
        """After the posts: the smallest raise is the minimum bet or the biggest blind.

        A big blind all-in for less than the big blind still makes the others call the full
        big blind (``short-big-blind-call-full``, every site); a straddle's raise is measured
        from the big blind where the site does so (``straddle-raise-from-big-blind``).
        """
        big = self.stakes.big_blind
        if (
            big
            and self.current_bet < big
            and self._knows(_SHORT_BIG_BLIND_CALL_FULL)
            and any(p.kind is _BIG_BLIND and p.all_in and p.amount < big for p in posts)
        ):
            self.current_bet = big
        blinds = self.plan.blinds
        self.min_raise = R.opening_min_raise(self.min_bet, self.current_bet, blinds)
        self._straddle_min_raise = self.min_raise
        if big and blinds and self.current_bet > big and self._straddle_from_big_blind and _STRADDLE in self.post_kinds:
            self.min_raise = max(self.min_bet, big)
        if self.fixed:
            self.min_raise = self.fixed_size()

    # ---- streets -----------------------------------------------------------------

    def end_round(self) -> tuple[str, int] | None:
        """Close the betting round: return an uncalled bet, if any, and reset street totals."""
        returned = None
        k, excess = R.return_uncalled(self.front)
        if k >= 0:
            if not self._is_live(k) and not self.folded[k]:
                revived = True  # a returned bet can put an all-in player back in
            else:
                revived = False
            back: int = self.stacks[k]
            total: int = self.totals[k]
            given_back: int = self.returns[k]
            self.stacks[k] = back + excess
            self.totals[k] = total - excess
            self.returns[k] = given_back + excess
            self.pot -= excess
            returned = (self.names[k], excess)
            if revived and self._is_live(k):
                self.live += 1
        front, acted, acted_level = self.front, self.acted, self.acted_level
        for j in range(self.n):  # reset in place (a new list a street costs more than this)
            front[j] = 0
            acted[j] = False
            acted_level[j] = 0
        self.current_bet = 0
        self.bets_this_round = 0
        self.last = -1
        return returned

    def start_street(self, street: Street) -> None:
        self.street = street
        self.round = STREET_INDEX[street]
        self.current_bet = 0
        self.min_raise = self.fixed_size() if self.fixed else self.min_bet
        self.bets_this_round = 0
        self.last = -1

    def fixed_size(self) -> int:
        stakes = self.stakes
        return R.fixed_size(stakes.small_bet, stakes.big_bet, stakes.big_blind, self.round >= 2)

    # ---- actions -----------------------------------------------------------------

    def legal(self) -> Legal | None:
        """What the player to act may do, or None when the round is over."""
        i = self.turn()
        if i < 0:
            return None
        bet = self.current_bet
        front = self.front[i]
        reach = front + self.stacks[i]
        others_can_act = any(not self.folded[j] and self.stacks[j] > 0 for j in range(self.n) if j != i)
        reopened = R.reopens(self.acted[i], self.acted_level[i], bet, self.min_raise)
        can_raise = reopened and reach > bet and others_can_act
        if self.fixed:
            cap = self.plan.raise_cap
            if cap and self.bets_this_round >= cap:
                can_raise = False
            min_to = most = min(bet + self.fixed_size(), reach)
        else:
            min_to = R.min_to(bet, self.min_raise, self.min_bet, reach)
            cap_room = max(0, self.cap - self.totals[i]) if self.cap else -1
            most = R.max_to(reach, bet, self.pot, front, self.pot_limit, cap_room)
        call = R.call_to(bet, reach)
        return Legal(
            self.names[i], max(0, bet - front), call, can_raise, min_to, max(min_to, most) if can_raise else call
        )

    def _largest_callable(self, i: int) -> int:
        """The most that any other player still in can put in front of them this street."""
        return max(
            (self.front[j] + self.stacks[j] for j in range(self.n) if j != i and not self.folded[j] and self.stacks[j]),
            default=0,
        )

    def pot_limit_to(self, p: PlayerState) -> int:
        """Pot limit: raise to the current bet plus the pot after calling (BET-POT-LIMIT)."""
        return R.pot_limit_to(self.current_bet, self.pot, p.street)

    def check(self, action: Action, index: int) -> list[Problem]:
        """Every rule the action would break, without changing the state (an empty list for a
        legal action: the words are made only for a broken rule)."""
        return self.check_at(self.index.get(action.player, -1), action, index)

    def check_at(self, i: int, action: Action, index: int) -> list[Problem]:
        """:meth:`check` of an action by the player of index ``i`` (-1: no such player)."""
        return self.check_move(i, action.player, action.kind, action.to, action.all_in, index)

    def check_move(self, i: int, name: str, kind: ActionKind, to: int, all_in: bool, index: int) -> list[Problem]:
        """:meth:`check_at` of an action given by its parts (who, kind, ``to``, the all-in flag),
        read once from the record by the caller."""
        if i < 0:
            return [words.unknown_actor(name, index)]
        if self.in_hand <= 1:
            return [words.after_hand_over(name, index)]
        if self.folded[i]:
            return [words.after_folding(name, index)]
        stack = self.stacks[i]
        if stack == 0:
            if kind is _FOLD and self._knows(Behaviour.ALL_IN_PLAYER_FOLDS):
                said = words.all_in_folds(name, self.money(self.totals[i]))
                return [self._note(Behaviour.ALL_IN_PLAYER_FOLDS, said, index, name)]
            return [words.while_all_in(name, index)]
        problems: list[Problem] = []
        turn = self.turn()
        if turn != i:
            if turn < 0:
                problems.append(words.after_round_over(name, self.street.value, index))
            elif kind is _FOLD and self._knows(Behaviour.OUT_OF_TURN_FOLD):
                said = words.folds_early(name, self.names[turn])
                return [self._note(Behaviour.OUT_OF_TURN_FOLD, said, index, name)]
            else:
                rule = "ST-POSTFLOP-ORDER" if self.round else "SD-PREFLOP-FIRST"
                problems.append(words.out_of_turn(name, self.names[turn], rule, index))
        if kind is _FOLD:
            return problems
        bet = self.current_bet
        front = self.front[i]
        if kind is _CHECK:
            if bet > front:
                problems.append(words.check_when_owing(name, self.money(bet - front), index))
            return problems
        reach = front + stack
        if to > reach:
            problems.append(words.more_than_stack(name, self.money(to - front), self.money(stack), index))
            return problems
        if all_in and to < reach:
            problems.append(words.all_in_flag_wrong(name, self.money(reach - to), index))
        if self.cap and self.totals[i] + (to - front) > self.cap:
            problems.append(words.cap_exceeded(name, self.money(self.cap), index))
        if kind is _CALL or to <= bet:
            expected = R.call_to(bet, reach)
            if to != expected:
                problems.append(words.call_amount_wrong(name, self.money(to), self.money(expected), index))
            return problems
        if (
            not R.reopens(self.acted[i], self.acted_level[i], bet, self.min_raise)
            or (self.fixed and ((to != bet + self.fixed_size() and to != reach) or self._raise_capped()))
            or R.too_small(to, reach, bet, self.min_raise, self.min_bet)
            or (self.pot_limit and to > R.pot_limit_to(bet, self.pot, front))
            or (
                self.round == 0
                and self._straddle_from_big_blind
                and R.too_small(to, reach, bet, self._straddle_min_raise, self.min_bet)
            )
        ):
            problems.extend(self._raise_problems(i, to, reach, index))
        return problems

    def _raise_capped(self) -> bool:
        cap = self.plan.raise_cap
        return bool(cap) and self.bets_this_round >= cap

    def _raise_problems(self, i: int, to: int, reach: int, index: int) -> list[Problem]:
        """What is wrong with a bet or raise (the failing branch of :meth:`check`)."""
        problems: list[Problem] = []
        name = self.names[i]
        bet = self.current_bet
        if not R.reopens(self.acted[i], self.acted_level[i], bet, self.min_raise):
            problems.append(words.raise_not_reopened(name, index))
        if self.fixed:
            size = self.fixed_size()
            if to != bet + size and to != reach:
                problems.append(words.fixed_limit_size(name, self.money(to), self.money(bet + size), index))
            if self._raise_capped():
                problems.append(words.raise_cap_exceeded(name, self.rules.betting.raise_cap, index))
            return problems
        least = R.smallest_to(bet, self.min_raise, self.min_bet)
        if R.too_small(to, reach, bet, self.min_raise, self.min_bet):
            if not bet:
                problems.append(words.bet_below_minimum(name, self.money(to), self.money(least), index))
            elif to == self._largest_callable(i) and self._knows(Behaviour.RAISE_CAPPED_AT_CALLABLE_STACK):
                said = words.raise_capped_at_callable(name, self.money(to), self.money(least))
                problems.append(self._note(Behaviour.RAISE_CAPPED_AT_CALLABLE_STACK, said, index, name))
                return problems
            else:
                rule = "SD-PREFLOP-MIN-RAISE" if self.round == 0 and self.rules.forced.antes else "BET-RAISE-MIN"
                problems.append(words.raise_below_minimum(name, self.money(to), self.money(least), rule, index))
        elif (
            bet
            and self.round == 0
            and R.too_small(to, reach, bet, self._straddle_min_raise, self.min_bet)
            and self._knows(Behaviour.STRADDLE_RAISE_FROM_BIG_BLIND)
        ):
            by_straddle = R.smallest_to(bet, self._straddle_min_raise, self.min_bet)
            said = words.raise_over_straddle(name, self.money(to), self.money(by_straddle))
            problems.append(self._note(Behaviour.STRADDLE_RAISE_FROM_BIG_BLIND, said, index, name))
        if self.pot_limit:
            limit = R.pot_limit_to(bet, self.pot, self.front[i])
            if to > limit:
                problems.append(words.pot_limit_exceeded(name, self.money(to), self.money(limit), index))
        return problems

    def apply(self, action: Action) -> None:
        """Move the chips of an action (after :meth:`check`); a wrong amount is applied as
        stated, clipped to the stack, so that the replay can go on."""
        self.apply_at(self.index.get(action.player, -1), action)

    def apply_at(self, i: int, action: Action) -> None:
        """:meth:`apply` of an action by the player of index ``i`` (-1: no such player)."""
        self.apply_move(i, action.kind, action.to)

    def apply_move(self, i: int, kind: ActionKind, to: int) -> None:
        """:meth:`apply_at` of an action given by its kind and ``to`` (read once by the caller)."""
        if i < 0 or self.folded[i]:
            return
        if kind is _FOLD:
            if self._out_of_turn_fold and self.turn() != i:
                pass  # a fold written when it happened, not at its turn: the turn goes on from where it was
            else:
                self.last = i
            if self._is_live(i):
                self.live -= 1
            self.folded[i] = True
            self.in_hand -= 1
            return
        self.last = i
        bet = self.current_bet
        if kind is _CHECK:
            self.acted[i] = True
            self.acted_level[i] = bet
            return
        front = self.front[i]
        stack = self.stacks[i]
        reach = front + stack
        if to > reach:
            to = reach
        if kind is _CALL or to <= bet:
            # a call moves what the call is, whatever amount the source wrote (flagged by check)
            to = R.call_to(bet, reach)
        added = to - front
        if added > 0:
            # the player's chips read once, as ints, and written back once (not folded: see above)
            total = self.totals[i]
            cap = self.cap
            was_live = R.is_live(False, stack, total, cap)
            stack -= added
            total += added
            self.stacks[i] = stack
            self.front[i] = to
            self.totals[i] = total
            invested = self.invested
            at = self.round * self.n + i
            street_total: int = invested[at]
            invested[at] = street_total + added
            self.pot += added
            if was_live and not R.is_live(False, stack, total, cap):
                self.live -= 1
        if to > bet:
            if not self.fixed:
                self.min_raise = R.next_min_raise(self.min_raise, bet, to)
            self.current_bet = to
            self.bets_this_round += 1
            self.aggressor = i
        self.acted[i] = True
        self.acted_level[i] = self.current_bet

    # ---- words -------------------------------------------------------------------

    def money(self, amount: int) -> str:
        return amount_text(amount, self.decimals)
