"""PokerNow full-log CSV (``entry,at,order``): hands, and the table events between them.

Reading
-------
* The CSV is read with :mod:`csv` (multi-line entries, doubled quotes). Rows come newest
  first; they are sorted by ``order``. Hand-cut excerpts whose ``order`` values do not run
  with their ``at`` times are sorted by ``(at, order)`` instead.
* A hand is every row from ``-- starting hand #N`` up to the next start: shows, ``Undealt
  cards`` and 7-2 bounty lines after ``-- ending hand #N --`` belong to hand N. A hand with
  no ending line (a log cut mid-hand) is rejected ``TRUNCATED``. A log cut at any byte is
  read the same way at either end: a first line that is neither the header nor a whole row,
  or a last line without its line end that is not a whole row (a row is whole when its
  ``order`` still matches its ``at`` time), is a cut row, never read as data; a log without
  its ``entry,at,order`` header lost its newest rows, so its newest hand is ``TRUNCATED``;
  rows of a hand whose start is cut off (before the first ``-- starting hand``, other than
  table events) are one ``TRUNCATED`` rejection naming the cut line. A hand that is not
  Hold'em, ``Pot Limit Omaha Hi`` or ``Pot Limit Omaha Hi/Lo 8 or Better`` (:data:`GAMES`)
  is rejected ``UNSUPPORTED_GAME``. Table events
  (seat requests, joins, quits, admin stack changes, blind changes, spectator notices)
  may sit anywhere, also inside a hand, and never break it. Any other line inside a hand
  that the grammar does not know rejects that hand with its line (``PARSE_ERROR``).

Mapping to :class:`~parsers.record.HandRecord`
----------------------------------------------
* ``Player stacks`` lists every seated player; one who neither posts nor acts nor shows
  was not dealt in and is a seat with ``sitting_out=True``.
* **Players are ``"Name @ id"``**, exactly as the log prints them: unique within a hand,
  and they carry PokerNow's id, the identity that lasts across nicknames and that the
  ledger uses. :func:`player_id` and :func:`display_name` split them.
* **Units:** a hand whose ``Player stacks`` show decimals is in cents mode (``decimals=2``);
  else chips (``decimals=0``). The mode may change mid-log; each hand says its own.
  ``currency`` is ``CHIPS`` (PokerNow is play money).
* Calls, bets, raises and blind posts are street totals ("raise to"), as the log prints
  them. ``posts a missing small blind`` is a ``DEAD_BLIND``, ``posts a missed big blind``
  a live ``BIG_BLIND``, ``posts an ante`` an ``ANTE``, straddles ``STRADDLE``; a bomb pot's
  ``posts a bet ... (bomb pot bet)`` and ``calls ... (bomb pot bet)`` are ``BOMB`` posts and
  the betting starts on the flop.
* Run it twice and double board: ``(second run)`` / ``(second board)`` lines make a second
  board (they never start a betting street); ``collected ... on the second run|board``
  awards have ``run=1``. ``Undealt cards`` (rabbit hunt), ``Your hand is`` (the log never
  says whose hand that is) and the run-it-twice votes are not part of the record.
* 7-2 bounty payments become :class:`~parsers.record.Cashout` records: the payer with a
  negative amount, the collector with the total.
* ``hand_id`` is the log's ``(id: ...)`` where printed (from 2022-11), else
  ``pn<number>-<hash of the hand's rows>``: stable across imports of the same file.
  ``table`` is the game id in a ``poker_now_log_<gameId>.csv`` file name.
  ``Game.site`` is ``PokerNow``; ``Game.declared`` the header's game name.

Table events
------------
:func:`read_events` returns the log's seat and stack events (buy-in approvals, joins,
stand-ups, quits, admin stack changes, id changes) as :class:`TableEvent` records for the
ledger reconciliation in :mod:`parsers.pokernow_ledger`.
"""

from __future__ import annotations

import csv
import hashlib
import io
import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import PurePath

