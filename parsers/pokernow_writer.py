"""A PokerNow full log (CSV) and its ledger from a night of records.

:func:`write` gives the ``entry,at,order`` CSV a PokerNow table exports
(``../shared/formats/pokernow-and-home-games.md`` section 1), which
:mod:`parsers.pokernow` reads back to :func:`carried` of the records:

* rows newest first, ``entry`` always quoted (RFC 4180), ``at`` UTC with milliseconds,
  ``order`` = milliseconds x 100 + the row's place in its millisecond; a hand's start rows
  share one millisecond and leave gaps for the players' private rows (the downloader's
  ``Your hand is`` fills its own);
* players as ``"Name @ id"`` with a stable 10-character id per name (:func:`player_refs`;
  a name that already ends in `` @ <id>`` is kept);
* ``-- starting hand #N (id: ...)  No Limit Texas Hold'em (dealer: "...") --`` (2026's bare
  game name; ``Pot Limit Omaha Hi`` and ``Pot Limit Omaha Hi/Lo 8 or Better`` for Omaha hands,
  whose four hole cards are shown as dealt), ``Player stacks``, blinds, straddles, antes,
  missing/missed blinds and bomb-pot bets, actions as street totals (``calls 0.50``,
  ``raises to 2.00 and go all in``), ``Flop:  [J♣, 10♦, 5♣]`` boards with ``10`` for tens
  and suit symbols, the run-it-twice vote and ``(second run)`` boards, ``shows a Q♣, 8♠.``, ``Uncalled bet of``,
  ``collected X from pot with <hand> (combination: ...)``, ``-- ending hand #N --``, 7-2
  bounty payments after the end;
* the table around the hands: blind settings, seat requests and approvals with the
  first stack, ``joined``, admin stack updates for top-ups between hands, and ``quits the
  game`` when a player leaves or the night ends, so that the ledger reconciles;
* cents mode (amounts with two decimals) for records with ``decimals=2``, whole chips for 0.

:func:`write_ledger` gives the ledger CSV of the same night: one row per seat session,
``buy_in`` the first stack plus top-ups, ``buy_out`` the stack at the quit, ``net``, in
PokerNow's internal units (cents in a cents game), newest session first.

What a PokerNow log cannot carry (:func:`carried` shows the records as they read back):
player names (they become ``"Name @ id"``), ``currency`` (play money: ``CHIPS``), ``table``,
``max_seats``, the time zone and precision of ``started_at`` (UTC with milliseconds; a
start that is missing or not 2 s after the hand before is placed after it; a night with no
times starts at 2000-01-01), mucked and unshown
hole cards, shown hands' descriptions (only ``collected ... with`` says the hand),
``Award.pot``, ``total_pot``, ``pots``, ``finishing_stacks``, ``Cashout.kind`` and fees,
zero deductions, stakes other than the first posts (the blinds of a hand without them are
the hand before's), the game's ``site``/``declared``/``rules``/``tournament``, ``Source``.

Refused with a typed :class:`~parsers.errors.ParseError` naming the hand: games other
than no-limit (without a cap) or pot-limit Hold'em and pot-limit Omaha Hi or Hi/Lo 8 or
Better (PokerNow deals no five-card or fixed-limit Omaha), button blinds, rake and other
deductions, more than two runs, unknown board cards, money other than cents or chips (or
both in one night), a player's stack going below zero, cashout fees and bounty payments
nobody collects. A hand id the log cannot print is given one (:func:`pn_hand_id`).

:func:`dress` names the hands of simulated records in PokerNow's words (``Pair, A's``,
``Flush, Ah High``, ``Two Pair, 9's & 4's``) for the sample night.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import msgspec

from parsers.errors import T_, ParseError
from parsers.pokernow import GAMES
from parsers.record import (
    ActionKind,
    Award,
    Cashout,
    Game,
    HandRecord,
    PostKind,
    Seat,
    Shown,
    Stakes,
    Street,
)

FORMAT = "pokernow"
SITE = "PokerNow"

#: best five of some cards: (category, e.g. "two pair", and the five cards as they count)
Best = Callable[[Sequence[str]], tuple[str, tuple[str, ...]]]

#: the header's game name of each game a log can hold, as the reader knows them (PokerNow deals
#: no-limit Hold'em, Pot Limit Omaha Hi and Hi/Lo 8 or Better; pot-limit Hold'em is a home game's)
_GAMES = {game: name for name, game in GAMES.items()}
_REF = re.compile(r".+ @ [A-Za-z0-9_-]{10}")
_HAND_ID = re.compile(r"[A-Za-z0-9_-]+")
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
_SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_POSTS = {
    PostKind.SMALL_BLIND: "posts a small blind of",
    PostKind.STRADDLE: "posts a straddle of",
    PostKind.ANTE: "posts an ante of",
    PostKind.DEAD_BLIND: "posts a missing small blind of",
}
_STREETS = ((Street.FLOP, "Flop", 3), (Street.TURN, "Turn", 4), (Street.RIVER, "River", 5))
_MS = timedelta(milliseconds=1)
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_NO_TIME = datetime(2000, 1, 1, tzinfo=UTC)  # the start of a night whose first hand has no time
_NEXT_HAND_MS = 60_000  # a hand without a time starts this long after the one before
_MIN_HAND_MS = 2_000  # hands start at least this far apart
_BETWEEN_MS = 1_000  # kept free before the next hand for the table's rows


def player_refs(records: Iterable[HandRecord]) -> dict[str, str]:
    """Each player's ``"Name @ id"``: the id is 10 characters from a hash of the name (other
    names of the night never share it); a name that already ends in `` @ <id>`` is kept.

    >>> player_refs([HandRecord("1", (Seat(1, "Anna", 100), Seat(2, "Ben @ 8bvVQ3MsC9", 100)))])
    {'Anna': 'Anna @ vGnzO3X-1m', 'Ben @ 8bvVQ3MsC9': 'Ben @ 8bvVQ3MsC9'}
    """
    names = list(dict.fromkeys(s.player for r in records for s in r.seats))
    used = {n.rsplit(" @ ", 1)[1] for n in names if _REF.fullmatch(n)}
    refs: dict[str, str] = {}
    for name in names:
        if _REF.fullmatch(name):
            refs[name] = name
            continue
        salt = 0
        while (ident := _ident(name, salt)) in used:
            salt += 1
        used.add(ident)
        refs[name] = f"{name} @ {ident}"
    return refs


def _ident(name: str, salt: int) -> str:
    digest = hashlib.blake2b(f"{salt}:{name}".encode(), digest_size=10, person=b"sixplus-pn").digest()
    first = _ALPHABET[digest[0] % 62]  # a letter or digit first: never a leading "-" in a spreadsheet
    return first + "".join(_ALPHABET[b % 64] for b in digest[1:])


def pn_hand_id(hand_id: str) -> str:
    """A hand id as the log's ``(id: ...)`` prints it: the record's own when it is letters,
    digits, ``_`` and ``-``, else 12 letters and digits of a hash of it (stable).

    >>> pn_hand_id("sjl1yzrshwjp"), pn_hand_id("Friday #7")
    ('sjl1yzrshwjp', '3zfga2ds5oyk')
    """
    if _HAND_ID.fullmatch(hand_id):
        return hand_id
    digest = hashlib.blake2b(hand_id.encode(), digest_size=12, person=b"sixplus-pn").digest()
    return "".join("abcdefghijklmnopqrstuvwxyz0123456789"[b % 36] for b in digest)


def pn_card(card: str) -> str:
    """A card as PokerNow prints it.

    >>> pn_card("Th"), pn_card("As")
    ('10♥', 'A♠')
    """
    return ("10" if card[0] == "T" else card[0]) + _SUITS[card[1]]


def _refuse(record: HandRecord, expected: str, found: str) -> ParseError:
    return ParseError(
        expected=T_("a hand a PokerNow log can express ({expected})", expected=expected),
        found=found,
        format=FORMAT,
        hand_id=record.hand_id,
    )


# ------------------------------------------------------------------------------------------
# the night: start times, stacks, sessions


def _epoch_ms(started_at: str) -> int:
    when = datetime.fromisoformat(started_at)
    when = when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)
    return (when - _EPOCH) // _MS


def _at(ms: int) -> str:
    when = _EPOCH + ms * _MS
    return f"{when:%Y-%m-%dT%H:%M:%S}.{ms % 1000:03d}Z"


def _starts(records: Sequence[HandRecord]) -> list[int]:
    """Each hand's start (epoch milliseconds): its own time, unless it has none (a minute
    after the hand before; 2000-01-01 for the first) or it is not 2 s after the hand before
    (then 2 s after)."""
    starts: list[int] = []
    for record in records:
        wanted = _epoch_ms(record.started_at) if record.started_at else None
        if not starts:
            starts.append(wanted if wanted is not None else (_NO_TIME - _EPOCH) // _MS)
        elif wanted is None:
            starts.append(starts[-1] + _NEXT_HAND_MS)
        else:
            starts.append(max(wanted, starts[-1] + _MIN_HAND_MS))
    return starts


def _put_in(record: HandRecord) -> dict[str, int]:
    """What each player put in the pot: dead posts, and each street's last total."""
    dead: dict[str, int] = {}
    streets: dict[Street, dict[str, int]] = {Street.PREFLOP: {}}
    for post in record.posts:
        if post.kind.is_live:
            streets[Street.PREFLOP][post.player] = streets[Street.PREFLOP].get(post.player, 0) + post.amount
        else:
            dead[post.player] = dead.get(post.player, 0) + post.amount
    for action in record.actions:
        if action.kind not in (ActionKind.FOLD, ActionKind.CHECK):
            streets.setdefault(action.street, {})[action.player] = action.to
    for totals in streets.values():
        for player, amount in totals.items():
            dead[player] = dead.get(player, 0) + amount
    return dead


