"""The audit of a hand leaves no reference cycle behind: everything it makes is freed by its
reference counts, none waits for the cyclic collector (whose passes cost an import of a night
as much as the audit itself when every showdown leaves a cycle). A behaviour test, not a timing
test: it counts what ``gc.collect()`` finds, pure and compiled alike."""

from __future__ import annotations

import gc

import pytest

from analyzer.audit.hand import audit_hand
from analyzer.ruleset import load_rules
from analyzer.simulate import inject_faults, simulate


@pytest.mark.parametrize("name", ["holdem", "shortdeck", "shortdeck-trips", "omaha-pl", "omaha-hilo-pl"])
def test_audit_hand_leaves_no_garbage_cycle(name: str) -> None:
    rules = load_rules(name)
    hands = list(simulate(rules, hands=120, players=6, seed=4, run_twice=0.3))
    planted, faults = inject_faults(hands, 12, rules, seed=2)
    assert faults  # hands with problems too: the failing branches make their words
    for hand in planted:  # once first: the caches and lazy imports settle
        audit_hand(hand, rules)
    gc.collect()
    gc.disable()
    try:
        audits = [audit_hand(hand, rules) for hand in planted]
        left = gc.collect()
    finally:
        gc.enable()
    assert sum(1 for a in audits if a.verdict.value != "ok") >= len(faults) // 2
    assert sum(1 for a in audits for p in a.pots if len(p.winners) >= 1 and p.hand) > 10  # showdowns
    assert left == 0
