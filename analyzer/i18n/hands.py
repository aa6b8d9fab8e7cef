"""A hand's words inside a sentence of the audit, in the reader's language: "one pair, queens",
"straße bis zur Dame", "low 8-6-4-2-A".

The engine's problem sentences name hands mid-sentence (lower case in English); each category
is one text with the ranks as :class:`~analyzer.i18n.message.Rank` arguments, so German and
Spanish decline them (seeds 001 and 004 name the hands). The capitalised names of a hand on
its own are the quiz's (:mod:`analyzer.quiz.names`).

>>> from analyzer.evaluator import Ranking, evaluate
>>> from analyzer.i18n import render
>>> s = evaluate("Qc Qd 9h 7s 6c", "straight-over-trips").strength
>>> [render(hand_words(s, Ranking.STRAIGHT_OVER_TRIPS), lang) for lang in ("en", "de", "es")]
['one pair, queens', 'Paar, Damen', 'pareja de reinas']
>>> render(low_words(0x86421), "de"), render(low_words(None), "es")
('Low 8-6-4-2-A', 'sin low')
"""

from __future__ import annotations

import re

from analyzer.cards import RANK_WORDS
from analyzer.evaluator.categories import Category, Ranking, category_of
from analyzer.i18n.message import Msg, Rank, Run, msg, pmsg


def hand_words(strength: int, ranking: Ranking) -> Msg:
    """The category and rank words of a strength, as said inside a sentence (no cards)."""
    return category_words(category_of(strength, ranking), (strength >> 16) & 0xF, (strength >> 12) & 0xF)


def category_words(c: Category, top: int, second: int = 0) -> Msg:
    """A category with its ranks, as said inside a sentence: ``three of a kind, sevens``."""
    r1, r2 = Rank(top), Rank(second)
    if c is Category.STRAIGHT:
        return pmsg("hand in a sentence", "straight, {top:to} high", top=r1)
    if c is Category.STRAIGHT_FLUSH:
        return pmsg("hand in a sentence", "straight flush, {top:to} high", top=r1)
    if c is Category.FOUR_OF_A_KIND:
        return pmsg("hand in a sentence", "four of a kind, {rank:many}", rank=r1)
    if c is Category.FULL_HOUSE:
        return pmsg("hand in a sentence", "full house, {trips:many} over {pair:many}", trips=r1, pair=r2)
    if c is Category.FLUSH:
        return pmsg("hand in a sentence", "flush, {top:one} high", top=r1)
    if c is Category.THREE_OF_A_KIND:
        return pmsg("hand in a sentence", "three of a kind, {rank:many}", rank=r1)
    if c is Category.TWO_PAIR:
        return pmsg("hand in a sentence", "two pair, {high:many} and {low:many}", high=r1, low=r2)
    if c is Category.ONE_PAIR:
        return pmsg("hand in a sentence", "one pair, {pair:many}", pair=r1)
    return pmsg("hand in a sentence", "high card, {top:one}", top=r1)


def low_run(key: int | None) -> Run | Msg:
    """A low's five ranks, highest first (``8-6-4-2-A``), or "no low"; the key of
    :mod:`analyzer.evaluator.lowball` (ace as 1)."""
    if key is None:
        return msg("no low")
    return Run(tuple(14 if r == 1 else r for r in ((key >> (16 - 4 * i)) & 0xF for i in range(5))))


def low_words(key: int | None) -> Msg:
    """A low as a player says it: ``low 8-6-4-2-A``, or "no low"."""
    run = low_run(key)
    return msg("low {low}", low=run) if isinstance(run, Run) else run


_RANK_OF = {word: rank for rank, word in RANK_WORDS.items()} | {
    word + ("es" if word == "six" else "s"): rank for rank, word in RANK_WORDS.items()
}
_LOW_RANK_OF = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13} | {str(r): r for r in range(2, 10)}  # the lowball key's
_POT_HAND = re.compile(
    r"^(?P<cat>Straight flush|Straight|Four of a kind|Full house|Flush|Three of a kind|Two pair|One pair|High card)"
    r", (?P<r1>\w+)(?: high)?(?: (?:over|and) (?P<r2>\w+))?(?P<nolow>; no low qualifies)?$"
)


def pot_hand(words: str) -> Msg | str:
    """The winning hand a pot result keeps in the evaluator's English words (``Straight, jack
    high``, ``Flush, ace high; no low qualifies``, ``Low 8-6-4-2-A``) as a message inside a
    sentence, in the reader's language; words it does not know stay as they are.

    >>> from analyzer.i18n import render
    >>> [render(pot_hand("Straight, jack high"), lang) for lang in ("en", "de", "es")]
    ['straight, jack high', 'Straße bis zum Buben', 'escalera a la jota']
    >>> render(pot_hand("Full house, sixes over aces; no low qualifies"), "en")
    'full house, sixes over aces; no low qualifies'
    >>> render(pot_hand("Low 8-6-4-2-A"), "de"), pot_hand("a hand we never name")
    ('Low 8-6-4-2-A', 'a hand we never name')
    """
    if words.startswith("Low "):
        ranks = words[4:].split("-")
        if len(ranks) == 5 and all(r in _LOW_RANK_OF for r in ranks):
            return low_words(sum(_LOW_RANK_OF[r] << (16 - 4 * i) for i, r in enumerate(ranks)))
        return words
    found = _POT_HAND.match(words)
    if found is None or found["r1"] not in _RANK_OF or (found["r2"] and found["r2"] not in _RANK_OF):
        return words
    said = category_words(Category(found["cat"].lower()), _RANK_OF[found["r1"]], _RANK_OF.get(found["r2"] or "", 0))
    return msg("{hand}; no low qualifies", hand=said) if found["nolow"] else said
