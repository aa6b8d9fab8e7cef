"""Draws and bets of the "6+ Poker" live-dealer betting game (seed 003): records, JSON Lines, CSV.

Syntax only: this module reads what a file *claims* (the cards the scanner saw, the bets
taken, what each bet paid) and never decides who won or what a bet is owed; that is
:mod:`analyzer.casino`.

Two records, one a line in the native JSON Lines form, told apart by ``kind``::

    {"kind": "draw", "draw_id": "d1", "time": "2024-05-01T20:00:00Z", "status": "completed",
     "player": ["As", "Kd"], "dealer": ["9h", "9c"], "board": ["Ah", "7h", "6h", "Qs", "Tc"],
     "burned": [{"card": "Jd", "round": 3}], "discards": ["??", "??", "??"], "result": "player"}
    {"kind": "bet", "bet_id": "b1", "draw_id": "d1", "round": 2, "outcome": "player",
     "stake": 1000, "odds": "1.95", "paid": 1950, "currency": "EUR", "decimals": 2}

Conventions
-----------
* Money (``stake``, ``paid``) is an ``int`` in minor units: ``amount / 10**decimals``.
  ``paid`` is everything the bettor got back for the bet, stake included (0 for a lost bet).
* ``odds`` are decimal odds (stake included: 1.95 pays 1.95 per 1 staked), an exact
  :class:`~decimal.Decimal`, written as a string in JSON; never a float.
* Cards are canonical text (``"As"``); ``"??"`` is a card not seen (a face-down discard).
* A burned card (§5.2-5.3) carries the betting round during which it was shown.

The CSV import has two tables, told apart by their header (see the README, "The 6+ Poker
betting game"): draws (``draw_id, player, dealer, board`` required) and bets (``bet_id,
draw_id, round, outcome, stake, odds, paid`` required). CSV amounts are written in major
units (``10.50``) and converted exactly with ``decimals``; a finer amount is rejected.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal

import msgspec

from parsers.amounts import parse_amount
from parsers.bounds import MAX_DECIMALS, check_decimals, check_minor
from parsers.cardtext import split_cards
from parsers.errors import T_, CardError, ParseError, RejectCode, Rejected, at_path, nT_
from parsers.record import Source
from parsers.text import decode

FORMAT = "casino"
CSV_FORMAT = "casino-csv"
VERSION = 1


class DrawStatus(StrEnum):
    COMPLETED = "completed"
    CANCELLED = "cancelled"  # §5.1: every stake is refunded


class Side(StrEnum):
    """A draw's result as the dealer announced it (§1.1)."""

    PLAYER = "player"
    DEALER = "dealer"
    SPLIT = "split"


@dataclass(frozen=True, slots=True)
class Burn:
    """A card shown face up and burned during betting round ``round`` (§5.2-5.3)."""

    card: str
    round: int


@dataclass(frozen=True, slots=True)
class CasinoDraw:
    """One draw as the studio's scanner recorded it (C-SIDES, C-RESULT-DATA)."""

    draw_id: str
    player: tuple[str, ...] = ()
    dealer: tuple[str, ...] = ()
    board: tuple[str, ...] = ()
    status: DrawStatus = DrawStatus.COMPLETED
    time: str = ""
    burned: tuple[Burn, ...] = ()
    discards: tuple[str, ...] = ()  # face-down cards before flop, turn, river (§1.13); "??" if unseen
    result: Side | None = None  # announced; None when the source does not say
    cancel_reason: str = ""  # for a cancelled draw: why (see analyzer.casino.draws.CANCEL_REASONS)
    kind: Literal["draw"] = "draw"
    version: int = VERSION
    source: Source = field(default_factory=Source)


@dataclass(frozen=True, slots=True)
class CasinoBet:
    """One bet: taken in ``round`` (1-5) on ``outcome`` at ``odds``, and what it ``paid``."""

    bet_id: str
    draw_id: str
    round: int
    outcome: str
    stake: int
    odds: Decimal
    paid: int
    currency: str = ""
    decimals: int = 2
    time: str = ""
    kind: Literal["bet"] = "bet"
    version: int = VERSION
    source: Source = field(default_factory=Source)


