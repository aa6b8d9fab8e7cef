"""The quiz engine: seeds, replies, scores, adaptive weights, the rules the kinds teach, and
questions from a player's own hands (records built by hand)."""

from __future__ import annotations

from collections import Counter
from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given
from hypothesis import strategies as st

from analyzer.cards import clean
from analyzer.quiz import (
    Answer,
    AnswerError,
    Form,
    Kind,
    NotApplicable,
    Question,
    Quiz,
    Score,
    check,
    generate,
    kinds_for,
    questions_from_hands,
    read_answer,
    render,
    weights,
)
from analyzer.quiz.kinds.betting import Round
from analyzer.quiz.kinds.low_straight import build_is_there
from analyzer.quiz.kinds.side_pots import Table, settle
from analyzer.quiz.spec import Spec
from analyzer.quiz.words import name_of
from analyzer.ruleset import load_rules
from parsers.record import ActionKind, HandRecord, Seat, Shown, Stakes, Street

SHORTDECK = load_rules("shortdeck")


# ---- seeds -------------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_question_and_another_seed_another() -> None:
    hilo = load_rules("omaha-hilo-pl")
    for kind in Kind:
        rules = SHORTDECK if kind in kinds_for(SHORTDECK) else hilo
        a = generate(kind, rules=rules, level=2, seed=11)
        assert a == generate(kind, rules=rules, level=2, seed=11)
        assert a != generate(kind, rules=rules, level=2, seed=12)


def test_a_session_is_reproducible_from_its_seed_and_the_answers() -> None:
    def run() -> list[str]:
        quiz = Quiz(rules=SHORTDECK, seed=3)
        out = []
        for i in range(12):
            q = quiz.next()
            quiz.answer(q, q.answer if i % 3 else Answer())
            out.append(q.qid)
        return out

    assert run() == run()


def test_questions_are_frozen() -> None:
    (q,) = generate(Kind.OUTS, rules=SHORTDECK, level=1, seed=1)
    with pytest.raises(FrozenInstanceError):
        q.level = 3  # type: ignore[misc]


def test_a_level_outside_one_to_three_is_refused() -> None:
    with pytest.raises(ValueError, match="level: expected one of 1, 2, 3, got 4"):
        generate(Kind.OUTS, rules=SHORTDECK, level=4, seed=1)


def test_betting_questions_need_forced_bets() -> None:
    casino = load_rules("sixplus-casino")
    assert Kind.BETTING not in kinds_for(casino) and Kind.BETTING in kinds_for(SHORTDECK)
    with pytest.raises(NotApplicable, match="sixplus-casino has neither"):
        generate(Kind.BETTING, rules=casino, level=1, seed=1)
    with pytest.raises(NotApplicable, match="betting questions cannot be asked under sixplus-casino"):
        Quiz(rules=casino, seed=1, kinds=[Kind.BETTING])


# ---- replies -----------------------------------------------------------------------------


def _pick(kind: Kind, level: int = 1, seed: int = 0, rules: str = "shortdeck") -> Question:
    return generate(kind, rules=load_rules(rules), level=level, seed=seed)[0]


def test_check_says_right_wrong_and_why() -> None:
    q = _pick(Kind.OUTS)
    assert check(q, q.answer).correct
    verdict = check(q, Answer(numbers=(q.answer.numbers[0] + 1,)))
    assert not verdict.correct and verdict.expected == q.answer and verdict.explanation == q.explanation


def test_an_equally_good_five_is_right_when_the_question_says_so() -> None:
    q = next(q for s in range(50) if (q := _pick(Kind.BEST_FIVE, 2, s)).also_right)
    assert render(q.prompt, "en").endswith("any of them is right.)")
    assert check(q, Answer(q.also_right[0])).correct


def test_read_answer_in_every_form() -> None:
    five = _pick(Kind.BEST_FIVE)
    assert read_answer(five, "acdeg").keys == frozenset("acdeg")
    assert read_answer(five, " A, C ; D E/G ").keys == frozenset("acdeg")
    ranks = _pick(Kind.LOW_STRAIGHT, 3)
    assert read_answer(ranks, "10 6").keys == {"T", "6"}
    assert read_answer(ranks, "d b").keys == {"Q", "J"}  # German: Dame, Bube
    assert read_answer(_pick(Kind.OUTS), "12").numbers == (12,)
    pots = _pick(Kind.SIDE_POTS)
    assert read_answer(pots, "60, 40 0").numbers == (60, 40, 0)


