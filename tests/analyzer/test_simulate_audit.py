"""Simulated nights audit clean under every preset; every planted fault is caught by its code."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.audit.hand import audit_hand
from analyzer.replay.engine import replay
from analyzer.ruleset import load_rules
from analyzer.simulate import FAULT_KINDS, inject_faults, simulate

TABLE_PRESETS = (
    "shortdeck",
    "shortdeck-trips",
    "shortdeck-single-ante",
    "shortdeck-blinds",
    "holdem",
    "holdem-pl",
    "holdem-fl",
    "holdem-tournament",
)


@pytest.mark.parametrize("name", TABLE_PRESETS)
def test_clean_simulated_night_has_zero_problems(name: str) -> None:
    rules = load_rules(name)
    hands = list(simulate(rules, hands=150, players=6, seed=5))
    verdicts = Counter(audit_hand(h, rules).verdict.value for h in hands)
    assert verdicts == {"ok": 150}


def test_simulated_night_has_the_situations_the_audit_must_handle() -> None:
    """Folds, all-ins for less, side pots, split pots and run-it-twice boards all occur."""
    rules = load_rules("shortdeck")
    hands = list(simulate(rules, hands=400, players=6, seed=9, run_twice=0.5))
    assert sum(1 for h in hands if len(h.pots) >= 3) > 10  # multiway side pots
    assert sum(1 for h in hands if len(h.boards) == 2) > 5  # run it twice
    assert sum(1 for h in hands if len({(a.pot, a.run) for a in h.awards}) < len(h.awards)) > 2  # splits
    assert sum(1 for h in hands if any(a.all_in for a in h.actions)) > 50


@pytest.mark.parametrize("name", ["shortdeck", "holdem"])
def test_every_planted_fault_is_caught_with_its_code(name: str) -> None:
    rules = load_rules(name)
    hands = list(simulate(rules, hands=300, players=6, seed=21))
    planted, faults = inject_faults(hands, 40, rules, seed=3)
    kinds = {f.kind for f in faults}
    expected_kinds = set(FAULT_KINDS) - ({"card_not_in_deck"} if rules.deck == 52 else set())
    assert kinds == expected_kinds
    by_id = {h.hand_id: h for h in planted}
    for fault in faults:
        codes = [p.code for p in audit_hand(by_id[fault.hand_id], rules).problems]
        assert fault.code in codes, (fault, codes)
    untouched = {h.hand_id for h in hands} - {f.hand_id for f in faults}
    assert all(audit_hand(by_id[i], rules).verdict.value == "ok" for i in sorted(untouched)[:50])


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(TABLE_PRESETS),
    st.integers(2, 8),
    st.integers(0, 10_000),
)
def test_chips_are_conserved_to_the_unit_in_random_nights(name: str, players: int, seed: int) -> None:
    """BET-NO-TAKE-BACK (property): what the players end with is what they started with."""
    rules = load_rules(name)
    for hand in simulate(rules, hands=4, players=players, seed=seed):
        r = replay(hand, rules)
        owed = r.settlement.owed
        assert sum(owed.values()) == r.total_pot
        assert sum(p.start - p.total + owed.get(p.name, 0) for p in r.players) == sum(s.stack for s in hand.seats)
        for result in r.settlement.results:
            assert set(result.winners) <= set(result.eligible)
