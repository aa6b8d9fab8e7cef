"""The Recorder page without Streamlit: the fields as compact hand text, the hand read from
it and audited, and what the page shows of it (:func:`recorded_view`: one call).

>>> fields = {k.removeprefix("rec_"): v for k, v in DEFAULTS.items()}
>>> text = compact_text(hand_id=fields.pop("id"), rules="shortdeck", **fields)
>>> view = recorded_view(text, "shortdeck")
>>> view.error, view.ok, view.line
('', True, '✅ ok · pot 2,100 · every action and the payout check out')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from analyzer.audit.hand import audit_hand
from analyzer.audit.records import HandAudit
from analyzer.i18n import _, f_, fn_, render
from analyzer.ruleset import load_rules
from dashboards.show import money, verdict_label
from parsers.errors import HandHistoryError, Rejected
from parsers.formats import parse_text
from parsers.record import HandRecord

HAND_ID = "rec_id"
RULES = "rec_rules"
STAKES = "rec_stakes"
SEATS = "rec_seats"
BUTTON = "rec_button"
ACTIONS = "rec_actions"
RECORDER_RULES = ("shortdeck", "shortdeck-trips", "shortdeck-single-ante", "shortdeck-blinds", "holdem")
DEFAULTS = {
    HAND_ID: "home-1",
    STAKES: "ante=100 button=100",
    SEATS: "Anna 10000, Ben 10000, Carla 10000, Dev 10000",
    BUTTON: "Anna",
    ACTIONS: "preflop Ben r300 Carla c Dev f Anna c\nflop 9h 8d 7c: Ben b400 Carla c Anna f\n"
    "turn Ts: Ben x Carla x\nriver Ac: Ben x Carla x\nshow Ben 6h 6d\nshow Carla Kh Ks\nwin Ben 2100",
}


def compact_text(*, hand_id: str, rules: str, stakes: str, seats: str, button: str, actions: str) -> str:
    """The recorder's fields as compact hand text (``deal`` posts what the stakes ask for).

    >>> print(compact_text(hand_id="h1", rules="shortdeck", stakes="ante=1", seats="A 10, B 10", button="A",
    ...                    actions="preflop B x A x"))
    id h1
    rules shortdeck
    stakes ante=1
    seats A 10, B 10
    button A
    deal
    preflop B x A x
    """
    head = [f"id {hand_id.strip() or 'hand'}", f"rules {rules}", f"stakes {stakes.strip()}", f"seats {seats.strip()}"]
    if button.strip():
        head.append(f"button {button.strip()}")
    head.append("deal")
    return "\n".join([*head, actions.strip()])


def check(text: str, rules: str) -> tuple[HandRecord | None, HandAudit | None, str]:
    """The hand read from the text and its audit, or the one-line reason it cannot be read."""
    try:
        items = list(parse_text(text, format="compact", file="recorder"))
    except HandHistoryError as error:
        return None, None, str(error)
    first = items[0] if items else None
    if isinstance(first, HandRecord):
        return first, audit_hand(first, load_rules(rules)), ""
    if isinstance(first, Rejected):
        return None, None, first.message
    return None, None, _("recorder: no hand")


@dataclass(frozen=True, slots=True)
class RecordedView:
    """The hand as the page shows it: the reason it is not a hand yet, or its verdict line,
    its problems and its chip ledger."""

    record: HandRecord | None
    error: str  # why it is not a hand yet ("" when it is one)
    ok: bool  # no problems
    line: str  # the verdict and the pot
    problems: tuple[tuple[str, str, str], ...]  # (code, where, message)
    ledger: list[dict[str, object]]


def ledger_rows(record: HandRecord, audit: HandAudit) -> list[dict[str, object]]:
    """Each player's start, chips put in, won, paid as the source says, and net."""
    d = record.decimals
    return [
        {
            "player": r.player,
            "start": money(r.start, d),
            "invested": money(r.posted + sum(r.invested), d),
            "won": money(sum(r.won), d),
            "claimed": money(r.claimed_won, d),
            "net": money(r.net, d),
        }
        for r in audit.ledger
    ]


def recorded_view(text: str, rules: str) -> RecordedView:
    """The compact ``text`` read under ``rules`` and audited, as the page shows it."""
    record, audit, error = check(text, rules)
    if record is None or audit is None:
        return RecordedView(None, error, False, "", (), [])
    line = verdict_label(audit.verdict.value) + " · " + f_("pot {pot}", pot=money(audit.total_pot, record.decimals))
    if not audit.problems:
        line += " · " + _("every action and the payout check out")
    return RecordedView(
        record=record,
        error="",
        ok=not audit.problems,
        line=line,
        problems=tuple(
            (
                p.code.value,
                f_("at action {n}", n=p.action_index) if p.action_index is not None else "",
                render(p.message),
            )
            for p in audit.problems
        ),
        ledger=ledger_rows(record, audit),
    )


def session_rows(records: Sequence[HandRecord]) -> list[dict[str, object]]:
    """The hands recorded in this session: each one's id and players."""
    return [{"hand": r.hand_id, "players": len(r.seats)} for r in records]


def session_heading(records: Sequence[HandRecord]) -> str:
    return fn_("{n} hand recorded in this session", "{n} hands recorded in this session", len(records))


def kept(records: Sequence[HandRecord], record: HandRecord) -> tuple[HandRecord, ...]:
    """The session's hands with ``record`` added (replacing a hand of the same id)."""
    return (*(r for r in records if r.hand_id != record.hand_id), record)