def test_unreadable_answers_name_what_was_expected() -> None:
    five = _pick(Kind.BEST_FIVE)
    with pytest.raises(AnswerError) as info:
        read_answer(five, "a b z")
    assert str(info.value) == (f"question {five.qid}: answer: expected one of a, b, c, d, e, f, g, found 'a b z'")
    with pytest.raises(AnswerError, match="expected a whole number, found 'twelve'"):
        read_answer(_pick(Kind.OUTS), "twelve")
    with pytest.raises(AnswerError, match="expected 3 whole numbers"):
        read_answer(_pick(Kind.SIDE_POTS), "60 40")
    with pytest.raises(AnswerError, match="expected one of a, b"):
        read_answer(_pick(Kind.LOW_STRAIGHT), "a b")


# ---- score and weights -------------------------------------------------------------------


def test_score_counts_streaks_and_moves_levels() -> None:
    s = Score()
    for correct in (True, True, True, False, True):
        s = s.after(Kind.WHO_WINS, correct)
    assert (s.asked, s.right, s.wrong, s.streak, s.best_streak) == (5, 4, 1, 1, 3)
    # two right: level 2; the third right starts a new streak; the wrong one goes back to 1
    assert s.of(Kind.WHO_WINS).level == 1
    assert Score().after(Kind.OUTS, True).after(Kind.OUTS, True).of(Kind.OUTS).level == 2
    with pytest.raises(FrozenInstanceError):
        s.right = 9  # type: ignore[misc]


@given(st.lists(st.tuples(st.sampled_from(list(Kind)), st.booleans()), max_size=60))
def test_score_invariants_hold_for_any_answers(answers: list[tuple[Kind, bool]]) -> None:
    s = Score()
    for kind, correct in answers:
        s = s.after(kind, correct)
    assert s.asked == len(answers) and s.right == sum(c for _, c in answers)
    assert s.asked == sum(k.asked for k in s.kinds) and s.right == sum(k.right for k in s.kinds)
    assert 0 <= s.streak <= s.best_streak <= s.right
    assert all(1 <= k.level <= 3 for k in s.kinds)
    assert all(0.5 <= w <= 3.0 for w in weights(s, list(Kind)).values())


def test_a_kind_answered_wrong_weighs_more_than_one_answered_right() -> None:
    s = Score().after(Kind.SIDE_POTS, False).after(Kind.SIDE_POTS, False).after(Kind.OUTS, True)
    w = weights(s, (Kind.SIDE_POTS, Kind.OUTS, Kind.BEST_FIVE))
    assert w[Kind.SIDE_POTS] > w[Kind.BEST_FIVE] > w[Kind.OUTS] >= 0.5


def test_a_session_asks_more_of_the_kind_the_player_gets_wrong() -> None:
    quiz = Quiz(rules=SHORTDECK, seed=5)
    asked: Counter[Kind] = Counter()
    for _ in range(140):
        q = quiz.next()
        asked[q.kind] += 1
        quiz.answer(q, Answer() if q.kind is Kind.SIDE_POTS else q.answer)
    others = [n for k, n in asked.items() if k is not Kind.SIDE_POTS]
    assert asked[Kind.SIDE_POTS] > 2 * max(others)
    assert quiz.score.of(Kind.SIDE_POTS).level == 1
    assert all(k.level >= 2 for k in quiz.score.kinds if k.kind is not Kind.SIDE_POTS and k.asked >= 2)


def test_queued_questions_come_first() -> None:
    quiz = Quiz(rules=SHORTDECK, seed=5)
    mine = _pick(Kind.NAME_HAND, 3, 9)
    quiz.queue([mine])
    assert quiz.next() is mine


# ---- the rules the betting kind teaches, pinned ------------------------------------------


def _round(rules: str, players: int, button: int, **stakes: int) -> Round:
    names = ["Anna", "Ben", "Carla", "Dan", "Eva", "Finn"][:players]
    hand = Round([(n, i + 1) for i, n in enumerate(names)], button, load_rules(rules), Stakes(**stakes))
    hand.post_forced()
    return hand


def test_sd_preflop_min_raise_is_the_minimum_bet_on_top_of_the_button_ante() -> None:
    """SD-PREFLOP-MIN-RAISE, SD-BUTTON-ANTE-LIVE, SD-PREFLOP-FIRST: ante 1, minimum bet 2: the
    player left of the button starts, calls the 1 and adds 2: a raise to 3."""
    hand = _round("shortdeck", 4, 4, ante=1, button_blind=1)
    assert hand.next_to_act() == "Anna"
    assert hand.current == 1 and hand.min_to() == 3
    hand.act("Anna", ActionKind.RAISE, 3)
    assert hand.min_to() == 5


