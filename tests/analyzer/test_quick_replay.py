"""The quick path of the replay (:mod:`analyzer.replay.quick`) against the full engine.

The quick path answers only hands that break no rule, and then must give the very same
``Replay`` as the full engine (check-then-apply over :class:`~analyzer.replay.table.Table`);
for anything else it must step aside (return None). Checked on simulated nights of every
preset, with planted faults, with random mutations of real hands (hypothesis), and over
every PokerStars and GG hand of the corpus.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer.detect import rules_for
from analyzer.replay.engine import full_replay
from analyzer.replay.quick import quick_replay
from analyzer.ruleset import RuleSet, load_rules, preset_names
from analyzer.simulate import inject_faults, simulate
from parsers import formats
from parsers.record import Action, ActionKind, HandRecord, Street

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
TABLE_PRESETS = [name for name in preset_names() if load_rules(name).table.max_players > 2]


@cache
def night(name: str, run_twice: float = 0.0) -> tuple[HandRecord, ...]:
    return tuple(simulate(load_rules(name), hands=300, players=6, seed=11, run_twice=run_twice))


def agrees(record: HandRecord, rules: RuleSet) -> bool:
    """The quick path stepped aside, or gave exactly the full engine's replay."""
    quick = quick_replay(record, rules)
    return quick is None or quick == full_replay(record, rules)


@pytest.mark.parametrize("name", TABLE_PRESETS)
def test_quick_replay_equals_the_full_engine_on_clean_nights(name: str) -> None:
    rules = load_rules(name)
    hands = night(name)
    answered = [h for h in hands if quick_replay(h, rules) is not None]
    for hand in answered:
        assert quick_replay(hand, rules) == full_replay(hand, rules), hand.hand_id
    if rules.betting.structure.value == "fixed-limit" or rules.is_omaha:
        assert not answered  # fixed limit and Omaha are left to the full engine
    else:
        assert len(answered) == len(hands)  # every clean hand takes the quick path


@pytest.mark.parametrize("name", ["shortdeck", "holdem", "shortdeck-blinds"])
def test_quick_replay_equals_the_full_engine_when_the_board_runs_twice(name: str) -> None:
    """Run it twice (no seed id: DESIGN's rule): each run's share of each pot, the odd chip to the first run."""
    rules = load_rules(name)
    hands = night(name, run_twice=0.5)
    runs = [h for h in hands if len(h.boards) > 1]
    assert len(runs) > 10
    for hand in runs:
        quick = quick_replay(hand, rules)
        assert quick is not None and quick == full_replay(hand, rules), hand.hand_id
        assert {result.run for result in quick.settlement.results} == {0, 1}


@pytest.mark.parametrize("name", TABLE_PRESETS)
def test_quick_replay_never_answers_a_hand_with_a_planted_fault(name: str) -> None:
    """Every planted fault the engine itself sees (actions, cards, boards) makes the quick path
    step aside; payout faults are the audit's, and there both paths give the same replay."""
    rules = load_rules(name)
    faulty, faults = inject_faults(list(night(name)), 40, rules, seed=5)
    assert len(faults) == 40
    planted = {f.hand_id for f in faults}
    for hand in faulty:
        full = full_replay(hand, rules)
        quick = quick_replay(hand, rules)
        if full.problems:
            assert quick is None, (hand.hand_id, [p.code for p in full.problems])
        else:
            assert quick is None or quick == full, hand.hand_id
    assert any(full_replay(h, rules).problems for h in faulty if h.hand_id in planted)


_MUTATIONS = ("to_up", "to_down", "kind", "player", "drop", "repeat", "street", "stack", "post", "all_in")


