"""Open Hand History (OHH) JSON: reader and writer.

A file holds objects ``{"ohh": {...}}`` separated by blank lines (the file as a whole is
not JSON). Each object is read on its own, so a broken hand never stops the file.

Mapping to :class:`~parsers.record.HandRecord`
----------------------------------------------
* ``game_type`` ``Holdem``, ``Omaha`` and ``OmahaHiLo`` are read; every other game is rejected per hand with
  ``UNSUPPORTED_GAME``. ``bet_limit.bet_type`` ``NL``/``PL``/``FL`` gives the betting,
  ``bet_cap`` the cap. Short Deck has no OHH ``game_type``: the writer keeps
  ``"game_type": "Holdem"`` and says ``"variant": "shortdeck"`` in the extension object
  ``"sixplus"`` (read back by this module; other readers see Hold'em and ignore it).
* Amounts: the spec says an action's ``amount`` is what the action adds to the pot
  (an increment); the record wants street totals. Some apps write street totals instead
  (Ten-Four). The reader decides per hand: a known total-writing app, else the reading in
  which every ``Call`` brings the caller level with the street's highest total (all-in
  calls may fall short); if both fit, the one whose contributions match the ``pots``
  amounts; if that does not decide, the spec's increments.
* ``Raise`` with nothing bet on the street is a ``BET`` (Ten-Four labels an opening
  river bet ``Raise``). ``Post SB``/``Post BB``/``Straddle``/``Post Ante``/``Post Dead``
  are posts; ``Post Extra Blind`` is the button blind when the dealer posts it, else a
  live big blind. ``Dealt Cards``, ``Shows Cards``, ``Mucks Cards`` give one
  :class:`~parsers.record.Shown` per player (seat order). ``Payout`` (a non-spec action in
  the spec's own PokerStars example), ``Sits Down``, ``Stands Up`` and ``Added Chips``
  move nothing in the hand and are skipped; any other action name rejects the hand.
* ``pots[]``: ``amount`` (as written, rake included) to ``pots``, ``rake`` and ``jackpot``
  to deductions, ``player_wins[].win_amount`` to awards with the pot's ``number``,
  ``cashout_amount``/``cashout_fee`` to cash outs.
* ``decimals`` is the most decimals any amount is written with; the hand id is
  ``game_number``, else a content hash.

The writer follows the spec (increments, ``spec_version`` 1.4.6) and puts what OHH cannot
say (the variant, the source's game words, stakes beyond blinds and ante, bomb posts,
award runs and descriptions, finishing stacks) in ``"sixplus"`` objects, so that a hand
written and read back gives the same record (source positions aside).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from decimal import Decimal
from typing import Any

import msgspec

from parsers.amounts import to_minor
from parsers.cardtext import split_cards
from parsers.errors import T_, ParseError, RejectCode, Rejected
from parsers.ohh_spec import BETTING
from parsers.ohh_spec import FORMAT as FORMAT
from parsers.ohh_spec import SPEC_VERSION as SPEC_VERSION
from parsers.ohh_writer import write_ohh
from parsers.phh import stable_id
from parsers.record import (
    STREETS,
    Action,
    ActionKind,
    Award,
    Cashout,
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

#: apps known to write street totals instead of the spec's increments
TOTAL_WRITERS = frozenset({"Ten-Four"})

_STREETS = {"Preflop": Street.PREFLOP, "Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_POSTS = {
    "Post SB": PostKind.SMALL_BLIND,
    "Post BB": PostKind.BIG_BLIND,
    "Straddle": PostKind.STRADDLE,
    "Post Ante": PostKind.ANTE,
    "Post Dead": PostKind.DEAD_BLIND,
    "Post Extra Blind": PostKind.BUTTON_BLIND,
}
_BETS = {"Fold": ActionKind.FOLD, "Check": ActionKind.CHECK, "Call": ActionKind.CALL}
_CARDS = ("Dealt Cards", "Shows Cards", "Mucks Cards")
_SKIPPED = frozenset({"Payout", "Sits Down", "Stands Up", "Added Chips"})
_SEPARATOR = re.compile(r"\n[ \t]*\n")
_OPENING = re.compile(r"""^\s*\{\s*"ohh"\s*:""")


def sniff(text: str) -> bool:
    """Whether text starts like an OHH object.

    >>> sniff('{\\n  "ohh": {"spec_version": "1.4.6"}}')
    True
    >>> sniff('{"hand_id": "1", "seats": []}')
    False
    """
    return _OPENING.match(text[:200]) is not None


def _pieces(text: str) -> Iterator[tuple[str, int]]:
    """The blank-line separated pieces of a text with the line each starts on."""
    start = 0
    for separator in [*_SEPARATOR.finditer(text), None]:
        end = separator.start() if separator is not None else len(text)
        piece = text[start:end]
        if piece.strip():
            skipped = len(piece) - len(piece.lstrip())
            yield piece.strip(), text.count("\n", 0, start + skipped) + 1
        if separator is not None:
            start = separator.end()


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Read OHH objects separated by blank lines; a record or a :class:`Rejected` each."""
    for piece, line in _pieces(text):
        try:
            root = json.loads(piece, parse_float=Decimal)
        except json.JSONDecodeError as error:
            yield Rejected.from_error(
                ParseError(
                    expected=T_('a JSON object {"ohh": {...}}'),
                    found=error.msg,
                    format=FORMAT,
                    file=file,
                    line=line + error.lineno - 1,
                    column=error.colno,
                    hand_id=_guess_id(piece),
                )
            )
            continue
        except (
            ValueError,
            ArithmeticError,
            RecursionError,
        ):  # a number of thousands of digits, brackets nested too deep
            yield Rejected.from_error(
                ParseError(
                    expected=T_("JSON with numbers of at most 4,300 digits, nested at most a few hundred deep"),
                    found=piece[:60],
                    format=FORMAT,
                    file=file,
                    line=line,
                    hand_id=_guess_id(piece),
                )
            )
            continue
        try:
            yield _hand(root, file, line)
        except ParseError as error:
            hand_id = _guess_id(piece)
            yield Rejected.from_error(error.with_context(file=file, line_offset=line, hand_id=hand_id, format=FORMAT))


def _guess_id(piece: str) -> str | None:
    match = re.search(r'"game_number"\s*:\s*"?([^",}\s]+)', piece)
    return match.group(1) if match else None


#: the OHH game types we read (five-card Omaha and short deck say so in the sixplus extension)
GAME_TYPES: dict[str, Variant] = {"Holdem": Variant.HOLDEM, "Omaha": Variant.OMAHA, "OmahaHiLo": Variant.OMAHA_HILO}


def _hand(root: Any, file: str, line: int) -> HandRecord:
    if not isinstance(root, dict) or not isinstance(root.get("ohh"), dict):
        raise ParseError(
            expected=T_('an object {"ohh": {...}}'), found=str(list(root)[:3]) if isinstance(root, dict) else ""
        )
    ohh: dict[str, Any] = root["ohh"]
    extension: dict[str, Any] = ohh["sixplus"] if isinstance(ohh.get("sixplus"), dict) else {}
    game_type = ohh.get("game_type")
    if game_type not in GAME_TYPES:
        raise ParseError(
            expected=T_("game_type {types}", types=", ".join(GAME_TYPES)),
            found=str(game_type),
            code=RejectCode.UNSUPPORTED_GAME,
        )
    limit: dict[str, Any] = ohh["bet_limit"] if isinstance(ohh.get("bet_limit"), dict) else {}
    bet_type = limit.get("bet_type", "NL")
    if bet_type not in BETTING:
        raise ParseError(expected=T_("bet_type NL, PL or FL"), found=str(bet_type))
    decimals = _decimals_written(_all_numbers(ohh))

    def minor(value: Any, what: str) -> int:
        return to_minor(_decimal(value, what), decimals)

    seats, ids = _seats(ohh, minor)
    rounds = ohh.get("rounds", [])
    if not isinstance(rounds, list):
        raise ParseError(expected=T_("rounds as a list"), found=repr(rounds)[:60])
    pots = ohh.get("pots", [])
    if not isinstance(pots, list):
        raise ParseError(expected=T_("pots as a list"), found=repr(pots)[:60])
    dealer = _integer(ohh.get("dealer_seat"))
    totals_first = _site(ohh) in TOTAL_WRITERS
    readings = [_Reading(totals=totals_first), _Reading(totals=not totals_first)]
    for reading in readings:
        reading.read(rounds, ids, seats, dealer, minor)
    reading = _choose(readings, pots, minor, decided=totals_first)
    awards, deductions, cashouts, pot_amounts = _pots(pots, ids, minor)
    if "cashouts" in extension:  # our writer lists every cash out here (win items carry only one each)
        cashouts = tuple(
            Cashout(
                _known_player(ids, c.get("player_id")),
                minor(c.get("amount", 0), "amount"),
                minor(c.get("fee", 0), "fee"),
            )
            for c in extension["cashouts"]
        )
    returned = tuple(
        Returned(_known_player(ids, r.get("player_id")), minor(r.get("amount", 0), "amount"))
        for r in extension.get("returned", [])
    )
    if extension.get("pots_stated") is False:
        pot_amounts = ()
    variant = GAME_TYPES[game_type]
    if extension.get("variant") in ("shortdeck", "omaha5"):
        variant = Variant(extension["variant"])  # games OHH has no game_type for
    betting = BETTING[bet_type]
    declared = str(extension.get("declared", f"{game_type} {bet_type}"))
    stakes = Stakes(
        ante=minor(ohh.get("ante_amount", 0), "ante_amount"),
        small_blind=minor(ohh.get("small_blind_amount", 0), "small_blind_amount"),
        big_blind=minor(ohh.get("big_blind_amount", 0), "big_blind_amount"),
        cap=minor(limit.get("bet_cap", 0), "bet_cap"),
    )
    extra = extension.get("stakes", {})
    if isinstance(extra, dict) and extra:
        stakes = msgspec.structs.replace(stakes, **{k: minor(v, k) for k, v in extra.items() if hasattr(stakes, k)})
    finishing = extension.get("finishing_stacks")
    record = HandRecord(
        hand_id=str(ohh.get("game_number", "")),
        seats=seats,
        button=dealer,
        posts=tuple(reading.posts),
        actions=tuple(reading.actions),
        boards=tuple(tuple(b) for b in reading.boards),
        shown=reading.shown(seats),
        awards=awards,
        deductions=deductions,
        returned=returned,
        cashouts=cashouts,
        pots=pot_amounts,
        finishing_stacks=tuple(minor(v, "finishing_stacks") for v in finishing) if finishing else None,
        game=Game(
            variant=variant,
            betting=betting,
            site=str(ohh.get("site_name", "")),
            declared=declared,
            ranking=extension.get("ranking"),
            tournament=ohh.get("tournament") is True,
            rules=extension.get("rules"),
        ),
        stakes=stakes,
        currency=str(ohh.get("currency", "")) or "CHIPS",
        decimals=decimals,
        table=str(ohh.get("table_name", "")),
        max_seats=_integer(ohh.get("table_size")),
        started_at=str(ohh["start_date_utc"]) if ohh.get("start_date_utc") else None,
        source=Source(file=file, line=line, format=FORMAT),
    )
    if not record.hand_id:
        record = msgspec.structs.replace(record, hand_id=stable_id(record))
    return record


def _site(ohh: Mapping[str, Any]) -> str:
    return str(ohh.get("network_name") or ohh.get("site_name") or "")


def _seats(ohh: Mapping[str, Any], minor: Any) -> tuple[tuple[Seat, ...], dict[Any, str]]:
    players = ohh.get("players")
    if not isinstance(players, list) or not players:
        raise ParseError(expected=T_("players as a non-empty list"), found=repr(players)[:60])
    seats: list[Seat] = []
    ids: dict[Any, str] = {}
    for player in players:
        if not isinstance(player, dict) or "id" not in player or "seat" not in player:
            raise ParseError(expected=T_("a player with id, seat and name"), found=repr(player)[:60])
        name = str(player.get("name") or player.get("display") or f"player {player['id']}")
        if name in ids.values():
            raise ParseError(expected=T_("a different name for every player"), found=name)
        seat = _integer(player["seat"])
        if seat is None:
            raise ParseError(expected=T_("a seat number"), found=repr(player["seat"]))
        ids[player["id"]] = name
        stack = minor(player.get("starting_stack", 0), "starting_stack")
        seats.append(Seat(seat, name, stack, sitting_out=player.get("is_sitting_out") is True))
    return tuple(seats), ids


class _Reading:
    """The rounds read with one meaning of ``amount``: increments, or street totals."""

    def __init__(self, *, totals: bool) -> None:
        self.totals = totals
        self.posts: list[Post] = []
        self.actions: list[Action] = []
        self.boards: list[list[str]] = [[]]
        self.hole: dict[str, tuple[tuple[str, ...], bool]] = {}  # player -> (cards, shown)
        self.misfits = 0  # calls that do not bring the caller level with the street
        self.contributed = 0
        self.uncalled = 0

    def read(
        self, rounds: list[Any], ids: dict[Any, str], seats: tuple[Seat, ...], dealer: int | None, minor: Any
    ) -> None:
        street_index = -1  # the furthest betting street
        run_index = -1  # the last street of the board being dealt
        street_totals: dict[str, int] = {}
        seat_of = {s.player: s.seat for s in seats}
        for number, round_ in enumerate(rounds):
            if not isinstance(round_, dict):
                raise ParseError(expected=T_("a round object"), found=repr(round_)[:60])
            name = round_.get("street")
            if name == "Showdown":
                street = None
            elif name in _STREETS:
                street = _STREETS[name]
            else:
                raise ParseError(expected=T_("a street Preflop, Flop, Turn, River or Showdown"), found=str(name))
            if street is not None:
                index = STREETS.index(street)
                if 0 < index <= run_index:
                    self._new_run(index)
                elif index > street_index:
                    self._settle(street_totals)
                    street_totals = {}
                street_index = max(street_index, index)
                run_index = index
                cards = round_.get("cards") or []
                if isinstance(cards, list) and cards:
                    self.boards[-1].extend(split_cards(" ".join(str(c) for c in cards)))
            for action in round_.get("actions", []) or []:
                self._action(action, street or Street.RIVER, street_totals, ids, seat_of, dealer, minor, number)
        self._settle(street_totals)

    def _new_run(self, index: int) -> None:
        keep = {1: 0, 2: 3, 3: 4}[index]
        self.boards.append(self.boards[0][:keep])

    def _settle(self, street_totals: dict[str, int]) -> None:
        """Count what the street put in, less the uncalled part of its highest bet."""
        if not street_totals:
            return
        ordered = sorted(street_totals.values(), reverse=True)
        second = ordered[1] if len(ordered) > 1 else 0
        self.uncalled += ordered[0] - second
        self.contributed += sum(ordered)

    def _action(
        self,
        action: Any,
        street: Street,
        street_totals: dict[str, int],
        ids: dict[Any, str],
        seat_of: dict[str, int],
        dealer: int | None,
        minor: Any,
        round_number: int,
    ) -> None:
        if not isinstance(action, dict) or "action" not in action:
            raise ParseError(expected=T_("an action object"), found=repr(action)[:60])
        what = action["action"]
        if what in _SKIPPED:
            return
        player = ids.get(action.get("player_id"))
        if player is None:
            raise ParseError(
                expected=T_("a player_id of the players list"), found=f"{what} by {action.get('player_id')!r}"
            )
        amount = minor(action.get("amount", 0), "amount")
        all_in = action.get("is_allin") is True
        before = street_totals.get(player, 0)
        if what in _CARDS:
            listed = action.get("cards") or []
            earlier = self.hole.get(player, (("??", "??"), False))
            cards = split_cards(" ".join(str(c) for c in listed)) if listed else earlier[0]
            self.hole[player] = (cards, what == "Shows Cards" or (earlier[1] and what == "Dealt Cards"))
            return
        if what in _POSTS:
            post = _POSTS[what]
            extension = action.get("sixplus")
            if isinstance(extension, dict) and extension.get("kind") == "bomb":
                post = PostKind.BOMB
            elif post is PostKind.BUTTON_BLIND and seat_of.get(player) != dealer:
                post = PostKind.BIG_BLIND  # an extra live blind from a player off the button
            if post.is_live:
                street_totals[player] = amount if self.totals else before + amount
            else:
                self.contributed += amount
            self.posts.append(Post(player, post, amount, all_in=all_in))
            return
        highest = max(street_totals.values(), default=0)
        if what in _BETS:
            kind = _BETS[what]
            if kind is ActionKind.CALL:
                to = amount if self.totals else before + amount
                if to != highest and not (all_in and to < highest):
                    self.misfits += 1
                street_totals[player] = to
            else:
                to = 0
        elif what in ("Bet", "Raise"):
            kind = ActionKind.BET if highest == 0 else ActionKind.RAISE
            to = amount if self.totals else before + amount
            street_totals[player] = to
        else:
            raise ParseError(
                expected=T_("an OHH action (Fold, Check, Call, Bet, Raise, Post ..., ...)"), found=str(what)
            )
        self.actions.append(Action(street, player, kind, to=to, all_in=all_in))

    def shown(self, seats: tuple[Seat, ...]) -> tuple[Shown, ...]:
        return tuple(
            Shown(s.player, self.hole[s.player][0], mucked=not self.hole[s.player][1])
            for s in seats
            if s.player in self.hole
        )


def _choose(readings: list[_Reading], pots: list[Any], minor: Any, *, decided: bool) -> _Reading:
    if decided:
        return readings[0]
    fits = [r for r in readings if r.misfits == 0]
    if len(fits) == 1:
        return fits[0]
    if len(fits) == 2 and pots:
        stated = sum(minor(p.get("amount", 0), "amount") for p in pots if isinstance(p, dict))
        matching = [r for r in fits if r.contributed - r.uncalled == stated]
        if len(matching) == 1:
            return matching[0]
    return next(r for r in readings if not r.totals)


def _pots(
    pots: list[Any], ids: dict[Any, str], minor: Any
) -> tuple[tuple[Award, ...], tuple[Deduction, ...], tuple[Cashout, ...], tuple[int, ...]]:
    awards: list[Award] = []
    deductions: list[Deduction] = []
    cashouts: list[Cashout] = []
    amounts: list[int] = []
    for pot in pots:
        if not isinstance(pot, dict):
            raise ParseError(expected=T_("a pot object"), found=repr(pot)[:60])
        number = _integer(pot.get("number", len(amounts)))
        amounts.append(minor(pot.get("amount", 0), "amount"))
        for kind in ("rake", "jackpot"):
            value = minor(pot.get(kind, 0) or 0, kind)
            if value:
                deductions.append(Deduction(kind, value))
        for win in pot.get("player_wins", []) or []:
            player = ids.get(win.get("player_id")) if isinstance(win, dict) else None
            if player is None:
                raise ParseError(expected=T_("a player_wins entry with a known player_id"), found=repr(win)[:60])
            extension = win.get("sixplus") if isinstance(win.get("sixplus"), dict) else {}
            awards.append(
                Award(
                    player,
                    minor(win.get("win_amount", 0), "win_amount"),
                    pot=None if extension.get("pot") == "unspecified" else number,
                    run=int(extension.get("run", 0)),
                    description=str(extension.get("description", "")),
                )
            )
            cashout = minor(win.get("cashout_amount", 0) or 0, "cashout_amount")
            if cashout:
                cashouts.append(Cashout(player, cashout, fee=minor(win.get("cashout_fee", 0) or 0, "cashout_fee")))
    return tuple(awards), tuple(deductions), tuple(cashouts), tuple(amounts)


def _known_player(ids: dict[Any, str], player_id: Any) -> str:
    if player_id not in ids:
        raise ParseError(expected=T_("a player_id of the players list"), found=repr(player_id))
    return ids[player_id]


def _decimal(value: Any, what: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | Decimal | str):
        raise ParseError(
            expected=T_("a number for {what}", what=what), found=repr(value)[:40], code=RejectCode.BAD_AMOUNT
        )
    try:
        number = Decimal(value)
    except ArithmeticError:
        raise ParseError(
            expected=T_("a number for {what}", what=what), found=repr(value)[:40], code=RejectCode.BAD_AMOUNT
        ) from None
    if not number.is_finite():
        raise ParseError(
            expected=T_("a finite number for {what}", what=what), found=str(value), code=RejectCode.BAD_AMOUNT
        )
    return number


def _integer(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"[0-9]+", value.strip()):
        return int(value)
    return None


_AMOUNT_KEYS = frozenset(
    {
        "amount",
        "starting_stack",
        "small_blind_amount",
        "big_blind_amount",
        "ante_amount",
        "bet_cap",
        "rake",
        "jackpot",
        "win_amount",
        "cashout_amount",
        "cashout_fee",
    }
)


def _all_numbers(value: Any, key: str = "") -> Iterator[Decimal]:
    """Every money amount in an OHH object, as written."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _all_numbers(v, "sixplus" if key == "sixplus" else k)
    elif isinstance(value, list):
        for v in value:
            yield from _all_numbers(v, key)
    elif isinstance(value, Decimal | int) and not isinstance(value, bool) and (key in _AMOUNT_KEYS or key == "sixplus"):
        if isinstance(value, Decimal) and not value.is_finite():
            return
        yield Decimal(value)


def _decimals_written(values: Iterable[Decimal]) -> int:
    """The most decimals any amount is written with (``0.10`` counts 2).

    >>> _decimals_written([Decimal("2.20"), Decimal("1"), Decimal("0.5")])
    2
    """
    most = 0
    for value in values:
        exponent = value.as_tuple().exponent
        if isinstance(exponent, int) and exponent < 0:
            most = max(most, -exponent)
    return most


def write(records: Iterable[HandRecord]) -> str:
    """Records as OHH text (see :mod:`parsers.ohh_writer`)."""
    return write_ohh(records)