def end_stacks(record: HandRecord) -> dict[str, int]:
    """Each seat's stack after the hand, by the record's own chips (start - put in +
    returned + collected + bounties)."""
    put_in = _put_in(record)
    ends = {s.player: s.stack - put_in.get(s.player, 0) for s in record.seats}
    for player, amount in [
        *((r.player, r.amount) for r in record.returned),
        *((a.player, a.amount) for a in record.awards),
    ]:
        ends[player] = ends.get(player, 0) + amount
    for cashout in record.cashouts:
        ends[cashout.player] = ends.get(cashout.player, 0) + cashout.amount - cashout.fee
    return ends


@dataclass(slots=True)
class _Session:
    """One seat session of a player (one ledger row)."""

    player: str  # "Name @ id"
    start: int  # ms of the hand the player joined
    buy_in: int
    end: int | None = None
    buy_out: int | None = None


@dataclass(frozen=True, slots=True)
class _Night:
    """The records renamed to ``"Name @ id"``, their starts, and the sessions."""

    records: tuple[HandRecord, ...]
    starts: tuple[int, ...]
    decimals: int


def _night(records: Iterable[HandRecord]) -> _Night:
    originals = list(records)
    refs = player_refs(originals)
    renamed = tuple(_renamed(r, refs) for r in originals)
    decimals = {r.decimals for r in renamed}
    for record in renamed:
        _check(record)
        if len(decimals) > 1:
            raise _refuse(record, T_("one money unit for the night"), f"decimals {sorted(decimals)}")
    return _Night(renamed, tuple(_starts(renamed)), decimals.pop() if decimals else 0)


