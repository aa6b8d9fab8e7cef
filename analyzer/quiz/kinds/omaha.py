"""Omaha: the best high hand uses exactly two hole cards (OM-TWO-PLUS-THREE); the low of a
hi/lo pot qualifies with five different ranks of eight or lower (OM-HILO-SPLIT).

``omaha-high`` -- pick the five cards that play: exactly two of the player's and three of the
board. Level 1: any deal. Level 2: a trap board with four cards of a suit (one of that suit in
the hand is no flush). Level 3: a board that makes a straight or a flush alone (the board
never plays alone in Omaha).

``omaha-low`` (hi/lo rule sets) -- level 1: does the player have a low, eight or better?
Levels 2 and 3: which is the player's best low (level 3: the hand's low cards are
counterfeited by the board, or none may qualify).

Every answer comes from the Omaha evaluator (:func:`analyzer.evaluator.omaha.best_high_cards`,
:func:`analyzer.evaluator.lowball.omaha_low`); the property tests recompute them with the
slow reference (:mod:`analyzer.evaluator.omaha_reference`).
"""

from __future__ import annotations

import random
from itertools import combinations

from analyzer.cards import Card
from analyzer.evaluator import evaluate, strength_of
from analyzer.evaluator.lowball import low_of_five, low_rank, low_ranks, omaha_low
from analyzer.evaluator.omaha import best_high_cards
from analyzer.quiz.deal import LETTERS, PLAYERS, deck_for, of_rank, take
from analyzer.quiz.model import Answer, Choice, Form, Hand, Kind, Question
from analyzer.quiz.names import name_of
from analyzer.quiz.spec import EMPTY, Spec, gave_up, retry
from analyzer.quiz.words import Cards, Msg, Run, named, t

YES, NO = "a", "b"
NO_LOW = "n"


# ---- best high hand --------------------------------------------------------------------


def omaha_fives(hole: tuple[Card, ...], board: tuple[Card, ...]) -> list[tuple[int, ...]]:
    """Every legal five as positions in ``hole + board``: two of the hole, three of the board."""
    h = len(hole)
    return [two + three for two in combinations(range(h), 2) for three in combinations(range(h, h + len(board)), 3)]


def best_high_sets(hole: tuple[Card, ...], board: tuple[Card, ...], spec: Spec) -> tuple[tuple[int, ...], ...]:
    """Every legal five (positions) as strong as the evaluator's best Omaha high hand."""
    best, _ = best_high_cards([c.index for c in hole], [c.index for c in board], spec.ranking)
    cards = hole + board
    return tuple(
        five for five in omaha_fives(hole, board) if strength_of([cards[i].index for i in five], spec.ranking) == best
    )


def generate_high(rng: random.Random, spec: Spec) -> tuple[Question, ...]:
    player = rng.choice(PLAYERS)
    for _ in retry("an Omaha high deal"):
        dealt = _deal_high(rng, spec)
        if dealt is None:
            continue
        hole, board = dealt
        return (build_high(hole, board, spec, player=player),)
    raise gave_up("an Omaha high deal", spec)


def _deal_high(rng: random.Random, spec: Spec) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    deck = deck_for(spec.ranking)
    n = spec.rules.hole_cards
    if spec.level == 1:
        cards = take(rng, deck, n + 5)
        return cards[:n], cards[n:]
    if spec.level == 2:
        suit = rng.randrange(4)
        suited = [c for c in deck if c.suit == suit]
        board = list(rng.sample(suited, 4))
        one = rng.choice([c for c in suited if c not in board])
        rest = take(rng, [c for c in deck if c.suit != suit], n)
        hole = [one, *rest[: n - 1]]
        board.append(rest[n - 1])
        rng.shuffle(hole)
        rng.shuffle(board)
        return tuple(hole), tuple(board)
    # level 3: the board alone is a straight or a flush, which never plays alone
    if rng.random() < 0.5:
        top = rng.randrange(6, 15)
        run = [top - i for i in range(5)] if top > 5 else [5, 4, 3, 2, 14]
        board_l: list[Card] = []
        for r in run:
            board_l.append(of_rank(rng, r, board_l))
        if len({c.suit for c in board_l}) == 1:
            return None
    else:
        suit = rng.randrange(4)
        board_l = list(rng.sample([c for c in deck if c.suit == suit], 5))
        if _is_run(board_l):
            return None
    hole_l = list(take(rng, deck, n, board_l))
    rng.shuffle(board_l)
    return tuple(hole_l), tuple(board_l)


