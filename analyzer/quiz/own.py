"""Questions from a player's own hands: the showdowns they played, asked back to them.

For every hand where the player's cards and a full board are known: who won (with every
hand that was shown), which five of the player's seven cards played, and the name of their
hand. A hand the player lost to a low straight (A-6-7-8-9) comes first, with its lesson:
"does the winner have a straight?" (SD-LOW-STRAIGHT).

Hands that cannot be asked are left out and counted in :class:`OwnQuestions`: the player
did not show known cards, the board is not complete, or a card is not in the rule set's
deck (a 52-card hand under a short-deck rule set).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from analyzer.cards import Card, clean, deck_of
from analyzer.evaluator import evaluate
from analyzer.evaluator.categories import Category
from analyzer.quiz.deal import low_run, rng_for
from analyzer.quiz.kinds import best_five, low_straight, name_hand, who_wins
from analyzer.quiz.model import Hand, Kind, Question
from analyzer.quiz.spec import Spec
from analyzer.quiz.words import Run, t
from analyzer.ruleset import RuleSet
from parsers.cardtext import UNKNOWN
from parsers.record import HandRecord

LEVEL = 2


@dataclass(frozen=True, slots=True)
class OwnQuestions:
    """The questions, lessons first, and the hands that could not be asked with why."""

    questions: tuple[Question, ...]
    skipped: tuple[tuple[str, str], ...]  # (hand id, reason)


def _spec(rules: RuleSet, kind: Kind, hand_id: str, tag: str = "") -> Spec:
    return Spec(rules, LEVEL, qid=f"{kind.value}/hand/{hand_id}{tag}", origin=f"hand {hand_id}")


def _known(cards: Iterable[str]) -> tuple[Card, ...] | None:
    texts = tuple(cards)
    if not texts or UNKNOWN in texts:
        return None
    return clean(texts)


def questions_from_hands(records: Iterable[HandRecord], player: str, *, rules: RuleSet) -> OwnQuestions:
    """Questions from the hands ``player`` took to a showdown (records as the store holds them)."""
    lessons: list[Question] = []
    others: list[Question] = []
    skipped: list[tuple[str, str]] = []
    deck = deck_of(rules.deck)
    low_top = low_run(rules.ranking)[0]
    for record in records:
        shown = {s.player: _known(s.cards) for s in record.shown if not s.mucked}
        hole = shown.get(player)
        board = _known(record.boards[0]) if record.boards else None
        if hole is None or len(hole) != 2:
            skipped.append((record.hand_id, f"{player} showed no known cards"))
            continue
        if board is None or len(board) != 5:
            skipped.append((record.hand_id, "the board is not complete"))
            continue
        hands = [Hand(p, c) for p, c in shown.items() if c is not None and len(c) == 2]
        every = [c for h in hands for c in h.cards] + list(board)
        if any(c not in deck for c in every) or len(set(every)) != len(every):
            skipped.append((record.hand_id, f"its cards do not fit the {rules.deck}-card deck of {rules.name}"))
            continue
        hid = record.hand_id
        if len(hands) > 1:
            values = {h.player: evaluate(h.cards + board, rules.ranking) for h in hands}
            top = max(v.strength for v in values.values())
            winners = [p for p, v in values.items() if v.strength == top]
            lost_low = player not in winners and any(
                values[w].category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
                and values[w].cards[0].rank == low_top
                and values[w].cards[-1].rank == 14
                for w in winners
            )
            if lost_low:
                winner = next(w for w in winners if values[w].category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH))
                note = t("own.note_lost_low", winner=winner, run=Run(low_run(rules.ranking)))
                lessons.append(
                    low_straight.build_is_there(
                        shown[winner] or (),
                        board,
                        _spec(rules, Kind.LOW_STRAIGHT, hid),
                        variant="there",
                        player=winner,
                    )
                )
                lessons.append(who_wins.build(tuple(hands), board, _spec(rules, Kind.WHO_WINS, hid), note=note))
            else:
                others.append(who_wins.build(tuple(hands), board, _spec(rules, Kind.WHO_WINS, hid)))
        others.append(best_five.build(hole, board, _spec(rules, Kind.BEST_FIVE, hid), player=player))
        others.append(
            name_hand.build(hole + board, _spec(rules, Kind.NAME_HAND, hid), rng=rng_for("own", hid), player=player)
        )
    return OwnQuestions(tuple(lessons + others), tuple(skipped))