def _renamed(record: HandRecord, refs: dict[str, str]) -> HandRecord:
    def ref(name: str) -> str:
        if name not in refs:
            raise _refuse(record, T_("players who have a seat"), name)
        return refs[name]

    replace = msgspec.structs.replace
    return replace(
        record,
        hand_id=pn_hand_id(record.hand_id),
        seats=tuple(replace(s, player=ref(s.player)) for s in record.seats),
        posts=tuple(replace(p, player=ref(p.player)) for p in record.posts),
        actions=tuple(replace(a, player=ref(a.player)) for a in record.actions),
        shown=tuple(replace(s, player=ref(s.player)) for s in record.shown),
        awards=tuple(replace(a, player=ref(a.player)) for a in record.awards),
        returned=tuple(replace(r, player=ref(r.player)) for r in record.returned),
        cashouts=tuple(replace(c, player=ref(c.player)) for c in record.cashouts),
    )


def _check(record: HandRecord) -> None:
    game = record.game
    if (game.variant, game.betting) not in _GAMES:
        raise _refuse(
            record,
            T_("no-limit or pot-limit Hold'em or pot-limit Omaha (Hi, Hi/Lo)"),
            f"{game.variant.value} {game.betting.value}",
        )
    if record.stakes.cap:
        raise _refuse(record, T_("no limit without a cap"), f"a cap of {record.stakes.cap}")
    if record.decimals not in (0, 2):
        raise _refuse(record, T_("money in cents (decimals 2) or chips"), f"{record.decimals} decimals")
    for seat in record.seats:
        if "\n" in seat.player or "\r" in seat.player or not seat.player.strip():
            raise _refuse(record, T_("player names on one line"), repr(seat.player))
    if any(p.kind is PostKind.BUTTON_BLIND for p in record.posts):
        raise _refuse(record, T_("no button blind"), T_("a button_blind post"))
    if any(d.amount for d in record.deductions):
        raise _refuse(
            record, T_("no rake or other deductions"), ", ".join(d.kind for d in record.deductions if d.amount)
        )
    if len(record.boards) > 2:
        raise _refuse(record, T_("at most two runs"), f"{len(record.boards)} boards")
    if any(a.run > 1 for a in record.awards):
        raise _refuse(record, T_("at most two runs"), f"an award of run {max(a.run for a in record.awards) + 1}")
    if any("??" in board for board in record.boards):
        raise _refuse(record, T_("known board cards"), " ".join(c for b in record.boards for c in b))
    if any(c.fee for c in record.cashouts):
        raise _refuse(
            record, T_("7-2 bounties without fees"), ", ".join(f"{c.player} {c.fee}" for c in record.cashouts)
        )
    if any(c.amount < 0 for c in record.cashouts) and not any(c.amount > 0 for c in record.cashouts):
        raise _refuse(record, T_("a 7-2 bounty someone collects"), T_("payments only"))


