"""Every sentence the engine writes about a hand, one small factory a finding.

The betting rules (:mod:`analyzer.replay.rules`) and the table only decide; a :class:`Problem`
and its words are built here, and only on a failing branch. Each sentence is marked for
translation (:mod:`analyzer.i18n`) with named placeholders filled after translation; amounts
come in already written as money (:func:`analyzer.money.amount_text`).
"""

from __future__ import annotations

from analyzer.i18n import _
from analyzer.replay.findings import Code, Problem, Verdict


def _v(code: Code, message: str, index: int | None, rule: str | None = None, player: str | None = None) -> Problem:
    return Problem(code, Verdict.VIOLATION, message, index, rule, player)


def site_note(message: str, label: str, warn: bool, index: int | None, player: str | None) -> Problem:
    """What a site profile explains: the sentence, then the profile entry that explains it."""
    return Problem(
        Code.SITE_BEHAVIOUR,
        Verdict.WARN if warn else Verdict.NOTE,
        _("{message} ({label})").format(message=message, label=label),
        index,
        None,
        player,
        label,
    )


# ---- the hand as dealt ---------------------------------------------------------------


def too_many_players(count: int, rules: str, most: int, rule: str) -> Problem:
    text = _("{count} players were dealt in; {rules} allows {most}").format(count=count, rules=rules, most=most)
    return _v(Code.TOO_MANY_PLAYERS, text, None, rule)


def too_few_players(count: int, least: int, rule: str) -> Problem:
    text = _("{count} player(s) dealt in; a hand needs {least}").format(count=count, least=least)
    return _v(Code.TOO_FEW_PLAYERS, text, None, rule)


def hole_card_count(player: str, count: int, rule: str) -> Problem:
    text = _("{player} shows {count} hole cards; each player is dealt two").format(player=player, count=count)
    return _v(Code.HOLE_CARD_COUNT, text, None, rule, player)


def duplicate_card(card: str, count: int, rule: str) -> Problem:
    text = _("the card {card} appears {count} times").format(card=card, count=count)
    return _v(Code.DUPLICATE_CARD, text, None, rule)


def card_not_in_deck(card: str, deck: int, rule: str) -> Problem:
    text = _("the card {card} is not in the {deck}-card deck").format(card=card, deck=deck)
    return _v(Code.CARD_NOT_IN_DECK, text, None, rule)


def board_card_count(run: int | None, count: int, reached: str | None, need: int, rule: str) -> Problem:
    """``run``: the run's number when the board ran more than once; ``reached``: the street,
    or None for the showdown."""
    what = _("run {run}'s board").format(run=run) if run is not None else _("the board")
    text = _("{what} has {count} cards; the hand reached the {reached} and needs {need}").format(
        what=what, count=count, reached=reached if reached is not None else _("showdown"), need=need
    )
    return _v(Code.BOARD_CARD_COUNT, text, None, rule)


# ---- forced bets ---------------------------------------------------------------------


def blinds_from_posts(header: tuple[str, str], posted: tuple[str, str], label: str) -> Problem:
    text = _(
        "the header says blinds {small}/{big}; the blinds posted are {posted_small}/{posted_big}, "
        "and the posted ones are the truth for bets and raises ({label})"
    ).format(small=header[0], big=header[1], posted_small=posted[0], posted_big=posted[1], label=label)
    return Problem(Code.SITE_BEHAVIOUR, Verdict.NOTE, text, None, None, None, label)


def ante_missing(player: str) -> Problem:
    text = _("{player} was dealt in without posting the ante").format(player=player)
    return _v(Code.FORCED_BET_MISSING, text, None, "SD-ANTES", player)


def ante_twice(player: str, index: int) -> Problem:
    text = _("{player} posts the ante twice; each player pays it once a hand").format(player=player)
    return _v(Code.FORCED_BET_WRONG, text, index, "SD-STANDARD-ANTE-LEVEL", player)


