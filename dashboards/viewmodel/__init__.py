"""What the pages show, computed without Streamlit: the rows of their tables, the hands a
filter keeps, the problem cards, the settlement's ledger. A page reads its widgets, calls
one of these, and lays out what it returns; the tests call them directly.

Texts come out in the language in force (:func:`analyzer.i18n.use`); amounts through the
one money formatter.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from analyzer.audit.night import NightAudit
from analyzer.audit.records import HandAudit
from analyzer.i18n import f_, fn_, nmsg, render
from analyzer.money import CHIPS
from analyzer.settlement import NightSettlement
from dashboards.show import money, verdict_label

HAND_COLUMNS = ("hand", "verdict", "problems", "players", "pot", "rules", "file", "line")


def hand_rows(audits: Iterable[HandAudit], audit: NightAudit) -> list[dict[str, object]]:
    """One row a hand: its verdict, problem codes (each once), players, pot, rules and place."""
    rows: list[dict[str, object]] = []
    for a in audits:
        record = audit.records.get(a.hand_id)
        decimals = record.decimals if record else 0
        rows.append(
            {
                "hand": a.hand_id,
                "verdict": verdict_label(a.verdict.value),
                "problems": " ".join(dict.fromkeys(a.codes)),
                "players": len(a.ledger),
                "pot": money(a.total_pot, decimals, record.currency) if record else "",
                "rules": a.rules,
                "file": a.file,
                "line": a.line,
            }
        )
    return rows


def filter_hands(
    audits: Iterable[HandAudit], verdicts: Iterable[str] = (), codes: Iterable[str] = (), search: str = ""
) -> tuple[HandAudit, ...]:
    """The hands a filter keeps: any of ``verdicts``, any of ``codes``, and ``search`` (case aside)
    in the hand id or a player's name; an empty filter keeps everything."""
    wanted_verdicts, wanted_codes, needle = set(verdicts), set(codes), search.strip().lower()
    return tuple(
        a
        for a in audits
        if (not wanted_verdicts or a.verdict.value in wanted_verdicts)
        and (not wanted_codes or wanted_codes & set(a.codes))
        and (not needle or needle in a.hand_id.lower() or any(needle in r.player.lower() for r in a.ledger))
    )


@dataclass(frozen=True, slots=True)
class ProblemCard:
    """One problem as the audit page shows it: a heading's parts and the sentence."""

    hand_id: str
    verdict: str  # the label, with its icon
    code: str
    rule: str  # the rule's id, or ""
    where: str  # "at action 7", or ""
    message: str  # in the language in force
    action_index: int | None
    replayable: bool  # the hand's record is there to replay


def problem_cards(audit: NightAudit, shown: Iterable[HandAudit], limit: int) -> tuple[tuple[ProblemCard, ...], int]:
    """The first ``limit`` problems of the hands shown as cards, and how many more there are."""
    found = [(a, p) for a in shown for p in a.problems]
    cards = tuple(
        ProblemCard(
            hand_id=a.hand_id,
            verdict=verdict_label(p.verdict.value),
            code=p.code.value,
            rule=p.rule or "",
            where=f_("at action {n}", n=p.action_index) if p.action_index is not None else "",
            message=render(p.message),
            action_index=p.action_index,
            replayable=a.hand_id in audit.records,
        )
        for a, p in found[:limit]
    )
    return cards, max(0, len(found) - limit)


def ledger_rows(audit: NightAudit, shown: Iterable[HandAudit], limit: int) -> list[dict[str, object]]:
    """Per hand and player (at most ``limit`` rows): the chips as the replay settles them, beside
    what the source paid."""
    rows: list[dict[str, object]] = []
    for a in shown:
        record = audit.records.get(a.hand_id)
        decimals = record.decimals if record else 0
        currency = record.currency if record else CHIPS
        for r in a.ledger:
            rows.append(
                {
                    "hand": a.hand_id,
                    "player": r.player,
                    "seat": r.seat,
                    "start": money(r.start, decimals, currency),
                    "posted": money(r.posted, decimals, currency),
                    "invested": money(sum(r.invested), decimals, currency),
                    "returned": money(r.returned, decimals, currency),
                    "won": money(sum(r.won), decimals, currency),
                    "claimed": money(r.claimed_won, decimals, currency),
                    "rake": money(r.rake, decimals, currency),
                    "net": money(r.net, decimals, currency),
                }
            )
            if len(rows) >= limit:
                return rows
    return rows


def settlement_rows(result: NightSettlement) -> list[dict[str, object]]:
    """Each player's money in and out, what the hands paid and owe, the correction and the net as audited."""
    m = result.money
    return [
        {
            "player": p.player,
            "bought_in": m(p.bought_in),
            "cashed_out": m(p.cashed_out),
            "net": m(p.net),
            "paid_by_hands": "" if p.paid_by_hands is None else m(p.paid_by_hands),
            "owed_by_hands": "" if p.owed_by_hands is None else m(p.owed_by_hands),
            "correction": m(p.correction) if p.correction else "",
            "audited_net": m(p.audited_net),
        }
        for p in result.players
    ]


def files_without_hands(n: int, read: int) -> str:
    """The Audit page's line over the files of an upload that gave no hands.

    >>> files_without_hands(1, 7)
    '1 file gave no hands (7 read); the rest of the upload is audited below:'
    """
    return fn_(
        "{n} file gave no hands ({read} read); the rest of the upload is audited below:",
        "{n} files gave no hands ({read} read); the rest of the upload is audited below:",
        n,
        read=read,
    )


def night_notice(n: int, first: str) -> str:
    """Every page's one line over files that gave no hands, with the first one's reason."""
    return fn_(
        "{n} file gave no hands (the Audit page lists it): {first}",
        "{n} files gave no hands (the Audit page lists them), the first: {first}",
        n,
        first=first,
    )


def nothing_read(files: int, unreadable: int, skipped: int) -> str:
    """The headline of a night without a readable hand: what was there instead.

    >>> nothing_read(1, 2, 0)
    'No hands read (1 file, 2 unreadable hands, 0 tournament summaries skipped)'
    """
    return f_(
        "No hands read ({files}, {unreadable}, {skipped})",
        files=nmsg("{n} file", "{n} files", files),
        unreadable=nmsg("{n} unreadable hand", "{n} unreadable hands", unreadable),
        skipped=nmsg("{n} tournament summary skipped", "{n} tournament summaries skipped", skipped),
    )


def store_line(path: str, hands: int, imports: int) -> str:
    """A store's size: its hands and how many imports brought them.

    >>> store_line("/data/st", 6, 1)
    'Store /data/st: 6 hands from 1 import.'
    """
    return f_(
        "Store {path}: {hands} from {imports}.",
        path=path,
        hands=nmsg("{n} hand", "{n} hands", hands),
        imports=nmsg("{n} import", "{n} imports", imports),
    )
