"""Hi/lo pots in words: why a low half went where it went, or why there was none.

The audit calls :func:`low_half_reason` when a player was paid less than a low half owes them,
:func:`no_low_reason` when a player was paid a low half of a pot that had none (no hand
eligible for it makes a qualifying low: the whole pot goes high, OM-HILO-SCOOP), and
:func:`division_reason` for a pot whose halves are shared or both one player's (who gets which
half, and how much: OM-HILO-SPLIT).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from analyzer.audit.records import PotResult
from analyzer.cards import Card, clean, pretty
from analyzer.evaluator import evaluate, words_of
from analyzer.evaluator.lowball import holdem_low, low_words, omaha_low
from analyzer.evaluator.omaha import best_high_cards
from analyzer.i18n import Arg, Cards, Join, Msg, current, msg, render
from analyzer.i18n.hands import hand_words as said_words
from analyzer.i18n.hands import low_run, pot_hand
from analyzer.i18n.hands import low_words as said_low
from analyzer.replay.result import CARD_INDEX
from analyzer.ruleset import RuleSet

#: the highest rank a low may hold when we only want to name a hand's best low, qualifying or not
_ANY_LOW = 13


def best_low_words(hole: Sequence[str], board: Sequence[str], *, omaha: bool, qualifier: int | None = None) -> str:
    """A hand's best ace-to-five low in words (``9-6-4-2-A``), qualifying or not; "no low" when
    it cannot make five distinct ranks (two hole cards and three board cards in Omaha).

    >>> best_low_words(("Ah", "2h", "Kd", "Kc"), ("4c", "6s", "9h", "Qd", "Jd"), omaha=True)
    '9-6-4-2-A'
    >>> best_low_words(("Ah", "Ad", "Kd", "Kc"), ("4c", "6s", "9h", "Qd", "Jd"), omaha=True)
    'K-9-6-4-A'
    >>> best_low_words(("Ah", "Ad", "Ac", "As"), ("4c", "6s", "9h", "Qd", "Jd"), omaha=True)
    'no low'
    """
    if "??" in hole or "??" in board or len(board) != 5:
        return low_words(None)
    h = [CARD_INDEX[c] for c in hole]
    b = [CARD_INDEX[c] for c in board]
    limit = qualifier or _ANY_LOW
    return low_words(omaha_low(h, b, limit) if omaha else holdem_low(h + b, limit))


def no_low_reason(
    result: PotResult,
    player: str,
    shown: Mapping[str, Sequence[str]],
    board: Sequence[str],
    *,
    omaha: bool,
    qualifier: int,
    pot_label: Msg | str,
) -> Msg:
    """Why a pot had no low half for ``player``: their best low does not qualify, so the high
    hand took the whole pot.

    >>> r = PotResult(0, 0, 40, ("Ana", "Ben"), ("Ben",), (("Ben", 40),), "Flush, ace high; no low qualifies", "high")
    >>> from analyzer.i18n import render
    >>> text = render(no_low_reason(r, "Ana", {"Ana": ("Ah", "2h", "Kd", "Kc")}, ("4c", "6s", "9h", "Qd", "Jd"),
    ...     omaha=True, qualifier=8, pot_label="the main pot"))
    >>> text.split(", and ")[0], text.split(": ")[-1]
    ("Ana's low 9-6-4-2-A does not qualify (8 or better)", 'the whole pot goes high, to Ben')
    """
    words = best_low_words(shown.get(player, ()), board, omaha=omaha)
    winners = " and ".join(result.winners)
    if words == low_words(None):
        return msg(
            "{player} has no low, and no hand eligible for {pot} has one: the whole pot goes high, to {winners}",
            player=player,
            pot=pot_label,
            winners=winners,
        )
    return msg(
        "{player}'s low {low} does not qualify ({qualifier} or better), and no hand eligible for {pot} has one: "
        "the whole pot goes high, to {winners}",
        player=player,
        low=words,
        qualifier=qualifier,
        pot=pot_label,
        winners=winners,
    )


def low_half_reason(other: str, mine: int | None, theirs: int | None, pot_label: Msg | str, amount: str) -> Msg:
    """Why the low half of a pot is ``player``'s and not ``other``'s.

    >>> from analyzer.i18n import render
    >>> render(low_half_reason("Ben", 0x75321, None, "the main pot", "20"))
    'the low half of the main pot (20) went to Ben, who has no qualifying low; the low 7-5-3-2-A wins it'
    """
    if theirs is None:
        return msg(
            "the low half of {pot} ({amount}) went to {other}, who has no qualifying low; the low {mine} wins it",
            pot=pot_label,
            amount=amount,
            other=other,
            mine=low_run(mine),
        )
    return msg(
        "the low half of {pot} ({amount}) went to {other}, whose low {theirs} loses to {mine}",
        pot=pot_label,
        amount=amount,
        other=other,
        theirs=low_run(theirs),
        mine=low_run(mine),
    )


def shared_halves(results: Sequence[PotResult]) -> dict[tuple[int, int], tuple[PotResult, PotResult]]:
    """The halved pots (by pot and run: their high and low halves) where a half has several winners
    or one player wins both halves: a sentence about one half alone would not say who got what.

    >>> high = PotResult(0, 0, 8, ("Ana", "Ben"), ("Ana",), (("Ana", 8),), "Flush, ace high", "high")
    >>> low = PotResult(0, 0, 7, ("Ana", "Ben"), ("Ana",), (("Ana", 7),), "Low 8-6-4-2-A", "low")
    >>> list(shared_halves([high, low]))
    [(0, 0)]
    >>> shared_halves([high, PotResult(0, 0, 7, ("Ana", "Ben"), ("Ben",), (("Ben", 7),), "Low 8-6-4-2-A", "low")])
    {}
    """
    highs = {(x.index, x.run): x for x in results if x.half == "high"}
    found: dict[tuple[int, int], tuple[PotResult, PotResult]] = {}
    for low in results:
        high = highs.get((low.index, low.run))
        if low.half != "low" or high is None:
            continue
        if len(high.winners) > 1 or len(low.winners) > 1 or high.winners == low.winners:
            found[low.index, low.run] = (high, low)
    return found


def division_reason(
    high: PotResult,
    low: PotResult,
    low_hand: Arg,
    pot_label: Msg | str,
    money: Callable[[int], str],
) -> Msg:
    """How a hi/lo pot is divided, naming each half's winners and what each gets: one player with
    both halves, or halves shared (each half split among equal hands, OM-HILO-SPLIT).
    ``low_hand``: the winning low in words (``8-6-4-2-A``).

    >>> from analyzer.i18n import render
    >>> three = ("Ana", "Ben", "Cy")
    >>> high = PotResult(0, 0, 13, three, ("Ana", "Cy"), (("Ana", 7), ("Cy", 6)), "Straight, eight high", "high")
    >>> low = PotResult(0, 0, 12, three, ("Ben",), (("Ben", 12),), "Low 7-5-3-2-A", "low")
    >>> render(division_reason(high, low, "7-5-3-2-A", "the main pot", str)).split(", the low")
    ['the main pot (25) is halved: the high half (13) goes to Ana (7) and Cy (6) with straight, eight high', \
' half (12) to Ben with the low 7-5-3-2-A']
    """
    amount = money(high.amount + low.amount)
    said = pot_hand(high.hand)  # the evaluator's words, said in the reader's language
    hand = said.lower() if isinstance(said, str) else said
    if len(high.winners) == 1 and high.winners == low.winners:
        return msg(
            "{player} wins both halves of {pot} ({amount}): the high half ({high}) with {hand} "
            "and the low half ({low}) with the low {low_hand}",
            player=high.winners[0],
            pot=pot_label,
            amount=amount,
            high=money(high.amount),
            hand=hand,
            low=money(low.amount),
            low_hand=low_hand,
        )
    return msg(
        "{pot} ({amount}) is halved: the high half ({high}) goes to {high_winners} with {hand}, "
        "the low half ({low}) to {low_winners} with the low {low_hand}",
        pot=pot_label,
        amount=amount,
        high=money(high.amount),
        high_winners=_winners(high, money),
        hand=hand,
        low=money(low.amount),
        low_winners=_winners(low, money),
        low_hand=low_hand,
    )


def _winners(result: PotResult, money: Callable[[int], str]) -> Join | str:
    """``Ben``, or several winners with each one's share: ``Ana (7) and Cy (6)``."""
    if len(result.shares) == 1:
        return result.shares[0][0]
    return Join(tuple(msg("{player} ({amount})", player=p, amount=money(a)) for p, a in result.shares), "and")