CasinoRecord = CasinoDraw | CasinoBet


@dataclass(frozen=True, slots=True)
class CasinoFile:
    """Everything read from one file: draws, bets, and what was rejected with reasons."""

    file: str
    format: str
    draws: tuple[CasinoDraw, ...]
    bets: tuple[CasinoBet, ...]
    rejected: tuple[Rejected, ...]

    @property
    def count(self) -> int:
        return len(self.draws) + len(self.bets) + len(self.rejected)


_TYPES: dict[str, type[CasinoDraw] | type[CasinoBet]] = {"draw": CasinoDraw, "bet": CasinoBet}
_JSON_KEYS = {name: tuple(f.name for f in fields(t) if f.name != "source") for name, t in _TYPES.items()}
_decoder = msgspec.json.Decoder(float_hook=Decimal)  # 1.95 stays exact


def sniff(text: str) -> bool:
    """Whether text looks like casino JSON Lines (a first object with a draw or bet kind).

    >>> sniff('{"kind": "bet", "bet_id": "b1"}')
    True
    >>> sniff('{"hand_id": "h1", "seats": []}')
    False
    """
    for line in text.splitlines():
        stripped = line.strip()
        if stripped:
            return stripped.startswith("{") and re.search(r'"kind"\s*:\s*"(?:draw|bet)"', stripped) is not None
    return False


def _cards(value: tuple[str, ...], what: str) -> tuple[str, ...]:
    try:
        return split_cards(" ".join(value))
    except CardError as error:
        raise ParseError(
            expected=T_("{what}: {expected}", what=what, expected=error.expected),
            found=error.token,
            code=RejectCode.BAD_CARD,
        ) from None


MAX_ODDS = Decimal(1_000_000)


def _bounded(bet: CasinoBet) -> CasinoBet:
    """A bet within :mod:`parsers.bounds` (amounts, decimals), its odds a finite number from 0
    to a million with at most 8 decimals, its round 0 to 99: else a :class:`ParseError`."""
    check_decimals(bet.decimals)
    check_minor(bet.stake)
    check_minor(bet.paid)
    odds = bet.odds
    if not (odds.is_finite() and 0 <= odds <= MAX_ODDS and odds.as_tuple().exponent >= -MAX_DECIMALS):  # type: ignore[operator]
        raise ParseError(
            expected=T_(
                "odds: decimal odds from 0 to {max_odds} with at most {max_decimals} decimals",
                max_odds=format(MAX_ODDS, ","),
                max_decimals=MAX_DECIMALS,
            ),
            found=str(odds)[:40],
            code=RejectCode.BAD_AMOUNT,
        )
    if not 0 <= bet.round <= 99:
        raise ParseError(expected=T_("round: a whole number (1 to 5)"), found=str(bet.round)[:40])
    return bet


def _canonical(record: CasinoRecord) -> CasinoRecord:
    """Cards written in any notation, stored canonical; a bet's numbers within bounds."""
    if isinstance(record, CasinoBet):
        return _bounded(record)
    burned = []
    for burn in record.burned:
        card = _cards((burn.card,), T_("burned card"))
        if len(card) != 1:
            raise ParseError(expected=T_("one card a burn"), found=burn.card, code=RejectCode.BAD_CARD)
        burned.append(Burn(card[0], burn.round))
    return replace(
        record,
        player=_cards(record.player, T_("player")),
        dealer=_cards(record.dealer, T_("dealer")),
        board=_cards(record.board, T_("board")),
        discards=_cards(record.discards, T_("discards")),
        burned=tuple(burned),
    )


