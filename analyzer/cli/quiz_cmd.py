"""``sixplus quiz [--kind KIND] [--rules NAME] [--lang en|de|es] [--seed N] [--count N] [--level N] [--json]``."""

from __future__ import annotations

import json
import random
from typing import Any

import click

from analyzer.cli.errors import fail, user_errors
from analyzer.cli.helptext import HelpCommand, TemplateOption
from analyzer.cli.inputs import FORMATS_HELP
from analyzer.i18n import N_, _, current, f_, set_language
from analyzer.quiz import (
    KINDS,
    LANGS,
    LEVELS,
    Answer,
    AnswerError,
    Form,
    Kind,
    Question,
    Quiz,
    read_answer,
    render,
)
from analyzer.quiz.words import Cards, Msg, named, t
from analyzer.ruleset import RuleSet, load_rules


class OneLineCommand(HelpCommand):
    """Bad options are one line on stderr and exit 2 (no usage block)."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as error:
            fail(f"quiz: {error.format_message()}")

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """What --hands reads: the formats every command reads (translated where shown)."""
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text("--hands: " + _(FORMATS_HELP))


def _kinds(values: tuple[str, ...]) -> tuple[Kind, ...]:
    names = [v.strip() for value in values for v in value.split(",") if v.strip()]
    allowed = ", ".join(k.value for k in KINDS)
    out = []
    for name in names:
        if name not in {k.value for k in KINDS}:
            fail(f_("quiz: --kind: expected one of {allowed}, got {got}", allowed=allowed, got=repr(name)))
        out.append(Kind(name))
    return tuple(dict.fromkeys(out))


def _whole(option: str, value: str | None, *, low: int, high: int | None = None) -> int | None:
    if value is None:
        return None
    text = value.strip()
    number = int(text) if text.lstrip("-").isdigit() else None
    if number is None or number < low or (high is not None and number > high):
        bound = (
            f_("{low} to {high}", low=str(low), high=str(high))
            if high is not None
            else f_("{low} or more", low=str(low))
        )
        fail(
            f_(
                "quiz: {option}: expected a whole number, {bound}, got {got}",
                option=option,
                bound=bound,
                got=repr(value),
            )
        )
    return number


HELP = N_(
    "Training mode: questions that teach the short deck (spot the A-6-7-8-9 straight, the best\n"
    "five, who wins, name the hand, outs, side pots, betting rules). Type the letter, letters,\n"
    "ranks or numbers asked for; an empty line gives up on a question, ``quit`` stops.\n"
    "With --json, print each question with its answer and explanation instead, one JSON\n"
    "object a line (levels 1, 2, 3 in turn unless --level is given).\n"
    "\n"
    "With --hands FILE... --player NAME, the questions come from your own showdowns (a hand you\n"
    "lost to an A-6-7-8-9 straight first).\n"
    "\n"
    "Example: sixplus quiz --kind low-straight --lang de --seed 7 --count 5"
)


@click.command("quiz", cls=OneLineCommand, help=HELP)
@click.option(
    "--kind",
    "kinds",
    multiple=True,
    metavar="KIND",
    cls=TemplateOption,
    help=N_("Ask only this kind (repeat, or a, b): {kinds}."),
    help_values={"kinds": ", ".join(k.value for k in KINDS)},
)
@click.option(
    "--rules",
    "rules_name",
    default="shortdeck",
    show_default=True,
    metavar="NAME|FILE",
    help=N_("Rule set: deck, ranking, betting."),
)
@click.option(
    "--lang",
    default=None,
    metavar="en|de|es",
    help=N_("Language of the questions (default: sixplus --lang, else the locale)."),
)
@click.option("--seed", default=None, metavar="N", help=N_("Same seed, same questions (default: a new one, shown)."))
@click.option("--count", default="10", show_default=True, metavar="N", help=N_("How many questions."))
@click.option(
    "--level", default=None, metavar="1|2|3", help=N_("Fix the difficulty (default: it follows your answers).")
)
@click.option(
    "--hands",
    "hand_files",
    multiple=True,
    type=click.Path(exists=True),
    help=N_("Ask about your own showdowns in these hand histories (with --player): files, folders or .zip archives."),
)
@click.option("--player", default=None, help=N_("Your name in the hand histories given with --hands."))
@click.option("--json", "as_json", is_flag=True, help=N_("Print the questions with answers, one JSON object a line."))
def command(
    kinds: tuple[str, ...],
    rules_name: str,
    lang: str | None,
    seed: str | None,
    count: str,
    level: str | None,
    hand_files: tuple[str, ...],
    player: str | None,
    as_json: bool,
) -> None:
    lang = lang or current()
    if lang not in LANGS:
        fail(f_("quiz: --lang: expected one of {langs}, got {got}", langs=", ".join(LANGS), got=repr(lang)))
    set_language(lang)
    chosen = _kinds(kinds)
    how_many = _whole("--count", count, low=1, high=10_000)
    fixed = _whole("--level", level, low=LEVELS[0], high=LEVELS[-1])
    number = _whole("--seed", seed, low=0)
    if number is None:
        number = random.SystemRandom().randrange(1_000_000)
    assert how_many is not None
    if hand_files and not player:
        fail(_("quiz: --hands: expected --player NAME too (whose showdowns to ask about)"))
    with user_errors():
        rules = load_rules(rules_name)
        quiz = Quiz(rules=rules, seed=number, kinds=chosen or None, level=fixed)
        if hand_files:
            assert player is not None
            own = _own_questions(hand_files, player, rules)
            if not own:
                fail(f_("quiz: no showdown of {player} with known cards in the hands given", player=player), 1)
            own = own[:how_many]
            if as_json:
                for n, question in enumerate(own, start=1):
                    record = as_record(question, lang, n=n, seed=number, rules=rules.name)
                    click.echo(json.dumps(record, ensure_ascii=False))
                return
            _play(quiz, len(own), lang, number, rules.name, fixed=own)
            return
        if as_json:
            for n in range(1, how_many + 1):
                question = quiz.next(level=fixed or LEVELS[(n - 1) % len(LEVELS)])
                click.echo(
                    json.dumps(as_record(question, lang, n=n, seed=number, rules=rules.name), ensure_ascii=False)
                )
            return
    _play(quiz, how_many, lang, number, rules.name)


def _own_questions(files: tuple[str, ...], player: str, rules: RuleSet) -> list[Question]:
    """Questions from the player's own showdowns in hand-history files, lessons first."""
    from analyzer.cli.inputs import read_all
    from analyzer.quiz import questions_from_hands

    records = [hand for parsed in read_all(files) for hand in parsed.hands]
    return list(questions_from_hands(records, player, rules=rules).questions)


