"""Reading one Stars-family hand: the head (table and seats), the body (posts, actions,
streets, showdown) and the summary, into a :class:`~parsers.record.HandRecord`.

Reading rules (``../shared/formats/site-formats.md`` sections 1, 2 and 7):

* Every action is normalised to ``to`` = the player's total on the street after it:
  ``raises A to B`` -> B; ``calls X`` and ``bets X`` -> what the player had in + X.
  Live posts (blinds, button blind, straddles) count on the preflop street; antes and dead
  blinds do not. A GG ``straddle X`` states the player's new total.
* A player is found by the seat names, longest first, so names may hold spaces, colons and
  brackets. What a player's line says is :func:`~parsers.starslike.lines.read_player_line`.
  Chat, connection, seating and tournament news lines are skipped; any other line that is
  not grammar is a :class:`~parsers.errors.ParseError` for its hand.
* ``collected X from pot`` has no pot index (GG writes it for side pots as well);
  ``main pot`` is 0 and ``side pot-N`` is N (``side pot`` alone is 1).
* A GG cash drop (money the site adds) is a :class:`~parsers.record.Deduction` of kind
  ``cash_drop`` with a negative amount, so that put in - returned = collected + deductions
  still holds. Money settled outside the pot is a :class:`~parsers.record.Cashout` per
  player and kind: ``cashout`` (All-in Cash Out, EV Cashout) or ``insurance`` (GG all-in
  insurance), ``amount`` received and ``fee`` paid. Tournament bounties (money, while the
  hand is in chips) are news lines and not recorded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from parsers.errors import T_, ParseError, RejectCode, nT_
from parsers.record import (
    Action,
    ActionKind,
    Award,
    Betting,
    Cashout,
    Deduction,
    HandRecord,
    Post,
    PostKind,
    Returned,
    Seat,
    Shown,
    Source,
    Stakes,
    Street,
)
from parsers.starslike.blocks import Block
from parsers.starslike.lines import (
    NOISE,
    Act,
    PlayerLine,
    Posted,
    Settled,
    Showed,
    Straddled,
    read_player_line,
    read_seat_line,
    read_table_line,
)
from parsers.starslike.summary import (
    FOLDED_RESULTS,
    ORDINAL_INDEX,
    ORDINALS,
    RUNS,
    SUMMARY_BOARD,
    SeatResult,
    read_seat_result,
    read_total,
)
from parsers.starslike.text import Header, cards, fast_new, money

_MARKER = re.compile(
    r"""^\*\*\*\s(?:(?P<ordinal>FIRST|SECOND|THIRD)\s)?   # run of a run-it-twice
    (?P<name>HOLE\ CARDS|FLOP|TURN|RIVER|SHOW\ DOWN|SHOWDOWN|SUMMARY)\s\*\*\*
    \s*(?P<cards>.*)$                                    # [Qs 7c Qd] [8d]
    """,
    re.VERBOSE,
)
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_COLLECTED = re.compile(
    r"^(?P<name>.+)\scollected\s(?P<amount>\S+)\sfrom\s(?P<pot>pot|main\spot|side\spot(?:-(?P<n>\d+))?)$"
)
_UNCALLED = re.compile(r"^Uncalled\sbet\s\((?P<amount>[^)]+)\)\sreturned\sto\s(?P<name>.+)$")
_CASHED_OUT = re.compile(
    r"^(?P<name>.+)\scashed\sout\sthe\shand\sfor\s(?P<amount>\S+)\s\|\sCash\sOut\sFee\s(?P<fee>\S+)$"
)
_CASH_DROP = re.compile(r"^Cash\sDrop\sto\sPot\s:\stotal\s(?P<amount>\S+)$")
_STREET_OF = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_STREET_PREFIXES = {f"*** {name} *** [": name for name in _STREET_OF}  # the usual street line, up to its cards
_SHOWDOWN_LINES = frozenset({"*** SHOW DOWN ***", "*** SHOWDOWN ***"})
_BOARD_SIZE = {"FLOP": 3, "TURN": 4, "RIVER": 5}
_POST_KINDS = {
    "small blind": PostKind.SMALL_BLIND,
    "big blind": PostKind.BIG_BLIND,
    "the ante": PostKind.ANTE,
    "button blind": PostKind.BUTTON_BLIND,
    "straddle": PostKind.STRADDLE,
    "missed blind": PostKind.DEAD_BLIND,
    "dead blind": PostKind.DEAD_BLIND,
}
_LIVE = frozenset(k for k in PostKind if k.is_live)
# members read in the loops (a module constant is read faster than an enum class's attribute)
_A_FOLD, _A_CHECK, _A_RAISE = ActionKind.FOLD, ActionKind.CHECK, ActionKind.RAISE
_P_SMALL_BLIND, _P_BIG_BLIND, _P_STRADDLE = PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.STRADDLE
_P_ANTE, _P_BUTTON_BLIND, _P_DEAD_BLIND = PostKind.ANTE, PostKind.BUTTON_BLIND, PostKind.DEAD_BLIND
_B_FIXED_LIMIT = Betting.FIXED_LIMIT

# the records built per hand, through the faster constructors (same arguments, same objects)
_new_post = fast_new(Post)
_new_action = fast_new(Action)
_new_shown = fast_new(Shown)
_new_award = fast_new(Award)
_new_returned = fast_new(Returned)
_new_deduction = fast_new(Deduction)
_new_cashout = fast_new(Cashout)
_new_source = fast_new(Source)
_new_hand = fast_new(HandRecord)
_new_stakes = fast_new(Stakes)


#: the most texts :func:`_said` keeps a decimals before it starts again (a line and a small record each)
_KEEP = 20_000
_SAID: dict[int, dict[str, tuple[str, int, PlayerLine]]] = {}
#: what a record of a player's line asks of the body loop (kept with it in the memo)
_FOLD_OR_CHECK, _CALL_OR_BET, _RAISE_TO, _OTHER = range(4)


def _code_of(said: PlayerLine) -> int:
    if type(said) is Act:
        kind = said.kind
        if kind is _A_FOLD or kind is _A_CHECK:
            return _FOLD_OR_CHECK
        return _RAISE_TO if kind is _A_RAISE else _CALL_OR_BET
    return _OTHER


def _said(decimals: int) -> dict[str, tuple[str, int, PlayerLine]]:
    """What :func:`read_player_line` read of a player's line, by the line, read with these
    decimals: the text before the first ": ", what it asks of the body loop (:func:`_code_of`)
    and the record (players fold, check and post
    the same blinds hand after hand). ``read_player_line`` is pure and its record holds
    nothing of the hand, so a line read once reads the same in any hand where that text
    is a seated player's name and no name holds ": "."""
    said = _SAID.get(decimals)
    if said is None:
        said = _SAID[decimals] = {}
    return said


