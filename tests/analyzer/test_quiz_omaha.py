"""The Omaha quiz kinds: every seeded answer recomputed with the slow Omaha reference
(``analyzer.evaluator.omaha_reference``: every five of two hole and three board cards).

OM-TWO-PLUS-THREE: the five cards that play are exactly two of the hand and three of the
board. OM-HILO-SPLIT: a low counts with five different ranks, eight or lower.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.cards import Card, clean, deck_of
from analyzer.evaluator.omaha_reference import reference_high, reference_low
from analyzer.evaluator.reference import strength5
from analyzer.quiz import LEVELS, Kind, NotApplicable, Question, generate, kinds_for, render
from analyzer.quiz.kinds.omaha import build_best_low, build_high, build_qualifies
from analyzer.quiz.spec import Spec
from analyzer.quiz.words import name_of
from analyzer.ruleset import RuleSet, load_rules

HIGH_RULES = ("omaha-pl", "omaha5-pl", "omaha-hilo-pl")
LOW_RULES = ("omaha-hilo-pl", "omaha-hilo-fl")


@cache
def rules_of(name: str) -> RuleSet:
    return load_rules(name)


def asked(kind: Kind, names: tuple[str, ...], per_level: int) -> list[Question]:
    return [
        q
        for name in names
        for level in LEVELS
        for seed in range(per_level)
        for q in generate(kind, rules=rules_of(name), level=level, seed=seed)
    ]


def cards_of(q: Question) -> dict[str, Card]:
    return {c.key: Card.from_text(c.value) for c in q.choices}


def test_omaha_kinds_are_asked_only_under_omaha_rules_and_the_low_only_in_hi_lo() -> None:
    assert Kind.OMAHA_HIGH in kinds_for(rules_of("omaha-pl"))
    assert Kind.OMAHA_LOW not in kinds_for(rules_of("omaha-pl"))
    assert {Kind.OMAHA_HIGH, Kind.OMAHA_LOW} <= set(kinds_for(rules_of("omaha-hilo-pl")))
    # the Hold'em card kinds deal two hole cards: never asked under Omaha rules
    assert Kind.BEST_FIVE not in kinds_for(rules_of("omaha-pl"))
    assert not {Kind.OMAHA_HIGH, Kind.OMAHA_LOW} & set(kinds_for(rules_of("holdem")))
    with pytest.raises(NotApplicable, match="omaha-low questions cannot be asked under omaha-pl"):
        generate(Kind.OMAHA_LOW, rules=rules_of("omaha-pl"), level=1, seed=1)
    with pytest.raises(NotApplicable, match="best-five questions cannot be asked under omaha-pl"):
        generate(Kind.BEST_FIVE, rules=rules_of("omaha-pl"), level=1, seed=1)


def test_om_two_plus_three_best_high_is_the_reference_best_and_only_equal_fives_are_also_right() -> None:
    """Every right set is two hole cards and three board cards with the reference's best strength,
    and every such set is right."""
    questions = asked(Kind.OMAHA_HIGH, HIGH_RULES, 60)
    notes = Counter()
    for q in questions:
        hole = q.hands[0].cards
        assert len(hole) == rules_of(q.qid.split("/")[1]).hole_cards
        by_key = cards_of(q)
        best = reference_high(hole, q.board, q.ranking)
        rights = {q.answer.keys, *q.also_right}
        for keys in map(frozenset, combinations(by_key, 5)):
            five = tuple(by_key[k] for k in sorted(keys))
            legal = sum(c in hole for c in five) == 2
            good = legal and strength5(five, q.ranking)[0] == best
            assert good == (keys in rights), q.qid
        notes[name_of(q.explanation.arg("note"))] += 1  # type: ignore[arg-type]
    assert len(questions) == 540
    assert notes["om.note_two"] > 100  # the lesson: any five would be better, two plus three is not


def test_om_four_to_a_flush_on_board_with_one_in_hand_is_no_flush() -> None:
    """Level 2: four board cards of a suit and one of the suit in the hand: never a flush."""
    for seed in range(60):
        (q,) = generate(Kind.OMAHA_HIGH, rules=rules_of("omaha-pl"), level=2, seed=seed)
        suit, count = Counter(c.suit for c in q.board).most_common(1)[0]
        assert count == 4 and sum(c.suit == suit for c in q.hands[0].cards) == 1
        five = [cards_of(q)[k] for k in q.answer.keys]
        assert len({c.suit for c in five}) > 1, q.qid


def test_om_a_straight_on_board_does_not_play_alone() -> None:
    q = build_high(clean("Ac Ad Kc Kd"), clean("9s 8h 7d 6c 5s"), _spec("omaha-pl"), player="Ana")
    assert sorted(q.choice(k).value for k in q.answer.keys) == sorted(["Ac", "Ad", "9s", "8h", "7d"])
    assert render(q.explanation, "en") == (
        "The best five: A♦ A♣ 9♠ 8♥ 7♦, One pair, aces: A♣ A♦ from the hand, 9♠ 8♥ 7♦ from the board. "
        "Any five of these cards would make Straight, nine high, but in Omaha a hand uses exactly two hole cards "
        "and three board cards."
    )
    assert render(q.explanation, "de").startswith("Die besten fünf: A♦ A♣ 9♠ 8♥ 7♦, Paar, Asse")
    assert render(q.explanation, "es").startswith("Las mejores cinco: A♦ A♣ 9♠ 8♥ 7♦, Pareja de ases")


def _spec(name: str, level: int = 1) -> Spec:
    return Spec(rules_of(name), level, qid="t", origin="test")


def test_om_hilo_low_qualifies_exactly_when_the_reference_finds_one() -> None:
    questions = [q for q in asked(Kind.OMAHA_LOW, LOW_RULES, 120) if q.level == 1]
    answers = Counter()
    for q in questions:
        low = reference_low(q.hands[0].cards, q.board)
        assert q.answer.keys == {"a" if low is not None else "b"}, q.qid
        answers[name_of(q.explanation)] += 1
    assert len(questions) == 240
    assert answers["ol.yes"] > 60 and answers["ol.no_board"] + answers["ol.no_hand"] + answers["ol.no_counterfeit"] > 60


def test_om_hilo_best_low_is_the_reference_low_and_no_other_choice_is() -> None:
    questions = [q for q in asked(Kind.OMAHA_LOW, LOW_RULES, 120) if q.level > 1]
    none_right = 0
    for q in questions:
        low = reference_low(q.hands[0].cards, q.board)
        want = "none" if low is None else "-".join(map(str, low))
        (key,) = q.answer.keys
        assert q.choice(key).value == want, q.qid
        values = [c.value for c in q.choices]
        assert len(values) == len(set(values)) >= 3 and "none" in values
        none_right += low is None
        if q.level == 3:  # a counterfeited low card, or no low at all
            mine = {1 if c.rank == 14 else c.rank for c in q.hands[0].cards}
            board = {1 if c.rank == 14 else c.rank for c in q.board}
            assert low is None or mine & board & set(range(1, 9)), q.qid
    assert len(questions) == 480 and none_right > 5


def test_om_hilo_counterfeited_low_seed_example() -> None:
    """A-2 in the hand, a 2 on the board: the deuce is counterfeited, A-3 makes the low."""
    hole, board = clean("Ah 2h 3c Kd"), clean("2c 5d 7s Qh Jc")
    q = build_best_low(hole, board, _spec("omaha-hilo-pl", 2), player="Ana")
    (key,) = q.answer.keys
    assert render(q.choice(key).label, "en") == "7-5-3-2-A"
    assert render(q.explanation, "en") == (
        "The best low: 7-5-3-2-A, with A♥ 3♣ from the hand and 7♠ 5♦ 2♣ from the board. "
        "Lower is better; the Ace plays low."
    )
    wrong = {render(c.label, "en") for c in q.choices if c.key != key}
    assert "7-5-3-2-A" not in wrong and "No low" in wrong


@pytest.mark.parametrize(
    ("hole", "board", "reason"),
    [
        ("Ah 2h Kc Kd", "3c 9d Ts Qh Jc", "ol.no_board"),
        ("Ah Kh Qc Jd", "3c 4d 5s Qh Jc", "ol.no_hand"),
        ("Ah 2h Kc Kd", "Ac 2d 5s Qh Jc", "ol.no_counterfeit"),
    ],
)
def test_om_hilo_no_low_says_why(hole: str, board: str, reason: str) -> None:
    q = build_qualifies(clean(hole), clean(board), _spec("omaha-hilo-pl"), player="Ana")
    assert q.answer.keys == {"b"} and name_of(q.explanation) == reason
    for lang in ("en", "de", "es"):
        assert "{" not in render(q.explanation, lang)


@settings(max_examples=150, deadline=None)
@given(st.permutations(deck_of(52).cards).map(lambda cards: tuple(cards[:9])))
def test_omaha_low_answer_matches_the_reference_for_any_deal(cards: tuple[Card, ...]) -> None:
    hole, board = cards[:4], cards[4:]
    q = build_qualifies(hole, board, _spec("omaha-hilo-pl"), player="Ana")
    assert q.answer.keys == {"a" if reference_low(hole, board) is not None else "b"}
    h = build_high(hole, board, _spec("omaha-pl"), player="Ana")
    five = tuple(cards_of(h)[k] for k in h.answer.keys)
    assert sum(c in hole for c in five) == 2
    assert strength5(five, h.ranking)[0] == reference_high(hole, board, h.ranking)