def test_bet_raise_min_bet_ten_then_raise_to_twenty() -> None:
    """BET-RAISE-MIN: bet 10: a raise is to 20 or more, not 15."""
    hand = _round("shortdeck", 3, 3, ante=1, button_blind=1)
    for p in ("Anna", "Ben"):
        hand.act(p, ActionKind.CALL)
    hand.act("Carla", ActionKind.CHECK)
    hand.start(Street.FLOP)
    assert hand.next_to_act() == "Anna" and hand.min_to() == 2  # BET-BET: the minimum bet
    hand.act("Anna", ActionKind.BET, 10)
    assert hand.min_to() == 20


def test_he_heads_up_button_posts_small_blind_acts_first_preflop_and_last_after() -> None:
    """HE-HEADS-UP."""
    hand = _round("holdem", 2, 2, small_blind=1, big_blind=2)
    assert [(p.player, p.kind.value) for p in hand.posts] == [("Ben", "small_blind"), ("Anna", "big_blind")]
    assert hand.next_to_act() == "Ben"
    hand.act("Ben", ActionKind.CALL)
    assert hand.next_to_act() == "Anna"  # HE-BB-OPTION
    hand.act("Anna", ActionKind.CHECK)
    hand.start(Street.FLOP)
    assert hand.next_to_act() == "Anna"


# ---- the pots the side-pot kind teaches, pinned ------------------------------------------


def test_pot_all_in_cap_twenty_fifty_eighty() -> None:
    """POT-ALL-IN-CAP: all-in for 20, 50 and 80; the 20 wins 60, the 50 wins the next 60, the 80
    gets its uncalled 30 back."""
    table = Table(
        seats=(("Anna", 1), ("Ben", 2), ("Carla", 3)),
        button=3,
        put_in=(("Anna", 20), ("Ben", 50), ("Carla", 80)),
        folded=frozenset(),
        strength=(("Anna", 3), ("Ben", 2), ("Carla", 1)),
    )
    result = settle(table)
    assert result.totals == (("Anna", 60), ("Ben", 60), ("Carla", 30))
    assert result.returned == ("Carla", 30)


def test_pot_odd_chip_goes_to_the_first_winner_clockwise_from_the_button() -> None:
    """POT-ODD-CHIP: a main pot of 75 split two ways: 38 to the first tied winner left of the button."""
    table = Table(
        seats=(("Anna", 1), ("Ben", 3), ("Carla", 5)),
        button=5,
        put_in=(("Anna", 25), ("Ben", 51), ("Carla", 77)),
        folded=frozenset(),
        strength=(("Anna", 2), ("Ben", 2), ("Carla", 1)),
    )
    result = settle(table)
    assert result.pots[0][1] == (("Anna", 38), ("Ben", 37))
    assert result.totals == (("Anna", 38), ("Ben", 89), ("Carla", 26))


# ---- the low straight, pinned ------------------------------------------------------------


def _spec(rules: str = "shortdeck") -> Spec:
    return Spec(load_rules(rules), 1, qid="pinned", origin="test")


def test_sd_low_straight_seed_example_carla_has_nine_high() -> None:
    """SD-LOW-STRAIGHT: seed 000's example: board A♣ 9♦ 8♠ 7♣ K♥, Carla 6♥ 6♠: 9-8-7-6-A."""
    q = build_is_there(clean("6h 6s"), clean("Ac 9d 8s 7c Kh"), _spec(), variant="there", player="Carla")
    assert q.answer.keys == {"a"} and name_of(q.explanation) == "ls.yes_low"
    assert render(q.explanation, "en") == "Yes: 9-8-7-6-A is a straight, the lowest one. The Ace plays low."


def test_sd_low_straight_with_a_ten_is_the_ten_high_straight() -> None:
    q = build_is_there(clean("6h Th"), clean("Ac 9d 8s 7c Kh"), _spec(), variant="there", player="Carla")
    assert render(q.explanation, "de") == "Ja: 10-9-8-7-6 ist eine Straße bis zur Zehn."


def test_sd_low_straight_does_not_wrap_round_the_corner() -> None:
    """SD-LOW-STRAIGHT: no wrap-arounds: K-A-6-7-8 is not a straight."""
    q = build_is_there(clean("Kh Ad"), clean("6c 7d 8s Qc Qh"), _spec(), variant="wrap", player="Ben")
    assert q.answer.keys == {"b"} and name_of(q.explanation) == "ls.no_wrap"