def hand_words(hole: Sequence[str], board: Sequence[str], rules: RuleSet) -> str:
    """A shown hand in words with the five cards it plays, under the rule set: Hold'em's best five
    of seven, or Omaha's two hole and three board cards, and in a hi/lo game its low too.

    >>> from analyzer.ruleset import load_rules
    >>> hand_words(("Ah", "2h", "Kd", "Kc"), ("4c", "6s", "8h", "Kh", "Jd"), load_rules("omaha-hilo-pl"))
    'Three of a kind, kings: K♥ K♦ K♣ J♦ 8♥; low 8-6-4-2-A'
    >>> hand_words(("Ah", "Ad", "Kd", "Kc"), ("4c", "6s", "9h", "Qd", "Jd"), load_rules("omaha-hilo-pl"))
    'One pair, aces: A♥ A♦ Q♦ J♦ 9♥; no low'
    """
    low: int | None = None
    if not rules.is_omaha:
        value = evaluate([*hole, *board], rules.ranking)
        strength, five = value.strength, value.cards
    else:
        cards = clean(" ".join([*hole, *board]))
        h = [c.index for c in cards[: len(hole)]]
        b = [c.index for c in cards[len(hole) :]]
        strength, used = best_high_cards(h, b, rules.ranking)
        five = evaluate([Card.from_index(i).text for i in used], rules.ranking).cards
        if rules.is_high_low:
            low = omaha_low(h, b, rules.showdown.low_qualifier)
    hi_lo = rules.is_omaha and rules.is_high_low
    if current() == "en":  # the evaluator's own words, capitalised as a hand on its own
        text = f"{words_of(strength, rules.ranking)}: {pretty(five)}"
        return text + ("; " + (f"low {low_words(low)}" if low is not None else "no low") if hi_lo else "")
    said = msg("{hand}: {cards}", hand=said_words(strength, rules.ranking), cards=Cards(five))
    return render(msg("{hand}; {low}", hand=said, low=said_low(low)) if hi_lo else said)
