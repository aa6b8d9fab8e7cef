"""One engine, two modes of one loop (:mod:`analyzer.replay.engine`): stop at the first
finding (:func:`first_replay`, the fast path of clean hands) or collect every finding
(:func:`full_replay`).

The first-finding mode answers only hands with no finding, and then must give the very same
``Replay`` as the collecting mode; for anything else it must stop (return None). Checked on
simulated nights of every preset, with planted faults, with random mutations of real hands
(hypothesis), with randomly broken hands, and over every PokerStars and GG hand of the
corpus. And each betting rule is written once, in :mod:`analyzer.replay.rules` (an AST scan).
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer.detect import rules_for
from analyzer.replay.engine import first_replay, full_replay
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
    """The first-finding mode stepped aside, or gave exactly the collecting mode's replay."""
    first = first_replay(record, rules)
    return first is None or first == full_replay(record, rules)


@pytest.mark.parametrize("name", TABLE_PRESETS)
def test_first_finding_mode_equals_collecting_mode_on_clean_nights(name: str) -> None:
    rules = load_rules(name)
    hands = night(name)
    answered = [h for h in hands if first_replay(h, rules) is not None]
    for hand in answered:
        assert first_replay(hand, rules) == full_replay(hand, rules), hand.hand_id
    assert len(answered) == len(hands)  # every clean hand of every game stops nowhere (fixed limit too)


@pytest.mark.parametrize("name", ["shortdeck", "holdem", "shortdeck-blinds"])
def test_first_finding_mode_equals_collecting_mode_when_the_board_runs_twice(name: str) -> None:
    """Run it twice (no seed id: DESIGN's rule): each run's share of each pot, the odd chip to the first run."""
    rules = load_rules(name)
    hands = night(name, run_twice=0.5)
    runs = [h for h in hands if len(h.boards) > 1]
    assert len(runs) > 10
    for hand in runs:
        first = first_replay(hand, rules)
        assert first is not None and first == full_replay(hand, rules), hand.hand_id
        assert {result.run for result in first.settlement.results} == {0, 1}


@pytest.mark.parametrize("name", TABLE_PRESETS)
def test_first_finding_mode_stops_at_every_planted_fault(name: str) -> None:
    """Every planted fault the engine itself sees (actions, cards, boards) makes the first-finding mode
    step aside; payout faults are the audit's, and there both paths give the same replay."""
    rules = load_rules(name)
    faulty, faults = inject_faults(list(night(name)), 40, rules, seed=5)
    assert len(faults) == 40
    planted = {f.hand_id for f in faults}
    for hand in faulty:
        full = full_replay(hand, rules)
        first = first_replay(hand, rules)
        if full.problems:
            assert first is None, (hand.hand_id, [p.code for p in full.problems])
        else:
            assert first is None or first == full, hand.hand_id
    assert any(full_replay(h, rules).problems for h in faulty if h.hand_id in planted)


_MUTATIONS = ("to_up", "to_down", "kind", "player", "drop", "repeat", "street", "stack", "post", "all_in")


def _mutate(record: HandRecord, what: str, at: int, by: int) -> HandRecord:
    actions = list(record.actions)
    if what in ("stack", "post"):
        if what == "stack":
            seats = list(record.seats)
            s = seats[at % len(seats)]
            seats[at % len(seats)] = msgspec.structs.replace(s, stack=max(0, s.stack + by))
            return msgspec.structs.replace(record, seats=tuple(seats))
        if not record.posts:
            return record
        posts = list(record.posts)
        p = posts[at % len(posts)]
        posts[at % len(posts)] = msgspec.structs.replace(p, amount=max(0, p.amount + by))
        return msgspec.structs.replace(record, posts=tuple(posts))
    if not actions:
        return record
    i = at % len(actions)
    a = actions[i]
    if what == "to_up":
        actions[i] = msgspec.structs.replace(a, to=a.to + abs(by))
    elif what == "to_down":
        actions[i] = msgspec.structs.replace(a, to=max(0, a.to - abs(by)))
    elif what == "kind":
        kinds = list(ActionKind)
        actions[i] = msgspec.structs.replace(a, kind=kinds[(kinds.index(a.kind) + 1 + by % 4) % len(kinds)])
    elif what == "player":
        names = [s.player for s in record.seats]
        actions[i] = msgspec.structs.replace(a, player=names[(names.index(a.player) + 1 + by % 5) % len(names)])
    elif what == "drop":
        del actions[i]
    elif what == "repeat":
        actions.insert(i, a)
    elif what == "street":
        streets = list(Street)
        actions[i] = msgspec.structs.replace(a, street=streets[(streets.index(a.street) + 1) % len(streets)])
    elif what == "all_in":
        actions[i] = msgspec.structs.replace(a, all_in=not a.all_in)
    return msgspec.structs.replace(record, actions=tuple(actions))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(["shortdeck", "holdem", "holdem-pl", "shortdeck-blinds", "holdem-tournament"]),
    hand=st.integers(0, 299),
    what=st.sampled_from(_MUTATIONS),
    at=st.integers(0, 40),
    by=st.integers(-500, 500),
)
def test_first_finding_mode_agrees_with_collecting_mode_on_mutated_hands(
    name: str, hand: int, what: str, at: int, by: int
) -> None:
    rules = load_rules(name)
    record = _mutate(night(name)[hand], what, at, by)
    assert agrees(record, rules)