def forced_bet_wrong(player: str, kind: str, amount: str, expected: str, index: int) -> Problem:
    text = _("{player} posts {kind} {amount}; the stakes say {expected}").format(
        player=player, kind=kind, amount=amount, expected=expected
    )
    return _v(Code.FORCED_BET_WRONG, text, index, None, player)


def unknown_poster(player: str) -> Problem:
    return _v(Code.UNKNOWN_PLAYER, _("{player} posts but has no seat").format(player=player), None)


def posts_more_than_stack(player: str, amount: str, behind: str) -> Problem:
    text = _("{player} posts {amount} with only {behind} behind").format(player=player, amount=amount, behind=behind)
    return _v(Code.MORE_THAN_STACK, text, None, None, player)


def live_post_over_street(player: str, kind: str, amount: str, before: str, more: str) -> str:
    """The sentence of the ``live-post-sets-street-total`` note (the profile's label follows)."""
    return _("{player} posts {kind} {amount} over {before} already in front: {more} more, not {amount}").format(
        player=player, kind=kind, amount=amount, before=before, more=more
    )


# ---- whose turn ----------------------------------------------------------------------


def unknown_actor(player: str, index: int) -> Problem:
    return _v(Code.UNKNOWN_PLAYER, _("{player} acts but has no seat").format(player=player), index)


def not_dealt_in(player: str, index: int) -> Problem:
    text = _("{player} acts but was not dealt in (no chips, or sitting out)").format(player=player)
    return _v(Code.ACTION_OUT_OF_TURN, text, index, "GAME-OUT", player)


def after_hand_over(player: str, index: int) -> Problem:
    text = _("{player} acts after everyone else folded").format(player=player)
    return _v(Code.ACTION_AFTER_HAND_OVER, text, index, "SH-WIN-BY-FOLD", player)


def after_folding(player: str, index: int) -> Problem:
    return _v(
        Code.ACTION_OUT_OF_TURN, _("{player} acts after folding").format(player=player), index, "BET-FOLD", player
    )


def while_all_in(player: str, index: int) -> Problem:
    text = _("{player} acts while all-in").format(player=player)
    return _v(Code.ACTION_OUT_OF_TURN, text, index, "BET-ALL-IN-SHORT", player)


def all_in_folds(player: str, put_in: str) -> str:
    """The sentence of the ``all-in-player-folds`` note."""
    return _("{player} folds while all-in for {put_in}, and so gives up the pot").format(player=player, put_in=put_in)


def after_round_over(player: str, street: str, index: int) -> Problem:
    text = _("{player} acts after the {street} betting was over").format(player=player, street=street)
    return _v(Code.ACTION_OUT_OF_TURN, text, index, "BET-ROUND-END", player)


def folds_early(player: str, expected: str) -> str:
    """The sentence of the ``out-of-turn-fold`` note."""
    return _("{player} folds before their turn ({expected} was to act)").format(player=player, expected=expected)


def out_of_turn(player: str, expected: str, rule: str, index: int) -> Problem:
    text = _("{player} acts out of turn: it is {expected}'s turn").format(player=player, expected=expected)
    return _v(Code.ACTION_OUT_OF_TURN, text, index, rule, player)


def street_gone(player: str, street: str, current: str, index: int) -> Problem:
    text = _("{player} acts on the {street} after the {current}").format(player=player, street=street, current=current)
    return _v(Code.ACTION_OUT_OF_TURN, text, index, "BET-ROUND-END", player)


def moved_on_before(street: str, waiting: str, index: int) -> Problem:
    text = _("the {street} betting moved on before {waiting} acted").format(street=street, waiting=waiting)
    return _v(Code.ROUND_NOT_FINISHED, text, index, "BET-ROUND-END", waiting)


def ends_while_waiting(waiting: str, street: str) -> Problem:
    text = _("the hand ends while {waiting} still has to act on the {street}").format(waiting=waiting, street=street)
    return _v(Code.ROUND_NOT_FINISHED, text, None, "BET-ROUND-END", waiting)