# ------------------------------------------------------------------------------------------
# rows


@dataclass(slots=True)
class _Rows:
    """The log's rows as (entry, ms, k); k counts the rows of one millisecond."""

    rows: list[tuple[str, int, int]] = field(default_factory=list)
    ms: int = -1
    k: int = -1

    def at(self, ms: int) -> None:
        """The next row at ``ms`` (or later, if rows already went past it)."""
        if ms > self.ms:
            self.ms, self.k = ms, -1

    def add(self, entry: str, delay: int = 0) -> None:
        self.skip(delay)
        self.rows.append((entry, self.ms, self.k))

    def skip(self, delay: int = 0) -> None:
        """A place for a row that is not exported (another player's hole cards)."""
        if delay > 0:
            self.ms, self.k = self.ms + delay, 0
        elif self.k >= 99:
            self.ms, self.k = self.ms + 1, 0
        else:
            self.k += 1

    def csv(self) -> str:
        lines = ["entry,at,order"]
        for entry, ms, k in reversed(self.rows):
            quoted = '"' + entry.replace('"', '""') + '"'
            lines.append(f"{quoted},{_at(ms)},{ms * 100 + k}")
        return "\n".join(lines) + "\n"


def _amount(value: int, decimals: int) -> str:
    whole, frac = divmod(value, 10**decimals)
    return f"{whole}.{frac:02d}" if decimals else str(value)


def _quoted(player: str) -> str:
    return f'"{player}"'


def _board_line(name: str, board: Sequence[str], second: bool = False) -> str:
    label = f"{name} (second run)" if second else name
    cards = [pn_card(c) for c in board]
    if len(cards) == 3:
        return f"{label}:  [{', '.join(cards)}]"
    return f"{label}: {', '.join(cards[:-1])} [{cards[-1]}]"


def _shows(record: HandRecord) -> list[tuple[str, tuple[str, ...]]]:
    """The hands a log shows (``shows a ...``), seat by seat: not mucked, a known card or two."""
    shown = {s.player: s for s in record.shown if not s.mucked}
    out = []
    for seat in record.seats:
        hand = shown.get(seat.player)
        known = tuple(c for c in hand.cards if c != "??") if hand else ()
        if known:
            out.append((seat.player, known))
    return out


@dataclass(frozen=True, slots=True)
class _Step:
    entry: str | None  # None: a row the export leaves out (another player's hole cards)
    delay: int  # milliseconds after the row before


