"""Every sentence the engine writes about a hand, one small factory a finding.

The betting rules (:mod:`analyzer.replay.rules`) and the table only decide; a :class:`Problem`
and its words are built here, and only on a failing branch. Each sentence is marked for
translation (:mod:`analyzer.i18n`) with named placeholders filled after translation; amounts
come in already written as money (:func:`analyzer.money.amount_text`).
"""

from __future__ import annotations

from collections.abc import Iterable

from analyzer.i18n import Amount, Join, Percent, msg, pmsg
from analyzer.i18n import Msg as Msg  # re-exported: the type of the sentences made here
from analyzer.i18n.message import from_text
from analyzer.money import CHIPS
from analyzer.replay.findings import Code, Problem, Verdict


def _v(code: Code, message: Msg, index: int | None, rule: str | None = None, player: str | None = None) -> Problem:
    return Problem(code, Verdict.VIOLATION, message, index, rule, player)


def site_note(message: Msg, label: str, warn: bool, index: int | None, player: str | None) -> Problem:
    """What a site profile explains: the sentence, then the profile entry that explains it."""
    return Problem(
        Code.SITE_BEHAVIOUR,
        Verdict.WARN if warn else Verdict.NOTE,
        msg("{message} ({label})", message=message, label=label),
        index,
        None,
        player,
        label,
    )


# ---- the hand as dealt ---------------------------------------------------------------


def too_many_players(count: int, rules: str, most: int, rule: str) -> Problem:
    text = msg("{count} players were dealt in; {rules} allows {most}", count=count, rules=rules, most=most)
    return _v(Code.TOO_MANY_PLAYERS, text, None, rule)


def too_few_players(count: int, least: int, rule: str) -> Problem:
    text = msg("{count} player(s) dealt in; a hand needs {least}", count=count, least=least)
    return _v(Code.TOO_FEW_PLAYERS, text, None, rule)


def hole_card_count(player: str, count: int, dealt: int, rule: str) -> Problem:
    if dealt == 2:
        text = msg("{player} shows {count} hole cards; each player is dealt two", player=player, count=count)
    else:
        text = msg(
            "{player} shows {count} hole cards; each player is dealt {dealt}", player=player, count=count, dealt=dealt
        )
    return _v(Code.HOLE_CARD_COUNT, text, None, rule, player)


def duplicate_card(card: str, count: int, rule: str) -> Problem:
    text = msg("the card {card} appears {count} times", card=card, count=count)
    return _v(Code.DUPLICATE_CARD, text, None, rule)


def card_not_in_deck(card: str, deck: int, rule: str) -> Problem:
    text = msg("the card {card} is not in the {deck}-card deck", card=card, deck=deck)
    return _v(Code.CARD_NOT_IN_DECK, text, None, rule)


def board_card_count(run: int | None, count: int, reached: str | None, need: int, rule: str) -> Problem:
    """``run``: the run's number when the board ran more than once; ``reached``: the street,
    or None for the showdown."""
    what = msg("run {run}'s board", run=run) if run is not None else msg("the board")
    text = msg(
        "{what} has {count} cards; the hand reached the {reached} and needs {need}",
        what=what,
        count=count,
        reached=_street(reached) if reached is not None else msg("showdown"),
        need=need,
    )
    return _v(Code.BOARD_CARD_COUNT, text, None, rule)


# ---- forced bets ---------------------------------------------------------------------


def blinds_from_posts(header: tuple[str, str], posted: tuple[str, str], label: str) -> Problem:
    text = msg(
        "the header says blinds {small}/{big}; the blinds posted are {posted_small}/{posted_big}, "
        "and the posted ones are the truth for bets and raises ({label})",
        small=header[0],
        big=header[1],
        posted_small=posted[0],
        posted_big=posted[1],
        label=label,
    )
    return Problem(Code.SITE_BEHAVIOUR, Verdict.NOTE, text, None, None, None, label)


def ante_missing(player: str) -> Problem:
    text = msg("{player} was dealt in without posting the ante", player=player)
    return _v(Code.FORCED_BET_MISSING, text, None, "SD-ANTES", player)


def ante_twice(player: str, index: int) -> Problem:
    text = msg("{player} posts the ante twice; each player pays it once a hand", player=player)
    return _v(Code.FORCED_BET_WRONG, text, index, "SD-STANDARD-ANTE-LEVEL", player)