from parsers.amounts import parse_amount
from parsers.cardtext import split_cards
from parsers.errors import T_, ParseError, RejectCode, Rejected
from parsers.record import (
    Action,
    ActionKind,
    Award,
    Betting,
    Cashout,
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

FORMAT = "pokernow"
SITE = "PokerNow"
#: the header game names we read, and their betting
GAMES: dict[str, tuple[Variant, Betting]] = {
    "No Limit Texas Hold'em": (Variant.HOLDEM, Betting.NO_LIMIT),
    "Pot Limit Texas Hold'em": (Variant.HOLDEM, Betting.POT_LIMIT),
    "Pot Limit Omaha Hi": (Variant.OMAHA, Betting.POT_LIMIT),
    "Pot Limit Omaha Hi/Lo 8 or Better": (Variant.OMAHA_HILO, Betting.POT_LIMIT),
}

_P = r'"(?P<player>.+\ @\ [A-Za-z0-9_-]{10})"'  # a quoted "Name @ id" (id: 10 characters)
_N = r"(?P<amount>\d+(?:\.\d+)?)"  # an amount: 12 or 0.25
_ALL_IN = r"(?P<all_in>\ and\ go\ all\ in)?"  # suffix of an all-in bet, call, raise or post

_START = re.compile(
    r"""^--\ starting\ hand\ \#(?P<number>\d+)\s*
    (?:\(id:\ (?P<id>[A-Za-z0-9_-]+)\)\s*)?             # the hand id, from 2022-11 on
    (?P<game>(?:.*?\S)?)\s*                              # "(No Limit Texas Hold'em)", bare from 2026
    (?:\(dealer:\ "(?P<dealer>.+\ @\ [A-Za-z0-9_-]{10})"\)|\(dead\ button\))  # the button
    \s*--$""",
    re.VERBOSE,
)
_END = re.compile(r"^--\ ending\ hand\ \#(?P<number>\d+)\s*--$", re.VERBOSE)
_STACKS = re.compile(r"^Player\ stacks:\s*(?P<list>.*)$", re.VERBOSE)
_STACK = re.compile(
    r"""\#(?P<seat>\d{1,3})\ "(?P<player>.+?\ @\ [A-Za-z0-9_-]{10})"  # seat and player
    \ \((?P<stack>\d+(?:\.\d+)?)\)                             # stack in parentheses
    (?:\ \|\ |$)                                               # separator or end
    """,
    re.VERBOSE,
)
_BOARD = re.compile(
    r"""^(?P<street>flop|turn|river)                  # any case: 2020 logs write "flop:"
    (?:\ \(second\ (?P<second>run|board)\))?:\s*      # a second run or board
    (?P<old>(?:[^\[]*?[^\[\s])?)\s*\[(?P<new>[^\]]*)\]$           # earlier cards, then the new ones
    """,
    re.VERBOSE | re.IGNORECASE,
)
_UNCALLED = re.compile(rf"^Uncalled\ bet\ of\ {_N}\ returned\ to\ {_P}$", re.VERBOSE)
_ACTIONS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(rf"^{_P}\ {grammar}$", re.VERBOSE))
    for name, grammar in (
        ("fold", r"folds"),
        ("check", r"checks"),
        ("bomb", rf"(?:posts\ a\ bet\ of|calls)\ {_N}\ \(bomb\ pot\ bet\){_ALL_IN}"),
        ("call", rf"calls\ {_N}{_ALL_IN}"),
        ("bet", rf"bets\ {_N}{_ALL_IN}"),
        ("raise", rf"raises\ to\ {_N}{_ALL_IN}"),
        (
            "post",
            rf"""posts\ an?\ (?P<kind>small\ blind|big\ blind|straddle|ante|missing\ small\ blind|missed\ big\ blind)
            \ of\ {_N}{_ALL_IN}""",
        ),
        ("show", r"shows\ a\ (?P<cards>.+?)\.?"),
        (
            "collect",
            rf"""collected\ {_N}\ from\ pot
            (?:\ with\ (?P<description>.*?\S))?               # the hand, where shown (ends in a letter: linear)
            (?P<second>\ on\ the\ second\ (?:run|board))?     # run it twice / double board
            (?:\s+\(combination:\ [^)]*\))?""",
        ),
        ("bounty_paid", rf'paid\ {_N}\ for\ the\ 7-2\ bounty\ to\ "(?P<to>.+\ @\ [A-Za-z0-9_-]{{10}})"'),
        ("bounty_won", rf"collected\ {_N}\ from\ the\ 7-2\ bounty"),
        ("vote", r"chooses\ to\s+(?:not\ )?run\ it\ twice\."),
        ("moved", r"will\ be\ playing\ on\ table\ .*"),  # tournament table moves
    )
)
_NOTICES = re.compile(
    r"""^(?:Your\ hand\ is\ .*                        # the downloader's cards: whose is not said
    |Dead\ Small\ Blind                                # the small blind seat is empty
    |Undealt\ cards.*                                  # rabbit hunt
    |Remaining\ players\ decide\ whether\ to\ run\ it\ twice\.
    |All\ players\ in\ hand\ choose\ to\ run\ it\ twice\.
    |Some\ players\ choose\ to\ not\ run\ it\ twice\.
    |The\ board\ will\ run\ it\ twice\ due\ the\ game\ settings\.)$""",
    re.VERBOSE,
)
_TABLE_LINE = re.compile(
    r"""^(?:The\ player\ |The\ admin\ |WARNING:|IMPORTANT:|The\ game|Game\ Config\ Changes
    |Asking\ to\ busted|Game\ entering|The\ tournament)""",
    re.VERBOSE,
)
_FILE_GAME = re.compile(r"poker_now_log_(?P<game>[A-Za-z0-9_-]+)\.csv$")
_HEADER = ("entry", "at", "order")
_DIGITS = re.compile(r"[0-9]{1,30}")  # ASCII only: str.isdigit() also takes "¹"; never 5,000 digits
_ROW = re.compile(r'^"(?:[^"]|"")*",(\d{4}-\d\d-\d\dT[^,]*),(\d+)\s*$')
_CLOCK_SLACK_MS = 1000  # ``order`` is the row's time in ms times 100 (plus a count), give or take