class _Hand:
    """The steps of one hand's rows, from its header to its last bounty line."""

    def __init__(self, record: HandRecord, number: int, *, best: Best | None, downloader: str | None) -> None:
        self.record = record
        self.number = number
        self.best = best
        self.downloader = downloader
        self.rng = random.Random(f"{record.hand_id}:{number}")
        self.steps: list[_Step] = []

    def row(self, entry: str | None, delay: int = 0) -> None:
        self.steps.append(_Step(entry, delay))

    def a(self, value: int) -> str:
        if value < 0:
            raise _refuse(self.record, T_("amounts that are not negative"), str(value))
        return _amount(value, self.record.decimals)

    def think(self) -> int:
        return self.rng.randint(1_200, 9_000)

    def start(self, joined: Sequence[Seat]) -> None:
        record = self.record
        dealer = next((s.player for s in record.seats if s.seat == record.button), None)
        where = f'(dealer: "{dealer}")' if dealer else "(dead button)"
        game = _GAMES[record.game.variant, record.game.betting]
        self.row(f"-- starting hand #{self.number} (id: {record.hand_id})  {game} {where} --")
        for seat in joined:
            self.row(f"The player {_quoted(seat.player)} joined the game with a stack of {self.a(seat.stack)}.")
        self.row(
            "Player stacks: " + " | ".join(f"#{s.seat} {_quoted(s.player)} ({self.a(s.stack)})" for s in record.seats)
        )
        cards = {s.player: s.cards for s in record.shown}
        for seat in record.seats:
            if seat.sitting_out:
                continue
            hole = cards.get(seat.player, ())
            if seat.player == self.downloader and hole and "??" not in hole:
                self.row("Your hand is " + ", ".join(pn_card(c) for c in hole))
            else:
                self.row(None)
        kinds = {p.kind for p in record.posts}
        if PostKind.BIG_BLIND in kinds and not kinds & {PostKind.SMALL_BLIND, PostKind.BOMB}:
            self.row("Dead Small Blind")
        big = bomb = False
        for post in record.posts:
            who, amount = _quoted(post.player), self.a(post.amount)
            all_in = " and go all in " if post.all_in else ""  # PokerNow ends an all-in post with a space
            if post.kind is PostKind.BOMB:
                text = (
                    f"{who} calls {amount} (bomb pot bet)" if bomb else f"{who} posts a bet of {amount} (bomb pot bet)"
                )
                bomb = True
            elif post.kind is PostKind.BIG_BLIND:
                text = f"{who} posts a {'missed big blind' if big else 'big blind'} of {amount}"
                big = True
            else:
                text = f"{who} {_POSTS[post.kind]} {amount}"
            self.row(text + all_in)

    def actions(self, street: Street) -> None:
        for action in self.record.actions:
            if action.street is not street:
                continue
            kind = action.kind
            text = {
                ActionKind.FOLD: "folds",
                ActionKind.CHECK: "checks",
                ActionKind.CALL: f"calls {self.a(action.to)}",
                ActionKind.BET: f"bets {self.a(action.to)}",
                ActionKind.RAISE: f"raises to {self.a(action.to)}",
            }[kind]
            all_in = " and go all in" if action.all_in and kind not in (ActionKind.FOLD, ActionKind.CHECK) else ""
            self.row(f"{_quoted(action.player)} {text}{all_in}", self.think())

    def play(self, rit_table: bool) -> None:
        record = self.record
        boards = record.boards or ((),)
        board = boards[0]
        acted = {a.street for a in record.actions}
        self.actions(Street.PREFLOP)
        written = 0
        for index, (street, name, size) in enumerate(_STREETS):
            if acted & {s for s, _, _ in _STREETS[index:]}:
                if len(board) < size:
                    raise _refuse(
                        record,
                        T_("board cards for the {street} actions", street=street.value),
                        " ".join(board) or "no board",
                    )
                self.row(_board_line(name, board[:size]), 800)
                written = size
                self.actions(street)
        folded = {a.player for a in record.actions if a.kind is ActionKind.FOLD}
        in_hand = [s.player for s in record.seats if not s.sitting_out and s.player not in folded]
        showdown = len(in_hand) >= 2
        later = [_board_line(n, board[:size]) for _, n, size in _STREETS if written < size <= len(board)]
        if len(boards) > 1:
            common = 0
            while common < min(len(board), len(boards[1])) and board[common] == boards[1][common]:
                common += 1
            later += [
                _board_line(n, boards[1][:size], True) for _, n, size in _STREETS if common < size <= len(boards[1])
            ]
        gap = 0 if showdown else 900
        for returned in record.returned:
            self.row(f"Uncalled bet of {self.a(returned.amount)} returned to {_quoted(returned.player)}", gap)
            gap = 0
        if showdown and later and rit_table:
            self.row("Remaining players decide whether to run it twice.", gap)
            if len(boards) > 1:
                for player in in_hand:
                    self.row(f"{_quoted(player)} chooses to  run it twice.", self.rng.randint(500, 4_000))
                self.row("All players in hand choose to run it twice.")
            else:
                self.row(f"{_quoted(in_hand[0])} chooses to not run it twice.", self.rng.randint(500, 4_000))
                self.row("Some players choose to not run it twice.")
            gap = 800
        shows = _shows(record)
        if showdown:
            for index, (player, cards) in enumerate(shows):  # shown together, a moment after the last action
                self.row(
                    f"{_quoted(player)} shows a {', '.join(pn_card(c) for c in cards)}.", 0 if index else gap or 800
                )
            gap = 0 if shows else gap
        for line in later:
            self.row(line, 4_000)
            gap = 4_000
        self._collected(gap if later or not showdown else 0 if shows else 800)
        self.row(f"-- ending hand #{self.number} --")
        if not showdown:
            for player, cards in shows:
                self.row(f"{_quoted(player)} shows a {', '.join(pn_card(c) for c in cards)}.", 1_500)
        collector = next((c.player for c in record.cashouts if c.amount > 0), "")
        for cashout in record.cashouts:
            who = _quoted(cashout.player)
            if cashout.amount < 0:
                self.row(f"{who} paid {self.a(-cashout.amount)} for the 7-2 bounty to {_quoted(collector)}", 1_000)
            elif cashout.amount > 0:
                self.row(f"{who} collected {self.a(cashout.amount)} from the 7-2 bounty", 0)

    def _collected(self, gap: int) -> None:
        record = self.record
        boards = record.boards or ((),)
        hands = {s.player: s.cards for s in record.shown if len(s.cards) == 2 and "??" not in s.cards}
        for run in (0, 1):
            for award in record.awards:
                if award.run != run:
                    continue
                text = f"{_quoted(award.player)} collected {self.a(award.amount)} from pot"
                second = " on the second run" if run else ""
                if award.description:
                    text += f" with {award.description}{second}"
                    board = boards[run] if run < len(boards) else ()
                    if self.best is not None and award.player in hands and len(board) == 5:
                        five = self.best((*hands[award.player], *board))[1]
                        text += ("  " if run else " ") + f"(combination: {', '.join(pn_card(c) for c in five)})"
                else:
                    text += second
                self.row(text, gap)
                gap = 0


