"""The betting quiz's tracker applies the engine's rules (:mod:`analyzer.replay.rules`), not
copies of them: whose turn it is, the smallest bet or raise, the fixed-limit size and the pot
limit are calls into the rules module, and the answers are the ones it gave with its own code
(pinned here; ``test_quiz_properties`` checks them all against the replay engine's table)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from analyzer.quiz import Kind, generate
from analyzer.quiz.words import name_of
from analyzer.ruleset import load_rules

BETTING = Path(__file__).resolve().parents[2] / "analyzer" / "quiz" / "kinds" / "betting.py"


def _calls(node: ast.AST) -> set[str]:
    """The functions of the rules module (imported as ``betting``) a piece of code calls."""
    return {
        sub.func.attr
        for sub in ast.walk(node)
        if isinstance(sub, ast.Call)
        and isinstance(sub.func, ast.Attribute)
        and isinstance(sub.func.value, ast.Name)
        and sub.func.value.id == "betting"
    }


def _method(name: str) -> ast.FunctionDef:
    tree = ast.parse(BETTING.read_text())
    round_class = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == "Round")
    return next(n for n in round_class.body if isinstance(n, ast.FunctionDef) and n.name == name)


@pytest.mark.parametrize(
    ("method", "rules"),
    [
        ("next_to_act", {"to_act"}),
        ("fixed_size", {"fixed_size"}),
        ("min_to", {"smallest_to"}),
        ("post_forced", {"opening_min_raise"}),
        ("act", {"next_min_raise"}),
        ("raise_to", {"pot_limit_to"}),
    ],
)
def test_the_quiz_betting_tracker_calls_the_rules_module(method: str, rules: set[str]) -> None:
    """BET-ROUND-END (whose turn), BET-BET and BET-RAISE-MIN (the smallest bet or raise),
    BET-FIXED-LIMIT, BET-POT-LIMIT: each is the rules module's function, called by the tracker."""
    assert rules <= _calls(_method(method))


def test_the_quiz_betting_tracker_computes_no_smallest_raise_itself() -> None:
    """No difference weighed against the last raise (``increment``) outside a call to the rules."""
    tree = ast.parse(BETTING.read_text())
    sums = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("max", "min")
        and any(isinstance(a, ast.Attribute) and a.attr == "increment" for a in ast.walk(node))
    ]
    assert sums == []


#: (preset, seed, level 2 question) -> the answer the tracker gave before it called the rules module
PINNED = [
    ("holdem", 0, "turn", "Dan"),
    ("holdem", 1, "min", 400),
    ("holdem", 4, "min", 20),
    ("holdem", 7, "turn", "Finn"),
    ("holdem-pl", 0, "min", 425),
    ("holdem-pl", 3, "min", 2),
    ("holdem-pl", 5, "min", 37),
    ("holdem-fl", 0, "min", 400),
    ("holdem-fl", 3, "min", 200),
    ("holdem-fl", 1, "turn", "Ben"),
    ("shortdeck", 0, "min", 4),
    ("shortdeck", 4, "min", 10),
    ("shortdeck", 1, "turn", "Anna"),
]


@pytest.mark.parametrize(("preset", "seed", "ask", "answer"), PINNED)
def test_the_quiz_betting_answers_are_unchanged_by_calling_the_rules_module(
    preset: str, seed: int, ask: str, answer: int | str
) -> None:
    (q,) = generate(Kind.BETTING, rules=load_rules(preset), level=2, seed=seed)
    if ask == "min":
        assert name_of(q.prompt) in ("bt.ask_min_raise", "bt.ask_min_bet")
        assert q.answer.numbers == (answer,)
    else:
        assert name_of(q.prompt) == "bt.ask_turn"
        assert [q.choice(k).value for k in q.answer.keys] == [answer]
