"""One call for a page or a script: read a session, audit it, and price it.

The dashboard page calls :func:`report_bytes` with the uploaded files and shows the
:class:`CasinoReport`: ``audit.draws`` and ``audit.bets`` (each with its verdict and
problems), ``margins`` (the session row, then per round, per outcome, per both),
``rejected`` (lines not read, with reasons) and ``summary()``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from analyzer.casino.audit import CasinoCode, SessionAudit, audit_session
from analyzer.casino.errors import CasinoStateError
from analyzer.casino.margins import MarginRow, margins
from analyzer.casino.outcomes import OutcomeSet, load_outcomes
from analyzer.evaluator import Ranking
from analyzer.replay.findings import Verdict
from analyzer.ruleset import RuleSet, load_rules
from parsers.casino import CasinoFile, DrawStatus, read_bytes
from parsers.errors import Rejected

RULES = "sixplus-casino"


@dataclass(frozen=True, slots=True)
class Summary:
    files: int
    draws: int
    cancelled: int
    bets: int
    rejected: int
    ok: int  # bets without a problem
    warn: int
    violation: int
    unreadable: int
    draw_problems: int
    wrong_payouts: int
    stake: int  # minor units, every bet
    paid: int
    owed: int  # bets that could be settled
    margin: Fraction | None  # the session's expected margin at the offered odds
    rules: str


@dataclass(frozen=True, slots=True)
class CasinoReport:
    files: tuple[CasinoFile, ...]
    audit: SessionAudit
    margins: tuple[MarginRow, ...]

    @property
    def rejected(self) -> tuple[Rejected, ...]:
        return tuple(r for f in self.files for r in f.rejected)

    def summary(self) -> Summary:
        bets = self.audit.bets
        verdicts = [b.verdict for b in bets]
        return Summary(
            files=len(self.files),
            draws=len(self.audit.draws),
            cancelled=sum(d.draw.status is DrawStatus.CANCELLED for d in self.audit.draws),
            bets=len(bets),
            rejected=len(self.rejected),
            ok=verdicts.count(Verdict.OK),
            warn=verdicts.count(Verdict.WARN),
            violation=verdicts.count(Verdict.VIOLATION),
            unreadable=verdicts.count(Verdict.UNREADABLE),
            draw_problems=sum(len(d.problems) for d in self.audit.draws),
            wrong_payouts=sum(p.code is CasinoCode.WRONG_PAYOUT for b in bets for p in b.problems),
            stake=sum(b.bet.stake for b in bets),
            paid=sum(b.bet.paid for b in bets),
            owed=sum(b.owed for b in bets if b.owed is not None),
            margin=self.margins[0].margin if self.margins else None,
            rules=self.audit.rules,
        )

    @property
    def is_fine(self) -> bool:
        """No problem at all and nothing rejected (exit code 0 of ``sixplus casino audit``)."""
        return not self.rejected and not self.audit.problems()


def casino_ranking(rules: RuleSet) -> Ranking:
    """The rule set's ranking, if it is a 36-card one (C-DECK: the game uses 6 to ace)."""
    if rules.deck != 36:
        raise CasinoStateError(
            expected=f"a 36-card rule set (C-DECK), like {RULES}", found=f"{rules.name} ({rules.deck} cards)"
        )
    return rules.ranking


def report_files(
    files: Iterable[CasinoFile],
    *,
    outcomes: OutcomeSet | str | Path | None = None,
    rules: RuleSet | str | Path = RULES,
) -> CasinoReport:
    """Audit and price the draws and bets of files already read."""
    read = tuple(files)
    table = outcomes if isinstance(outcomes, OutcomeSet) else load_outcomes(outcomes)
    rule_set = rules if isinstance(rules, RuleSet) else load_rules(rules)
    audit = audit_session(
        (d for f in read for d in f.draws),
        (b for f in read for b in f.bets),
        outcomes=table,
        ranking=casino_ranking(rule_set),
        rules=rule_set.name,
    )
    return CasinoReport(read, audit, margins(audit.bets))


def report_bytes(
    files: Iterable[tuple[str, bytes]],
    *,
    outcomes: OutcomeSet | str | Path | None = None,
    rules: RuleSet | str | Path = RULES,
    decimals: int = 2,
) -> CasinoReport:
    """Everything a page shows, from ``(file name, bytes)`` pairs (JSON Lines or CSV)."""
    read = [read_bytes(data, file=name, decimals=decimals) for name, data in files]
    return report_files(read, outcomes=outcomes, rules=rules)
