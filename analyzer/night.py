"""A night's audit: every hand of every file, each under its rule set, and the summary.

Pure: it takes what the parsers read (:class:`~parsers.formats.ParsedFile`) and returns
records; the CLI and the dashboard print or lay them out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from msgspec.structs import replace

from analyzer.audit import audit_hand, audit_rejected
from analyzer.continuity import continuity_problems
from analyzer.detect import rules_for
from analyzer.replay.findings import HandAudit, Problem, Verdict
from analyzer.ruleset import RuleSet
from parsers.errors import HandHistoryError, RejectCode, Rejected
from parsers.formats import ParsedFile
from parsers.record import HandRecord


@dataclass(frozen=True, slots=True)
class Summary:
    files: int
    hands: int
    ok: int
    warn: int
    violation: int
    unreadable: int
    rules: tuple[str, ...]
    chips_off: int  # minor units paid differently from what the replay owes, summed over players

    @property
    def has_problems(self) -> bool:
        return bool(self.violation or self.unreadable)

    def sentence(self) -> str:
        """ "412 hands: 409 ok, 2 warnings, 1 violation; chips reconcile to 0"."""
        parts = [f"{self.ok} ok"]
        if self.warn:
            parts.append(f"{self.warn} warning{'s' * (self.warn != 1)}")
        if self.violation:
            parts.append(f"{self.violation} violation{'s' * (self.violation != 1)}")
        if self.unreadable:
            parts.append(f"{self.unreadable} unreadable")
        return f"{self.hands} hand{'s' * (self.hands != 1)}: {', '.join(parts)}; chips reconcile to {self.chips_off}"


@dataclass(frozen=True, slots=True)
class NightAudit:
    audits: tuple[HandAudit, ...]
    records: dict[str, HandRecord]  # by hand id, for the replayer
    summary: Summary


def audit_files(files: Iterable[ParsedFile], *, rules: RuleSet | None = None) -> NightAudit:
    """Audit every hand of every file; rejected hands are ``unreadable`` lines."""
    audits: list[HandAudit] = []
    records: dict[str, HandRecord] = {}
    pairs: list[tuple[HandRecord, HandAudit]] = []
    gaps: dict[str, list[int]] = {}
    count = 0
    for parsed in files:
        count += 1
        for record in parsed.hands:
            audit = audit_one(record, rules)
            audits.append(audit)
            if audit.verdict is Verdict.UNREADABLE:
                gaps.setdefault(record.source.file, []).append(record.source.line)
                continue
            pairs.append((record, audit))
            records[record.hand_id] = record
        for rejected in parsed.rejected:
            audits.append(audit_rejected(rejected))
            gaps.setdefault(rejected.file, []).append(rejected.line)
    between = continuity_problems(pairs, gaps)
    if between:
        audits = [_with(a, between[a.hand_id]) if between.get(a.hand_id) else a for a in audits]
    return NightAudit(tuple(audits), records, summarize(audits, files=count))


def audit_one(record: HandRecord, rules: RuleSet | None = None) -> HandAudit:
    """One hand under the given rule set or the preset it maps to; a typed error about this
    hand (a rule set it names that is not a preset, a card outside the deck) makes it an
    ``unreadable`` line with the reason, and the other hands are still audited."""
    try:
        return audit_hand(record, rules or rules_for(record))
    except HandHistoryError as error:
        reason = Rejected(
            code=RejectCode.INVALID_RECORD,
            message=str(error),
            file=record.source.file,
            line=record.source.line,
            format=record.source.format,
            hand_id=record.hand_id,
        )
        return audit_rejected(reason)


def _with(audit: HandAudit, extra: list[Problem]) -> HandAudit:
    verdict = audit.verdict
    if verdict is Verdict.OK:
        verdict = Verdict.WARN
    return replace(audit, problems=audit.problems + tuple(extra), verdict=verdict)


def summarize(audits: Iterable[HandAudit], *, files: int) -> Summary:
    tally = {v: 0 for v in Verdict}
    rules: set[str] = set()
    off = 0
    n = 0
    for a in audits:
        n += 1
        tally[a.verdict] += 1
        if a.rules:
            rules.add(a.rules)
        off += sum(abs(row.claimed_won - sum(row.won)) for row in a.ledger) if _checkable(a) else 0
    return Summary(
        files=files,
        hands=n,
        ok=tally[Verdict.OK],
        warn=tally[Verdict.WARN],
        violation=tally[Verdict.VIOLATION],
        unreadable=tally[Verdict.UNREADABLE],
        rules=tuple(sorted(rules)),
        chips_off=off,
    )


def _checkable(a: HandAudit) -> bool:
    """Hands whose payouts the source states and the replay could settle in full."""
    return any(row.claimed_won for row in a.ledger) and all(p.winners for p in a.pots)
