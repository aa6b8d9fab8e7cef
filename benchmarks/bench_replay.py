"""Replay plus audit of simulated native hands, against pokerkit replaying the same hands.

Both run in this process, one core, on the same hands: ours is the whole ``audit_hand``
(every action checked, pots built and settled, every claim compared, the ledger made), with
the engine in its fast mode (stop at the first finding); beside it the engine's replay alone
in both modes, stopping at the first finding and collecting every finding (the mode a hand
with a finding is explained in);
pokerkit's is its state machine replayed action by action (``tests/analyzer/pokerkit_oracle``),
which checks the actions and pays the pots but compares nothing.

Run: ``make bench`` or ``.venv/bin/python -m benchmarks replay``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import warnings

from analyzer.audit.hand import audit_hand
from analyzer.compiled import describe
from analyzer.replay.engine import first_replay, full_replay
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from benchmarks.bench_evaluator import one_core

HANDS = 3000
PEER_HANDS = 600


def _rate(count: int, seconds: float) -> float:
    return count / seconds if seconds else float("inf")


def audit_rate(name: str) -> float:
    """Hands a second of ``audit_hand`` on the benchmark's night of one preset, in this process."""
    rules = load_rules(name)
    hands = list(simulate(rules, hands=HANDS, players=6, seed=1, run_twice=0))
    start = time.perf_counter()
    for hand in hands:
        audit_hand(hand, rules)
    return _rate(len(hands), time.perf_counter() - start)


def pure_rate(name: str) -> float:
    """:func:`audit_rate` with the compiled modules run from their sources (``SIXPLUS_PURE=1``, a subprocess)."""
    code = f"from benchmarks.bench_replay import audit_rate; print(audit_rate({name!r}))"
    env = {**os.environ, "SIXPLUS_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return float(out.stdout)


def main() -> None:
    from tests.analyzer.pokerkit_oracle import replay_in_pokerkit

    with one_core() as where:
        print(f"replay + audit, one core ({where}); {describe()}")
        for name in ("shortdeck", "holdem"):
            rules = load_rules(name)
            hands = list(simulate(rules, hands=HANDS, players=6, seed=1, run_twice=0))
            start = time.perf_counter()
            for hand in hands:
                audit_hand(hand, rules)
            ours = _rate(len(hands), time.perf_counter() - start)
            modes = []
            for mode in (first_replay, full_replay):
                start = time.perf_counter()
                for hand in hands:
                    mode(hand, rules)
                modes.append(_rate(len(hands), time.perf_counter() - start))
            as_python = pure_rate(name)  # pinned too: the subprocess inherits this process's CPU
            peer = hands[:PEER_HANDS]
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                start = time.perf_counter()
                for hand in peer:
                    replay_in_pokerkit(hand, rules)
                theirs = _rate(len(peer), time.perf_counter() - start)
            print(
                f"  {name:<10} sixplus {ours:>9,.0f} hands/s   pokerkit {theirs:>7,.0f} hands/s   "
                f"ratio {ours / theirs:5.1f}x   (targets: 30,000 hands/s, 20x); "
                f"replay alone: first finding {modes[0]:,.0f} hands/s, collecting every finding "
                f"{modes[1]:,.0f} hands/s ({modes[1] / theirs:.1f}x pokerkit); "
                f"as pure Python {as_python:,.0f} hands/s ({as_python / theirs:.1f}x)"
            )