def _is_run(cards: list[Card]) -> bool:
    ranks = sorted({c.rank for c in cards})
    return len(ranks) == 5 and (ranks[-1] - ranks[0] == 4 or ranks == [2, 3, 4, 5, 14])


def _any_five_best(cards: tuple[Card, ...], spec: Spec) -> int:
    """The best five of all the cards, as if any five could play (Hold'em's way)."""
    return max(strength_of([c.index for c in five], spec.ranking) for five in combinations(cards, 5))


def build_high(hole: tuple[Card, ...], board: tuple[Card, ...], spec: Spec, *, player: str) -> Question:
    """The question for an Omaha hand and a five-card board."""
    cards = hole + board
    sets = best_high_sets(hole, board, spec)
    keys = [frozenset(LETTERS[i] for i in five) for five in sets]
    best = evaluate(tuple(cards[i] for i in sets[0]), spec.ranking)
    note = EMPTY
    loose = _any_five_best(cards, spec)
    if loose > best.strength:
        loose_value = max((evaluate(five, spec.ranking) for five in combinations(cards, 5)), key=lambda v: v.strength)
        note = t("om.note_two", words=name_of(loose_value).text())
    h = len(hole)
    return Question(
        qid=spec.qid,
        kind=Kind.OMAHA_HIGH,
        level=spec.level,
        ranking=spec.ranking,
        prompt=t("om.ask_any" if len(sets) > 1 else "om.ask", player=player),
        form=Form.PICK,
        answer=Answer(keys[0]),
        explanation=t(
            "om.explain_any" if len(sets) > 1 else "om.explain",
            cards=Cards(best.cards),
            words=name_of(best).text(),
            hole=Cards(tuple(cards[i] for i in sets[0] if i < h)),
            board=Cards(tuple(cards[i] for i in sets[0] if i >= h)),
            note=note,
        ),
        choices=tuple(Choice(LETTERS[i], t("card", cards=Cards((c,))), c.text) for i, c in enumerate(cards)),
        board=board,
        hands=(Hand(player, hole),),
        rule_ids=("OM-TWO-PLUS-THREE",),
        origin=spec.origin,
        pick_count=5,
        also_right=tuple(keys[1:]),
    )


# ---- the low -----------------------------------------------------------------------------


def _low_ranks_of(cards: tuple[Card, ...], qualifier: int) -> set[int]:
    return {r for r in (low_rank(c.index) for c in cards) if r <= qualifier}


def _key_run(key: int) -> Run:
    """A low key as a run of ranks (ace as 14, so it is written A)."""
    return Run(tuple(14 if r == 1 else r for r in low_ranks(key)))


def best_low(hole: tuple[Card, ...], board: tuple[Card, ...], qualifier: int) -> int | None:
    return omaha_low([c.index for c in hole], [c.index for c in board], qualifier)


def generate_low(rng: random.Random, spec: Spec) -> tuple[Question, ...]:
    player = rng.choice(PLAYERS)
    q = spec.rules.showdown.low_qualifier
    want_low = rng.random() < 0.5
    for _ in retry("an Omaha low deal"):
        hole, board = _deal_low(rng, spec, q)
        low = best_low(hole, board, q)
        if spec.level == 1 and (low is not None) != want_low:
            continue
        if spec.level == 2 and low is None:
            continue
        if spec.level == 3 and not (_counterfeited(hole, board, q) or (low is None and not want_low)):
            continue
        if spec.level == 1:
            return (build_qualifies(hole, board, spec, player=player),)
        question = build_best_low(hole, board, spec, player=player)
        if len(question.choices) >= 3:  # the right low, "no low", and at least one wrong low
            return (question,)
    raise gave_up("an Omaha low deal", spec)


