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

from analyzer.evaluator.categories import Category, Ranking, category_of
from analyzer.i18n.message import Msg, Rank, Run, msg, pmsg


def hand_words(strength: int, ranking: Ranking) -> Msg:
    """The category and rank words of a strength, as said inside a sentence (no cards)."""
    c = category_of(strength, ranking)
    r1, r2 = Rank((strength >> 16) & 0xF), Rank((strength >> 12) & 0xF)
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
