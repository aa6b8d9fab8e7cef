"""Betting rules: whose turn it is, the smallest raise, who shows first.

The situations are dealt here with a small tracker of one betting round that follows the
rule set (forced bets, minimum bet from ``RuleSet.min_bet``, structure), not the replay
engine; each betting rule it applies (whose turn, the smallest bet or raise, the fixed-limit
size, the pot limit) is the engine's own function in :mod:`analyzer.replay.rules`, and the
tests check every answer against the replay engine's table.

Level 1: the first action of a street. Level 2: a few actions in. Level 3: later streets,
heads-up tables, and who shows first at the showdown.
Rules: SD-PREFLOP-FIRST, SD-PREFLOP-MIN-RAISE, SD-BUTTON-ANTE-LIVE, HE-PREFLOP-ORDER,
HE-HEADS-UP, ST-POSTFLOP-ORDER, BET-BET, BET-RAISE-MIN, BET-FIXED-LIMIT, BET-ROUND-END, SH-ORDER.
"""

from __future__ import annotations

import random
from typing import Literal

from librt.vecs import vec
from mypy_extensions import i64

from analyzer.quiz.deal import LETTERS, PLAYERS
from analyzer.quiz.model import Answer, Form, Kind, Question
from analyzer.quiz.spec import NotApplicable, Spec, gave_up, name_choice, retry
from analyzer.quiz.words import Join, Msg, named, t
from analyzer.replay import rules as betting
from analyzer.ruleset import RuleSet
from parsers.record import (
    Action,
    ActionKind,
    Betting,
    Game,
    HandRecord,
    Post,
    PostKind,
    Seat,
    Stakes,
    Street,
    Variant,
)

Policy = Literal["random", "quiet", "bet"]
STREET_ORDER = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)


def applicable(rules: RuleSet) -> bool:
    """Betting questions need a table with forced bets (antes or blinds)."""
    return rules.forced.antes or rules.forced.blinds


