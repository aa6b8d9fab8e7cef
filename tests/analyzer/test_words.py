"""Every sentence the engine and the audit write about a hand is made in one module,
:mod:`analyzer.replay.words` (one small factory a finding, marked for translation), in
today's English."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from analyzer.i18n import use
from analyzer.replay import words
from analyzer.replay.findings import Code, Verdict

ANALYZER = Path(__file__).resolve().parents[2] / "analyzer"


def test_no_problem_is_worded_outside_the_words_module() -> None:
    """An AST scan: no ``Problem(...)`` is built in the engine, the audit or the store but in words.py."""
    built = []
    for folder in ("replay", "audit", "store"):
        for path in sorted((ANALYZER / folder).rglob("*.py")):
            if path.name == "words.py":
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Problem":
                    built.append(f"{path.relative_to(ANALYZER)}:{node.lineno}")
    assert built == []


def test_the_words_keep_their_english_and_fill_their_placeholders_after_translation() -> None:
    with use("en"):
        p = words.raise_below_minimum("Ben", "150", "200", "BET-RAISE-MIN", 7)
        assert (p.code, p.verdict, str(p.message), p.action_index, p.rule, p.player) == (
            Code.RAISE_BELOW_MINIMUM,
            Verdict.VIOLATION,
            "Ben raises to 150; the smallest raise is to 200",
            7,
            "BET-RAISE-MIN",
            "Ben",
        )
        assert str(words.odd_chip_wrong(["Anna"], ["Ben", "Carla"], False).message) == (
            "the odd chip of a split pot went to Anna; it goes to the first winner clockwise from the button, "
            "Ben and Carla"
        )
        assert str(words.board_card_count(2, 4, None, 5, "ST-TURN-RIVER").message) == (
            "run 2's board has 4 cards; the hand reached the showdown and needs 5"
        )
        note = words.site_note("Ben folds before their turn (Anna was to act)", "site profile x: y", False, 3, "Ben")
        assert (note.verdict, str(note.message), note.profile) == (
            Verdict.NOTE,
            "Ben folds before their turn (Anna was to act) (site profile x: y)",
            "site profile x: y",
        )


def test_a_problem_found_in_one_language_reads_in_the_language_it_is_shown_in() -> None:
    """A cached audit made while English was in force reads in German or Spanish on a German
    or Spanish page: the problem keeps its message, not a translation made when it was found."""
    from analyzer.i18n import render

    with use("en"):
        problem = words.after_folding("Anna", 7)
        short = words.paid_short("Ben", "10", "20", [words.went_to_folded(words.pot_name(0), "20", "Carla")], False)
    with use("de"):
        assert render(problem.message) == "Anna handelt, obwohl schon ausgestiegen"
    with use("es"):
        assert render(problem.message) == "Anna actúa después de retirarse"
    with use("en"):
        assert render(short.message) == "Ben was paid 10 but is owed 20: the main pot (20) went to Carla, who folded"


def test_an_unreadable_hand_keeps_its_rejection_code_for_the_exports() -> None:
    from analyzer.audit.report import reason

    assert reason(words.unreadable("TRUNCATED", "log.csv:7: the hand stops")) == {
        "code": "TRUNCATED",
        "message": "log.csv:7: the hand stops",
    }


def test_a_clean_hand_builds_no_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """Speed: words are built only on a failing branch; the audit of a clean hand makes no Msg."""
    from analyzer.replay import hilo
    from tests.analyzer.hands import audit
    from tests.analyzer.test_betting_rules import SHORT

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a message was built for a clean hand")

    monkeypatch.setattr(words, "msg", refuse)
    monkeypatch.setattr(hilo, "msg", refuse)
    assert audit(SHORT + "preflop Anna f Ben f").verdict.value == "ok"
