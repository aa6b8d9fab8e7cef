"""The German and Spanish catalogs: every text of the sources in them, none fuzzy or empty, the
same placeholders as the English, plural forms right for 0, 1 and 2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from analyzer.i18n import LANGS, Percent, _, catalog_path, fn_, msg, nmsg, render, use
from analyzer.i18n.message import placeholders
from dashboards.words import PAGE_TITLES, word

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGS if lang != "en"]


def catalog(lang: str) -> Catalog:
    with catalog_path(lang, "po").open("rb") as fp:
        return read_po(fp, locale=lang)


def makefile_keywords() -> list[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8").replace("\\\n", " ")
    line = re.search(r"^KEYWORDS\s*:=(.*)$", text, re.M)
    assert line, "Makefile: KEYWORDS"
    return line.group(1).split()


def key(message: object) -> str:
    mid = message.id[0] if isinstance(message.id, tuple) else message.id  # type: ignore[attr-defined]
    ctx = message.context  # type: ignore[attr-defined]
    return f"{ctx}\x04{mid}" if ctx else str(mid)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """What ``make catalogs`` extracts from the sources now (its own keywords, its own mapping)."""
    out = tmp_path_factory.mktemp("pot") / "sixplus.pot"
    args = ["pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), *makefile_keywords()]
    CommandLineInterface().run([*args, "--no-default-keywords", "-o", str(out), str(ROOT)])
    with out.open("rb") as fp:
        return {key(m) for m in read_po(fp) if m.id}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_text_of_the_sources_is_in_the_catalog_and_nothing_else(lang: str, extracted: set[str]) -> None:
    have = {key(m) for m in catalog(lang) if m.id}
    assert sorted(extracted - have) == [], "run make catalogs and translate the new texts"
    assert sorted(have - extracted) == [], "texts no source uses any more: run make catalogs"
    assert len(have) > 200


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_is_fuzzy_or_empty(lang: str) -> None:
    cat = catalog(lang)
    fuzzy = [key(m) for m in cat if m.id and m.fuzzy]
    empty = [key(m) for m in cat if m.id and not all(m.string if isinstance(m.string, tuple) else (m.string,))]
    assert (fuzzy, empty) == ([], [])
    assert list(cat.obsolete) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_has_the_placeholders_of_its_english_text(lang: str) -> None:
    wrong = []
    for m in catalog(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        want = set().union(*(placeholders(i) for i in ids))
        forms = [placeholders(i) - {"n"} for i in ids]  # click's: "{possibility}" / "{possibilities}"
        for s in strings:
            # a plural form may leave out the count ("one hand" for {n} = 1), never add a name; it
            # has every name of the English text, or of one of its English forms
            if not placeholders(s) <= want or not any(placeholders(s) >= f for f in (want - {"n"}, *forms)):
                wrong.append((key(m), s))
    assert wrong == []


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("en", ["0 problems:", "1 problem:", "2 problems:"]),
        ("de", ["0 Probleme:", "1 Problem:", "2 Probleme:"]),
        ("es", ["0 problemas:", "1 problema:", "2 problemas:"]),
    ],
)
def test_plural_forms_for_zero_one_and_two(lang: str, forms: list[str]) -> None:
    with use(lang):
        assert [fn_("{n} problem:", "{n} problems:", n) for n in (0, 1, 2)] == forms
        assert [render(nmsg("{n} problem:", "{n} problems:", n)) for n in (0, 1, 2)] == forms


def test_page_titles_are_translated() -> None:
    with use("de"):
        titles = [word(PAGE_TITLES, s) for s in ("audit", "settlement", "players")]
        assert titles == ["Prüfung", "Abrechnung", "Spieler"]
    with use("es"):
        assert word(PAGE_TITLES, "quiz") == "Quiz" and word(PAGE_TITLES, "recorder") == "Registro"


def test_an_unknown_language_falls_back_to_english() -> None:
    with use("fr"):
        assert render(msg("{shown} of {total} hands", shown=1, total=2)) == "1 of 2 hands"
        assert _("Hands") == "Hands"


def test_numbers_in_a_message_take_the_locales_separators() -> None:
    m = msg("{shown} of {total} hands", shown=1, total=12345)
    assert [render(m, lang) for lang in LANGS] == ["1 of 12,345 hands", "1 von 12.345 Händen", "1 de 12.345 manos"]


def test_no_text_has_a_percent_sign_babel_would_read_as_a_placeholder() -> None:
    """A % sign belongs to the formatted value (Percent, the locale's ``5,0 %``), never to a
    template: Babel reads ``% o`` in "{percent}% of" as a printf placeholder and refuses a
    translation without it."""
    flagged = [key(m) for lang in TRANSLATED for m in catalog(lang) if m.id and "python-format" in m.flags]
    assert flagged == []


def test_a_rake_rate_is_written_with_the_locales_percent_sign() -> None:
    m = msg("the rake was {rake}; {percent} of {pot} is {due}", rake="2", percent=Percent.of(5.0), pot="20", due="1")
    assert render(m, "en") == "the rake was 2; 5.0% of 20 is 1"
    assert render(m, "de") == "der Rake war 2; 5,0 % ohne Obergrenze auf 20 sind 1"
    assert render(m, "es") == "el rake fue de 2; de 20 corresponde el 5,0 %, o sea 1"
