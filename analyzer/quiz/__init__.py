"""Training mode: quizzes that teach the short deck, in English, German and Spanish.

No UI here: a page or the terminal calls these.

* :func:`generate` a question of a kind from a seed; :func:`check` a reply; :func:`read_answer`
  turns typed text into a reply.
* :class:`Quiz` runs a session: :meth:`Quiz.next`, :meth:`Quiz.answer`, and :attr:`Quiz.score`
  (a frozen :class:`Score`: right, streak, a level per kind); kinds answered wrong are
  asked more often (:func:`weights`).
* :func:`questions_from_hands` builds questions from a player's own hands.
* :func:`render` shows any text of a question in ``"en"``, ``"de"`` or ``"es"``; :func:`card_text`
  writes a card the language's way (German ``D♥`` for the queen).

The kinds (:class:`Kind`): ``low-straight``, ``best-five``, ``who-wins``, ``name-hand``,
``outs``, ``side-pots``, ``betting``; under Omaha rule sets ``omaha-high`` and (hi/lo)
``omaha-low`` instead of the two-card kinds (:func:`kinds_for`); each has levels 1 to 3.
"""

from analyzer.quiz.engine import AnswerError, Quiz, check, generate, kinds_for, read_answer
from analyzer.quiz.model import KINDS, LEVELS, Answer, Choice, Form, Hand, Kind, Question, Verdict
from analyzer.quiz.own import OwnQuestions, questions_from_hands
from analyzer.quiz.scoring import KindScore, Score, weights
from analyzer.quiz.spec import NotApplicable
from analyzer.quiz.words import LANGS, Lang, Msg, card_text, render

__all__ = [
    "KINDS",
    "LANGS",
    "LEVELS",
    "Answer",
    "AnswerError",
    "Choice",
    "Form",
    "Hand",
    "Kind",
    "KindScore",
    "Lang",
    "Msg",
    "NotApplicable",
    "OwnQuestions",
    "Question",
    "Quiz",
    "Score",
    "Verdict",
    "card_text",
    "check",
    "generate",
    "kinds_for",
    "questions_from_hands",
    "read_answer",
    "render",
    "weights",
]