def _play(quiz: Quiz, count: int, lang: str, seed: int, rules: str, *, fixed: list[Question] | None = None) -> None:
    click.echo(render(t("ui.seed", seed=seed, rules=rules), lang))
    for n in range(1, count + 1):
        with user_errors():
            question = fixed[n - 1] if fixed else quiz.next()
        click.echo("")
        click.echo(show(question, lang, n=n, count=count))
        reply = _ask(question, lang)
        if reply is None:
            break
        verdict = quiz.answer(question, reply)
        if verdict.correct:
            click.echo(render(named("ui.right"), lang))
        else:
            click.echo(render(t("ui.wrong", answer=answer_text(question, lang)), lang))
        click.echo(render(question.explanation, lang))
    s = quiz.score
    click.echo("")
    click.echo(render(t("ui.score", right=s.right, asked=s.asked, best=s.best_streak, streak=s.streak), lang))


def _hint(question: Question) -> Msg:
    if question.form is Form.CHOICE:
        return named("ui.hint.choice")
    if question.form is Form.PICK:
        return t("ui.hint.pick_n", n=question.pick_count) if question.pick_count else named("ui.hint.pick")
    if question.form is Form.NUMBER:
        return named("ui.hint.number")
    return t("ui.hint.numbers", n=len(question.choices))