# ------------------------------------------------------------------------------------------
# the night's log, sessions and ledger


def _blinds_lines(before: Stakes, after: Stakes, decimals: int) -> list[str]:
    lines = []
    for word, old, new in (
        ("small blind", before.small_blind, after.small_blind),
        ("big blind", before.big_blind, after.big_blind),
        ("ante", before.ante, after.ante),
    ):
        if old != new:
            lines.append(f"The game's {word} was changed from {_amount(old, decimals)} to {_amount(new, decimals)}.")
    return lines


def _play(
    records: Iterable[HandRecord], *, best: Best | None = None, downloader: str | None = None
) -> tuple[_Rows, list[_Session], int]:
    """The night's rows and seat sessions (and its money unit)."""
    originals = list(records)
    night = _night(originals)
    refs = player_refs(originals)
    chosen = refs.get(downloader or "", downloader)
    d = night.decimals
    rows = _Rows()
    sessions: list[_Session] = []
    open_: dict[str, _Session] = {}
    ends: dict[str, int] = {}
    rit_table = any(len(r.boards) > 1 for r in night.records)
    stakes = Stakes(small_blind=10, big_blind=20)  # a new table's blinds: 0.10/0.20 in cents, 10/20 in chips
    if night.records:  # the table's set-up before the first hand
        first = night.records[0]
        rows.at(night.starts[0] - 120_000)
        for line in _blinds_lines(stakes, first.stakes, d):
            rows.add(line)
        stakes = first.stakes
        for index, seat in enumerate(first.seats):
            rows.at(night.starts[0] - 90_000 + 7_000 * index)
            rows.add(f"The player {_quoted(seat.player)} requested a seat.")
            rows.add(
                f"The admin approved the player {_quoted(seat.player)} participation with a stack of "
                f"{_amount(seat.stack, d)}.",
                2_000,
            )
    for index, record in enumerate(night.records):
        start = night.starts[index]
        rows.at(start)
        joined = [s for s in record.seats if s.player not in open_]
        for seat in record.seats:
            if seat.player in open_ and ends[seat.player] != seat.stack:
                rows.add(
                    f"The admin updated the player {_quoted(seat.player)} stack from {_amount(ends[seat.player], d)} "
                    f"to {_amount(seat.stack, d)}."
                )
                open_[seat.player].buy_in += seat.stack - ends[seat.player]
        for seat in joined:
            open_[seat.player] = _Session(seat.player, start, seat.stack)
            sessions.append(open_[seat.player])
        hand = _Hand(record, index + 1, best=best, downloader=chosen)
        hand.start(joined)
        hand.play(rit_table)
        _emit(rows, hand.steps, night.starts[index + 1] - start if index + 1 < len(night.starts) else None)
        after = end_stacks(record)
        for player, stack in after.items():
            if stack < 0:
                raise _refuse(record, T_("stacks that stay at zero or above"), f"{player} ends with {stack}")
        ends.update(after)
        following = night.records[index + 1] if index + 1 < len(night.records) else None
        staying = {s.player: s for s in following.seats} if following is not None else {}
        end_ms = rows.ms
        rows.at(end_ms + (100 if following is not None else 2_000))
        for player in [p for p in open_ if p not in staying]:
            rows.add(f"The player {_quoted(player)} quits the game with a stack of {_amount(ends[player], d)}.")
            session = open_.pop(player)
            session.end, session.buy_out = rows.ms, ends[player]
        if following is None:
            continue
        rows.at(end_ms + 200)
        for seat in following.seats:
            if seat.player not in open_:
                rows.add(f"The player {_quoted(seat.player)} requested a seat.")
                rows.add(
                    f"The admin approved the player {_quoted(seat.player)} participation with a stack of "
                    f"{_amount(seat.stack, d)}.",
                    100,
                )
        rows.at(end_ms + 400)
        for seat in following.seats:
            change = seat.stack - ends.get(seat.player, seat.stack)
            if seat.player in open_ and change:
                words = "adding" if change > 0 else "removing"
                rows.add(
                    f"WARNING: the admin queued the stack change for the player {_quoted(seat.player)} {words} "
                    f"{_amount(abs(change), d)} chips in the next hand."
                )
        for line in _blinds_lines(stakes, following.stakes, d):
            rows.add(line)
        stakes = following.stakes
    return rows, sessions, d