def sniff(text: str) -> bool:
    """Whether text is a PokerNow log: the ``entry,at,order`` header, or such a row first
    (or second, behind a row cut at a byte).

    >>> sniff("entry,at,order\\n")
    True
    >>> sniff("player_nickname,player_id,session_start_at\\n")
    False
    >>> sniff('checks",2020-12-20T21:33:30.500Z,160850001050000\\n"flop:  [A♣, K♣, 4♥]",2020-12-20T21:33:32.000Z,1')
    True
    """
    seen = 0
    for line in text.splitlines():
        if line.strip():
            cells = tuple(c.strip() for c in line.split(","))
            if cells == _HEADER or _ROW.match(line) is not None:
                return True
            seen += 1
            if seen == 2:
                return False
    return False


def player_id(player: str) -> str:
    """The PokerNow id of a ``"Name @ id"`` player.

    >>> player_id("spa @ ces @ ZQfm6ZDMPO")
    'ZQfm6ZDMPO'
    """
    return player.rsplit(" @ ", 1)[-1]


def display_name(player: str) -> str:
    """The nickname of a ``"Name @ id"`` player.

    >>> display_name("spa @ ces @ ZQfm6ZDMPO")
    'spa @ ces'
    """
    return player.rsplit(" @ ", 1)[0]


@dataclass(frozen=True, slots=True)
class Row:
    """One CSV row: the entry text, its time, its order key, and its first line in the file.

    A row that is not ``entry,at,order`` keeps its place next to the row above it in the file
    and carries ``problem``; the hand it falls into is rejected with it.
    """

    entry: str
    at: str
    order: int
    line: int
    problem: str = ""
    cut: bool = False  # the row was cut at a byte (the first or last line of a cut log)


