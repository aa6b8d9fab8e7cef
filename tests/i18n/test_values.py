"""Values the engine keeps as English text, said in the reader's language at the edge: a pot's
winning hand (``PotResult.hand``, the evaluator's words), the amounts inside the engine's
sentences (``amount_text``), a shown hand in the replayer (``hilo.hand_words``) and how an
equity was found. English stays byte for byte what it was; ``--json`` keeps the English."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.equity.views import EquityTable
from analyzer.evaluator import Ranking, evaluate, words_of
from analyzer.i18n import missing, msg, render, use
from analyzer.i18n.hands import pot_hand
from analyzer.money import amount_text
from analyzer.replay import words
from analyzer.replay.hilo import hand_words
from analyzer.ruleset import load_rules

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
#: a hand of every category under the short deck's ranking and Hold'em's
HANDS = [
    ("9s 8s 7s 6s As", "straight-over-trips"),
    ("9s 8d 7s 6h Ac", "straight-over-trips"),
    ("Kh Kd Kc Ks 6c", "standard"),
    ("8s 8d 8h Kh Kc", "standard"),
    ("6s 6d 6h Ah Ac", "standard"),
    ("Ah Jh 9h 7h 2h", "standard"),
    ("7h 7d 7c Kh 2c", "standard"),
    ("Qh Qd 9h 9c 2c", "standard"),
    ("Th Td 9h 8c 2c", "standard"),
    ("Ah Jd 9h 8c 2c", "standard"),
]


@pytest.mark.parametrize(("cards", "ranking"), HANDS)
def test_a_pots_hand_in_english_is_the_evaluators_words_in_lower_case(cards: str, ranking: str) -> None:
    words = words_of(evaluate(cards, ranking).strength, Ranking(ranking))
    with missing() as untranslated:
        assert render(pot_hand(words), "en") == words.lower()
        assert render(pot_hand(words + "; no low qualifies"), "en") == (words + "; no low qualifies").lower()
        said = [render(pot_hand(words), lang) for lang in ("de", "es")]
    assert untranslated == set() and all(words.lower() not in s for s in said)


def test_a_pots_hand_in_german_and_spanish() -> None:
    assert [render(pot_hand("Straight, jack high"), lang) for lang in ("de", "es")] == [
        "Straße bis zum Buben",
        "escalera a la jota",
    ]
    assert [render(pot_hand("Full house, sixes over aces"), lang) for lang in ("de", "es")] == [
        "Full House, Sechsen über Asse",
        "full de seises con ases",
    ]


def test_diverge_names_the_winning_hands_in_the_readers_language() -> None:
    args = ["diverge", str(SAMPLES / "shortdeck-night.jsonl"), "--rules", "shortdeck", "--against", "shortdeck-trips"]
    said = {lang: CliRunner().invoke(cli, ["--lang", lang, *args]).output for lang in ("en", "de", "es")}
    assert "Dev and Anna (Straight, jack high) -> Femi (Three of a kind, sevens)" in said["en"]
    assert "Dev und Anna (Straße bis zum Buben) -> Femi (Drilling, Siebenen)" in said["de"]
    assert "(escalera a la jota) -> Femi (trío de sietes)" in said["es"]


@pytest.mark.parametrize(
    ("lang", "text"), [("en", "107,624 and 0.50"), ("de", "107.624 und 0,50"), ("es", "107.624 y 0,50")]
)
def test_amounts_in_the_engines_sentences_take_the_locales_separators(lang: str, text: str) -> None:
    amounts = (amount_text(107624), amount_text(50, 2))
    assert amounts == ("107,624", "0.50")  # the English str, as before
    with use(lang):
        assert (
            render(
                msg("{a} {and} {b}", a=amounts[0], b=amounts[1], **{"and": {"en": "and", "de": "und", "es": "y"}[lang]})
            )
            == text
        )


def test_a_stack_change_is_said_with_german_digits() -> None:
    out = CliRunner().invoke(cli, ["--lang", "de", "audit", str(SAMPLES / "shortdeck-night-errors.jsonl")]).output
    assert "Ben beendete die letzte Hand mit 107.624, beginnt diese aber nur mit 78.418" in out


@pytest.mark.parametrize(
    ("lang", "omaha", "holdem"),
    [
        ("en", "Three of a kind, kings: K♥ K♦ K♣ J♦ 8♥; low 8-6-4-2-A", "Straight flush, ace high: A♥ K♥ Q♥ J♥ T♥"),
        ("de", "Drilling, Könige: K♥ K♦ K♣ B♦ 8♥; Low 8-6-4-2-A", "Straight Flush bis zum Ass: A♥ K♥ D♥ B♥ 10♥"),
        ("es", "trío de reyes: K♥ K♦ K♣ J♦ 8♥; low 8-6-4-2-A", "escalera de color al as: A♥ K♥ Q♥ J♥ 10♥"),
    ],
)
def test_a_shown_hand_in_the_replayer_is_said_in_the_readers_language(lang: str, omaha: str, holdem: str) -> None:
    with use(lang), missing() as untranslated:
        assert (
            hand_words(("Ah", "2h", "Kd", "Kc"), ("4c", "6s", "8h", "Kh", "Jd"), load_rules("omaha-hilo-pl")) == omaha
        )
        assert hand_words(("Ah", "Kh"), ("Qh", "Jh", "Th", "2c", "3d"), load_rules("holdem")) == holdem
    assert untranslated == set()


@pytest.mark.parametrize(
    ("lang", "method"),
    [
        ("en", "exact enumeration of 72 matchups, every run-out"),
        ("de", "exakte Durchzählung von 72 Paarungen, jeder Run-out"),
        ("es", "enumeración exacta de 72 enfrentamientos, cada runout"),
    ],
)
def test_how_a_range_equity_was_found_is_said_in_the_readers_language(lang: str, method: str) -> None:
    args = ["equity", "AA", "KK,QQ", "--board", "Jh 7c 6c"]
    out = CliRunner().invoke(cli, ["--lang", lang, *args]).output
    assert out.splitlines()[0].endswith("; " + method)
    as_json = json.loads(CliRunner().invoke(cli, ["--lang", lang, *args, "--json"]).output)
    assert as_json["method"] == "exact enumeration of 72 matchups, every run-out"  # scripts read the English


@pytest.mark.parametrize(
    ("args", "english", "german"),
    [
        (
            ["equity", "AsKs", "AsQd"],
            "equity: expected every card once, found As twice",
            "Equity: erwartet jede Karte einmal, gefunden As zweimal",
        ),
        (
            ["casino", "odds", "--board", "Ah 7h 6h"],
            "casino: expected two Player cards with a board, found board Ah 7h 6h alone",
            "Casino: erwartet zwei Spieler-Karten zu einem Board, gefunden Board Ah 7h 6h allein",
        ),
        (
            ["rules", "no-such-rules"],
            "or a TOML file, found neither",
            "oder eine TOML-Datei, gefunden keins von beiden",
        ),
    ],
    ids=["equity", "casino", "rules"],
)
def test_the_analyzers_one_line_errors_are_said_in_german(args: list[str], english: str, german: str) -> None:
    said = {lang: CliRunner().invoke(cli, ["--lang", lang, *args]).output for lang in ("en", "de")}
    assert english in said["en"] and german in said["de"]


def test_the_bank_pays_and_is_paid_in_german_and_spanish() -> None:
    args = [
        "audit",
        str(SAMPLES / "shortdeck-night-errors.jsonl"),
        "--ledger",
        str(SAMPLES / "shortdeck-night-buyins.csv"),
    ]
    said = {lang: CliRunner().invoke(cli, ["--lang", lang, *args]).output for lang in ("en", "de", "es")}
    assert "Ben pays the bank 306,267" in said["en"] and "the bank pays Dev 580,749" in said["en"]
    assert "Ben zahlt der Bank 306.267" in said["de"] and "die Bank zahlt Dev 580.749" in said["de"]
    assert "Ben paga a la banca 306.267" in said["es"] and "la banca paga a Dev 580.749" in said["es"]


def test_a_leaks_reference_from_the_guides_is_named_in_german_and_spanish(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    night = str(SAMPLES / "holdem-night.txt")
    imported = CliRunner().invoke(cli, ["import", night, "--store", store, "--workers", "1"])
    assert imported.exit_code == 0, imported.output
    args = ["stats", "--store", store, "--player", "Ben", "--leaks"]
    with missing() as untranslated:
        said = {lang: CliRunner().invoke(cli, ["--lang", lang, *args]).output for lang in ("en", "de", "es")}
    assert "reference: published six-max hold'em guides (named in analyzer/stats/leaks.py)" in said["en"]
    assert "Referenz: veröffentlichte Leitfäden zu Six-Max-Hold'em (genannt in analyzer/stats/leaks.py)" in said["de"]
    assert "referencia: guías publicadas de hold'em six-max (citadas en analyzer/stats/leaks.py)" in said["es"]
    assert untranslated == set()


@pytest.mark.parametrize(
    ("lang", "method"),
    [
        ("en", "Monte Carlo: 5,000 deals drawn (seeded), each share ± 1.29 % at 95 %"),
        ("de", "Monte Carlo: 5.000 Austeilungen gezogen (mit Startwert), jeder Anteil ± 1,29 % bei 95\xa0%"),
    ],
)
def test_the_equity_pages_sampled_method_writes_its_numbers_in_the_readers_way(lang: str, method: str) -> None:
    table = EquityTable(rows=(), ranking=Ranking.STRAIGHT_OVER_TRIPS, exact=False, matchups=5000, error=0.0129)
    with use(lang):
        assert table.method == method


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "47,579 was paid out and 0 deducted from a pot of 47,580: 1 missing"),
        ("de", "aus einem Pot von 47.580 wurden 47.579 ausgezahlt und 0 abgezogen: 1 nicht verteilt"),
        ("es", "de un bote de 47.580 se pagaron 47.579 y se descontaron 0: 1 sin repartir"),
    ],
)
def test_chips_missing_from_a_pot_are_said_without_a_verb_that_must_agree_with_the_amount(lang: str, said: str) -> None:
    """German "1 fehlen" and Spanish "faltan 1" were wrong for one chip: the amount now stands alone."""
    problem = words.chips_not_conserved(amount_text(47579), amount_text(0), amount_text(47580), amount_text(1), True)
    assert render(problem.message, lang) == said