def forced_bet_wrong(player: str, kind: str, amount: str, expected: str, index: int) -> Problem:
    text = msg(
        "{player} posts {kind} {amount}; the stakes say {expected}",
        player=player,
        kind=kind,
        amount=amount,
        expected=expected,
    )
    return _v(Code.FORCED_BET_WRONG, text, index, None, player)


def unknown_poster(player: str) -> Problem:
    return _v(Code.UNKNOWN_PLAYER, msg("{player} posts but has no seat", player=player), None)


def posts_more_than_stack(player: str, amount: str, behind: str) -> Problem:
    text = msg("{player} posts {amount} with only {behind} behind", player=player, amount=amount, behind=behind)
    return _v(Code.MORE_THAN_STACK, text, None, None, player)


def live_post_over_street(player: str, kind: str, amount: str, before: str, more: str) -> Msg:
    """The sentence of the ``live-post-sets-street-total`` note (the profile's label follows)."""
    return msg(
        "{player} posts {kind} {amount} over {before} already in front: {more} more, not {amount}",
        player=player,
        kind=kind,
        amount=amount,
        before=before,
        more=more,
    )


# ---- whose turn ----------------------------------------------------------------------


def unknown_actor(player: str, index: int) -> Problem:
    return _v(Code.UNKNOWN_PLAYER, msg("{player} acts but has no seat", player=player), index)


def not_dealt_in(player: str, index: int) -> Problem:
    text = msg("{player} acts but was not dealt in (no chips, or sitting out)", player=player)
    return _v(Code.ACTION_OUT_OF_TURN, text, index, "GAME-OUT", player)


def after_hand_over(player: str, index: int) -> Problem:
    text = msg("{player} acts after everyone else folded", player=player)
    return _v(Code.ACTION_AFTER_HAND_OVER, text, index, "SH-WIN-BY-FOLD", player)


def after_folding(player: str, index: int) -> Problem:
    return _v(Code.ACTION_OUT_OF_TURN, msg("{player} acts after folding", player=player), index, "BET-FOLD", player)


def while_all_in(player: str, index: int) -> Problem:
    text = msg("{player} acts while all-in", player=player)
    return _v(Code.ACTION_OUT_OF_TURN, text, index, "BET-ALL-IN-SHORT", player)


def all_in_folds(player: str, put_in: str) -> Msg:
    """The sentence of the ``all-in-player-folds`` note."""
    return msg("{player} folds while all-in for {put_in}, and so gives up the pot", player=player, put_in=put_in)


#: a street's name inside a sentence (the engine passes ``Street.value``)
STREETS: dict[str, Msg] = {
    "preflop": pmsg("street", "preflop"),
    "flop": pmsg("street", "flop"),
    "turn": pmsg("street", "turn"),
    "river": pmsg("street", "river"),
}


def _street(name: str) -> Msg | str:
    return STREETS.get(name, name)


def after_round_over(player: str, street: str, index: int) -> Problem:
    text = msg("{player} acts after the {street} betting was over", player=player, street=_street(street))
    return _v(Code.ACTION_OUT_OF_TURN, text, index, "BET-ROUND-END", player)


def folds_early(player: str, expected: str) -> Msg:
    """The sentence of the ``out-of-turn-fold`` note."""
    return msg("{player} folds before their turn ({expected} was to act)", player=player, expected=expected)


def out_of_turn(player: str, expected: str, rule: str, index: int) -> Problem:
    text = msg("{player} acts out of turn: it is {expected}'s turn", player=player, expected=expected)
    return _v(Code.ACTION_OUT_OF_TURN, text, index, rule, player)


def street_gone(player: str, street: str, current: str, index: int) -> Problem:
    text = msg(
        "{player} acts on the {street} after the {current}",
        player=player,
        street=_street(street),
        current=_street(current),
    )
    return _v(Code.ACTION_OUT_OF_TURN, text, index, "BET-ROUND-END", player)


def moved_on_before(street: str, waiting: str, index: int) -> Problem:
    text = msg("the {street} betting moved on before {waiting} acted", street=_street(street), waiting=waiting)
    return _v(Code.ROUND_NOT_FINISHED, text, index, "BET-ROUND-END", waiting)


def ends_while_waiting(waiting: str, street: str) -> Problem:
    text = msg(
        "the hand ends while {waiting} still has to act on the {street}", waiting=waiting, street=_street(street)
    )
    return _v(Code.ROUND_NOT_FINISHED, text, None, "BET-ROUND-END", waiting)


def street_missing(street: str) -> Problem:
    text = msg("the {street} betting is missing: two players could still bet", street=_street(street))
    return _v(Code.ROUND_NOT_FINISHED, text, None, "BET-ROUND-END")


