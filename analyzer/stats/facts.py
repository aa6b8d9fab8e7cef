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
from typing import NamedTuple

from analyzer.stats.positions import dealt_positions
from parsers.record import ActionKind, HandRecord, PostKind, Street

_AGGRESSIVE = frozenset((ActionKind.BET, ActionKind.RAISE))
_FOLD, _CALL, _PREFLOP, _BOMB = ActionKind.FOLD, ActionKind.CALL, Street.PREFLOP, PostKind.BOMB


class PlayerFacts(NamedTuple):
    """One player's facts (a named tuple, not a dataclass: the import makes one a player a
    hand, and a tuple is made several times faster and goes into a row as it is)."""

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
    where = dealt_positions(record, dealt)
    acted: set[str] = set()
    vpip: set[str] = set()
    pfr: set[str] = set()
    three_chance: set[str] = set()
    three_done: set[str] = set()
    folded_preflop: set[str] = set()
    folded: set[str] = set()
    postflop: dict[str, list[int]] = {s.player: [0, 0, 0] for s in dealt}  # aggressive, calls, folds
    all_in = {p.player for p in record.posts if p.all_in}
    raises = 0
    last_street = _PREFLOP
    fold, call, preflop = _FOLD, _CALL, _PREFLOP  # locals: this loop runs for every action stored
    for action in record.actions:
        who, kind, street = action.player, action.kind, action.street
        if action.all_in:
            all_in.add(who)
        last_street = street
        if street == preflop:
            acted.add(who)
            aggressive = kind in _AGGRESSIVE
            if raises == 1 and who not in three_chance:
                three_chance.add(who)
                if aggressive:
                    three_done.add(who)
            if aggressive:
                vpip.add(who)
                pfr.add(who)
                raises += 1
            elif kind == call:
                vpip.add(who)
            elif kind == fold:
                folded_preflop.add(who)
                folded.add(who)
        else:
            counts = postflop.get(who)
            if kind == fold:
                folded.add(who)
            if counts is not None:
                if kind in _AGGRESSIVE:
                    counts[0] += 1
                elif kind == call:
                    counts[1] += 1
                elif kind == fold:
                    counts[2] += 1
    bomb = any(p.kind == _BOMB for p in record.posts)
    flop_seen = bomb or sum(1 for s in dealt if s.player not in folded_preflop) >= 2
    showdown = sum(1 for s in dealt if s.player not in folded) >= 2
    facts = []
    for s in dealt:
        name = s.player
        at_showdown = showdown and name not in folded
        counts = postflop[name]
        facts.append(
            PlayerFacts(
                name,
                s.seat,
                where.get(name, ""),
                name in acted,
                name in vpip,
                name in pfr,
                name in three_chance,
                name in three_done,
                flop_seen and name not in folded_preflop,
                at_showdown,
                at_showdown and won.get(name, 0) > 0,
                counts[0],
                counts[1],
                counts[2],
                name in all_in,
            )
        )
    return HandFacts(players=tuple(facts), showdown=showdown, all_in=bool(all_in), last_street=last_street)
