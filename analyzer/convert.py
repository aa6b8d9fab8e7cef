"""Preparing hands for another format: what the target states but the source did not.

PHH and OHH files do not list returned uncalled bets (PHH often not the amounts collected
either), while PokerStars, GG and PokerNow text always do. Written as they are, such hands
would read back as payout errors. Before writing to a format that states them, the
returned bets and (where the source has none) the amounts collected are taken from the
replay, the same engine that audits them: a conversion never invents anything the replay
does not settle, and a hand whose pots the replay cannot settle keeps its awards as they are.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from analyzer.audit.hand import STATES_RETURNS
from analyzer.detect import rules_for
from analyzer.replay.engine import replay
from parsers.errors import HandHistoryError
from parsers.record import Award, HandRecord, Returned


def prepare(records: Iterable[HandRecord], target: str) -> list[HandRecord]:
    """The records, completed for ``target`` where their source format is silent."""
    out = []
    for record in records:
        if target in STATES_RETURNS and record.source.format not in STATES_RETURNS:
            record = complete(record)
        out.append(record)
    return out


def complete(record: HandRecord) -> HandRecord:
    """Returned bets (and collected amounts, when none are given) from the replay."""
    try:
        r = replay(record, rules_for(record))
    except HandHistoryError:  # the audit names what is wrong with it; written as it is
        return record
    changes: dict[str, object] = {}
    if not record.returned:
        changes["returned"] = tuple(Returned(p.name, p.returned) for p in r.players if p.returned)
    if not record.awards and not r.settlement.undecided:
        changes["awards"] = tuple(
            Award(name, amount, pot=res.index, run=res.run, description=res.hand)
            for res in r.settlement.results
            for name, amount in res.shares
            if amount
        )
    if record.total_pot is None:
        changes["total_pot"] = r.total_pot
    return msgspec.structs.replace(record, **changes) if changes else record