class Round:
    """One hand's betting as the rule set has it: forced bets, order, the smallest raise."""

    def __init__(self, players: list[tuple[str, int]], button: int, rules: RuleSet, stakes: Stakes) -> None:
        self.players = sorted(players, key=lambda p: p[1])
        self.seat = dict(self.players)
        self.button = button
        self.rules = rules
        self.stakes = stakes
        self.min_bet = rules.min_bet(stakes)
        self.folded: set[str] = set()
        self.posts: list[Post] = []
        self.actions: list[Action] = []
        self.pot = 0
        self.street = Street.PREFLOP
        self.total = {p: 0 for p, _ in self.players}
        self.current = 0
        self.increment = 0
        self.acted: set[str] = set()
        self.last_actor: str | None = None
        self.last_aggressor: str | None = None
        self.anchor = button
        self.raised = False  # a voluntary bet or raise on this street
        self.bets = 0

    # order ---------------------------------------------------------------------------
    def after(self, seat: int) -> list[str]:
        """Players clockwise starting after a seat."""
        return [p for p, s in sorted(self.players, key=lambda ps: (ps[1] - seat - 1) % 100)]

    def in_hand(self) -> list[str]:
        return [p for p, _ in self.players if p not in self.folded]

    def next_to_act(self) -> str | None:
        """Whose turn it is (:func:`analyzer.replay.rules.to_act`; every stack here is deep)."""
        if len(self.in_hand()) < 2:
            return None
        start = self.seat[self.last_actor] if self.last_actor else self.anchor
        order = self.after(start)
        folded = vec[bool]([p in self.folded for p in order])
        acted = vec[bool]([p in self.acted for p in order])
        front = vec[i64]([self.total[p] for p in order])
        stack = vec[i64]([1] * len(order))
        turn = betting.to_act(tuple(range(len(order))), folded, stack, front, acted, front, self.current, False, 0)
        return order[turn] if turn >= 0 else None

    def fixed_size(self) -> int:
        """Fixed limit: the bet size of this street (:func:`analyzer.replay.rules.fixed_size`)."""
        late = self.street not in (Street.PREFLOP, Street.FLOP)
        return betting.fixed_size(self.stakes.small_bet, self.stakes.big_bet, self.stakes.big_blind, late)

    def min_to(self) -> int:
        """The smallest bet (nothing to call) or raise, as a street total
        (:func:`analyzer.replay.rules.smallest_to`; fixed limit: the bet plus the street's size)."""
        if self.rules.betting.structure is Betting.FIXED_LIMIT:
            return self.current + self.fixed_size()
        return betting.smallest_to(self.current, self.increment, self.min_bet)

    # forced bets ---------------------------------------------------------------------
    def post(self, player: str, kind: PostKind, amount: int) -> None:
        self.posts.append(Post(player, kind, amount))
        self.pot += amount
        if kind.is_live:
            self.total[player] += amount
            if self.total[player] >= self.current:
                self.current = self.total[player]
                self.anchor = self.seat[player]
                self.bets = 1

    def post_forced(self) -> None:
        forced, stakes = self.rules.forced, self.stakes
        order = self.after(self.button)
        button = order[-1]
        if forced.antes:
            for p in order:
                self.post(p, PostKind.ANTE, stakes.ante)
            if forced.button_blind != "none":
                self.post(
                    button, PostKind.BUTTON_BLIND if forced.button_blind == "live" else PostKind.ANTE, stakes.ante
                )
        if forced.blinds:
            small, big = (button, order[0]) if len(order) == 2 else (order[0], order[1])
            self.post(small, PostKind.SMALL_BLIND, stakes.small_blind)
            self.post(big, PostKind.BIG_BLIND, stakes.big_blind)
            if forced.big_blind_ante:
                self.post(big, PostKind.ANTE, stakes.ante)
        self.increment = betting.opening_min_raise(self.min_bet, self.current, bool(forced.blinds))

    # actions -------------------------------------------------------------------------
    def act(self, player: str, kind: ActionKind, to: int = 0) -> None:
        self.actions.append(Action(self.street, player, kind, to))
        self.last_actor = player
        if kind is ActionKind.FOLD:
            self.folded.add(player)
            return
        if kind is ActionKind.CHECK:
            self.acted.add(player)
            return
        if kind is ActionKind.CALL:
            to = self.current
            self.actions[-1] = Action(self.street, player, kind, to)
        self.pot += to - self.total[player]
        if to > self.current:
            if self.rules.betting.structure is not Betting.FIXED_LIMIT:
                self.increment = betting.next_min_raise(self.increment, self.current, to)
            self.current = to
            self.last_aggressor = player
            self.raised = True
            self.bets += 1
            self.acted = set()
        self.total[player] = to
        self.acted.add(player)

    def start(self, street: Street) -> None:
        self.street = street
        self.total = dict.fromkeys(self.total, 0)
        self.current = 0
        self.increment = self.min_bet
        self.acted = set()
        self.last_actor = None
        self.last_aggressor = None
        self.anchor = self.button
        self.raised = False
        self.bets = 0

    def raise_to(self, rng: random.Random, player: str) -> int:
        low = self.min_to()
        if self.rules.betting.structure is Betting.FIXED_LIMIT:
            return low
        to = low + rng.choice((0, 0, 1, 2)) * (self.increment if self.current else self.min_bet)
        if self.rules.betting.structure is Betting.POT_LIMIT:
            to = min(to, betting.pot_limit_to(self.current, self.pot, self.total[player]))
        return max(low, to)

    def step(self, rng: random.Random, policy: Policy) -> None:
        """One action by whoever is to act."""
        p = self.next_to_act()
        assert p is not None
        owes = self.total[p] < self.current
        cap = self.rules.betting.raise_cap
        may_raise = policy != "quiet" and self.bets < 3 and not (cap and self.bets >= cap - 1)
        roll = rng.random()
        if policy == "bet" and not self.raised:
            self.act(p, ActionKind.BET if not self.current else ActionKind.RAISE, self.raise_to(rng, p))
        elif owes and roll < 0.25 and len(self.in_hand()) > 2:
            self.act(p, ActionKind.FOLD)
        elif may_raise and roll > 0.7 and policy == "random":
            self.act(p, ActionKind.RAISE if self.current else ActionKind.BET, self.raise_to(rng, p))
        else:
            self.act(p, ActionKind.CALL if owes else ActionKind.CHECK, self.current)

    def record(self, hand_id: str, *, short: bool) -> HandRecord:
        """The hand so far, as the record every other part of sixplus reads."""
        return HandRecord(
            hand_id=hand_id,
            seats=tuple(Seat(s, p, 1000 * max(1, self.min_bet)) for p, s in self.players),
            button=self.button,
            posts=tuple(self.posts),
            actions=tuple(self.actions),
            game=Game(variant=Variant.SHORTDECK if short else Variant.HOLDEM, betting=self.rules.betting.structure),
            stakes=self.stakes,
        )


def _stakes(rng: random.Random, rules: RuleSet) -> Stakes:
    if rules.forced.blinds:
        small, big = rng.choice(((1, 2), (5, 10), (25, 50), (50, 100)))
        fixed = rules.betting.structure is Betting.FIXED_LIMIT
        return Stakes(
            small_blind=small,
            big_blind=big,
            ante=big if rules.forced.big_blind_ante else 0,
            small_bet=big if fixed else 0,
            big_bet=2 * big if fixed else 0,
        )
    ante = rng.choice((1, 1, 2, 5, 100))
    return Stakes(ante=ante, button_blind=ante if rules.forced.button_blind != "none" else 0)