def _deal_low(rng: random.Random, spec: Spec, q: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A deal rich in low cards: the board has two to four of them, the hand one to four."""
    deck = deck_for(spec.ranking)
    lows = [c for c in deck if low_rank(c.index) <= q]
    highs = [c for c in deck if low_rank(c.index) > q]
    n = spec.rules.hole_cards
    on_board = rng.randint(2, 4)
    in_hand = rng.randint(1, min(4, n))
    board = list(rng.sample(lows, on_board)) + list(take(rng, highs, 5 - on_board))
    hole = list(take(rng, lows, in_hand, board)) + list(take(rng, highs, n - in_hand, board))
    rng.shuffle(board)
    rng.shuffle(hole)
    return tuple(hole), tuple(board)


def _counterfeited(hole: tuple[Card, ...], board: tuple[Card, ...], q: int) -> bool:
    """A low card of the hand that pairs a low card of the board (it cannot play twice)."""
    return bool(_low_ranks_of(hole, q) & _low_ranks_of(board, q))


def _why_no_low(hole: tuple[Card, ...], board: tuple[Card, ...], q: int) -> Msg:
    on_board = len(_low_ranks_of(board, q))
    if on_board < 3:
        return t("ol.no_board", n=on_board, q=q)
    in_hand = len(_low_ranks_of(hole, q))
    if in_hand < 2:
        return t("ol.no_hand", q=q, n=in_hand)
    return t("ol.no_counterfeit", q=q)


def _low_parts(hole: tuple[Card, ...], board: tuple[Card, ...], key: int) -> tuple[Cards, Cards]:
    """The hole cards and board cards that make the low (a card of each rank, the hand's first)."""
    ranks = set(low_ranks(key))
    for two in combinations([c for c in hole if low_rank(c.index) in ranks], 2):
        rest = ranks - {low_rank(c.index) for c in two}
        if len(rest) != 3:
            continue
        three = [next((c for c in board if low_rank(c.index) == r), None) for r in sorted(rest, reverse=True)]
        found = tuple(c for c in three if c is not None)
        if len(found) == 3:
            return Cards(two), Cards(found)
    raise AssertionError(f"no two hole and three board cards make the low {key:#x}")


def build_qualifies(hole: tuple[Card, ...], board: tuple[Card, ...], spec: Spec, *, player: str) -> Question:
    q = spec.rules.showdown.low_qualifier
    low = best_low(hole, board, q)
    if low is None:
        why = _why_no_low(hole, board, q)
    else:
        mine, table = _low_parts(hole, board, low)
        why = t("ol.yes", low=_key_run(low), hole=mine, board=table)
    return Question(
        qid=spec.qid,
        kind=Kind.OMAHA_LOW,
        level=spec.level,
        ranking=spec.ranking,
        prompt=t("ol.ask_has", player=player, q=q),
        form=Form.CHOICE,
        answer=Answer(frozenset({YES if low is not None else NO})),
        explanation=why,
        choices=(Choice(YES, named("word.yes"), "yes"), Choice(NO, named("word.no"), "no")),
        board=board,
        hands=(Hand(player, hole),),
        rule_ids=("OM-TWO-PLUS-THREE", "OM-HILO-SPLIT"),
        origin=spec.origin,
    )


def _loose_lows(cards: tuple[Card, ...], q: int) -> set[int]:
    """Every qualifying low of any five of the cards (the wrong answers a player may give)."""
    out = set()
    for five in combinations(cards, 5):
        key = low_of_five([c.index for c in five], q)
        if key is not None:
            out.add(key)
    return out


def build_best_low(hole: tuple[Card, ...], board: tuple[Card, ...], spec: Spec, *, player: str) -> Question:
    """Which is the best low? The right one, up to three wrong ones (lows of any five cards,
    or of two hole and three board cards that are not the best), and "no low"."""
    q = spec.rules.showdown.low_qualifier
    low = best_low(hole, board, q)
    legal = {
        key
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
        if (key := low_of_five([c.index for c in (*two, *three)], q)) is not None
    }
    wrong = sorted((_loose_lows(hole + board, q) | legal) - {low})
    picked = sorted(wrong[:2] + wrong[-1:] if len(wrong) > 3 else wrong, reverse=True)
    options: list[int | None] = [*sorted({*picked, *([low] if low is not None else [])}, reverse=True), None]
    choices = tuple(
        Choice(LETTERS[i], named("ol.no_low_choice") if key is None else t("ol.low", low=_key_run(key)), _value(key))
        for i, key in enumerate(options)
    )
    right = LETTERS[options.index(low)]
    if low is None:
        why = _why_no_low(hole, board, q)
    else:
        mine, table = _low_parts(hole, board, low)
        why = t("ol.best", low=_key_run(low), hole=mine, board=table)
    return Question(
        qid=spec.qid,
        kind=Kind.OMAHA_LOW,
        level=spec.level,
        ranking=spec.ranking,
        prompt=t("ol.ask_best", player=player, q=q),
        form=Form.CHOICE,
        answer=Answer(frozenset({right})),
        explanation=why,
        choices=choices,
        board=board,
        hands=(Hand(player, hole),),
        rule_ids=("OM-TWO-PLUS-THREE", "OM-HILO-SPLIT"),
        origin=spec.origin,
    )


def _value(key: int | None) -> str:
    """A low's machine-readable value: its ranks ``8-6-4-2-1`` (ace 1), ``none`` for no low."""
    return "none" if key is None else "-".join(map(str, low_ranks(key)))
