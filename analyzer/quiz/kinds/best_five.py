"""Best five: pick the five cards that play from seven (SD-BEST-FIVE).

Level 1: any deal. Level 2: seven cards that hold a straight and three of a kind, so the
ranking decides (SD-STRAIGHT-OVER-TRIPS / SD-TRIPS-OVER-STRAIGHT). Level 3: the board plays
or one hole card does, or the Ace plays low.

Where several fives are equally good (a straight with a pair in it), the question says so
and accepts any of them.
"""

from __future__ import annotations

import random
from itertools import combinations

from analyzer.cards import Card
from analyzer.evaluator import evaluate, strength_of
from analyzer.evaluator.categories import Category, Ranking
from analyzer.quiz.deal import LETTERS, PLAYERS, deck_for, has_flush, low_run, of_rank, take, windows
from analyzer.quiz.model import Answer, Choice, Form, Hand, Kind, Question
from analyzer.quiz.names import name_of
from analyzer.quiz.spec import EMPTY, Spec, gave_up, low_rule, retry
from analyzer.quiz.words import Cards, named, t


def best_sets(seven: tuple[Card, ...], ranking: Ranking) -> tuple[tuple[int, ...], ...]:
    """Every five (as positions in ``seven``) with the best strength."""
    scored = [(strength_of([seven[i].index for i in five], ranking), five) for five in combinations(range(7), 5)]
    top = max(s for s, _ in scored)
    return tuple(five for s, five in scored if s == top)


def generate(rng: random.Random, spec: Spec) -> tuple[Question, ...]:
    player = rng.choice(PLAYERS)
    for _ in retry("a best-five deal"):
        seven = _deal(rng, spec)
        if seven is None:
            continue
        hole, board = seven[:2], seven[2:]
        if spec.level == 3 and sum(1 for i in best_sets(seven, spec.ranking)[0] if i < 2) == 2:
            continue
        return (build(hole, board, spec, player=player),)
    raise gave_up("a best-five deal", spec)


def _deal(rng: random.Random, spec: Spec) -> tuple[Card, ...] | None:
    deck = deck_for(spec.ranking)
    if spec.level == 2:
        # a straight and three of a kind in the same seven cards: the ranking decides
        run = rng.choice(windows(spec.ranking))
        cards = [of_rank(rng, r) for r in run]
        trips = rng.choice(run)
        for _ in range(2):
            cards.append(of_rank(rng, trips, cards))
        if has_flush(cards):
            return None
        rng.shuffle(cards)
        return tuple(cards)
    if spec.level == 3 and rng.random() < 0.4:
        run = low_run(spec.ranking)
        cards = [of_rank(rng, r) for r in run]
        cards += take(rng, deck, 2, cards)
        rng.shuffle(cards)
        return tuple(cards)
    return take(rng, deck, 7)


def build(hole: tuple[Card, ...], board: tuple[Card, ...], spec: Spec, *, player: str) -> Question:
    """The question for these seven cards (own hands come through here too)."""
    seven = hole + board
    sets = best_sets(seven, spec.ranking)
    keys = [frozenset(LETTERS[i] for i in five) for five in sets]
    best = evaluate(tuple(seven[i] for i in sets[0]), spec.ranking)
    played = sum(1 for i in sets[0] if i < 2)
    note = EMPTY
    low = (
        best.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and best.cards[0].rank == low_run(spec.ranking)[0]
    )
    if len(sets) == 1 and played == 0:
        note = named("bf.note_board")
    elif low:
        note = named("bf.note_low")
    if note == EMPTY and _has_straight_and_trips(seven, spec.ranking):
        note = named("bf.note_" + spec.ranking.value)
    return Question(
        qid=spec.qid,
        kind=Kind.BEST_FIVE,
        level=spec.level,
        ranking=spec.ranking,
        prompt=t("bf.ask_any" if len(sets) > 1 else "bf.ask", player=player),
        form=Form.PICK,
        answer=Answer(keys[0]),
        explanation=t(
            "bf.explain_any" if len(sets) > 1 else "bf.explain",
            cards=Cards(best.cards),
            words=name_of(best).text(),
            note=note,
        ),
        choices=tuple(Choice(LETTERS[i], t("card", cards=Cards((c,))), c.text) for i, c in enumerate(seven)),
        board=board,
        hands=(Hand(player, hole),),
        rule_ids=_rules(seven, spec, low=low),
        origin=spec.origin,
        pick_count=5,
        also_right=tuple(keys[1:]),
    )


def _has_straight_and_trips(seven: tuple[Card, ...], ranking: Ranking) -> bool:
    from collections import Counter

    from analyzer.quiz.deal import has_straight

    return has_straight(seven, ranking) and max(Counter(c.rank for c in seven).values()) == 3


def _rules(seven: tuple[Card, ...], spec: Spec, *, low: bool) -> tuple[str, ...]:
    out = ["SD-BEST-FIVE"]
    if _has_straight_and_trips(seven, spec.ranking) and spec.is_short:
        out.append("SD-" + spec.ranking.value.upper())
    if low:
        out.append(low_rule(spec))
    return tuple(out)
