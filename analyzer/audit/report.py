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

from analyzer.audit.night import Summary
from analyzer.audit.records import HandAudit
from analyzer.i18n import Msg, render
from analyzer.i18n.message import as_written
from analyzer.money import Unit
from analyzer.replay import words
from analyzer.replay.findings import Code, Problem
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


def audit_row(a: HandAudit, unit: Unit | None = None) -> dict[str, Any]:
    """One hand as the ``audit --json`` object of the command-line contract, its problems and
    ledger rows as typed records (msgspec encodes them as JSON objects, keys in field order, with
    no dict built a row), its codes and verdicts as the enum members (encoded as their values;
    ``.value`` is a Python-level property on Python 3.11): its amounts are integers in minor
    units of ``unit`` (``"unit"``, ``"decimals"``); an unreadable hand's ``"reason"`` has its own code."""
    unit = unit or Unit()
    found = next((r for r in map(reason, a.problems) if r is not None), None) if a.problems else None
    return {
        "hand_id": a.hand_id,
        "source": a.file,
        "line": a.line,
        "rules": a.rules,
        "verdict": a.verdict,
        **unit.json(),
        "reason": found,
        "problems": [
            ProblemRow(p.code, p.verdict, render(p.message), p.action_index, p.rule, p.profile) for p in a.problems
        ],
        "ledger": [
            LedgerJsonRow(row.player, row.start, row.posted, row.invested, row.returned, row.won, row.rake, row.net)
            for row in a.ledger
        ],
    }


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
