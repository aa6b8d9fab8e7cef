"""PokerNow ledger CSV: typed rows, and their reconciliation with the log's table events.

API (pure functions, no file I/O)
---------------------------------
``sniff_ledger(text) -> bool``
    Whether text is a ledger (``player_nickname,player_id,...`` header).
``parse_ledger(text, *, file="") -> Ledger``
    One :class:`LedgerRow` per seat session. A row that does not fit raises
    :class:`~parsers.errors.ParseError` naming its line (a ledger settles money: no row is
    skipped). Amounts stay in the ledger's integer units.
``infer_scale(ledger, events) -> Fraction``
    ``ledger amount = log amount x scale``, where log amounts are a
    :class:`~parsers.pokernow.TableEvent`'s minor units. PokerNow's ledger holds its internal
    integers: cents in a cents game (log ``174.39`` is ``17439``, scale 1), chips in a chips
    game (presumably, scale 1). The scale is inferred from the buy-ins (``approved ...
    with a stack of X``) and cash-outs (``quits the game with a stack of X``) that match,
    trying 1, 100 and 1/100; ties go to 1.
``reconcile(ledger, events, *, final_stacks=None, scale=None) -> Reconciliation``
    Per player id (ids renamed mid-session are followed): the ledger's buy-ins against the
    log's approvals plus applied admin stack updates, every closed session's ``buy_out``
    against a log ``quits`` line, and each open session's ``stack`` against a later quit or
    against ``final_stacks[id]`` (end-of-log stacks in log minor units, e.g. from the
    replay). Each disagreement is a problem in words. ``Reconciliation.balance`` is the
    ledger's net sum (0 for a ledger downloaded after the last hand).

Amounts in a :class:`Reconciliation` are in ledger units.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from parsers.errors import T_, ParseError, nT_
from parsers.pokernow import EventKind, TableEvent

FORMAT = "pokernow-ledger"
COLUMNS = ("player_nickname", "player_id", "session_start_at", "session_end_at", "buy_in", "buy_out", "stack")
_SCALES = (Fraction(1), Fraction(100), Fraction(1, 100))
_INTEGER = re.compile(r"-?[0-9]{1,18}")  # within 64 bits (parsers.bounds)


@dataclass(frozen=True, slots=True)
class LedgerRow:
    """One seat session as the ledger states it (integers in the ledger's units)."""

    player: str  # the nickname of that session
    player_id: str
    session_start: str | None
    session_end: str | None  # None: the session was still open when the ledger was saved
    buy_in: int
    buy_out: int | None  # None for an open session
    stack: int  # chips still on the table (open sessions)
    net: int
    nit_escrow: int | None = None  # a column since 2026
    line: int = 0

    @property
    def is_open(self) -> bool:
        return self.session_end is None

    @property
    def is_consistent(self) -> bool:
        """``net = buy_out + stack - buy_in``, which held in every real ledger seen."""
        return self.net == (self.buy_out or 0) + self.stack - self.buy_in


@dataclass(frozen=True, slots=True)
class Ledger:
    file: str
    rows: tuple[LedgerRow, ...]

    @property
    def balance(self) -> int:
        """The sum of every row's net: 0 when nothing is left in a pot."""
        return sum(r.net for r in self.rows)

    def player_ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r.player_id for r in self.rows))


def sniff_ledger(text: str) -> bool:
    """Whether text is a PokerNow ledger.

    >>> sniff_ledger("player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net\\n")
    True
    >>> sniff_ledger("entry,at,order\\n")
    False
    """
    for line in text.splitlines():
        if line.strip():
            return tuple(c.strip() for c in line.split(","))[: len(COLUMNS)] == COLUMNS
    return False


