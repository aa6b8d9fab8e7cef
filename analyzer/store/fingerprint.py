"""A hand's content fingerprint: the same hand from any file or format hashes the same.

The store keeps a hand once: by its source id, or by this fingerprint when the same hand
comes with another id or from another format (a site file and a tracker's re-export, the
original and a reformatted copy, PokerStars text and our native conversion of it).

What goes in is what the hand *is*, in a form no format changes:

* the game (Hold'em or short deck);
* the dealt-in players in seat order from the button (seat numbers differ between
  formats, the order does not), each with the starting stack;
* the forced posts as live or dead money (PHH writes a dead blind as an ante; the player
  says which blind a live post is), sorted (formats list antes and blinds in different orders), every
  action in order as (street, player, kind, street total), the boards, the known hole
  cards each player showed or was dealt, and what each player was awarded in all;
* money as an exact decimal (minor units scaled to millionths), so cents written with two
  decimals or one give the same text;
* for a hand with fewer than five known cards, its time (see :func:`fingerprint`).

Left out, because formats disagree on them while the hand stays the same: the hand id,
the file, lines, the time (time zones), table names, currency names, all-in flags, hand
descriptions, uncalled bets (they follow from the actions) and the rake split into kinds.
"""

from __future__ import annotations

import hashlib
from typing import Final

import msgspec

from parsers.record import Action, HandRecord, PostKind, Seat

_SCALE = 6  # money as millionths of the unit (minor units of up to six decimals)
MIN_CARDS = 5  # known cards (board and hole) that make a hand's content its own
_DEAD = (PostKind.ANTE, PostKind.DEAD_BLIND)  # posts that are dead money, in every format
_astuple: Final = msgspec.structs.astuple  # a record's fields at once, in field order
if tuple(f.name for f in msgspec.structs.fields(Action)) != ("street", "player", "kind", "to", "all_in", "line"):
    raise ImportError("parsers.record.Action's fields changed: see fingerprint()'s loop over the actions")


def fingerprint(record: HandRecord) -> str | None:
    """32 hex digits naming the hand's content, or ``None`` for a hand too bare to name.

    A hand with fewer than :data:`MIN_CARDS` known cards (board and hole cards) and no time
    gets none: two walks of a heads-up game two hands apart can be the same in every other
    respect (the same stacks, the same button, the same folds) and must both be kept. Such a
    hand with a time has the time in its fingerprint.

    >>> from parsers.record import Action, HandRecord, PostKind, Seat, Shown
    >>> seats = (Seat(1, "Ann", 150), Seat(2, "Bob", 200))
    >>> dealt = (Shown("Ann", ("As", "Kd")), Shown("Bob", ("7c", "7h")))
    >>> a = HandRecord("1", seats, button=1, boards=(("2c", "3d", "4h"),), shown=dealt, decimals=2)
    >>> renumbered = (Seat(3, "Ann", 15), Seat(7, "Bob", 20))  # other seats, cents with one decimal
    >>> b = HandRecord("other-id", renumbered, button=3, boards=a.boards, shown=dealt, decimals=1)
    >>> fingerprint(a) == fingerprint(b), fingerprint(HandRecord("2", seats)) is None
    (True, True)
    """
    decimals = record.decimals
    exact = 0 <= decimals <= _SCALE
    factor = 10 ** (_SCALE - decimals) if exact else 1
    boards = record.boards
    known = len(boards[0]) if boards else 0
    cards: dict[str, list[str]] = {}
    for shown in record.shown:
        mine = cards.get(shown.player)
        if mine is None:
            mine = cards[shown.player] = []
        for card in shown.cards:
            if card != "??" and card not in mine:
                mine.append(card)
                known += 1
    # every part is a str (enum members are): one join, no conversions
    parts: list[str] = [record.game.variant, "" if exact else str(decimals)]
    if known < MIN_CARDS:
        if not record.started_at:
            return None
        parts.append(record.started_at)
    posts, actions = record.posts, record.actions
    seats = [s for s in record.seats if s.stack > 0]
    if any([s.sitting_out for s in seats]):  # a seat sitting out counts when it posted or acted
        involved = {p.player for p in posts}
        involved.update([a.player for a in actions])
        seats = [s for s in seats if not s.sitting_out or s.player in involved]
    seats.sort(key=_SEAT)
    button = record.button
    at = 0
    for i, s in enumerate(seats):
        if s.seat == button:
            at = i
            break
    parts.append("|s")
    for s in seats[at:] + seats[:at]:
        parts += (s.player, str(s.stack * factor))
    parts.append("|p")
    parts += sorted([f"{p.player}\x1e{p.kind not in _DEAD}\x1e{p.amount * factor}" for p in posts])
    parts.append("|a")
    add = parts.extend
    for street, player, kind, to, _all_in, _line in map(_astuple, actions):
        add((street, player, kind, str(to * factor) if to else "0"))
    for board in boards:
        parts.append("|b")
        parts += board
    parts.append("|c")
    for player in sorted(cards):
        parts.append(player)
        parts += sorted(cards[player])
    won: dict[str, int] = {}
    for award in record.awards:
        won[award.player] = won.get(award.player, 0) + award.amount
    parts.append("|w")
    for player in sorted(won):
        if won[player]:
            parts += (player, str(won[player] * factor))
    text = "\x1f".join(parts)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def _seat(seat: Seat) -> int:
    return seat.seat


_SEAT = _seat