def _emit(rows: _Rows, steps: Sequence[_Step], window: int | None) -> None:
    """A hand's rows from its start; the delays shrink to fit before the next hand."""
    total = sum(step.delay for step in steps)
    room = None if window is None else max(window - _BETWEEN_MS, 0)
    scale = 1.0 if room is None or total <= room else room / total
    for step in steps:
        delay = int(step.delay * scale)
        if step.entry is None:
            rows.skip(delay)
        else:
            rows.add(step.entry, delay)


def write(records: Iterable[HandRecord], *, best: Best | None = None, downloader: str | None = None) -> str:
    """The PokerNow full log (CSV, newest row first) of a night of records.

    ``best`` (the category and five best cards of some cards) adds the ``(combination: ...)``
    of every described pot; ``downloader`` names the player whose ``Your hand is`` rows the
    log holds (a log downloaded by a spectator has none).
    """
    rows, _, _ = _play(records, best=best, downloader=downloader)
    return rows.csv()


def write_ledger(records: Iterable[HandRecord]) -> str:
    """The ledger CSV of a night: a row per seat session, newest first, in internal units
    (cents in a cents game), ``net = buy_out + stack - buy_in``."""
    _, sessions, _ = _play(records)
    lines = ["player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net"]
    for session in sorted(sessions, key=lambda s: s.start, reverse=True):
        name, ident = session.player.rsplit(" @ ", 1)
        out = session.buy_out or 0
        ended = _at(session.end) if session.end is not None else ""
        buy_out = str(session.buy_out) if session.buy_out is not None else ""
        nickname = '"' + name.replace('"', '""') + '"'
        lines.append(
            f"{nickname},{ident},{_at(session.start)},{ended},{session.buy_in},{buy_out},0,{out - session.buy_in}"
        )
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------------
# what the log carries


