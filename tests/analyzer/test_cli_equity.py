"""``sixplus equity``: exact numbers in text and JSON, and exit 2 with one line for bad cards."""

from __future__ import annotations

import json

from click.testing import CliRunner

from analyzer.cli import cli


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["equity", *args])
    return result.exit_code, result.stdout, result.stderr


def test_equity_json_gives_exact_counts_and_shares_sd_trips_over_straight() -> None:
    code, out, _ = run("AsKs", "QhQd", "--rules", "shortdeck-trips", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["rules"] == "shortdeck-trips"
    assert data["ranking"] == "trips-over-straight"
    assert data["runouts"] == 201_376
    assert [h["wins"] for h in data["hands"]] == [102_726, 96_917]
    assert [h["ties"] for h in data["hands"]] == [1_733, 1_733]
    assert data["hands"][0]["share"] == "207185/402752"


def test_equity_text_names_rules_runouts_and_each_hand() -> None:
    code, out, _ = run("AsKs", "QhQd", "--board", "Jh Tc 9c", "--dead", "6s")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "rules shortdeck (36 cards, straight-over-trips); board J♥ 10♣ 9♣; dead 6♠"
    assert lines[1] == "378 run-outs, every one enumerated"
    assert lines[3].split() == ["A♠", "K♠", "22.49%", "22.49%", "0.00%", "85", "0"]
    assert lines[4].split() == ["Q♥", "Q♦", "77.51%", "77.51%", "0.00%", "293", "0"]


def test_a_card_below_six_picks_holdem_unless_rules_are_given() -> None:
    code, out, _ = run("AsKs", "5d5c", "--board", "2c 7d 9h Ts", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["rules"], data["deck"], data["runouts"]) == ("holdem", 52, 44)
    code, _, err = run("AsKs", "5d5c", "--rules", "shortdeck")
    assert code == 2
    assert err.strip() == "sixplus: card 5d at position 3: expected a card of the 36-card deck, found 5d"


def test_a_card_twice_is_one_line_and_exit_2() -> None:
    code, out, err = run("AsKs", "AsQd")
    assert (code, out) == (2, "")
    assert err.strip() == "sixplus: equity: expected every card once, found As twice"


def test_help_has_an_example() -> None:
    result = CliRunner().invoke(cli, ["equity", "--help"])
    assert result.exit_code == 0
    assert "Example: sixplus equity AsKs QhQd" in result.stdout
