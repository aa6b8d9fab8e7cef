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


def hole_card_count(player: str, count: int, dealt: int, rule: str) -> Problem:
    if dealt == 2:
        text = _("{player} shows {count} hole cards; each player is dealt two").format(player=player, count=count)
    else:
        text = _("{player} shows {count} hole cards; each player is dealt {dealt}").format(
            player=player, count=count, dealt=dealt
        )
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


# ---- the audit: claims against the replay (analyzer.audit) -------------------------------


def pot_name(index: int) -> str:
    """``the main pot``, ``side pot 1``, ..."""
    return _("the main pot") if index == 0 else _("side pot {index}").format(index=index)


def unreadable(code: str, message: str) -> Problem:
    """A hand that could not be read: its rejection code, then why (``TRUNCATED: ...``)."""
    return Problem(Code.UNREADABLE, Verdict.UNREADABLE, f"{code}: {message}")


def audit_failed(kind: str, error: str) -> Problem:
    """The audit of a hand stopped on an error (kept as an unreadable hand, the night goes on)."""
    text = _("the audit failed: {kind}: {error}").format(kind=kind, error=error)
    return Problem(Code.UNREADABLE, Verdict.UNREADABLE, text)


def returns_unstated(player: str, due: str, total_pot: str, label: str) -> Problem:
    text = _(
        "{player}'s uncalled {due} went back: the file prints no returned bet, and the "
        "total pot it states ({total_pot}) leaves it out ({label})"
    ).format(player=player, due=due, total_pot=total_pot, label=label)
    return Problem(Code.SITE_BEHAVIOUR, Verdict.NOTE, text, None, None, player, label)


def uncalled_bet_mismatch(player: str, got: str, due: str) -> Problem:
    text = _("{player} got {got} back as an uncalled bet; the uncalled part was {due}").format(
        player=player, got=got, due=due
    )
    return _v(Code.UNCALLED_BET_MISMATCH, text, None, "BET-ROUND-END", player)


def total_pot_mismatch(stated: str, total: str) -> Problem:
    text = _("the source says the pot was {stated}; the bets add up to {total}").format(stated=stated, total=total)
    return _v(Code.TOTAL_POT_MISMATCH, text, None)


def chips_not_conserved(paid: str, deducted: str, total: str, gap: str, missing: bool) -> Problem:
    template = (
        _("{paid} was paid out and {deducted} deducted from a pot of {total}: {gap} missing")
        if missing
        else _("{paid} was paid out and {deducted} deducted from a pot of {total}: {gap} made up")
    )
    text = template.format(paid=paid, deducted=deducted, total=total, gap=gap)
    return _v(Code.CHIPS_NOT_CONSERVED, text, None, "BET-NO-TAKE-BACK")


def no_rake_allowed(taken: str, kinds: str, rules: str) -> Problem:
    text = _("{taken} was taken ({kinds}) but {rules} has no rake").format(taken=taken, kinds=kinds, rules=rules)
    return _v(Code.RAKE_MISMATCH, text, None)


def rake_not_percent(rake: str, percent: str, pot: str, capped: bool, due: str) -> Problem:
    template = (
        _("the rake was {rake}; {percent}% of {pot} capped is {due}")
        if capped
        else _("the rake was {rake}; {percent}% of {pot} is {due}")
    )
    return _v(Code.RAKE_MISMATCH, template.format(rake=rake, percent=percent, pot=pot, due=due), None)


def rake_above_cap(rake: str, cap: str) -> Problem:
    return _v(Code.RAKE_MISMATCH, _("the rake of {rake} is above the cap of {cap}").format(rake=rake, cap=cap), None)


def cards_unknown(pots: str, bad_cards: bool, players: str) -> Problem:
    why = (
        _("a card is twice in the hand or not in the deck")
        if bad_cards
        else _("the hole cards of {players} are not all known").format(players=players)
    )
    text = _("{pots} cannot be checked: {why}").format(pots=pots, why=why)
    return Problem(Code.SHOWDOWN_CARDS_UNKNOWN, Verdict.WARN, text)


