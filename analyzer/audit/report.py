"""Audits as plain data: the ``audit --json`` lines, and CSV rows for spreadsheets.

Problems' messages are rendered in the language in force (:func:`analyzer.i18n.render`): an
export reads like the page or the command it came from; codes and amounts stay language-free.
Text from files is data: every CSV cell goes through :func:`analyzer.safetext.cell` (a
cell a spreadsheet would read as a formula is prefixed with a quote; controls escaped).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from analyzer.audit.night import NightAudit, Summary
from analyzer.audit.records import HandAudit
from analyzer.i18n import Msg, render
from analyzer.i18n.message import as_written
from analyzer.money import ChipValue, Unit, is_chips
from analyzer.replay import words
from analyzer.replay.findings import Code, Problem, Verdict
from analyzer.safetext import cell
from parsers.errors import RejectCode

_REJECT_CODES = frozenset(c.value for c in RejectCode)


def reason(p: Problem) -> dict[str, str] | None:
    """Why a hand could not be read, as its own code and message (``TRUNCATED``,
    ``UNSUPPORTED_GAME``, ...): ``None`` for a problem that is not a hand left unread.

    >>> from analyzer.replay import words
    >>> reason(words.unreadable("TRUNCATED", "log.csv:7: the hand stops"))
    {'code': 'TRUNCATED', 'message': 'log.csv:7: the hand stops'}
    >>> reason(words.audit_failed("KeyError", "'x'"))
    {'code': 'AUDIT_FAILED', 'message': "the audit failed: KeyError: 'x'"}
    """
    if p.code is not Code.UNREADABLE:
        return None
    m = p.message
    if m.id == words.UNREADABLE and m.arg("code") in _REJECT_CODES:
        said = m.arg("message")  # the parser's text (a message since words.unreadable), in English as written
        return {"code": str(m.arg("code")), "message": as_written(said) if isinstance(said, Msg) else str(said)}
    return {"code": "AUDIT_FAILED", "message": render(m)}


class ProblemRow(msgspec.Struct, frozen=True, gc=False):
    """One problem of an ``audit --json`` line (its fields in the order of the contract)."""

    code: str
    verdict: str
    message: str
    action_index: int | None
    rule: str | None
    profile: str | None


class LedgerJsonRow(msgspec.Struct, frozen=True, gc=False):
    """One player's row of an ``audit --json`` line's ``"ledger"`` (amounts in minor units)."""

    player: str
    start: int
    posted: int
    invested: tuple[int, ...]
    returned: int
    won: tuple[int, ...]
    rake: int
    net: int


class HandJsonRow(msgspec.Struct, frozen=True, gc=False):
    """One hand's ``audit --json`` line (its fields in the order of the contract): a typed record,
    encoded with its keys made once (not a dict built a hand). ``unit``, ``decimals`` and
    ``chip_value`` are :meth:`analyzer.money.Unit.json`'s (``chip_value`` left out, ``UNSET``,
    where chips have no value); ``reason`` is ``null`` but for an unreadable hand."""

    hand_id: str
    source: str
    line: int
    rules: str
    verdict: Verdict
    unit: str
    decimals: int
    chip_value: dict[str, object] | UnsetType
    reason: dict[str, str] | None
    problems: list[ProblemRow]
    ledger: list[LedgerJsonRow]


#: what a row says about its amounts' unit: ``unit``, ``decimals`` and ``chip_value``
_UnitFields = tuple[str, int, dict[str, object] | UnsetType]


def _unit_fields(unit: Unit) -> _UnitFields:
    chip_value = unit.chip_value_json()
    return unit.currency, unit.decimals, UNSET if chip_value is None else chip_value


def audit_row(a: HandAudit, unit: Unit | None = None) -> HandJsonRow:
    """One hand as the ``audit --json`` object of the command-line contract, its problems and
    ledger rows as typed records (msgspec encodes them as JSON objects, keys in field order, with
    no dict built a row), its codes and verdicts as the enum members (encoded as their values;
    ``.value`` is a Python-level property on Python 3.11): its amounts are integers in minor
    units of ``unit`` (``"unit"``, ``"decimals"``); an unreadable hand's ``"reason"`` has its own code."""
    return _row(a, _unit_fields(unit or Unit()))


def audit_rows(audits: Iterable[HandAudit], units: Iterable[Unit]) -> list[HandJsonRow]:
    """:func:`audit_row` of each hand with its unit (:func:`hand_units`); the hands that count
    alike share one :class:`Unit`, whose fields are read once."""
    rows: list[HandJsonRow] = []
    last: Unit | None = None
    fields: _UnitFields = ("", 0, UNSET)
    for a, unit in zip(audits, units, strict=True):
        if unit is not last:
            last, fields = unit, _unit_fields(unit)
        rows.append(_row(a, fields))
    return rows


