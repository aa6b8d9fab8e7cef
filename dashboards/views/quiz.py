"""Quiz: the training mode of :mod:`analyzer.quiz`, with the score and the streak."""

from __future__ import annotations

import random

import streamlit as st

from analyzer.cards import Card
from analyzer.i18n import _, f_
from analyzer.quiz import LEVELS, Answer, Form, Kind, Question, Quiz, Verdict, card_text, kinds_for
from analyzer.quiz import render as say
from analyzer.quiz.words import named, t
from analyzer.ruleset import load_rules
from dashboards import context
from dashboards.show import md

RULES = "quiz_rules"
KINDS = "quiz_kinds"
LEVEL = "quiz_level"
SEED = "quiz_seed"
SESSION = "quiz_session"  # the Quiz (its score is inside)
QUESTION = "quiz_question"
VERDICT = "quiz_verdict"
USED_SEED = "quiz_used_seed"
NUMBER = "quiz_number"  # questions asked so far: widget keys change with each question
QUIZ_RULES = ("shortdeck", "shortdeck-trips", "shortdeck-blinds", "holdem")
_SUIT_MD = {"♥": "red", "♦": "blue", "♣": "green"}


def new_session() -> None:
    """A fresh quiz from the controls (rule set, kinds, level, seed); the score starts at zero."""
    state = st.session_state
    rules = load_rules(state.get(RULES, QUIZ_RULES[0]))
    allowed = kinds_for(rules)
    kinds = [Kind(k) for k in state.get(KINDS, []) if Kind(k) in allowed] or None
    level = state.get(LEVEL, 0) or None
    seed = state.get(SEED)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    state[USED_SEED] = seed
    quiz = Quiz(rules=rules, seed=int(seed), kinds=kinds, level=level)
    state[SESSION] = quiz
    state[QUESTION] = quiz.next()
    state[VERDICT] = None
    state[NUMBER] = 1


def next_question() -> None:
    quiz = st.session_state[SESSION]
    st.session_state[QUESTION] = quiz.next()
    st.session_state[VERDICT] = None
    st.session_state[NUMBER] = st.session_state.get(NUMBER, 0) + 1


def reply_of(question: Question, number: int) -> Answer:
    """The reply the widgets hold for the current question."""
    state = st.session_state
    key = f"quiz_reply_{number}"
    if question.form is Form.CHOICE:
        chosen = state.get(key)
        return Answer(frozenset([chosen]) if chosen else frozenset())
    if question.form is Form.PICK:
        return Answer(frozenset(state.get(key) or ()))
    if question.form is Form.NUMBER:
        value = state.get(key)
        return Answer(numbers=(int(value),) if value is not None else ())
    values = [state.get(f"{key}_{i}") for i in range(len(question.choices))]
    return Answer(numbers=tuple(int(v or 0) for v in values))


def submit(number: int) -> None:
    state = st.session_state
    quiz: Quiz = state[SESSION]
    question: Question = state[QUESTION]
    reply = reply_of(question, number)
    state[VERDICT] = quiz.answer(question, reply)


def cards_md(cards: tuple[Card, ...], lang: str) -> str:
    out = []
    for card in cards:
        text = card_text(card, lang)
        colour = _SUIT_MD.get(text[-1])
        out.append(f"**:{colour}[{text}]**" if colour else f"**{text}**")
    return " ".join(out)


def answer_text(question: Question, lang: str) -> str:
    """The right answer in words: choice labels, or the numbers (with their labels)."""
    expected = question.answer
    if question.form is Form.NUMBER:
        return str(expected.numbers[0])
    if question.form is Form.NUMBERS:
        return ", ".join(f"{say(c.label, lang)} {n}" for c, n in zip(question.choices, expected.numbers, strict=False))
    return ", ".join(say(question.choice(k).label, lang) for k in sorted(expected.keys))