def street_missing(street: str) -> Problem:
    text = _("the {street} betting is missing: two players could still bet").format(street=street)
    return _v(Code.ROUND_NOT_FINISHED, text, None, "BET-ROUND-END")


# ---- amounts -------------------------------------------------------------------------


def check_when_owing(player: str, owed: str, index: int) -> Problem:
    text = _("{player} checks but owes {owed}").format(player=player, owed=owed)
    return _v(Code.CHECK_WHEN_OWING, text, index, "BET-CHECK", player)


def more_than_stack(player: str, amount: str, behind: str, index: int) -> Problem:
    text = _("{player} puts in {amount} with only {behind} behind").format(player=player, amount=amount, behind=behind)
    return _v(Code.MORE_THAN_STACK, text, index, "BET-STACK-LIVE", player)


def all_in_flag_wrong(player: str, keeps: str, index: int) -> Problem:
    text = _("{player} is said to be all-in but keeps {keeps}").format(player=player, keeps=keeps)
    return Problem(Code.ALL_IN_FLAG_WRONG, Verdict.WARN, text, index, None, player)


def cap_exceeded(player: str, cap: str, index: int) -> Problem:
    text = _("{player} puts in more than the {cap} cap").format(player=player, cap=cap)
    return _v(Code.CAP_EXCEEDED, text, index, None, player)


def call_amount_wrong(player: str, to: str, expected: str, index: int) -> Problem:
    text = _("{player} calls {to} but the call is {expected}").format(player=player, to=to, expected=expected)
    return _v(Code.CALL_AMOUNT_WRONG, text, index, "BET-CALL", player)


def raise_not_reopened(player: str, index: int) -> Problem:
    text = _(
        "{player} raises, but the all-in for less before was not a full raise, so {player} may only call or fold"
    ).format(player=player)
    return _v(Code.RAISE_NOT_REOPENED, text, index, "BET-INCOMPLETE-RAISE", player)


def fixed_limit_size(player: str, to: str, must: str, index: int) -> Problem:
    text = _("{player} makes it {to}; in fixed limit it must be {must}").format(player=player, to=to, must=must)
    return _v(Code.FIXED_LIMIT_SIZE, text, index, "BET-FIXED-LIMIT", player)


def raise_cap_exceeded(player: str, cap: int, index: int) -> Problem:
    text = _("{player} raises after the {cap}-bet cap was reached").format(player=player, cap=cap)
    return _v(Code.RAISE_CAP_EXCEEDED, text, index, "BET-FIXED-LIMIT", player)


def bet_below_minimum(player: str, to: str, least: str, index: int) -> Problem:
    text = _("{player} bets {to}; the minimum bet is {least}").format(player=player, to=to, least=least)
    return _v(Code.BET_BELOW_MINIMUM, text, index, "BET-BET", player)


def raise_below_minimum(player: str, to: str, least: str, rule: str, index: int) -> Problem:
    text = _("{player} raises to {to}; the smallest raise is to {least}").format(player=player, to=to, least=least)
    return _v(Code.RAISE_BELOW_MINIMUM, text, index, rule, player)


def raise_capped_at_callable(player: str, to: str, least: str) -> str:
    """The sentence of the ``raise-capped-at-callable-stack`` note."""
    return _(
        "{player} raises to {to}, below the smallest raise to {least}, which is all that anyone still in can call"
    ).format(player=player, to=to, least=least)


def raise_over_straddle(player: str, to: str, least: str) -> str:
    """The sentence of the ``straddle-raise-from-big-blind`` note."""
    return _(
        "{player} raises to {to} over the straddle; by the raise over the straddle it would be at least {least}"
    ).format(player=player, to=to, least=least)


def pot_limit_exceeded(player: str, to: str, limit: str, index: int) -> Problem:
    text = _("{player} makes it {to}; pot limit allows at most {limit}").format(player=player, to=to, limit=limit)
    return _v(Code.POT_LIMIT_EXCEEDED, text, index, "BET-POT-LIMIT", player)
