"""Count the outs on the flop and the turn, and the exact chance to hit.

An out is an unseen card that gives the player the hand they draw to. "Unseen" is what
the player cannot see: the deck less their two cards, the board, and any cards shown.
Chances are exact: outs over unseen cards for one card; for two cards (flop to river),
every pair of turn and river cards is counted.

Level 1: the flop, a straight or flush draw: how many outs? Level 2: the turn: the outs,
or the chance on the river. Level 3: against a hand shown face up: how many river cards
win (a tie does not count), or the chance by the river from the flop.
In short deck a suit has 9 cards, so a flush draw has 5 outs, not 9 (SD-DECK).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from analyzer.cards import Card
from analyzer.evaluator import strength_of
from analyzer.quiz.deal import (
    PLAYERS,
    deck_for,
    deck_ranks,
    has_flush,
    has_straight,
    low_run,
    of_rank,
    take,
    unseen,
    windows,
)
from analyzer.quiz.model import Answer, Choice, Form, Hand, Kind, Question
from analyzer.quiz.spec import EMPTY, Spec, gave_up, low_rule, retry
from analyzer.quiz.words import Cards, Msg, Percent, Run, named, t

TARGETS: dict[str, Callable[[list[Card], Spec], bool]] = {
    "straight": lambda cards, spec: has_straight(cards, spec.ranking),
    "flush": lambda cards, spec: has_flush(cards),
}


def generate(rng: random.Random, spec: Spec) -> tuple[Question, ...]:
    player = rng.choice(PLAYERS)
    target = rng.choice(tuple(TARGETS))
    variant = rng.random() < 0.5
    if spec.level == 1:
        return (_count(rng, spec, player, target, known=5),)
    if spec.level == 2:
        return (_chance_next(rng, spec, player, target) if variant else _count(rng, spec, player, target, known=6),)
    return (_chance_by_river(rng, spec, player, target) if variant else _win(rng, spec, player, target),)


def _draw(rng: random.Random, spec: Spec, target: str, known: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Hole cards and a board (flop or turn) with a draw to the target, not made yet."""
    deck = deck_for(spec.ranking)
    for _ in retry("a draw"):
        if target == "straight":
            run = low_run(spec.ranking) if rng.random() < 0.4 else rng.choice(windows(spec.ranking))
            core = [of_rank(rng, r) for r in rng.sample(run, 4)]
            wanted = set(run)
        else:
            suit = rng.randrange(4)
            core = [Card(r, suit) for r in rng.sample(deck_ranks(spec.ranking), 4)]
            wanted = {c.rank for c in core}
        rest = [c for c in deck if c not in core and (target == "straight" or c.suit != core[0].suit)]
        cards = core + rng.sample(rest, known - len(core))
        rng.shuffle(cards)
        hole = tuple(cards[:2])
        if TARGETS["straight"](cards, spec) or TARGETS["flush"](cards, spec):
            continue
        if not any(c in core and c.rank in wanted for c in hole):
            continue  # the draw must use one of the player's own cards
        return hole, tuple(cards[2:])
    raise gave_up("a draw", spec)


def outs_of(cards: tuple[Card, ...], pool: tuple[Card, ...], target: str, spec: Spec) -> tuple[Card, ...]:
    """The cards of ``pool`` that give ``cards`` the target."""
    test = TARGETS[target]
    return tuple(c for c in pool if test([*cards, c], spec))


def _makes_low(cards: tuple[Card, ...], spec: Spec) -> bool:
    """Could one more card give these cards the low straight (A-6-7-8-9)?"""
    return len(set(low_run(spec.ranking)) - {c.rank for c in cards}) <= 1


def _note(target: str, spec: Spec, outs: tuple[Card, ...], cards: tuple[Card, ...]) -> Msg:
    if target == "flush":
        return named("ou.note_flush36" if spec.is_short else "ou.note_flush52")
    low = set(low_run(spec.ranking))
    if any(low <= {c.rank for c in (*cards, out)} for out in outs):
        return t("ou.note_low", low=Run(low_run(spec.ranking)))
    return EMPTY


def _question(
    spec: Spec,
    hands: tuple[Hand, ...],
    board: tuple[Card, ...],
    target: str,
    *,
    prompt: Msg,
    form: Form,
    answer: Answer,
    explanation: Msg,
    choices: tuple[Choice, ...] = (),
) -> Question:
    rules = ["SD-DECK" if spec.is_short else "HE-DECK"]
    if target == "straight" and _makes_low(hands[0].cards + board, spec):
        rules.append(low_rule(spec))
    if len(hands) > 1:
        rules.append("SD-BEST-FIVE")
    return Question(
        qid=spec.qid,
        kind=Kind.OUTS,
        level=spec.level,
        ranking=spec.ranking,
        prompt=prompt,
        form=form,
        answer=answer,
        explanation=explanation,
        choices=choices,
        board=board,
        hands=hands,
        rule_ids=tuple(dict.fromkeys(rules)),
        origin=spec.origin,
    )


def _count(rng: random.Random, spec: Spec, player: str, target: str, *, known: int) -> Question:
    hole, board = _draw(rng, spec, target, known)
    pool = unseen(spec.ranking, hole + board)
    outs = outs_of(hole + board, pool, target, spec)
    return _question(
        spec,
        (Hand(player, hole),),
        board,
        target,
        prompt=t("ou.ask_flop" if known == 5 else "ou.ask_turn", player=player, target=named("target." + target)),
        form=Form.NUMBER,
        answer=Answer(numbers=(len(outs),)),
        explanation=_explain_outs(outs, pool, hole + board, target, spec),
    )