def _mutate(record: HandRecord, what: str, at: int, by: int) -> HandRecord:
    actions = list(record.actions)
    if what in ("stack", "post"):
        if what == "stack":
            seats = list(record.seats)
            s = seats[at % len(seats)]
            seats[at % len(seats)] = dataclasses.replace(s, stack=max(0, s.stack + by))
            return dataclasses.replace(record, seats=tuple(seats))
        if not record.posts:
            return record
        posts = list(record.posts)
        p = posts[at % len(posts)]
        posts[at % len(posts)] = dataclasses.replace(p, amount=max(0, p.amount + by))
        return dataclasses.replace(record, posts=tuple(posts))
    if not actions:
        return record
    i = at % len(actions)
    a = actions[i]
    if what == "to_up":
        actions[i] = dataclasses.replace(a, to=a.to + abs(by))
    elif what == "to_down":
        actions[i] = dataclasses.replace(a, to=max(0, a.to - abs(by)))
    elif what == "kind":
        kinds = list(ActionKind)
        actions[i] = dataclasses.replace(a, kind=kinds[(kinds.index(a.kind) + 1 + by % 4) % len(kinds)])
    elif what == "player":
        names = [s.player for s in record.seats]
        actions[i] = dataclasses.replace(a, player=names[(names.index(a.player) + 1 + by % 5) % len(names)])
    elif what == "drop":
        del actions[i]
    elif what == "repeat":
        actions.insert(i, a)
    elif what == "street":
        streets = list(Street)
        actions[i] = dataclasses.replace(a, street=streets[(streets.index(a.street) + 1) % len(streets)])
    elif what == "all_in":
        actions[i] = dataclasses.replace(a, all_in=not a.all_in)
    return dataclasses.replace(record, actions=tuple(actions))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(["shortdeck", "holdem", "holdem-pl", "shortdeck-blinds", "holdem-tournament"]),
    hand=st.integers(0, 299),
    what=st.sampled_from(_MUTATIONS),
    at=st.integers(0, 40),
    by=st.integers(-500, 500),
)
def test_quick_replay_agrees_with_the_full_engine_on_mutated_hands(
    name: str, hand: int, what: str, at: int, by: int
) -> None:
    rules = load_rules(name)
    record = _mutate(night(name)[hand], what, at, by)
    assert agrees(record, rules)


def test_quick_replay_of_a_raise_below_the_minimum_steps_aside() -> None:
    """BET-RAISE-MIN: a raise of less than the last raise is the full engine's to report."""
    rules = load_rules("holdem")
    hand = next(
        h
        for h in night("holdem")
        if sum(1 for a in h.actions if a.kind is ActionKind.RAISE and a.street is Street.PREFLOP) >= 1
    )
    i, raise_ = next((i, a) for i, a in enumerate(hand.actions) if a.kind is ActionKind.RAISE)
    actions = list(hand.actions)
    actions[i] = Action(raise_.street, raise_.player, ActionKind.RAISE, to=hand.stakes.big_blind + 1)
    broken = dataclasses.replace(hand, actions=tuple(actions))
    assert quick_replay(broken, rules) is None
    assert "RAISE_BELOW_MINIMUM" in [p.code.value for p in full_replay(broken, rules).problems]


# GG: 65 Hold'em and Short Deck hands, 3 Omaha (which the full engine replays)
@pytest.mark.parametrize(("site", "hands"), [("pokerstars", 264), ("ggpoker", 68)])
def test_quick_replay_equals_the_full_engine_on_the_corpus(site: str, hands: int) -> None:
    answered = total = 0
    for path in sorted((CORPUS / site).rglob("*.txt")):
        for record in formats.read_file(path).hands:
            rules = rules_for(record)
            total += 1
            quick = quick_replay(record, rules)
            if quick is not None:
                answered += 1
                assert quick == full_replay(record, rules), (path.name, record.hand_id)
    assert total == hands
    assert answered > total * 3 // 4  # real hands take the quick path too


def wild_hand(rules: RuleSet, seed: int, mistakes: float) -> HandRecord:
    """A hand played through the engine's table by random players who now and then break a
    rule (a raise too small, a check when owing, acting out of turn, a wrong all-in flag, a
    hand that stops early); what follows a mistake still follows the table, so the hand stays
    self-consistent and only the rule itself is broken."""
    import random

    from analyzer.replay.table import Table
    from analyzer.simulate import _post_forced, default_stakes
    from parsers.record import STREETS, Seat, Shown, Source

    rng = random.Random(seed)
    n = rng.randint(2, min(6, rules.table.max_players))
    stakes = default_stakes(rules)
    unit = stakes.big_blind or stakes.ante or 100
    seats = tuple(
        Seat(i + 1, f"P{i + 1}", rng.choice([unit * rng.randint(1, 8), unit * rng.randint(20, 200)])) for i in range(n)
    )
    button = rng.randint(1, n)
    table = Table(
        hand_id=str(seed),
        players=[(s.player, s.seat, s.stack) for s in seats],
        button=button,
        stakes=stakes,
        rules=rules,
    )
    order = [s.player for s in sorted(seats, key=lambda s: (s.seat - button - 1) % 100)]
    posts = _post_forced(table, rules, stakes, order, next(s.player for s in seats if s.seat == button))
    table.open_preflop()
    actions: list[Action] = []
    street = Street.PREFLOP
    while True:
        while (legal := table.legal()) is not None:
            name = legal.player
            if rng.random() < mistakes / 3:  # someone else acts
                name = rng.choice([s.player for s in seats])
            p = table.by_name[name]
            reach = p.street + p.stack
            roll = rng.random()
            if roll < 0.15:
                kind, to = ActionKind.FOLD, 0
            elif roll < 0.55 or reach <= table.current_bet or (not legal.can_raise and rng.random() >= mistakes):
                owed = table.current_bet > p.street
                kind, to = (ActionKind.CALL, min(table.current_bet, reach)) if owed else (ActionKind.CHECK, 0)
                if owed and rng.random() < mistakes:
                    kind, to = ActionKind.CHECK, 0
            else:
                kind = ActionKind.RAISE if table.current_bet else ActionKind.BET
                low = legal.min_to if rng.random() > mistakes else table.current_bet + 1
                high = legal.max_to if name == legal.player and rng.random() >= mistakes else reach
                to = rng.choice([low, high, rng.randint(min(low, high), high)])
                if rng.random() < mistakes:  # just off the limits
                    to = rng.choice([legal.min_to - 1, legal.max_to + 1])
            all_in = kind not in (ActionKind.FOLD, ActionKind.CHECK) and to == reach
            if rng.random() < mistakes / 3:
                all_in = not all_in
            action = Action(street, name, kind, to, all_in=all_in)
            table.apply(action)
            actions.append(action)
            if p.folded and name != legal.player:
                break
        if table.in_hand_count() <= 1 or street is Street.RIVER or rng.random() < mistakes / 4:
            break
        table.end_round()
        if table.live_count() < 2:
            break
        street = STREETS[STREETS.index(street) + 1]
        table.start_street(street)
    deck = [c for c in VALID if rules.deck == 52 or c[0] not in "2345"]
    rng.shuffle(deck)
    size = 5 if table.in_hand_count() >= 2 else {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4}.get(street, 5)
    board = tuple(deck.pop() for _ in range(size))
    shown = tuple(Shown(s.player, (deck.pop(), deck.pop())) for s in seats)
    return HandRecord(
        hand_id=str(seed),
        seats=seats,
        button=button,
        posts=tuple(posts),
        actions=tuple(actions),
        boards=(board,),
        shown=shown,
        stakes=stakes,
        source=Source(format="native"),
    )