def _table(rng: random.Random, spec: Spec) -> Round:
    heads_up = rng.random() < {1: 0.25, 2: 0.1, 3: 0.35}[spec.level]
    count = 2 if heads_up else rng.randint(3, min(6, spec.rules.table.max_players))
    seats = sorted(rng.sample(range(1, 10), count))
    players = list(zip(rng.sample(PLAYERS, count), seats))
    hand = Round(players, rng.choice(seats), spec.rules, _stakes(rng, spec.rules))
    hand.post_forced()
    return hand


def generate(rng: random.Random, spec: Spec) -> tuple[Question, ...]:
    if not applicable(spec.rules):
        raise NotApplicable(f"betting questions need a rule set with antes or blinds; {spec.rules.name} has neither")
    if spec.level == 3 and rng.random() < 0.4:
        return (_show_first(rng, spec),)
    street = rng.choice((Street.PREFLOP, Street.FLOP)) if spec.level < 3 else rng.choice(STREET_ORDER[1:])
    variant = rng.choice(("turn", "min"))
    for _ in retry("a betting situation"):
        hand = _table(rng, spec)
        if not _play_to(rng, hand, street):
            continue
        steps = 0 if spec.level == 1 else rng.randint(1, 4)
        for _ in range(steps):
            if hand.next_to_act() is None:
                break
            hand.step(rng, "random")
        player = hand.next_to_act()
        if player is None:
            continue
        if variant == "turn":
            return (_ask_turn(hand, player, spec),)
        return (_ask_min(hand, player, spec),)
    raise gave_up("a betting situation", spec)


def _play_to(rng: random.Random, hand: Round, street: Street, policy: Policy = "random") -> bool:
    """Play whole streets up to ``street``; False when fewer than two players are left."""
    for s in STREET_ORDER[: STREET_ORDER.index(street)]:
        while hand.next_to_act() is not None:
            hand.step(rng, "quiet" if policy == "quiet" else ("random" if s is Street.PREFLOP else "quiet"))
        if len(hand.in_hand()) < 2:
            return False
        hand.start(STREET_ORDER[STREET_ORDER.index(s) + 1])
    return True


def _setup(hand: Round, spec: Spec) -> tuple[Msg, ...]:
    names = {s: p for p, s in hand.players}
    seats = tuple(t("bt.seat_button" if s == hand.button else "bt.seat", seat=s, player=p) for p, s in hand.players)
    lines = [t("bt.table", seats=Join(seats, "list"))]
    stakes, forced = hand.stakes, spec.rules.forced
    if forced.antes:
        key = "bt.antes_live" if forced.button_blind == "live" else "bt.antes_single"
        lines.append(t(key, ante=stakes.ante, button=names[hand.button]))
    if forced.blinds:
        small = next(p.player for p in hand.posts if p.kind is PostKind.SMALL_BLIND)
        big = next(p.player for p in hand.posts if p.kind is PostKind.BIG_BLIND)
        lines.append(t("bt.blinds", sb_player=small, sb=stakes.small_blind, bb_player=big, bb=stakes.big_blind))
        if forced.big_blind_ante:
            lines.append(t("bt.bb_ante", player=big, amount=stakes.ante))
    structure = spec.rules.betting.structure
    if structure is Betting.FIXED_LIMIT:
        lines.append(t("bt.fixed-limit", small=stakes.small_bet, big=stakes.big_bet))
    else:
        lines.append(t("bt." + structure.value, min_bet=hand.min_bet))
    for street in STREET_ORDER:
        acts = tuple(_action_text(a) for a in hand.actions if a.street is street)
        if acts:
            lines.append(t("bt.street_line", street=named("street." + street.value), actions=Join(acts, "list")))
    return tuple(lines)


def _action_text(action: Action) -> Msg:
    if action.kind in (ActionKind.BET, ActionKind.RAISE):
        return t("act." + action.kind.value, player=action.player, to=action.to)
    return t("act." + action.kind.value, player=action.player)


def _question(
    hand: Round,
    spec: Spec,
    *,
    prompt: Msg,
    form: Form,
    answer: Answer,
    explanation: Msg,
    rule_ids: tuple[str, ...],
    players: list[str] | None = None,
) -> Question:
    names = players if players is not None else [p for p, _ in hand.players]
    return Question(
        qid=spec.qid,
        kind=Kind.BETTING,
        level=spec.level,
        ranking=spec.ranking,
        prompt=prompt,
        form=form,
        answer=answer,
        explanation=explanation,
        setup=_setup(hand, spec),
        choices=tuple(name_choice(LETTERS[i], p) for i, p in enumerate(names)) if form is Form.CHOICE else (),
        rule_ids=rule_ids,
        origin=spec.origin,
        record=hand.record(spec.qid, short=spec.is_short),
    )


