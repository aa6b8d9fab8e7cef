"""The betting state machine: whose turn it is, what is legal, and every chip.

:class:`Table` is the state of one hand in play. ``check(action)`` returns the rule
breaks an action would commit without changing anything; ``apply(action)`` moves the
chips. The replay engine calls both (check-then-apply, collecting every finding); the
simulator asks :meth:`Table.legal` what a bot may do and applies its choice.

Seats are ordered clockwise by seat number. Rule ids refer to ``RULES.md``.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from analyzer.money import amount_text
from analyzer.profiles import Behaviour, SiteProfile
from analyzer.replay.findings import Code, Problem, Verdict
from analyzer.ruleset import RuleSet
from parsers.record import Action, ActionKind, Betting, Post, PostKind, Stakes, Street


@dataclass(slots=True)
class PlayerState:
    name: str
    seat: int
    start: int
    stack: int  # chips behind
    street: int = 0  # live chips in front of the player this street
    total: int = 0  # everything put in this hand, dead money included
    posted: int = 0  # forced bets (before any return)
    dead: int = 0  # dead money: antes and dead blinds
    invested: tuple[int, int, int, int] = (0, 0, 0, 0)  # voluntary chips per street (before any return)
    folded: bool = False
    acted: bool = False  # acted since the betting was last (re)opened for them
    acted_level: int = 0  # the bet they last acted at (to tell a full raise since)

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


STREET_INDEX = {Street.PREFLOP: 0, Street.FLOP: 1, Street.TURN: 2, Street.RIVER: 3}
_DEAD = frozenset({PostKind.ANTE, PostKind.DEAD_BLIND})  # posts that are not live bets


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
        ordered = sorted(players, key=lambda p: p[1])
        self.hand_id = hand_id
        self.players = [PlayerState(name, seat, stack, stack) for name, seat, stack in ordered]
        self.by_name = {p.name: p for p in self.players}
        self.button = button
        self.stakes = stakes
        self.rules = rules
        self.decimals = decimals
        self.street = Street.PREFLOP
        self.current_bet = 0  # highest live street total
        self.min_raise = rules.min_bet(stakes)  # the smallest raise increment now
        self.min_bet = self.min_raise
        self.bets_this_round = 0  # bets and raises (fixed-limit cap); preflop the blind counts
        self.last_aggressor: str | None = None
        self.last_actor: str | None = None
        self.preflop_opened = False  # set when the first voluntary action happens
        self.returned: dict[str, int] = {}
        self._post_order: list[tuple[str, PostKind]] = []
        self._seats = [p.seat for p in self.players]
        self._in_hand = len(self.players)  # players who have not folded
        self._live = self._count_live()  # players still able to bet
        self._rotations: dict[int, list[PlayerState]] = {}
        self.profile = profile
        self.notes: list[Problem] = []  # what the site profile explained (post and open_preflop)
        self._straddle_min_raise = 0  # the smallest raise over a straddle by the rule set alone

    def _knows(self, behaviour: Behaviour) -> bool:
        return self.profile is not None and self.profile.has(behaviour)

    def _note(self, behaviour: Behaviour, message: str, index: int | None, player: str | None = None) -> Problem:
        """A finding the site profile explains: a note (or warning) that names the profile entry."""
        assert self.profile is not None
        entry = self.profile.entry(behaviour)
        verdict = Verdict.WARN if entry is not None and entry.effect == "warn" else Verdict.NOTE
        return Problem(
            code=Code.SITE_BEHAVIOUR,
            verdict=verdict,
            message=f"{message} ({self.profile.label(behaviour)})",
            action_index=index,
            player=player,
            profile=self.profile.label(behaviour),
        )

    # ---- order -------------------------------------------------------------------

    def _after(self, seat: int | None) -> list[PlayerState]:
        """Players clockwise starting after a seat (the button when ``seat`` is None)."""
        anchor = seat if seat is not None else (self.button if self.button is not None else 0)
        order = self._rotations.get(anchor)
        if order is None:
            i = bisect_right(self._seats, anchor)
            order = self._rotations[anchor] = self.players[i:] + self.players[:i]
        return order

    def first_to_act(self) -> PlayerState | None:
        """Who opens the betting on this street.

        Preflop the player after the biggest live forced bet (the big blind, the button
        blind, the last straddle: HE-PREFLOP-ORDER, SD-PREFLOP-FIRST); with no live bet, the
        player left of the button. After the flop, the first player left of the button
        (ST-POSTFLOP-ORDER). Heads-up this makes the button act first preflop (HE-HEADS-UP).
        """
        anchor: int | None = None
        if self.street is Street.PREFLOP and self.current_bet > 0:
            anchor = self._opener_anchor()
        live = self.live_count()
        for p in self._after(anchor):
            if self._needs_to_act(p, live):
                return p
        return None

    def _opener_anchor(self) -> int | None:
        """The seat the preflop action opens after: the last straddle, else the big blind in its
        place (the first one posted: a returning player's live big blind out of position does
        not move the opener), else the button blind, else the biggest live post."""
        straddles = [name for name, kind in self._post_order if kind is PostKind.STRADDLE]
        if straddles:
            return self.by_name[straddles[-1]].seat
        for wanted in (PostKind.BIG_BLIND, PostKind.BUTTON_BLIND, PostKind.BOMB):
            for name, kind in self._post_order:
                if kind is wanted:
                    return self.by_name[name].seat
        for name, _ in reversed(self._post_order):
            if self.by_name[name].street == self.current_bet:
                return self.by_name[name].seat
        return None

    def _needs_to_act(self, p: PlayerState, live: int) -> bool:
        if p.folded or p.stack == 0 or (self.stakes.cap and p.total >= self.stakes.cap):
            return False
        if live <= 1 and p.street >= self.current_bet:
            return False  # nobody left to bet against
        return not p.acted or p.street < self.current_bet

    def next_to_act(self) -> PlayerState | None:
        """The player whose turn it is, or None when the betting round is over."""
        if self.in_hand_count() <= 1:
            return None
        if self.last_actor is None:
            return self.first_to_act()
        # _needs_to_act, inlined: this runs for every action
        cap = self.stakes.cap
        bet = self.current_bet
        lone = self._live <= 1
        for p in self._after(self.by_name[self.last_actor].seat):
            if p.folded or p.stack == 0 or (cap and p.total >= cap):
                continue
            if lone and p.street >= bet:
                continue  # nobody left to bet against
            if not p.acted or p.street < bet:
                return p
        return None

    def in_hand_count(self) -> int:
        return self._in_hand

    def live_count(self) -> int:
        """Players still able to bet (kept up to date as chips move)."""
        return self._live

    def _is_live(self, p: PlayerState) -> bool:
        cap = self.stakes.cap
        return not p.folded and p.stack > 0 and not (cap and p.total >= cap)

    def _count_live(self) -> int:
        cap = self.stakes.cap
        n = 0
        for p in self.players:
            if not p.folded and p.stack > 0 and not (cap and p.total >= cap):
                n += 1
        return n

    def round_over(self) -> bool:
        return self.next_to_act() is None

    def pot_total(self) -> int:
        return sum(p.total for p in self.players)

    # ---- forced bets -------------------------------------------------------------

    def post(self, post: Post) -> list[Problem]:
        """Put a forced bet in. Returns problems (an unknown player, more than the stack)."""
        p = self.by_name.get(post.player)
        if p is None:
            return [self._problem(Code.UNKNOWN_PLAYER, f"{post.player} posts but has no seat", None)]
        problems = []
        amount = post.amount
        if amount > p.stack:
            problems.append(
                self._problem(
                    Code.MORE_THAN_STACK,
                    f"{p.name} posts {self.money(amount)} with only {self.money(p.stack)} behind",
                    None,
                    player=p.name,
                )
            )
            amount = p.stack
        was_live = self._is_live(p)
        if post.kind not in _DEAD and p.street and self._knows(Behaviour.LIVE_POST_SETS_STREET_TOTAL):
            before = p.street
            amount = max(0, min(amount, p.street + p.stack) - p.street)  # only what lifts the street total
            self.notes.append(
                self._note(
                    Behaviour.LIVE_POST_SETS_STREET_TOTAL,
                    f"{p.name} posts {post.kind.value.replace('_', ' ')} {self.money(post.amount)} over "
                    f"{self.money(before)} already in front: {self.money(amount)} more, not {self.money(post.amount)}",
                    None,
                    p.name,
                )
            )
        p.stack -= amount
        p.total += amount
        p.posted += amount
        if post.kind in _DEAD:
            p.dead += amount
        if post.kind not in _DEAD:
            p.street += amount
            if p.street > self.current_bet:
                self.current_bet = p.street
                self.bets_this_round = 1
            self._post_order.append((p.name, post.kind))
        if post.kind is PostKind.BOMB:
            p.acted = True
        if was_live and not self._is_live(p):
            self._live -= 1
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
            and self._knows(Behaviour.SHORT_BIG_BLIND_CALL_FULL)
            and any(p.kind is PostKind.BIG_BLIND and p.all_in and p.amount < big for p in posts)
        ):
            self.current_bet = big
        self.min_raise = max(self.min_bet, self.current_bet if self.rules.forced.blinds else 0)
        self._straddle_min_raise = self.min_raise
        if (
            big
            and self.rules.forced.blinds
            and self.current_bet > big
            and self._knows(Behaviour.STRADDLE_RAISE_FROM_BIG_BLIND)
            and any(kind is PostKind.STRADDLE for _, kind in self._post_order)
        ):
            self.min_raise = max(self.min_bet, big)
        if self.rules.betting.structure is Betting.FIXED_LIMIT:
            self.min_raise = self.fixed_size()

    # ---- streets -----------------------------------------------------------------

    def end_round(self) -> tuple[str, int] | None:
        """Close the betting round: return an uncalled bet, if any, and reset street totals."""
        returned = None
        ranked = sorted(self.players, key=lambda p: p.street, reverse=True)
        if len(ranked) >= 2 and ranked[0].street > ranked[1].street:
            top = ranked[0]
            excess = top.street - ranked[1].street
            top.stack += excess
            top.total -= excess
            top.street -= excess
            self.returned[top.name] = self.returned.get(top.name, 0) + excess
            returned = (top.name, excess)
        for p in self.players:
            p.street = 0
            p.acted = False
            p.acted_level = 0
        self.current_bet = 0
        self.bets_this_round = 0
        self.last_actor = None
        self._live = self._count_live()  # a returned bet can put an all-in player back in
        return returned

    def start_street(self, street: Street) -> None:
        self.street = street
        self.current_bet = 0
        self.min_raise = self.fixed_size() if self.rules.betting.structure is Betting.FIXED_LIMIT else self.min_bet
        self.bets_this_round = 0
        self.last_actor = None

    def fixed_size(self) -> int:
        small = self.stakes.small_bet or self.stakes.big_blind
        big = self.stakes.big_bet or 2 * small
        return small if self.street in (Street.PREFLOP, Street.FLOP) else big

    # ---- actions -----------------------------------------------------------------

    def legal(self) -> Legal | None:
        """What the player to act may do, or None when the round is over."""
        p = self.next_to_act()
        if p is None:
            return None
        owed = max(0, self.current_bet - p.street)
        reach = p.street + p.stack
        call_to = min(self.current_bet, reach)
        reopened = not p.acted or (self.current_bet - p.acted_level) >= self.min_raise
        others_can_act = any(q.active and q is not p for q in self.players)
        can_raise = reopened and reach > self.current_bet and others_can_act
        structure = self.rules.betting.structure
        if structure is Betting.FIXED_LIMIT:
            cap = self.rules.betting.raise_cap
            if cap and self.bets_this_round >= cap:
                can_raise = False
            min_to = max_to = min(self.current_bet + self.fixed_size(), reach)
        else:
            min_to = min(self.current_bet + self.min_raise, reach) if self.current_bet else min(self.min_bet, reach)
            max_to = reach
            if structure is Betting.POT_LIMIT:
                max_to = min(reach, self.pot_limit_to(p))
            if self.stakes.cap:
                max_to = min(max_to, p.street + max(0, self.stakes.cap - p.total))
        return Legal(p.name, owed, call_to, can_raise, min_to, max(min_to, max_to) if can_raise else call_to)

    def _largest_callable(self, p: PlayerState) -> int:
        """The most that any other player still in can put in front of them this street."""
        return max((q.street + q.stack for q in self.players if q is not p and not q.folded and q.stack), default=0)

    def pot_limit_to(self, p: PlayerState) -> int:
        """Pot limit: raise to the current bet plus the pot after calling (BET-POT-LIMIT)."""
        owed = max(0, self.current_bet - p.street)
        return self.current_bet + self.pot_total() + owed

    def check(self, action: Action, index: int) -> list[Problem]:
        """Every rule the action would break, without changing the state."""
        p = self.by_name.get(action.player)
        if p is None:
            return [self._problem(Code.UNKNOWN_PLAYER, f"{action.player} acts but has no seat", index)]
        if self.in_hand_count() <= 1:
            return [
                self._problem(
                    Code.ACTION_AFTER_HAND_OVER,
                    f"{p.name} acts after everyone else folded",
                    index,
                    rule="SH-WIN-BY-FOLD",
                    player=p.name,
                )
            ]
        problems: list[Problem] = []
        turn = self.next_to_act()
        if p.folded:
            return [self._problem(Code.ACTION_OUT_OF_TURN, f"{p.name} acts after folding", index, "BET-FOLD", p.name)]
        if p.stack == 0:
            if action.kind is ActionKind.FOLD and self._knows(Behaviour.ALL_IN_PLAYER_FOLDS):
                return [
                    self._note(
                        Behaviour.ALL_IN_PLAYER_FOLDS,
                        f"{p.name} folds while all-in for {self.money(p.total)}, and so gives up the pot",
                        index,
                        p.name,
                    )
                ]
            return [
                self._problem(Code.ACTION_OUT_OF_TURN, f"{p.name} acts while all-in", index, "BET-ALL-IN-SHORT", p.name)
            ]
        if turn is None:
            problems.append(
                self._problem(
                    Code.ACTION_OUT_OF_TURN,
                    f"{p.name} acts after the {self.street.value} betting was over",
                    index,
                    "BET-ROUND-END",
                    p.name,
                )
            )
        elif turn is not p:
            if action.kind is ActionKind.FOLD and self._knows(Behaviour.OUT_OF_TURN_FOLD):
                return [
                    self._note(
                        Behaviour.OUT_OF_TURN_FOLD,
                        f"{p.name} folds before their turn ({turn.name} was to act)",
                        index,
                        p.name,
                    )
                ]
            problems.append(
                self._problem(
                    Code.ACTION_OUT_OF_TURN,
                    f"{p.name} acts out of turn: it is {turn.name}'s turn",
                    index,
                    "ST-POSTFLOP-ORDER" if self.street is not Street.PREFLOP else "SD-PREFLOP-FIRST",
                    p.name,
                )
            )
        kind = action.kind
        owed = self.current_bet - p.street
        reach = p.street + p.stack
        if kind is ActionKind.FOLD:
            return problems
        if kind is ActionKind.CHECK:
            if owed > 0:
                problems.append(
                    self._problem(
                        Code.CHECK_WHEN_OWING,
                        f"{p.name} checks but owes {self.money(owed)}",
                        index,
                        "BET-CHECK",
                        p.name,
                    )
                )
            return problems
        to = action.to
        if to > reach:
            problems.append(
                self._problem(
                    Code.MORE_THAN_STACK,
                    f"{p.name} puts in {self.money(to - p.street)} with only {self.money(p.stack)} behind",
                    index,
                    "BET-STACK-LIVE",
                    p.name,
                )
            )
            return problems
        if action.all_in and to < reach:
            problems.append(
                self._problem(
                    Code.ALL_IN_FLAG_WRONG,
                    f"{p.name} is said to be all-in but keeps {self.money(reach - to)}",
                    index,
                    None,
                    p.name,
                    Verdict.WARN,
                )
            )
        if self.stakes.cap and p.total + (to - p.street) > self.stakes.cap:
            problems.append(
                self._problem(
                    Code.CAP_EXCEEDED,
                    f"{p.name} puts in more than the {self.money(self.stakes.cap)} cap",
                    index,
                    None,
                    p.name,
                )
            )
        if kind is ActionKind.CALL or to <= self.current_bet:
            expected = min(self.current_bet, reach)
            if to != expected:
                problems.append(
                    self._problem(
                        Code.CALL_AMOUNT_WRONG,
                        f"{p.name} calls {self.money(to)} but the call is {self.money(expected)}",
                        index,
                        "BET-CALL",
                        p.name,
                    )
                )
            return problems
        problems.extend(self._check_raise(p, to, reach, index))
        return problems

    def _check_raise(self, p: PlayerState, to: int, reach: int, index: int) -> list[Problem]:
        problems: list[Problem] = []
        all_in = to == reach
        structure = self.rules.betting.structure
        reopened = not p.acted or (self.current_bet - p.acted_level) >= self.min_raise
        if not reopened:
            problems.append(
                self._problem(
                    Code.RAISE_NOT_REOPENED,
                    f"{p.name} raises, but the all-in for less before was not a full raise, so "
                    f"{p.name} may only call or fold",
                    index,
                    "BET-INCOMPLETE-RAISE",
                    p.name,
                )
            )
        if structure is Betting.FIXED_LIMIT:
            size = self.fixed_size()
            if to != self.current_bet + size and not all_in:
                problems.append(
                    self._problem(
                        Code.FIXED_LIMIT_SIZE,
                        f"{p.name} makes it {self.money(to)}; in fixed limit it must be "
                        f"{self.money(self.current_bet + size)}",
                        index,
                        "BET-FIXED-LIMIT",
                        p.name,
                    )
                )
            cap = self.rules.betting.raise_cap
            if cap and self.bets_this_round >= cap:
                problems.append(
                    self._problem(
                        Code.RAISE_CAP_EXCEEDED,
                        f"{p.name} raises after the {cap}-bet cap was reached",
                        index,
                        "BET-FIXED-LIMIT",
                        p.name,
                    )
                )
            return problems
        if self.current_bet == 0:
            if to < self.min_bet and not all_in:
                problems.append(
                    self._problem(
                        Code.BET_BELOW_MINIMUM,
                        f"{p.name} bets {self.money(to)}; the minimum bet is {self.money(self.min_bet)}",
                        index,
                        "BET-BET",
                        p.name,
                    )
                )
        elif to - self.current_bet < self.min_raise and not all_in:
            if to == self._largest_callable(p) and self._knows(Behaviour.RAISE_CAPPED_AT_CALLABLE_STACK):
                problems.append(
                    self._note(
                        Behaviour.RAISE_CAPPED_AT_CALLABLE_STACK,
                        f"{p.name} raises to {self.money(to)}, below the smallest raise to "
                        f"{self.money(self.current_bet + self.min_raise)}, which is all that anyone still in "
                        "can call",
                        index,
                        p.name,
                    )
                )
                return problems
            problems.append(
                self._problem(
                    Code.RAISE_BELOW_MINIMUM,
                    f"{p.name} raises to {self.money(to)}; the smallest raise is to "
                    f"{self.money(self.current_bet + self.min_raise)}",
                    index,
                    "SD-PREFLOP-MIN-RAISE"
                    if self.street is Street.PREFLOP and self.rules.forced.antes
                    else "BET-RAISE-MIN",
                    p.name,
                )
            )
        elif (
            self.street is Street.PREFLOP
            and to - self.current_bet < self._straddle_min_raise
            and not all_in
            and self._knows(Behaviour.STRADDLE_RAISE_FROM_BIG_BLIND)
        ):
            problems.append(
                self._note(
                    Behaviour.STRADDLE_RAISE_FROM_BIG_BLIND,
                    f"{p.name} raises to {self.money(to)} over the straddle; by the raise over the straddle it "
                    f"would be at least {self.money(self.current_bet + self._straddle_min_raise)}",
                    index,
                    p.name,
                )
            )
        if structure is Betting.POT_LIMIT:
            limit = self.pot_limit_to(p)
            if to > limit:
                problems.append(
                    self._problem(
                        Code.POT_LIMIT_EXCEEDED,
                        f"{p.name} makes it {self.money(to)}; pot limit allows at most {self.money(limit)}",
                        index,
                        "BET-POT-LIMIT",
                        p.name,
                    )
                )
        return problems

    def apply(self, action: Action) -> None:
        """Move the chips of an action (after :meth:`check`); a wrong amount is applied as
        stated, clipped to the stack, so that the replay can go on."""
        p = self.by_name.get(action.player)
        if p is None or p.folded:
            return
        if action.kind is ActionKind.FOLD and self._knows(Behaviour.OUT_OF_TURN_FOLD) and self.next_to_act() is not p:
            # a fold written when it happened, not at its turn: the turn goes on from where it was
            if self._is_live(p):
                self._live -= 1
            p.folded = True
            self._in_hand -= 1
            return
        self.last_actor = p.name
        if action.kind is ActionKind.FOLD:
            if self._is_live(p):
                self._live -= 1
            p.folded = True
            self._in_hand -= 1
            return
        if action.kind is ActionKind.CHECK:
            p.acted = True
            p.acted_level = self.current_bet
            return
        to = min(action.to, p.street + p.stack)
        if action.kind is ActionKind.CALL or to <= self.current_bet:
            # a call moves what the call is, whatever amount the source wrote (flagged by check)
            to = min(self.current_bet, p.street + p.stack)
        added = max(0, to - p.street)
        was_live = self._is_live(p)
        p.stack -= added
        p.street += added
        p.total += added
        inv = list(p.invested)
        inv[STREET_INDEX[self.street]] += added
        p.invested = (inv[0], inv[1], inv[2], inv[3])
        if p.street > self.current_bet:
            increment = p.street - self.current_bet
            if increment >= self.min_raise or self.current_bet == 0:
                self.min_raise = max(self.min_raise, increment)
                if self.rules.betting.structure is Betting.FIXED_LIMIT:
                    self.min_raise = self.fixed_size()
            self.current_bet = p.street
            self.bets_this_round += 1
            self.last_aggressor = p.name
        p.acted = True
        p.acted_level = self.current_bet
        if was_live and not self._is_live(p):
            self._live -= 1

    # ---- words -------------------------------------------------------------------

    def money(self, amount: int) -> str:
        return amount_text(amount, self.decimals)

    def _problem(
        self,
        code: Code,
        message: str,
        index: int | None,
        rule: str | None = None,
        player: str | None = None,
        verdict: Verdict = Verdict.VIOLATION,
    ) -> Problem:
        return Problem(code=code, verdict=verdict, message=message, action_index=index, rule=rule, player=player)
