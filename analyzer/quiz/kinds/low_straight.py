"""Spot the low straight: A-6-7-8-9 is there, almost there, or a trap (SD-LOW-STRAIGHT).

Level 1: seven cards; is there a straight? (the low one, four of five, or one that would
wrap round the corner). Level 2: six cards; which river ranks complete a straight?
Level 3: a board alone; which single hole card gives a player a straight?
In 52 cards the same questions teach A-2-3-4-5 (HE-DECK).
"""

from __future__ import annotations

import random

from analyzer.cards import Card
from analyzer.quiz.deal import (
    PLAYERS,
    deck_for,
    deck_ranks,
    has_straight,
    low_run,
    of_rank,
    run_of,
    straight_tops,
    take,
)
from analyzer.quiz.model import Answer, Choice, Form, Hand, Kind, Question
from analyzer.quiz.spec import EMPTY, Spec, gave_up, low_rule, retry
from analyzer.quiz.words import Join, Msg, Rank, Run, named, t

YES, NO = "a", "b"
RANK_KEYS = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T"}


def rank_key(rank: int) -> str:
    """The key of a rank choice: ``A K Q J T 9 ... 2``."""
    return RANK_KEYS.get(rank, str(rank))


def rank_choices(spec: Spec) -> tuple[Choice, ...]:
    return tuple(Choice(rank_key(r), t("rank", rank=Rank(r)), rank_key(r)) for r in deck_ranks(spec.ranking))


def generate(rng: random.Random, spec: Spec) -> tuple[Question, ...]:
    if spec.level == 1:
        return (_is_there(rng, spec),)
    if spec.level == 2:
        return (_which_river(rng, spec),)
    return (_board_trap(rng, spec),)


def _cards_of(rng: random.Random, ranks: tuple[int, ...]) -> list[Card]:
    out: list[Card] = []
    for r in ranks:
        out.append(of_rank(rng, r, out))
    return out


def _wraps(spec: Spec) -> tuple[tuple[int, ...], ...]:
    low = low_run(spec.ranking)[3]
    return ((13, 14, low, low + 1, low + 2), (12, 13, 14, low, low + 1), (11, 12, 13, 14, low))


def _is_there(rng: random.Random, spec: Spec) -> Question:
    """Level 1: a straight or not, in seven cards."""
    run = low_run(spec.ranking)
    variant = rng.choice(("there", "there", "almost", "wrap"))
    for _ in retry("a low-straight deal"):
        if variant == "there":
            core = _cards_of(rng, run)
        elif variant == "almost":
            missing = rng.choice(run)
            core = _cards_of(rng, tuple(r for r in run if r != missing))
        else:
            core = _cards_of(rng, rng.choice(_wraps(spec)))
        seven = core + list(take(rng, deck_for(spec.ranking), 7 - len(core), core))
        if has_straight(seven, spec.ranking) != (variant == "there"):
            continue
        rng.shuffle(seven)
        return build_is_there(tuple(seven[:2]), tuple(seven[2:]), spec, variant=variant, player=rng.choice(PLAYERS))
    raise gave_up("a low-straight deal", spec)


def build_is_there(
    hole: tuple[Card, ...], board: tuple[Card, ...], spec: Spec, *, variant: str, player: str
) -> Question:
    seven = hole + board
    tops = straight_tops((c.rank for c in seven), spec.ranking)
    run = low_run(spec.ranking)
    ranks = {c.rank for c in seven}
    if tops:
        top = tops[0]
        key = "ls.yes_low" if top == run[0] else "ls.yes_high"
        why = t(key, run=Run(run_of(top, spec.ranking)), top=Rank(top))
    elif variant == "wrap":
        wrap = next(w for w in _wraps(spec) if ranks.issuperset(w))
        why = t("ls.no_wrap", wrap=Run(wrap), low=Run(run))
    else:
        missing = [r for r in run if r not in ranks]
        why = t("ls.no_almost", low=Run(run), missing=Join(tuple(Rank(r) for r in missing), "and"))
    return Question(
        qid=spec.qid,
        kind=Kind.LOW_STRAIGHT,
        level=spec.level,
        ranking=spec.ranking,
        prompt=t("ls.ask_has", player=player),
        form=Form.CHOICE,
        answer=Answer(frozenset({YES if tops else NO})),
        explanation=why,
        choices=(Choice(YES, named("word.yes"), "yes"), Choice(NO, named("word.no"), "no")),
        board=board,
        hands=(Hand(player, hole),),
        rule_ids=(low_rule(spec),),
        origin=spec.origin,
    )