def test_first_finding_mode_stops_at_a_raise_below_the_minimum() -> None:
    """BET-RAISE-MIN: a raise of less than the last raise is the collecting mode's to report."""
    rules = load_rules("holdem")
    hand = next(
        h
        for h in night("holdem")
        if sum(1 for a in h.actions if a.kind is ActionKind.RAISE and a.street is Street.PREFLOP) >= 1
    )
    i, raise_ = next((i, a) for i, a in enumerate(hand.actions) if a.kind is ActionKind.RAISE)
    actions = list(hand.actions)
    actions[i] = Action(raise_.street, raise_.player, ActionKind.RAISE, to=hand.stakes.big_blind + 1)
    broken = msgspec.structs.replace(hand, actions=tuple(actions))
    assert first_replay(broken, rules) is None
    assert "RAISE_BELOW_MINIMUM" in [p.code.value for p in full_replay(broken, rules).problems]


# GG: 65 Hold'em and Short Deck hands, 3 Omaha
@pytest.mark.parametrize(("site", "hands"), [("pokerstars", 264), ("ggpoker", 68)])
def test_first_finding_mode_equals_collecting_mode_on_the_corpus(site: str, hands: int) -> None:
    answered = total = 0
    for path in sorted((CORPUS / site).rglob("*.txt")):
        for record in formats.read_file(path).hands:
            rules = rules_for(record)
            total += 1
            first = first_replay(record, rules)
            if first is not None:
                answered += 1
                assert first == full_replay(record, rules), (path.name, record.hand_id)
    assert total == hands
    assert answered > total * 3 // 4  # real hands take the first-finding mode too


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
def test_first_finding_mode_agrees_with_collecting_mode_on_wild_hands(name: str, seed: int, mistakes: float) -> None:
    """Every rule of the betting (turn order, BET-CHECK, BET-CALL, BET-RAISE-MIN, BET-BET,
    BET-INCOMPLETE-RAISE, BET-POT-LIMIT, BET-ROUND-END, BET-STACK-LIVE) broken at random in
    otherwise consistent hands: the first-finding mode gives the collecting mode's replay or steps aside,
    and steps aside whenever the collecting mode finds a problem."""
    rules = load_rules(name)
    record = wild_hand(rules, seed, mistakes)
    full = full_replay(record, rules)
    first = first_replay(record, rules)
    if full.problems:
        assert first is None, [p.code.value for p in full.problems]
    else:
        assert first == full


def test_wild_hands_are_mostly_answered_by_the_first_finding_mode_and_often_broken() -> None:
    """The test above is only as good as its hands: both outcomes must be common."""
    rules = load_rules("holdem")
    outcomes = [full_replay(h, rules).problems == () for h in (wild_hand(rules, s, 0.1) for s in range(300))]
    assert 60 < sum(outcomes) < 240
    clean = [wild_hand(rules, s, 0.0) for s in range(300)]
    assert sum(first_replay(h, rules) is not None for h in clean) > 280


def test_bet_incomplete_raise_in_a_finished_hand_is_found_through_the_first_finding_mode() -> None:
    """BET-INCOMPLETE-RAISE: in a hand that is otherwise in order, Ben's re-raise after Carla's
    short all-in is the one problem, and the audit (which tries the first-finding mode first) finds it."""
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
    assert first_replay(record(text), rules) is None
    assert [p.code.value for p in audit(text).problems] == ["RAISE_NOT_REOPENED"]
    fine = text.replace("Ben r30 Anna c", "Ben c").replace("win Anna 80", "win Anna 48")
    assert first_replay(record(fine), rules) is not None
    assert audit(fine).verdict.value == "ok"


# ---- each betting rule written once ---------------------------------------------------------

