"""Hi/lo pots in words: why a low half went where it went, or why there was none.

The audit calls :func:`low_half_reason` when a player was paid less than a low half owes them,
and :func:`no_low_reason` when a player was paid a low half of a pot that had none (no hand
eligible for it makes a qualifying low: the whole pot goes high, OM-HILO-SCOOP).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from analyzer.audit.records import PotResult
from analyzer.cards import Card, clean, pretty
from analyzer.evaluator import evaluate, words_of
from analyzer.evaluator.lowball import holdem_low, low_words, omaha_low
from analyzer.evaluator.omaha import best_high_cards
from analyzer.i18n import Msg, _, msg
from analyzer.i18n.hands import low_run
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


def hand_words(hole: Sequence[str], board: Sequence[str], rules: RuleSet) -> str:
    """A shown hand in words with the five cards it plays, under the rule set: Hold'em's best five
    of seven, or Omaha's two hole and three board cards, and in a hi/lo game its low too.

    >>> from analyzer.ruleset import load_rules
    >>> hand_words(("Ah", "2h", "Kd", "Kc"), ("4c", "6s", "8h", "Kh", "Jd"), load_rules("omaha-hilo-pl"))
    'Three of a kind, kings: K♥ K♦ K♣ J♦ 8♥; low 8-6-4-2-A'
    >>> hand_words(("Ah", "Ad", "Kd", "Kc"), ("4c", "6s", "9h", "Qd", "Jd"), load_rules("omaha-hilo-pl"))
    'One pair, aces: A♥ A♦ Q♦ J♦ 9♥; no low'
    """
    if not rules.is_omaha:
        return evaluate([*hole, *board], rules.ranking).describe()
    cards = clean(" ".join([*hole, *board]))
    h = [c.index for c in cards[: len(hole)]]
    b = [c.index for c in cards[len(hole) :]]
    strength, used = best_high_cards(h, b, rules.ranking)
    ordered = evaluate([Card.from_index(i).text for i in used], rules.ranking)
    text = f"{words_of(strength, rules.ranking)}: {pretty(ordered.cards)}"
    if rules.is_high_low:
        low = omaha_low(h, b, rules.showdown.low_qualifier)
        text += "; " + (_("low {low}").format(low=low_words(low)) if low is not None else _("no low"))
    return text