# ---- amounts -------------------------------------------------------------------------


def check_when_owing(player: str, owed: str, index: int) -> Problem:
    text = msg("{player} checks but owes {owed}", player=player, owed=owed)
    return _v(Code.CHECK_WHEN_OWING, text, index, "BET-CHECK", player)


def more_than_stack(player: str, amount: str, behind: str, index: int) -> Problem:
    text = msg("{player} puts in {amount} with only {behind} behind", player=player, amount=amount, behind=behind)
    return _v(Code.MORE_THAN_STACK, text, index, "BET-STACK-LIVE", player)


def all_in_flag_wrong(player: str, keeps: str, index: int) -> Problem:
    text = msg("{player} is said to be all-in but keeps {keeps}", player=player, keeps=keeps)
    return Problem(Code.ALL_IN_FLAG_WRONG, Verdict.WARN, text, index, None, player)


def cap_exceeded(player: str, cap: str, index: int) -> Problem:
    text = msg("{player} puts in more than the {cap} cap", player=player, cap=cap)
    return _v(Code.CAP_EXCEEDED, text, index, None, player)


def call_amount_wrong(player: str, to: str, expected: str, index: int) -> Problem:
    text = msg("{player} calls {to} but the call is {expected}", player=player, to=to, expected=expected)
    return _v(Code.CALL_AMOUNT_WRONG, text, index, "BET-CALL", player)


def raise_not_reopened(player: str, index: int) -> Problem:
    text = msg(
        "{player} raises, but the all-in for less before was not a full raise, so {player} may only call or fold",
        player=player,
    )
    return _v(Code.RAISE_NOT_REOPENED, text, index, "BET-INCOMPLETE-RAISE", player)


def fixed_limit_size(player: str, to: str, must: str, index: int) -> Problem:
    text = msg("{player} makes it {to}; in fixed limit it must be {must}", player=player, to=to, must=must)
    return _v(Code.FIXED_LIMIT_SIZE, text, index, "BET-FIXED-LIMIT", player)


def raise_cap_exceeded(player: str, cap: int, index: int) -> Problem:
    text = msg("{player} raises after the {cap}-bet cap was reached", player=player, cap=cap)
    return _v(Code.RAISE_CAP_EXCEEDED, text, index, "BET-FIXED-LIMIT", player)


def bet_below_minimum(player: str, to: str, least: str, index: int) -> Problem:
    text = msg("{player} bets {to}; the minimum bet is {least}", player=player, to=to, least=least)
    return _v(Code.BET_BELOW_MINIMUM, text, index, "BET-BET", player)


def raise_below_minimum(player: str, to: str, least: str, rule: str, index: int) -> Problem:
    text = msg("{player} raises to {to}; the smallest raise is to {least}", player=player, to=to, least=least)
    return _v(Code.RAISE_BELOW_MINIMUM, text, index, rule, player)


def raise_capped_at_callable(player: str, to: str, least: str) -> Msg:
    """The sentence of the ``raise-capped-at-callable-stack`` note."""
    return msg(
        "{player} raises to {to}, below the smallest raise to {least}, which is all that anyone still in can call",
        player=player,
        to=to,
        least=least,
    )


def raise_over_straddle(player: str, to: str, least: str) -> Msg:
    """The sentence of the ``straddle-raise-from-big-blind`` note."""
    return msg(
        "{player} raises to {to} over the straddle; by the raise over the straddle it would be at least {least}",
        player=player,
        to=to,
        least=least,
    )


def pot_limit_exceeded(player: str, to: str, limit: str, index: int) -> Problem:
    text = msg("{player} makes it {to}; pot limit allows at most {limit}", player=player, to=to, limit=limit)
    return _v(Code.POT_LIMIT_EXCEEDED, text, index, "BET-POT-LIMIT", player)


# ---- the audit: claims against the replay (analyzer.audit) -------------------------------


def high_half(pot: Msg) -> Msg:
    """``the high half of the main pot``: a hi/lo pot's half that no low shares."""
    return msg("the high half of {pot}", pot=pot)


def pot_names(indexes: Iterable[int]) -> Join:
    """Several pots by name, with commas: ``the main pot, side pot 1``."""
    return Join(tuple(pot_name(i) for i in indexes), "list")


def pot_name(index: int) -> Msg:
    """``the main pot``, ``side pot 1``, ..."""
    return msg("the main pot") if index == 0 else msg("side pot {index}", index=index)