def whole_row(line: str) -> bool:
    """Whether a line is a whole ``entry,at,order`` row: its ``order`` still runs with its time
    (a row cut in its ``order`` digits is not whole).

    >>> whole_row('"flop:  [A♣, K♣, 4♥]",2020-12-20T21:33:32.000Z,160850001200000')
    True
    >>> whole_row('"flop:  [A♣, K♣, 4♥]",2020-12-20T21:33:32.000Z,1608500012'), whole_row('A♣, K♣]",2020-12-20')
    (False, False)
    """
    match = _ROW.match(line)
    if match is None:
        return False
    try:
        at = datetime.fromisoformat(match.group(1).replace("Z", "+00:00"))
    except ValueError:
        return False
    ms = int(at.timestamp()) * 1000 + at.microsecond // 1000
    return abs(int(match.group(2)) // 100 - ms) <= _CLOCK_SLACK_MS


@dataclass(frozen=True, slots=True)
class Cut:
    """Where a log was cut at a byte: the rows cut, and whether its newest rows are gone."""

    newest: Row | None  # the first line, cut (the newest row kept in part)
    oldest: Row | None  # the last line, cut (the oldest row kept in part)
    headless: bool  # no ``entry,at,order`` header: the newest rows are gone

    @property
    def at_newest(self) -> bool:
        return self.headless or self.newest is not None


def _cut_rows(text: str) -> tuple[str, Cut]:
    """The text with its cut first and last lines blanked (so lines keep their numbers), and the cut."""
    lines = text.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        return text, Cut(None, None, False)
    headless = tuple(c.strip() for c in lines[first].split(",")) != _HEADER
    newest = oldest = None
    if headless and not whole_row(lines[first]):
        newest = Row(lines[first].strip(), "", 0, first + 1, problem=_shown(lines[first]), cut=True)
        lines[first] = ""
    last = len(lines) - 1
    if lines[last].strip() and last != first and not whole_row(lines[last]):
        oldest = Row(lines[last].strip(), "", 0, last + 1, problem=_shown(lines[last]), cut=True)
        lines[last] = ""
    if newest is None and oldest is None:
        return text, Cut(None, None, headless)
    return "\n".join(lines), Cut(newest, oldest, headless)


def _shown(line: str) -> str:
    return line.strip()[:80] or "an empty row"


def read_rows(text: str, *, file: str = "") -> list[Row]:
    """The log's rows, oldest first (sorted by ``order``; see the module docstring)."""
    return _read_rows(text, file=file)[0]


def _read_rows(text: str, *, file: str = "") -> tuple[list[Row], Cut]:
    """:func:`read_rows` and where the log was cut: a cut last line is the oldest row, a cut
    first line the newest, whatever numbers are left in them."""
    text, cut = _cut_rows(text)
    reader = csv.reader(io.StringIO(text))
    rows: list[Row] = []
    start = 1
    try:
        for cells in reader:
            line, start = start, reader.line_num + 1
            if not cells or not any(c.strip() for c in cells):
                continue
            if tuple(c.strip() for c in cells) == _HEADER:
                continue
            if len(cells) == 3 and _DIGITS.fullmatch(cells[2].strip()):
                rows.append(Row(cells[0].strip(), cells[1].strip(), int(cells[2].strip()), line))
                continue
            above = rows[-1] if rows else Row("", "", 0, 0)
            found = ",".join(cells)
            rows.append(Row(cells[0].strip(), above.at, above.order, line, problem=found[:80] or "an empty row"))
    except csv.Error as error:
        raise ParseError(expected=T_("CSV rows"), found=str(error), format=FORMAT, file=file, line=start) from None
    by_order = sorted(rows, key=lambda r: r.order)
    if not all(a.at <= b.at for a, b in itertools.pairwise(by_order)):
        by_order = sorted(rows, key=lambda r: (r.at, r.order))  # excerpts with a stray order value
    if cut.oldest is not None:
        by_order.insert(0, cut.oldest)
    if cut.newest is not None:
        by_order.append(cut.newest)
    return by_order, cut


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Read a PokerNow log: a record or a :class:`Rejected` for every ``-- starting hand``, and
    one ``TRUNCATED`` rejection for the rows of a hand whose start is cut off."""
    rows, cut = _read_rows(text, file=file)
    table_match = _FILE_GAME.search(PurePath(file).name) if file else None
    table = table_match.group("game") if table_match else ""
    starts = [i for i, r in enumerate(rows) if not r.cut and r.entry.startswith("-- starting hand")]
    headless = rows[: starts[0]] if starts else rows
    if any(r.cut or not is_table_line(r.entry) for r in headless):
        yield _start_cut(headless, file=file)
    carried = (Stakes(), 0)
    for k, first in enumerate(starts):
        block = rows[first : starts[k + 1] if k + 1 < len(starts) else len(rows)]
        last = k + 1 == len(starts)
        reader = _HandReader(block, file=file, table=table, carried=carried, last=last)
        try:
            if last and cut.at_newest:
                raise reader.cut_short()
            record = reader.read()
        except ParseError as error:
            yield Rejected.from_error(error)
            continue
        carried = (record.stakes, record.decimals)  # bomb pots and dead blinds keep the last blinds
        yield record


def is_table_line(entry: str) -> bool:
    """A table event or notice (joins, stacks approved, blinds changed, rabbit hunts): part of
    no hand's play, wherever it sits.

    >>> is_table_line('The player "Gus @ G" joined the game with a stack of 100.'), is_table_line("flop: [A♣]")
    (True, False)
    """
    return bool(_TABLE_LINE.match(entry) or _NOTICES.match(entry))


def _start_cut(rows: list[Row], *, file: str) -> Rejected:
    """The rows of a hand whose start (and all before it) is cut off, as one rejection at the cut."""
    play = [r for r in rows if r.cut or not is_table_line(r.entry)]
    at = max(play, key=lambda r: r.line)  # the cut: the oldest row kept is the file's last line
    error = ParseError(
        expected=T_("a hand from its -- starting hand line (the log is cut before it)"),
        found=at.problem or at.entry,
        format=FORMAT,
        file=file,
        line=at.line,
        code=RejectCode.TRUNCATED,
    )
    return Rejected.from_error(error)


def _error(
    expected: str, row: Row, *, file: str, hand: str | None, code: RejectCode = RejectCode.PARSE_ERROR
) -> ParseError:
    return ParseError(
        expected=expected, found=row.entry, format=FORMAT, file=file, line=row.line, hand_id=hand, code=code
    )


class _HandReader:
    """Reads one hand's rows into a record; raises ``ParseError`` for the first bad line."""

    def __init__(self, rows: list[Row], *, file: str, table: str, carried: tuple[Stakes, int], last: bool) -> None:
        self.rows = rows
        self.file = file
        self.table = table
        self.carried = carried
        self.last = last
        self.hand: str | None = None
        self.decimals = 0
        self.street = Street.PREFLOP
        self.boards: list[list[str]] = [[]]
        self.seats: list[Seat] = []
        self.posts: list[Post] = []
        self.actions: list[Action] = []
        self.shown: dict[str, Shown] = {}
        self.awards: list[Award] = []
        self.returned: list[Returned] = []
        self.cashouts: list[Cashout] = []
        self.regular: set[int] = set()  # lines of the regular blind and straddle posts
        self.ended = False

    def cut_short(self) -> ParseError:
        """The newest hand of a log cut at its newest end: its last rows are gone."""
        head = self.rows[0]
        start = _START.match(head.entry)
        number = start.group("number") if start else "?"
        hand = (start.group("id") if start else None) or f"#{number}"
        found = next((r.problem for r in self.rows if r.cut), "") or "a log cut before its header"
        return ParseError(
            expected=T_("-- ending hand #{number} -- (the log is cut after this hand started)", number=number),
            found=found,
            format=FORMAT,
            file=self.file,
            line=head.line,
            hand_id=hand,
            code=RejectCode.TRUNCATED,
        )

    def read(self) -> HandRecord:
        head = self.rows[0]
        start = _START.match(head.entry)
        if start is None:
            raise _error(T_('a hand header -- starting hand #N ... (dealer: "P") --'), head, file=self.file, hand=None)
        number = start.group("number")
        self.hand = start.group("id") or f"#{number}"
        game = start.group("game").strip()
        game = game[1:-1].strip() if game.startswith("(") and game.endswith(")") else game
        if game not in GAMES:
            raise ParseError(
                expected=T_("a hold'em or Omaha hand ({games})", games=", ".join(GAMES)),
                found=game,
                format=FORMAT,
                file=self.file,
                line=head.line,
                hand_id=self.hand,
                code=RejectCode.UNSUPPORTED_GAME,
            )
        for row in self.rows[1:]:
            self._row(row, number)
        if not self.ended:
            found = "the end of the log" if self.last else "the next -- starting hand"
            raise ParseError(
                expected=T_("-- ending hand #{number} --", number=number),
                found=found,
                format=FORMAT,
                file=self.file,
                line=head.line,
                hand_id=self.hand,
                code=RejectCode.TRUNCATED,
            )
        if not self.seats:
            raise _error(T_("a Player stacks line"), head, file=self.file, hand=self.hand)
        dealer = start.group("dealer")
        button = next((s.seat for s in self.seats if s.player == dealer), None) if dealer else None
        record = HandRecord(
            hand_id=start.group("id") or self._content_hash(number),
            seats=self._dealt_in(),
            button=button,
            posts=tuple(self.posts),
            actions=tuple(self.actions),
            boards=tuple(tuple(b) for b in self.boards if b) or ((),),
            shown=tuple(self.shown[s.player] for s in self.seats if s.player in self.shown),
            awards=tuple(self.awards),
            returned=tuple(self.returned),
            cashouts=tuple(self.cashouts),
            game=Game(variant=GAMES[game][0], betting=GAMES[game][1], site=SITE, declared=game),
            stakes=self._stakes(),
            currency="CHIPS",
            decimals=self.decimals,
            table=self.table,
            started_at=head.at or None,
            source=Source(file=self.file, line=head.line, format=FORMAT, number=int(number)),
        )
        return record

    def _dealt_in(self) -> tuple[Seat, ...]:
        """Seats, with ``sitting_out`` for a listed player who posts and does nothing.

        ``Player stacks`` lists every seated player, also one waiting to be dealt in; a
        player who was dealt must post or act before the hand can end.
        """
        active = {p.player for p in self.posts} | {a.player for a in self.actions} | set(self.shown)
        active |= {a.player for a in self.awards} | {r.player for r in self.returned}
        return tuple(s if s.player in active else Seat(s.seat, s.player, s.stack, sitting_out=True) for s in self.seats)

    def _content_hash(self, number: str) -> str:
        digest = hashlib.blake2b(digest_size=6)
        for row in self.rows:
            digest.update(f"{row.entry}\x1f{row.at}\x1f{row.order}\x1e".encode())
        return f"pn{number}-{digest.hexdigest()}"

    def _stakes(self) -> Stakes:
        def first(kind: PostKind, default: int) -> int:
            return next((p.amount for p in self.posts if p.kind is kind and p.line in self.regular), default)

        carried = self.carried[0] if self.carried[1] == self.decimals else Stakes()
        antes = [p.amount for p in self.posts if p.kind is PostKind.ANTE]
        return Stakes(
            ante=max(antes) if antes else 0,
            small_blind=first(PostKind.SMALL_BLIND, carried.small_blind),
            big_blind=first(PostKind.BIG_BLIND, carried.big_blind),
            straddle=first(PostKind.STRADDLE, 0),
        )

    def _amount(self, text: str, row: Row) -> int:
        try:
            return parse_amount(text, self.decimals)
        except ParseError as error:
            raise _error(error.expected, row, file=self.file, hand=self.hand, code=error.code) from None

    def _row(self, row: Row, number: str) -> None:
        if row.problem:
            raise ParseError(
                expected=T_("a row entry,at,order"),
                found=row.problem,
                format=FORMAT,
                file=self.file,
                line=row.line,
                hand_id=self.hand,
            )
        entry = row.entry
        end = _END.match(entry)
        if end is not None:
            if end.group("number") != number or self.ended:
                raise _error(T_("-- ending hand #{number} --", number=number), row, file=self.file, hand=self.hand)
            self.ended = True
            return
        if is_table_line(entry):
            return
        stacks = _STACKS.match(entry)
        if stacks is not None:
            self._stacks(stacks.group("list"), row)
            return
        if not self.seats:
            raise _error(T_("a Player stacks line"), row, file=self.file, hand=self.hand)
        board = _BOARD.match(entry)
        if board is not None:
            self._board(board, row)
            return
        uncalled = _UNCALLED.match(entry)
        if uncalled is not None:
            self._need_seat(uncalled.group("player"), row)
            self.returned.append(
                Returned(uncalled.group("player"), self._amount(uncalled.group("amount"), row), row.line)
            )
            return
        for name, pattern in _ACTIONS:
            match = pattern.match(entry)
            if match is not None:
                self._player_line(name, match, row)
                return
        raise _error(T_("a PokerNow hand line"), row, file=self.file, hand=self.hand)

    def _stacks(self, text: str, row: Row) -> None:
        if self.seats:
            raise _error(T_("one Player stacks line a hand"), row, file=self.file, hand=self.hand)
        position = 0
        found: list[tuple[int, str, str]] = []
        while position < len(text):
            match = _STACK.match(text, position)
            if match is None:
                raise _error(T_('Player stacks: #1 "Name @ id" (100) | ...'), row, file=self.file, hand=self.hand)
            found.append((int(match.group("seat")), match.group("player"), match.group("stack")))
            position = match.end()
        if not found:
            raise _error(T_('Player stacks: #1 "Name @ id" (100) | ...'), row, file=self.file, hand=self.hand)
        self.decimals = 2 if any("." in stack for _, _, stack in found) else 0
        self.seats = [Seat(seat, player, self._amount(stack, row)) for seat, player, stack in found]

    def _need_seat(self, player: str, row: Row) -> None:
        if not any(s.player == player for s in self.seats):
            raise _error(T_("a player of the Player stacks line"), row, file=self.file, hand=self.hand)

    def _board(self, match: re.Match[str], row: Row) -> None:
        try:
            cards = split_cards(match.group("old")) + split_cards(match.group("new"))
        except ParseError as error:
            raise _error(error.expected, row, file=self.file, hand=self.hand, code=error.code) from None
        size = {"flop": 3, "turn": 4, "river": 5}[match.group("street").lower()]
        if len(cards) != size:
            raise _error(T_("{size} board cards", size=size), row, file=self.file, hand=self.hand)
        if match.group("second"):
            while len(self.boards) < 2:
                self.boards.append([])
            self.boards[1] = list(cards)
            return
        self.boards[0] = list(cards)
        self.street = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}[size]

    def _player_line(self, name: str, match: re.Match[str], row: Row) -> None:
        player = match.group("player")
        if name in ("vote", "moved"):
            return
        if name in ("bounty_paid", "bounty_won"):
            amount = self._amount(match.group("amount"), row)
            self.cashouts.append(Cashout(player, -amount if name == "bounty_paid" else amount))
            return
        self._need_seat(player, row)
        if name == "show":
            self._show(player, match.group("cards"), row)
            return
        amount = (
            self._amount(match.group("amount"), row) if "amount" in match.groupdict() and match.group("amount") else 0
        )
        if name == "collect":
            run = 1 if match.group("second") else 0
            self.awards.append(
                Award(player, amount, run=run, description=match.group("description") or "", line=row.line)
            )
            return
        if self.ended:
            raise _error(T_("no betting after -- ending hand"), row, file=self.file, hand=self.hand)
        all_in = bool(match.groupdict().get("all_in"))
        if name == "bomb":
            self.posts.append(Post(player, PostKind.BOMB, amount, all_in=all_in, line=row.line))
            return
        if name == "post":
            if match.group("kind") in ("small blind", "big blind", "straddle"):
                self.regular.add(row.line)
            self.posts.append(Post(player, _POST_KINDS[match.group("kind")], amount, all_in=all_in, line=row.line))
            return
        action = _ACTION_KINDS[name]
        to = amount if action in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE) else 0
        self.actions.append(Action(self.street, player, action, to=to, all_in=all_in, line=row.line))

    def _show(self, player: str, text: str, row: Row) -> None:
        try:
            cards = split_cards(text)
        except ParseError as error:
            raise _error(error.expected, row, file=self.file, hand=self.hand, code=error.code) from None
        if len(cards) == 1:
            cards = (*cards, "??")  # a one-card show: the other card stays unknown
        earlier = self.shown.get(player)
        if earlier is None or sum(c != "??" for c in cards) >= sum(c != "??" for c in earlier.cards):
            self.shown[player] = Shown(player, cards, line=row.line)


