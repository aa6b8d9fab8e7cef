# ruff: noqa: E501 -- a table of texts: each stays on one line
"""The quiz's texts by name: a question's parts are built from names (``"ww.wins"``,
``"kind." + kind``), each naming one English msgid marked for the catalogs with ``N_``; German
and Spanish are in the gettext catalogs (``analyzer/locale``), ranks' declensions in
:mod:`analyzer.i18n.ranks`.

>>> from analyzer.i18n import render
>>> render(t("words.full_house", trips=Rank(8), pair=Rank(13)), "de")
'Full House, Achten über Könige'
>>> render(t("words.straight", top=Rank(9)), "es")
'Escalera al nueve'
"""

from __future__ import annotations

from typing import Literal

from analyzer.i18n import (
    EMPTY,
    LANGS,
    N_,
    Arg,
    Cards,
    Join,
    Msg,
    Percent,
    Rank,
    Run,
    card_text,
    rank_word,
    render,
)

__all__ = [
    "EMPTY",
    "LANGS",
    "WORDS",
    "Cards",
    "Join",
    "Lang",
    "Msg",
    "Percent",
    "Rank",
    "Run",
    "card_text",
    "named",
    "rank_word",
    "render",
    "t",
]

Lang = Literal["en", "de", "es"]

#: name -> English msgid
WORDS: dict[str, str] = {
    "empty": "",
    "name": N_("{name}"),
    "rank": N_("{rank:short}"),
    "card": N_("{cards}"),
    "pct": N_("{p}"),
    "word.yes": N_("Yes"),
    "word.no": N_("No"),
    "kind.low-straight": N_("Spot the low straight"),
    "kind.best-five": N_("Best five"),
    "kind.who-wins": N_("Who wins?"),
    "kind.name-hand": N_("Name the hand"),
    "kind.outs": N_("Count the outs"),
    "kind.side-pots": N_("Side pots"),
    "kind.betting": N_("Betting rules"),
    "kind.omaha-high": N_("Omaha: best high hand"),
    "kind.omaha-low": N_("Omaha: the low"),
    "ranking.straight-over-trips": N_("a straight beats three of a kind"),
    "ranking.trips-over-straight": N_("three of a kind beats a straight"),
    "ranking.standard": N_("the standard ranking of 52 cards"),
    "cat.high_card": N_("High card"),
    "cat.one_pair": N_("One pair"),
    "cat.two_pair": N_("Two pair"),
    "cat.three_of_a_kind": N_("Three of a kind"),
    "cat.straight": N_("Straight"),
    "cat.flush": N_("Flush"),
    "cat.full_house": N_("Full house"),
    "cat.four_of_a_kind": N_("Four of a kind"),
    "cat.straight_flush": N_("Straight flush"),
    "words.high_card": N_("High card, {top:one}"),
    "words.one_pair": N_("One pair, {pair:many}"),
    "words.two_pair": N_("Two pair, {high:many} and {low:many}"),
    "words.three_of_a_kind": N_("Three of a kind, {rank:many}"),
    "words.straight": N_("Straight, {top:to} high"),
    "words.flush": N_("Flush, {top:one} high"),
    "words.full_house": N_("Full house, {trips:many} over {pair:many}"),
    "words.four_of_a_kind": N_("Four of a kind, {rank:many}"),
    "words.straight_flush": N_("Straight flush, {top:to} high"),
    "target.straight": N_("a straight"),
    "target.flush": N_("a flush"),
    "street.preflop": N_("Preflop"),
    "street.flop": N_("Flop"),
    "street.turn": N_("Turn"),
    "street.river": N_("River"),
    "ls.ask_has": N_("Does {player} have a straight?"),
    "ls.yes_low": N_("Yes: {run} is a straight, the lowest one. The Ace plays low."),
    "ls.yes_high": N_("Yes: {run} is a straight, {top:to} high."),
    "ls.no_wrap": N_(
        "No: {wrap} would go round the corner, and a straight never does. The Ace plays low only in {low}, high only in A-K-Q-J-10."
    ),
    "ls.no_almost": N_("No: four cards of {low} are not a straight; the {missing} is missing."),
    "ls.completes": N_("{rank:short} ({run})"),
    "ls.tip_low": N_("Remember the {low} straight: the Ace plays low."),
    "ls.ask_river": N_("Which river cards would give {player} a straight? Pick every rank that does."),
    "ls.explain_river": N_("These river cards make a straight: {items}. {tip}"),
    "ls.ask_board": N_(
        "Which ranks, as one of a player's two cards, make a straight with this board? Pick every rank that does."
    ),
    "ls.explain_board": N_(
        "With this board one card makes a straight: {items}. Always check the board for the best possible hand. {tip}"
    ),
    "bf.ask": N_("Which five cards play for {player}? Pick five."),
    "bf.ask_any": N_(
        "Which five cards play for {player}? Pick five. (Here several fives are equally good: any of them is right.)"
    ),
    "bf.explain": N_("The best five: {cards}, {words}. {note}"),
    "bf.explain_any": N_(
        "The best five: {cards}, {words}; a card of the same rank in its place is just as good. {note}"
    ),
    "bf.note_board": N_("The board plays: neither of the player's cards makes it better."),
    "bf.note_low": N_("The Ace plays low in this straight."),
    "bf.note_straight-over-trips": N_("Under this ranking a straight beats three of a kind."),
    "bf.note_trips-over-straight": N_("Under this ranking three of a kind beats a straight."),
    "bf.note_standard": N_("With 52 cards a straight beats three of a kind."),
    "om.ask": N_("Which five cards play for {player}? Exactly two from the hand and three from the board. Pick five."),
    "om.ask_any": N_(
        "Which five cards play for {player}? Exactly two from the hand and three from the board. Pick five. (Here several fives are equally good: any of them is right.)"
    ),
    "om.explain": N_("The best five: {cards}, {words}: {hole} from the hand, {board} from the board. {note}"),
    "om.explain_any": N_(
        "The best five: {cards}, {words}: {hole} from the hand, {board} from the board; a card of the same rank in its place is just as good. {note}"
    ),
    "om.note_two": N_(
        "Any five of these cards would make {words}, but in Omaha a hand uses exactly two hole cards and three board cards."
    ),
    "ol.ask_has": N_("Does {player} have a low ({q} or better)?"),
    "ol.ask_best": N_("What is {player}'s best low ({q} or better)?"),
    "ol.low": N_("{low}"),
    "ol.no_low_choice": N_("No low"),
    "ol.yes": N_("Yes: {low}, with {hole} from the hand and {board} from the board."),
    "ol.best": N_(
        "The best low: {low}, with {hole} from the hand and {board} from the board. Lower is better; the Ace plays low."
    ),
    "ol.no_board": N_(
        "No: a low needs three board cards of different ranks, {q} or lower, and this board has {n}. The whole pot goes high."
    ),
    "ol.no_hand": N_(
        "No: a low needs two hole cards of different ranks, {q} or lower, and this hand has {n}. The whole pot goes high."
    ),
    "ol.no_counterfeit": N_(
        "No: the hand's low cards pair the board's, and a low needs five different ranks, {q} or lower, two from the hand and three from the board. The whole pot goes high."
    ),
    "ww.ask": N_("Who wins the pot, when {ranking}? Pick the winner, or every player who shares the pot."),
    "ww.line": N_("{player}: {words} ({cards})"),
    "ww.wins": N_("{winners} wins."),
    "ww.split": N_("{winners} tie and share the pot; suits never break a tie."),
    "ww.explain": N_("{lines}\n{verdict} {note}"),
    "ww.note_flush_full": N_(
        "In short deck a flush beats a full house: with fewer cards of each suit, flushes are rarer."
    ),
    "ww.note_full_flush": N_("With 52 cards a full house beats a flush."),
    "ww.note_straight-over-trips": N_(
        "Here a straight beats three of a kind; under the other ranking the trips would win."
    ),
    "ww.note_trips-over-straight": N_(
        "Here three of a kind beats a straight; under the other ranking the straight would win."
    ),
    "ww.note_standard": N_("With 52 cards a straight beats three of a kind."),
    "ww.note_kickers": N_(
        "Same kind of hand ({category}): first compare the cards that make the hand, then the others from the top."
    ),
    "nh.ask": N_("What is {player}'s hand?"),
    "nh.explain": N_("{words}: {cards}. {note}"),
    "nh.note_low": N_("The Ace plays low: {low} is the lowest straight."),
    "ou.ask_flop": N_("After the flop: how many of the unseen cards give {player} {target} on the turn?"),
    "ou.ask_turn": N_("After the turn: how many of the unseen cards give {player} {target} on the river?"),
    "ou.ask_chance_river": N_("After the turn: what is the chance that the river gives {player} {target}?"),
    "ou.ask_chance_by_river": N_(
        "After the flop: what is the chance that {player} has {target} by the river (turn and river to come)?"
    ),
    "ou.ask_win": N_(
        "{opponent}'s cards are face up. How many river cards give {player} the better hand? (A tie does not count.)"
    ),
    "ou.explain_outs": N_(
        "{n} outs: {outs}. You can see {seen} cards, so {unseen} are unseen: the chance on the next card is {n} in {unseen}, {pct}. {note}"
    ),
    "ou.explain_by_river": N_(
        "{n} cards give {target} on the turn. Of the {pairs} pairs of turn and river cards ({unseen} unseen cards), {hits} give {target}: {pct}. {note}"
    ),
    "ou.explain_win": N_("{n} river cards win for {player}: {outs}. That is {n} in {unseen}, {pct}. {ties}"),
    "ou.ties": N_("{n} more would tie: {cards}."),
    "ou.note_flush36": N_(
        "A suit has only 9 cards in short deck: with four in sight, 5 are left (in a 52-card deck, 9 would be)."
    ),
    "ou.note_flush52": N_("A suit has 13 cards: with four in sight, 9 are left (in short deck only 5 would be)."),
    "ou.note_low": N_("The Ace plays low: {low} counts too."),
    "sp.table": N_("Seats: {seats}. The button: {button}."),
    "sp.seat": N_("{seat} {player}"),
    "sp.all_in": N_("{player} is all-in for {amount}."),
    "sp.covers": N_("{player} calls everything, {amount} in all, and still has chips."),
    "sp.folded": N_("{player} put in {amount}, then folded."),
    "sp.tiers": N_("The hands from best to worst: {tiers}."),
    "sp.by_cards": N_("The hands are shown; {ranking}."),
    "sp.ask": N_(
        "How many chips does each player get in the end (pots won, and any bet nobody called)? Type one number each for {players}, in that order."
    ),
    "sp.share": N_("{player} {amount}"),
    "sp.main": N_("Main pot {amount}, for {eligible}: {shares}."),
    "sp.side": N_("Side pot {n}, {amount}, for {eligible}: {shares}."),
    "sp.returned": N_("{player} gets back {amount} that nobody called."),
    "sp.note_cap": N_(
        "An all-in player wins from each opponent at most what they put in; what the others bet beyond that goes to a side pot only they can win."
    ),
    "sp.note_odd": N_(
        "The pot of {amount} does not split evenly: odd chips go one each to the winners clockwise from the button, first to {player}."
    ),
    "sp.note_odd_all": N_(
        "The pot of {amount} does not split evenly: every odd chip goes to {player}, the first winner clockwise from the button."
    ),
    "sp.explain": N_("{lines}"),
    "bt.table": N_("Seats: {seats}."),
    "bt.seat": N_("{seat} {player}"),
    "bt.seat_button": N_("{seat} {player} (button)"),
    "bt.antes_live": N_("Everyone antes {ante}; the button ({button}) puts in a second ante of {ante}, a live bet."),
    "bt.antes_single": N_("Everyone antes {ante}, the button ({button}) too; there is no live bet."),
    "bt.blinds": N_("{sb_player} posts the small blind of {sb}, {bb_player} the big blind of {bb}."),
    "bt.bb_ante": N_("{player} also posts an ante of {amount} for the table."),
    "bt.no-limit": N_("No limit; the minimum bet is {min_bet}."),
    "bt.pot-limit": N_("Pot limit; the minimum bet is {min_bet}."),
    "bt.fixed-limit": N_("Fixed limit: bets and raises of {small} before the turn, {big} on the turn and river."),
    "bt.street_line": N_("{street}: {actions}."),
    "act.fold": N_("{player} folds"),
    "act.check": N_("{player} checks"),
    "act.call": N_("{player} calls"),
    "act.bet": N_("{player} bets {to}"),
    "act.raise": N_("{player} raises to {to}"),
    "bt.ask_turn": N_("{street}: whose turn is it now?"),
    "bt.ask_min_raise": N_("{player} wants to raise. What is the smallest total {player} may raise to?"),
    "bt.ask_min_bet": N_("Nobody has bet yet on this street. What is the smallest bet {player} may make?"),
    "bt.ask_show": N_("Showdown after the river: who shows their cards first?"),
    "bt.why_first_ante": N_(
        "Preflop the player left of the button starts; the button's extra ante is a bet to call, not a blind to skip: {player}."
    ),
    "bt.why_first_single": N_("Preflop the player left of the button starts: {player}."),
    "bt.why_first_blinds": N_("Preflop the player left of the big blind starts: {player}."),
    "bt.why_first_headsup": N_(
        "Heads-up the button posts the small blind and acts first before the flop (last after it): {player}."
    ),
    "bt.why_first_postflop": N_(
        "From the flop on, the first player still in left of the button starts; the button acts last: {player}."
    ),
    "bt.why_next": N_(
        "Play goes clockwise from {last}, skipping players who folded; a player who has matched the bet and acted is done unless someone raises: {player}."
    ),
    "bt.why_min_bet": N_("Nobody has bet on this street, so the smallest bet is the minimum bet: {answer}."),
    "bt.why_sd_preflop": N_(
        "The button's extra ante is a live bet of {current}. The smallest raise is the minimum bet: call {current} and add {min_bet}, a raise to {answer}."
    ),
    "bt.why_bb_preflop": N_(
        "The big blind of {current} is a live bet; a raise adds at least the big blind: to {answer}."
    ),
    "bt.why_raise": N_(
        "The bet is {current}; a raise must add at least as much as the biggest bet or raise of this round, {inc}: to {answer}."
    ),
    "bt.why_fixed": N_("In fixed limit every bet and raise on this street is {size}: {answer}."),
    "bt.why_show_aggressor": N_("{player} made the last bet or raise, so {player} shows first."),
    "bt.why_show_checked": N_(
        "Everyone checked, so the first player still in left of the button shows first: {player}."
    ),
    "own.note_lost_low": N_("{winner} won with {run}: the Ace plays low. Always check the board for this straight."),
    "ui.header": N_("Question {n} of {count} · {kind} · level {level}"),
    "ui.board": N_("Board: {cards}"),
    "ui.hand": N_("{player}: {cards}"),
    "ui.hint.choice": N_("Type a letter"),
    "ui.hint.pick": N_("Type the letters or ranks, e.g. a c"),
    "ui.hint.pick_n": N_("Type {n} letters, e.g. a b c d e"),
    "ui.hint.number": N_("Type a whole number"),
    "ui.hint.numbers": N_("Type {n} whole numbers, in order"),
    "ui.hint.quit": N_("(quit to stop)"),
    "ui.unreadable": N_("Could not read that. {hint}."),
    "ui.right": N_("Right!"),
    "ui.wrong": N_("Not quite. The answer: {answer}"),
    "ui.score": N_("Score: {right} of {asked} right · best streak {best} · streak now {streak}"),
    "ui.seed": N_("Seed {seed}: run again with --seed {seed} for the same questions. Rules: {rules}."),
}


def t(name: str, /, **args: Arg) -> Msg:
    """The message named ``name`` with its arguments (kept in the order given)."""
    return Msg(WORDS[name], tuple(args.items()))


def named(name: str, args: tuple[tuple[str, Arg], ...] = ()) -> Msg:
    """The message named ``name``, its arguments as pairs."""
    return Msg(WORDS[name], args)


_NAMES: dict[str, str] = {english: name for name, english in WORDS.items()}


def name_of(message: Msg) -> str:
    """The name a message was built from (``"ww.wins"``), ``""`` for any other.

    >>> name_of(t("ww.wins", winners="Ben"))
    'ww.wins'
    """
    return _NAMES.get(message.id, "")