def _row(a: HandAudit, unit_fields: _UnitFields) -> HandJsonRow:
    problems = a.problems
    found = next((r for r in map(reason, problems) if r is not None), None) if problems else None
    currency, decimals, chip_value = unit_fields
    return HandJsonRow(
        a.hand_id,
        a.file,
        a.line,
        a.rules,
        a.verdict,
        currency,
        decimals,
        chip_value,
        found,
        [ProblemRow(p.code, p.verdict, render(p.message), p.action_index, p.rule, p.profile) for p in problems],
        [
            LedgerJsonRow(row.player, row.start, row.posted, row.invested, row.returned, row.won, row.rake, row.net)
            for row in a.ledger
        ],
    )


def hand_units(night: NightAudit, value: ChipValue | None = None) -> list[Unit]:
    """The unit of each hand's amounts, in the order of ``night.audits``: its own currency and
    decimals (chips given a ``value``); a hand with no record (unreadable) counts in the night's
    unit. One :class:`Unit` for all the hands that count alike (not one made a hand)."""
    records = night.records
    night_unit = night.summary.unit
    made: dict[tuple[str, int], Unit] = {}
    units: list[Unit] = []
    unread: Unit | None = None
    for a in night.audits:
        record = records.get(a.hand_id)
        if record is None:
            if unread is None:
                unread = Unit(night_unit.currency, night_unit.decimals, value)
            units.append(unread)
            continue
        key = (record.currency, record.decimals)
        unit = made.get(key)
        if unit is None:
            currency, decimals = key
            unit = made[key] = Unit(currency, decimals, value if is_chips(currency) else None)
        units.append(unit)
    return units


def audit_json(a: HandAudit, unit: Unit | None = None) -> dict[str, Any]:
    """:func:`audit_row` as plain data (dicts and lists), for the standard library's ``json``."""
    converted: dict[str, Any] = msgspec.to_builtins(audit_row(a, unit))
    return converted


def summary_json(s: Summary, notes: tuple[str, ...] = ()) -> dict[str, Any]:
    """The last ``audit --json`` line: the tally, the hands paid wrong and what to correct
    (in minor units of ``unit``), the headline as words, and what was skipped (summaries)."""
    return {
        "summary": {
            "files": s.files,
            "hands": s.hands,
            "ok": s.ok,
            "warn": s.warn,
            "violation": s.violation,
            "unreadable": s.unreadable,
            "rules": list(s.rules),
            "paid_wrong": s.paid_wrong,
            "to_correct": s.chips_off,
            **s.unit.json(),
            "skipped": list(notes),
            "headline": s.sentence(),
        }
    }


def safe_cell(value: object) -> object:
    """A cell a spreadsheet shows as text, never runs as a formula (:func:`analyzer.safetext.cell`).

    >>> safe_cell("=HYPERLINK(1)"), safe_cell(" =1+1"), safe_cell("Anna"), safe_cell(-5)
    ("'=HYPERLINK(1)", "' =1+1", 'Anna', -5)
    """
    return cell(value)


PROBLEM_COLUMNS = ("hand_id", "source", "line", "rules", "verdict", "code", "action_index", "message")


def problems_csv(audits: Iterable[HandAudit]) -> str:
    """One row a problem (and one row for a hand without problems)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(PROBLEM_COLUMNS)
    for a in audits:
        rows = [(p.code.value, p.action_index, render(p.message)) for p in a.problems] or [("", None, "")]
        for code, index, message in rows:
            cells = (a.hand_id, a.file, a.line, a.rules, a.verdict.value, code, index, message)
            writer.writerow([safe_cell(c) for c in cells])
    return out.getvalue()


LEDGER_COLUMNS = (
    "hand_id",
    "player",
    "seat",
    "start",
    "posted",
    "invested",
    "returned",
    "won",
    "rake",
    "net",
    "unit",
    "decimals",
    "net_text",
)


def ledger_csv(audits: Iterable[HandAudit], units: Mapping[str, Unit] | None = None) -> str:
    """One row a player a hand: amounts in minor units with their unit and decimals (for a
    spreadsheet), and the net as a person reads it. ``units`` by hand id (chips by default)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(LEDGER_COLUMNS)
    chips = Unit()
    for a in audits:
        unit = (units or {}).get(a.hand_id, chips)
        for r in a.ledger:
            cells = (
                a.hand_id,
                r.player,
                r.seat,
                r.start,
                r.posted,
                sum(r.invested),
                r.returned,
                sum(r.won),
                r.rake,
                r.net,
            )
            writer.writerow([*(safe_cell(c) for c in cells), unit.currency, unit.decimals, safe_cell(unit.text(r.net))])
    return out.getvalue()
