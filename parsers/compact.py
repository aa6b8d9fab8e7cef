"""A compact text for entering a hand by hand: the recorder's input, and readable tests.

One statement a line (or separated by ``;``)::

    id night1-7
    rules shortdeck
    stakes ante=1 button=1
    seats Anna 100, Ben 100, Carla 100
    button Anna
    deal
    preflop Ben r3 Carla c Anna c
    flop 9h 8d 7c: Ben b4 Carla f Anna c
    turn 6s: Ben x Anna x
    river Ac: Ben x Anna b10 Ben c
    show Ben 6h 6d
    show Anna Kh Ks
    win Ben 31

Statements: ``id``, ``at TIME`` (ISO 8601), ``rules NAME``, ``stakes`` (``ante= button= sb= bb= straddle= min= cap=``),
``decimals N``, ``currency CODE``, ``seats NAME STACK, ...`` (seats numbered from 1; ``NAME@SEAT``
to give one), ``button NAME|SEAT``, ``post NAME KIND AMOUNT`` (kind: ante, sb, bb, button,
straddle, dead, bomb), ``deal`` (posts what the stakes ask: antes for all, the button blind,
the blinds left of the button, heads-up the button's small blind), street lines
``preflop|flop|turn|river [CARDS:] ACTIONS``, ``show NAME CARDS``, ``muck NAME``,
``win NAME AMOUNT [pot N] [run N]``, ``return NAME AMOUNT``, ``rake AMOUNT``, ``pot AMOUNT``,
``run N CARDS`` (the whole board of run N when the board is run twice or more).
Actions are ``NAME f|x|c|bN|rN|a`` (fold, check, call, bet to N, raise to N, all-in; ``cN``
records a call to N as a source states it);
amounts are street totals, as in the record. A new ``id`` line starts the next hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import msgspec

from parsers.amounts import parse_amount
from parsers.cardtext import split_cards
from parsers.errors import T_, ParseError, Rejected
from parsers.record import (
    Action,
    ActionKind,
    Award,
    Deduction,
    Game,
    HandRecord,
    Post,
    PostKind,
    Returned,
    Seat,
    Shown,
    Source,
    Stakes,
    Street,
    Variant,
)

FORMAT = "compact"

_POST_KINDS = {
    "ante": PostKind.ANTE,
    "sb": PostKind.SMALL_BLIND,
    "bb": PostKind.BIG_BLIND,
    "button": PostKind.BUTTON_BLIND,
    "straddle": PostKind.STRADDLE,
    "dead": PostKind.DEAD_BLIND,
    "bomb": PostKind.BOMB,
}
_ACTION = re.compile(
    r"""^(?P<kind>f|x|c|a|b|r)      # fold, check, call, all-in, bet to, raise to
        (?P<amount>\d+(?:\.\d+)?)?$ # the street total for b and r (and a call as the source states it)""",
    re.VERBOSE,
)
_STREETS = {s.value: s for s in Street}


