"""The neutral record of one hand, as its source states it.

A :class:`HandRecord` holds what a file *claims* happened and nothing derived: the
table, the seats with starting stacks, the button, forced posts, every action in order,
the boards (several for run it twice), shown cards, what each player collected, rake and
other deductions, and where in the source the hand came from.

Conventions
-----------
* Money is an ``int`` in the hand's minor unit: ``amount / 10**decimals`` units of
  ``currency`` (``decimals=2`` for cents, ``0`` for chips).
* Every voluntary action carries ``to``: the player's total on the current street after
  the action ("raise to"). Parsers normalise "raises A to B", increments and hand totals.
* Cards are canonical two-character strings (``"As"``, ``"Td"``); ``"??"`` is unknown.
* Seats are numbered as in the source; clockwise means increasing seat number, wrapping.

The records are frozen ``msgspec.Struct`` classes: the native format decodes straight into
them, built in C, and ``gc=False`` keeps them out of the garbage collector's scans (a record
holds strings, numbers, tuples and other records, never a reference cycle). Change one with
``msgspec.structs.replace``, list its fields with ``msgspec.structs.fields``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import msgspec

from parsers.limits import (
    MAX_ACTIONS,
    MAX_AMOUNT,
    MAX_DECIMALS,
    MAX_ITEMS,
    MAX_LINE,
    MAX_RUNS,
    MAX_SEAT_NUMBER,
    MAX_SEATS,
    MAX_TEXT,
)

FORMAT_VERSION = 1

# The bounds of parsers.bounds (parsers.limits), stated by the types: the native format's decoder
# checks them in C as it reads a line, and the JSON Schema names them. Nothing else checks them
# here (a record built in Python is not validated): every reader's records still pass
# parsers.bounds, but the native reader's, which its decoder has checked. Only what
# parsers.bounds checks is constrained (a test checks the two agree).
Amount = Annotated[int, msgspec.Meta(ge=-MAX_AMOUNT, le=MAX_AMOUNT)]
LineNumber = Annotated[int, msgspec.Meta(ge=0, le=MAX_LINE)]
SeatNumber = Annotated[int, msgspec.Meta(ge=0, le=MAX_SEAT_NUMBER)]
ItemNumber = Annotated[int, msgspec.Meta(ge=0, le=MAX_ITEMS)]
Text = Annotated[str, msgspec.Meta(max_length=MAX_TEXT)]


class Street(StrEnum):
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"


STREETS: tuple[Street, ...] = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)


class PostKind(StrEnum):
    """A forced bet. Whether it is live (counts toward a call) is fixed by the kind."""

    ANTE = "ante"  # dead: everyone's ante, and a big-blind ante for the table
    SMALL_BLIND = "small_blind"  # live
    BIG_BLIND = "big_blind"  # live
    BUTTON_BLIND = "button_blind"  # live: 6+ button blind / the button's extra ante
    STRADDLE = "straddle"  # live
    DEAD_BLIND = "dead_blind"  # dead: a missed small blind posted on return
    BOMB = "bomb"  # live: bomb-pot bet, the hand starts on the flop

    @property
    def is_live(self) -> bool:
        return self not in (PostKind.ANTE, PostKind.DEAD_BLIND)


class ActionKind(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


class Variant(StrEnum):
    """What the source says the game is. The analyzer maps it to a rule set."""

    HOLDEM = "holdem"
    SHORTDECK = "shortdeck"
    OMAHA = "omaha"  # four hole cards, exactly two play (high only)
    OMAHA_HILO = "omaha-hilo"  # four hole cards, high/low split, 8-or-better
    OMAHA5 = "omaha5"  # five hole cards, exactly two play (high only)
    OTHER = "other"  # stud, draw ...: not covered, rejected as UNSUPPORTED_GAME


class Betting(StrEnum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


class Source(msgspec.Struct, frozen=True, gc=False):
    """Where a hand came from: the file, its first line, and the format it was read as."""

    file: str = ""
    line: int = 0
    format: str = "native"
    number: int | None = None  # the hand's number in its session, where the source counts (PokerNow #N)


class Game(msgspec.Struct, frozen=True, gc=False):
    """What the source says about its game, in its own words where it has them.

    ``ranking`` is set only where the source states one (a site known to rank trips over
    a straight); ``declared`` keeps the source's text ("6+ Hold'em No Limit").
    """

    variant: Variant = Variant.HOLDEM
    betting: Betting = Betting.NO_LIMIT
    site: Text = ""
    declared: Text = ""
    ranking: str | None = None
    tournament: bool = False
    rules: str | None = None  # a preset or rule file named by the source (native files)


class Stakes(msgspec.Struct, frozen=True, gc=False):
    """The amounts of the forced bets and limits, in minor units (0 where not used)."""

    ante: Amount = 0
    small_blind: Amount = 0
    big_blind: Amount = 0
    button_blind: Amount = 0
    straddle: Amount = 0
    min_bet: Amount = 0  # when the source states it (PHH ``min_bet``); else from the rule set
    small_bet: Amount = 0  # fixed limit: bet size preflop and flop
    big_bet: Amount = 0  # fixed limit: bet size turn and river
    cap: Amount = 0  # capped no limit: most a player may put in the hand


class Seat(msgspec.Struct, frozen=True, gc=False):
    seat: SeatNumber
    player: Text
    stack: Amount
    sitting_out: bool = False


class Post(msgspec.Struct, frozen=True, gc=False):
    """A forced bet before the cards: ante, blind, button blind, straddle, dead blind."""

    player: str
    kind: PostKind
    amount: Amount
    all_in: bool = False
    line: LineNumber = 0


class Action(msgspec.Struct, frozen=True, gc=False):
    """A voluntary action. ``to`` is the player's street total after it (0 for fold/check)."""

    street: Street
    player: str
    kind: ActionKind
    to: Amount = 0
    all_in: bool = False
    line: LineNumber = 0


