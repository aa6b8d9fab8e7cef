"""Every page and the CLI in German and Spanish on the sample nights: no text asked of the
catalogs goes untranslated (:func:`analyzer.i18n.missing` notes every msgid a catalog lacks)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.i18n import missing
from dashboards import context
from dashboards.uploads import Upload
from dashboards.views import PAGES
from tests.dashboards.conftest import BROKEN, OpenPage, no_exceptions, open_page, texts

__all__ = ["open_page"]  # the fixture: a page with the app's sidebar and navigation

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories"
#: every night bundled, the one with planted errors among them, and a file that is no hand history
NIGHTS = tuple(
    p for p in sorted(SAMPLES.iterdir()) if p.is_file() and p.suffix in (".txt", ".jsonl", ".phhs", ".ohh", ".csv")
)
LANGS = ("de", "es")


def test_the_sample_nights_include_the_one_with_planted_errors() -> None:
    assert "shortdeck-night-errors.jsonl" in {p.name for p in NIGHTS}
    assert len(NIGHTS) >= 8


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", [p.slug for p in PAGES])
def test_every_page_in_german_and_spanish_asks_for_no_untranslated_text(
    open_page: OpenPage, slug: str, lang: str
) -> None:
    uploads = (*(Upload(p.name, p.read_bytes()) for p in NIGHTS), BROKEN)
    with missing() as untranslated:
        sample = open_page(slug, **{context.LANG: lang})
        no_exceptions(sample)
        night = open_page(slug, uploads=uploads, **{context.LANG: lang})
        no_exceptions(night)
    assert sorted(untranslated) == []
    assert sample.title and night.title
    assert "Audit of the night" not in texts(night)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "args",
    [
        ["quiz", "--seed", "7", "--count", "3", "--json"],
        ["quiz", "--kind", "outs", "--seed", "2", "--count", "2", "--json"],
        ["quiz", "--kind", "side-pots", "--seed", "2", "--count", "2", "--json"],
        ["quiz", "--kind", "betting", "--seed", "2", "--count", "2", "--json"],
    ],
    ids=lambda a: "-".join(a[:3]),
)
def test_the_cli_in_german_and_spanish_asks_for_no_untranslated_text(lang: str, args: list[str]) -> None:
    with missing() as untranslated:
        result = CliRunner().invoke(cli, ["--lang", lang, *args])
    assert result.exit_code in (0, 1), result.output
    assert sorted(untranslated) == []