def sniff(text: str) -> bool:
    first = next((line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")), "")
    return bool(re.match(r"^(id|seats|stakes|rules)\b", first))


@dataclass
class _Draft:
    hand_id: str = ""
    line: int = 0
    rules: str | None = None
    decimals: int = 0
    currency: str = "CHIPS"
    stakes: dict[str, int] = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)
    button: int | None = None
    posts: list[Post] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    boards: list[str] = field(default_factory=list)
    shown: list[Shown] = field(default_factory=list)
    awards: list[Award] = field(default_factory=list)
    returned: list[Returned] = field(default_factory=list)
    rake: int = 0
    total_pot: int | None = None
    street_totals: dict[str, int] = field(default_factory=dict)
    stacks: dict[str, int] = field(default_factory=dict)
    street: Street = Street.PREFLOP
    runs: dict[int, tuple[str, ...]] = field(default_factory=dict)
    started_at: str | None = None

    def record(self, file: str) -> HandRecord:
        st = self.stakes
        stakes = Stakes(
            ante=st.get("ante", 0),
            small_blind=st.get("sb", 0),
            big_blind=st.get("bb", 0),
            button_blind=st.get("button", 0),
            straddle=st.get("straddle", 0),
            min_bet=st.get("min", 0),
            small_bet=st.get("small", 0),
            big_bet=st.get("big", 0),
            cap=st.get("cap", 0),
        )
        short = self.rules is not None and self.rules.startswith("shortdeck")
        return HandRecord(
            hand_id=self.hand_id,
            seats=tuple(self.seats),
            button=self.button,
            posts=tuple(self.posts),
            actions=tuple(self.actions),
            boards=(tuple(self.boards), *(self.runs[n] for n in sorted(self.runs))),
            shown=tuple(self.shown),
            awards=tuple(self.awards),
            returned=tuple(self.returned),
            deductions=(Deduction("rake", self.rake),) if self.rake else (),
            total_pot=self.total_pot,
            game=Game(variant=Variant.SHORTDECK if short else Variant.HOLDEM, site="compact", rules=self.rules),
            stakes=stakes,
            currency=self.currency,
            decimals=self.decimals,
            started_at=self.started_at,
            source=Source(file=file, line=self.line, format=FORMAT),
        )


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Hands written in the compact text; a bad statement rejects its hand, not the file."""
    draft: _Draft | None = None
    error: ParseError | None = None
    for number, raw in enumerate(text.split("\n"), start=1):
        for statement in raw.split(";"):
            words = statement.split()
            if not words or words[0].startswith("#"):
                continue
            if words[0] == "id" or draft is None:
                if draft is not None:
                    yield _finish(draft, error, file)
                draft, error = _Draft(line=number), None
            if error is not None:
                continue
            try:
                _statement(draft, words, number)
            except ParseError as e:
                error = e if e.line else e.with_context(line_offset=number)
    if draft is not None:
        yield _finish(draft, error, file)


def _finish(draft: _Draft, error: ParseError | None, file: str) -> HandRecord | Rejected:
    if error is not None:
        return Rejected.from_error(error.with_context(file=file, hand_id=draft.hand_id or None, format=FORMAT))
    record = draft.record(file)
    if not record.hand_id:
        from parsers.native import content_id

        record = msgspec.structs.replace(record, hand_id=content_id(record))
    return record


def _amount(d: _Draft, text: str, line: int) -> int:
    try:
        return parse_amount(text, d.decimals)
    except ParseError as e:
        raise e.with_context(line_offset=line, format=FORMAT) from None


def _statement(d: _Draft, words: list[str], line: int) -> None:
    head, rest = words[0].lower(), words[1:]
    if head == "id":
        d.hand_id = " ".join(rest)
    elif head == "at":
        d.started_at = " ".join(rest)
    elif head == "rules":
        d.rules = rest[0] if rest else None
    elif head == "decimals":
        d.decimals = int(rest[0])
    elif head == "currency":
        d.currency = rest[0]
    elif head == "stakes":
        for item in rest:
            key, _, value = item.partition("=")
            if key not in ("ante", "button", "sb", "bb", "straddle", "min", "small", "big", "cap") or not value:
                raise _error(line, T_("stakes like ante=1 button=1 or sb=1 bb=2"), item)
            d.stakes[key] = _amount(d, value, line)
    elif head == "seats":
        for number, item in enumerate(" ".join(rest).split(","), start=1):
            parts = item.split()
            if len(parts) != 2:
                raise _error(line, T_("seats as NAME STACK, NAME STACK"), item.strip())
            name, seat = [*parts[0].split("@"), str(number)][:2]
            d.seats.append(Seat(int(seat), name, _amount(d, parts[1], line)))
            d.stacks[name] = _amount(d, parts[1], line)
    elif head == "button":
        d.button = _seat_number(d, rest[0] if rest else "", line)
    elif head == "post":
        if len(rest) != 3 or rest[1] not in _POST_KINDS:
            raise _error(line, T_("post NAME ante|sb|bb|button|straddle|dead|bomb AMOUNT"), " ".join(rest))
        _post(d, rest[0], _POST_KINDS[rest[1]], _amount(d, rest[2], line), line)
    elif head == "deal":
        _deal(d, line)
    elif head in _STREETS:
        _street(d, _STREETS[head], rest, line)
    elif head in ("show", "muck"):
        if not rest:
            raise _error(line, T_("{head} NAME [CARDS]", head=head), T_("nothing"))
        cards = split_cards(" ".join(rest[1:])) if len(rest) > 1 else ()
        d.shown.append(Shown(rest[0], cards, mucked=head == "muck", line=line))
    elif head == "win":
        if len(rest) < 2:
            raise _error(line, T_("win NAME AMOUNT [pot N] [run N]"), " ".join(rest))
        extra = dict(zip(rest[2::2], rest[3::2], strict=False))
        pot = int(extra["pot"]) if "pot" in extra else None
        d.awards.append(Award(rest[0], _amount(d, rest[1], line), pot, int(extra.get("run", 0)), line=line))
    elif head == "run":
        # run N CARDS: the whole board of run N (2, 3) when the board is run more than once
        if len(rest) < 2 or not rest[0].isdigit() or int(rest[0]) < 2:
            raise _error(line, T_("run N CARDS (N from 2) with the whole board of that run"), " ".join(rest))
        d.runs[int(rest[0])] = tuple(split_cards(" ".join(rest[1:])))
    elif head in ("return", "rake", "pot") and len(rest) < (2 if head == "return" else 1):
        raise _error(line, f"{head} with its amount" + (" and player" if head == "return" else ""), " ".join(words))
    elif head == "return":
        d.returned.append(Returned(rest[0], _amount(d, rest[1], line), line=line))
    elif head == "rake":
        d.rake = _amount(d, rest[0], line)
    elif head == "pot":
        d.total_pot = _amount(d, rest[0], line)
    else:
        raise _error(line, T_("a statement (id, stakes, seats, button, deal, preflop, flop, show, win ...)"), words[0])


def _error(line: int, expected: str, found: str) -> ParseError:
    return ParseError(expected=expected, found=found, format=FORMAT, line=line)


def _seat_number(d: _Draft, text: str, line: int) -> int:
    if text.isdigit():
        return int(text)
    for s in d.seats:
        if s.player == text:
            return s.seat
    raise _error(line, T_("a seated player or a seat number"), text)


def _post(d: _Draft, name: str, kind: PostKind, amount: int, line: int) -> None:
    if name not in d.stacks:
        raise _error(line, T_("a seated player"), name)
    amount = min(amount, d.stacks[name])
    if amount == 0:
        return  # a player with no chips posts nothing: they are out (GAME-OUT)
    d.stacks[name] -= amount
    all_in = d.stacks[name] == 0
    d.posts.append(Post(name, kind, amount, all_in, line))
    if kind.is_live:
        d.street_totals[name] = d.street_totals.get(name, 0) + amount


def _clockwise(d: _Draft) -> list[str]:
    anchor = d.button or 0
    return [s.player for s in sorted(d.seats, key=lambda s: (s.seat - anchor - 1) % 10_000)]


def _deal(d: _Draft, line: int) -> None:
    st = d.stakes
    order = _clockwise(d)
    if st.get("ante"):
        for name in order:
            _post(d, name, PostKind.ANTE, st["ante"], line)
    button = next((s.player for s in d.seats if s.seat == d.button), None)
    if st.get("button") and button is not None:
        _post(d, button, PostKind.BUTTON_BLIND, st["button"], line)
    if st.get("bb"):
        if len(order) == 2 and button is not None:
            small, big = button, next(n for n in order if n != button)
        else:
            small, big = order[0], order[1]
        if st.get("sb"):
            _post(d, small, PostKind.SMALL_BLIND, st["sb"], line)
        _post(d, big, PostKind.BIG_BLIND, st["bb"], line)


def _street(d: _Draft, street: Street, rest: list[str], line: int) -> None:
    text = " ".join(rest)
    if ":" in text:
        cards, _, text = text.partition(":")
        d.boards.extend(split_cards(cards))
    elif street is not Street.PREFLOP and rest and not any(w in d.stacks for w in rest[:1]):
        d.boards.extend(split_cards(text))
        text = ""
    if street is not d.street:
        d.street = street
        d.street_totals = {}
    words = text.split()
    if len(words) % 2:
        raise _error(line, T_("actions as NAME f|x|c|bN|rN|a"), text)
    for name, code in zip(words[::2], words[1::2], strict=True):
        if name not in d.stacks:
            raise _error(line, T_("a seated player"), name)
        match = _ACTION.match(code)
        if match is None:
            raise _error(line, T_("an action f, x, c, bN, rN or a"), code)
        kind, amount = match.group("kind"), match.group("amount")
        now = d.street_totals.get(name, 0)
        reach = now + d.stacks[name]
        if kind == "f":
            d.actions.append(Action(street, name, ActionKind.FOLD, line=line))
            continue
        if kind == "x":
            d.actions.append(Action(street, name, ActionKind.CHECK, line=line))
            continue
        top = max(d.street_totals.values(), default=0)
        if kind == "c":
            to, act = (min(top, reach) if amount is None else _amount(d, amount, line)), ActionKind.CALL
        elif kind == "a":
            to = reach
            act = ActionKind.CALL if to <= top else (ActionKind.RAISE if top else ActionKind.BET)
        else:
            if amount is None:
                raise _error(line, T_("{kind}N with the street total", kind=kind), code)
            to = _amount(d, amount, line)
            act = ActionKind.BET if kind == "b" else ActionKind.RAISE
        added = max(0, to - now)
        d.stacks[name] -= min(added, d.stacks[name])
        d.street_totals[name] = max(now, to)
        d.actions.append(Action(street, name, act, to, d.stacks[name] == 0, line))
