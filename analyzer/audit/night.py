"""A night's audit: every hand of every file, each under its rule set, and the summary.

Pure: it takes what the parsers read (:class:`~parsers.formats.ParsedFile`) and returns
records; the CLI and the dashboard print or lay them out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from dataclasses import replace as replace_summary
from operator import attrgetter

from msgspec.structs import replace

from analyzer.audit.continuity import continuity_problems
from analyzer.audit.hand import audit_hand, audit_rejected, verdict_of
from analyzer.audit.records import HandAudit
from analyzer.detect import rules_for
from analyzer.i18n import _, f_, fn_
from analyzer.money import Unit, is_chips, unit_of
from analyzer.replay.findings import Problem, Verdict
from analyzer.ruleset import RuleSet
from parsers.errors import HandHistoryError, RejectCode, Rejected
from parsers.formats import ParsedFile
from parsers.record import HandRecord

_TOURNAMENT = re.compile(r"Tournament #(\d+)")


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
    paid_wrong: int = 0  # hands whose stated payouts differ from what the replay owes
    unit: Unit = field(default_factory=Unit)  # what chips_off counts
    skipped: int = 0  # blocks that are not hands (tournament summaries), named in the night's notes
    currencies: tuple[str, ...] = ()  # the hands' currencies, where they are more than one (no one sum)

    @property
    def has_problems(self) -> bool:
        return bool(self.violation or self.unreadable)

    @property
    def read(self) -> int:
        """Hands read (whatever their verdict): 0 is the red "no hands read" state, never a green one."""
        return self.hands - self.unreadable

    def sentence(self) -> str:
        """The night's headline, in the language in force: "150 hands: 137 ok, 1 warning, 12
        violations; 12 hands paid wrong, 210,493 chips to correct" (or "no hands read: ..." when
        not one hand could be read)."""
        if not self.read:
            return self.no_hands()
        parts = [f_("{n} ok", n=str(self.ok))]  # counts as digits: the CLI's lines are read by scripts
        if self.warn:
            parts.append(fn_("{n} warning", "{n} warnings", self.warn, n=str(self.warn)))
        if self.violation:
            parts.append(fn_("{n} violation", "{n} violations", self.violation, n=str(self.violation)))
        if self.unreadable:
            parts.append(f_("{n} unreadable", n=str(self.unreadable)))
        return fn_(
            "{n} hand: {parts}; {payouts}",
            "{n} hands: {parts}; {payouts}",
            self.hands,
            n=str(self.hands),
            parts=", ".join(parts),
            payouts=self.payouts(),
        )

    def payouts(self) -> str:
        """ "12 hands paid wrong, 210,493 chips to correct" or "no hand paid wrong"; hands in
        several currencies have no one sum to correct.

        >>> Summary(1, 9, 8, 0, 1, 0, (), 40, 1, currencies=("EUR", "USD")).payouts()
        '1 hand paid wrong (amounts in EUR, USD: see each hand)'
        """
        if not self.paid_wrong:
            return _("no hand paid wrong")
        n = self.paid_wrong
        if len(self.currencies) > 1:
            units = ", ".join(dict.fromkeys(_("chips") if is_chips(c) else c for c in self.currencies))
            return fn_(
                "{n} hand paid wrong (amounts in {units}: see each hand)",
                "{n} hands paid wrong (amounts in {units}: see each hand)",
                n,
                n=str(n),
                units=units,
            )
        return fn_(
            "{n} hand paid wrong, {amount} to correct",
            "{n} hands paid wrong, {amount} to correct",
            n,
            n=str(n),
            amount=self.unit.words(self.chips_off),
        )

    def no_hands(self) -> str:
        """The red state of a night where nothing could be read, in one line.

        >>> Summary(0, 0, 0, 0, 0, 0, (), 0).no_hands(), Summary(1, 2, 0, 0, 0, 2, (), 0).no_hands()
        ('no hands read (no file held a hand history)', 'no hands read (1 file, 2 unreadable hands)')
        """
        if not self.files:
            return _("no hands read (no file held a hand history)")
        what = [fn_("{n} file", "{n} files", self.files, n=str(self.files))]
        if self.unreadable:
            what.append(fn_("{n} unreadable hand", "{n} unreadable hands", self.unreadable, n=str(self.unreadable)))
        if self.skipped:
            what.append(
                fn_(
                    "{n} tournament summary skipped",
                    "{n} tournament summaries skipped",
                    self.skipped,
                    n=str(self.skipped),
                )
            )
        return f_("no hands read ({what})", what=", ".join(what))


@dataclass(frozen=True, slots=True)
class NightAudit:
    audits: tuple[HandAudit, ...]
    records: dict[str, HandRecord]  # by hand id, for the replayer
    summary: Summary
    notes: tuple[str, ...] = ()  # what was read but is not a hand (a tournament summary), one line each


def audit_files(files: Iterable[ParsedFile], *, rules: RuleSet | None = None) -> NightAudit:
    """Audit every hand of every file; rejected hands are ``unreadable`` lines."""
    audits: list[HandAudit] = []
    records: dict[str, HandRecord] = {}
    pairs: list[tuple[HandRecord, HandAudit]] = []
    gaps: dict[str, list[int]] = {}
    notes: list[str] = []
    count = 0
    unreadable = Verdict.UNREADABLE  # an enum's member looked up once, not once a hand (slow on 3.11)
    for parsed in files:
        count += 1
        for record in parsed.hands:
            audit = audit_one(record, rules)
            audits.append(audit)
            if audit.verdict is unreadable:
                gaps.setdefault(record.source.file, []).append(record.source.line)
                continue
            pairs.append((record, audit))
            records[record.hand_id] = record
        for rejected in parsed.rejected:
            if rejected.code is RejectCode.NOT_A_HAND:
                notes.append(summary_note(rejected))
                continue
            audits.append(audit_rejected(rejected))
            gaps.setdefault(rejected.file, []).append(rejected.line)
    audits = with_between_hands(audits, pairs, gaps)
    currencies = sorted(set(map(_CURRENCY, records.values())))
    unit = unit_of(currencies, max(map(_DECIMALS, records.values()), default=0))
    summary = summarize(audits, files=count, unit=unit, skipped=len(notes))
    if len(currencies) > 1:
        summary = replace_summary(summary, currencies=tuple(currencies))
    return NightAudit(tuple(audits), records, summary, tuple(notes))


def summary_note(rejected: Rejected) -> str:
    """A tournament summary named and skipped: it is not a hand, nor an unreadable one.

    >>> r = Rejected(RejectCode.NOT_A_HAND, "x", file="t.txt", line=1, format="pokerstars")
    >>> summary_note(r)
    't.txt:1: skipped: a pokerstars tournament summary, not a hand history'
    """
    found = _TOURNAMENT.search(rejected.message)
    which = f" (tournament #{found.group(1)})" if found else ""
    where = f"{rejected.file}:{rejected.line}" if rejected.line else rejected.file
    return f"{where}: skipped: a {rejected.format or 'site'} tournament summary{which}, not a hand history"


def with_between_hands(
    audits: list[HandAudit], pairs: list[tuple[HandRecord, HandAudit]], gaps: dict[str, list[int]]
) -> list[HandAudit]:
    """The audits with the between-hands checks (:mod:`analyzer.continuity`) added: the one
    place both ``audit`` and ``import`` call, so they give the same verdicts on the same hands.
    ``gaps`` are the lines of hands left unread, by file (a hand is never compared across one)."""
    between = continuity_problems(pairs, gaps)
    if not between:
        return audits
    return [_with(a, between[a.hand_id]) if between.get(a.hand_id) else a for a in audits]


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
    problems = audit.problems + tuple(extra)
    verdict = audit.verdict if audit.verdict is Verdict.UNREADABLE else verdict_of(problems)
    return replace(audit, problems=problems, verdict=verdict)


def summarize(audits: Iterable[HandAudit], *, files: int, unit: Unit | None = None, skipped: int = 0) -> Summary:
    tally = {v: 0 for v in Verdict}
    rules: set[str] = set()
    off = 0
    wrong = 0
    n = 0
    for a in audits:
        n += 1
        tally[a.verdict] += 1
        name = a.rules
        if name:
            rules.add(name)
        hand_off = _paid_off(a)
        if hand_off:
            off += hand_off
            wrong += 1
    return Summary(
        files=files,
        hands=n,
        ok=tally[Verdict.OK],
        warn=tally[Verdict.WARN],
        violation=tally[Verdict.VIOLATION],
        unreadable=tally[Verdict.UNREADABLE],
        rules=tuple(sorted(rules)),
        chips_off=off,
        paid_wrong=wrong,
        unit=unit or Unit(),
        skipped=skipped,
    )


def _paid_off(a: HandAudit) -> int:
    """What a hand paid differently from what the replay owes, summed over its players: only for
    a hand whose payouts the source states and the replay could settle in full (else 0). Each
    row is read once."""
    stated = False
    off = 0
    for row in a.ledger:
        claimed = row.claimed_won
        if claimed:
            stated = True
        off += abs(claimed - sum(row.won))
    if not stated or not off:
        return 0
    for pot in a.pots:
        if not pot.winners:
            return 0
    return off


_CURRENCY = attrgetter("currency")
_DECIMALS = attrgetter("decimals")
