"""PHH, the Poker Hand History format of uoftcprg (pokerkit): reader and writer.

A ``.phh`` file is one TOML document per hand; a ``.phhs`` file holds several hands as
TOML tables ``[1]``, ``[2]``, ... Each table is parsed on its own, so a broken hand never
stops the file. Variants ``NT`` (no-limit hold'em), ``FT`` (fixed-limit hold'em) and ``NS``
(no-limit short deck), ``PO`` (pot-limit Omaha) and ``FO/8`` (fixed-limit Omaha Hi/Lo 8 or better)
are read; every other variant is rejected per hand with
``UNSUPPORTED_GAME``.

Mapping to :class:`~parsers.record.HandRecord`
----------------------------------------------
* Players ``p1 .. pN`` are in PHH order (``p1`` first after the button, the button last);
  the record's seats keep that order, so ``finishing_stacks`` line up with ``seats``.
  Names come from ``players`` (else ``p1``...), seat numbers from ``seats`` (else 1..N),
  the button is the last player.
* ``antes`` become ``ANTE`` posts; ``blinds_or_straddles`` entry 0 the small blind, 1 the
  big blind, later entries straddles, and in ``NS`` a non-zero last entry the button
  blind. Heads-up, both arrays are assigned in reverse (the button posts entry 0), as
  pokerkit does. A **negative** entry is what pokerkit calls a "post bet": a live blind a
  newly seated player posts out of position; it becomes a live ``BIG_BLIND`` post of the
  absolute amount. Posts are the effective amounts (a short stack posts what it has).
* ``pN cbr X`` is a street total ("raise to"): ``BET`` when nothing is bet on the street,
  else ``RAISE``. ``pN cc`` is a ``CALL`` to the street's highest total (all-in for less
  when the stack is short) or a ``CHECK``. ``d db`` deals board cards; ``d dh`` and
  ``pN sm`` give hole cards: one :class:`~parsers.record.Shown` per player, in player
  order (``mucked`` when the cards were dealt face up or known but not shown).
* ``winnings`` become awards without a pot index, ``finishing_stacks`` are kept as given.
* ``decimals`` is the largest number of decimals written in the hand (``10112.5`` gives 1),
  so every amount is exact. ``currency`` from ``currency``, else ``CHIPS``.
* The hand id is a content hash (``h...``): PHH's ``hand`` numbers repeat across
  collections (Pluribus and WSOP both start at 0/1), so they cannot be store keys.
* User fields (``_name``) and comments are ignored. Partial hands are read as far as
  they go.

The writer emits what PHH can say: a hand written and read back gives the same record
(source positions aside). Facts PHH has no field for (rake and other deductions, cash
outs, returned bets, pot amounts, award pot indices) are named in a ``#`` comment above
the hand; hands PHH cannot express at all (pot limit, several boards, bomb pots, other
games) raise :class:`~parsers.errors.ParseError` with code ``UNSUPPORTED_GAME``.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from decimal import Decimal
from typing import Any

import msgspec

from parsers.amounts import to_minor
from parsers.cardtext import split_cards
from parsers.errors import T_, ParseError, RejectCode, Rejected
from parsers.native import content_id
from parsers.phh_spec import FORMAT as FORMAT
from parsers.phh_spec import SUPPORTED as SUPPORTED
from parsers.phh_writer import write_phh
from parsers.record import (
    STREETS,
    Action,
    ActionKind,
    Award,
    Game,
    HandRecord,
    Post,
    PostKind,
    Seat,
    Shown,
    Source,
    Stakes,
)

_REQUIRED: dict[str, tuple[str, ...]] = {
    "NT": ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"),
    "NS": ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"),
    "FT": ("antes", "blinds_or_straddles", "small_bet", "big_bet", "starting_stacks", "actions"),
    "PO": ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"),
    "FO/8": ("antes", "blinds_or_straddles", "small_bet", "big_bet", "starting_stacks", "actions"),
}
_BOARD_STREETS = {0: STREETS[0], 3: STREETS[1], 4: STREETS[2], 5: STREETS[3]}

_TABLE_HEADER = re.compile(
    r"""^[ \t]*\[[ \t]*
    (?P<name>[^\[\]\s]+)      # the hand's table name: 1, 2, ...
    [ \t]*\][ \t]*(?:\#.*)?$  # optional comment after the header
    """,
    re.VERBOSE | re.MULTILINE,
)
_VARIANT_KEY = re.compile(r"""^[ \t]*variant[ \t]*=[ \t]*['"]""", re.MULTILINE)
_ACTIONS_KEY = re.compile(r"""^[ \t]*actions[ \t]*=""", re.MULTILINE)
_TOML_WHERE = re.compile(r"\(at line (?P<line>\d+), column (?P<column>\d+)\)")
_PLAYER = re.compile(r"^p(?P<index>[1-9]\d{0,3})$")
_ACTIONS_GRAMMAR = T_("a PHH action (d dh pN CARDS, d db CARDS, pN cbr AMOUNT, pN cc, pN f, pN sm [CARDS])")


def sniff(text: str) -> bool:
    """Whether text looks like PHH (a ``variant = '..'`` key and an ``actions`` key).

    >>> sniff("variant = 'NT'\\nactions = []\\n")
    True
    >>> sniff('{"ohh": {}}')
    False
    """
    return _VARIANT_KEY.search(text) is not None and _ACTIONS_KEY.search(text) is not None


@dataclasses.dataclass(frozen=True, slots=True)
class _Chunk:
    """One hand's TOML text, where it starts in the file, and its table name in a .phhs."""

    text: str
    line: int
    name: str | None


def _chunks(text: str) -> Iterator[_Chunk]:
    headers = list(_TABLE_HEADER.finditer(text))
    if not headers:
        yield _Chunk(text, 1, None)
        return
    preamble = text[: headers[0].start()]
    if any(line.strip() and not line.strip().startswith("#") for line in preamble.splitlines()):
        yield _Chunk(preamble, 1, None)
    for i, header in enumerate(headers):
        end = headers[i + 1].start() if i + 1 < len(headers) else len(text)
        line = text.count("\n", 0, header.start()) + 1
        # keep the header line as an empty line so that TOML line numbers stay file-relative
        yield _Chunk(text[header.end() : end], line, header.group("name"))


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Read ``.phh`` or ``.phhs`` text: a record or a :class:`Rejected` per hand."""
    for chunk in _chunks(text):
        hand_label = chunk.name
        try:
            data = tomllib.loads(chunk.text, parse_float=Decimal)
        except tomllib.TOMLDecodeError as error:
            where = _TOML_WHERE.search(str(error))
            offset = int(where.group("line")) - 1 if where else 0
            message = _TOML_WHERE.sub("", str(error)).strip()
            yield Rejected.from_error(
                ParseError(
                    expected=T_("valid TOML"),
                    found=message,
                    format=FORMAT,
                    file=file,
                    line=chunk.line + offset,
                    column=int(where.group("column")) if where else 0,
                    hand_id=hand_label,
                )
            )
            continue
        except (ValueError, ArithmeticError, RecursionError):  # a number of thousands of digits, arrays nested too deep
            yield Rejected.from_error(
                ParseError(
                    expected=T_("TOML with numbers of at most 4,300 digits, nested at most a few hundred deep"),
                    found=chunk.text.strip()[:60],
                    format=FORMAT,
                    file=file,
                    line=chunk.line,
                    hand_id=hand_label,
                )
            )
            continue
        try:
            yield _hand(data, chunk, file)
        except ParseError as error:
            yield Rejected.from_error(
                error.with_context(file=file, line_offset=chunk.line, hand_id=hand_label, format=FORMAT)
            )


def _hand(data: Mapping[str, Any], chunk: _Chunk, file: str) -> HandRecord:
    variant = data.get("variant")
    if not isinstance(variant, str):
        raise ParseError(expected=T_("a variant (NT, NS, FT, PO or FO/8)"), found=repr(variant))
    if variant not in SUPPORTED:
        raise ParseError(
            expected=T_("a PHH variant we cover (NT, NS, FT, PO or FO/8)"),
            found=variant,
            code=RejectCode.UNSUPPORTED_GAME,
        )
    for key in _REQUIRED[variant]:
        if key not in data:
            raise ParseError(
                expected=T_("the field {key} (required for {variant})", key=key, variant=variant), found=T_("nothing")
            )
    stacks = _numbers(data, "starting_stacks", None)
    count = len(stacks)
    if count < 2:
        raise ParseError(expected=T_("starting_stacks for two players or more"), found=str(len(stacks)))
    antes = _numbers(data, "antes", count)
    blinds = _numbers(data, "blinds_or_straddles", count)
    limits = {key: _number(data, key) for key in ("min_bet", "small_bet", "big_bet") if key in data}
    winnings = _numbers(data, "winnings", count) if "winnings" in data else None
    finishing = _numbers(data, "finishing_stacks", count) if "finishing_stacks" in data else None
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ParseError(expected=T_("actions as a list of strings"), found=repr(actions)[:60])
    amounts = _action_amounts(actions)
    written = [*stacks, *antes, *blinds, *limits.values(), *amounts, *(winnings or ()), *(finishing or ())]
    decimals = _decimals_written(written)

    def minor(value: Decimal) -> int:
        return to_minor(value, decimals)

    names = _names(data, count)
    seat_numbers = _seat_numbers(data, count)
    seats = tuple(Seat(seat_numbers[i], names[i], minor(stacks[i])) for i in range(count))
    game_variant, betting = SUPPORTED[variant]
    stakes = _stakes(variant, antes, blinds, limits, minor)
    table = _Table(seats=seats, variant=variant)
    table.post_forced(antes=[minor(a) for a in antes], blinds=[minor(b) for b in blinds])
    lines = _action_lines(chunk.text, actions)
    for number, action in enumerate(actions):
        table.apply(action, minor, chunk.line + lines[number] - 1 if lines[number] else 0)
    awards = tuple(
        Award(names[i], minor(winnings[i])) for i in range(count) if winnings is not None and winnings[i] != 0
    )
    record = HandRecord(
        hand_id="",
        seats=seats,
        button=seats[-1].seat,
        posts=tuple(table.posts),
        actions=tuple(table.actions),
        boards=(tuple(table.board),),
        shown=table.shown(),
        awards=awards,
        finishing_stacks=tuple(minor(f) for f in finishing) if finishing is not None else None,
        game=Game(variant=game_variant, betting=betting, site=_text(data, T_("venue")), declared=variant),
        stakes=stakes,
        currency=_text(data, T_("currency")) or "CHIPS",
        decimals=decimals,
        table=_text(data, T_("table")),
        max_seats=_integer(data, "seat_count"),
        started_at=_started_at(data),
        source=Source(file=file, line=chunk.line, format=FORMAT),
    )
    return msgspec.structs.replace(record, hand_id=stable_id(record))


def stable_id(record: HandRecord) -> str:
    """A content id that ignores where the hand sits in its file (lines and source)."""
    return content_id(without_lines(record))


def without_lines(record: HandRecord) -> HandRecord:
    """The record with every ``line`` field set to 0 and an empty source."""
    return msgspec.structs.replace(
        record,
        source=Source(),
        posts=tuple(msgspec.structs.replace(p, line=0) for p in record.posts),
        actions=tuple(msgspec.structs.replace(a, line=0) for a in record.actions),
        shown=tuple(msgspec.structs.replace(s, line=0) for s in record.shown),
        awards=tuple(msgspec.structs.replace(a, line=0) for a in record.awards),
        returned=tuple(msgspec.structs.replace(r, line=0) for r in record.returned),
    )


class _Table:
    """The running state while actions are read: street totals, stacks, cards."""

    def __init__(self, *, seats: tuple[Seat, ...], variant: str) -> None:
        self.names = [s.player for s in seats]
        self.remaining = [s.stack for s in seats]
        self.variant = variant
        self.totals = [0] * len(seats)
        self.folded = [False] * len(seats)
        self.board: list[str] = []
        self.street = STREETS[0]
        self.posts: list[Post] = []
        self.actions: list[Action] = []
        self.dealt: dict[int, tuple[str, ...]] = {}
        self.showed: dict[int, tuple[str, ...]] = {}

    def post_forced(self, *, antes: list[int], blinds: list[int]) -> None:
        count = len(self.names)
        order = list(range(count - 1, -1, -1)) if count == 2 else list(range(count))  # entry -> player
        for entry, player in enumerate(order):
            if antes[entry] > 0:
                self._post(player, PostKind.ANTE, antes[entry], live=False)
        for entry, player in enumerate(order):
            value = blinds[entry]
            if value == 0:
                continue
            if value < 0:
                kind = PostKind.BIG_BLIND  # pokerkit's "post bet": live, out of position
            elif entry == 0:
                kind = PostKind.SMALL_BLIND
            elif entry == 1:
                kind = PostKind.BIG_BLIND
            elif self.variant == "NS" and entry == count - 1:
                kind = PostKind.BUTTON_BLIND
            else:
                kind = PostKind.STRADDLE
            self._post(player, kind, abs(value), live=True)

    def _post(self, player: int, kind: PostKind, nominal: int, *, live: bool) -> None:
        amount = min(nominal, self.remaining[player])
        self.remaining[player] -= amount
        if live:
            self.totals[player] += amount
        self.posts.append(Post(self.names[player], kind, amount, all_in=self.remaining[player] == 0 and amount > 0))

    def apply(self, text: str, minor: Any, line: int) -> None:
        tokens = text.split("#", 1)[0].split()
        if not tokens:
            return
        if tokens[0] == "d":
            self._deal(tokens, text)
            return
        player = self._player(tokens[0], text)
        verb = tokens[1] if len(tokens) > 1 else ""
        if verb == "f" and len(tokens) == 2:
            self.folded[player] = True
            self.actions.append(Action(self.street, self.names[player], ActionKind.FOLD, line=line))
        elif verb == "cc" and len(tokens) == 2:
            self._check_or_call(player, line)
        elif verb == "cbr" and len(tokens) == 3:
            self._bet_or_raise(player, minor(_decimal(tokens[2])), line)
        elif verb == "sm" and len(tokens) in (2, 3):
            cards = (
                () if len(tokens) == 2 else self.dealt.get(player, ()) if tokens[2] == "-" else split_cards(tokens[2])
            )
            earlier = self.showed.get(player)
            if earlier is None or _known(cards) >= _known(earlier):
                self.showed[player] = cards
        else:
            raise ParseError(expected=_ACTIONS_GRAMMAR, found=text)

    def _deal(self, tokens: list[str], text: str) -> None:
        if len(tokens) == 4 and tokens[1] == "dh":
            self.dealt[self._player(tokens[2], text)] = split_cards(tokens[3])
        elif len(tokens) == 3 and tokens[1] == "db":
            self.board.extend(split_cards(tokens[2]))
            street = _BOARD_STREETS.get(len(self.board))
            if street is None:
                raise ParseError(expected=T_("a flop of 3 cards, then one card a street"), found=text)
            self.street = street
            self.totals = [0] * len(self.names)
        else:
            raise ParseError(expected=_ACTIONS_GRAMMAR, found=text)

    def _player(self, token: str, text: str) -> int:
        match = _PLAYER.match(token)
        if match is None or int(match.group("index")) > len(self.names):
            raise ParseError(expected=T_("a player p1 .. p{n}", n=len(self.names)), found=text)
        return int(match.group("index")) - 1

    def _check_or_call(self, player: int, line: int) -> None:
        highest = max(self.totals)
        name = self.names[player]
        if self.totals[player] >= highest:
            self.actions.append(Action(self.street, name, ActionKind.CHECK, line=line))
            return
        to = min(highest, self.totals[player] + self.remaining[player])
        self.remaining[player] -= to - self.totals[player]
        self.totals[player] = to
        all_in = self.remaining[player] == 0
        self.actions.append(Action(self.street, name, ActionKind.CALL, to=to, all_in=all_in, line=line))

    def _bet_or_raise(self, player: int, to: int, line: int) -> None:
        kind = ActionKind.BET if max(self.totals) == 0 else ActionKind.RAISE
        self.remaining[player] -= to - self.totals[player]
        self.totals[player] = to
        all_in = self.remaining[player] <= 0
        self.actions.append(Action(self.street, self.names[player], kind, to=to, all_in=all_in, line=line))

    def shown(self) -> tuple[Shown, ...]:
        result: list[Shown] = []
        for player, name in enumerate(self.names):
            dealt = self.dealt.get(player, ())
            if player in self.showed:
                cards = self.showed[player]
                if cards:
                    result.append(Shown(name, cards))
                else:
                    result.append(Shown(name, dealt or ("??", "??"), mucked=True))
            elif _known(dealt):
                result.append(Shown(name, dealt, mucked=True))
        return tuple(result)


def _known(cards: tuple[str, ...]) -> int:
    return sum(1 for c in cards if c != "??")


def _decimal(text: str) -> Decimal:
    try:
        value = Decimal(text)
    except ArithmeticError:
        raise ParseError(expected=T_("an amount"), found=text, code=RejectCode.BAD_AMOUNT) from None
    if not value.is_finite():
        raise ParseError(expected=T_("a finite amount"), found=text, code=RejectCode.BAD_AMOUNT)
    return value


def _number(data: Mapping[str, Any], key: str) -> Decimal:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise ParseError(expected=T_("a number for {key}", key=key), found=repr(value))
    if isinstance(value, Decimal) and not value.is_finite():
        raise ParseError(
            expected=T_("a finite number for {key}", key=key), found=str(value), code=RejectCode.BAD_AMOUNT
        )
    return Decimal(value)


def _numbers(data: Mapping[str, Any], key: str, count: int | None) -> list[Decimal]:
    values = data[key]
    if not isinstance(values, list):
        raise ParseError(expected=T_("a list of numbers for {key}", key=key), found=repr(values)[:60])
    if count is not None and len(values) != count:
        raise ParseError(
            expected=T_("{count} values in {key} (one a player)", count=count, key=key), found=str(len(values))
        )
    return [_number({key: v}, key) for v in values]


def _action_amounts(actions: list[str]) -> list[Decimal]:
    amounts: list[Decimal] = []
    for text in actions:
        tokens = text.split("#", 1)[0].split()
        if len(tokens) == 3 and tokens[1] == "cbr":
            amounts.append(_decimal(tokens[2]))
    return amounts


def _decimals_written(values: Iterable[Decimal]) -> int:
    """The most decimals any value is written with (``9775.0`` counts 1).

    >>> _decimals_written([Decimal("10112.5"), Decimal("100"), Decimal("0.50")])
    2
    """
    most = 0
    for value in values:
        exponent = value.as_tuple().exponent
        if isinstance(exponent, int) and exponent < 0:
            most = max(most, -exponent)
    return most


def _names(data: Mapping[str, Any], count: int) -> list[str]:
    names = data.get("players")
    if names is None:
        return [f"p{i + 1}" for i in range(count)]
    if not isinstance(names, list) or len(names) != count or not all(isinstance(n, str) for n in names):
        raise ParseError(expected=T_("players as {count} names", count=count), found=repr(names)[:60])
    if len(set(names)) != count:
        raise ParseError(expected=T_("a different name for every player"), found=repr(names)[:60])
    return list(names)


def _seat_numbers(data: Mapping[str, Any], count: int) -> list[int]:
    seats = data.get("seats")
    if seats is None:
        return list(range(1, count + 1))
    if (
        not isinstance(seats, list)
        or len(seats) != count
        or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats)
        or len(set(seats)) != count
    ):
        raise ParseError(expected=T_("seats as {count} different seat numbers", count=count), found=repr(seats)[:60])
    return list(seats)


def _stakes(
    variant: str, antes: list[Decimal], blinds: list[Decimal], limits: dict[str, Decimal], minor: Any
) -> Stakes:
    count = len(blinds)
    button_blind = blinds[-1] if variant == "NS" and count > 2 and blinds[-1] > 0 else Decimal(0)
    straddles = [b for i, b in enumerate(blinds) if i >= 2 and b > 0 and not (button_blind and i == count - 1)]
    return Stakes(
        ante=minor(max(antes)),
        small_blind=minor(max(blinds[0], Decimal(0))),
        big_blind=minor(max(blinds[1], Decimal(0))),
        button_blind=minor(button_blind),
        straddle=minor(max(straddles, default=Decimal(0))),
        min_bet=minor(limits.get("min_bet", Decimal(0))),
        small_bet=minor(limits.get("small_bet", Decimal(0))),
        big_bet=minor(limits.get("big_bet", Decimal(0))),
    )


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    return "" if value is None else str(value)


def _integer(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _started_at(data: Mapping[str, Any]) -> str | None:
    """``year``/``month``/``day``/``time`` as ISO 8601, as far as they are given."""
    year, month, day = (_integer(data, k) for k in ("year", "month", "day"))
    if year is None:
        return None
    text = f"{year:04d}"
    if month is not None:
        text += f"-{month:02d}"
        if day is not None:
            text += f"-{day:02d}"
            if data.get("time") is not None:
                text += f"T{data['time']}"
    return text


def _action_lines(text: str, actions: list[str]) -> list[int]:
    """The line (1-based, within the chunk) of each action string, found in order."""
    lines: list[int] = []
    position = 0
    for action in actions:
        found = -1
        for quote in ("'", '"'):
            index = text.find(quote + action + quote, position)
            if index >= 0 and (found < 0 or index < found):
                found = index
        if found < 0:
            lines.append(0)
            continue
        position = found + len(action)
        lines.append(text.count("\n", 0, found) + 1)
    return lines


def write(records: Iterable[HandRecord]) -> str:
    """Records as PHH text (see :mod:`parsers.phh_writer`)."""
    return write_phh(records)
