"""The Omaha rule sets: hole cards, how a hand is made and the hi/lo split, as data, validated."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.errors import RuleSetError
from analyzer.ruleset import load_rules
from parsers.record import Betting

OMAHA = ("omaha-hilo-fl", "omaha-hilo-pl", "omaha-pl", "omaha5-pl")


@pytest.mark.parametrize("name", OMAHA)
def test_omaha_presets_make_a_hand_of_two_hole_and_three_board_cards(name: str) -> None:
    rules = load_rules(name)
    assert rules.is_omaha and rules.cards.hand == "two-plus-three" and rules.deck == 52
    assert rules.hole_cards == (5 if name == "omaha5-pl" else 4)


def test_omaha_presets_betting_and_split() -> None:
    assert load_rules("omaha-pl").betting.structure is Betting.POT_LIMIT
    assert not load_rules("omaha-pl").is_high_low
    hilo = load_rules("omaha-hilo-pl")
    assert hilo.is_high_low and hilo.showdown.low_qualifier == 8 and hilo.showdown.split_odd_chip == "to-high"
    limit = load_rules("omaha-hilo-fl")
    assert limit.is_high_low and limit.betting.structure is Betting.FIXED_LIMIT and limit.betting.raise_cap == 4


def test_holdem_presets_keep_two_hole_cards_and_any_five() -> None:
    rules = load_rules("holdem")
    assert (rules.hole_cards, rules.cards.hand, rules.showdown.split) == (2, "any-five", "high")


@pytest.mark.parametrize(
    ("old", "new", "key", "message"),
    [
        ("hole_cards = 4", "hole_cards = 3", "cards.hole_cards", "expected one of 2, 4, 5, 6, found 3"),
        ('hand = "two-plus-three"', 'hand = "any-five"', "cards.hole_cards", 'expected 2 with hand = "any-five"'),
        ("hole_cards = 4", "hole_cards = 2", "cards.hole_cards", 'expected 4, 5 or 6 with hand = "two-plus-three"'),
        ("low_qualifier = 8", "low_qualifier = 9", "showdown.low_qualifier", "expected a rank from 5 to 8"),
        ('split = "high-low"', 'split = "low"', "showdown.split", "expected one of high, high-low, found 'low'"),
        ('hand = "two-plus-three"', 'hand = "omaha"', "cards.hand", "expected one of any-five, two-plus-three"),
    ],
)
def test_omaha_rule_files_are_validated_key_by_key(old: str, new: str, key: str, message: str, tmp_path: Path) -> None:
    text = load_rules("omaha-hilo-pl").to_toml()
    assert old in text
    path = tmp_path / "mine.toml"
    path.write_text(text.replace(old, new))
    with pytest.raises(RuleSetError) as info:
        load_rules(path)
    assert info.value.key == key
    assert message in str(info.value)


def test_a_hold_em_rule_file_written_before_omaha_still_loads(tmp_path: Path) -> None:
    """The new keys have defaults: an older file without them is a Hold'em rule set."""
    text = "\n".join(
        line
        for line in load_rules("holdem").to_toml().splitlines()
        if not line.startswith(("hole_cards", "hand =", "split", "low_", "split_odd"))
    )
    path = tmp_path / "old.toml"
    path.write_text(text)
    assert load_rules(path) == load_rules("holdem").__class__(**{**_fields(load_rules("holdem")), "source": str(path)})


def _fields(rules: object) -> dict[str, object]:
    return {name: getattr(rules, name) for name in rules.__slots__}  # type: ignore[attr-defined]
