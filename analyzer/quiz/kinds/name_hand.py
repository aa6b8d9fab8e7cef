"""Name the hand: the category and its rank words ("Full house, eights over kings").

Level 1: five cards of a category picked at random. Level 2: seven cards. Level 3: seven
cards with a trap: the Ace playing low (SD-LOW-STRAIGHT), three of a kind inside a
straight (the ranking decides), three pairs, two sets of three.
Four choices; one is the evaluator's words, the others are different words.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from analyzer.cards import Card
from analyzer.evaluator import evaluate
from analyzer.evaluator.categories import ORDER, Category
from analyzer.quiz.deal import (
    LETTERS,
    PLAYERS,
    deck_for,
    deck_ranks,
    has_flush,
    low_run,
    of_rank,
    straight_tops,
    take,
    windows,
)
from analyzer.quiz.model import Answer, Choice, Form, Hand, Kind, Question
from analyzer.quiz.names import HandName, name_of
from analyzer.quiz.spec import EMPTY, Spec, gave_up, low_rule, retry
from analyzer.quiz.words import Cards, named, t

C = Category


def generate(rng: random.Random, spec: Spec) -> tuple[Question, ...]:
    player = rng.choice(PLAYERS)
    for _ in retry("a hand to name"):
        if spec.level == 1:
            cards = _five(rng, rng.choice(ORDER[spec.ranking]), spec)
        elif spec.level == 2:
            five = _five(rng, rng.choice(ORDER[spec.ranking]), spec)
            cards = None if five is None else five + list(take(rng, deck_for(spec.ranking), 2, five))
        else:
            cards = rng.choice(_TRAPS)(rng, spec)
        if cards is None:
            continue
        rng.shuffle(cards)
        return (build(tuple(cards), spec, rng=rng, player=player),)
    raise gave_up("a hand to name", spec)


def _suited(rng: random.Random, ranks: list[int], suit: int | None) -> list[Card]:
    out: list[Card] = []
    for r in ranks:
        out.append(Card(r, suit) if suit is not None else of_rank(rng, r, out))
    return out


def _five(rng: random.Random, category: Category, spec: Spec) -> list[Card] | None:
    """Five cards of a category (None when the draw missed; the caller tries again)."""
    ranks = list(deck_ranks(spec.ranking))
    picks = rng.sample(ranks, 5)
    suit: int | None = None
    if category in (C.STRAIGHT, C.STRAIGHT_FLUSH):
        picks = list(rng.choice(windows(spec.ranking)))
    elif category is C.ONE_PAIR:
        picks = [picks[0], *picks[:4]]
    elif category is C.TWO_PAIR:
        picks = [picks[0], picks[0], picks[1], picks[1], picks[2]]
    elif category is C.THREE_OF_A_KIND:
        picks = [picks[0]] * 3 + picks[1:3]
    elif category is C.FULL_HOUSE:
        picks = [picks[0]] * 3 + [picks[1]] * 2
    elif category is C.FOUR_OF_A_KIND:
        picks = [picks[0]] * 4 + [picks[1]]
    if category in (C.FLUSH, C.STRAIGHT_FLUSH):
        suit = rng.randrange(4)
    cards = _suited(rng, picks, suit)
    if suit is None and has_flush(cards):
        return None
    return cards if evaluate(cards, spec.ranking).category is category else None


def _low_straight(rng: random.Random, spec: Spec) -> list[Card] | None:
    run = low_run(spec.ranking)
    cards = _suited(rng, list(run), None)
    cards += take(rng, deck_for(spec.ranking), 2, cards)
    return None if has_flush(cards) else cards


def _trips_in_straight(rng: random.Random, spec: Spec) -> list[Card] | None:
    run = rng.choice(windows(spec.ranking))
    cards = _suited(rng, list(run), None)
    trips = rng.choice(run)
    cards += [of_rank(rng, trips, cards)]
    cards += [of_rank(rng, trips, cards)]
    return None if has_flush(cards) else cards


def _three_pairs(rng: random.Random, spec: Spec) -> list[Card] | None:
    a, b, c, d = rng.sample(deck_ranks(spec.ranking), 4)
    cards = _suited(rng, [a, a, b, b, c, c, d], None)
    return None if straight_tops((x.rank for x in cards), spec.ranking) else cards


def _two_sets(rng: random.Random, spec: Spec) -> list[Card] | None:
    a, b, c = rng.sample(deck_ranks(spec.ranking), 3)
    return _suited(rng, [a, a, a, b, b, b, c], None)


_TRAPS: tuple[Callable[[random.Random, Spec], list[Card] | None], ...] = (
    _low_straight,
    _trips_in_straight,
    _three_pairs,
    _two_sets,
)


def distractors(cards: tuple[Card, ...], right: HandName, spec: Spec) -> list[HandName]:
    """Wrong names a beginner might give these cards, every one different from the right one."""
    counts = Counter(c.rank for c in cards)
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    ranks = sorted(counts, reverse=True)
    hi, most = ranks[0], by_count[0]
    second = next((r for r in by_count if r != most), hi)
    third = next((r for r in ranks if r not in (most, second)), second)
    low_top = low_run(spec.ranking)[0]
    out = [
        HandName(C.HIGH_CARD, (hi,)),
        HandName(C.ONE_PAIR, (most,)),
        HandName(C.TWO_PAIR, tuple(sorted((most, second), reverse=True))),
        HandName(C.TWO_PAIR, tuple(sorted((second, third), reverse=True))),
        HandName(C.THREE_OF_A_KIND, (most,)),
        HandName(C.THREE_OF_A_KIND, (second,)),
        HandName(C.STRAIGHT, (hi,)),
        HandName(C.FLUSH, (hi,)),
        HandName(C.FULL_HOUSE, (most, second)),
        HandName(C.FULL_HOUSE, (second, most)),
        HandName(C.FOUR_OF_A_KIND, (most,)),
    ]
    if right.category in (C.STRAIGHT, C.STRAIGHT_FLUSH):
        top = right.ranks[0]
        others = {14, top + 1, top - 1} if top != low_top else {14, top + 1}
        out += [HandName(right.category, (r,)) for r in others if low_top <= r <= 14]
    if right.category is C.FLUSH and len(ranks) > 1:
        out.append(HandName(C.FLUSH, (ranks[1],)))
    seen: set[HandName] = {right}
    unique = []
    for name in out:
        valid = name.category not in (C.TWO_PAIR, C.FULL_HOUSE) or name.ranks[0] != name.ranks[1]
        if name.category in (C.STRAIGHT, C.STRAIGHT_FLUSH):
            valid = name.ranks[0] >= low_top
        if valid and name not in seen:
            seen.add(name)
            unique.append(name)
    return unique


def build(cards: tuple[Card, ...], spec: Spec, *, rng: random.Random, player: str) -> Question:
    """The question for these cards (own hands come through here too)."""
    value = evaluate(cards, spec.ranking)
    right = name_of(value)
    pool = distractors(cards, right, spec)
    near = [n for n in pool if n.category is right.category]
    picks = rng.sample(near, min(1, len(near)))
    picks += rng.sample([n for n in pool if n not in picks], 3 - len(picks))
    names = [right, *picks]
    rng.shuffle(names)
    choices = tuple(Choice(LETTERS[i], n.text(), n.category.value) for i, n in enumerate(names))
    note = EMPTY
    rules = ["SD-CATEGORY" if spec.is_short else "HE-RANKING", "SD-BEST-FIVE"]
    if right.category in (C.STRAIGHT, C.STRAIGHT_FLUSH) and right.ranks[0] == low_run(spec.ranking)[0]:
        note = t("nh.note_low", low=Cards(value.cards))
        rules.append(low_rule(spec))
    elif straight_tops((c.rank for c in cards), spec.ranking) and max(Counter(c.rank for c in cards).values()) == 3:
        note = named("ww.note_" + spec.ranking.value)
        if spec.is_short:
            rules.append("SD-" + spec.ranking.value.upper())
    return Question(
        qid=spec.qid,
        kind=Kind.NAME_HAND,
        level=spec.level,
        ranking=spec.ranking,
        prompt=t("nh.ask", player=player),
        form=Form.CHOICE,
        answer=Answer(frozenset({LETTERS[names.index(right)]})),
        explanation=t("nh.explain", words=right.text(), cards=Cards(value.cards), note=note),
        choices=choices,
        hands=(Hand(player, cards),),
        rule_ids=tuple(rules),
        origin=spec.origin,
    )
