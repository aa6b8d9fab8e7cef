"""Rule sets as data: presets load, user files are validated key by key."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.errors import RuleSetError
from analyzer.evaluator.categories import Ranking
from analyzer.ruleset import load_rules, preset_names
from parsers.record import Betting, Stakes

PRESETS = (
    "holdem",
    "holdem-fl",
    "holdem-pl",
    "holdem-tournament",
    "omaha-hilo-fl",
    "omaha-hilo-pl",
    "omaha-pl",
    "omaha5-pl",
    "shortdeck",
    "shortdeck-blinds",
    "shortdeck-blinds-trips",
    "shortdeck-single-ante",
    "shortdeck-trips",
    "sixplus-casino",
)


def test_every_preset_of_the_design_ships() -> None:
    assert preset_names() == PRESETS


@pytest.mark.parametrize("name", PRESETS)
def test_preset_round_trips_through_its_toml(name: str, tmp_path: Path) -> None:
    rules = load_rules(name)
    assert rules.follows  # each says which seed and section it follows
    path = tmp_path / f"{name}.toml"
    path.write_text(rules.to_toml())
    again = load_rules(path)
    assert again.cards == rules.cards and again.forced == rules.forced and again.betting == rules.betting


def test_shortdeck_minimum_bet_is_two_antes() -> None:
    """SD-MIN-BET, SD-PREFLOP-MIN-RAISE: ante 1, minimum bet 2."""
    assert load_rules("shortdeck").min_bet(Stakes(ante=1, button_blind=1)) == 2


def test_rankings_of_the_presets() -> None:
    """SD-STRAIGHT-OVER-TRIPS and SD-TRIPS-OVER-STRAIGHT are a rule-set choice."""
    assert load_rules("shortdeck").ranking is Ranking.STRAIGHT_OVER_TRIPS
    assert load_rules("shortdeck-trips").ranking is Ranking.TRIPS_OVER_STRAIGHT
    assert load_rules("holdem").ranking is Ranking.STANDARD
    assert load_rules("holdem-pl").betting.structure is Betting.POT_LIMIT


def test_unknown_key_is_named(tmp_path: Path) -> None:
    text = load_rules("holdem").to_toml().replace("[betting]", "[betting]\nmax_raise = 3")
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(RuleSetError) as info:
        load_rules(path)
    assert info.value.key == "betting.max_raise"
    assert "expected one of structure, min_bet_unit, min_bet_multiple, raise_cap" in str(info.value)


def test_bad_value_is_named_with_the_allowed_set(tmp_path: Path) -> None:
    text = load_rules("shortdeck").to_toml().replace('"straight-over-trips"', '"trips-first"')
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(RuleSetError) as info:
        load_rules(path)
    assert str(info.value) == (
        f"{path}: rule set key 'cards.ranking': expected one of straight-over-trips, "
        "trips-over-straight, standard, found 'trips-first'"
    )


def test_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(RuleSetError, match="expected a preset \\(holdem, holdem-fl"):
        load_rules("omaha")
