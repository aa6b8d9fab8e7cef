"""``sixplus frequencies``, run in-process: the table, the JSON, and one-line errors with exit 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from analyzer.cli import COMMANDS, cli

REFERENCE = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "hand-frequencies.json"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["frequencies", *args])


def published() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(REFERENCE.read_text())
    return data


def test_frequencies_is_a_documented_command() -> None:
    assert "frequencies" in COMMANDS
    result = CliRunner().invoke(cli, ["frequencies", "--help"])
    assert result.exit_code == 0 and "Example: sixplus frequencies --exact" in result.output


def test_exact_table_prints_counts_probabilities_and_odds() -> None:
    """SD-FLUSH-OVER-FULL: the short deck's five-card flush (480) is rarer than its full house (1,728)."""
    result = run("--exact", "--deck", "36", "--ranking", "straight-over-trips", "--cards", "5")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == (
        "Exact frequencies of the 5-card hands of the 36-card deck, ranking straight-over-trips"
        " (all 376,992 enumerated)"
    )
    rows = {line[:16].strip(): line[16:].split() for line in lines[2:]}
    assert list(rows) == [
        "straight flush",
        "royal flush",
        "four of a kind",
        "flush",
        "full house",
        "straight",
        "three of a kind",
        "two pair",
        "one pair",
        "high card",
        "total",
    ]
    assert rows["flush"] == ["480", "0.127324%", "785.4", "784.4", ":", "1"]
    assert rows["full house"] == ["1,728", "0.458365%", "218.2", "217.2", ":", "1"]
    assert rows["royal flush"] == ["4", "0.001061%", "94,248.0", "94,247.0", ":", "1"]
    assert rows["total"] == ["376,992", "100.000000%"]


@pytest.mark.parametrize(
    ("deck", "ranking", "cards"),
    [("36", "trips-over-straight", "5"), ("52", "standard", "5"), ("36", "trips-over-straight", "7")],
)
def test_exact_json_matches_the_published_counts(deck: str, ranking: str, cards: str) -> None:
    result = run("--exact", "--deck", deck, "--ranking", ranking, "--cards", cards, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    expected = published()[f"deck{deck}"][cards]
    assert (data["method"], data["deck"], data["ranking"], data["cards"]) == ("exact", int(deck), ranking, int(cards))
    assert data["total"] == expected["total"]
    assert {name: row["count"] for name, row in data["categories"].items()} == expected[ranking]
    assert data["royal"]["count"] == expected["royal"]
    flush = data["categories"]["flush"]
    assert flush["probability"] == flush["count"] / expected["total"]
    assert flush["one_in"] == expected["total"] / flush["count"]
    assert flush["odds_against"] == (expected["total"] - flush["count"]) / flush["count"]


def test_deck_follows_the_ranking_and_ranking_the_deck() -> None:
    data = json.loads(run("--exact", "--ranking", "standard", "--cards", "5", "--json").output)
    assert (data["deck"], data["total"]) == (52, 2_598_960)
    data = json.loads(run("--exact", "--deck", "36", "--cards", "5", "--json").output)
    assert (data["ranking"], data["total"]) == ("straight-over-trips", 376_992)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--exact", "--deck", "36", "--ranking", "standard"],
            "sixplus: deck: ranking standard is for the 52-card deck, got deck 36",
        ),
        (["--exact", "--deck", "40"], "sixplus: --deck: expected 36 or 52, got '40'"),
        (["--exact", "--cards", "4"], "sixplus: --cards: expected 5, 6 or 7, got '4'"),
        (["--exact", "--cards", "seven"], "sixplus: --cards: expected 5, 6 or 7, got 'seven'"),
        (
            ["--exact", "--ranking", "6plus"],
            "sixplus: ranking: expected one of straight-over-trips, trips-over-straight, standard, got '6plus'",
        ),
        ([], "sixplus: frequencies: expected --exact (every hand of the deck enumerated)"),
    ],
)
def test_bad_options_give_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == message + "\n"
