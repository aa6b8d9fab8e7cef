"""English texts of the quiz, in the words of seed 000 (Short Deck Hold'em, full rules)."""

from __future__ import annotations

#: rank -> form -> word; "to" is the rank a straight runs up to
RANKS: dict[int, dict[str, str]] = {
    r: {"one": one, "many": many, "to": one}
    for r, one, many in (
        (2, "two", "twos"),
        (3, "three", "threes"),
        (4, "four", "fours"),
        (5, "five", "fives"),
        (6, "six", "sixes"),
        (7, "seven", "sevens"),
        (8, "eight", "eights"),
        (9, "nine", "nines"),
        (10, "ten", "tens"),
        (11, "jack", "jacks"),
        (12, "queen", "queens"),
        (13, "king", "kings"),
        (14, "ace", "aces"),
    )
}
#: rank -> the letter on the card (seed 000: A K Q J 10 9 8 7 6)
SHORT: dict[int, str] = {**{r: str(r) for r in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A"}

TEXTS: dict[str, str] = {
    "empty": "",
    "name": "{name}",
    "rank": "{rank:short}",
    "card": "{cards}",
    "pct": "{p}",
    "word.yes": "Yes",
    "word.no": "No",
    "word.and": "and",
    "word.or": "or",
    "num.decimal": ".",
    "num.percent": "{value}%",
    # kinds
    "kind.low-straight": "Spot the low straight",
    "kind.best-five": "Best five",
    "kind.who-wins": "Who wins?",
    "kind.name-hand": "Name the hand",
    "kind.outs": "Count the outs",
    "kind.side-pots": "Side pots",
    "kind.betting": "Betting rules",
    # rankings, categories, hand words
    "ranking.straight-over-trips": "a straight beats three of a kind",
    "ranking.trips-over-straight": "three of a kind beats a straight",
    "ranking.standard": "the standard ranking of 52 cards",
    "cat.high_card": "High card",
    "cat.one_pair": "One pair",
    "cat.two_pair": "Two pair",
    "cat.three_of_a_kind": "Three of a kind",
    "cat.straight": "Straight",
    "cat.flush": "Flush",
    "cat.full_house": "Full house",
    "cat.four_of_a_kind": "Four of a kind",
    "cat.straight_flush": "Straight flush",
    "words.high_card": "High card, {top:one}",
    "words.one_pair": "One pair, {pair:many}",
    "words.two_pair": "Two pair, {high:many} and {low:many}",
    "words.three_of_a_kind": "Three of a kind, {rank:many}",
    "words.straight": "Straight, {top:to} high",
    "words.flush": "Flush, {top:one} high",
    "words.full_house": "Full house, {trips:many} over {pair:many}",
    "words.four_of_a_kind": "Four of a kind, {rank:many}",
    "words.straight_flush": "Straight flush, {top:to} high",
    "target.straight": "a straight",
    "target.flush": "a flush",
    "street.preflop": "Preflop",
    "street.flop": "Flop",
    "street.turn": "Turn",
    "street.river": "River",
    # spot the low straight
    "ls.ask_has": "Does {player} have a straight?",
    "ls.yes_low": "Yes: {run} is a straight, the lowest one. The Ace plays low.",
    "ls.yes_high": "Yes: {run} is a straight, {top:to} high.",
    "ls.no_wrap": (
        "No: {wrap} would go round the corner, and a straight never does. "
        "The Ace plays low only in {low}, high only in A-K-Q-J-10."
    ),
    "ls.no_almost": "No: four cards of {low} are not a straight; the {missing} is missing.",
    "ls.completes": "{rank:short} ({run})",
    "ls.tip_low": "Remember the {low} straight: the Ace plays low.",
    "ls.ask_river": "Which river cards would give {player} a straight? Pick every rank that does.",
    "ls.explain_river": "These river cards make a straight: {items}. {tip}",
    "ls.ask_board": (
        "Which ranks, as one of a player's two cards, make a straight with this board? Pick every rank that does."
    ),
    "ls.explain_board": (
        "With this board one card makes a straight: {items}. Always check the board for the best possible hand. {tip}"
    ),
    # best five
    "bf.ask": "Which five cards play for {player}? Pick five.",
    "bf.ask_any": (
        "Which five cards play for {player}? Pick five. (Here several fives are equally good: any of them is right.)"
    ),
    "bf.explain": "The best five: {cards}, {words}. {note}",
    "bf.explain_any": "The best five: {cards}, {words}; a card of the same rank in its place is just as good. {note}",
    "bf.note_board": "The board plays: neither of the player's cards makes it better.",
    "bf.note_low": "The Ace plays low in this straight.",
    "bf.note_straight-over-trips": "Under this ranking a straight beats three of a kind.",
    "bf.note_trips-over-straight": "Under this ranking three of a kind beats a straight.",
    "bf.note_standard": "With 52 cards a straight beats three of a kind.",
    # who wins
    "ww.ask": "Who wins the pot, when {ranking}? Pick the winner, or every player who shares the pot.",
    "ww.line": "{player}: {words} ({cards})",
    "ww.wins": "{winners} wins.",
    "ww.split": "{winners} tie and share the pot; suits never break a tie.",
    "ww.explain": "{lines}\n{verdict} {note}",
    "ww.note_flush_full": "In short deck a flush beats a full house: with fewer cards of each suit, flushes are rarer.",
    "ww.note_full_flush": "With 52 cards a full house beats a flush.",
    "ww.note_straight-over-trips": (
        "Here a straight beats three of a kind; under the other ranking the trips would win."
    ),
    "ww.note_trips-over-straight": (
        "Here three of a kind beats a straight; under the other ranking the straight would win."
    ),
    "ww.note_standard": "With 52 cards a straight beats three of a kind.",
    "ww.note_kickers": (
        "Same kind of hand ({category}): first compare the cards that make the hand, then the others from the top."
    ),
    # name the hand
    "nh.ask": "What is {player}'s hand?",
    "nh.explain": "{words}: {cards}. {note}",
    "nh.note_low": "The Ace plays low: {low} is the lowest straight.",
    # outs
    "ou.ask_flop": "After the flop: how many of the unseen cards give {player} {target} on the turn?",
    "ou.ask_turn": "After the turn: how many of the unseen cards give {player} {target} on the river?",
    "ou.ask_chance_river": "After the turn: what is the chance that the river gives {player} {target}?",
    "ou.ask_chance_by_river": (
        "After the flop: what is the chance that {player} has {target} by the river (turn and river to come)?"
    ),
    "ou.ask_win": (
        "{opponent}'s cards are face up. How many river cards give {player} the better hand? (A tie does not count.)"
    ),
    "ou.explain_outs": (
        "{n} outs: {outs}. You can see {seen} cards, so {unseen} are unseen: "
        "the chance on the next card is {n} in {unseen}, {pct}. {note}"
    ),
    "ou.explain_by_river": (
        "{n} cards give {target} on the turn. Of the {pairs} pairs of turn and river cards "
        "({unseen} unseen cards), {hits} give {target}: {pct}. {note}"
    ),
    "ou.explain_win": "{n} river cards win for {player}: {outs}. That is {n} in {unseen}, {pct}. {ties}",
    "ou.ties": "{n} more would tie: {cards}.",
    "ou.note_flush36": (
        "A suit has only 9 cards in short deck: with four in sight, 5 are left (in a 52-card deck, 9 would be)."
    ),
    "ou.note_flush52": "A suit has 13 cards: with four in sight, 9 are left (in short deck only 5 would be).",
    "ou.note_low": "The Ace plays low: {low} counts too.",
    # side pots
    "sp.table": "Seats: {seats}. The button: {button}.",
    "sp.seat": "{seat} {player}",
    "sp.all_in": "{player} is all-in for {amount}.",
    "sp.covers": "{player} calls everything, {amount} in all, and still has chips.",
    "sp.folded": "{player} put in {amount}, then folded.",
    "sp.tiers": "The hands from best to worst: {tiers}.",
    "sp.by_cards": "The hands are shown; {ranking}.",
    "sp.ask": (
        "How many chips does each player get in the end (pots won, and any bet nobody called)? "
        "Type one number each for {players}, in that order."
    ),
    "sp.share": "{player} {amount}",
    "sp.main": "Main pot {amount}, for {eligible}: {shares}.",
    "sp.side": "Side pot {n}, {amount}, for {eligible}: {shares}.",
    "sp.returned": "{player} gets back {amount} that nobody called.",
    "sp.note_cap": (
        "An all-in player wins from each opponent at most what they put in; "
        "what the others bet beyond that goes to a side pot only they can win."
    ),
    "sp.note_odd": (
        "The pot of {amount} does not split evenly: odd chips go one each to the winners "
        "clockwise from the button, first to {player}."
    ),
    "sp.note_odd_all": (
        "The pot of {amount} does not split evenly: every odd chip goes to {player}, "
        "the first winner clockwise from the button."
    ),
    "sp.explain": "{lines}",
    # betting
    "bt.table": "Seats: {seats}.",
    "bt.seat": "{seat} {player}",
    "bt.seat_button": "{seat} {player} (button)",
    "bt.antes_live": "Everyone antes {ante}; the button ({button}) puts in a second ante of {ante}, a live bet.",
    "bt.antes_single": "Everyone antes {ante}, the button ({button}) too; there is no live bet.",
    "bt.blinds": "{sb_player} posts the small blind of {sb}, {bb_player} the big blind of {bb}.",
    "bt.bb_ante": "{player} also posts an ante of {amount} for the table.",
    "bt.no-limit": "No limit; the minimum bet is {min_bet}.",
    "bt.pot-limit": "Pot limit; the minimum bet is {min_bet}.",
    "bt.fixed-limit": "Fixed limit: bets and raises of {small} before the turn, {big} on the turn and river.",
    "bt.street_line": "{street}: {actions}.",
    "act.fold": "{player} folds",
    "act.check": "{player} checks",
    "act.call": "{player} calls",
    "act.bet": "{player} bets {to}",
    "act.raise": "{player} raises to {to}",
    "bt.ask_turn": "{street}: whose turn is it now?",
    "bt.ask_min_raise": "{player} wants to raise. What is the smallest total {player} may raise to?",
    "bt.ask_min_bet": "Nobody has bet yet on this street. What is the smallest bet {player} may make?",
    "bt.ask_show": "Showdown after the river: who shows their cards first?",
    "bt.why_first_ante": (
        "Preflop the player left of the button starts; the button's extra ante is a bet to call, "
        "not a blind to skip: {player}."
    ),
    "bt.why_first_single": "Preflop the player left of the button starts: {player}.",
    "bt.why_first_blinds": "Preflop the player left of the big blind starts: {player}.",
    "bt.why_first_headsup": (
        "Heads-up the button posts the small blind and acts first before the flop (last after it): {player}."
    ),
    "bt.why_first_postflop": (
        "From the flop on, the first player still in left of the button starts; the button acts last: {player}."
    ),
    "bt.why_next": (
        "Play goes clockwise from {last}, skipping players who folded; a player who has matched the bet "
        "and acted is done unless someone raises: {player}."
    ),
    "bt.why_min_bet": "Nobody has bet on this street, so the smallest bet is the minimum bet: {answer}.",
    "bt.why_sd_preflop": (
        "The button's extra ante is a live bet of {current}. The smallest raise is the minimum bet: "
        "call {current} and add {min_bet}, a raise to {answer}."
    ),
    "bt.why_bb_preflop": "The big blind of {current} is a live bet; a raise adds at least the big blind: to {answer}.",
    "bt.why_raise": (
        "The bet is {current}; a raise must add at least as much as the biggest bet or raise "
        "of this round, {inc}: to {answer}."
    ),
    "bt.why_fixed": "In fixed limit every bet and raise on this street is {size}: {answer}.",
    "bt.why_show_aggressor": "{player} made the last bet or raise, so {player} shows first.",
    "bt.why_show_checked": "Everyone checked, so the first player still in left of the button shows first: {player}.",
    # own hands
    "own.note_lost_low": "{winner} won with {run}: the Ace plays low. Always check the board for this straight.",
    # the terminal
    "ui.header": "Question {n} of {count} · {kind} · level {level}",
    "ui.board": "Board: {cards}",
    "ui.hand": "{player}: {cards}",
    "ui.hint.choice": "Type a letter",
    "ui.hint.pick": "Type the letters or ranks, e.g. a c",
    "ui.hint.pick_n": "Type {n} letters, e.g. a b c d e",
    "ui.hint.number": "Type a whole number",
    "ui.hint.numbers": "Type {n} whole numbers, in order",
    "ui.hint.quit": "(quit to stop)",
    "ui.unreadable": "Could not read that. {hint}.",
    "ui.right": "Right!",
    "ui.wrong": "Not quite. The answer: {answer}",
    "ui.score": "Score: {right} of {asked} right · best streak {best} · streak now {streak}",
    "ui.seed": "Seed {seed}: run again with --seed {seed} for the same questions. Rules: {rules}.",
}
