"""Audits as plain data: the ``audit --json`` lines, and CSV rows for spreadsheets.

Text from files is data: every CSV cell goes through :func:`analyzer.safetext.cell` (a
cell a spreadsheet would read as a formula is prefixed with a quote; controls escaped).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from analyzer.night import Summary
from analyzer.replay.findings import HandAudit
from analyzer.safetext import cell


def audit_json(a: HandAudit) -> dict[str, Any]:
    """One hand as the ``audit --json`` object of the command-line contract."""
    return {
        "hand_id": a.hand_id,
        "source": a.file,
        "line": a.line,
        "rules": a.rules,
        "verdict": a.verdict.value,
        "problems": [
            {"code": p.code.value, "message": p.message, "action_index": p.action_index, "rule": p.rule}
            for p in a.problems
        ],
        "ledger": [
            {
                "player": row.player,
                "start": row.start,
                "posted": row.posted,
                "invested": list(row.invested),
                "returned": row.returned,
                "won": list(row.won),
                "rake": row.rake,
                "net": row.net,
            }
            for row in a.ledger
        ],
    }


def summary_json(s: Summary) -> dict[str, Any]:
    return {
        "summary": {
            "files": s.files,
            "hands": s.hands,
            "ok": s.ok,
            "warn": s.warn,
            "violation": s.violation,
            "unreadable": s.unreadable,
            "rules": list(s.rules),
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
        rows = [(p.code.value, p.action_index, p.message) for p in a.problems] or [("", None, "")]
        for code, index, message in rows:
            cells = (a.hand_id, a.file, a.line, a.rules, a.verdict.value, code, index, message)
            writer.writerow([safe_cell(c) for c in cells])
    return out.getvalue()


LEDGER_COLUMNS = ("hand_id", "player", "seat", "start", "posted", "invested", "returned", "won", "rake", "net")


def ledger_csv(audits: Iterable[HandAudit]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(LEDGER_COLUMNS)
    for a in audits:
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
            writer.writerow([safe_cell(c) for c in cells])
    return out.getvalue()
