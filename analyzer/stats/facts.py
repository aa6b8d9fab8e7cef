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

The facts of :func:`action_facts` (each a chance and whether it was taken). The model is
PokerTracker's definitions as published descriptions give them (read on 2 Dec 2026): the
steal is a raise "from the CO, button and SB in an unopened pot"
(itpomimar1975.netlify.app/att-to-steal-poker, describing the PokerTracker Steal HUD
stat); WWSF is PokerTracker 2's "Won $ WSF: percentage of times player won money when
seeing the flop" and WTSD "having seen the flop" (PokerTracker V2 help, Ring Game Player
Statistics, staff.washington.edu/sleeman1/PT/, and poker.fandom.com/wiki/Player_statistics).
PokerTracker 4's own formulas (its Configure Stats window) were not available here; where
our rule is our own it says so:

* **Limp**: a chance at the player's first preflop action when nobody has raised and there
  is a live forced bet above the player's own to call (the big blind, the 6+ button blind);
  done when that action is a call. The player who posted the largest live bet (big blind,
  button blind, straddle) can only check or raise there and has no chance; pure-ante games
  (nothing live to call) have no limps.
* **Steal**: a chance when the pot comes to the player unopened (nobody has called or raised)
  at their first preflop action, from a steal seat; done when they raise. Steal seats are the
  last ones to act before the player who closes the preflop action:
  blind games CO, BTN and SB (PokerTracker's); **short-deck ante games with a button blind**
  (the button acts last and has the only live bet) the two seats before it, HJ and CO — the
  dead money is everyone's antes and the button blind; ante games without a button blind
  (nobody has a live bet; the button acts last) CO and BTN.
* **Fold to steal**: a chance at a player's first preflop action facing a steal (the open
  raise from a steal seat, nobody having called or re-raised it): in blind games only the
  blinds (SB, BB), in ante games every player behind the stealer (the dead money is
  everyone's); done when they fold.
* **4-bet**: a chance at the player's first preflop action facing exactly two bets or raises
  (a 3-bet); done when it is a raise.
* **Fold to 3-bet**: a chance when the player who opened (made the first raise) acts facing
  exactly two raises; done when they fold.
* **C-bet flop**: a chance when the player made the last preflop raise and is first to bet
  on the flop (nobody bet before their first flop action); done when they bet. **C-bet
  turn**: the same on the turn for a player who c-bet the flop and made its last bet or
  raise.
* **Fold to c-bet** (flop, turn): a chance at a player's first action after a c-bet, when
  nobody has raised it; done when they fold.
* **Check-raise**: a chance when a player checked on a street after the flop and then acted
  facing a bet on the same street; done when that action is a raise (one chance a hand,
  whatever the street).
* **WWSF** (won when saw flop) and WTSD need no facts of their own: WWSF is ``won > 0`` of
  ``saw_flop``, counted by the query.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

import numpy as np

from analyzer.stats.positions import dealt_positions
from parsers.record import ActionKind, HandRecord, PostKind, Seat, Street

# Final: read as constants by the compiled module (not looked up by name at each use)
_AGGRESSIVE: Final = frozenset((ActionKind.BET, ActionKind.RAISE))
_FOLD: Final = ActionKind.FOLD
_CALL: Final = ActionKind.CALL
_PREFLOP: Final = Street.PREFLOP
_BOMB: Final = PostKind.BOMB
_NONE = (0, 0, 0)


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
    # the facts of action_facts, in ACTION_FACTS order
    limp_chance: bool
    limp: bool
    steal_chance: bool
    steal: bool
    fold_steal_chance: bool
    fold_steal: bool
    four_bet_chance: bool
    four_bet: bool
    fold_three_bet_chance: bool
    fold_three_bet: bool
    cbet_flop_chance: bool
    cbet_flop: bool
    fold_cbet_flop_chance: bool
    fold_cbet_flop: bool
    cbet_turn_chance: bool
    cbet_turn: bool
    fold_cbet_turn_chance: bool
    fold_cbet_turn: bool
    check_raise_chance: bool
    check_raise: bool


@dataclass(frozen=True, slots=True)
class HandFacts:
    players: tuple[PlayerFacts, ...]
    showdown: bool  # two or more players still in at the end
    all_in: bool  # someone went all-in (a post or an action)
    last_street: Street  # the street of the last voluntary action (preflop when there was none)


_STRADDLE = PostKind.STRADDLE
_BLINDS: Final = frozenset((PostKind.SMALL_BLIND, PostKind.BIG_BLIND))


def seat_positions(record: HandRecord, dealt: Sequence[Seat]) -> tuple[str, ...]:
    """Each dealt-in seat's position in seat order, as :func:`dealt_positions` names them
    (for seats of distinct names): looked up once a table shape, button, blinds and
    straddlers, as the same few come back hand after hand.

    >>> seats = tuple(Seat(i, n, 1000) for i, n in enumerate("ABC", start=1))
    >>> seat_positions(HandRecord("1", seats, button=3), seats)
    ('UTG', 'CO', 'BTN')
    """
    button = record.button
    if button is None or not dealt:
        return ("",) * len(dealt)
    kinds = {p.kind for p in record.posts}
    straddlers: tuple[int, ...] = ()
    if _STRADDLE in kinds:
        posted = {p.player for p in record.posts if p.kind == _STRADDLE}
        straddlers = tuple(i for i, s in enumerate(dealt) if s.player in posted)
    key = (button, tuple(s.seat for s in dealt), not _BLINDS.isdisjoint(kinds), straddlers)
    labels = _POSITIONS.get(key)
    if labels is None:
        where = dealt_positions(record, list(dealt))
        labels = _POSITIONS[key] = tuple(where[s.player] for s in dealt)
        if len(_POSITIONS) > 4096:
            _POSITIONS.clear()
    return labels


_POSITIONS: dict[tuple[int, tuple[int, ...], bool, tuple[int, ...]], tuple[str, ...]] = {}


_new_tuple = tuple.__new__  # a PlayerFacts from a tuple without the named tuple's Python __new__


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
    postflop: dict[str, list[int]] = {}  # aggressive, calls, folds of a player who acted after the flop
    all_in = {p.player for p in record.posts if p.all_in}
    raises = 0
    # locals: this loop runs for every action stored
    fold, call, preflop, aggressive_kinds = _FOLD, _CALL, _PREFLOP, _AGGRESSIVE
    actions = record.actions
    for action in actions:
        who, kind = action.player, action.kind
        if action.all_in:
            all_in.add(who)
        if action.street == preflop:
            acted.add(who)
            if kind in aggressive_kinds:
                if raises == 1 and who not in three_chance:
                    three_chance.add(who)
                    three_done.add(who)
                vpip.add(who)
                pfr.add(who)
                raises += 1
            else:
                if raises == 1 and who not in three_chance:
                    three_chance.add(who)
                if kind == call:
                    vpip.add(who)
                elif kind == fold:
                    folded_preflop.add(who)
                    folded.add(who)
        else:
            counts = postflop.get(who)
            if counts is None:
                counts = postflop[who] = [0, 0, 0]
            if kind in aggressive_kinds:
                counts[0] += 1
            elif kind == call:
                counts[1] += 1
            elif kind == fold:
                counts[2] += 1
                folded.add(who)
    last_street = actions[-1].street if actions else preflop
    names = [s.player for s in dealt]  # a seat each (a name twice counts twice, as seats do)
    bomb = any(p.kind == _BOMB for p in record.posts)
    flop_seen = bomb or len([n for n in names if n not in folded_preflop]) >= 2
    showdown = len([n for n in names if n not in folded]) >= 2
    none = _NONE
    facts = []
    more = {
        name: tuple(map(bool, row))
        for name, row in zip(names, action_facts(record, names, [where.get(n, "") for n in names]))
    }
    for s in dealt:
        name = s.player
        at_showdown = showdown and name not in folded
        done: Sequence[int] = postflop.get(name) or none
        facts.append(
            _new_tuple(
                PlayerFacts,
                (
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
                    done[0],
                    done[1],
                    done[2],
                    name in all_in,
                    *more[name],
                ),
            )
        )
    return HandFacts(players=tuple(facts), showdown=showdown, all_in=bool(all_in), last_street=last_street)


def _mark(got: dict[str, bytearray], who: str, at: int, done: bool) -> None:
    """A chance at fact ``at`` for ``who`` (a dealt-in name), and the fact after it when done."""
    row = got.get(who)
    if row is not None:
        row[at] = 1
        if done:
            row[at + 1] = 1


#: the facts :func:`action_facts` gives, as the store's players table names them (a chance, then done)
ACTION_FACTS = tuple(PlayerFacts._fields[PlayerFacts._fields.index("all_in") + 1 :])
# each fact's place in a player's bytes (its chance; the fact taken follows it)
_LIMP: Final = 0
_STEAL: Final = 2
_FOLD_STEAL: Final = 4
_FOUR: Final = 6
_FOLD_THREE: Final = 8
_CBET_FLOP: Final = 10
_FOLD_CBET_FLOP: Final = 12
_CBET_TURN: Final = 14
_FOLD_CBET_TURN: Final = 16
_CHECK_RAISE: Final = 18
_CBET: Final = {Street.FLOP: (_CBET_FLOP, _FOLD_CBET_FLOP), Street.TURN: (_CBET_TURN, _FOLD_CBET_TURN)}
_CHECK: Final = ActionKind.CHECK
# the enum members the per-hand code reads, taken once here (an attribute of an enum class is
# looked up through its metaclass's ``__getattr__`` hook at every use: several times the cost)
_FLOP, _TURN, _RIVER = Street.FLOP, Street.TURN, Street.RIVER
_BUTTON_BLIND: Final = PostKind.BUTTON_BLIND
_CBET_STREETS: Final = (_FLOP, _TURN)
_AFTER_FLOP: Final = (_FLOP, _TURN, _RIVER)
_LIVE_KINDS: Final = frozenset((PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.BUTTON_BLIND, PostKind.STRADDLE))
_DEFENDERS: Final = frozenset(("SB", "BB"))


def steal_positions(*, blinds: bool, button_blind: bool) -> frozenset[str]:
    """The seats a steal comes from (see the module's words): the last to act before the one
    who closes the preflop action.

    >>> sorted(steal_positions(blinds=True, button_blind=False))
    ['BTN', 'CO', 'SB']
    >>> sorted(steal_positions(blinds=False, button_blind=True))  # short deck, antes and a button blind
    ['CO', 'HJ']
    >>> sorted(steal_positions(blinds=False, button_blind=False))
    ['BTN', 'CO']
    """
    if blinds:
        return frozenset(("CO", "BTN", "SB"))
    if button_blind:
        return frozenset(("HJ", "CO"))
    return frozenset(("CO", "BTN"))


def action_facts(record: HandRecord, names: Sequence[str], labels: Sequence[str]) -> list[bytes]:
    """The facts named in :data:`ACTION_FACTS` for each of ``names`` (the dealt-in seats'
    players, ``labels`` their positions), read from the hand's actions in one pass a street:
    a byte a fact, 1 where true (the bytes of a chunk's players, joined, are its facts as a
    numpy bool array). A name twice gets the facts of that name."""
    where = dict(zip(names, labels))
    got: dict[str, bytearray] = {name: bytearray(len(ACTION_FACTS)) for name in names}
    live: dict[str, int] = {}
    kinds = set()
    for post in record.posts:
        kinds.add(post.kind)
        if post.kind in _LIVE_KINDS:
            live[post.player] = live.get(post.player, 0) + post.amount
    top = max(live.values(), default=0)
    blinds = not _BLINDS.isdisjoint(kinds)
    steals = steal_positions(blinds=blinds, button_blind=_BUTTON_BLIND in kinds)
    streets: dict[Street, list[tuple[str, ActionKind]]] = {}  # each action's player and kind, read once
    for action in record.actions:
        streets.setdefault(action.street, []).append((action.player, action.kind))
    # preflop: limp, steal, fold to steal, 4-bet, fold to 3-bet
    raises = calls = 0
    opener: str | None = None
    aggressor: str | None = None
    stealing = False
    acted: set[str] = set()
    facing_three: set[str] = set()
    for who, kind in streets.get(_PREFLOP, ()):
        aggressive = kind in _AGGRESSIVE
        steal_now = False
        if who not in acted:
            acted.add(who)
            if raises == 0:
                if top > live.get(who, 0) and kind != _CHECK:
                    _mark(got, who, _LIMP, kind == _CALL)
                if calls == 0 and where.get(who) in steals:
                    _mark(got, who, _STEAL, aggressive)
                    steal_now = aggressive
            elif raises == 1 and stealing and calls == 0 and (not blinds or where.get(who) in _DEFENDERS):
                _mark(got, who, _FOLD_STEAL, kind == _FOLD)
        if raises == 2 and who not in facing_three:
            facing_three.add(who)
            _mark(got, who, _FOUR, aggressive)
            if who == opener:
                _mark(got, who, _FOLD_THREE, kind == _FOLD)
        if aggressive:
            raises += 1
            calls = 0
            aggressor = who
            if raises == 1:
                opener, stealing = who, steal_now
        elif kind == _CALL:
            calls += 1
    # flop and turn: c-bet and fold to c-bet, the turn's for the flop's c-better still ahead
    for street in _CBET_STREETS:
        if aggressor is None:
            break
        chance_at, fold_at = _CBET[street]
        bets = 0
        cbet = first = False
        last: str | None = None
        responded: set[str] = set()
        for who, kind in streets.get(street, ()):
            aggressive = kind in _AGGRESSIVE
            if who == aggressor and not first:
                first = True
                if bets == 0:
                    _mark(got, who, chance_at, aggressive)
                    cbet = aggressive
            elif cbet and bets == 1 and who != aggressor and who not in responded:
                responded.add(who)
                _mark(got, who, fold_at, kind == _FOLD)
            if aggressive:
                bets += 1
                last = who
        aggressor = aggressor if cbet and last == aggressor else None
    # check-raise: checked, then facing a bet on the same street
    for street in _AFTER_FLOP:
        bets = 0
        checked: set[str] = set()
        for who, kind in streets.get(street, ()):
            if bets and who in checked:
                checked.discard(who)
                _mark(got, who, _CHECK_RAISE, kind in _AGGRESSIVE)
            if kind == _CHECK and not bets:
                checked.add(who)
            elif kind in _AGGRESSIVE:
                bets += 1
    return [bytes(got[name]) for name in names]


#: action kinds by their code in :func:`facts_columns` (-1: a forced post or anything else)
KIND_CODES = ("fold", "check", "call", "bet", "raise")
_FOLD_CODE, _CALL_CODE, _BET_CODE, _RAISE_CODE = 0, 2, 3, 4


def facts_columns(
    *,
    players: int,
    player_hand: Any,
    hands: int,
    action_hand: Any,
    action_row: Any,
    is_post: Any,
    preflop: Any,
    kind: Any,
    all_in: Any,
    bomb: Any,
    won: Any,
) -> dict[str, Any]:
    """The players' facts of many hands at once, column by column (numpy arrays named as
    :class:`PlayerFacts` from ``vpip_chance`` on), equal to :func:`hand_facts` row by row.

    A players row is a dealt-in seat (``player_hand``: its hand's number, hands in order);
    an actions row is a forced post or action in the hand's order, posts first
    (``action_hand``; ``action_row``: the players row of the one who acted, -1 for no
    dealt-in player; ``is_post``; ``preflop``: its street is preflop; ``kind``: its code in
    :data:`KIND_CODES`, -1 for a post; ``all_in``); ``bomb``: each hand has a bomb-pot post;
    ``won``: what each players row collected. A hand with two seats of the same name is left
    to :func:`hand_facts` (names key its facts).
    """
    acts = ~is_post
    aggressive = acts & ((kind == _BET_CODE) | (kind == _RAISE_CODE))
    call = acts & (kind == _CALL_CODE)
    fold = acts & (kind == _FOLD_CODE)
    pre = acts & preflop
    post_flop = acts & ~preflop
    mine = action_row >= 0

    def anyone(mask: Any) -> Any:
        out = np.zeros(players, dtype=bool)
        out[action_row[mask & mine]] = True
        return out

    def count(mask: Any) -> Any:
        return np.bincount(action_row[mask & mine], minlength=players).astype(np.int16)

    # 3-bet: a player's first preflop action facing exactly one bet or raise (raises
    # counted over the hand's preflop actions before it, whoever made them)
    pre_raise = (pre & aggressive).astype(np.int64)
    before = np.cumsum(pre_raise) - pre_raise
    starts = np.searchsorted(action_hand, np.arange(hands))  # each hand's first actions row
    before -= np.append(before, 0)[starts][action_hand]
    facing = np.flatnonzero(pre & mine & (before == 1))
    chosen, first = np.unique(action_row[facing], return_index=True)
    three_chance = np.zeros(players, dtype=bool)
    three_done = np.zeros(players, dtype=bool)
    three_chance[chosen] = True
    three_done[chosen] = aggressive[facing[first]]

    folded_preflop = anyone(pre & fold)
    folded = anyone(fold)
    left_preflop = np.bincount(player_hand[~folded_preflop], minlength=hands)
    left = np.bincount(player_hand[~folded], minlength=hands)
    flop_seen = (bomb | (left_preflop >= 2))[player_hand]
    at_showdown = (left >= 2)[player_hand] & ~folded
    return {
        "vpip_chance": anyone(pre),
        "vpip": anyone(pre & (aggressive | call)),
        "pfr": anyone(pre & aggressive),
        "three_bet_chance": three_chance,
        "three_bet": three_done,
        "saw_flop": flop_seen & ~folded_preflop,
        "showdown": at_showdown,
        "won_at_showdown": at_showdown & (won > 0),
        "aggressive": count(post_flop & aggressive),
        "calls": count(post_flop & call),
        "folds": count(post_flop & fold),
        "all_in": anyone(all_in),
    }