def _explain_outs(
    outs: tuple[Card, ...], pool: tuple[Card, ...], seen: tuple[Card, ...], target: str, spec: Spec
) -> Msg:
    return t(
        "ou.explain_outs",
        n=len(outs),
        outs=Cards(outs),
        seen=len(seen),
        unseen=len(pool),
        pct=Percent(len(outs), len(pool)),
        note=_note(target, spec, outs, seen),
    )


def chance_choices(rng: random.Random, exact: Percent, wrong: list[Percent]) -> tuple[tuple[Choice, ...], str]:
    """Four chances: the exact one and three wrong ones at least a point apart; returns the right key."""
    picked = [exact]
    offsets = [Percent(max(1, round(exact.value * 10) + d), 1000) for d in (-100, 100, -50, 50, 150, -150, 200)]
    for p in [*wrong, *offsets]:
        if 0 < p.value <= 100 and all(abs(p.value - q.value) >= 1.0 for q in picked):
            picked.append(p)
        if len(picked) == 4:
            break
    order = picked[:]
    rng.shuffle(order)
    letters = "abcd"
    choices = tuple(Choice(letters[i], t("pct", p=p), f"{p.num}/{p.den}") for i, p in enumerate(order))
    return choices, letters[order.index(exact)]


def _chance_next(rng: random.Random, spec: Spec, player: str, target: str) -> Question:
    hole, board = _draw(rng, spec, target, 6)
    pool = unseen(spec.ranking, hole + board)
    outs = outs_of(hole + board, pool, target, spec)
    n, total = len(outs), len(pool)
    exact = Percent(n, total)
    wrong = [Percent(n, total + 16 if spec.is_short else total - 16), Percent(2 * n, 100), Percent(n, 2 * total)]
    if target == "flush":
        wrong.insert(0, Percent(n + 4 if spec.is_short else n - 4, total))
    choices, key = chance_choices(rng, exact, wrong)
    return _question(
        spec,
        (Hand(player, hole),),
        board,
        target,
        prompt=t("ou.ask_chance_river", player=player, target=named("target." + target)),
        form=Form.CHOICE,
        answer=Answer(frozenset({key})),
        explanation=_explain_outs(outs, pool, hole + board, target, spec),
        choices=choices,
    )


def hits_by_river(cards: tuple[Card, ...], pool: tuple[Card, ...], target: str, spec: Spec) -> int:
    """Pairs of turn and river cards from ``pool`` that give the target."""
    test = TARGETS[target]
    return sum(1 for a, b in combinations(pool, 2) if test([*cards, a, b], spec))


def _chance_by_river(rng: random.Random, spec: Spec, player: str, target: str) -> Question:
    hole, board = _draw(rng, spec, target, 5)
    pool = unseen(spec.ranking, hole + board)
    outs = outs_of(hole + board, pool, target, spec)
    pairs = len(pool) * (len(pool) - 1) // 2
    hits = hits_by_river(hole + board, pool, target, spec)
    exact = Percent(hits, pairs)
    n = len(outs)
    choices, key = chance_choices(
        rng, exact, [Percent(n, len(pool)), Percent(4 * n, 100), Percent(2 * n, len(pool) + 16), Percent(2 * n, 100)]
    )
    return _question(
        spec,
        (Hand(player, hole),),
        board,
        target,
        prompt=t("ou.ask_chance_by_river", player=player, target=named("target." + target)),
        form=Form.CHOICE,
        answer=Answer(frozenset({key})),
        explanation=t(
            "ou.explain_by_river",
            n=n,
            target=named("target." + target),
            unseen=len(pool),
            pairs=pairs,
            hits=hits,
            pct=exact,
            note=_note(target, spec, outs, hole + board),
        ),
        choices=choices,
    )


def winning_rivers(
    hole: tuple[Card, ...], other: tuple[Card, ...], board: tuple[Card, ...], pool: tuple[Card, ...], spec: Spec
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The river cards after which ``hole`` beats ``other``, and those that tie."""
    wins, ties = [], []
    for c in pool:
        mine = strength_of([x.index for x in (*hole, *board, c)], spec.ranking)
        theirs = strength_of([x.index for x in (*other, *board, c)], spec.ranking)
        if mine > theirs:
            wins.append(c)
        elif mine == theirs:
            ties.append(c)
    return tuple(wins), tuple(ties)


def _win(rng: random.Random, spec: Spec, player: str, target: str) -> Question:
    opponent = next(p for p in PLAYERS if p != player)
    for _ in retry("a drawing hand behind"):
        hole, board = _draw(rng, spec, target, 6)
        other = take(rng, deck_for(spec.ranking), 2, hole + board)
        now_mine = strength_of([x.index for x in (*hole, *board)], spec.ranking)
        now_theirs = strength_of([x.index for x in (*other, *board)], spec.ranking)
        if now_theirs <= now_mine:
            continue
        pool = unseen(spec.ranking, hole + board + other)
        wins, ties = winning_rivers(hole, other, board, pool, spec)
        if not wins:
            continue
        return _question(
            spec,
            (Hand(player, hole), Hand(opponent, other)),
            board,
            target,
            prompt=t("ou.ask_win", player=player, opponent=opponent),
            form=Form.NUMBER,
            answer=Answer(numbers=(len(wins),)),
            explanation=t(
                "ou.explain_win",
                n=len(wins),
                player=player,
                outs=Cards(wins),
                unseen=len(pool),
                pct=Percent(len(wins), len(pool)),
                ties=t("ou.ties", n=len(ties), cards=Cards(ties)) if ties else EMPTY,
            ),
        )
    raise gave_up("a drawing hand behind", spec)