def carried(records: Iterable[HandRecord]) -> list[HandRecord]:
    """The records as :func:`write` then :mod:`parsers.pokernow` give them back (``source``
    and line numbers aside): see the module docstring for what a log cannot carry."""
    night = _night(records)
    out: list[HandRecord] = []
    before = (Stakes(), 0)
    for record, start in zip(night.records, night.starts, strict=True):
        shown = tuple(Shown(p, cards if len(cards) > 1 else (cards[0], "??")) for p, cards in _shows(record))
        active = {p.player for p in record.posts} | {a.player for a in record.actions} | {s.player for s in shown}
        active |= {a.player for a in record.awards} | {r.player for r in record.returned}
        posts = tuple(msgspec.structs.replace(p, line=0) for p in record.posts)
        big = next((p.amount for p in posts if p.kind is PostKind.BIG_BLIND), None)

        last = before[0] if before[1] == record.decimals else Stakes()
        stakes = Stakes(
            ante=max((p.amount for p in posts if p.kind is PostKind.ANTE), default=0),
            small_blind=next((p.amount for p in posts if p.kind is PostKind.SMALL_BLIND), last.small_blind),
            big_blind=big if big is not None else last.big_blind,
            straddle=next((p.amount for p in posts if p.kind is PostKind.STRADDLE), 0),
        )
        kept = HandRecord(
            hand_id=record.hand_id,
            seats=tuple(Seat(s.seat, s.player, s.stack, s.player not in active) for s in record.seats),
            button=record.button if any(s.seat == record.button for s in record.seats) else None,
            posts=posts,
            actions=tuple(msgspec.structs.replace(a, line=0) for a in record.actions),
            boards=tuple(b for b in record.boards if b) or ((),),
            shown=shown,
            awards=tuple(
                Award(a.player, a.amount, None, a.run, a.description)
                for run in (0, 1)
                for a in record.awards
                if a.run == run
            ),
            returned=tuple(msgspec.structs.replace(r, line=0) for r in record.returned),
            cashouts=tuple(Cashout(c.player, c.amount) for c in record.cashouts if c.amount),
            game=Game(
                variant=record.game.variant,
                betting=record.game.betting,
                site=SITE,
                declared=_GAMES[record.game.variant, record.game.betting],
            ),
            stakes=stakes,
            currency="CHIPS",
            decimals=record.decimals,
            started_at=_at(start),
            source=record.source,
        )
        before = (stakes, record.decimals)
        out.append(kept)
    return out


# ------------------------------------------------------------------------------------------
# PokerNow's words for simulated hands

_RANKS = {"T": "10"}


def pn_words(category: str, five: Sequence[str]) -> str:
    """A hand's name as PokerNow's ``collected ... with`` says it, from its category and its
    five cards as they count (straight flushes are our guess: none was seen in a real log).

    >>> pn_words("two pair", ("9h", "9c", "4d", "4h", "Qs")), pn_words("flush", ("Ah", "Th", "5h", "3h", "2h"))
    ("Two Pair, 9's & 4's", 'Flush, Ah High')
    >>> pn_words("full house", ("3s", "3d", "3c", "7d", "7c")), pn_words("high card", ("As", "Tc", "9s", "8h", "5c"))
    ("Full House, 3's over 7's", 'A High')
    """
    r = [_RANKS.get(c[0], c[0]) for c in five]
    return {
        "high card": f"{r[0]} High",
        "one pair": f"Pair, {r[0]}'s",
        "two pair": f"Two Pair, {r[0]}'s & {r[2]}'s",
        "three of a kind": f"Three of a Kind, {r[0]}'s",
        "straight": f"Straight, {r[0]} High",
        "flush": f"Flush, {r[0]}{five[0][1]} High",
        "full house": f"Full House, {r[0]}'s over {r[3]}'s",
        "four of a kind": f"Four of a Kind, {r[0]}'s",
        "straight flush": f"Straight Flush, {r[0]} High",
    }[category]


def dress(record: HandRecord, best: Best) -> HandRecord:
    """A simulated hand as a PokerNow table would say it: every pot won at a showdown named
    in PokerNow's words (``best`` gives the category and five cards of some cards); a pot
    won without a showdown has no words."""
    boards = record.boards or ((),)
    hands = {s.player: s.cards for s in record.shown if not s.mucked and len(s.cards) == 2 and "??" not in s.cards}
    awards = []
    for award in record.awards:
        board = boards[award.run] if award.run < len(boards) else ()
        words = pn_words(*best((*hands[award.player], *board))) if award.player in hands and len(board) == 5 else ""
        awards.append(msgspec.structs.replace(award, description=words))
    return msgspec.structs.replace(record, awards=tuple(awards))