_SEATS: dict[int, dict[str, tuple[Seat, str]]] = {}
_TABLES: dict[str, tuple[str, int, int | None]] = {}  # a table line -> what read_table_line read
_RESULTS: dict[str, SeatResult] = {}  # a summary seat line after the name -> what read_seat_result read
_BOARDS: dict[str, tuple[tuple[str, ...], ...]] = {}  # "[Qh Ad Ts] [As]" -> its groups of cards
_TOTALS: dict[int, dict[str, tuple[int, tuple[int, ...], tuple[Deduction, ...]]]] = {}


def _totals_read(decimals: int) -> dict[str, tuple[int, tuple[int, ...], tuple[Deduction, ...]]]:
    """What :func:`read_total` read of a ``Total pot`` line, by the line, with these decimals."""
    totals = _TOTALS.get(decimals)
    if totals is None:
        totals = _TOTALS[decimals] = {}
    return totals


def _seats_read(decimals: int) -> dict[str, tuple[Seat, str]]:
    """What :func:`read_seat_line` read of a seat line, by the line, read with these decimals
    (the same players sit hand after hand with the same stacks, at micro stakes)."""
    seats = _SEATS.get(decimals)
    if seats is None:
        seats = _SEATS[decimals] = {}
    return seats


@dataclass(slots=True)
class _ShownDraft:
    cards: tuple[str, ...]
    mucked: bool
    description: str
    line: int


