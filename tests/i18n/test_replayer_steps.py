"""The replayer's steps (``Step.text``) are messages, said in the reader's language on the page:
every post and action of the sample nights in German and Spanish with the seeds' words, the
amounts with the locale's separators; English stays byte for byte what it was."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from analyzer.audit.night import NightAudit, audit_files
from analyzer.detect import rules_for
from analyzer.i18n import missing, render, use
from analyzer.replay.engine import replay
from analyzer.replay.result import Step
from dashboards.uploads import Upload, read_uploads
from dashboards.viewmodel import replayer as vm

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


@cache
def night(name: str) -> NightAudit:
    path = SAMPLES / name
    return audit_files(read_uploads((Upload(path.name, path.read_bytes()),)).files)


def step(name: str, hand: str, index: int) -> Step:
    record = night(name).records[hand]
    return replay(record, rules_for(record), steps=True).steps[index]


SHORTDECK = "shortdeck-night-errors.jsonl"
HOLDEM = "holdem-night.txt"

#: (night, hand, step): English, German, Spanish
STEPS = [
    ((SHORTDECK, "fri-2026-1", 0), ("Ben posts ante", "Ben zahlt das Ante", "Ben pone la ante")),
    (
        (SHORTDECK, "fri-2026-1", 6),
        ("Anna posts button blind", "Anna zahlt den Button Blind", "Anna pone la ciega de botón"),
    ),
    (
        (HOLDEM, "250000000000", 0),
        ("Ben posts small blind", "Ben zahlt den Small Blind", "Ben pone la ciega pequeña"),
    ),
    ((HOLDEM, "250000000000", 1), ("Carla posts big blind", "Carla zahlt den Big Blind", "Carla pone la ciega grande")),
    ((HOLDEM, "250000000000", 2), ("Dev calls 1.00", "Dev geht mit 1,00 mit", "Dev iguala 1,00")),
    ((SHORTDECK, "fri-2026-1", 8), ("Carla folds", "Carla steigt aus", "Carla se retira")),
    ((SHORTDECK, "fri-2026-1", 12), ("Anna checks", "Anna checkt", "Anna pasa")),
    ((SHORTDECK, "fri-2026-1", 7), ("Ben calls 100", "Ben geht mit 100 mit", "Ben iguala 100")),
    ((SHORTDECK, "fri-2026-2", 27), ("Ben bets 736", "Ben setzt 736", "Ben apuesta 736")),
    ((SHORTDECK, "fri-2026-3", 11), ("Ben raises to 3,304", "Ben erhöht auf 3.304", "Ben sube a 3.304")),
    (
        (SHORTDECK, "fri-2026-1", 18),
        (
            "Elif bets 14,800 and is all-in",
            "Elif setzt 14.800 und ist all-in",
            "Elif apuesta 14.800 y va all-in",
        ),
    ),
    (
        (SHORTDECK, "fri-2026-8", 8),
        (
            "Dev raises to 1,100 and is all-in",
            "Dev erhöht auf 1.100 und ist all-in",
            "Dev sube a 1.100 y va all-in",
        ),
    ),
    (
        (SHORTDECK, "fri-2026-10", 12),
        ("Dev calls 500 and is all-in", "Dev geht mit 500 mit und ist all-in", "Dev iguala 500 y va all-in"),
    ),
]


@pytest.mark.parametrize(("where", "said"), STEPS, ids=[s[0] for _, s in STEPS])
def test_a_replayer_step_is_said_in_english_german_and_spanish(
    where: tuple[str, str, int], said: tuple[str, str, str]
) -> None:
    text = step(*where).text
    with missing() as untranslated:
        assert (render(text, "en"), render(text, "de"), render(text, "es")) == said
    assert untranslated == set()


def test_the_replayer_page_shows_the_step_in_the_readers_language() -> None:
    record = night(SHORTDECK).records["fri-2026-12"]
    rules = rules_for(record)
    result = replay(record, rules, steps=True)
    shown = {}
    for lang in ("en", "de", "es"):
        with use(lang):
            shown[lang] = vm.step_view(record, rules, result, None, 21).action
    assert shown == {"en": "Elif calls 5,417", "de": "Elif geht mit 5.417 mit", "es": "Elif iguala 5.417"}


@pytest.mark.parametrize("lang", ["de", "es"])
def test_every_post_and_action_of_the_sample_nights_is_translated(lang: str) -> None:
    names = (SHORTDECK, HOLDEM)
    with use(lang), missing() as untranslated:
        kinds = set()
        for name in names:
            for record in night(name).records.values():
                for s in replay(record, rules_for(record), steps=True).steps:
                    kinds.add(s.text.id)
                    assert render(s.text) != render(s.text, "en")
    assert untranslated == set()
    assert {"{player} posts small blind", "{player} posts big blind", "{player} raises to {to}"} <= kinds