def _one_json(line: str) -> CasinoRecord:
    try:
        data = _decoder.decode(line)
    except msgspec.DecodeError as error:
        raise ParseError(expected=T_("one JSON object a line"), found=f"{line.strip()[:60]} ({error})") from None
    if not isinstance(data, dict):
        raise ParseError(expected=T_("one JSON object a line"), found=line.strip()[:60])
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in _TYPES:
        raise ParseError(expected=T_('"kind": "draw" or "bet"'), found=repr(kind), code=RejectCode.INVALID_RECORD)
    for key in data:
        if key not in _JSON_KEYS[kind]:
            raise ParseError(
                expected=T_("a {kind} key ({keys})", kind=kind, keys=", ".join(_JSON_KEYS[kind])),
                found=repr(key),
                code=RejectCode.INVALID_RECORD,
            )
    try:
        record: CasinoRecord = msgspec.convert(data, _TYPES[kind])
    except msgspec.ValidationError as error:
        message, _, path = str(error).partition(" - at ")
        raise ParseError(
            expected=at_path(message.removeprefix("Expected ").split(", got ")[0], path),
            found=_at_path(data, path),
            code=RejectCode.INVALID_RECORD,
        ) from None
    if record.version > VERSION:
        raise ParseError(
            expected=T_("format version {version} or lower", version=VERSION),
            found=str(record.version),
            code=RejectCode.INVALID_RECORD,
        )
    return _canonical(record)


def _at_path(data: dict[str, Any], path: str) -> str:
    value: Any = data
    for key, index in re.findall(r"\.([A-Za-z_]+)|\[(\d+)\]", path.removeprefix("$")):
        try:
            value = value[key] if key else value[int(index)]
        except (KeyError, IndexError, TypeError):
            return T_("nothing")
    return str(value)


def _id_of(line: str) -> str | None:
    match = re.search(r'"(?:bet_id|draw_id)"\s*:\s*"([^"]*)"', line)
    return match.group(1) if match else None


def parse(text: str, *, file: str = "") -> Iterator[CasinoRecord | Rejected]:
    """Read casino JSON Lines; yields a record or a :class:`Rejected` per non-blank line."""
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            try:
                record = _one_json(line)
            except RecursionError:
                raise ParseError(
                    expected=T_("one JSON object a line, nested at most a few hundred deep"), found=line[:60]
                ) from None
        except ParseError as error:
            yield Rejected.from_error(
                error.with_context(file=file, line_offset=number, format=FORMAT, hand_id=_id_of(line))
            )
            continue
        yield replace(record, source=Source(file=file, line=number, format=FORMAT))


def dumps(record: CasinoRecord) -> str:
    """One record as one JSON line (without the newline); ``source`` is not written."""
    data = msgspec.to_builtins(record)
    del data["source"]
    return msgspec.json.encode(data).decode()


def write(records: Iterable[CasinoRecord]) -> str:
    """Records as casino JSON Lines text."""
    return "".join(dumps(r) + "\n" for r in records)


# ---- CSV --------------------------------------------------------------------------------

DRAW_COLUMNS = (
    "draw_id",
    "time",
    "status",
    "player",
    "dealer",
    "board",
    "burned",
    "discards",
    "result",
    "cancel_reason",
)
DRAW_REQUIRED = ("draw_id", "player", "dealer", "board")
BET_COLUMNS = ("bet_id", "draw_id", "round", "outcome", "stake", "odds", "paid", "currency", "time")
BET_REQUIRED = ("bet_id", "draw_id", "round", "outcome", "stake", "odds", "paid")

_BURN = re.compile(
    r"""^(?P<card>[^@\s]+)   # the card, any notation
    @(?P<round>\d+)$        # @ the betting round it was burned in
    """,
    re.VERBOSE,
)
_ROUND = re.compile(r"^\s*(?P<round>\d+)\s*$")  # a betting round: a whole number
_ODDS = re.compile(r"^\s*(?P<odds>\d+(?:\.\d+)?)\s*$")  # decimal odds: 1.95, 2, 12.5


