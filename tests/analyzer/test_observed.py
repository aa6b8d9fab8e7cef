"""Observed frequencies from the store against exact probabilities: the counts, the exact
probabilities (plain enumerations here), Wilson intervals and the chi-square p-values.

SD-DECK and HE-DECK fix the decks; SD-LOW-STRAIGHT makes A-6-7-8-9 a straight.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cards import FULL_DECK, SHORT_DECK, Card
from analyzer.cli import cli
from analyzer.evaluator import Ranking
from analyzer.evaluator.reference import best_five
from analyzer.observed import (
    MIN_SAMPLE,
    chi_square,
    compare,
    pocket_pair_probability,
    set_on_flop_probability,
    upper_gamma,
    wheel_straight_probability,
    wilson,
)
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from analyzer.store.importer import import_paths
from analyzer.store.store import Store
from parsers import native
from parsers.record import HandRecord
from tests.analyzer.test_stats import NIGHT, record


@pytest.mark.parametrize(
    ("df", "x", "tail"),
    [
        (1, 3.841458820694124, 0.05),
        (2, 5.991464547107979, 0.05),
        (8, 15.50731305586545, 0.05),
        (10, 23.20925115895471, 0.01),
        (1, 10.827566170662733, 0.001),
        (30, 43.77297182574219, 0.05),
    ],
)
def test_chi_square_tail_matches_the_published_critical_values(df: int, x: float, tail: float) -> None:
    assert upper_gamma(df / 2, x / 2) == pytest.approx(tail, rel=1e-6)


def test_wilson_interval_matches_its_formula_and_stays_in_bounds() -> None:
    low, high = wilson(10, 100)  # type: ignore[misc]
    assert (round(low, 4), round(high, 4)) == (0.0552, 0.1744)
    assert wilson(0, 50)[0] == 0.0  # type: ignore[index]
    assert wilson(50, 50)[1] == 1.0  # type: ignore[index]


def test_chi_square_pools_rare_categories_and_flags_a_loaded_sample() -> None:
    probabilities = [0.5, 0.3, 0.19, 0.01]
    fair = chi_square([500, 300, 190, 10], probabilities)
    assert fair == (0.0, 3, 1.0)
    _, degrees, p = chi_square([50, 30, 17, 3], probabilities)  # the last bin expected once: pooled
    assert degrees == 2 and p > 0.5
    _, _, loaded = chi_square([400, 300, 290, 10], probabilities)
    assert loaded < 1e-10


def test_pocket_pairs_and_flopped_sets_against_a_plain_count() -> None:
    for deck in (SHORT_DECK, FULL_DECK):
        cards = list(deck.cards)
        pairs = sum(1 for a, b in combinations(cards, 2) if a.rank == b.rank)
        assert pocket_pair_probability(deck.size) == Fraction(pairs, len(cards) * (len(cards) - 1) // 2)
        nines = [c for c in cards if c.rank == 9]
        rest = [c for c in cards if c not in nines[:2]]
        flops = list(combinations(rest, 3))
        hits = sum(1 for f in flops if any(c.rank == 9 for c in f))
        assert set_on_flop_probability(deck.size) == Fraction(hits, len(flops))


def test_wheel_straight_probability_agrees_with_a_sample_sd_low_straight() -> None:
    """A seeded sample of 6,000 seven-card hands judged by the reference evaluator lands in the
    99.9% Wilson interval around the enumerated probability."""
    for ranking in (Ranking.STRAIGHT_OVER_TRIPS, Ranking.TRIPS_OVER_STRAIGHT):
        exact = wheel_straight_probability(ranking)
        rng = random.Random(str(ranking))
        deck = list(SHORT_DECK.cards)
        n = 6_000
        hits = 0
        for _ in range(n):
            _, category, used = best_five(tuple(rng.sample(deck, 7)), ranking)
            hits += category.value == "straight" and max(c.rank for c in used if c.rank != 14) == 9
        low, high = wilson(hits, n, z=3.2905)  # type: ignore[misc]
        assert low <= float(exact) <= high
    assert wheel_straight_probability(Ranking.STRAIGHT_OVER_TRIPS) > wheel_straight_probability(
        Ranking.TRIPS_OVER_STRAIGHT
    )  # under trips-over-straight some of those hands are trips instead


def plain_categories(records: list[HandRecord], ranking: Ranking) -> tuple[Counter[str], Counter[str]]:
    dealt: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    for rec in records:
        folded = {a.player for a in rec.actions if a.kind == "fold"}
        showdown = len([s for s in rec.seats if s.player not in folded]) >= 2
        board = rec.boards[0]
        for s in rec.shown:
            if len(board) == 5 and "??" not in s.cards:
                category = best_five(tuple(Card.from_text(c) for c in (*s.cards, *board)), ranking)[1].value
                dealt[category] += 1
                if showdown and s.player not in folded:
                    shown[category] += 1
    return dealt, shown


def test_observed_counts_from_a_simulated_night_match_a_plain_count(tmp_path: Path) -> None:
    records = list(simulate(load_rules("shortdeck"), hands=200, players=6, seed=9))
    path = tmp_path / "night.jsonl"
    path.write_text(native.write(records), encoding="utf-8")
    store = Store(tmp_path / "store")
    import_paths([path], store, workers=1)
    dealt, events, shown = None, None, None
    for c in compare(store.scan("players")):
        if c.title.startswith("Best hand of every"):
            dealt = c
        elif c.title.startswith("Best hand at showdown"):
            shown = c
        else:
            events = c
    assert dealt is not None and shown is not None and events is not None
    plain_dealt, plain_shown = plain_categories(records, Ranking.STRAIGHT_OVER_TRIPS)
    assert {ln.name: ln.count for ln in dealt.lines if ln.count} == dict(plain_dealt)
    assert {ln.name: ln.count for ln in shown.lines if ln.count} == dict(plain_shown)
    assert dealt.note is None  # the simulator shows every hand
    pairs = sum(1 for rec in records for s in rec.shown if s.cards[0][0] == s.cards[1][0])
    assert (events.lines[0].count, events.lines[0].total) == (pairs, 1200)
    assert dealt.p_value is not None and 0 <= dealt.p_value <= 1
    assert shown.note is not None and "fold weak hands" in str(shown.note)


def test_a_small_sample_carries_a_caution_instead_of_a_verdict(tmp_path: Path) -> None:
    path = tmp_path / "two.jsonl"
    path.write_text(native.write([record(text, f"n{i}") for i, text in enumerate(NIGHT)]), encoding="utf-8")
    store = Store(tmp_path / "store")
    import_paths([path], store, workers=1)
    first = compare(store.scan("players"))[0]
    assert str(first.caution) == f"only 2 hands: too few to judge (a test needs at least {MIN_SAMPLE})"
    assert first.p_value is None
    assert str(first.note) == "only 2 of 8 dealt hands have known hole cards: those shown lean toward strong hands"
    result = CliRunner().invoke(cli, ["frequencies", "--store", str(tmp_path / "store"), "--json"])
    assert result.exit_code == 0
    assert '"caution": "only 2 hands' in result.stdout


def test_frequencies_store_on_an_empty_store_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["frequencies", "--store", str(tmp_path / "nothing")])
    assert result.exit_code == 2
    assert (
        result.stderr.strip()
        == f"sixplus: the store {tmp_path / 'nothing'} holds no hands: add some with sixplus import"
    )