UNREADABLE = "{code}: {message}"  # an unreadable hand's message (its code is read back by analyzer.audit.report)


def unreadable(code: str, message: str) -> Problem:
    """A hand that could not be read: its rejection code, then why (``TRUNCATED: ...``)."""
    text = msg("{code}: {message}", code=code, message=from_text(message))  # a parser's text, still to translate
    return Problem(Code.UNREADABLE, Verdict.UNREADABLE, text)


def audit_failed(kind: str, error: str) -> Problem:
    """The audit of a hand stopped on an error (kept as an unreadable hand, the night goes on)."""
    text = msg("the audit failed: {kind}: {error}", kind=kind, error=error)
    return Problem(Code.UNREADABLE, Verdict.UNREADABLE, text)


def returns_unstated(player: str, due: str, total_pot: str, label: str) -> Problem:
    text = msg(
        "{player}'s uncalled {due} went back: the file prints no returned bet, and the "
        "total pot it states ({total_pot}) leaves it out ({label})",
        player=player,
        due=due,
        total_pot=total_pot,
        label=label,
    )
    return Problem(Code.SITE_BEHAVIOUR, Verdict.NOTE, text, None, None, player, label)


def uncalled_bet_mismatch(player: str, got: str, due: str) -> Problem:
    text = msg(
        "{player} got {got} back as an uncalled bet; the uncalled part was {due}", player=player, got=got, due=due
    )
    return _v(Code.UNCALLED_BET_MISMATCH, text, None, "BET-ROUND-END", player)


def total_pot_mismatch(stated: str, total: str) -> Problem:
    text = msg("the source says the pot was {stated}; the bets add up to {total}", stated=stated, total=total)
    return _v(Code.TOTAL_POT_MISMATCH, text, None)


def chips_not_conserved(paid: str, deducted: str, total: str, gap: str, missing: bool) -> Problem:
    text = (
        msg(
            "{paid} was paid out and {deducted} deducted from a pot of {total}: {gap} missing",
            paid=paid,
            deducted=deducted,
            total=total,
            gap=gap,
        )
        if missing
        else msg(
            "{paid} was paid out and {deducted} deducted from a pot of {total}: {gap} made up",
            paid=paid,
            deducted=deducted,
            total=total,
            gap=gap,
        )
    )
    return _v(Code.CHIPS_NOT_CONSERVED, text, None, "BET-NO-TAKE-BACK")


def no_rake_allowed(taken: str, kinds: str, rules: str) -> Problem:
    text = msg("{taken} was taken ({kinds}) but {rules} has no rake", taken=taken, kinds=kinds, rules=rules)
    return _v(Code.RAKE_MISMATCH, text, None)


def rake_not_percent(rake: str, percent: Percent, pot: str, capped: bool, due: str) -> Problem:
    """``percent``: the rule set's rate, its % sign written by the locale (``5.0%``, ``5,0 %``)."""
    text = (
        msg("the rake was {rake}; {percent} of {pot} capped is {due}", rake=rake, percent=percent, pot=pot, due=due)
        if capped
        else msg("the rake was {rake}; {percent} of {pot} is {due}", rake=rake, percent=percent, pot=pot, due=due)
    )
    return _v(Code.RAKE_MISMATCH, text, None)


def rake_above_cap(rake: str, cap: str) -> Problem:
    return _v(Code.RAKE_MISMATCH, msg("the rake of {rake} is above the cap of {cap}", rake=rake, cap=cap), None)


def cards_unknown(pots: Join | str, bad_cards: bool, players: str) -> Problem:
    why = (
        msg("a card is twice in the hand or not in the deck")
        if bad_cards
        else msg("the hole cards of {players} are not all known", players=players)
    )
    text = msg("{pots} cannot be checked: {why}", pots=pots, why=why)
    return Problem(Code.SHOWDOWN_CARDS_UNKNOWN, Verdict.WARN, text)


def collected_but_folded(player: str, amount: str, pot: Msg | str) -> Problem:
    text = msg("{player} collected {amount} from {pot} but folded", player=player, amount=amount, pot=pot)
    return _v(Code.POT_AWARD_MISMATCH, text, None, "BET-FOLD", player)


def not_eligible(player: str, amount: str, pot: Msg | str, put_in: str) -> Problem:
    text = msg(
        "{player} collected {amount} from {pot}, but put in only {put_in} and is not eligible for it",
        player=player,
        amount=amount,
        pot=pot,
        put_in=put_in,
    )
    return _v(Code.SIDE_POT_ELIGIBILITY, text, None, "POT-ALL-IN-CAP", player)