@dataclass(slots=True)
class _Outside:
    amount: int = 0
    fee: int = 0


class HandReader:
    """Reads one hand block; one instance per hand, thrown away after :meth:`read`."""

    __slots__ = (
        "actions",
        "awards",
        "block",
        "colon_names",
        "committed",
        "common",
        "decimals",
        "deductions",
        "descriptions",
        "file",
        "format",
        "header",
        "names",
        "names_by_length",
        "outside",
        "pending_ordinal",
        "posted",
        "posts",
        "pots",
        "returned",
        "run",
        "runs",
        "runs_said",
        "seat_names",
        "seats",
        "shown",
        "straddle",
        "street",
        "summary",
        "summary_boards",
        "total_pot",
    )

    def __init__(self, block: Block, header: Header, format: str, file: str) -> None:
        self.block: Block = block
        self.header: Header = header
        self.decimals: int = header.decimals
        self.format: str = format
        self.file: str = file
        self.seats: list[Seat] = []
        self.names: dict[str, int] = {}
        self.names_by_length: list[str] = []
        self.colon_names: bool = False
        self.seat_names: dict[str, str] = {}  # "3" -> the player in seat 3
        self.posts: list[Post] = []
        self.actions: list[Action] = []
        self.committed: dict[str, int] = {}  # live money on the street, per player
        self.street: Street = Street.PREFLOP
        self.common: list[str] = []  # the board before the runs split
        self.runs: list[list[str]] = []
        self.run: int = 0  # the showdown being paid
        self.shown: dict[str, _ShownDraft] = {}
        self.awards: list[Award] = []
        self.returned: list[Returned] = []
        self.deductions: list[Deduction] = []
        self.outside: dict[tuple[str, str], _Outside] = {}  # (player, kind): settled outside
        self.total_pot: int | None = None
        self.pots: tuple[int, ...] = ()
        self.summary: bool = False
        self.runs_said: int = 0
        self.summary_boards: list[tuple[int, tuple[str, ...], int]] = []
        self.pending_ordinal: int | None = None
        self.descriptions: dict[tuple[str, int], str] = {}  # (player, run) -> "won with"
        self.straddle: int = 0
        self.posted: set[PostKind] = set()  # the kinds in posts

    def read(self) -> HandRecord:
        block = self.block
        lines = block.lines
        first = block.first_line
        if block.glued:
            raise ParseError(
                expected=T_(
                    "the rest of the hand (the next hand's header starts inside line {line})",
                    line=first + len(lines) - 1,
                ),
                found=lines[-1],
                line=first + len(lines) - 1,
                code=RejectCode.TRUNCATED,
            )
        if len(lines) < 2:
            raise ParseError(
                expected=T_("the table line after the header"), found=T_("the end of the hand"), line=first
            )
        table = _TABLES.get(lines[1])
        if table is None:
            try:
                table = read_table_line(lines[1])
            except ParseError as error:
                raise _at(error, first + 1) from None
            if len(_TABLES) > _KEEP:
                _TABLES.clear()
            _TABLES[lines[1]] = table
        index = self._seats(lines, 2)
        self._body(lines, index)
        last = first + len(lines) - 1
        if not self.summary:
            raise ParseError(
                expected=T_('"*** SUMMARY ***"'), found=T_("the end of the hand"), line=last, code=RejectCode.TRUNCATED
            )
        if self.total_pot is None:
            raise ParseError(
                expected=T_('"Total pot <amount>" in the summary'),
                found=T_("the end of the hand"),
                line=last,
                code=RejectCode.TRUNCATED,
            )
        return self._record(table, last)

    def _seats(self, lines: list[str], index: int) -> int:
        """The seat lines from ``index``; where the body starts."""
        first = self.block.first_line
        decimals = self.decimals
        add_seat, names, seat_names = self.seats.append, self.names, self.seat_names
        count = len(lines)
        seats_before = _seats_read(decimals)
        while index < count:
            line = lines[index]
            read = seats_before.get(line)
            if read is None:
                if line[:5] != "Seat ":
                    break
                try:
                    read = read_seat_line(line, decimals)
                except ParseError as error:
                    raise _at(error, first + index) from None
                if len(seats_before) > _KEEP:
                    seats_before.clear()
                seats_before[line] = read
            seat, seat_text = read
            add_seat(seat)
            names[seat.player] = seat.seat
            seat_names[seat_text] = seat.player
            index += 1
        if not self.seats:
            found = lines[index] if index < len(lines) else "the end of the hand"
            raise ParseError(expected=T_('"Seat <n>: <name> (<stack> in chips)"'), found=found, line=first + index)
        # with no ": " in any name, the first ": " ends the name of a player's line
        self.colon_names = any(": " in name for name in names)
        return index

    # -- the body -------------------------------------------------------------------------

    def _body(self, lines: list[str], index: int) -> None:
        """Every line after the seats, then the summary's lines once ``*** SUMMARY ***`` is read.
        A street marker is tried before the names (a name may start with "*** " only when the
        memo is not used)."""
        first = self.block.first_line
        names = self.names
        colon_names = self.colon_names
        # the memo applies where the first ": " ends a seated name and no name looks like a marker
        usual = not colon_names and not any(name[:4] == "*** " for name in names)
        decimals = self.decimals
        said_before = _said(decimals)
        add_action = self.actions.append
        street, committed = self.street, self.committed
        count = len(lines)
        offset = index
        number = first + offset
        try:
            while offset < count:
                line = lines[offset]
                number = first + offset
                offset += 1
                known = said_before.get(line) if usual else None  # a player's line read before
                if known is not None and known[0] in names:
                    player, code, said = known
                    if code == _FOLD_OR_CHECK:
                        add_action(_new_action(street, player, said.kind, 0, False, number))  # type: ignore[union-attr]
                        continue
                else:
                    if line[:4] == "*** ":  # a slice: cheaper than startswith, whose arguments are parsed
                        if line == "*** HOLE CARDS ***":  # nothing to read
                            continue
                        self._marker(line, number)
                        if self.summary:
                            break
                        street, committed = self.street, self.committed
                        continue
                    colon = line.find(": ")
                    if colon < 0:
                        if line[:9] == "Dealt to ":
                            self._dealt(line[9:], number)
                        else:
                            self._other_line(line, number)
                        continue
                    player = line[:colon]
                    if player not in names or (colon_names and line.find(": ", colon + 2) >= 0):
                        found = self._player_before_colon(line, colon)
                        if found is None:
                            self._other_line(line, number)
                            continue
                        player, colon = found, len(found)
                    said = read_player_line(line, colon + 2, decimals)
                    code = _code_of(said)
                    if usual:  # the first ": " ends the name
                        if len(said_before) > _KEEP:
                            said_before.clear()
                        said_before[line] = (player, code, said)
                    if code == _FOLD_OR_CHECK:
                        add_action(_new_action(street, player, said.kind, 0, False, number))  # type: ignore[union-attr]
                        continue
                if code == _CALL_OR_BET:
                    to = committed.get(player, 0) + said.amount  # type: ignore[union-attr]
                    committed[player] = to
                    add_action(_new_action(street, player, said.kind, to, said.all_in, number))  # type: ignore[union-attr]
                elif code == _RAISE_TO:
                    committed[player] = to = said.amount  # type: ignore[union-attr]
                    add_action(_new_action(street, player, _A_RAISE, to, said.all_in, number))  # type: ignore[union-attr]
                elif type(said) is Posted:
                    self._posted(player, said, line, number)
                elif type(said) is Showed:
                    if said.folded:
                        add_action(_new_action(street, player, _A_FOLD, 0, False, number))
                    self._show(player, said.cards, said.mucked, said.description, number)
                elif type(said) is Straddled:
                    had = committed.get(player, 0)
                    if said.total <= had:
                        raise ParseError(expected=T_("a straddle above the player's {had}", had=had), found=line)
                    self._add_post(player, _P_STRADDLE, said.total - had, said.all_in, number)
                elif type(said) is Settled:
                    self._outside(player, said.amount, said.fee, said.kind)
            seat_names = self.seat_names
            while offset < count:
                line = lines[offset]
                number = first + offset
                offset += 1
                if line[:5] == "Seat ":  # most say the player folded: nothing to read
                    colon = line.find(": ")
                    seated = seat_names.get(line[5:colon])
                    rest = line[colon + 2 + len(seated) :] if seated and line.startswith(seated, colon + 2) else ""
                    if rest in FOLDED_RESULTS:
                        continue
                self._summary_line(line, number)
        except ParseError as error:
            raise _at(error, number) from None

    def _other_line(self, line: str, number: int) -> None:
        """A line that does not start with a seated player's name and a colon."""
        if line.startswith("Dealt to "):
            self._dealt(line[9:], number)
        elif line.startswith("Uncalled bet ("):
            self._uncalled(line, number)
        elif line.endswith(" from pot") and (from_pot := _collected_from_pot(line)) is not None:
            self._award(*from_pot, None, number)
        elif " collected " in line and (collected := _COLLECTED.match(line)) is not None:
            words = collected.group("pot")
            pot = None if words == "pot" else 0 if words == "main pot" else int(collected.group("n") or 1)
            self._award(collected.group("name"), collected.group("amount"), pot, number)
        elif " cashed out the hand for " in line and (cashed := _CASHED_OUT.match(line)) is not None:
            player = self._seated(cashed.group("name"))
            decimals = self.decimals
            self._outside(player, money(cashed.group("amount"), decimals), money(cashed.group("fee"), decimals))
        elif line.startswith("Cash Drop to Pot") and (drop := _CASH_DROP.match(line)) is not None:
            self.deductions.append(_new_deduction("cash_drop", -money(drop.group("amount"), self.decimals)))
        elif line == "Hand cancelled":
            raise ParseError(expected=T_("a hand that was played"), found=line, code=RejectCode.CANCELLED)
        elif NOISE.match(line) is None:
            raise ParseError(expected=T_("an action of a seated player, or a street marker"), found=line)

    def _player_before_colon(self, line: str, colon: int) -> str | None:
        names = self.names
        candidate = line[:colon]
        if candidate in names and line.find(": ", colon + 2) < 0:
            return candidate
        if not self.names_by_length:
            self.names_by_length = sorted(names, key=len, reverse=True)
        for name in self.names_by_length:  # longest first: "wo_olly :D" before "wo_olly"
            if line.startswith(name) and line.startswith(": ", len(name)):
                return name
        return None

    def _posted(self, player: str, posted: Posted, line: str, number: int) -> None:
        """A post, placed by what was posted before."""
        words, amount = posted.words, posted.amount
        big = self.header.stakes.big_blind
        if words == "small & big blinds":
            if not 0 < big < amount:
                raise ParseError(expected=T_("small & big blinds above the big blind {big}", big=big), found=line)
            self._add_post(player, _P_DEAD_BLIND, amount - big, False, number)
            self._add_post(player, _P_BIG_BLIND, big, posted.all_in, number)
            return
        kind = _POST_KINDS[words]
        if kind is _P_BIG_BLIND and 0 < big < amount and _P_BIG_BLIND in self.posted:
            kind = _P_STRADDLE  # PokerMaster: a second, larger big blind is the straddle
        elif kind is _P_SMALL_BLIND and _P_SMALL_BLIND in self.posted:
            kind = _P_DEAD_BLIND  # a second small blind: a returning player's missed blind, dead
        self._add_post(player, kind, amount, posted.all_in, number)

    def _add_post(self, player: str, kind: PostKind, amount: int, all_in: bool, number: int) -> None:
        self.posts.append(_new_post(player, kind, amount, all_in, number))
        self.posted.add(kind)
        if kind in _LIVE:
            total = self.committed.get(player, 0) + amount
            self.committed[player] = total
            if kind is _P_STRADDLE and not self.straddle:
                self.straddle = total

    def _show(self, player: str, cards: tuple[str, ...], mucked: bool, description: str, number: int) -> None:
        draft = self.shown.get(player)
        if draft is None:
            self.shown[player] = _ShownDraft(cards, mucked, description, number)
            return
        if cards and cards != draft.cards:
            if not set(draft.cards) <= set(cards):
                raise ParseError(
                    expected=T_(
                        "the cards {player} showed before ({cards})", player=player, cards=" ".join(draft.cards)
                    ),
                    found=" ".join(cards),
                )
            if len(cards) > len(draft.cards):
                draft.cards = cards
        draft.mucked = draft.mucked or mucked
        if description and not draft.description:
            draft.description = description

    def _dealt(self, rest: str, number: int) -> None:
        if rest in self.names:  # GG: "Dealt to <player>" without cards
            return
        bracket = rest.rfind(" [")
        if bracket < 0 or not rest.endswith("]"):
            raise ParseError(expected=T_('"Dealt to <player> [<cards>]"'), found="Dealt to " + rest)
        player = self._seated(rest[:bracket])
        self._show(player, cards(rest[bracket + 2 : -1]), False, "", number)

    def _uncalled(self, line: str, number: int) -> None:
        close = line.find(")", 14)  # after "Uncalled bet ("
        if close > 14 and line.startswith(") returned to ", close) and len(line) > close + 14:
            name, amount = line[close + 14 :], line[14:close]  # the usual line, as the pattern reads it
        else:
            uncalled = _UNCALLED.match(line)
            if uncalled is None:
                raise ParseError(expected=T_('"Uncalled bet (<amount>) returned to <player>"'), found=line)
            name, amount = uncalled.group("name"), uncalled.group("amount")
        player = self._seated(name)
        self.returned.append(_new_returned(player, money(amount, self.decimals), number))

    def _award(self, name: str, amount_text: str, pot: int | None, number: int) -> None:
        player = self._seated(name)
        amount = money(amount_text, self.decimals)
        self.awards.append(_new_award(player, amount, pot, self.run, "", number))

    def _outside(self, player: str, amount: int, fee: int, kind: str = "cashout") -> None:
        settled = self.outside.setdefault((player, kind), _Outside())
        settled.amount += amount
        settled.fee += fee

    def _seated(self, name: str) -> str:
        if name not in self.names:
            raise ParseError(expected=T_("a seated player ({names})", names=", ".join(self.names)), found=name)
        return name

    # -- streets and boards -------------------------------------------------------------

    def _marker(self, line: str, number: int) -> None:
        if line == "*** HOLE CARDS ***":
            return
        if line == "*** SUMMARY ***":
            self.summary = True
            return
        if line in _SHOWDOWN_LINES:
            self.run = 0
            return
        bracket = line.find("[")
        name = _STREET_PREFIXES.get(line[: bracket + 1]) if bracket > 0 else None
        if name is not None:  # "*** FLOP *** [<cards>]": what the pattern reads
            self._board(name, None, line[bracket:], line)
            return
        marker = _MARKER.match(line)
        if marker is None:
            raise ParseError(expected=T_("a street marker like *** FLOP *** [<cards>]"), found=line)
        name = marker.group("name")
        ordinal = marker.group("ordinal")
        if name == "SUMMARY":
            self.summary = True
        elif name in _STREET_OF:
            self._board(name, ordinal, marker.group("cards"), line)
        elif name != "HOLE CARDS":  # SHOW DOWN / SHOWDOWN
            self.run = ORDINAL_INDEX[ordinal] if ordinal else 0

    def _board(self, name: str, ordinal: str | None, text: str, line: str) -> None:
        groups = _BOARDS.get(text)
        if groups is None:
            groups = tuple([cards(g) for g in _BRACKETS.findall(text)])
            if len(_BOARDS) > _KEEP:
                _BOARDS.clear()
            _BOARDS[text] = groups
        if ordinal is None:
            if self.runs:
                raise ParseError(expected=T_("*** FIRST {name} *** after the runs began", name=name), found=line)
            board = self.common
        else:
            run = ORDINAL_INDEX[ordinal]
            if run == len(self.runs):
                self.runs.append(list(self.common))
            elif run > len(self.runs):
                raise ParseError(
                    expected=T_("*** {ordinal} ... *** first", ordinal=ORDINALS[len(self.runs)]), found=line
                )
            board = self.runs[run]
        before = list(groups[0]) if len(groups) == 2 else []
        if len(groups) not in (1, 2) or before != board or len(board) + len(groups[-1]) != _BOARD_SIZE[name]:
            raise ParseError(
                expected=T_("the {name} after the board [{cards}]", name=name.lower(), cards=" ".join(board)),
                found=line,
                code=RejectCode.PARSE_ERROR,
            )
        board.extend(groups[-1])
        street = _STREET_OF[name]
        if street != self.street:
            self.street = street
            self.committed = {}

    # -- summary ------------------------------------------------------------------------

    def _summary_line(self, line: str, number: int) -> None:
        if line[:5] == "Seat ":
            colon = line.find(": ")
            player = self.seat_names.get(line[5:colon]) if colon > 5 else None
            if player is None or not line.startswith(player, colon + 2):
                raise ParseError(expected=T_('"Seat <n>: <name>" of a seat in the hand\'s seat list'), found=line)
            rest = line[colon + 2 + len(player) :]
            if rest in FOLDED_RESULTS:  # most: nothing to read
                return
            result = _RESULTS.get(rest)
            if result is None:
                result = read_seat_result(rest, line)
                if len(_RESULTS) > _KEEP:
                    _RESULTS.clear()
                _RESULTS[rest] = result
            if result.shown is not None:
                for run, description in result.descriptions:
                    self.descriptions[(player, run)] = description
                self._show(player, result.shown, result.mucked, result.description, number)
        elif line[:10] == "Total pot ":
            totals = _totals_read(self.decimals)
            total = totals.get(line)
            if total is None:
                total = read_total(line, self.decimals)
                if len(totals) > _KEEP:
                    totals.clear()
                totals[line] = total
            self.total_pot, self.pots, deductions = total
            if deductions:
                self.deductions.extend(deductions)
        elif line[:7] == "Board [" and line.find("]") == len(line) - 1:  # "Board [<cards>]"
            pending = self.pending_ordinal
            self.pending_ordinal = None
            self.summary_boards.append((pending or 0, cards(line[7:-1]), number))
        elif "Board [" in line:
            board = SUMMARY_BOARD.match(line)
            if board is None:
                raise ParseError(expected=T_('"Board [<cards>]"'), found=line)
            ordinal = board.group("ordinal")
            pending = ORDINAL_INDEX[ordinal] if ordinal else self.pending_ordinal
            self.pending_ordinal = None
            self.summary_boards.append((pending or 0, cards(board.group("cards")), number))
        elif line in ORDINALS:  # GG: "FIRST" on its own line, then "Board [...]"
            self.pending_ordinal = ORDINAL_INDEX[line]
        elif line.startswith("Hand was run "):
            runs = RUNS.get(line[13:])
            if runs is None:
                raise ParseError(expected=T_('"Hand was run twice|two times|three times"'), found=line)
            self.runs_said = runs
        elif NOISE.match(line) is None:
            raise ParseError(expected=T_("a summary line (Total pot, Board, Seat <n>: ...)"), found=line)

    # -- the record ---------------------------------------------------------------------

    def _boards(self, last: int) -> tuple[tuple[str, ...], ...]:
        boards = [tuple(run) for run in self.runs] if self.runs else [tuple(self.common)]
        if self.runs_said and self.runs_said != len(boards):
            raise ParseError(
                expected=nT_(
                    "{n} board (the hand was run {n} time)", "{n} boards (the hand was run {n} times)", self.runs_said
                ),
                found=nT_("{n} board", "{n} boards", len(boards)),
                line=last,
            )
        for run, said, number in self.summary_boards:
            if run >= len(boards) or not said or boards[run][len(boards[run]) - len(said) :] != said:
                raise ParseError(
                    expected=T_("the summary board to agree with the streets ({cards})", cards=" ".join(boards[run]))
                    if run < len(boards)
                    else T_("the summary board to agree with the streets"),
                    found=" ".join(said),
                    line=number,
                )
        return tuple(boards)

    def _record(self, table: tuple[str, int, int | None], last: int) -> HandRecord:
        header = self.header
        stakes = header.stakes
        ante, button_blind = stakes.ante, stakes.button_blind
        if not ante and _P_ANTE in self.posted:
            ante = max([p.amount for p in self.posts if p.kind is _P_ANTE])
        if not button_blind and _P_BUTTON_BLIND in self.posted:
            button_blind = next(p.amount for p in self.posts if p.kind is _P_BUTTON_BLIND)
        small_blind = stakes.small_blind
        if header.game.betting is _B_FIXED_LIMIT and not small_blind:
            posted = next((p.amount for p in self.posts if p.kind is _P_SMALL_BLIND), None)
            small_blind = posted if posted is not None else stakes.big_blind // 2
        if (ante, button_blind, self.straddle, small_blind) != (
            stakes.ante,
            stakes.button_blind,
            stakes.straddle,
            stakes.small_blind,
        ):
            stakes = _new_stakes(
                ante,
                small_blind,
                stakes.big_blind,
                button_blind,
                self.straddle or stakes.straddle,
                stakes.min_bet,
                stakes.small_bet,
                stakes.big_bet,
                stakes.cap,
            )
        awards = self.awards
        if self.descriptions:
            awards = [
                _new_award(a.player, a.amount, a.pot, a.run, self.descriptions.get((a.player, a.run), ""), a.line)
                for a in awards
            ]
        table_name, button, max_seats = table
        return _new_hand(
            header.hand_id,
            tuple(self.seats),
            button,
            tuple(self.posts),
            tuple(self.actions),
            self._boards(last),
            tuple([_new_shown(p, d.cards, d.mucked, d.description, d.line) for p, d in self.shown.items()]),
            tuple(awards),
            tuple(self.returned),
            tuple(self.deductions),
            tuple([_new_cashout(p, o.amount, o.fee, kind) for (p, kind), o in self.outside.items()])
            if self.outside
            else (),
            self.total_pot,
            self.pots,
            None,  # finishing_stacks: not in this format
            header.game,
            stakes,
            header.currency,
            header.decimals,
            table_name,
            max_seats,
            header.started_at,
            _new_source(self.file, self.block.first_line, self.format),
        )


def _collected_from_pot(line: str) -> tuple[str, str] | None:
    """The name and amount of the usual ``<name> collected <amount> from pot`` (what the
    pattern reads: the amount is what has no space before " from pot"), or ``None``.

    >>> _collected_from_pot("wo olly collected $5.50 from pot"), _collected_from_pot("x collected  from pot")
    (('wo olly', '$5.50'), None)
    """
    head = line[:-9]
    at = head.rfind(" collected ")
    amount = head[at + 11 :]
    if at <= 0 or not amount or len(amount.split()) != 1 or len(amount.split()[0]) != len(amount):
        return None
    return head[:at], amount


def _at(error: ParseError, line: int) -> ParseError:
    """The error placed on a line, unless it already has one (a column counted in a part of
    the line, such as a card's place in its brackets, is dropped)."""
    if error.line:
        return error
    return ParseError(
        expected=error.expected,
        found=error.found,
        line=line,
        hand_id=error.hand_id,
        code=error.code,
    )