def completing_ranks(cards: tuple[Card, ...], spec: Spec) -> dict[int, int]:
    """Each rank that, added to the cards, makes a straight they do not hold yet -> the best top."""
    have = {c.rank for c in cards}
    out: dict[int, int] = {}
    for r in deck_ranks(spec.ranking):
        if r in have:
            continue
        tops = straight_tops(have | {r}, spec.ranking)
        if tops:
            out[r] = tops[0]
    return out


def _four_of_low(rng: random.Random, spec: Spec) -> list[Card]:
    run = low_run(spec.ranking)
    missing = rng.choice(run)
    return _cards_of(rng, tuple(r for r in run if r != missing))


def _explain_ranks(found: dict[int, int], spec: Spec, key: str) -> Msg:
    low_top = low_run(spec.ranking)[0]
    items = tuple(t("ls.completes", rank=Rank(r), run=Run(run_of(top, spec.ranking))) for r, top in found.items())
    tip = t("ls.tip_low", low=Run(low_run(spec.ranking))) if low_top in found.values() else EMPTY
    return t(key, items=Join(items, "list"), tip=tip)


def _which_river(rng: random.Random, spec: Spec) -> Question:
    """Level 2: six cards (the turn); which river ranks complete a straight?"""
    for _ in retry("a turn with a straight draw"):
        core = _four_of_low(rng, spec)
        six = core + list(take(rng, deck_for(spec.ranking), 2, core))
        if has_straight(six, spec.ranking):
            continue
        rng.shuffle(six)
        hole, board = tuple(six[:2]), tuple(six[2:])
        found = completing_ranks(hole + board, spec)
        player = rng.choice(PLAYERS)
        return Question(
            qid=spec.qid,
            kind=Kind.LOW_STRAIGHT,
            level=spec.level,
            ranking=spec.ranking,
            prompt=t("ls.ask_river", player=player),
            form=Form.PICK,
            answer=Answer(frozenset(rank_key(r) for r in found)),
            explanation=_explain_ranks(found, spec, "ls.explain_river"),
            choices=rank_choices(spec),
            board=board,
            hands=(Hand(player, hole),),
            rule_ids=(low_rule(spec),),
            origin=spec.origin,
        )
    raise gave_up("a turn with a straight draw", spec)


def _board_trap(rng: random.Random, spec: Spec) -> Question:
    """Level 3: a board alone; which one hole card gives a player a straight?"""
    for _ in retry("a board with a one-card straight"):
        core = _four_of_low(rng, spec) if rng.random() < 0.7 else _four_of(rng, spec)
        board = core + list(take(rng, deck_for(spec.ranking), 1, core))
        if has_straight(board, spec.ranking):
            continue
        rng.shuffle(board)
        found = completing_ranks(tuple(board), spec)
        return Question(
            qid=spec.qid,
            kind=Kind.LOW_STRAIGHT,
            level=spec.level,
            ranking=spec.ranking,
            prompt=t("ls.ask_board"),
            form=Form.PICK,
            answer=Answer(frozenset(rank_key(r) for r in found)),
            explanation=_explain_ranks(found, spec, "ls.explain_board"),
            choices=rank_choices(spec),
            board=tuple(board),
            rule_ids=(low_rule(spec), "SD-BEST-FIVE"),
            origin=spec.origin,
        )
    raise gave_up("a board with a one-card straight", spec)


def _four_of(rng: random.Random, spec: Spec) -> list[Card]:
    """Four ranks of any straight."""
    top = rng.choice(deck_ranks(spec.ranking)[:-3])
    run = run_of(top, spec.ranking)
    missing = rng.choice(run)
    return _cards_of(rng, tuple(r for r in run if r != missing))