def _csv_kind(header: list[str]) -> Literal["draw", "bet"]:
    names = set(header)
    tables = (("bet", "bet_id", BET_REQUIRED, BET_COLUMNS), ("draw", "board", DRAW_REQUIRED, DRAW_COLUMNS))
    for kind, marker, required, columns in tables:
        if marker in names:
            missing = [c for c in required if c not in names]
            unknown = [c for c in header if c not in columns]
            if missing:
                raise ParseError(
                    expected=T_("a {kind} CSV with columns {columns}", kind=kind, columns=", ".join(required)),
                    found=T_("no {column}", column=missing[0]),
                )
            if unknown:
                raise ParseError(
                    expected=T_("{kind} CSV columns ({columns})", kind=kind, columns=", ".join(columns)),
                    found=unknown[0],
                )
            return kind  # type: ignore[return-value]
    raise ParseError(
        expected=T_(
            "a draw CSV ({draw}) or a bet CSV ({bet})", draw=", ".join(DRAW_REQUIRED), bet=", ".join(BET_REQUIRED)
        ),
        found=",".join(header)[:60],
    )


def _burns(text: str) -> tuple[Burn, ...]:
    out = []
    for token in text.split():
        match = _BURN.match(token)
        if match is None:
            raise ParseError(expected=T_("burned cards as CARD@ROUND, like Qs@3"), found=token)
        out.append(Burn(match.group("card"), int(match.group("round"))))
    return tuple(out)


def _draw_row(row: dict[str, str]) -> CasinoDraw:
    status = row.get("status", "").strip() or DrawStatus.COMPLETED.value
    if status not in {s.value for s in DrawStatus}:
        raise ParseError(expected=T_("status completed or cancelled"), found=status)
    result = row.get("result", "").strip()
    if result and result not in {s.value for s in Side}:
        raise ParseError(expected=T_("result player, dealer, split or empty"), found=result)
    draw = CasinoDraw(
        draw_id=row["draw_id"].strip(),
        time=row.get("time", "").strip(),
        status=DrawStatus(status),
        player=(row["player"],),
        dealer=(row["dealer"],),
        board=(row["board"],),
        burned=_burns(row.get("burned", "")),
        discards=(row.get("discards", ""),),
        result=Side(result) if result else None,
        cancel_reason=row.get("cancel_reason", "").strip(),
    )
    result_draw = _canonical(draw)
    assert isinstance(result_draw, CasinoDraw)
    return result_draw


def _bet_row(row: dict[str, str], decimals: int) -> CasinoBet:
    round_match = _ROUND.match(row["round"])
    if round_match is None:
        raise ParseError(expected=T_("round: a whole number (1 to 5)"), found=row["round"])
    odds_match = _ODDS.match(row["odds"])
    if odds_match is None:
        raise ParseError(expected=T_("odds: decimal odds like 1.95"), found=row["odds"])
    try:
        odds = Decimal(odds_match.group("odds"))
    except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
        raise ParseError(expected=T_("odds: decimal odds like 1.95"), found=row["odds"]) from None
    return _bounded(
        CasinoBet(
            bet_id=row["bet_id"].strip(),
            draw_id=row["draw_id"].strip(),
            round=int(round_match.group("round")),
            outcome=row["outcome"].strip(),
            stake=parse_amount(row["stake"], decimals),
            odds=odds,
            paid=parse_amount(row["paid"], decimals),
            currency=row.get("currency", "").strip(),
            decimals=decimals,
            time=row.get("time", "").strip(),
        )
    )


