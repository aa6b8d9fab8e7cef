"""The dashboard's texts: every key in English, German and Spanish, the same placeholders, none missing."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from dashboards.context import SOURCES
from dashboards.strings import LANGS, STRINGS, tr
from dashboards.views import PAGES

DASHBOARDS = Path(__file__).resolve().parents[2] / "dashboards"
_KEY = re.compile(r"""tr\(\s*["']([a-z_]+\.[a-z_0-9.]+)["']""")


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_every_text_has_each_language_with_the_same_placeholders(key: str) -> None:
    texts = STRINGS[key]
    assert len(texts) == len(LANGS) == 3
    assert all(t.strip() for t in texts), key
    assert placeholders(texts[1]) == placeholders(texts[0]) == placeholders(texts[2]), key


def test_every_key_the_pages_ask_for_exists() -> None:
    used = {key for path in DASHBOARDS.rglob("*.py") for key in _KEY.findall(path.read_text(encoding="utf-8"))}
    used |= {p.title for p in PAGES} | {f"source.{s}" for s in SOURCES}
    used |= {f"verdict.{v}" for v in ("ok", "warn", "violation", "unreadable")}
    assert len(used) > 100
    assert sorted(used - set(STRINGS)) == []


def test_page_titles_are_translated() -> None:
    assert [tr(p.title, "de") for p in PAGES][:3] == ["Prüfung", "Abrechnung", "Spieler"]
    assert tr("page.quiz", "es") == "Quiz" and tr("page.recorder", "es") == "Registro"


def test_an_unknown_language_falls_back_to_english() -> None:
    assert tr("audit.showing", "fr", shown=1, total=2) == "1 of 2 hands"
