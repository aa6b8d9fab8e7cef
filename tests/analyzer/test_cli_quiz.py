"""``sixplus quiz`` driven as a player would: answers typed, right and wrong, the score at the end."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from click.testing import CliRunner, Result

from analyzer.cli import cli
from analyzer.quiz import Answer, Form, Question, Quiz
from analyzer.ruleset import load_rules


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, ["quiz", *args], input=input)


def typed(q: Question, *, right: bool) -> str:
    """What a player types for a question: the right answer, or a wrong one."""
    if q.form is Form.NUMBER:
        return str(q.answer.numbers[0] + (0 if right else 1))
    if q.form is Form.NUMBERS:
        numbers = list(q.answer.numbers)
        if not right:
            numbers[0] += 1
        return " ".join(map(str, numbers))
    keys = [c.key for c in q.choices]
    if right:
        return " ".join(sorted(q.answer.keys))
    rights = {q.answer.keys, *q.also_right}
    size = q.pick_count or (1 if q.form is Form.CHOICE else len(q.answer.keys))
    wrong = next(set(c) for c in combinations(keys, size) if frozenset(c) not in rights)
    return " ".join(sorted(wrong))


def session(seed: int, pattern: list[bool], **kw: object) -> list[str]:
    """The lines a player types to answer a session right or wrong in this pattern."""
    quiz = Quiz(rules=load_rules("shortdeck"), seed=seed, **kw)  # type: ignore[arg-type]
    lines = []
    for right in pattern:
        q = quiz.next()
        lines.append(typed(q, right=right))
        quiz.answer(q, q.answer if right else Answer())
    return lines


def test_a_player_answers_and_sees_right_wrong_and_the_score() -> None:
    lines = session(21, [True, True, False])
    result = run("--seed", "21", "--count", "3", input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Seed 21: run again with --seed 21 for the same questions. Rules: shortdeck.")
    assert "Question 1 of 3 · " in out and "Question 3 of 3 · " in out
    assert out.count("Right!") == 2 and out.count("Not quite. The answer: ") == 1
    assert out.rstrip().endswith("Score: 2 of 3 right · best streak 2 · streak now 0")


def test_an_unreadable_reply_is_asked_again_and_an_empty_one_gives_up() -> None:
    lines = session(4, [True])
    result = run("--seed", "4", "--count", "2", input="zzz\n" + lines[0] + "\n\n")
    assert result.exit_code == 0
    assert "Could not read that. " in result.output
    assert result.output.count("Right!") == 1 and result.output.count("Not quite.") == 1
    assert "Score: 1 of 2 right" in result.output


def test_quit_and_the_end_of_input_stop_with_the_score() -> None:
    lines = session(8, [True])
    stopped = run("--seed", "8", "--count", "5", input=lines[0] + "\nquit\n")
    assert stopped.exit_code == 0 and "Score: 1 of 1 right" in stopped.output
    ended = run("--seed", "8", "--count", "5", input=lines[0] + "\n")
    assert ended.exit_code == 0 and "Score: 1 of 1 right" in ended.output


def test_the_quiz_speaks_german_and_spanish() -> None:
    lines = session(2, [True], kinds=None)
    de = run("--seed", "2", "--count", "1", "--lang", "de", input=lines[0] + "\n")
    assert "Frage 1 von 1 · " in de.output and "Richtig!" in de.output and "Punkte: 1 von 1 richtig" in de.output
    es = run("--seed", "2", "--count", "1", "--lang", "es", input=lines[0] + "\n")
    assert "Pregunta 1 de 1 · " in es.output and "¡Correcto!" in es.output


def test_one_kind_only_in_the_terminal() -> None:
    result = run("--seed", "1", "--count", "2", "--kind", "low-straight", "--lang", "de", input="\n\n")
    assert result.output.count("Finde die niedrige Straße") == 2


def test_json_prints_every_question_with_answer_and_explanation() -> None:
    result = run("--seed", "5", "--count", "9", "--json")
    assert result.exit_code == 0
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert len(rows) == 9
    assert [r["level"] for r in rows] == [1, 2, 3] * 3
    for r in rows:
        assert r["seed"] == 5 and r["rules"] == "shortdeck" and r["lang"] == "en"
        assert r["prompt"] and r["explanation"] and r["answer_text"] and r["answer"]
        keys = {c["key"] for c in r["choices"]}
        if r["form"] in ("choice", "pick"):
            assert set(r["answer"]) <= keys
    assert run("--seed", "5", "--count", "9", "--json").output == result.output


def test_json_in_spanish_for_one_kind_and_level() -> None:
    result = run("--seed", "3", "--count", "4", "--json", "--kind", "side-pots", "--level", "3", "--lang", "es")
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert {r["kind"] for r in rows} == {"side-pots"} and {r["level"] for r in rows} == {3}
    assert all(r["explanation"].startswith("Bote principal ") for r in rows)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--lang", "fr"], "sixplus: quiz: --lang: expected one of en, de, es, got 'fr'"),
        (
            ["--kind", "bluffing"],
            "sixplus: quiz: --kind: expected one of low-straight, best-five, who-wins, "
            "name-hand, outs, side-pots, betting, omaha-high, omaha-low, got 'bluffing'",
        ),
        (["--count", "0"], "sixplus: quiz: --count: expected a whole number, 1 to 10000, got '0'"),
        (["--level", "5"], "sixplus: quiz: --level: expected a whole number, 1 to 3, got '5'"),
        (["--seed", "x"], "sixplus: quiz: --seed: expected a whole number, 0 or more, got 'x'"),
        (["--colour"], "sixplus: quiz: No such option '--colour'"),
        (
            ["--kind", "betting", "--rules", "sixplus-casino"],
            "sixplus: betting questions cannot be asked under sixplus-casino",
        ),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = run(*args, "--json")
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line == message or (message.endswith("'--colour'") and line.startswith(message))
    assert result.stdout == ""


def test_unknown_rules_are_one_line_and_exit_2() -> None:
    result = run("--rules", "no-such-rules", "--json")
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert "no-such-rules" in result.stderr


def test_help_has_an_example() -> None:
    result = run("--help")
    assert result.exit_code == 0 and "Example: sixplus quiz" in result.output


def test_quiz_from_a_players_own_hands_asks_about_their_showdowns() -> None:
    """Questions from the player's imported hands: each names one of the player's hands."""
    from pathlib import Path

    night = Path(__file__).resolve().parents[2] / "sample_histories" / "shortdeck-night.jsonl"
    args = ["quiz", "--hands", str(night), "--player", "Ben", "--rules", "shortdeck", "--count", "5", "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    questions = [json.loads(line) for line in result.output.splitlines()]
    assert len(questions) == 5
    assert all(q["origin"].startswith("hand fri-2026-") for q in questions)
    missing = CliRunner().invoke(cli, ["quiz", "--hands", str(night)])
    assert missing.exit_code == 2 and "expected --player NAME" in missing.output