def odd_chip_wrong(took: list[str], owed: list[str], runs: bool) -> Problem:
    """The odd chip went to ``took``; it goes to ``owed`` (the first run's winner when ``runs``)."""
    text = (
        msg(
            "the odd chip of a split pot went to {took}; it goes to the winner of the first run, {owed}",
            took=Join(tuple(took)),
            owed=Join(tuple(owed)),
        )
        if runs
        else msg(
            "the odd chip of a split pot went to {took}; it goes to the first winner clockwise from the button, {owed}",
            took=Join(tuple(took)),
            owed=Join(tuple(owed)),
        )
    )
    return _v(Code.ODD_CHIP_WRONG, text, None, "POT-ODD-CHIP")


def went_to_folded(pot: Msg | str, amount: str, other: str) -> Msg:
    """Why a player is paid short: the pot went to one who folded."""
    return msg("{pot} ({amount}) went to {other}, who folded", pot=pot, amount=amount, other=other)


def went_to_ineligible(pot: Msg | str, amount: str, other: str, put_in: str) -> Msg:
    return msg(
        "{pot} ({amount}) went to {other}, who was all-in for {put_in} and is not eligible for it",
        pot=pot,
        amount=amount,
        other=other,
        put_in=put_in,
    )


def went_to_worse(pot: Msg | str, amount: str, other: str, theirs: Msg | str, mine: Msg | str) -> Msg:
    return msg(
        "{pot} ({amount}) went to {other}, whose {theirs} loses to {mine}",
        pot=pot,
        amount=amount,
        other=other,
        theirs=theirs,
        mine=mine,
    )


def went_to(pot: Msg | str, amount: str, other: str) -> Msg:
    return msg("{pot} ({amount}) went to {other}", pot=pot, amount=amount, other=other)


def paid_short(player: str, got: str, due: str, reasons: list[Msg], not_eligible: bool) -> Problem:
    """A player paid less than the replay owes, with why (``reasons``, made above)."""
    text = msg("{player} was paid {got} but is owed {due}", player=player, got=got, due=due)
    if reasons:
        text = msg("{text}: {reasons}", text=text, reasons=Join(tuple(reasons), "semicolons"))
    if not_eligible:
        return _v(Code.SIDE_POT_ELIGIBILITY, text, None, "POT-ALL-IN-CAP", player)
    return _v(Code.POT_AWARD_MISMATCH, text, None, "POT-SIDE-ORDER", player)


def paid_over(player: str, got: str, due: str, why: tuple[Msg, ...] = ()) -> Problem:
    """``why``: the reasons that follow the sentence (a hi/lo game's words on the low half), or none."""
    text = msg("{player} was paid {got} but is owed {due}", player=player, got=got, due=due)
    if why:
        text = msg("{text}: {reasons}", text=text, reasons=Join(why, "semicolons"))
    return _v(Code.POT_AWARD_MISMATCH, text, None, "POT-SIDE-ORDER", player)


def finishing_stack_mismatch(player: str, stated: str, end: str) -> Problem:
    text = msg(
        "{player} ends with {stated} in the source; the replay gives {end}", player=player, stated=stated, end=end
    )
    return _v(Code.FINISHING_STACK_MISMATCH, text, None, None, player)


