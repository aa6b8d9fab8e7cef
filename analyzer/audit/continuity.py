"""Checks between consecutive hands of one table: the button moves, stacks carry over.

SD-BUTTON-MOVES (and HE-V-HOME-DEALING, where the deal moves with the button): after each
hand the button moves one seat clockwise, to the next player dealt in. GAME-CASH: in a
cash game players may top up or sit down between hands, so a stack may grow, but it never
shrinks between hands. GAME-TOURNAMENT: in a tournament no chips are added, so each
player starts the next hand with what they ended with; SD-EQUAL-STACKS: everyone starts
a tournament (or a home game) with the same stack. All of these are warnings: a history
may skip hands (a player's own file has only the hands they played).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from operator import itemgetter

from analyzer.audit.records import HandAudit
from analyzer.money import amount_text
from analyzer.profiles import Behaviour, profile_for
from analyzer.replay import words
from analyzer.replay.findings import Problem
from parsers.record import HandRecord, Variant


def _table_key(record: HandRecord) -> tuple[str, str]:
    return (record.source.file, record.table)


def continuity_problems(
    pairs: Iterable[tuple[HandRecord, HandAudit]], gaps: dict[str, list[int]] | None = None
) -> dict[str, list[Problem]]:
    """Problems found between hands, by the id of the later hand. Two hands are compared only
    when nothing lies between them: no unread hand (``gaps``: the lines of rejected hands by
    file) and, where the source numbers its hands, no missing number."""
    gaps = gaps or {}
    # each hand with its sortable time and its moment, made once: (time, line, record, audit, moment)
    tables: dict[tuple[str, str], list[_Hand]] = defaultdict(list)
    for record, audit in pairs:
        source = record.source
        stamp, moment = _stamp(record)
        tables[(source.file, record.table)].append((stamp, source.line, record, audit, moment))
    found: dict[str, list[Problem]] = defaultdict(list)
    first_of_file: dict[str, tuple[str, int, HandRecord]] = {}
    for hands in tables.values():
        hands.sort(key=_WHEN)
        stamp, line, first, _, _ = hands[0]
        if first.game.tournament:
            known = first_of_file.get(first.source.file)
            if known is None or (stamp, line) < known[:2]:
                first_of_file[first.source.file] = (stamp, line, first)
        for (_, _, before, audit, earlier), (_, _, after, _, later) in pairwise(hands):
            if _adjacent(before, after, gaps.get(before.source.file, []), earlier, later):
                found[after.hand_id].extend(_between(before, audit, after))
    for _, _, first in first_of_file.values():
        problem = _unequal_start(first)
        if problem is not None:
            found[first.hand_id].append(problem)
    return found


_Hand = tuple[str, int, HandRecord, HandAudit, datetime | None]
_WHEN = itemgetter(0, 1)


def _stamp(record: HandRecord) -> tuple[str, datetime | None]:
    """A sortable time (naive and zoned stamps alike: a zoned one in UTC, without its zone;
    a text that is not a time as it is) and the moment it names (None: no time)."""
    text = record.started_at or ""
    if not text:
        return "", None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return text, None
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment.isoformat(), moment


def _unequal_start(first: HandRecord) -> Problem | None:
    """SD-EQUAL-STACKS (short deck) / GAME-TOURNAMENT (Hold'em): the first hand of a tournament
    in a file, where it is the tournament's real first hand: most players still hold the same
    starting stack (a file that begins at a later level shows stacks all over the place)."""
    stacks = [s.stack for s in first.seats]
    if len(stacks) < 2 or len(set(stacks)) == 1:
        return None
    common, count = Counter(stacks).most_common(1)[0]
    if count * 2 <= len(stacks):
        return None  # no starting stack most players share: not the first hand of the tournament
    rule = "SD-EQUAL-STACKS" if first.game.variant is Variant.SHORTDECK else "GAME-TOURNAMENT"
    odd = [s for s in first.seats if s.stack != common]
    return words.unequal_start(
        amount_text(common, first.decimals), [(s.player, amount_text(s.stack, first.decimals)) for s in odd], rule
    )


#: where a history may skip hands, the most time between two hands taken as one after the other
SKIPPED_HANDS_WINDOW = timedelta(minutes=5)


def _adjacent(
    before: HandRecord, after: HandRecord, rejected_lines: list[int], earlier: datetime | None, later: datetime | None
) -> bool:
    """Whether two hands of a table followed each other: numbered one after the other, or
    stamped within a quarter of an hour, with no unread hand between them (a hand cut off and
    read up to the next one's first line counts as between). Collections of chosen hands
    (televised hands, a player's best hands) carry neither and are not checked. Where the
    source's history skips hands (``history-skips-hands``: a player's own file), only hands
    within five minutes whose button moved one seat; where seats are anonymous
    (``anonymous-seats``: a name is a position), none. ``earlier``, ``later``: both hands'
    moments (:func:`_stamp`)."""
    b, a = before.source, after.source
    if (b.number is None or a.number is None) and not (before.started_at and after.started_at):
        return False  # neither numbered nor stamped: nothing tells that one followed the other
    profile = profile_for(after)
    if profile.has(Behaviour.ANONYMOUS_SEATS):
        return False  # a name is a position, another player each hand
    if rejected_lines:
        low, high = min(b.line, a.line), max(b.line, a.line)
        if any(low <= line <= high for line in rejected_lines):
            return False
    if b.number is not None and a.number is not None:
        return a.number == b.number + 1
    if before.started_at and after.started_at:
        if earlier is None or later is None:  # not a time
            return False
        gap = later - earlier
        if not _NO_TIME < gap <= _QUARTER:  # the same stamp on every hand is no evidence
            return False
        if profile.has(Behaviour.HISTORY_SKIPS_HANDS):
            return (
                gap <= SKIPPED_HANDS_WINDOW and after.button is not None and after.button == _next_button(before, after)
            )
        return True
    return False


_NO_TIME = timedelta(0)
_QUARTER = timedelta(minutes=15)


def _next_button(before: HandRecord, after: HandRecord) -> int | None:
    """The seat the button moves to: the next seat clockwise dealt in (in a tournament a
    sitting-out player is dealt in, and the button may move onto them)."""
    if before.button is None:
        return None
    seats = sorted(s.seat for s in after.seats if after.game.tournament or not s.sitting_out)
    later = [s for s in seats if s > before.button]
    return later[0] if later else (seats[0] if seats else None)


def _between(before: HandRecord, audit: HandAudit, after: HandRecord) -> list[Problem]:
    problems: list[Problem] = []
    ended = {row.player: row.end for row in audit.ledger}
    for cash in before.cashouts:  # settled outside the pot (bounties, cash-outs): part of the stack
        if cash.player in ended:
            ended[cash.player] += cash.amount - cash.fee
    # the button rule is checked where the table went on unchanged: same seats, nobody rebought
    # or joined (sites move a button differently around joins, under their own dead-button rules)
    unchanged = {s.seat for s in before.seats if not s.sitting_out} == {
        s.seat for s in after.seats if not s.sitting_out
    } and all(ended.get(s.player) == s.stack for s in after.seats)
    if before.button is not None and after.button is not None and unchanged:
        expected = _next_button(before, after)
        if expected is not None and after.button != expected:
            problems.append(words.button_not_moved(before.button, after.button, expected))
    if not ended or not all(p.winners for p in audit.pots):
        return problems

    def money(value: int) -> str:
        return amount_text(value, after.decimals)

    for seat in after.seats:
        if seat.player not in ended:
            continue
        end = ended[seat.player]
        start = seat.stack
        if after.game.tournament and start != end:
            problems.append(words.stack_changed_in_tournament(seat.player, money(end), money(start)))
        elif not after.game.tournament and start < end:
            problems.append(words.stack_shrank(seat.player, money(end), money(start)))
    return problems
