"""Range notation on both decks: exact combination counts, errors that name the bad token,
and equity against a range (exact where it fits, else sampled with its error bar)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from analyzer.equity import equity
from analyzer.ranges import RangeError, parse_range, range_equity


@pytest.mark.parametrize(
    ("text", "deck", "count"),
    [
        ("QQ+", 36, 3 * 6),  # QQ, KK, AA
        ("QQ+", 52, 3 * 6),
        ("66+", 36, 9 * 6),
        ("22+", 52, 13 * 6),
        ("99-66", 36, 4 * 6),
        ("66-99", 36, 4 * 6),
        ("AK", 36, 16),
        ("AKs", 52, 4),
        ("AKo", 52, 12),
        ("A9s-A6s", 36, 4 * 4),
        ("A9s+", 36, 5 * 4),  # A9s, ATs, AJs, AQs, AKs
        ("T9o", 36, 12),
        ("KTo+", 52, 3 * 12),  # KTo, KJo, KQo
        ("AsKd", 36, 1),
        ("random", 36, 630),
        ("any", 52, 1326),
        ("QQ+, AK", 36, 18 + 16),
        ("AKs, AK", 36, 16),  # each combination once
        ("qq+, aks", 36, 18 + 4),  # any case
    ],
)
def test_range_notation_counts_every_combination_once(text: str, deck: int, count: int) -> None:
    combos = parse_range(text, deck=deck).combos
    assert len(combos) == count
    assert len({frozenset(c) for c in combos}) == count


@pytest.mark.parametrize(
    ("text", "token", "expected"),
    [
        ("QQ+, 55", "55", "ranks the 36-card deck holds (6 to A)"),
        ("A5s", "A5s", "ranks the 36-card deck holds (6 to A)"),
        ("QQ+, AX", "AX", "a hand like QQ, QQ+, 99-66"),
        ("A9s-K6s", "A9s-K6s", "a run with the same top card"),
        ("AsAs", "AsAs", "two different cards"),
        ("", "", "one or more hands"),
    ],
)
def test_a_bad_token_is_named_with_what_was_expected(text: str, token: str, expected: str) -> None:
    with pytest.raises(RangeError) as info:
        parse_range(text, deck=36)
    assert info.value.token == token
    assert expected in str(info.value)


def test_dead_cards_leave_the_range() -> None:
    r = parse_range("AA", deck=36)
    assert len(r.without(parse_range("AsKd", deck=36).combos[0]).combos) == 3


def test_range_equity_of_single_hands_is_the_exact_equity() -> None:
    """A range of one combination each: the same shares as the exact calculator."""
    exact = equity(["As Ks", "Qh Qd"], board="Qs Js 7c", ranking="straight-over-trips")
    r = range_equity(["AsKs", "QhQd"], board="Qs Js 7c", ranking="straight-over-trips")
    assert r.exact and r.matchups == 1
    assert r.shares == tuple(h.share for h in exact.hands)


def test_range_equity_averages_every_matchup_exactly_on_the_flop() -> None:
    r = range_equity(["AA", "KK"], board="Qs Js 7c", ranking="straight-over-trips")
    assert r.exact and r.matchups == 36
    assert sum(r.shares) == 1
    assert Fraction(8, 10) < r.shares[0] < 1


def test_range_equity_samples_where_enumeration_does_not_fit_and_says_so() -> None:
    r = range_equity(["QQ+, AK", "random"], ranking="straight-over-trips", samples=3000, seed=7)
    assert not r.exact and r.matchups == 3000
    assert 0 < r.error < 0.05
    assert abs(float(sum(r.shares)) - 1) < 1e-6
    assert 0.55 < float(r.shares[0]) < 0.80
    again = range_equity(["QQ+, AK", "random"], ranking="straight-over-trips", samples=3000, seed=7)
    assert again.shares == r.shares  # seeded: the same numbers every time


def test_sixplus_equity_takes_ranges_and_says_how_it_counted() -> None:
    import json

    from click.testing import CliRunner

    from analyzer.cli import cli

    exact = CliRunner().invoke(cli, ["equity", "AA", "KK", "--board", "Qs Js 7c"])
    assert exact.exit_code == 0, exact.output
    assert exact.output.splitlines()[0] == (
        "rules shortdeck (36 cards, straight-over-trips); exact enumeration of 36 matchups, every run-out"
    )
    sampled = CliRunner().invoke(cli, ["equity", "QQ+,AK", "random", "--samples", "500", "--json"])
    data = json.loads(sampled.output)
    assert (data["exact"], data["matchups"], [r["combos"] for r in data["ranges"]]) == (False, 500, [34, 630])
    bad = CliRunner().invoke(cli, ["equity", "QQ+,AX", "random"])
    assert bad.exit_code == 2
    assert "range: token 'AX': expected a hand like" in bad.output