def collected_but_folded(player: str, amount: str, pot: str) -> Problem:
    text = _("{player} collected {amount} from {pot} but folded").format(player=player, amount=amount, pot=pot)
    return _v(Code.POT_AWARD_MISMATCH, text, None, "BET-FOLD", player)


def not_eligible(player: str, amount: str, pot: str, put_in: str) -> Problem:
    text = _("{player} collected {amount} from {pot}, but put in only {put_in} and is not eligible for it").format(
        player=player, amount=amount, pot=pot, put_in=put_in
    )
    return _v(Code.SIDE_POT_ELIGIBILITY, text, None, "POT-ALL-IN-CAP", player)


def odd_chip_wrong(took: list[str], owed: list[str], runs: bool) -> Problem:
    """The odd chip went to ``took``; it goes to ``owed`` (the first run's winner when ``runs``)."""
    template = (
        _("the odd chip of a split pot went to {took}; it goes to the winner of the first run, {owed}")
        if runs
        else _(
            "the odd chip of a split pot went to {took}; it goes to the first winner clockwise from the button, {owed}"
        )
    )
    text = template.format(took=_(" and ").join(took), owed=_(" and ").join(owed))
    return _v(Code.ODD_CHIP_WRONG, text, None, "POT-ODD-CHIP")


def went_to_folded(pot: str, amount: str, other: str) -> str:
    """Why a player is paid short: the pot went to one who folded."""
    return _("{pot} ({amount}) went to {other}, who folded").format(pot=pot, amount=amount, other=other)


def went_to_ineligible(pot: str, amount: str, other: str, put_in: str) -> str:
    return _("{pot} ({amount}) went to {other}, who was all-in for {put_in} and is not eligible for it").format(
        pot=pot, amount=amount, other=other, put_in=put_in
    )


def went_to_worse(pot: str, amount: str, other: str, theirs: str, mine: str) -> str:
    return _("{pot} ({amount}) went to {other}, whose {theirs} loses to {mine}").format(
        pot=pot, amount=amount, other=other, theirs=theirs, mine=mine
    )


def went_to(pot: str, amount: str, other: str) -> str:
    return _("{pot} ({amount}) went to {other}").format(pot=pot, amount=amount, other=other)


def paid_short(player: str, got: str, due: str, reasons: list[str], not_eligible: bool) -> Problem:
    """A player paid less than the replay owes, with why (``reasons``, made above)."""
    text = _("{player} was paid {got} but is owed {due}").format(player=player, got=got, due=due)
    if reasons:
        text = _("{text}: {reasons}").format(text=text, reasons="; ".join(reasons))
    if not_eligible:
        return _v(Code.SIDE_POT_ELIGIBILITY, text, None, "POT-ALL-IN-CAP", player)
    return _v(Code.POT_AWARD_MISMATCH, text, None, "POT-SIDE-ORDER", player)


def paid_over(player: str, got: str, due: str, why: str = "") -> Problem:
    """``why``: what follows the sentence (a hi/lo game's words on the low half), or nothing."""
    text = _("{player} was paid {got} but is owed {due}").format(player=player, got=got, due=due) + why
    return _v(Code.POT_AWARD_MISMATCH, text, None, "POT-SIDE-ORDER", player)


def finishing_stack_mismatch(player: str, stated: str, end: str) -> Problem:
    text = _("{player} ends with {stated} in the source; the replay gives {end}").format(
        player=player, stated=stated, end=end
    )
    return _v(Code.FINISHING_STACK_MISMATCH, text, None, None, player)


