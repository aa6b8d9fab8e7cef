"""Omaha beside Hold'em, measured in one run on the same machine.

- evaluations a second: the best Omaha high hand (two of four hole cards and three of five
  board cards: 60 five-card hands a deal) in numpy batches, and the ace-to-five low, beside
  Hold'em 7-card hands in batches; one deal at a time in a Python loop beside pokerkit 0.7.7's
  ``OmahaHoldemHand`` (its only entry point);
- replay+audit of simulated hands a second: PLO and PLO Hi/Lo (the full engine) beside
  no-limit Hold'em (the quick path where a hand is clean).

Run: ``make bench`` or ``.venv/bin/python -m benchmarks omaha``.
"""

from __future__ import annotations

import time

import numpy as np

from analyzer.audit.hand import audit_hand
from analyzer.evaluator import Ranking, strengths
from analyzer.evaluator.lowball import omaha_low
from analyzer.evaluator.omaha import omaha_high
from analyzer.evaluator.omaha_batch import omaha_high_batch, omaha_low_batch
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate

DEALS = 200_000
LOOP = 5_000
HANDS = 300


def _deals(n: int, seed: int = 7) -> tuple[np.ndarray, np.ndarray]:  # type: ignore[type-arg]
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :9].astype(np.uint8)
    return cards[:, :4], cards[:, 4:]


def _rate(n: int, seconds: float) -> str:
    return f"{n / seconds:>14,.0f} a second"


def main() -> None:
    holes, boards = _deals(DEALS)
    start = time.perf_counter()
    omaha_high_batch(holes, boards)
    high = time.perf_counter() - start
    start = time.perf_counter()
    omaha_low_batch(holes, boards)
    low = time.perf_counter() - start
    sevens = np.concatenate([holes[:, :2], boards], axis=1)
    start = time.perf_counter()
    strengths(sevens, Ranking.STANDARD)
    holdem = time.perf_counter() - start
    print(f"Omaha high deals, numpy batch      {_rate(DEALS, high)}  ({DEALS * 60 / high:,.0f} five-card hands)")
    print(f"Omaha low deals, numpy batch       {_rate(DEALS, low)}")
    print(f"Hold'em 7-card hands, batch        {_rate(DEALS, holdem)}  (Omaha high: {holdem / high:.2f}x of it)")
    h, b = holes[:LOOP].tolist(), boards[:LOOP].tolist()
    start = time.perf_counter()
    for i in range(LOOP):
        omaha_high(h[i], b[i])
        omaha_low(h[i], b[i])
    ours = time.perf_counter() - start
    print(f"Omaha high+low, one deal at a time {_rate(LOOP, ours)}")
    try:
        from pokerkit import Card, OmahaHoldemHand

        text = [
            ("".join(repr(c) for c in Card.parse(_text(h[i]))), "".join(repr(c) for c in Card.parse(_text(b[i]))))
            for i in range(LOOP // 5)
        ]
        start = time.perf_counter()
        for hole, board in text:
            OmahaHoldemHand.from_game(hole, board)
        theirs = time.perf_counter() - start
        ratio = ours / LOOP / (theirs / len(text))
        print(f"pokerkit OmahaHoldemHand (high)    {_rate(len(text), theirs)}  (ours, high+low: {ratio:.2f}x its time)")
    except ImportError:  # pragma: no cover - pokerkit is in the test extras
        print("pokerkit not installed: no peer")
    for name in ("omaha-pl", "omaha-hilo-pl", "holdem"):
        rules = load_rules(name)
        hands = list(simulate(rules, hands=HANDS, players=6, seed=5))
        start = time.perf_counter()
        for hand in hands:
            audit_hand(hand, rules)
        took = time.perf_counter() - start
        print(f"replay+audit {name:<14}        {_rate(HANDS, took)}")


_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


def _text(indices: list[int]) -> str:
    return "".join(_RANKS[i // 4] + _SUITS[i % 4] for i in indices)


if __name__ == "__main__":
    main()