def parse_ledger(text: str, *, file: str = "") -> Ledger:
    """Read a ledger CSV (8 columns, or 9 with ``nit_escrow``)."""
    header: list[str] | None = None
    rows: list[LedgerRow] = []
    reader = csv.reader(io.StringIO(text))
    start = 1
    try:
        for cells in reader:
            line, start = start, reader.line_num + 1
            if not any(c.strip() for c in cells):
                continue
            if header is None:
                header = _header(cells, file, line)
                continue
            rows.append(_row(header, cells, file, line))
    except csv.Error as error:
        raise ParseError(expected=T_("CSV rows"), found=str(error), format=FORMAT, file=file, line=start) from None
    if header is None:
        raise ParseError(expected=T_("a PokerNow ledger"), found=T_("an empty file"), format=FORMAT, file=file, line=1)
    return Ledger(file=file, rows=tuple(rows))


def _header(cells: list[str], file: str, line: int) -> list[str]:
    header = [c.strip() for c in cells]
    if tuple(header[: len(COLUMNS)]) != COLUMNS or "net" not in header:
        raise ParseError(
            expected=T_("the ledger header {columns}", columns=",".join((*COLUMNS, "net"))),
            found=",".join(cells)[:80],
            format=FORMAT,
            file=file,
            line=line,
        )
    return header


def _row(header: list[str], cells: list[str], file: str, line: int) -> LedgerRow:
    if len(cells) != len(header):
        raise ParseError(
            expected=nT_("{n} column", "{n} columns", len(header)),
            found=",".join(cells)[:80],
            format=FORMAT,
            file=file,
            line=line,
        )
    value = dict(zip(header, (c.strip() for c in cells)))
    return LedgerRow(
        player=value["player_nickname"],
        player_id=value["player_id"],
        session_start=value["session_start_at"] or None,
        session_end=value["session_end_at"] or None,
        buy_in=_integer(value, "buy_in", file, line),
        buy_out=_integer(value, "buy_out", file, line) if value["buy_out"] else None,
        stack=_integer(value, "stack", file, line),
        net=_integer(value, "net", file, line),
        nit_escrow=_integer(value, "nit_escrow", file, line) if value.get("nit_escrow") else None,
        line=line,
    )


def _integer(value: Mapping[str, str], key: str, file: str, line: int) -> int:
    text = value[key]
    if not _INTEGER.fullmatch(text):
        raise ParseError(expected=T_("an integer {key}", key=key), found=text, format=FORMAT, file=file, line=line)
    return int(text)


@dataclass(frozen=True, slots=True)
class PlayerReconciliation:
    """One player id: what the ledger says, what the log says, and where they differ."""

    player_id: str
    names: tuple[str, ...]
    ledger_buy_in: int
    ledger_buy_out: int
    ledger_stack: int
    ledger_net: int
    log_buy_in: int
    log_cash_out: int
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True, slots=True)
class Reconciliation:
    scale: Fraction
    balance: int
    players: tuple[PlayerReconciliation, ...]

    @property
    def ok(self) -> bool:
        return self.balance == 0 and all(p.ok for p in self.players)

    @property
    def problems(self) -> tuple[str, ...]:
        return tuple(f"{p.player_id}: {problem}" for p in self.players for problem in p.problems)


def _aliases(events: Iterable[TableEvent]) -> dict[str, str]:
    """Old id -> the id it finally became."""
    renamed = {e.detail: e.player_id for e in events if e.kind is EventKind.ID_CHANGED and e.detail}
    final: dict[str, str] = {}
    for old in renamed:
        new = renamed[old]
        seen = {old}
        while new in renamed and new not in seen:
            seen.add(new)
            new = renamed[new]
        final[old] = new
    return final