class Shown(msgspec.Struct, frozen=True, gc=False):
    """Hole cards a player showed or was dealt (``"??"`` for unknown cards)."""

    player: str
    cards: tuple[str, ...]
    mucked: bool = False
    description: str = ""  # the source's words: "a straight, Nine high"
    line: LineNumber = 0


class Award(msgspec.Struct, frozen=True, gc=False):
    """What the source says a player collected: from which pot (0 main, 1.. side) and run."""

    player: str
    amount: Amount
    pot: ItemNumber | None = None  # None: the source does not say which pot
    run: ItemNumber = 0
    description: str = ""  # "with a flush" where the source says
    line: LineNumber = 0


class Returned(msgspec.Struct, frozen=True, gc=False):
    """An uncalled bet the source says was returned."""

    player: str
    amount: Amount
    line: LineNumber = 0


class Deduction(msgspec.Struct, frozen=True, gc=False):
    """Money taken from the pot other than by a player: rake, jackpot, bingo, tax, fees.
    ``pot`` names the pot it came from where the source says (OHH per-pot rake)."""

    kind: str
    amount: Amount
    pot: ItemNumber | None = None


class Cashout(msgspec.Struct, frozen=True, gc=False):
    """Money settled outside the pot (All-in Cash Out, EV cashout, insurance)."""

    player: str
    amount: Amount
    fee: Amount = 0
    kind: str = "cashout"  # cashout (All-in Cash Out, EV cashout), insurance, bounty


class HandRecord(msgspec.Struct, frozen=True, gc=False):
    """One hand as its source states it. See the module docstring for conventions."""

    hand_id: Text
    seats: Annotated[tuple[Seat, ...], msgspec.Meta(max_length=MAX_SEATS)]
    button: SeatNumber | None = None
    posts: Annotated[tuple[Post, ...], msgspec.Meta(max_length=MAX_ACTIONS)] = ()
    actions: Annotated[tuple[Action, ...], msgspec.Meta(max_length=MAX_ACTIONS)] = ()
    boards: Annotated[tuple[tuple[str, ...], ...], msgspec.Meta(max_length=MAX_RUNS)] = ((),)
    shown: Annotated[tuple[Shown, ...], msgspec.Meta(max_length=MAX_ITEMS)] = ()
    awards: Annotated[tuple[Award, ...], msgspec.Meta(max_length=MAX_ITEMS)] = ()
    returned: Annotated[tuple[Returned, ...], msgspec.Meta(max_length=MAX_ITEMS)] = ()
    deductions: Annotated[tuple[Deduction, ...], msgspec.Meta(max_length=MAX_ITEMS)] = ()
    cashouts: Annotated[tuple[Cashout, ...], msgspec.Meta(max_length=MAX_ITEMS)] = ()
    total_pot: Amount | None = None  # as the source states it
    # main, side 1, ... as the source states them
    pots: Annotated[tuple[Amount, ...], msgspec.Meta(max_length=MAX_ITEMS)] = ()
    finishing_stacks: tuple[Amount, ...] | None = None  # PHH: stacks after the hand, seat order
    game: Game = msgspec.field(default_factory=Game)
    stakes: Stakes = msgspec.field(default_factory=Stakes)
    currency: Text = "CHIPS"
    decimals: Annotated[int, msgspec.Meta(ge=0, le=MAX_DECIMALS)] = 0
    table: Text = ""
    max_seats: SeatNumber | None = None
    started_at: Text | None = None  # ISO 8601 where the source gives a time
    source: Source = msgspec.field(default_factory=Source)
    version: int = FORMAT_VERSION

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(s.player for s in self.seats)

    @property
    def rake(self) -> int:
        return sum(d.amount for d in self.deductions if d.kind == "rake")

    def seat_of(self, player: str) -> Seat:
        for s in self.seats:
            if s.player == player:
                return s
        raise KeyError(player)


def money_text(amount: int, decimals: int) -> str:
    """Format minor units as a plain decimal string.

    >>> money_text(1234, 2)
    '12.34'
    >>> money_text(-5, 2)
    '-0.05'
    >>> money_text(700, 0)
    '700'
    """
    if decimals == 0:
        return str(amount)
    sign = "-" if amount < 0 else ""
    whole, frac = divmod(abs(amount), 10**decimals)
    return f"{sign}{whole}.{frac:0{decimals}d}"
