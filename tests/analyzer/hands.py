"""Hands written in the compact text, audited: the shared helper of the rule tests."""

from __future__ import annotations

from analyzer.audit.hand import audit_hand
from analyzer.audit.records import HandAudit
from analyzer.detect import rules_for
from analyzer.ruleset import load_rules
from parsers.compact import parse
from parsers.record import HandRecord


def record(text: str) -> HandRecord:
    (item,) = list(parse(text))
    assert isinstance(item, HandRecord), item
    return item


def audit(text: str, rules: str | None = None) -> HandAudit:
    hand = record(text)
    return audit_hand(hand, load_rules(rules) if rules else rules_for(hand))


def codes(text: str, rules: str | None = None) -> list[str]:
    return [p.code.value for p in audit(text, rules).problems]


def won(a: HandAudit) -> dict[str, int]:
    """What the replay says each player wins, all pots together."""
    return {row.player: sum(row.won) for row in a.ledger if sum(row.won)}
