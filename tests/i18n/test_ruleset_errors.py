"""A rule-set file's one-line errors in the reader's language: the frame and what was expected
(``true or false``, ``one of ...``, ``an unknown key``); English byte for byte as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.detect import rules_for
from analyzer.errors import RuleSetError
from analyzer.i18n import missing, render
from analyzer.profiles import load_profile
from analyzer.ruleset import PRESETS
from parsers.record import Game, HandRecord

SHORTDECK = (PRESETS / "shortdeck.toml").read_text(encoding="utf-8")


def said(path: Path, lang: str) -> str:
    return CliRunner().invoke(cli, ["--lang", lang, "rules", str(path)]).output.strip()


@pytest.mark.parametrize(
    ("change", "english", "german", "spanish"),
    [
        (
            ('ranking = "straight-over-trips"', 'ranking = "best"'),
            "rule set key 'cards.ranking': expected one of straight-over-trips, trips-over-straight, "
            "standard, found 'best'",
            "Regelsatz-Schlüssel 'cards.ranking': erwartet eines von straight-over-trips, "
            "trips-over-straight, standard, gefunden 'best'",
            "clave del conjunto de reglas 'cards.ranking': se esperaba uno de straight-over-trips, "
            "trips-over-straight, standard, se encontró 'best'",
        ),
        (
            ("[cards]", "[cards]\ncolour = 1"),
            "rule set key 'cards.colour': expected one of deck, ranking, hole_cards, hand, found an unknown key",
            "Regelsatz-Schlüssel 'cards.colour': erwartet eines von deck, ranking, hole_cards, hand, "
            "gefunden einen unbekannten Schlüssel",
            "clave del conjunto de reglas 'cards.colour': se esperaba uno de deck, ranking, hole_cards, hand, "
            "se encontró una clave desconocida",
        ),
        (
            ("deck = 36", "deck = -36"),
            "rule set key 'cards.deck': expected a whole number, 0 or more, found -36",
            "Regelsatz-Schlüssel 'cards.deck': erwartet eine ganze Zahl, 0 oder mehr, gefunden -36",
            "clave del conjunto de reglas 'cards.deck': se esperaba un número entero, 0 o más, se encontró -36",
        ),
        (
            ("deck = 36", "deck = 40"),
            "rule set key 'cards.deck': expected 36 or 52, found 40",
            "Regelsatz-Schlüssel 'cards.deck': erwartet 36 oder 52, gefunden 40",
            "clave del conjunto de reglas 'cards.deck': se esperaba 36 o 52, se encontró 40",
        ),
    ],
    ids=["one-of", "unknown-key", "whole-number", "deck"],
)
def test_a_rule_set_files_error_is_said_in_german_and_spanish(
    tmp_path: Path, change: tuple[str, str], english: str, german: str, spanish: str
) -> None:
    assert change[0] in SHORTDECK
    path = tmp_path / "mine.toml"
    path.write_text(SHORTDECK.replace(change[0], change[1], 1), encoding="utf-8")
    with missing() as untranslated:
        lines = {lang: said(path, lang) for lang in ("en", "de", "es")}
    assert lines == {
        "en": f"sixplus: {path}: {english}",
        "de": f"sixplus: {path}: {german}",
        "es": f"sixplus: {path}: {spanish}",
    }
    assert untranslated == set()


def test_a_hand_naming_no_preset_and_an_unknown_site_profile_are_said_in_german() -> None:
    with pytest.raises(RuleSetError) as hand:
        rules_for(HandRecord("7", (), game=Game(rules="/etc/passwd")))
    with pytest.raises(RuleSetError) as site:
        load_profile("no-such-site")
    assert str(hand.value).startswith("hand 7: rule set key 'game.rules': expected a preset (")
    assert str(hand.value).endswith("); a rule file only with --rules FILE, found '/etc/passwd'")
    assert str(site.value).startswith("site profiles: rule set key 'name': expected one of 888poker, default, ")
    with missing() as untranslated:
        german = render(hand.value.args[0], "de"), render(site.value.args[0], "de")
    assert german[0].startswith("Hand 7: Regelsatz-Schlüssel 'game.rules': erwartet eine Vorgabe (")
    assert german[0].endswith("); eine Regeldatei nur mit --rules DATEI, gefunden '/etc/passwd'")
    assert german[1].startswith("Site-Profile: Regelsatz-Schlüssel 'name': erwartet eines von 888poker, default, ")
    assert untranslated == set()