def ranking_said(
    player: str, said: str, text: str, other_rules: str, other: str, rules: str, ranking: str, ours: str, rule: str
) -> Problem:
    sentence = msg(
        "the source says {player} has {said} ({text}), which is the ranking of "
        "{other_rules} ({other}); under {rules} ({ranking}) it is {ours}",
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
    text = msg(
        "the payouts follow {other} (as in {other_rules}), not {ranking} ({rules})",
        other=other,
        other_rules=other_rules,
        ranking=ranking,
        rules=rules,
    )
    return Problem(Code.RANKING_CONTRADICTION, Verdict.WARN, text, None, rule)


def rake_unstated(short: str, total: str, percent: str, label: str, warn: bool) -> Problem:
    text = msg(
        "the payouts are {short} short of the {total} pot: a rake of {short} ({percent}%) that the file does not state "
        "({label})",
        short=short,
        total=total,
        percent=percent,
        label=label,
    )
    return Problem(Code.SITE_BEHAVIOUR, Verdict.WARN if warn else Verdict.NOTE, text, None, None, None, label)


def showdown_order(player: str, expected: str) -> Problem:
    text = msg(
        "{player} showed first; {expected} was to show first (the last to bet or raise on the "
        "river, else the first player left of the button)",
        player=player,
        expected=expected,
    )
    return Problem(Code.SHOWDOWN_ORDER, Verdict.NOTE, text, None, "SH-ORDER", player)


def better_hand_mucked(
    player: str, cards: str, hand: Msg | str, beaten: list[str], pot: Msg | str, amount: str, rules: str
) -> Problem:
    text = msg(
        "{player} mucked {cards} ({hand}), which beats {beaten} who won {pot} ({amount}); under "
        "{rules} every hand still in is turned up, so the better hand wins it",
        player=player,
        cards=cards,
        hand=hand,
        beaten=Join(tuple(beaten)),
        pot=pot,
        amount=amount,
        rules=rules,
    )
    return _v(Code.BETTER_HAND_MUCKED, text, None, "SH-MUCK", player)


def award_includes_uncalled(back: list[tuple[str, str]], label: str) -> Problem:
    given = ", ".join(f"{name} {amount}" for name, amount in back)
    text = msg("the payout includes the uncalled bet given back: {given} ({label})", given=given, label=label)
    return Problem(Code.SITE_BEHAVIOUR, Verdict.NOTE, text, None, None, None, label)


# ---- between hands of one table (analyzer.audit.continuity) -----------------------------


def unequal_start(common: str, odd: list[tuple[str, str]], rule: str) -> Problem:
    others = ", ".join(f"{player} {stack}" for player, stack in odd)
    text = msg(
        "the first hand of the tournament starts with unequal stacks: most players have {common}, but {others}",
        common=common,
        others=others,
    )
    return Problem(Code.UNEQUAL_START, Verdict.WARN, text, None, rule)


def button_not_moved(before: int | None, after: int | None, expected: int) -> Problem:
    text = msg(
        "the button went from seat {before} to seat {after}; the next seat clockwise is {expected}",
        before=str(before),
        after=str(after),
        expected=str(expected),
    )
    return Problem(Code.BUTTON_NOT_MOVED, Verdict.WARN, text, None, "SD-BUTTON-MOVES")


def stack_changed_in_tournament(player: str, end: str, start: str) -> Problem:
    text = msg(
        "{player} ended the last hand with {end} but starts this one with {start}; a tournament adds no chips between "
        "hands",
        player=player,
        end=end,
        start=start,
    )
    return Problem(Code.STACK_CHANGED, Verdict.WARN, text, None, "GAME-TOURNAMENT", player)


def stack_shrank(player: str, end: str, start: str) -> Problem:
    text = msg(
        "{player} ended the last hand with {end} but starts this one with only {start}",
        player=player,
        end=end,
        start=start,
    )
    return Problem(Code.STACK_CHANGED, Verdict.WARN, text, None, "GAME-CASH", player)


# ---- the replayer's steps ------------------------------------------------------------


def _posts(player: str) -> dict[str, Msg]:
    return {
        "ante": msg("{player} posts ante", player=player),
        "small_blind": msg("{player} posts small blind", player=player),
        "big_blind": msg("{player} posts big blind", player=player),
        "button_blind": msg("{player} posts button blind", player=player),
        "straddle": msg("{player} posts straddle", player=player),
        "dead_blind": msg("{player} posts dead blind", player=player),
        "bomb": msg("{player} posts bomb", player=player),
    }


def post_step(player: str, kind: str) -> Msg:
    """A forced bet as the replayer tells it: ``Ana posts small blind`` (``kind``: a post kind's value)."""
    return _posts(player)[kind]


def action_step(player: str, kind: str, to: int, decimals: int, all_in: bool) -> Msg:
    """An action as the replayer tells it: ``Ana raises to 30 and is all-in`` (``kind``: an
    action kind's value; ``to`` the player's street total in minor units, shown in the locale's way)."""
    if kind == "fold":
        return msg("{player} folds", player=player)
    if kind == "check":
        return msg("{player} checks", player=player)
    amount = Amount(to, CHIPS, decimals)
    if kind == "call":
        if all_in:
            return msg("{player} calls {to} and is all-in", player=player, to=amount)
        return msg("{player} calls {to}", player=player, to=amount)
    if kind == "bet":
        if all_in:
            return msg("{player} bets {to} and is all-in", player=player, to=amount)
        return msg("{player} bets {to}", player=player, to=amount)
    if all_in:
        return msg("{player} raises to {to} and is all-in", player=player, to=amount)
    return msg("{player} raises to {to}", player=player, to=amount)
