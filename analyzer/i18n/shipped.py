# ruff: noqa: E501 -- a table of texts: each stays on one line
"""The words of the data files shipped with the package, marked for the catalogs: the rule-set
presets' descriptions (``analyzer/presets``) and the site profiles' descriptions and behaviours
(``analyzer/profiles``). A shipped text is shown in the reader's language; a user's own rule set
or profile as written.

>>> from analyzer.i18n import render
>>> render(shipped("Short deck as shortdeck, but three of a kind beats a straight"), "de")
'Short Deck wie shortdeck, aber ein Drilling schlägt eine Straße'
>>> shipped("My home game")
'My home game'
"""

from __future__ import annotations

from analyzer.i18n import N_
from analyzer.i18n.message import Msg

TEXTS: frozenset[str] = frozenset(
    (
        N_("Texas Hold'em, no limit, small and big blind, minimum bet the big blind"),
        N_("Texas Hold'em, fixed limit: small bet preflop and flop, big bet turn and river, four bets a round"),
        N_("Texas Hold'em, pot limit: a bet or raise at most the size of the pot"),
        N_("Texas Hold'em tournament, no limit, blinds plus one big-blind ante for the table"),
        N_(
            "Fixed-Limit Omaha Hi/Lo 8 or better: small bet preflop and flop, big bet turn and river, four bets a round; the pot halved high and low as in omaha-hilo-pl"
        ),
        N_(
            "Pot-Limit Omaha Hi/Lo 8 or better: the pot halved between the best high and the best ace-to-five low of five distinct ranks eight or lower (odd chip to the high half), all to the high hand when no low qualifies"
        ),
        N_(
            "Pot-Limit Omaha: four hole cards, a hand is exactly two of them and three of the board; a bet or raise at most the size of the pot"
        ),
        N_("Five-card Pot-Limit Omaha: five hole cards, a hand is exactly two of them and three of the board"),
        N_(
            "Short deck, no limit: ante for all, the button's extra ante is a live bet, minimum bet two antes, a straight beats three of a kind"
        ),
        N_(
            "Short deck with a small and a big blind instead of antes, played exactly like Texas Hold'em; a straight beats three of a kind"
        ),
        N_(
            "Short deck with a small and a big blind instead of antes, played exactly like Texas Hold'em; three of a kind beats a straight (the 6+ Hold'em of iPoker, WPN/ACR and PartyPoker)"
        ),
        N_("Short deck with one equal ante for everyone, the button too, and no live bet: everyone may check preflop"),
        N_("Short deck as shortdeck, but three of a kind beats a straight"),
        N_(
            "The 6+ Poker live-dealer betting game: Player and Dealer hands, three of a kind beats a straight, a flush beats a full house"
        ),
        N_("888poker / Pacific Poker (Cassava) hand histories, every client and language"),
        N_(
            "a big blind all-in for less than the big blind still makes the others call the full big blind (TDA; every site)"
        ),
        N_(
            "a player already all-in (a sitting-out player all-in for the ante) is written as folding; a fold with no chips behind moves no money"
        ),
        N_(
            "some 888 clients (888poker.ca-on) name other blinds in the header than the ones posted; the blinds posted are the truth for bets and raises"
        ),
        N_("How every source is read: the tournament rules every site and home game follows"),
        N_("GGPoker (and its network) hand histories"),
        N_(
            "a GG tournament header shows the next blind level one hand early; the blinds posted are the truth for minimum bets and raises"
        ),
        N_(
            "a player's own history skips the hands they sat out or were not dealt: two hands are taken as one after the other only where the button moved one seat within five minutes"
        ),
        N_("Ignition / Bovada / Bodog hand histories (Zone Poker, MVS, tournaments)"),
        N_(
            "Zone Poker and MVS summaries state no rake: the winners are paid the pot less a rake the file does not write (at most a tenth of the pot)"
        ),
        N_(
            "a walk pays the big blind its own uncalled chips inside the 'Hand result' (no 'Return uncalled portion' line; the stated pot may count them too)"
        ),
        N_(
            "players are named by their position (UTG, Dealer, Big Blind): another player each hand, and Zone Poker deals every hand at a new table, so no two hands are compared for stacks or the button"
        ),
        N_("iPoker network XML sessions"),
        N_(
            "iPoker writes a player's sit-out (a fold) when it happens, not at the player's turn; a fold moves no money, and the turn goes on as if it came at its place"
        ),
        N_("PartyPoker client text, e-mailed histories and tracker re-exports (and PokerBros' Party-format export)"),
        N_(
            "Party's client text prints no rake: 'wins X' is net of it, so the pot exceeds the payouts by the rake (at most a tenth of the pot)"
        ),
        N_("Poker Hand History files (the PHH standard; pokerkit's data sets)"),
        N_(
            "PHH hands need not state the rake; a shortfall of the payouts against the pot that fits a rake is a rake the file does not state"
        ),
        N_("PokerNow.club game logs (home games)"),
        N_(
            "PokerNow caps a raise at the largest stack still able to call it; more could only come back as an uncalled bet"
        ),
        N_("PokerNow measures the smallest raise over a straddle from the big blind, not from the straddle"),
        N_(
            "PokerNow's live posts set the player's street total: a small blind who also posts a missed big blind has the big blind in front, not both"
        ),
        N_("PokerStars hand histories, and tracker exports of them (PokerTracker, Hold'em Manager)"),
        N_(
            "old (2005-2006) and tracker-exported Stars files print no 'Uncalled bet returned' line; the stated total pot shows the bet was returned"
        ),
    )
)


def shipped(text: str) -> Msg | str:
    """``text`` as a message when the package ships it (translated on rendering), else as written."""
    return Msg(text) if text in TEXTS else text
