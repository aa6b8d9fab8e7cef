"""What the engine and the table read of a rule set, read once a rule set.

A rule set's parts are nested Python records and some of its values are Python calls
(:meth:`RuleSet.min_bet`); the replay of each hand reads them from a :class:`Plan` instead,
made once a rule set (:func:`plan_of`). Nothing here decides a rule: a plan holds what the
rule set says, and the smallest bet the rule set gives for the stakes last asked about.
"""

from __future__ import annotations

from typing import Final

from analyzer.replay.result import CARD_INDEX, VALID_CARDS
from analyzer.ruleset import RuleSet
from parsers.record import Betting, Stakes

_FIXED_LIMIT: Final = Betting.FIXED_LIMIT
_POT_LIMIT: Final = Betting.POT_LIMIT


class Plan:
    """What the engine reads of a rule set, read once a rule set (a rule set's properties are
    Python calls, its parts nested records)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        cards = rules.cards
        self.deck = cards.deck
        self.hole_cards = cards.hole_cards
        self.ranking = cards.ranking
        self.omaha = rules.is_omaha
        showdown = rules.showdown
        self.low_qualifier: int | None = showdown.low_qualifier if rules.is_high_low else None
        self.all_odd_to_first = showdown.odd_chip == "all-to-first-left-of-button"
        table = rules.table
        self.min_players = table.min_players
        self.max_players = table.max_players
        self.valid = VALID_CARDS[self.deck]
        #: each card of the deck as one bit (by its index): a set of cards is an int
        self.card_bits: dict[str, int] = {text: 1 << CARD_INDEX[text] for text in self.valid}
        forced = rules.forced
        self.antes = forced.antes
        self.big_blind_ante = forced.big_blind_ante
        self.blinds = forced.blinds
        betting = rules.betting
        self.fixed = betting.structure is _FIXED_LIMIT
        self.pot_limit = betting.structure is _POT_LIMIT
        self.raise_cap = betting.raise_cap
        self._stakes: Stakes | None = None  # the stakes :meth:`min_bet` last answered for ...
        self._min_bet = 0  # ... and its answer

    def min_bet(self, stakes: Stakes) -> int:
        """:meth:`RuleSet.min_bet` for the stakes (kept for the next hand at the same stakes)."""
        if stakes is not self._stakes and stakes != self._stakes:
            self._min_bet = self.rules.min_bet(stakes)
            self._stakes = stakes
        return self._min_bet


#: the plan of each rule set in use, by its id (the rule set kept alive in the plan)
_PLANS: Final[dict[int, Plan]] = {}


def plan_of(rules: RuleSet) -> Plan:
    """The :class:`Plan` of a rule set, made once a rule set."""
    got = _PLANS.get(id(rules))
    if got is None or got.rules is not rules:
        if len(_PLANS) >= 64:  # rule sets made on the fly (the audit's other ranking): keep the cache small
            _PLANS.clear()
        got = _PLANS[id(rules)] = Plan(rules)
    return got