_POST_KINDS = {
    "small blind": PostKind.SMALL_BLIND,
    "big blind": PostKind.BIG_BLIND,
    "straddle": PostKind.STRADDLE,
    "ante": PostKind.ANTE,
    "missing small blind": PostKind.DEAD_BLIND,
    "missed big blind": PostKind.BIG_BLIND,
}
_ACTION_KINDS = {
    "fold": ActionKind.FOLD,
    "check": ActionKind.CHECK,
    "call": ActionKind.CALL,
    "bet": ActionKind.BET,
    "raise": ActionKind.RAISE,
}


# ----------------------------------------------------------------------------- table events


class EventKind(StrEnum):
    """A seat or stack event of the table, as the log prints it."""

    APPROVED = "approved"  # the admin approved a seat with a stack: a buy-in
    JOINED = "joined"  # a player took a seat with a stack (not necessarily a buy-in)
    SIT_BACK = "sit_back"
    STAND_UP = "stand_up"
    QUIT = "quit"  # left the game with a stack: a cash-out (the ledger's buy_out)
    QUEUED = "queued"  # an admin stack change queued for the next hand (detail: adding, removing, reseting to)
    UPDATED = "updated"  # an admin stack change applied: previous -> amount
    ID_CHANGED = "id_changed"  # a player's id changed (detail: the old id)