def _ask_turn(hand: Round, player: str, spec: Spec) -> Question:
    forced = spec.rules.forced
    heads_up = len(hand.players) == 2
    if hand.last_actor is not None:
        key, rules = "bt.why_next", ["BET-ROUND-END"] + (["BET-FOLD"] if hand.folded else [])
    elif hand.street is not Street.PREFLOP:
        key, rules = (
            "bt.why_first_postflop",
            ["ST-POSTFLOP-ORDER"] + (["HE-HEADS-UP"] if heads_up and forced.blinds else []),
        )
    elif forced.blinds:
        key, rules = (
            ("bt.why_first_headsup", ["HE-HEADS-UP"]) if heads_up else ("bt.why_first_blinds", ["HE-PREFLOP-ORDER"])
        )
    elif forced.button_blind == "live":
        key, rules = "bt.why_first_ante", ["SD-PREFLOP-FIRST", "SD-BUTTON-ANTE-LIVE"]
    else:
        key, rules = "bt.why_first_single", ["SD-PREFLOP-FIRST"]
    names = [p for p, _ in hand.players]
    return _question(
        hand,
        spec,
        prompt=t("bt.ask_turn", street=named("street." + hand.street.value)),
        form=Form.CHOICE,
        answer=Answer(frozenset({LETTERS[names.index(player)]})),
        explanation=t(key, player=player, last=hand.last_actor or ""),
        rule_ids=tuple(rules),
    )


def _ask_min(hand: Round, player: str, spec: Spec) -> Question:
    answer = hand.min_to()
    forced = spec.rules.forced
    if spec.rules.betting.structure is Betting.FIXED_LIMIT:
        why, rules = t("bt.why_fixed", size=hand.fixed_size(), answer=answer), ["BET-FIXED-LIMIT"]
    elif not hand.current:
        why, rules = t("bt.why_min_bet", answer=answer), ["BET-BET"] + (["SD-MIN-BET"] if forced.antes else [])
    elif hand.street is Street.PREFLOP and not hand.raised and not forced.blinds:
        why = t("bt.why_sd_preflop", current=hand.current, min_bet=hand.min_bet, answer=answer)
        rules = ["SD-PREFLOP-MIN-RAISE", "SD-BUTTON-ANTE-LIVE"]
    elif hand.street is Street.PREFLOP and not hand.raised:
        why, rules = t("bt.why_bb_preflop", current=hand.current, answer=answer), ["BET-RAISE-MIN", "HE-BLINDS"]
    else:
        why = t("bt.why_raise", current=hand.current, inc=hand.increment, answer=answer)
        rules = ["BET-RAISE-MIN"]
    return _question(
        hand,
        spec,
        prompt=t("bt.ask_min_raise" if hand.current else "bt.ask_min_bet", player=player),
        form=Form.NUMBER,
        answer=Answer(numbers=(answer,)),
        explanation=why,
        rule_ids=tuple(rules),
    )


def _show_first(rng: random.Random, spec: Spec) -> Question:
    """SH-ORDER: the last bettor or raiser on the river shows first; if it was checked round,
    the first player still in left of the button (nobody bet on any street before, either)."""
    quiet = rng.random() < 0.5
    for _ in retry("a river showdown"):
        hand = _table(rng, spec)
        if not _play_to(rng, hand, Street.RIVER, "quiet"):
            continue
        if not quiet:
            for _ in range(rng.randrange(len(hand.in_hand()))):
                hand.step(rng, "quiet")
            hand.step(rng, "bet")
        while hand.next_to_act() is not None:
            hand.step(rng, "quiet" if quiet else "random")
        still_in = hand.in_hand()
        if len(still_in) < 2:
            continue
        if quiet:
            first = next(p for p in hand.after(hand.button) if p in still_in)
            why = t("bt.why_show_checked", player=first)
        else:
            assert hand.last_aggressor is not None
            first = hand.last_aggressor
            why = t("bt.why_show_aggressor", player=first)
        return _question(
            hand,
            spec,
            prompt=named("bt.ask_show"),
            form=Form.CHOICE,
            answer=Answer(frozenset({LETTERS[still_in.index(first)]})),
            explanation=why,
            rule_ids=("SH-ORDER",),
            players=still_in,
        )
    raise gave_up("a river showdown", spec)