def test_a_6_7_8_9_is_no_straight_with_52_cards() -> None:
    """HE-DECK: with 52 cards the Ace plays low only in 5-4-3-2-A."""
    q = build_is_there(clean("6h 6s"), clean("Ac 9d 8s 7c Kh"), _spec("holdem"), variant="almost", player="Carla")
    assert q.answer.keys == {"b"}


# ---- own hands ---------------------------------------------------------------------------


def _hand(hand_id: str, board: str, shown: dict[str, str], *, mucked: tuple[str, ...] = ()) -> HandRecord:
    players = ["Anna", "Ben", "Carla"]
    return HandRecord(
        hand_id=hand_id,
        seats=tuple(Seat(i + 1, p, 100) for i, p in enumerate(players)),
        button=3,
        boards=(tuple(c.text for c in clean(board)) if "?" not in board else tuple(board.split()),),
        shown=tuple(
            Shown(p, tuple(c.text for c in clean(cards)) if "?" not in cards else tuple(cards.split()), p in mucked)
            for p, cards in shown.items()
        ),
    )


HANDS = (
    _hand("h1", "Kh Kc 8h 7h As", {"Anna": "8s 8d", "Ben": "Qh 6h"}),  # seed 000: flush beats full house
    _hand("h2", "Ac 9d 8s 7c Kh", {"Anna": "Ks Kd", "Carla": "6h 6s"}),  # Anna's set loses to 9-8-7-6-A
    _hand("h3", "Ac 9d 8s 7c Kh", {"Ben": "Qs Qd"}),  # Anna did not show
    _hand("h4", "Ac 9d 8s 7c 2h", {"Anna": "Ks Kd", "Ben": "Qs Qd"}),  # a 2: not a short-deck hand
    _hand("h5", "Ac 9d 8s ?? ??", {"Anna": "Ks Kd", "Ben": "Qs Qd"}),  # the board is not known
)


def test_own_hands_lost_to_the_low_straight_come_first() -> None:
    """SD-LOW-STRAIGHT: the hand Anna lost to Carla's 9-8-7-6-A is the first lesson: does Carla
    have a straight, then who won, with the lesson in the explanation."""
    own = questions_from_hands(HANDS, "Anna", rules=SHORTDECK)
    first, second = own.questions[:2]
    assert (first.kind, first.origin, first.hands[0].player, first.answer.keys) == (
        Kind.LOW_STRAIGHT,
        "hand h2",
        "Carla",
        frozenset({"a"}),
    )
    assert second.kind is Kind.WHO_WINS and {second.choice(k).value for k in second.answer.keys} == {"Carla"}
    assert render(second.explanation, "en").endswith(
        "Carla won with 9-8-7-6-A: the Ace plays low. Always check the board for this straight."
    )
    assert [(q.kind, q.origin) for q in own.questions[2:]] == [
        (Kind.WHO_WINS, "hand h1"),
        (Kind.BEST_FIVE, "hand h1"),
        (Kind.NAME_HAND, "hand h1"),
        (Kind.BEST_FIVE, "hand h2"),
        (Kind.NAME_HAND, "hand h2"),
    ]
    assert own.skipped == (
        ("h3", "Anna showed no known cards"),
        ("h4", "its cards do not fit the 36-card deck of shortdeck"),
        ("h5", "the board is not complete"),
    )


def test_sd_flush_over_full_in_own_hand_seed_example() -> None:
    """SD-FLUSH-OVER-FULL: seed 000's example hand: Ben's flush beats Anna's full house."""
    own = questions_from_hands(HANDS[:1], "Anna", rules=SHORTDECK)
    who = own.questions[0]
    assert {who.choice(k).value for k in who.answer.keys} == {"Ben"}
    assert "SD-FLUSH-OVER-FULL" in who.rule_ids
    name = own.questions[2]
    (key,) = name.answer.keys
    assert render(name.choice(key).label, "de") == "Full House, Achten über Könige"


def test_sd_trips_over_straight_changes_the_lesson() -> None:
    """SD-TRIPS-OVER-STRAIGHT: under the trips ranking Anna's set wins hand h2: no lesson first."""
    own = questions_from_hands(HANDS[1:2], "Anna", rules=load_rules("shortdeck-trips"))
    who = own.questions[0]
    assert who.kind is Kind.WHO_WINS and {who.choice(k).value for k in who.answer.keys} == {"Anna"}
    assert "SD-TRIPS-OVER-STRAIGHT" in who.rule_ids


def test_own_hand_questions_are_right_about_themselves() -> None:
    for q in questions_from_hands(HANDS, "Anna", rules=SHORTDECK).questions:
        assert check(q, q.answer).correct
        assert q.form in (Form.CHOICE, Form.PICK)
