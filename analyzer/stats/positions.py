"""Table positions: who sat where relative to the button, with or without blinds.

Short-deck ante games have no blinds: the button and then the others in the order they
act, the first being UTG. Blind games name SB and BB after the button. A player who
posted a straddle is STR, whatever their seat, because the straddle changes who acts
last preflop. Heads-up with blinds, the button is the small blind and is called BTN.
"""

from __future__ import annotations

from functools import lru_cache

from parsers.record import HandRecord, PostKind, Seat

_BLINDS = (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)
_TAIL = ("LJ", "HJ", "CO")  # the last seats before the button, in the order they act


def other_labels(count: int) -> tuple[str, ...]:
    """Names of the seats between the blinds (or the button) and the button, in acting order.

    >>> other_labels(1), other_labels(3), other_labels(5)
    (('CO',), ('UTG', 'HJ', 'CO'), ('UTG', 'UTG+1', 'LJ', 'HJ', 'CO'))
    """
    if count <= 0:
        return ()
    if count == 1:
        return ("CO",)
    tail = _TAIL[-min(count - 1, 3) :]
    head = ("UTG", *(f"UTG+{i}" for i in range(1, count - len(tail))))
    return head + tail


def positions(record: HandRecord) -> dict[str, str]:
    """Each dealt-in player's position; ``""`` for everyone when the button is not known.

    >>> from parsers.record import Seat, Post
    >>> seats = tuple(Seat(i, n, 1000) for i, n in enumerate("ABCDEF", start=1))
    >>> positions(HandRecord("1", seats, button=6))
    {'A': 'UTG', 'B': 'UTG+1', 'C': 'LJ', 'D': 'HJ', 'E': 'CO', 'F': 'BTN'}
    >>> blinds = (Post("A", PostKind.SMALL_BLIND, 1), Post("B", PostKind.BIG_BLIND, 2))
    >>> positions(HandRecord("2", seats, button=6, posts=blinds))
    {'A': 'SB', 'B': 'BB', 'C': 'UTG', 'D': 'HJ', 'E': 'CO', 'F': 'BTN'}
    >>> positions(HandRecord("3", seats[:1], button=4, posts=blinds[:1]))  # one dealt in, the button elsewhere
    {'A': 'BTN'}
    """
    return dealt_positions(record, [s for s in record.seats if not s.sitting_out])


def dealt_positions(record: HandRecord, dealt: list[Seat]) -> dict[str, str]:
    """:func:`positions` for the hand's dealt-in seats, found already."""
    if record.button is None or not dealt:
        return {s.player: "" for s in dealt}
    has_blinds = any(p.kind in _BLINDS for p in record.posts)
    labels: dict[str, str] = {}
    for number, label in _labels(record.button, tuple(s.seat for s in dealt), has_blinds):
        labels[dealt[number].player] = label
    for post in record.posts:
        if post.kind is PostKind.STRADDLE and post.player in labels:
            labels[post.player] = "STR"
    return {p: labels[p] for p in (s.player for s in dealt)}


@lru_cache(maxsize=4096)
def _labels(button: int, seats: tuple[int, ...], has_blinds: bool) -> tuple[tuple[int, str], ...]:
    """(place in ``seats``, label) in the order they are given: the button first, then the
    blinds and the others in acting order (the same few tables come back hand after hand)."""
    order = sorted(range(len(seats)), key=lambda i: ((seats[i] - button - 1) % 1000, seats[i]))
    labels = [(order[-1], "BTN")]
    rest = order[:-1]
    if has_blinds and rest:  # one player dealt in: the button alone
        if len(order) == 2:
            labels.append((rest[0], "BB"))
            rest = []
        else:
            labels += [(rest[0], "SB"), (rest[1], "BB")]
            rest = rest[2:]
    labels += zip(rest, other_labels(len(rest)))
    return tuple(labels)
