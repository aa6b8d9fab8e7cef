"""The three languages are complete for every kind, and use the seeds' words.

A missing template in any language, a template that names other fields than the English
one, a rank form a language lacks, or a text that renders with a brace left in it fails here.
"""

from __future__ import annotations

import string
import unicodedata
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from analyzer.evaluator.categories import Category
from analyzer.i18n import missing, translations, use
from analyzer.i18n.message import template, walk
from analyzer.i18n.ranks import RANKS
from analyzer.quiz import KINDS, LANGS, LEVELS, Kind, Question, generate, kinds_for, render
from analyzer.quiz.names import category_text
from analyzer.quiz.words import _NAMES, WORDS, Rank, name_of, named, t
from analyzer.ruleset import RuleSet, load_rules, preset_names

SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"
FORMS = ("one", "many", "to", "short")


def fields(template: str) -> dict[str, set[str]]:
    """Each field of a template with the forms (format specs) it is used in."""
    out: dict[str, set[str]] = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is not None:
            out.setdefault(name, set()).add(spec or "")
    return out


def test_every_rank_has_every_form_a_template_uses() -> None:
    used = {spec for english in WORDS.values() for specs in fields(english).values() for spec in specs}
    assert used - {""} <= set(FORMS)
    for lang in LANGS:
        for rank in range(2, 15):
            assert set(RANKS[lang][rank]) == set(FORMS), (lang, rank)


@cache
def sample_questions() -> tuple[Question, ...]:
    """Questions of every kind, level and preset (and the odd-chip variant), enough to reach every text."""
    out: list[Question] = []
    rule_sets: list[RuleSet] = [load_rules(name) for name in preset_names()]
    shortdeck = load_rules("shortdeck")
    rule_sets.append(replace(shortdeck, showdown=replace(shortdeck.showdown, odd_chip="all-to-first-left-of-button")))
    for rules in rule_sets:
        for kind in kinds_for(rules):
            for level in LEVELS:
                for seed in range(40 if kind is Kind.SIDE_POTS else 12):
                    out.extend(generate(kind, rules=rules, level=level, seed=seed))
    return tuple(out)


def missing_texts(questions: tuple[Question, ...]) -> set[tuple[str, str]]:
    """(language, name) of every text a question uses that a language's catalog does not translate."""
    found = set()
    for lang in ("de", "es"):
        with missing() as untranslated:
            for q in questions:
                for text in q.texts():
                    render(text, lang)
        found |= {(lang, _NAMES.get(m, m)) for m in untranslated}
    return found


def test_every_kind_renders_in_every_language() -> None:
    questions = sample_questions()
    assert {q.kind for q in questions} == set(KINDS)
    assert missing_texts(questions) == set()
    for q in questions[::7]:
        for lang in LANGS:
            for text in q.texts():
                out = render(text, lang)
                assert "{" not in out and "}" not in out, (lang, q.qid, out)


def test_a_missing_text_in_one_language_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    questions = sample_questions()
    catalog = translations("es")._catalog  # type: ignore[attr-defined]
    monkeypatch.delitem(catalog, WORDS["ou.explain_outs"])
    assert missing_texts(questions) == {("es", "ou.explain_outs")}
    explanation = next(q.explanation for q in questions if name_of(q.explanation) == "ou.explain_outs")
    with use("es"):
        assert template(explanation) == explanation.id  # the English text, never a name


def test_no_text_is_left_unused() -> None:
    """Every template of a question kind is reached by some question (the terminal's and the
    names' templates are used by the CLI and the category names)."""
    used = {inner.id for q in sample_questions() for text in q.texts() for inner in walk(text)}
    used |= {WORDS["own.note_lost_low"], WORDS["ls.yes_high"]}  # own hands and rare deals: tested in test_quiz_engine
    used |= {WORDS["ol.no_counterfeit"]}  # a rare deal: tested in test_quiz_omaha
    static = ("ui.", "kind.", "num.", "word.", "cat.", "words.", "ranking.", "street.", "target.")
    unused = {k for k, english in WORDS.items() if english not in used and not k.startswith(static) and english}
    assert unused == set()


def _plain(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).lower()


@pytest.mark.parametrize(
    ("lang", "seed", "names"),
    [
        ("de", "001_*.txt", ("Straße", "Drilling", "Flush", "Full House", "Vierling", "Paar")),
        (
            "es",
            "004_*.txt",
            (
                "Escalera de color",
                "Póquer",
                "Color",
                "Full",
                "Escalera",
                "Trío",
                "Doble pareja",
                "Pareja",
                "Carta alta",
            ),
        ),
    ],
)
def test_category_names_are_the_seeds_words(lang: str, seed: str, names: tuple[str, ...]) -> None:
    """The German and Spanish hand names are those of seeds 001 and 004 (the Spanish seed writes
    them without accents: Trio, Poquer)."""
    (path,) = SEEDS.glob(seed)
    text = _plain(path.read_text(encoding="utf-8"))
    ours = {render(category_text(c), lang) for c in Category}
    for name in names:
        assert name in ours, (lang, name)
        assert _plain(name) in text, (lang, name)


def test_german_and_spanish_categories_in_full() -> None:
    de = [render(category_text(c), "de") for c in Category]
    es = [render(category_text(c), "es") for c in Category]
    assert de == [
        "Höchste Karte",
        "Paar",
        "Zwei Paare",
        "Drilling",
        "Straße",
        "Flush",
        "Full House",
        "Vierling",
        "Straight Flush",
    ]
    assert es == [
        "Carta alta",
        "Pareja",
        "Doble pareja",
        "Trío",
        "Escalera",
        "Color",
        "Full",
        "Póquer",
        "Escalera de color",
    ]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Full house, eights over kings"),
        ("de", "Full House, Achten über Könige"),
        ("es", "Full de ochos con reyes"),
    ],
)
def test_full_house_words(lang: str, words: str) -> None:
    assert render(t("words.full_house", trips=Rank(8), pair=Rank(13)), lang) == words


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Straight, nine high"), ("de", "Straße bis zur Neun"), ("es", "Escalera al nueve")],
)
def test_sd_low_straight_words(lang: str, words: str) -> None:
    """SD-LOW-STRAIGHT: 9-8-7-6-A counts by its nine."""
    assert render(t("words.straight", top=Rank(9)), lang) == words


def test_german_cards_use_b_and_d_and_every_language_writes_ten() -> None:
    """SD-RANK-ORDER: A K D B 10 in German (seed 001), A K Q J 10 in English and Spanish."""
    from analyzer.cards import clean
    from analyzer.quiz.words import Cards

    cards = Cards(clean("Qh Js Tc"))
    assert render(t("card", cards=cards), "de") == "D♥ B♠ 10♣"
    assert render(t("card", cards=cards), "en") == "Q♥ J♠ 10♣"
    assert render(t("card", cards=cards), "es") == "Q♥ J♠ 10♣"


def test_percent_is_written_the_languages_way() -> None:
    from analyzer.quiz.words import Percent

    text = named("pct", (("p", Percent(5, 31)),))
    assert [render(text, lang) for lang in LANGS] == ["16.1%", "16,1 %", "16,1 %"]