def ranking_said(
    player: str, said: str, text: str, other_rules: str, other: str, rules: str, ranking: str, ours: str, rule: str
) -> Problem:
    sentence = _(
        "the source says {player} has {said} ({text}), which is the ranking of "
        "{other_rules} ({other}); under {rules} ({ranking}) it is {ours}"
    ).format(
        player=player,
        said=said,
        text=text,
        other_rules=other_rules,
        other=other,
        rules=rules,
        ranking=ranking,
        ours=ours,
    )
    return Problem(Code.RANKING_CONTRADICTION, Verdict.WARN, sentence, None, rule, player)


def payouts_follow(other: str, other_rules: str, ranking: str, rules: str, rule: str) -> Problem:
    text = _("the payouts follow {other} (as in {other_rules}), not {ranking} ({rules})").format(
        other=other, other_rules=other_rules, ranking=ranking, rules=rules
    )
    return Problem(Code.RANKING_CONTRADICTION, Verdict.WARN, text, None, rule)


def rake_unstated(short: str, total: str, percent: str, label: str, warn: bool) -> Problem:
    text = _(
        "the payouts are {short} short of the {total} pot: a rake of {short} ({percent}%) that the file does not state "
        "({label})"
    ).format(short=short, total=total, percent=percent, label=label)
    return Problem(Code.SITE_BEHAVIOUR, Verdict.WARN if warn else Verdict.NOTE, text, None, None, None, label)


def showdown_order(player: str, expected: str) -> Problem:
    text = _(
        "{player} showed first; {expected} was to show first (the last to bet or raise on the "
        "river, else the first player left of the button)"
    ).format(player=player, expected=expected)
    return Problem(Code.SHOWDOWN_ORDER, Verdict.NOTE, text, None, "SH-ORDER", player)


def better_hand_mucked(
    player: str, cards: str, hand: str, beaten: list[str], pot: str, amount: str, rules: str
) -> Problem:
    text = _(
        "{player} mucked {cards} ({hand}), which beats {beaten} who won {pot} ({amount}); under "
        "{rules} every hand still in is turned up, so the better hand wins it"
    ).format(player=player, cards=cards, hand=hand, beaten=_(" and ").join(beaten), pot=pot, amount=amount, rules=rules)
    return _v(Code.BETTER_HAND_MUCKED, text, None, "SH-MUCK", player)


def award_includes_uncalled(back: list[tuple[str, str]], label: str) -> Problem:
    given = ", ".join(f"{name} {amount}" for name, amount in back)
    text = _("the payout includes the uncalled bet given back: {given} ({label})").format(given=given, label=label)
    return Problem(Code.SITE_BEHAVIOUR, Verdict.NOTE, text, None, None, None, label)


# ---- between hands of one table (analyzer.audit.continuity) -----------------------------


def unequal_start(common: str, odd: list[tuple[str, str]], rule: str) -> Problem:
    others = ", ".join(f"{player} {stack}" for player, stack in odd)
    text = _(
        "the first hand of the tournament starts with unequal stacks: most players have {common}, but {others}"
    ).format(common=common, others=others)
    return Problem(Code.UNEQUAL_START, Verdict.WARN, text, None, rule)


def button_not_moved(before: int | None, after: int | None, expected: int) -> Problem:
    text = _("the button went from seat {before} to seat {after}; the next seat clockwise is {expected}").format(
        before=before, after=after, expected=expected
    )
    return Problem(Code.BUTTON_NOT_MOVED, Verdict.WARN, text, None, "SD-BUTTON-MOVES")


def stack_changed_in_tournament(player: str, end: str, start: str) -> Problem:
    text = _(
        "{player} ended the last hand with {end} but starts this one with {start}; a tournament adds no chips between "
        "hands"
    ).format(player=player, end=end, start=start)
    return Problem(Code.STACK_CHANGED, Verdict.WARN, text, None, "GAME-TOURNAMENT", player)


def stack_shrank(player: str, end: str, start: str) -> Problem:
    text = _("{player} ended the last hand with {end} but starts this one with only {start}").format(
        player=player, end=end, start=start
    )
    return Problem(Code.STACK_CHANGED, Verdict.WARN, text, None, "GAME-CASH", player)
