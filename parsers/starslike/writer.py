"""What the Stars-family writers (:mod:`parsers.stars_writer`, :mod:`parsers.gg_writer`)
share: one hand written in the same order (header, posts, streets, showdown, summary) by a
:class:`HandWriter` whose dialect hooks say how that site writes each part, and the
helpers both need (the common board of several runs, the pot a record does not state).
"""

from __future__ import annotations

from collections.abc import Sequence

from parsers.errors import T_, ParseError
from parsers.record import ActionKind, HandRecord, Street
from parsers.starslike.summary import ORDINALS


class HandWriter:
    """The lines of one hand. A dialect names itself (``dialect``, ``format``) and writes
    amounts (:meth:`amount`) and the five parts of a hand (:meth:`header` ... :meth:`summary`)."""

    dialect = "Stars"  # in refusals: "a hand <dialect> text can express (...)"
    format = ""

    def __init__(self, record: HandRecord) -> None:
        self.record = record
        self.lines: list[str] = []
        self.chips = record.currency == "CHIPS"
        self.seated = {s.player for s in record.seats}

    def refuse(self, expected: str, found: str) -> None:
        raise ParseError(
            expected=T_("a hand {dialect} text can express ({expected})", dialect=self.dialect, expected=expected),
            found=found,
            format=self.format,
            hand_id=self.record.hand_id,
        )

    def player(self, name: str) -> str:
        if name not in self.seated:
            self.refuse(T_("players who have a seat"), name)
        return name

    def text(self) -> str:
        """The hand's text: its parts in order."""
        self.header()
        committed = self.posts()
        self.streets(committed)
        self.showdown()
        self.summary()
        return "\n".join(self.lines)

    # -- the dialect's hooks ---------------------------------------------------------------

    def amount(self, value: int) -> str:
        raise NotImplementedError

    def header(self) -> None:
        raise NotImplementedError

    def posts(self) -> dict[str, int]:
        """The posts; what each player has in on the preflop street after them."""
        raise NotImplementedError

    def streets(self, committed: dict[str, int]) -> None:
        raise NotImplementedError

    def showdown(self) -> None:
        raise NotImplementedError

    def summary(self) -> None:
        raise NotImplementedError


def common_board(boards: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    """The cards every run's board starts with.

    >>> common_board((("Ah", "Kd", "2c", "3s"), ("Ah", "Kd", "2c", "9h")))
    ('Ah', 'Kd', '2c')
    """
    common = boards[0]
    for board in boards[1:]:
        size = 0
        while size < min(len(common), len(board)) and common[size] == board[size]:
            size += 1
        common = common[:size]
    return common


def street_line(name: str, board: Sequence[str], flop_gap: str = " ") -> str:
    """``*** FLOP *** [Ah Kd 2c]``, ``*** TURN *** [Ah Kd 2c] [3s]``."""
    if len(board) == 3:
        return f"*** {name} ***{flop_gap}[{' '.join(board)}]"
    return f"*** {name} *** [{' '.join(board[:-1])}] [{board[-1]}]"


def runs_of(record: HandRecord) -> int:
    """How many times the board was run: boards, or runs paid."""
    return max(len(record.boards), 1 + max((a.run for a in record.awards), default=0))


def total_pot(record: HandRecord) -> int:
    """Money put in minus money returned, for a record that does not state its pot."""
    total = sum(p.amount for p in record.posts if not p.kind.is_live)
    live: dict[str, int] = {}
    for post in record.posts:
        if post.kind.is_live:
            live[post.player] = live.get(post.player, 0) + post.amount
    streets: dict[Street, dict[str, int]] = {Street.PREFLOP: live}
    for action in record.actions:
        if action.kind not in (ActionKind.FOLD, ActionKind.CHECK):
            streets.setdefault(action.street, {})[action.player] = action.to
    total += sum(sum(s.values()) for s in streets.values())
    return total - sum(r.amount for r in record.returned)


__all__ = ["ORDINALS", "HandWriter", "common_board", "runs_of", "street_line", "total_pot"]