def render() -> None:
    ctx = context.current()
    lang = ctx.lang
    state = st.session_state
    st.title(_("Quiz"))
    st.caption(
        _("Learn the short deck: spot the A-6-7-8-9 straight, the best five, who wins, outs, side pots, betting rules.")
    )
    with st.expander(_("Settings"), expanded=SESSION not in state):
        c1, c2, c3, c4 = st.columns(4)
        c1.selectbox(_("Rule set"), QUIZ_RULES, key=RULES)
        rules = load_rules(state.get(RULES, QUIZ_RULES[0]))
        c2.multiselect(
            _("Kinds of question"),
            [k.value for k in kinds_for(rules)],
            key=KINDS,
            format_func=lambda k: say(named("kind." + k), lang),
            placeholder=_("all kinds"),
        )
        c3.selectbox(
            _("Level"),
            (0, *LEVELS),
            key=LEVEL,
            format_func=lambda v: _("follows your answers") if v == 0 else str(v),
        )
        c4.number_input(_("Seed (same seed, same questions)"), min_value=0, step=1, value=None, key=SEED)
        st.button(_("New session"), key="quiz_start", on_click=new_session, type="primary")
    if SESSION not in state:
        new_session()
    quiz: Quiz = state[SESSION]
    question: Question = state[QUESTION]
    verdict: Verdict | None = state.get(VERDICT)
    number: int = state.get(NUMBER, 1)
    score(quiz, lang)
    st.caption(f_("Seed {seed} · rules {rules}", seed=str(state.get(USED_SEED)), rules=quiz.rules.name))
    show_question(question, number, lang)
    if verdict is None:
        answer_widgets(question, number, lang)
        st.button(_("Check"), key=f"quiz_check_{number}", on_click=submit, args=(number,), type="primary")
    else:
        if verdict.correct:
            st.success(say(named("ui.right"), lang))
        else:
            st.error(say(t("ui.wrong", answer=md(answer_text(question, lang))), lang))
        st.info(md(say(verdict.explanation, lang)))
        st.button(_("Next question"), key=f"quiz_next_{number}", on_click=next_question, type="primary")


def score(quiz: Quiz, lang: str) -> None:
    s = quiz.score
    c1, c2, c3 = st.columns(3)
    c1.metric(_("Right"), f"{s.right} / {s.asked}")
    c2.metric(_("Streak"), s.streak)
    c3.metric(_("Best streak"), s.best_streak)


def show_question(question: Question, number: int, lang: str) -> None:
    kind = say(named("kind." + question.kind.value), lang)
    st.subheader(md(f_("Question {n} · {kind} · level {level}", n=number, kind=kind, level=question.level)))
    for line in question.setup:
        st.markdown(md(say(line, lang)))
    if question.board:
        st.markdown(_("Board") + ": " + cards_md(question.board, lang))
    for hand in question.hands:
        st.markdown(f"{md(hand.player)}: {cards_md(hand.cards, lang)}")
    st.markdown(f"**{md(say(question.prompt, lang))}**")


def answer_widgets(question: Question, number: int, lang: str) -> None:
    key = f"quiz_reply_{number}"
    labels = {c.key: say(c.label, lang) for c in question.choices}
    if question.form is Form.CHOICE:
        st.radio(
            _("Your answer"),
            list(labels),
            format_func=lambda k: f"{k}) {labels[k]}",
            index=None,
            key=key,
        )
    elif question.form is Form.PICK:
        hint = f_("Pick {n}", n=question.pick_count) if question.pick_count else _("Pick one or more")
        st.multiselect(hint, list(labels), format_func=lambda k: f"{k}) {labels[k]}", key=key)
    elif question.form is Form.NUMBER:
        st.number_input(_("Your answer"), min_value=0, step=1, value=None, key=key)
    else:
        cols = st.columns(max(len(question.choices), 1))
        for i, (col, choice) in enumerate(zip(cols, question.choices, strict=True)):
            col.number_input(labels[choice.key], min_value=0, step=1, value=0, key=f"{key}_{i}")
