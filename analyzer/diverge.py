"""What another rule set would have changed: every hand replayed under two rule sets.

``diverge(records, rules, against)`` replays each hand under both rule sets and lists the
hands whose winners or payouts change: trips against a straight (``shortdeck`` and
``shortdeck-trips``), flush against full house when a 36-card hand is read under 52-card
rankings, a different odd-chip rule. For each such hand it gives each player's net under
both, and it adds them up per player over the night, so a host can answer "would we have
paid the same under the other ranking?".

The actions are replayed as the source states them under both rule sets: a rule set that
would not have allowed the action (antes against blinds, say) still shows what its showdown
pays for that action, and the hand says how many rule breaks the other rule set finds.
A pot that neither replay can settle (hole cards not shown) is not compared.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from analyzer.replay.engine import Replay, replay
from analyzer.replay.findings import Verdict
from analyzer.ruleset import RuleSet
from parsers.record import HandRecord


@dataclass(frozen=True, slots=True)
class PotChange:
    """One pot (of one run) whose winners differ."""

    index: int  # 0 main, 1.. side pots
    run: int
    amount: int
    winners: tuple[str, ...]  # under the first rule set
    winners_against: tuple[str, ...]  # under the other
    hand: str  # the winning hand in words under the first
    hand_against: str


@dataclass(frozen=True, slots=True)
class HandChange:
    """A hand whose payouts differ: every player's net under both rule sets."""

    hand_id: str
    file: str
    line: int
    decimals: int
    currency: str
    nets: tuple[tuple[str, int, int], ...]  # (player, net under rules, net under against), seat order
    pots: tuple[PotChange, ...]
    breaks_against: int  # rule breaks the other rule set finds in the actions as played

    @property
    def changed(self) -> tuple[tuple[str, int, int], ...]:
        return tuple(n for n in self.nets if n[1] != n[2])


@dataclass(frozen=True, slots=True)
class Divergence:
    rules: str
    against: str
    hands: int  # hands compared
    not_compared: tuple[tuple[str, str], ...]  # (hand id, why)
    changes: tuple[HandChange, ...]
    totals: tuple[tuple[str, int, int], ...]  # (player, total under rules, under against), by the change

    @property
    def same(self) -> bool:
        return not self.changes


def _nets(r: Replay) -> dict[str, int]:
    owed = r.settlement.owed
    return {p.name: owed.get(p.name, 0) - p.total for p in r.players}


def diverge(records: Iterable[HandRecord], rules: RuleSet, against: RuleSet) -> Divergence:
    """Every hand under both rule sets; the hands whose payouts differ, and the totals."""
    changes: list[HandChange] = []
    skipped: list[tuple[str, str]] = []
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    hands = 0
    for record in records:
        hands += 1
        first, second = replay(record, rules), replay(record, against)
        if first.settlement.undecided or second.settlement.undecided:
            skipped.append((record.hand_id, "hole cards at the showdown are not all known"))
            continue
        a, b = _nets(first), _nets(second)
        order = [p.name for p in first.players]
        for name in order:
            totals[name][0] += a.get(name, 0)
            totals[name][1] += b.get(name, 0)
        if a == b and _winners(first) == _winners(second):
            continue
        pots = []
        theirs = {(res.index, res.run): res for res in second.settlement.results}
        for res in first.settlement.results:
            other = theirs.get((res.index, res.run))
            if other is not None and set(other.winners) != set(res.winners):
                pots.append(PotChange(res.index, res.run, res.amount, res.winners, other.winners, res.hand, other.hand))
        breaks = sum(1 for p in second.problems if p.verdict is Verdict.VIOLATION) - sum(
            1 for p in first.problems if p.verdict is Verdict.VIOLATION
        )
        changes.append(
            HandChange(
                hand_id=record.hand_id,
                file=record.source.file,
                line=record.source.line,
                decimals=record.decimals,
                currency=record.currency,
                nets=tuple((name, a.get(name, 0), b.get(name, 0)) for name in order),
                pots=tuple(pots),
                breaks_against=max(0, breaks),
            )
        )
    ranked = sorted(totals.items(), key=lambda item: (-(abs(item[1][1] - item[1][0])), item[0]))
    return Divergence(
        rules=rules.name,
        against=against.name,
        hands=hands,
        not_compared=tuple(skipped),
        changes=tuple(changes),
        totals=tuple((name, t[0], t[1]) for name, t in ranked if t[0] != t[1]),
    )


def _winners(r: Replay) -> set[tuple[int, int, tuple[str, ...]]]:
    return {(res.index, res.run, tuple(sorted(res.winners))) for res in r.settlement.results}
