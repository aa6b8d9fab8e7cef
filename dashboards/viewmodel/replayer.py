"""The Replayer page without Streamlit: one step of a hand as the page shows it.

:func:`step_view` takes a replayed hand (``replay(record, rules, steps=True)``) and the
step asked for, and gives the caption, the street line, the seats table, the board, the
engine's notes, the stacks chart, the equities by street and, at the last step, the pots
and the shown hands. Texts are in the language in force; text from the file (names, the
step's action) is left as it is, for the page to escape.
"""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.audit.records import HandAudit
from analyzer.equity.views import percent, street_equities
from analyzer.errors import AnalyzerError
from analyzer.i18n import _, f_, render
from analyzer.replay.engine import BOARD_SIZE, Replay, Step
from analyzer.replay.hilo import hand_words
from analyzer.ruleset import RuleSet
from dashboards.show import cards, money, verdict_label
from dashboards.words import street_name
from parsers.record import HandRecord


def clamp_step(current: object, last: int) -> int:
    """The step to show: the one asked for if it is one of ``0..last``, else the last.

    >>> clamp_step(3, 9), clamp_step(12, 9), clamp_step(None, 9)
    (3, 9, 9)
    """
    return current if isinstance(current, int) and 0 <= current <= last else last


def moved(current: object, delta: int, last: int) -> int:
    """The step after pressing back (-1) or next (+1), kept within ``0..last``.

    >>> moved(0, -1, 5), moved(4, 1, 5), moved(5, 1, 5)
    (0, 5, 5)
    """
    return max(0, min(last, (current if isinstance(current, int) else 0) + delta))


def seat_rows(record: HandRecord, step: Step, at_end: bool) -> list[dict[str, object]]:
    """Who sits where, with the stack and street bet after this step (cards once they are shown)."""
    stacks = dict(step.stacks)
    bets = dict(step.bets)
    shown = {s.player: s.cards for s in record.shown if s.cards}
    return [
        {
            "seat": seat.seat,
            "player": ("▶ " if seat.player == step.player else "") + seat.player,
            "stack": money(stacks.get(seat.player, seat.stack), record.decimals, record.currency),
            "bet": money(bets[seat.player], record.decimals, record.currency) if seat.player in bets else "",
            "in_hand": "" if seat.player in step.folded else "●",
            "cards": cards(shown[seat.player]) if at_end and seat.player in shown else "",
            "button": "🔘" if seat.seat == record.button else "",
        }
        for seat in record.seats
    ]


def board_runs(record: HandRecord, step: Step, at_end: bool) -> list[tuple[str, tuple[str, ...]]]:
    """Each run of the board as far as it is dealt, with its label ("run 2: ") when there are several."""
    runs = record.boards if at_end else record.boards[:1]
    return [
        (
            f_("run {n}", n=n + 1) + ": " if len(runs) > 1 else "",
            tuple(run if at_end else run[: BOARD_SIZE[step.street]]),
        )
        for n, run in enumerate(runs)
    ]


@dataclass(frozen=True, slots=True)
class Note:
    """A problem the engine noted: its code, where, the sentence, and whether it is this step's."""

    code: str
    where: str
    message: str
    here: bool


def notes(result: Replay, audit: HandAudit | None, index: int) -> tuple[str, tuple[Note, ...]]:
    """The hand's verdict label (``''`` without an audit) and its problems, this step's marked."""
    problems = audit.problems if audit is not None else result.problems
    return verdict_label(audit.verdict.value) if audit is not None else "", tuple(
        Note(
            code=p.code.value,
            where=f_("at action {n}", n=p.action_index) if p.action_index is not None else "",
            message=render(p.message),
            here=p.action_index == index,
        )
        for p in problems
    )


def stack_lines(record: HandRecord, result: Replay) -> list[tuple[str, list[float]]]:
    """Each seat's stack in units after every step."""
    scale = 10**record.decimals
    return [
        (seat.player, [dict(s.stacks).get(seat.player, seat.stack) / scale for s in result.steps])
        for seat in record.seats
    ]


