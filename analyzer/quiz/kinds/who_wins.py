"""Who wins: two to four hands and a board, under the rule set's ranking.

Level 1: two players, different kinds of hand. Level 2: three or four players; the kickers
and ties (SD-KICKERS, SD-TIE). Level 3: a flush against a full house (SD-FLUSH-OVER-FULL),
or three of a kind against a straight, asked twice: under both short-deck rankings
(SD-STRAIGHT-OVER-TRIPS, SD-TRIPS-OVER-STRAIGHT).
"""

from __future__ import annotations

import random
from dataclasses import replace

from analyzer.cards import Card
from analyzer.evaluator import HandValue, evaluate
from analyzer.evaluator.categories import Category, Ranking
from analyzer.quiz.deal import LETTERS, PLAYERS, deck_for, has_flush, lowest_rank, of_rank, take, windows
from analyzer.quiz.model import Answer, Form, Hand, Kind, Question
from analyzer.quiz.names import category_text, name_of
from analyzer.quiz.spec import EMPTY, Spec, gave_up, name_choice, retry
from analyzer.quiz.words import WORDS, Cards, Join, Msg, named, t

C = Category
OTHER = {
    Ranking.STRAIGHT_OVER_TRIPS: Ranking.TRIPS_OVER_STRAIGHT,
    Ranking.TRIPS_OVER_STRAIGHT: Ranking.STRAIGHT_OVER_TRIPS,
}


def generate(rng: random.Random, spec: Spec) -> tuple[Question, ...]:
    if spec.level == 1:
        return (_random(rng, spec, players=2, distinct=True),)
    if spec.level == 2:
        return (_random(rng, spec, players=rng.choice((3, 4)), distinct=False),)
    if rng.random() < 0.5:
        return (_flush_full(rng, spec),)
    return _trips_straight(rng, spec)


def _random(rng: random.Random, spec: Spec, *, players: int, distinct: bool) -> Question:
    names = _seats(rng, players)
    for _ in retry("a showdown"):
        cards = take(rng, deck_for(spec.ranking), 5 + 2 * players)
        board = cards[:5]
        hands = tuple(Hand(n, cards[5 + 2 * i : 7 + 2 * i]) for i, n in enumerate(names))
        values = [evaluate(h.cards + board, spec.ranking) for h in hands]
        if distinct and len({v.category for v in values}) < players:
            continue
        return build(hands, board, spec)
    raise gave_up("a showdown", spec)


def _seats(rng: random.Random, players: int) -> list[str]:
    start = rng.randrange(len(PLAYERS))
    return [PLAYERS[(start + i) % len(PLAYERS)] for i in range(players)]


def _flush_full(rng: random.Random, spec: Spec) -> Question:
    """A board with three of a suit and a pair: one player's flush, another's full house."""
    names = _seats(rng, 2)
    for _ in retry("a flush against a full house"):
        ranks = rng.sample(range(lowest_rank(spec.ranking), 15), 6)
        pair, a, b, c, x, y = ranks
        suit = rng.randrange(4)
        others = [s for s in range(4) if s != suit]
        board = [Card(pair, suit), Card(pair, others[0]), Card(a, suit), Card(b, suit), Card(c, rng.choice(others))]
        flush = (Card(x, suit), Card(y, suit))
        third = Card(pair, others[1])
        full = (third, Card(a, rng.choice(others)))
        rng.shuffle(board)
        hands = [Hand(names[0], flush), Hand(names[1], full)]
        rng.shuffle(hands)
        values = {h.player: evaluate(h.cards + tuple(board), spec.ranking).category for h in hands}
        if sorted(values.values()) != sorted((C.FLUSH, C.FULL_HOUSE)):
            continue
        return build(tuple(hands), tuple(board), spec, note=_flush_note(spec))
    raise gave_up("a flush against a full house", spec)


def _flush_note(spec: Spec) -> Msg:
    return named("ww.note_flush_full" if spec.is_short else "ww.note_full_flush")