VALID = [r + s for r in "23456789TJQKA" for s in "shdc"]


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(
        ["shortdeck", "holdem", "holdem-pl", "shortdeck-blinds", "holdem-tournament", "shortdeck-single-ante"]
    ),
    seed=st.integers(0, 2**32),
    mistakes=st.sampled_from([0.0, 0.02, 0.1, 0.3]),
)
def test_quick_replay_agrees_with_the_full_engine_on_wild_hands(name: str, seed: int, mistakes: float) -> None:
    """Every rule of the betting (turn order, BET-CHECK, BET-CALL, BET-RAISE-MIN, BET-BET,
    BET-INCOMPLETE-RAISE, BET-POT-LIMIT, BET-ROUND-END, BET-STACK-LIVE) broken at random in
    otherwise consistent hands: the quick path gives the full engine's replay or steps aside,
    and steps aside whenever the full engine finds a problem."""
    rules = load_rules(name)
    record = wild_hand(rules, seed, mistakes)
    full = full_replay(record, rules)
    quick = quick_replay(record, rules)
    if full.problems:
        assert quick is None, [p.code.value for p in full.problems]
    else:
        assert quick == full


def test_wild_hands_are_mostly_answered_by_the_quick_path_and_often_broken() -> None:
    """The test above is only as good as its hands: both outcomes must be common."""
    rules = load_rules("holdem")
    outcomes = [full_replay(h, rules).problems == () for h in (wild_hand(rules, s, 0.1) for s in range(300))]
    assert 60 < sum(outcomes) < 240
    clean = [wild_hand(rules, s, 0.0) for s in range(300)]
    assert sum(quick_replay(h, rules) is not None for h in clean) > 280


def test_bet_incomplete_raise_in_a_finished_hand_is_found_through_the_quick_path() -> None:
    """BET-INCOMPLETE-RAISE: in a hand that is otherwise in order, Ben's re-raise after Carla's
    short all-in is the one problem, and the audit (which tries the quick path first) finds it."""
    from tests.analyzer.hands import audit, record

    text = """
rules holdem
stakes sb=1 bb=2
seats Anna 200, Ben 200, Carla 16
button Anna
deal
preflop Anna c Ben c Carla x
flop 9h 8d 7c: Ben b10 Carla a Anna c Ben r30 Anna c
turn 2s: Ben x Anna x
river 3d: Ben x Anna x
show Anna Ah Ad
show Ben Kh Kd
show Carla Qh Qd
win Anna 80
"""
    rules = load_rules("holdem")
    assert quick_replay(record(text), rules) is None
    assert [p.code.value for p in audit(text).problems] == ["RAISE_NOT_REOPENED"]
    fine = text.replace("Ben r30 Anna c", "Ben c").replace("win Anna 80", "win Anna 48")
    assert quick_replay(record(fine), rules) is not None
    assert audit(fine).verdict.value == "ok"