def _ask(question: Question, lang: str) -> Answer | None:
    """Read a reply; None when the player stops (``quit`` or the end of input)."""
    hint = render(_hint(question), lang)
    while True:
        try:
            text = click.prompt(f"{hint} {render(named('ui.hint.quit'), lang)}", default="", show_default=False)
        except click.Abort:
            click.echo("")
            return None
        if text.strip().lower() == "quit":
            return None
        if not text.strip():
            return Answer()  # gives up: counts as wrong, shows the answer
        try:
            return read_answer(question, text)
        except AnswerError:
            click.echo(render(t("ui.unreadable", hint=_hint(question)), lang))


def show(question: Question, lang: str, *, n: int, count: int) -> str:
    """The question as the terminal shows it."""
    lines = [
        render(t("ui.header", n=n, count=count, kind=named("kind." + question.kind.value), level=question.level), lang)
    ]
    lines += [render(x, lang) for x in question.setup]
    if question.board:
        lines.append(render(t("ui.board", cards=Cards(question.board)), lang))
    for hand in question.hands:
        lines.append(render(t("ui.hand", player=hand.player, cards=Cards(hand.cards)), lang))
    lines.append(render(question.prompt, lang))
    if question.form is Form.NUMBERS:
        lines.append("  " + ", ".join(render(c.label, lang) for c in question.choices))
    elif question.choices:
        labels = [(c.key, render(c.label, lang)) for c in question.choices]
        if all(key.isupper() or key.isdigit() for key, _ in labels):  # ranks: type what is shown
            lines.append("  " + "  ".join(label for _, label in labels))
        elif all(len(label) <= 4 for _, label in labels):
            lines.append("  " + "   ".join(f"{key}) {label}" for key, label in labels))
        else:
            lines += [f"  {key}) {label}" for key, label in labels]
    return "\n".join(lines)


def answer_text(question: Question, lang: str) -> str:
    """The right answer in words: ``b) No``, ``a) K♥, c) ...``, ``12``, ``Anna 60, Ben 40``."""
    if question.form is Form.NUMBER:
        return str(question.answer.numbers[0])
    if question.form is Form.NUMBERS:
        return ", ".join(
            f"{render(c.label, lang)} {amount}" for c, amount in zip(question.choices, question.answer.numbers)
        )
    picked = [c for c in question.choices if c.key in question.answer.keys]
    return ", ".join(
        render(c.label, lang) if c.key.isupper() or c.key.isdigit() else f"{c.key}) {render(c.label, lang)}"
        for c in picked
    )


def as_record(question: Question, lang: str, *, n: int, seed: int, rules: str) -> dict[str, object]:
    """One question as a JSON object (``--json``)."""
    answer: list[object] = (
        list(question.answer.numbers)
        if question.form in (Form.NUMBER, Form.NUMBERS)
        else list(question.answer.sorted_keys)
    )
    return {
        "n": n,
        "qid": question.qid,
        "kind": question.kind.value,
        "level": question.level,
        "rules": rules,
        "ranking": question.ranking.value,
        "lang": lang,
        "seed": seed,
        "origin": question.origin,
        "setup": [render(x, lang) for x in question.setup],
        "board": [c.text for c in question.board],
        "hands": [{"player": h.player, "cards": [c.text for c in h.cards]} for h in question.hands],
        "prompt": render(question.prompt, lang),
        "form": question.form.value,
        "pick_count": question.pick_count,
        "choices": [{"key": c.key, "label": render(c.label, lang), "value": c.value} for c in question.choices],
        "answer": answer,
        "also_right": [sorted(keys) for keys in question.also_right],
        "answer_text": answer_text(question, lang),
        "explanation": render(question.explanation, lang),
        "rule_ids": list(question.rule_ids),
    }
