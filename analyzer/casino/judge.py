"""Who won a 6+ Poker draw, by the seed's own rules (003 §2), explained in words.

Each side makes its best five of its two cards and the board (C-BEST-FIVE) under the rule
set's ranking (C-RANKING: three of a kind beats a straight, a flush beats a full house,
A-6-7-8-9 is the lowest straight). The higher combination wins; equal combinations are a
split (C-SPLIT). Ties inside a category (C-TIES) follow the ranks as they count (the pair,
then kickers; trips, then the fourth and fifth card; ...). Where the seed is silent:

* straights (and straight flushes) compare by their top card; two royal flushes split;
* high card beyond the highest card: the next cards decide, as in every poker ranking.

Two flushes are the one exception (C-FLUSH-TIE, §2.4.7): "the side with the higher pocket
card(s) used to form the best combination wins" -- :func:`flush_tie` does exactly that,
and a side that uses no pocket card loses to one that does; neither uses one: split.
"""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.cards import Card, CardsLike, clean, pretty
from analyzer.casino.exact import ROYAL, classes_of
from analyzer.evaluator import Category, HandValue, Ranking, evaluate
from analyzer.i18n import Cards, Msg, msg
from parsers.casino import Side


def flush_tie(player_used: tuple[Card, ...], dealer_used: tuple[Card, ...]) -> Side:
    """Two flushes (C-FLUSH-TIE): the higher pocket card used wins, then the next one.

    ``*_used`` are the side's own cards that are among its best five. A side that uses a
    pocket card beats a side that uses none; if neither does, both play the board: split.

    >>> flush_tie(clean("Qh"), clean("Jh Th"))
    <Side.PLAYER: 'player'>
    >>> flush_tie((), clean("7h"))
    <Side.DEALER: 'dealer'>
    >>> flush_tie((), ())
    <Side.SPLIT: 'split'>

    Why this agrees with comparing the whole five cards: both flushes are of one suit (a
    five-card board cannot hold three cards of each of two suits), so the best five are the
    top cards of that suit; the highest card that only one side holds is a pocket card
    (a board card missing from one side's five is below all five of them), and that side
    also has the highest pocket card used.
    """
    mine = sorted((c.rank for c in player_used), reverse=True)
    theirs = sorted((c.rank for c in dealer_used), reverse=True)
    for a, b in zip(mine, theirs):
        if a != b:
            return Side.PLAYER if a > b else Side.DEALER
    if len(mine) != len(theirs):
        return Side.PLAYER if len(mine) > len(theirs) else Side.DEALER
    return Side.SPLIT


CLASS_WORDS = {ROYAL: "royal flush"}


def class_name(cls: int, ranking: Ranking) -> str:
    """The words of a class: a category of the ranking, or the royal flush.

    >>> class_name(9, Ranking.TRIPS_OVER_STRAIGHT), class_name(3, Ranking.TRIPS_OVER_STRAIGHT)
    ('royal flush', 'straight')
    """
    from analyzer.evaluator.categories import ORDER

    return CLASS_WORDS.get(cls) or ORDER[ranking][cls].value


@dataclass(frozen=True, slots=True)
class Showdown:
    """A draw's result as the cards say (C-RESULT-DATA), and the rule that decided it."""

    result: Side
    player: HandValue
    dealer: HandValue
    player_class: int  # 0..8 the ranking's categories, 9 royal flush
    dealer_class: int
    rule: str  # the RULES.md id that decided: C-RANKING, C-TIES, C-FLUSH-TIE or C-SPLIT

    def words(self) -> Msg:
        """One sentence: "the Player won with Flush, ace high: ... against the Dealer's ...",
        rendered in the reader's language."""
        p, d = hand_text(self.player), hand_text(self.dealer)
        if self.result is Side.SPLIT:
            return msg("a split: the Player's {player} ties the Dealer's {dealer}", player=p, dealer=d)
        if self.result is Side.PLAYER:
            return msg("the Player won with {player} against the Dealer's {dealer}", player=p, dealer=d)
        return msg("the Dealer won with {dealer} against the Player's {player}", dealer=d, player=p)


def hand_text(value: HandValue) -> Msg:
    """A hand's words and its five cards, in the reader's language: "Straight, nine high: 9♠ 8♠ 7♦ 6♥ A♣".

    >>> from analyzer.i18n import render
    >>> render(hand_text(evaluate("Qh Jh Th 9c 8d", "trips-over-straight")), "de")
    'Straße bis zur Dame: D♥ B♥ 10♥ 9♣ 8♦'
    """
    from analyzer.quiz.names import name_of  # the one place a hand's name is worded

    return msg("{hand}: {cards}", hand=name_of(value).text(), cards=Cards(value.cards))


def judge(player: CardsLike, dealer: CardsLike, board: CardsLike, ranking: Ranking | str) -> Showdown:
    """Re-check a draw from its cards.

    >>> judge("As Kd", "9h 9c", "Ah 7h 6h Qs Tc", "trips-over-straight").result
    <Side.PLAYER: 'player'>
    >>> judge("Qh 8h", "Jh Th", "Ah 7h 6h Qs 6c", "trips-over-straight").rule
    'C-FLUSH-TIE'
    >>> judge("As", "9h 9c", "Ah 7h 6h Qs Tc", "trips-over-straight")
    Traceback (most recent call last):
    ...
    ValueError: cards: expected two Player cards, two Dealer cards and five board cards, got 1, 2, 5
    """
    rk = Ranking(ranking)
    mine, theirs, common = clean(player), clean(dealer), clean(board)
    if (len(mine), len(theirs), len(common)) != (2, 2, 5):
        raise ValueError(
            "cards: expected two Player cards, two Dealer cards and five board cards, "
            f"got {len(mine)}, {len(theirs)}, {len(common)}"
        )
    everything = (*mine, *theirs, *common)
    if len(set(everything)) != len(everything):
        raise ValueError(f"cards: expected nine different cards, got {pretty(everything)}")
    pv = evaluate((*mine, *common), rk)
    dv = evaluate((*theirs, *common), rk)
    p_cls, d_cls = (int(c) for c in classes_of([pv.strength, dv.strength], rk))
    if pv.category is Category.FLUSH and dv.category is Category.FLUSH:
        used_p = tuple(c for c in pv.cards if c in mine)
        used_d = tuple(c for c in dv.cards if c in theirs)
        return Showdown(flush_tie(used_p, used_d), pv, dv, p_cls, d_cls, "C-FLUSH-TIE")
    if pv.strength == dv.strength:
        return Showdown(Side.SPLIT, pv, dv, p_cls, d_cls, "C-SPLIT")
    result = Side.PLAYER if pv.strength > dv.strength else Side.DEALER
    return Showdown(result, pv, dv, p_cls, d_cls, "C-RANKING" if p_cls != d_cls else "C-TIES")