@dataclass(frozen=True, slots=True)
class TableEvent:
    """One seat or stack event. ``amount`` in the log's minor units (``decimals``)."""

    kind: EventKind
    player: str  # "Name @ id"
    amount: int = 0
    decimals: int = 0
    previous: int | None = None  # UPDATED: the stack before the change
    detail: str = ""
    at: str = ""
    line: int = 0

    @property
    def player_id(self) -> str:
        return player_id(self.player)


_EVENTS: tuple[tuple[EventKind, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(grammar, re.VERBOSE))
    for kind, grammar in (
        (EventKind.APPROVED, rf"^The\ admin\ approved\ the\ player\ {_P}\ participation\ with\ a\ stack\ of\ {_N}\.?$"),
        (EventKind.JOINED, rf"^The\ player\ {_P}\ joined\ the\ game\ with\ a\ stack\ of\ {_N}\.?$"),
        (EventKind.SIT_BACK, rf"^The\ player\ {_P}\ sit\ back\ with\ the\ stack\ of\ {_N}\.?$"),
        (EventKind.STAND_UP, rf"^The\ player\ {_P}\ stand\ up\ with\ the\ stack\ of\ {_N}\.?$"),
        (EventKind.QUIT, rf"^The\ player\ {_P}\ quits\ the\ game\ with\ a\ stack\ of\ {_N}\.?$"),
        (
            EventKind.QUEUED,
            rf"""^WARNING:\ the\ admin\ queued\ the\ stack\ change\ for\ the\ player\ {_P}
            \ (?P<detail>adding|removing|reseting\ to)\ {_N}\ chips\ in\ the\ next\ hand\.?$""",
        ),
        (
            EventKind.UPDATED,
            rf"^The\ admin\ updated\ the\ player\ {_P}\ stack\ from\ (?P<previous>\d+(?:\.\d+)?)\ to\ {_N}\.?$",
        ),
        (
            EventKind.ID_CHANGED,
            rf"""^The\ player\ {_P}\ changed\ the\ ID\ from\ (?P<detail>[A-Za-z0-9_-]+)
            \ to\ [A-Za-z0-9_-]+\ because\ .*$""",
        ),
    )
)


def read_events(text: str, *, file: str = "") -> tuple[TableEvent, ...]:
    """The seat and stack events of a log, oldest first (for the ledger reconciliation)."""
    events: list[TableEvent] = []
    for row in read_rows(text, file=file):
        for kind, pattern in _EVENTS:
            match = pattern.match(row.entry)
            if match is None:
                continue
            amount_text = match.groupdict().get("amount") or "0"
            decimals = 2 if "." in amount_text else 0
            previous = match.groupdict().get("previous")
            events.append(
                TableEvent(
                    kind=kind,
                    player=match.group("player"),
                    amount=parse_amount(amount_text, decimals),
                    decimals=decimals,
                    previous=parse_amount(previous, decimals) if previous else None,
                    detail=match.groupdict().get("detail") or "",
                    at=row.at,
                    line=row.line,
                )
            )
            break
    return tuple(events)


def write(records: Iterable[HandRecord]) -> str:
    """A PokerNow full log of the records (:mod:`parsers.pokernow_writer`)."""
    from parsers import pokernow_writer  # lazy: the writer loads only when asked for

    return pokernow_writer.write(records)