def parse_csv(text: str, *, file: str = "", decimals: int = 2) -> Iterator[CasinoRecord | Rejected]:
    """Read a draw or bet CSV (comma or semicolon separated, header first).

    Amounts are in major units and become minor units with ``decimals`` (exact or rejected).

    >>> rows = list(parse_csv("bet_id,draw_id,round,outcome,stake,odds,paid\\nb1,d1,2,player,10.00,1.95,19.50\\n"))
    >>> rows[0].stake, rows[0].odds, rows[0].paid
    (1000, Decimal('1.95'), 1950)
    """
    lines = text.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        return
    delimiter = ";" if lines[first].count(";") > lines[first].count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header: list[str] | None = None
    kind: Literal["draw", "bet"] | None = None
    rows = iter(reader)
    while True:
        try:
            row = next(rows)
        except StopIteration:
            return
        except csv.Error as error:  # a field beyond the csv module's limit, a stray NUL
            stopped = ParseError(
                expected=T_("CSV rows with fields of at most 131,072 characters"), found=str(error)[:80]
            )
            yield Rejected.from_error(stopped.with_context(file=file, line_offset=reader.line_num, format=CSV_FORMAT))
            return
        number = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if header is None:
            header = [cell.strip().lower() for cell in row]
            try:
                kind = _csv_kind(header)
            except ParseError as error:
                yield Rejected.from_error(error.with_context(file=file, line_offset=number, format=CSV_FORMAT))
            continue
        problem: ParseError | None = None
        if kind is None:
            problem = ParseError(
                expected=T_("a row under a draw or bet CSV header"), found=T_("a row under a bad header")
            )
        elif len(row) != len(header):
            problem = ParseError(
                expected=T_("{n} columns as in the header", n=len(header)),
                found=nT_("{n} column", "{n} columns", len(row)),
            )
        if problem is not None:
            yield Rejected.from_error(problem.with_context(file=file, line_offset=number, format=CSV_FORMAT))
            continue
        cells = dict(zip(header, row))
        ident = cells.get("bet_id") or cells.get("draw_id")
        try:
            record: CasinoRecord = _bet_row(cells, decimals) if kind == "bet" else _draw_row(cells)
        except ParseError as error:
            yield Rejected.from_error(
                error.with_context(file=file, line_offset=number, format=CSV_FORMAT, hand_id=ident)
            )
            continue
        yield replace(record, source=Source(file=file, line=number, format=CSV_FORMAT))


def _major(amount: int, decimals: int) -> str:
    return str(Decimal(amount).scaleb(-decimals)) if decimals else str(amount)


def write_csv(records: Iterable[CasinoRecord], kind: Literal["draw", "bet"]) -> str:
    """The draws (or the bets) of ``records`` as a CSV table that :func:`parse_csv` reads back."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(DRAW_COLUMNS if kind == "draw" else BET_COLUMNS)
    for r in records:
        if isinstance(r, CasinoDraw) and kind == "draw":
            burned = " ".join(f"{b.card}@{b.round}" for b in r.burned)
            result = r.result.value if r.result else ""
            cards = [" ".join(r.player), " ".join(r.dealer), " ".join(r.board), burned, " ".join(r.discards)]
            writer.writerow([r.draw_id, r.time, r.status.value, *cards, result, r.cancel_reason])
        elif isinstance(r, CasinoBet) and kind == "bet":
            money = [_major(r.stake, r.decimals), str(r.odds), _major(r.paid, r.decimals)]
            writer.writerow([r.bet_id, r.draw_id, r.round, r.outcome, *money, r.currency, r.time])
    return out.getvalue()


# ---- reading ----------------------------------------------------------------------------


def parse_text(text: str, *, file: str = "", decimals: int = 2) -> Iterator[CasinoRecord | Rejected]:
    """JSON Lines or CSV, told apart by content (a JSON object first, or a header)."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        yield from parse(text, file=file)
    else:
        yield from parse_csv(text, file=file, decimals=decimals)


def read_bytes(data: bytes, *, file: str = "", decimals: int = 2) -> CasinoFile:
    """Decode (UTF-8, BOM, UTF-16, cp1252) and read; every line ends read or rejected."""
    text = decode(data)
    draws: list[CasinoDraw] = []
    bets: list[CasinoBet] = []
    rejected: list[Rejected] = []
    for item in parse_text(text, file=file, decimals=decimals):
        if isinstance(item, CasinoDraw):
            draws.append(item)
        elif isinstance(item, CasinoBet):
            bets.append(item)
        else:
            rejected.append(item)
    fmt = FORMAT if text.lstrip().startswith("{") else CSV_FORMAT
    return CasinoFile(file, fmt, tuple(draws), tuple(bets), tuple(rejected))


def read_file(path: str | Path, *, decimals: int = 2) -> CasinoFile:
    """Read one casino file (JSON Lines or CSV)."""
    return read_bytes(Path(path).read_bytes(), file=str(path), decimals=decimals)
