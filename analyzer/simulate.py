"""Simulated nights: real hands dealt to seeded bots that play through the replay engine.

Every action a bot takes is one the engine calls legal, and the pots are settled by the
engine, so a simulated night is legal by construction and audits clean. Bots have styles
(tight, loose, aggressive, short-stacked shover, calling station) so that a night has
folds, raises, all-ins for less, multiway side pots, split pots and runs of the board.
:func:`inject_faults` then plants known payout and action errors for the audit to find.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

import msgspec

from analyzer.cards import Card, deck_of
from analyzer.evaluator import ORDER, Category, category_of, strength_of
from analyzer.evaluator.omaha import omaha_high
from analyzer.profiles import load_profile
from analyzer.replay.engine import replay
from analyzer.replay.findings import Code
from analyzer.replay.table import Legal, Table
from analyzer.ruleset import RuleSet
from parsers.record import (
    STREETS,
    Action,
    ActionKind,
    Award,
    Betting,
    Game,
    HandRecord,
    Post,
    PostKind,
    Returned,
    Seat,
    Shown,
    Source,
    Stakes,
    Street,
    Variant,
)

NAMES = ("Anna", "Ben", "Carla", "Dev", "Elif", "Femi", "Gus", "Hana", "Ivo", "Jun")
STYLES = ("tight", "loose", "aggressive", "shover", "station")
BOARD_AT = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}


def default_stakes(rules: RuleSet) -> Stakes:
    """Chips stakes for a rule set: ante 100 with a 100 button blind, or blinds 50/100."""
    if rules.betting.structure is Betting.FIXED_LIMIT:
        return Stakes(small_blind=50, big_blind=100, small_bet=100, big_bet=200)
    if rules.forced.blinds:
        return Stakes(small_blind=50, big_blind=100, ante=100 if rules.forced.big_blind_ante else 0)
    if rules.forced.button_blind == "live":
        return Stakes(ante=100, button_blind=100)
    return Stakes(ante=100)


@dataclass(frozen=True, slots=True)
class Bot:
    name: str
    style: str
    buy_in: int  # in units of the big blind / ante


def _bots(players: int, rng: random.Random) -> list[Bot]:
    bots = []
    for i in range(players):
        style = STYLES[i % len(STYLES)] if i < len(STYLES) else rng.choice(STYLES)
        depth = {"shover": rng.choice((8, 12, 20)), "station": 150}.get(style, rng.choice((60, 100, 200)))
        bots.append(Bot(NAMES[i], style, depth))
    return bots


def simulate(
    rules: RuleSet,
    *,
    hands: int,
    players: int,
    seed: int = 0,
    stakes: Stakes | None = None,
    run_twice: float = 0.2,
    prefix: str = "sim",
    table: str = "",
    start: datetime | None = None,
    seconds_per_hand: int = 75,
) -> Iterator[HandRecord]:
    """Deal ``hands`` hands at one table of ``players`` seeded bots under ``rules``; with a
    ``start`` time, hands are stamped ``seconds_per_hand`` apart."""
    if not rules.table.min_players <= players <= rules.table.max_players:
        raise ValueError(f"players: expected {rules.table.min_players} to {rules.table.max_players}, got {players}")
    if rules.name == "sixplus-casino":
        raise ValueError("rules: expected a table game; sixplus-casino is the live-dealer betting game")
    rng = random.Random(seed)
    stakes = stakes or default_stakes(rules)
    unit = stakes.big_blind or stakes.ante
    bots = _bots(players, rng)
    stacks = {b.name: b.buy_in * unit for b in bots}
    button = 1
    for n in range(hands):
        for b in bots:  # cash game: top up between hands (BET-STACK-LIVE, GAME-CASH)
            if stacks[b.name] < 5 * unit or (b.style != "shover" and stacks[b.name] < b.buy_in * unit // 2):
                stacks[b.name] = b.buy_in * unit
        record, end = _deal_hand(
            rules, stakes, bots, stacks, button, rng, f"{prefix}-{seed}-{n + 1}", run_twice=run_twice
        )
        stacks.update(end)
        button = button % players + 1
        if table or start is not None:
            when = (start + timedelta(seconds=n * seconds_per_hand)).isoformat() if start is not None else None
            record = msgspec.structs.replace(record, table=table, started_at=when)
        yield record


def _post_forced(table: Table, rules: RuleSet, stakes: Stakes, order: list[str], button_name: str) -> list[Post]:
    posts: list[Post] = []

    def put(name: str, kind: PostKind, amount: int) -> None:
        p = table.by_name[name]
        amount = min(amount, p.stack)
        if amount <= 0:
            return
        post = Post(name, kind, amount, all_in=amount == p.stack)
        table.post(post)
        posts.append(post)

    if stakes.ante and rules.forced.antes:
        for name in order:
            put(name, PostKind.ANTE, stakes.ante)
    if rules.forced.button_blind == "live" and stakes.button_blind:
        put(button_name, PostKind.BUTTON_BLIND, stakes.button_blind)
    if rules.forced.blinds:
        small, big = (button_name, order[0]) if len(order) == 2 else (order[0], order[1])
        put(small, PostKind.SMALL_BLIND, stakes.small_blind)
        put(big, PostKind.BIG_BLIND, stakes.big_blind)
        if rules.forced.big_blind_ante and stakes.ante:
            put(big, PostKind.ANTE, stakes.ante)
    return posts


def variant_of(rules: RuleSet) -> Variant:
    """The game a rule set plays, as a record names it."""
    if rules.is_omaha:
        if rules.is_high_low:
            return Variant.OMAHA_HILO
        return Variant.OMAHA5 if rules.hole_cards == 5 else Variant.OMAHA
    return Variant.SHORTDECK if rules.deck == 36 else Variant.HOLDEM


def _preflop_score(cards: list[Card]) -> float:
    if len(cards) > 2:  # Omaha: the best two-card start of the hand, a little more for more cards
        return max(_preflop_score([x, y]) for i, x in enumerate(cards) for y in cards[i + 1 :]) + 1
    a, b = sorted((c.rank for c in cards), reverse=True)
    score = a + b / 2
    if a == b:
        score += 10 + a / 2
    if cards[0].suit == cards[1].suit:
        score += 2
    if a - b == 1:
        score += 1.5
    return score


def _made_score(cards: list[Card], board: list[Card], rules: RuleSet) -> int:
    if rules.is_omaha:  # two hole cards and three of the board cards so far
        strength = omaha_high([c.index for c in cards], [c.index for c in board], rules.ranking)
    else:
        strength = strength_of([c.index for c in cards + board], rules.ranking)
    return ORDER[rules.ranking].index(category_of(strength, rules.ranking))


def _decide(
    bot: Bot, legal: Legal, table: Table, cards: list[Card], board: list[Card], rules: RuleSet, rng: random.Random
) -> tuple[ActionKind, int]:
    p = table.by_name[bot.name]
    reach = p.street + p.stack
    if board:
        made = _made_score(cards, board, rules)
        strength = made * 4 + rng.random() * 6
    else:
        strength = _preflop_score(cards) + rng.random() * 6
    loose = {"tight": 4, "loose": -3, "aggressive": -1, "shover": 0, "station": -6}[bot.style]
    aggro = {"tight": 0.25, "loose": 0.2, "aggressive": 0.55, "shover": 0.3, "station": 0.05}[bot.style]
    threshold = 16 + loose + (4 if legal.owed > 3 * (table.stakes.big_blind or table.stakes.ante or 1) else 0)
    # a raise nobody else can match only comes back as an uncalled bet: bots do not make it
    callers = max((q.street + q.stack for q in table.players if q.active and q is not p), default=0)
    if legal.can_raise and callers > table.current_bet and strength > threshold + 3 and rng.random() < aggro:
        if bot.style == "shover" or (strength > threshold + 10 and rng.random() < 0.25):
            return _raise_kind(table), legal.max_to
        size = legal.min_to + int((legal.max_to - legal.min_to) * rng.random() * 0.3)
        return _raise_kind(table), min(max(size, legal.min_to), legal.max_to)
    if legal.owed == 0:
        return ActionKind.CHECK, 0
    if strength > threshold or (bot.style == "station" and rng.random() < 0.7):
        return ActionKind.CALL, legal.call_to
    if legal.owed * 10 <= reach and rng.random() < 0.3:
        return ActionKind.CALL, legal.call_to
    return ActionKind.FOLD, 0


def _raise_kind(table: Table) -> ActionKind:
    return ActionKind.BET if table.current_bet == 0 else ActionKind.RAISE


def _deal_hand(
    rules: RuleSet,
    stakes: Stakes,
    bots: list[Bot],
    stacks: dict[str, int],
    button: int,
    rng: random.Random,
    hand_id: str,
    *,
    run_twice: float,
) -> tuple[HandRecord, dict[str, int]]:
    seats = tuple(Seat(i + 1, b.name, stacks[b.name]) for i, b in enumerate(bots))
    table = Table(
        hand_id=hand_id,
        players=[(s.player, s.seat, s.stack) for s in seats],
        button=button,
        stakes=stakes,
        rules=rules,
        profile=load_profile("default"),  # the rules every site follows (a short big blind is called in full)
    )
    order = [s.player for s in sorted(seats, key=lambda s: (s.seat - button - 1) % 100)]
    button_name = next(s.player for s in seats if s.seat == button)
    posts = _post_forced(table, rules, stakes, order, button_name)
    table.open_preflop(tuple(posts))
    deck = list(deck_of(rules.deck).cards)
    rng.shuffle(deck)
    holes = {name: [deck.pop() for _ in range(rules.hole_cards)] for name in order}
    by_name = {b.name: b for b in bots}
    board: list[Card] = []
    actions: list[Action] = []
    street = Street.PREFLOP
    while True:
        while (legal := table.legal()) is not None:
            bot = by_name[legal.player]
            kind, to = _decide(bot, legal, table, holes[bot.name], board, rules, rng)
            p = table.by_name[bot.name]
            action = Action(
                street,
                bot.name,
                kind,
                to,
                all_in=kind not in (ActionKind.FOLD, ActionKind.CHECK) and to == p.street + p.stack,
            )
            table.apply(action)
            actions.append(action)
        if table.in_hand_count() <= 1 or street is Street.RIVER:
            break
        table.end_round()
        if table.live_count() < 2:
            break  # nobody can bet any more: the board runs out below (POT-RUNOUT)
        street = STREETS[STREETS.index(street) + 1]
        table.start_street(street)
        deck.pop()  # the burn (ST-FLOP, ST-TURN-RIVER)
        board.extend(deck.pop() for _ in range(BOARD_AT[street]))
    showdown = table.in_hand_count() >= 2
    runs = [board]
    rest = 5 - len(board) if showdown else 0
    if rest:  # all-in before the river: the board runs out (POT-RUNOUT), maybe twice
        runs = [board + [deck.pop() for _ in range(rest)]]
        if rng.random() < run_twice:
            runs.append(board + [deck.pop() for _ in range(rest)])
    shown = []
    in_hand = [n for n in order if not table.by_name[n].folded]
    for name in order:
        if showdown and name in in_hand:
            shown.append(Shown(name, tuple(c.text for c in holes[name])))
        else:
            shown.append(Shown(name, tuple(c.text for c in holes[name]), mucked=True))
    record = HandRecord(
        hand_id=hand_id,
        seats=seats,
        button=button,
        posts=tuple(posts),
        actions=tuple(actions),
        boards=tuple(tuple(c.text for c in run) for run in runs),
        shown=tuple(shown),
        game=Game(
            variant=variant_of(rules),
            betting=rules.betting.structure,
            site="sixplus simulator",
            declared=rules.description,
            rules=rules.name,
        ),
        stakes=stakes,
        source=Source(format="native"),
    )
    r = replay(record, rules)
    awards = []
    for result in r.settlement.results:
        for name, amount in result.shares:
            awards.append(Award(name, amount, pot=result.index, run=result.run, description=result.hand))
    returned = tuple(Returned(p.name, p.returned) for p in r.players if p.returned)
    owed = r.settlement.owed
    end = {p.name: p.start - p.total + owed.get(p.name, 0) for p in r.players}
    final = msgspec.structs.replace(
        record, awards=tuple(awards), returned=returned, total_pot=r.total_pot, pots=tuple(p.amount for p in r.pots)
    )
    return final, end


# ---- faults ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fault:
    """A planted error: which hand, what kind, and the code the audit must report."""

    hand_id: str
    kind: str
    code: Code
    detail: str


FAULT_KINDS: dict[str, Code] = {
    "award_shifted": Code.POT_AWARD_MISMATCH,
    "side_pot_to_ineligible": Code.SIDE_POT_ELIGIBILITY,
    "odd_chip_wrong": Code.ODD_CHIP_WRONG,
    "chips_vanish": Code.CHIPS_NOT_CONSERVED,
    "raise_below_minimum": Code.RAISE_BELOW_MINIMUM,
    "check_when_owing": Code.CHECK_WHEN_OWING,
    "out_of_turn": Code.ACTION_OUT_OF_TURN,
    "duplicate_card": Code.DUPLICATE_CARD,
    "card_not_in_deck": Code.CARD_NOT_IN_DECK,
    "uncalled_not_returned": Code.UNCALLED_BET_MISMATCH,
    "call_amount_wrong": Code.CALL_AMOUNT_WRONG,
}


def inject_faults(
    records: list[HandRecord], count: int, rules: RuleSet, *, seed: int = 0
) -> tuple[list[HandRecord], list[Fault]]:
    """Plant ``count`` faults in different hands, the kinds taken in turn; a kind that fits no
    hand of the night (an odd chip needs a split pot) gives its turn to the next kind."""
    rng = random.Random(seed)
    out = list(records)
    faults: list[Fault] = []
    used: set[int] = set()
    kinds = list(FAULT_KINDS)
    for slot in range(count):
        for step in range(len(kinds)):
            kind = kinds[(slot + step) % len(kinds)]
            candidates = [i for i in range(len(out)) if i not in used]
            rng.shuffle(candidates)
            planted = None
            for i in candidates[:400]:
                planted = _plant(kind, out[i], rules, rng)
                if planted is not None:
                    record, detail = planted
                    out[i] = record
                    used.add(i)
                    faults.append(Fault(record.hand_id, kind, FAULT_KINDS[kind], detail))
                    break
            if planted is not None:
                break
    return out, faults


def _plant(kind: str, r: HandRecord, rules: RuleSet, rng: random.Random) -> tuple[HandRecord, str] | None:
    replace = msgspec.structs.replace
    losers = [s.player for s in r.seats if s.player not in {a.player for a in r.awards}]
    if kind == "award_shifted" and r.awards and losers and len(r.awards) == 1:
        a = r.awards[0]
        taker = rng.choice(losers)
        return replace(r, awards=(replace(a, player=taker),)), f"{a.player}'s pot paid to {taker}"
    if kind == "chips_vanish" and r.awards and r.awards[0].amount > 1:
        a = r.awards[0]
        return replace(r, awards=(replace(a, amount=a.amount - 1), *r.awards[1:])), f"{a.player} paid 1 short"
    if kind == "side_pot_to_ineligible" and len(r.pots) >= 2:
        side = [a for a in r.awards if a.pot == 1]
        rep = replay(r, rules)
        ineligible = [p for p in rep.pots[0].eligible if p not in rep.pots[1].eligible]
        if side and ineligible:
            taker = ineligible[0]
            awards = tuple(replace(a, player=taker) if a.pot == 1 else a for a in r.awards)
            return replace(r, awards=awards), f"side pot 1 paid to {taker}"
    if kind == "odd_chip_wrong":
        by_pot: dict[tuple[int | None, int], list[Award]] = {}
        for a in r.awards:
            by_pot.setdefault((a.pot, a.run), []).append(a)
        for group in by_pot.values():
            if len(group) == 2 and group[0].amount == group[1].amount + 1:
                first, second = group
                swapped = {
                    id(first): replace(first, amount=first.amount - 1),
                    id(second): replace(second, amount=second.amount + 1),
                }
                awards = tuple(swapped.get(id(a), a) for a in r.awards)
                return replace(r, awards=awards), f"odd chip to {second.player} instead of {first.player}"
    if kind in ("raise_below_minimum", "check_when_owing", "call_amount_wrong", "out_of_turn"):
        return _plant_action(kind, r, rules)
    if kind == "duplicate_card" and r.shown and len(r.boards[0]) >= 3:
        card = r.shown[0].cards[0]
        board = (card, *r.boards[0][1:])
        return replace(r, boards=(board, *r.boards[1:])), f"board card set to {card}"
    if kind == "card_not_in_deck" and rules.deck == 36 and len(r.boards[0]) >= 3:
        board = ("5h", *r.boards[0][1:])
        return replace(r, boards=(board, *r.boards[1:])), "a 5 on the board"
    if kind == "uncalled_not_returned" and r.returned:
        return replace(r, returned=r.returned[1:]), f"{r.returned[0].player}'s uncalled bet not returned"
    return None


def _plant_action(kind: str, r: HandRecord, rules: RuleSet) -> tuple[HandRecord, str] | None:
    replace = msgspec.structs.replace
    actions = list(r.actions)
    for i, a in enumerate(actions):
        if kind == "raise_below_minimum" and a.kind is ActionKind.RAISE and not a.all_in:
            live: dict[str, int] = {}
            if a.street is Street.PREFLOP:
                for post in r.posts:
                    if post.kind.is_live:
                        live[post.player] = live.get(post.player, 0) + post.amount
            prev = max([b.to for b in actions[:i] if b.street is a.street] + list(live.values()) + [0])
            low = prev + 1
            if low < a.to:
                actions[i] = replace(a, to=low)
                return replace(r, actions=tuple(actions)), f"{a.player} raises to {low}"
        if kind == "check_when_owing" and a.kind is ActionKind.CALL:
            actions[i] = replace(a, kind=ActionKind.CHECK, to=0)
            return replace(r, actions=tuple(actions)), f"{a.player} checks instead of calling"
        if kind == "call_amount_wrong" and a.kind is ActionKind.CALL and not a.all_in and a.to > 1:
            actions[i] = replace(a, to=a.to - 1)
            return replace(r, actions=tuple(actions)), f"{a.player} calls one short"
        if (
            kind == "out_of_turn"
            and i + 1 < len(actions)
            and actions[i + 1].street is a.street
            and actions[i + 1].player != a.player
            and a.kind is ActionKind.FOLD
            and actions[i + 1].kind is ActionKind.FOLD
        ):
            actions[i], actions[i + 1] = actions[i + 1], actions[i]
            return replace(r, actions=tuple(actions)), f"{a.player} and {actions[i].player} swapped"
    return None


__all__ = ["FAULT_KINDS", "Category", "Fault", "default_stakes", "inject_faults", "simulate"]
