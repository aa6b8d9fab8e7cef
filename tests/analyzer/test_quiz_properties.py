"""Every seeded question's answer, checked independently of the code that made it.

The generators deal with rank and suit facts and the fast evaluator; here the answers are
recomputed with the plain reference evaluator (``analyzer.evaluator.reference``), with a
chip-by-chip split of the pots, and with the replay engine's betting table. Thousands of
questions in all; each also has exactly one right answer unless it says so.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest

from analyzer.cards import Card, deck_of
from analyzer.evaluator import category_of, strength_of
from analyzer.evaluator import reference as ref
from analyzer.evaluator.categories import Category, Ranking
from analyzer.quiz import LEVELS, Form, Kind, Question, generate, render
from analyzer.quiz.kinds.low_straight import rank_key
from analyzer.quiz.words import Percent, name_of, named
from analyzer.replay.pots import clockwise_from_button
from analyzer.replay.table import Table
from analyzer.ruleset import RuleSet, load_rules
from parsers.record import Street

STRAIGHTS = (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
FLUSHES = (Category.FLUSH, Category.STRAIGHT_FLUSH)
RULES = ("shortdeck", "shortdeck-trips", "holdem")


@cache
def rules_of(name: str) -> RuleSet:
    return load_rules(name)


def questions(kind: Kind, per_level: int, rules: tuple[str, ...] = RULES) -> list[Question]:
    out: list[Question] = []
    for name in rules:
        for level in LEVELS:
            for seed in range(per_level):
                out.extend(generate(kind, rules=rules_of(name), level=level, seed=seed))
    return out


def ref_best(cards: tuple[Card, ...], ranking: Ranking) -> int:
    return ref.best_five(tuple(cards), ranking)[0]


def ref_contains(cards: tuple[Card, ...], ranking: Ranking, categories: tuple[Category, ...]) -> bool:
    """Do some five of the cards make one of the categories? (the reference evaluator, five at a time)"""
    return any(ref.strength5(five, ranking)[1] in categories for five in combinations(cards, 5))


def fast_contains(cards: tuple[Card, ...], ranking: Ranking, categories: tuple[Category, ...]) -> bool:
    """The same with the fast evaluator, for the counts too big for the reference."""
    return any(
        category_of(strength_of([c.index for c in five], ranking), ranking) in categories
        for five in combinations(cards, 5)
    )


def assert_one_right_answer(q: Question) -> None:
    """The answer is well formed and the only right one (unless the prompt says several are)."""
    keys = [c.key for c in q.choices]
    assert len(set(keys)) == len(keys), q.qid
    labels = [render(c.label, "en") for c in q.choices]
    assert len(set(labels)) == len(labels), (q.qid, labels)
    if q.form is Form.CHOICE:
        assert len(q.answer.keys) == 1 and q.answer.keys <= set(keys), q.qid
    elif q.form is Form.PICK:
        assert q.answer.keys and q.answer.keys <= set(keys), q.qid
        if q.pick_count:
            assert len(q.answer.keys) == q.pick_count
    elif q.form is Form.NUMBER:
        assert len(q.answer.numbers) == 1 and not q.choices
    else:
        assert len(q.answer.numbers) == len(q.choices)
    if q.also_right:
        assert name_of(q.prompt).endswith("_any"), "several right answers must be said in the prompt"
        assert q.answer.keys not in q.also_right


# ---- spot the low straight --------------------------------------------------------------


def test_sd_low_straight_answers_match_the_reference_evaluator() -> None:
    """SD-LOW-STRAIGHT (and HE-DECK's A-2-3-4-5): 'is there a straight' and 'which ranks make one'."""
    asked = questions(Kind.LOW_STRAIGHT, 120)
    seen_variants = Counter()
    for q in asked:
        assert_one_right_answer(q)
        r = q.ranking
        shown = q.board + tuple(c for h in q.hands for c in h.cards)
        if q.level == 1:
            has = ref_contains(shown, r, STRAIGHTS)
            assert q.answer.keys == {"a" if has else "b"}, q.qid
            seen_variants[name_of(q.explanation)] += 1
            continue
        deck = deck_of(r.deck_size)
        expected = set()
        for rank in sorted({c.rank for c in deck.cards}):
            unseen = [c for c in deck.cards if c.rank == rank and c not in shown]
            if unseen and ref_contains((*shown, unseen[0]), r, STRAIGHTS):
                expected.add(rank_key(rank))
        assert q.answer.keys == expected, q.qid
    assert len(asked) == 1080
    # every level-1 flavour comes up: the low one there, four of five, and the wrap-around trap
    assert {"ls.yes_low", "ls.no_almost", "ls.no_wrap"} <= set(seen_variants)


# ---- best five ---------------------------------------------------------------------------


def test_sd_best_five_pick_is_the_reference_best_and_only_equal_fives_are_also_right() -> None:
    """SD-BEST-FIVE: the five picked score what the best five of seven score; the fives listed
    as also right are exactly the other fives with that score."""
    asked = questions(Kind.BEST_FIVE, 120)
    for q in asked:
        assert_one_right_answer(q)
        seven = tuple(Card.from_text(c.value) for c in q.choices)
        by_key = {c.key: Card.from_text(c.value) for c in q.choices}
        best = ref_best(seven, q.ranking)
        rights = {q.answer.keys, *q.also_right}
        for keys in map(frozenset, combinations(by_key, 5)):
            score = ref.strength5(tuple(by_key[k] for k in sorted(keys)), q.ranking)[0]
            assert (score == best) == (keys in rights), q.qid
    assert len(asked) == 1080


def test_sd_straight_or_trips_best_five_depends_on_the_ranking() -> None:
    """SD-STRAIGHT-OVER-TRIPS / SD-TRIPS-OVER-STRAIGHT: level 2 deals hold both; the pick follows the ranking."""
    for name, category in (("shortdeck", Category.STRAIGHT), ("shortdeck-trips", Category.THREE_OF_A_KIND)):
        for seed in range(40):
            (q,) = generate(Kind.BEST_FIVE, rules=rules_of(name), level=2, seed=seed)
            five = tuple(Card.from_text(q.choice(k).value) for k in sorted(q.answer.keys))
            assert ref.strength5(five, q.ranking)[1] is category
            assert "SD-" + q.ranking.value.upper() in q.rule_ids


# ---- who wins ----------------------------------------------------------------------------


def test_who_wins_matches_the_reference_evaluator() -> None:
    """SD-CATEGORY, SD-KICKERS, SD-TIE: the winners are the hands with the best reference strength."""
    asked = questions(Kind.WHO_WINS, 150)
    ties = 0
    for q in asked:
        assert_one_right_answer(q)
        assert 2 <= len(q.hands) <= 4
        scores = {h.player: ref_best(h.cards + q.board, q.ranking) for h in q.hands}
        top = max(scores.values())
        winners = {c.key for c in q.choices if scores[c.value] == top}
        assert q.answer.keys == winners, q.qid
        ties += len(winners) > 1
    assert len(asked) >= 1350 and ties > 0


def test_sd_flush_beats_full_house_in_who_wins() -> None:
    """SD-FLUSH-OVER-FULL: level 3 pits a flush against a full house; in short deck the flush wins."""
    found = 0
    for seed in range(60):
        for q in generate(Kind.WHO_WINS, rules=rules_of("shortdeck"), level=3, seed=seed):
            cats = {h.player: ref.best_five(h.cards + q.board, q.ranking)[1] for h in q.hands}
            if sorted(cats.values()) == sorted((Category.FLUSH, Category.FULL_HOUSE)):
                found += 1
                flush = next(p for p, c in cats.items() if c is Category.FLUSH)
                assert {q.choice(k).value for k in q.answer.keys} == {flush}
                assert "SD-FLUSH-OVER-FULL" in q.rule_ids
    assert found >= 15


def test_sd_trips_against_straight_is_asked_under_both_rankings() -> None:
    """SD-STRAIGHT-OVER-TRIPS and SD-TRIPS-OVER-STRAIGHT: the same hand twice, once per ranking,
    and the winner changes."""
    pairs = 0
    for seed in range(60):
        asked = generate(Kind.WHO_WINS, rules=rules_of("shortdeck"), level=3, seed=seed)
        if len(asked) != 2:
            continue
        pairs += 1
        first, second = asked
        assert (first.board, first.hands) == (second.board, second.hands)
        assert {first.ranking, second.ranking} == {Ranking.STRAIGHT_OVER_TRIPS, Ranking.TRIPS_OVER_STRAIGHT}
        assert first.answer.keys != second.answer.keys
        for q in asked:
            cats = {h.player: ref.best_five(h.cards + q.board, q.ranking)[1] for h in q.hands}
            wanted = Category.STRAIGHT if q.ranking is Ranking.STRAIGHT_OVER_TRIPS else Category.THREE_OF_A_KIND
            assert {q.choice(k).value for k in q.answer.keys} == {p for p, c in cats.items() if c is wanted}
            assert "SD-" + q.ranking.value.upper() in q.rule_ids
    assert pairs >= 15


# ---- name the hand -----------------------------------------------------------------------


def test_name_hand_right_choice_is_the_evaluators_own_words() -> None:
    """SD-CATEGORY: the right choice reads exactly as the evaluator's words; no other choice does."""
    asked = questions(Kind.NAME_HAND, 200)
    for q in asked:
        assert_one_right_answer(q)
        cards = q.hands[0].cards
        words = ref_words(cards, q.ranking)
        (key,) = q.answer.keys
        assert render(q.choice(key).label, "en") == words, q.qid
        assert len(q.choices) == 4
    assert len(asked) == 1800


def ref_words(cards: tuple[Card, ...], ranking: Ranking) -> str:
    from analyzer.evaluator import HandValue

    strength, category, used = ref.best_five(cards, ranking)
    return HandValue(strength, category, used, ranking).words()


# ---- outs --------------------------------------------------------------------------------


def _target(q: Question) -> tuple[Category, ...]:
    return STRAIGHTS if q.prompt.arg("target") == _text("target.straight") else FLUSHES


def _text(key: str) -> object:

    return named(key)


def _unseen(q: Question) -> tuple[Card, ...]:
    shown = set(q.board) | {c for h in q.hands for c in h.cards}
    return tuple(c for c in deck_of(q.ranking.deck_size).cards if c not in shown)


def test_outs_counts_and_chances_match_the_evaluator() -> None:
    """SD-DECK: outs counted card by card with the evaluator (five at a time); chances are
    outs over unseen cards, exactly; a win out beats the face-up hand by the reference strength."""
    asked = questions(Kind.OUTS, 100)
    by_river = 0
    for q in asked:
        assert_one_right_answer(q)
        pool = _unseen(q)
        hole = q.hands[0].cards
        if name_of(q.prompt) == "ou.ask_win":
            other = q.hands[1].cards
            wins = sum(
                ref_best(hole + q.board + (c,), q.ranking) > ref_best(other + q.board + (c,), q.ranking) for c in pool
            )
            assert q.answer.numbers == (wins,), q.qid
            continue
        target = _target(q)
        outs = [c for c in pool if fast_contains((*hole, *q.board, c), q.ranking, target)]
        assert not fast_contains(hole + q.board, q.ranking, target)
        if name_of(q.prompt) in ("ou.ask_flop", "ou.ask_turn"):
            assert q.answer.numbers == (len(outs),), q.qid
            continue
        (key,) = q.answer.keys
        num, den = map(int, q.choice(key).value.split("/"))
        if name_of(q.prompt) == "ou.ask_chance_river":
            assert Fraction(num, den) == Fraction(len(outs), len(pool)), q.qid
        else:
            by_river += 1
            if by_river <= 10:  # every pair of turn and river cards: kept to a sample for time
                hits = sum(fast_contains((*hole, *q.board, a, b), q.ranking, target) for a, b in combinations(pool, 2))
                assert (num, den) == (hits, len(pool) * (len(pool) - 1) // 2), q.qid
        right = Percent(num, den).value
        others = [Percent(*map(int, c.value.split("/"))).value for c in q.choices if c.key != key]
        assert all(abs(right - v) >= 1.0 for v in others), "a wrong chance too close to the right one"
    assert len(asked) == 900 and by_river > 10


def test_sd_flush_draw_has_five_outs_in_short_deck_and_nine_in_52_cards() -> None:
    """SD-DECK / HE-DECK: four cards of a suit in sight leave 5 of 9 (short deck) or 9 of 13."""
    for name, outs in (("shortdeck", 5), ("holdem", 9)):
        for seed in range(60):
            (q,) = generate(Kind.OUTS, rules=rules_of(name), level=1, seed=seed)
            if _target(q) == FLUSHES:
                suits = Counter(c.suit for c in q.board + q.hands[0].cards)
                if max(suits.values()) == 4:
                    assert q.answer.numbers == (outs,)


# ---- side pots ---------------------------------------------------------------------------


def chip_by_chip(q: Question) -> dict[str, int]:
    """An independent settlement: every chip level is its own slice, won by the best hand among
    those who reached it; slices with the same players are one pot, split with odd chips
    clockwise from the button (POT-ODD-CHIP)."""
    record = q.setup
    put_in: dict[str, int] = {}
    folded: set[str] = set()
    for line in record[1:]:
        if name_of(line) in ("sp.all_in", "sp.covers", "sp.folded"):
            player, amount = str(line.arg("player")), int(line.arg("amount"))  # type: ignore[arg-type]
            put_in[player] = amount
            if name_of(line) == "sp.folded":
                folded.add(player)
    seats = {str(s.arg("player")): int(s.arg("seat")) for s in record[0].arg("seats").items}  # type: ignore[union-attr]
    button_player = str(record[0].arg("button"))
    strength = _strengths(q, [p for p in put_in if p not in folded])
    got = dict.fromkeys(put_in, 0)
    live = [p for p in put_in if p not in folded]
    top_live = max(put_in[p] for p in live)
    slices: dict[tuple[str, ...], int] = {}
    order: list[tuple[str, ...]] = []
    for level in range(1, max(put_in.values()) + 1):
        chips = sum(1 for p in put_in if put_in[p] >= level)
        reached = tuple(p for p in live if put_in[p] >= level)
        if not reached:  # folded money above every live player: goes to the last pot
            reached = tuple(p for p in live if put_in[p] == top_live)
        if len(reached) == 1 and chips == 1:
            got[reached[0]] += 1  # nobody called this chip: it comes back
            continue
        if reached not in slices:
            order.append(reached)
        slices[reached] = slices.get(reached, 0) + chips
    for eligible in order:
        top = max(strength[p] for p in eligible)
        winners = clockwise_from_button([p for p in eligible if strength[p] == top], seats, seats[button_player])
        share, odd = divmod(slices[eligible], len(winners))
        for i, w in enumerate(winners):
            got[w] += share + (1 if i < odd else 0)
    return got


def _strengths(q: Question, live: list[str]) -> dict[str, int]:
    if q.hands:
        return {h.player: ref_best(h.cards + q.board, q.ranking) for h in q.hands}
    tiers = str(next(x for x in q.setup if name_of(x) == "sp.tiers").arg("tiers")).split(" > ")
    return {p: -i for i, tier in enumerate(tiers) for p in tier.split(" = ")}


def test_pot_side_pots_match_a_chip_by_chip_split() -> None:
    """POT-ALL-IN-CAP, POT-SIDE-ORDER, POT-ODD-CHIP: each player's chips equal an independent
    chip-by-chip settlement; nothing is created or lost; nobody wins more from an opponent
    than they put in themselves."""
    asked = questions(Kind.SIDE_POTS, 300, rules=("shortdeck", "holdem"))
    odd = 0
    for q in asked:
        assert_one_right_answer(q)
        expected = chip_by_chip(q)
        names = [c.value for c in q.choices]
        assert dict(zip(names, q.answer.numbers)) == expected, q.qid
        put_in = {
            str(x.arg("player")): int(x.arg("amount"))  # type: ignore[arg-type]
            for x in q.setup
            if name_of(x) in ("sp.all_in", "sp.covers", "sp.folded")
        }
        assert sum(q.answer.numbers) == sum(put_in.values())
        for p, amount in zip(names, q.answer.numbers):
            cap = sum(min(put_in[p], put_in[o]) for o in put_in)
            assert amount <= max(cap, put_in[p]), (q.qid, p)
        odd += "POT-ODD-CHIP" in q.rule_ids
    assert len(asked) == 1800 and odd > 20


# ---- betting -----------------------------------------------------------------------------


def _replay_table(q: Question, rules: RuleSet) -> Table:
    record = q.record
    assert record is not None
    table = Table(
        hand_id=record.hand_id,
        players=[(s.player, s.seat, s.stack) for s in record.seats],
        button=record.button,
        stakes=record.stakes,
        rules=rules,
    )
    for post in record.posts:
        assert table.post(post) == []
    table.open_preflop()
    order = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
    for i, action in enumerate(record.actions):
        while order.index(action.street) > order.index(table.street):
            assert table.next_to_act() is None, "a street moved on before its betting was over"
            table.end_round()
            table.start_street(order[order.index(table.street) + 1])
        assert table.check(action, i) == [], (q.qid, action)
        table.apply(action)
    street = {"street.flop": Street.FLOP, "street.turn": Street.TURN, "street.river": Street.RIVER}
    if name_of(q.prompt) in ("bt.ask_turn",):
        wanted = street.get(name_of(q.prompt.arg("street")), Street.PREFLOP)  # type: ignore[union-attr]
        while table.street is not wanted:
            table.end_round()
            table.start_street(order[order.index(table.street) + 1])
    elif name_of(q.prompt) in ("bt.ask_min_bet",) and table.next_to_act() is None:
        table.end_round()
        table.start_street(order[order.index(table.street) + 1])
    return table


@pytest.mark.parametrize(
    "name",
    [
        "shortdeck",
        "shortdeck-trips",
        "shortdeck-single-ante",
        "shortdeck-blinds",
        "holdem",
        "holdem-pl",
        "holdem-fl",
        "holdem-tournament",
    ],
)
def test_betting_answers_match_the_replay_engines_table(name: str) -> None:
    """SD-PREFLOP-FIRST, SD-PREFLOP-MIN-RAISE, HE-PREFLOP-ORDER, HE-HEADS-UP, ST-POSTFLOP-ORDER,
    BET-BET, BET-RAISE-MIN, BET-FIXED-LIMIT, SH-ORDER: every action of the situation is legal
    for the replay engine, whose turn it is and the smallest raise are the engine's, and the
    one who shows first is the engine's last aggressor or, with none, the first left of the button."""
    rules = rules_of(name)
    for level in LEVELS:
        for seed in range(60):
            (q,) = generate(Kind.BETTING, rules=rules, level=level, seed=seed)
            assert_one_right_answer(q)
            table = _replay_table(q, rules)
            if name_of(q.prompt) == "bt.ask_turn":
                turn = table.next_to_act()
                assert turn is not None and {q.choice(k).value for k in q.answer.keys} == {turn.name}, q.qid
            elif name_of(q.prompt) in ("bt.ask_min_raise", "bt.ask_min_bet"):
                legal = table.legal()
                assert legal is not None and legal.can_raise, q.qid
                assert q.answer.numbers == (legal.min_to,), q.qid
            else:
                assert name_of(q.prompt) == "bt.ask_show"
                assert table.next_to_act() is None
                still_in = [p for p in table.players if not p.folded]
                if table.last_aggressor is not None:
                    first = table.last_aggressor
                else:
                    button = q.record.button if q.record else None
                    first = clockwise_from_button(
                        [p.name for p in still_in], {p.name: p.seat for p in still_in}, button
                    )[0]
                assert {q.choice(k).value for k in q.answer.keys} == {first}, q.qid
