"""What each player did in one hand, as the counts the statistics add up.

Every statistic is a count of times done over a count of chances, so that a reader sees
the sample behind each percentage:

* **VPIP** (voluntarily put money in the pot): a chance when the player has a preflop
  action of their own (a big blind who is folded to has none); done when they call, bet
  or raise preflop. Forced bets are never voluntary: a live button blind or big blind
  that checks has not put money in voluntarily.
* **PFR** (preflop raise): the same chances; done when they bet or raise preflop.
* **3-bet**: a chance when the player acts preflop facing exactly one bet or raise over
  the forced bets; done when that action is a raise. (An all-in raise for less counts as
  a raise: the source says "raises".)
* **WTSD** (went to showdown): a chance when the player saw the flop (was not folded
  preflop and at least two players were); done when they were still in at the end with
  at least one other player.
* **W$SD** (won money at showdown): a chance when the player went to showdown; done when
  they won chips from any pot.
* **Aggression**: bets and raises against calls after the flop (AF = aggressive / calls),
  and folds after the flop for the aggression frequency.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from analyzer.stats.positions import positions
from parsers.record import ActionKind, HandRecord, PostKind, Street

_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE)
_VOLUNTARY = (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)


@dataclass(frozen=True, slots=True)
class PlayerFacts:
    player: str
    seat: int
    position: str
    vpip_chance: bool
    vpip: bool
    pfr: bool
    three_bet_chance: bool
    three_bet: bool
    saw_flop: bool
    showdown: bool  # WTSD done (its chance is saw_flop)
    won_at_showdown: bool  # W$SD done (its chance is showdown)
    aggressive: int  # bets and raises after the flop
    calls: int  # calls after the flop
    folds: int  # folds after the flop
    all_in: bool


@dataclass(frozen=True, slots=True)
class HandFacts:
    players: tuple[PlayerFacts, ...]
    showdown: bool  # two or more players still in at the end
    all_in: bool  # someone went all-in (a post or an action)
    last_street: Street  # the street of the last voluntary action (preflop when there was none)


def hand_facts(record: HandRecord, won: Mapping[str, int]) -> HandFacts:
    """Facts of every dealt-in player; ``won`` is what each collected (the audited ledger)."""
    dealt = [s for s in record.seats if not s.sitting_out]
    names = [s.player for s in dealt]
    where = positions(record)
    acted: set[str] = set()
    vpip: set[str] = set()
    pfr: set[str] = set()
    three_chance: set[str] = set()
    three_done: set[str] = set()
    raises = 0
    folded_preflop: set[str] = set()
    folded: set[str] = set()
    aggressive = dict.fromkeys(names, 0)
    calls = dict.fromkeys(names, 0)
    folds = dict.fromkeys(names, 0)
    all_in = {p.player for p in record.posts if p.all_in}
    last_street = Street.PREFLOP
    for action in record.actions:
        who, kind = action.player, action.kind
        if action.all_in:
            all_in.add(who)
        last_street = action.street
        if kind is ActionKind.FOLD:
            folded.add(who)
        if action.street is Street.PREFLOP:
            acted.add(who)
            if raises == 1 and who not in three_chance:
                three_chance.add(who)
                if kind in _AGGRESSIVE:
                    three_done.add(who)
            if kind in _VOLUNTARY:
                vpip.add(who)
            if kind in _AGGRESSIVE:
                pfr.add(who)
                raises += 1
            if kind is ActionKind.FOLD:
                folded_preflop.add(who)
        elif who in aggressive:
            if kind in _AGGRESSIVE:
                aggressive[who] += 1
            elif kind is ActionKind.CALL:
                calls[who] += 1
            elif kind is ActionKind.FOLD:
                folds[who] += 1
    bomb = any(p.kind is PostKind.BOMB for p in record.posts)
    flop_seen = bomb or sum(1 for n in names if n not in folded_preflop) >= 2
    at_end = [n for n in names if n not in folded]
    showdown = len(at_end) >= 2
    facts = tuple(
        PlayerFacts(
            player=s.player,
            seat=s.seat,
            position=where.get(s.player, ""),
            vpip_chance=s.player in acted,
            vpip=s.player in vpip,
            pfr=s.player in pfr,
            three_bet_chance=s.player in three_chance,
            three_bet=s.player in three_done,
            saw_flop=flop_seen and s.player not in folded_preflop,
            showdown=showdown and s.player not in folded,
            won_at_showdown=showdown and s.player not in folded and won.get(s.player, 0) > 0,
            aggressive=aggressive[s.player],
            calls=calls[s.player],
            folds=folds[s.player],
            all_in=s.player in all_in,
        )
        for s in dealt
    )
    return HandFacts(players=facts, showdown=showdown, all_in=bool(all_in), last_street=last_street)
