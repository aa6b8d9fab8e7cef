"""A short fuzzing run in the test suite: mutated corpus files through every reader, the
audit, the store rows and the writers (tests/reliability/fuzz.py); the long run (100,000
inputs) is ``python -m benchmarks reliability``."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parsers.formats import names
from tests.reliability import fuzz


@cache
def _seeds() -> dict[str, list[bytes]]:
    return fuzz.seeds()


def test_every_registered_reader_is_fuzzed_and_has_seeds() -> None:
    assert set(names()) <= set(fuzz.readers())
    assert {"pokernow-ledger", "buyins", "casino"} <= set(fuzz.readers())
    assert all(_seeds()[reader] for reader in fuzz.readers())


@pytest.mark.parametrize("reader", fuzz.readers())
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
@given(choice=st.integers(min_value=0), rng=st.randoms(use_true_random=False))
def test_mutated_inputs_give_only_documented_errors_within_the_time_bound(
    reader: str, choice: int, rng: random.Random
) -> None:
    seeds = _seeds()[reader]
    data = fuzz.mutate(fuzz.window(seeds[choice % len(seeds)], rng), rng, fuzz.window(rng.choice(seeds), rng))
    outcome = fuzz.run_one(reader, data)
    assert outcome.failure is None, outcome.detail or outcome.failure


@pytest.mark.parametrize("reader", fuzz.readers())
def test_each_seed_of_a_reader_reads_without_failure(reader: str) -> None:
    for data in _seeds()[reader][:40]:
        outcome = fuzz.run_one(reader, fuzz.window(data, random.Random(1)))
        assert outcome.failure is None, outcome.detail or outcome.failure


LONG_LINES = {
    "pokerstars": fuzz.SAMPLES / "pokerstars-6plus-night.txt",
    "ggpoker": fuzz.SAMPLES / "ggpoker-shortdeck-night.txt",
    "pokernow": fuzz.SAMPLES / "pokernow-holdem-log.csv",
    "phh": fuzz.SAMPLES / "holdem-night.phhs",
    "ggpoker-tournament": next(iter(sorted((fuzz.CORPUS / "ggpoker" / "tournament").glob("*.txt")))),
    "pokerstars-tournament": next(iter(sorted((fuzz.CORPUS / "pokerstars" / "tournament").glob("*.txt")))),
}


@pytest.mark.parametrize("name", sorted(LONG_LINES))
def test_long_runs_of_spaces_in_any_line_stay_within_the_time_bound(name: str) -> None:
    """50,000 spaces at each word boundary of a hand's lines: no line pattern is quadratic."""
    reader = name.split("-")[0]
    lines = LONG_LINES[name].read_bytes().split(b"\n")[:45]
    for i, line in enumerate(lines):
        for at in sorted({0, line.find(b" ") + 1, line.find(b":") + 1, line.find(b"(") + 1, len(line) // 2}):
            data = b"\n".join([*lines[:i], line[:at] + b" " * 50_000 + line[at:], *lines[i + 1 :]])
            outcome = fuzz.run_one(reader, data)
            assert outcome.failure is None, (i, at, outcome.failure, outcome.detail)
