"""Which rule set a hand is played under, from what its source says about the game.

PokerStars 6+ and GG Short Deck map to ``shortdeck`` (the button blind equal to the ante;
a straight beats three of a kind, as their showdown texts show); a short-deck game with
blinds to ``shortdeck-blinds``; a source that states trips over a straight to
``shortdeck-trips`` (``shortdeck-blinds-trips`` with blinds: iPoker, WPN, Party 6+);
Hold'em by its betting structure, a big-blind ante to ``holdem-tournament``. A native file
may name its rule set, but only among the presets: a hand's content never makes the program
open a file (a path is honoured only when the user names it, with ``--rules`` or in the page).
"""

from __future__ import annotations

from typing import Final

from analyzer.errors import RuleSetError
from analyzer.ruleset import RuleSet, load_rules, preset_names
from parsers.errors import T_
from parsers.record import Betting, HandRecord, PostKind, Variant


def rules_name_for(record: HandRecord) -> str:
    """The preset a hand maps to (a name the file gives is checked by :func:`rules_for`).

    >>> from parsers.record import Game, HandRecord, Seat, Stakes
    >>> rules_name_for(HandRecord("1", (), game=Game(variant=Variant.SHORTDECK), stakes=Stakes(ante=2, button_blind=2)))
    'shortdeck'
    """
    game = record.game
    if game.rules:
        return game.rules
    if game.variant is Variant.SHORTDECK:
        stakes = record.stakes
        blinds = bool(stakes.big_blind and not stakes.ante and not stakes.button_blind)
        if game.ranking == "trips-over-straight":
            return "shortdeck-blinds-trips" if blinds else "shortdeck-trips"
        if blinds:
            return "shortdeck-blinds"
        if stakes.ante and not stakes.button_blind and not any(p.kind is PostKind.BUTTON_BLIND for p in record.posts):
            return "shortdeck-single-ante"
        return "shortdeck"
    if game.variant in _OMAHA:
        return _omaha_preset(game.variant, game.betting)
    if game.betting is Betting.POT_LIMIT:
        return "holdem-pl"
    if game.betting is Betting.FIXED_LIMIT:
        return "holdem-fl"
    antes = [p for p in record.posts if p.kind is PostKind.ANTE]
    if len(antes) == 1 and len(record.seats) > 2:
        return "holdem-tournament"
    return "holdem"


_OMAHA: Final = frozenset({Variant.OMAHA, Variant.OMAHA_HILO, Variant.OMAHA5})


def _omaha_preset(variant: Variant, betting: Betting) -> str:
    """Omaha games by hole cards and split; fixed-limit Omaha Hi/Lo has its preset, the other
    structures play as pot limit's (the betting structure of the hand is then named in its
    problems: a pot-limit maximum broken)."""
    if variant is Variant.OMAHA_HILO:
        return "omaha-hilo-fl" if betting is Betting.FIXED_LIMIT else "omaha-hilo-pl"
    return "omaha5-pl" if variant is Variant.OMAHA5 else "omaha-pl"


#: the presets loaded, by name (a name is checked against the presets once, when first loaded)
_LOADED: Final[dict[str, RuleSet]] = {}


def rules_for(record: HandRecord) -> RuleSet:
    """The rule set a hand maps to (presets are loaded once, and looked up by name a hand).

    Only a preset: a name in the hand that is not one (a path, a file name) is refused
    without touching the file system; a rule file is the user's choice (``--rules FILE``).

    >>> from parsers.record import Game, HandRecord
    >>> rules_for(HandRecord("1", (), game=Game(rules="/etc/passwd")))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    analyzer.errors.RuleSetError: hand 1: rule set key 'game.rules': expected a preset (... FILE, found '/etc/passwd'
    """
    name = rules_name_for(record)
    loaded = _LOADED.get(name)
    if loaded is not None:
        return loaded
    if name not in preset_names():
        raise RuleSetError(
            source=T_("hand {hand}", hand=record.hand_id),
            key="game.rules",
            expected=T_("a preset ({names}); a rule file only with --rules FILE", names=", ".join(preset_names())),
            found=repr(name[:80]),
        )
    loaded = _LOADED[name] = load_rules(name)
    return loaded