def infer_scale(ledger: Ledger, events: Iterable[TableEvent]) -> Fraction:
    """The factor from log minor units to ledger units that matches the most amounts."""
    events = tuple(events)
    aliases = _aliases(events)
    ledger_amounts: Counter[tuple[str, str, int]] = Counter()
    for row in ledger.rows:
        ledger_amounts[("in", row.player_id, row.buy_in)] += 1
        if row.buy_out is not None:
            ledger_amounts[("out", row.player_id, row.buy_out)] += 1
    best, best_hits = Fraction(1), -1
    for scale in _SCALES:
        hits = 0
        for event in events:
            side = {EventKind.APPROVED: "in", EventKind.QUIT: "out"}.get(event.kind)
            amount = event.amount * scale
            if side and amount.denominator == 1 and amount != 0:
                pid = aliases.get(event.player_id, event.player_id)
                hits += min(1, ledger_amounts[(side, pid, int(amount))])
        if hits > best_hits:
            best, best_hits = scale, hits
    return best


def reconcile(
    ledger: Ledger,
    events: Iterable[TableEvent],
    *,
    final_stacks: Mapping[str, int] | None = None,
    scale: Fraction | None = None,
) -> Reconciliation:
    """Compare a ledger with the log's events, player id by player id (see the module doc)."""
    events = tuple(events)
    scale = scale if scale is not None else infer_scale(ledger, events)
    aliases = _aliases(events)

    def units(amount: int) -> int:
        value = amount * scale
        return int(value) if value.denominator == 1 else round(value)

    ids = list(
        dict.fromkeys([*(r.player_id for r in ledger.rows), *(aliases.get(e.player_id, e.player_id) for e in events)])
    )
    players: list[PlayerReconciliation] = []
    for pid in ids:
        rows = [r for r in ledger.rows if r.player_id == pid]
        mine = [e for e in events if aliases.get(e.player_id, e.player_id) == pid]
        approved = sum(units(e.amount) for e in mine if e.kind is EventKind.APPROVED)
        updated = sum(units(e.amount - (e.previous or 0)) for e in mine if e.kind is EventKind.UPDATED)
        quits = [units(e.amount) for e in mine if e.kind is EventKind.QUIT]
        problems: list[str] = []
        if not rows:
            if approved or updated:
                problems.append(f"bought in for {approved + updated} in the log but has no ledger row")
            players.append(PlayerReconciliation(pid, (), 0, 0, 0, 0, approved + updated, sum(quits), tuple(problems)))
            continue
        buy_in = sum(r.buy_in for r in rows)
        if buy_in != approved + updated:
            problems.append(f"ledger buy-in {buy_in}, log approvals and stack updates {approved + updated}")
        unmatched = list(quits)
        for row in rows:
            if row.buy_out is None:
                continue
            if row.buy_out in unmatched:
                unmatched.remove(row.buy_out)
            else:
                problems.append(f"ledger buy_out {row.buy_out} (line {row.line}) has no quit line in the log")
        for row in (r for r in rows if r.is_open):
            if final_stacks is not None and pid in final_stacks and units(final_stacks[pid]) == row.stack:
                continue
            if row.stack in unmatched:
                unmatched.remove(row.stack)  # the ledger was saved before this quit
            elif final_stacks is not None and pid in final_stacks:
                problems.append(
                    f"ledger stack {row.stack} (line {row.line}), log final stack {units(final_stacks[pid])}"
                )
            elif unmatched:
                problems.append(f"ledger stack {row.stack} (line {row.line}), log quits with {unmatched.pop()}")
        problems.extend(f"quit with {q} in the log, not in the ledger" for q in unmatched if q)
        problems.extend(
            f"ledger row at line {r.line}: net is not buy_out + stack - buy_in" for r in rows if not r.is_consistent
        )
        players.append(
            PlayerReconciliation(
                player_id=pid,
                names=tuple(dict.fromkeys(r.player for r in rows)),
                ledger_buy_in=buy_in,
                ledger_buy_out=sum(r.buy_out or 0 for r in rows),
                ledger_stack=sum(r.stack for r in rows if r.is_open),
                ledger_net=sum(r.net for r in rows),
                log_buy_in=approved + updated,
                log_cash_out=sum(quits),
                problems=tuple(problems),
            )
        )
    return Reconciliation(scale=scale, balance=ledger.balance, players=tuple(players))