def _trips_straight(rng: random.Random, spec: Spec) -> tuple[Question, ...]:
    """Three of a kind against a straight; in short deck the same hand under both rankings."""
    names = _seats(rng, 2)
    for _ in retry("three of a kind against a straight"):
        run = rng.choice(windows(spec.ranking))
        on_board = rng.sample(run, 3)
        drawn = tuple(r for r in run if r not in on_board)
        extra_ranks = [r for r in range(lowest_rank(spec.ranking), 15) if r not in run]
        board = [of_rank(rng, r) for r in on_board]
        for r in rng.sample(extra_ranks, 2):
            board.append(of_rank(rng, r, board))
        straight = tuple(of_rank(rng, r, board) for r in drawn)
        set_rank = rng.choice([c.rank for c in board])
        pocket: list[Card] = []
        for _ in range(2):
            pocket.append(of_rank(rng, set_rank, [*board, *straight, *pocket]))
        if any(has_flush((*h, *board)) for h in (straight, pocket)):
            continue
        rng.shuffle(board)
        hands = [Hand(names[0], straight), Hand(names[1], tuple(pocket))]
        rng.shuffle(hands)
        values = [evaluate(h.cards + tuple(board), spec.ranking).category for h in hands]
        if sorted(values) != sorted((C.STRAIGHT, C.THREE_OF_A_KIND)):
            continue
        first = build(tuple(hands), tuple(board), spec, note=_trips_note(spec.ranking))
        if not spec.is_short:
            return (first,)
        other = replace(spec, rules=replace(spec.rules, cards=replace(spec.rules.cards, ranking=OTHER[spec.ranking])))
        second = build(
            tuple(hands), tuple(board), replace(other, qid=spec.qid + "/twin"), note=_trips_note(other.ranking)
        )
        return (first, second)
    raise gave_up("three of a kind against a straight", spec)


def _trips_note(ranking: Ranking) -> Msg:
    return named("ww.note_" + ranking.value)


def build(hands: tuple[Hand, ...], board: tuple[Card, ...], spec: Spec, *, note: Msg = EMPTY) -> Question:
    """The question for these hands and board (own hands come through here too)."""
    values = [evaluate(h.cards + board, spec.ranking) for h in hands]
    top = max(v.strength for v in values)
    winners = tuple(h.player for h, v in zip(hands, values) if v.strength == top)
    keys = frozenset(LETTERS[i] for i, v in enumerate(values) if v.strength == top)
    if note == EMPTY:
        note = _note(values, top, spec)
    lines = tuple(
        t("ww.line", player=h.player, words=name_of(v).text(), cards=Cards(v.cards)) for h, v in zip(hands, values)
    )
    verdict = t("ww.split" if len(winners) > 1 else "ww.wins", winners=Join(winners, "and"))
    rules = ["SD-BEST-FIVE" if spec.is_short else "HE-RANKING", "SD-CATEGORY"]
    if len(winners) > 1:
        rules.append("SD-TIE")
    if note.id == WORDS["ww.note_kickers"]:
        rules.append("SD-KICKERS")
    if note.id == WORDS["ww.note_flush_full"] and spec.is_short:
        rules.append("SD-FLUSH-OVER-FULL")
    if spec.is_short and note.id in (WORDS["ww.note_straight-over-trips"], WORDS["ww.note_trips-over-straight"]):
        rules.append("SD-" + spec.ranking.value.upper())
    return Question(
        qid=spec.qid,
        kind=Kind.WHO_WINS,
        level=spec.level,
        ranking=spec.ranking,
        prompt=t("ww.ask", ranking=named("ranking." + spec.ranking.value)),
        form=Form.PICK,
        answer=Answer(keys),
        explanation=t("ww.explain", lines=Join(lines, "lines"), verdict=verdict, note=note),
        choices=tuple(name_choice(LETTERS[i], h.player) for i, h in enumerate(hands)),
        board=board,
        hands=hands,
        rule_ids=tuple(rules),
        origin=spec.origin,
    )


def _note(values: list[HandValue], top: int, spec: Spec) -> Msg:
    """What decided it: a flush against a full house, trips against a straight, or the kickers."""
    best = [v for v in values if v.strength == top]
    rest = [v for v in values if v.strength != top]
    if not rest:
        return EMPTY
    pair = {best[0].category, max(rest).category}
    if pair == {C.FLUSH, C.FULL_HOUSE}:
        return _flush_note(spec)
    if pair == {C.STRAIGHT, C.THREE_OF_A_KIND}:
        return _trips_note(spec.ranking)
    if len(pair) == 1:
        return t("ww.note_kickers", category=category_text(best[0].category))
    return EMPTY