ANALYZER = Path(__file__).resolve().parents[2] / "analyzer"
RULES_MODULE = ANALYZER / "replay" / "rules.py"
#: the rules :mod:`analyzer.replay.rules` defines, each the only definition of its rule
RULE_FUNCTIONS = (
    "to_act",
    "call_to",
    "reopens",
    "smallest_to",
    "min_to",
    "max_to",
    "too_small",
    "pot_limit_to",
    "next_min_raise",
    "opening_min_raise",
    "fixed_size",
    "opener",
    "return_uncalled",
    "is_live",
)


def _engine_sources() -> list[Path]:
    """Every module of the package that plays or audits hands; the quizzes' question tracker
    (``analyzer/quiz``) is a separate generator whose answers its tests check against the engine."""
    return [p for p in sorted(ANALYZER.rglob("*.py")) if "quiz" not in p.parts]


def _names(node: ast.AST) -> set[str]:
    """The names and attribute names an expression reads (``self.min_raise`` -> ``min_raise``)."""
    out = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            out.add(sub.id)
        elif isinstance(sub, ast.Attribute):
            out.add(sub.attr)
    return out


def _rule_sites(tree: ast.AST) -> dict[str, int]:
    """Where a module computes a betting rule itself rather than calling the rules module:
    the reopening test (what was bet since a player acted), the smallest raise (a difference
    weighed against ``min_raise``), whose turn (a loop over players testing folded and acted),
    and the uncalled bet (the top amount less the second)."""
    sites: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
            read = _names(node)
            if "acted_level" in read:
                sites.setdefault("reopens", node.lineno)
            plain = not any(isinstance(s, ast.Call) for s in ast.walk(node))
            if plain and {"second", "ranked"} & read:
                sites.setdefault("return_uncalled", node.lineno)
        if isinstance(node, (ast.Compare, ast.Call)):
            subtracts = any(isinstance(s, ast.BinOp) and isinstance(s.op, ast.Sub) for s in ast.walk(node))
            if subtracts and "min_raise" in _names(node):
                sites.setdefault("min_raise", node.lineno)
        if isinstance(node, ast.For):
            tested = set().union(*(_names(s.test) for s in ast.walk(node) if isinstance(s, ast.If)))
            if {"folded", "acted"} <= tested:
                sites.setdefault("to_act", node.lineno)
    return sites


def test_each_betting_rule_has_one_definition_in_the_rules_module() -> None:
    """DESIGN's "one engine": whose turn, the call, the smallest and largest raise, reopening,
    the uncalled bet, the opener are functions of analyzer/replay/rules.py, defined nowhere else."""
    defined: dict[str, list[str]] = {}
    for path in _engine_sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.lstrip("_") in RULE_FUNCTIONS:
                name = node.name.lstrip("_")
                if path.name == "table.py" and name in _names(node.body[-1]):
                    continue  # a Table method that passes the table's lists to the rule of its name
                defined.setdefault(name, []).append(str(path.relative_to(ANALYZER)))
    assert defined == {name: ["replay/rules.py"] for name in RULE_FUNCTIONS}


def test_no_module_but_the_rules_module_computes_a_betting_rule_itself() -> None:
    """The table, the engine, the pots, the audit and the simulator call the rules; an AST scan
    finds no reopening test, smallest-raise sum, whose-turn loop or uncalled-bet sum elsewhere."""
    found = {
        str(path.relative_to(ANALYZER)): sites
        for path in _engine_sources()
        if path != RULES_MODULE and (sites := _rule_sites(ast.parse(path.read_text())))
    }
    assert found == {}
    assert set(_rule_sites(ast.parse(RULES_MODULE.read_text()))) == {
        "reopens",
        "to_act",
        "return_uncalled",
        "min_raise",
    }  # the scan sees them


def test_the_uncalled_bet_of_the_pots_module_is_the_rules_module_s() -> None:
    """pots.uncalled (the quizzes' side pots) is the rules' return_uncalled over a mapping."""
    from librt.vecs import vec
    from mypy_extensions import i64

    from analyzer.replay.pots import uncalled
    from analyzer.replay.rules import return_uncalled

    assert uncalled({"Anna": 300, "Ben": 100, "Carla": 50}) == ("Anna", 200)
    assert return_uncalled(vec[i64]([300, 100, 50])) == (0, 200)
    assert uncalled({"Anna": 100, "Ben": 100}) is None and return_uncalled(vec[i64]([100, 100])) == (-1, 0)
    tree = ast.parse((ANALYZER / "replay" / "pots.py").read_text())
    body = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "uncalled")
    assert "return_uncalled" in _names(body)