def pot_rows(record: HandRecord, result: Replay) -> list[dict[str, object]]:
    """The main pot and side pots of each run: amount, who could win it, who did, with what."""

    def m(amount: int) -> str:
        return money(amount, record.decimals, record.currency)

    return [
        {
            "pot": _("main pot") if r.index == 0 else f_("side pot {n}", n=r.index),
            "run": r.run + 1,
            "amount": m(r.amount),
            "eligible": ", ".join(r.eligible),
            "winners": ", ".join(f"{name} {m(amount)}" for name, amount in r.shares),
            "hand": r.hand,
        }
        for r in result.settlement.results
    ]


@dataclass(frozen=True, slots=True)
class ShownHand:
    player: str
    mucked: str  # " (mucked)" in the language, or ""
    cards: tuple[str, ...]
    hands: tuple[str, ...]  # the five cards played on each run (or why not)


def shown_hands(record: HandRecord, rules: RuleSet) -> tuple[ShownHand, ...]:
    """Each shown hand with the five cards it plays on each run of the board (Omaha: two hole
    and three board cards)."""
    out = []
    for s in record.shown:
        if not s.cards or "??" in s.cards:
            continue
        parts = []
        for run in record.boards:
            known = [c for c in run if c != "??"]
            if len(known) + len(s.cards) < 5 or (rules.is_omaha and len(known) < 3):
                continue
            try:
                parts.append(hand_words(s.cards, known, rules))
            except (AnalyzerError, ValueError) as error:
                parts.append(str(error))
        out.append(ShownHand(s.player, " (" + _("mucked") + ")" if s.mucked else "", tuple(s.cards), tuple(parts)))
    return tuple(out)


def equity_rows(record: HandRecord, rules: RuleSet) -> list[dict[str, str]]:
    """Each player's exact equity at the start of each street where everyone's cards are known,
    marking who went all-in on it (:func:`analyzer.equity.views.street_equities`)."""
    return [
        {
            _("street"): street_name(e.street.value),
            _("board"): cards(e.board) if e.board else "—",
            **{
                player: percent(share) + (" (" + _("all-in") + ")" if player in e.all_in else "")
                for player, share in zip(e.players, e.shares, strict=True)
            },
        }
        for e in street_equities(record, rules.ranking)
    ]


@dataclass(frozen=True, slots=True)
class StepView:
    """Everything the page shows of one step of a hand."""

    caption: str
    action: str  # the step's action, from the file
    street: str
    pot: str
    seats: list[dict[str, object]]
    board: list[tuple[str, tuple[str, ...]]]
    verdict: str
    notes: tuple[Note, ...]
    stacks: list[tuple[str, list[float]]]
    equities: list[dict[str, str]]
    at_end: bool
    pots: list[dict[str, object]]  # at the last step only
    shown: tuple[ShownHand, ...]  # at the last step only


def step_view(record: HandRecord, rules: RuleSet, result: Replay, audit: HandAudit | None, index: int) -> StepView:
    """Step ``index`` of a replayed hand (``result`` has its steps) as the page shows it."""
    last = len(result.steps) - 1
    step = result.steps[index]
    at_end = index == last
    verdict, found = notes(result, audit, index)
    return StepView(
        caption=f_(
            "Rules: {rules} · action {n} (actions 0 to {last}: the forced bets first)",
            rules=rules.name,
            n=index,
            last=last,
        ),
        action=render(step.text),
        street=street_name(step.street.value),
        pot=money(step.pot, record.decimals, record.currency),
        seats=seat_rows(record, step, at_end),
        board=board_runs(record, step, at_end),
        verdict=verdict,
        notes=found,
        stacks=stack_lines(record, result),
        equities=equity_rows(record, rules),
        at_end=at_end,
        pots=pot_rows(record, result) if at_end else [],
        shown=shown_hands(record, rules) if at_end else (),
    )
