"""Conformance over every real PokerNow file of ``../shared/corpus/pokernow``.

For each log: the exact number of hands read and rejected (with codes), counted against
the ``-- starting hand`` rows found independently; the chips of every hand carry over to the
next hand's ``Player stacks`` (stack accounting), and the audit reconciles every pot. For
each ledger: its rows, and the pair's ledger balances and matches its log's quit stacks.
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from analyzer.audit.hand import audit_with
from analyzer.replay.findings import Code, Verdict
from parsers import formats, pokernow
from parsers.errors import RejectCode, Rejected
from parsers.pokernow_ledger import parse_ledger, reconcile
from parsers.record import ActionKind, HandRecord, Street
from parsers.text import decode

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "pokernow"
U = RejectCode.UNSUPPORTED_GAME

#: log -> (hands read, rejected hands by code)
EXPECTED: dict[str, tuple[int, dict[RejectCode, int]]] = {
    "bkush_2021-08-06_excerpt_mwpot.csv": (1, {}),
    "bkush_2021-08-30_excerpt_run-it-twice.csv": (3, {}),
    "charlestudor_2022-01-13_Input_Log_001.csv": (4, {}),
    "drk_2021-01-16_poker_now_log_HH-7IjgCdHgKxiwI5-M53COrW.csv": (286, {}),  # 15 of them Omaha Hi/Lo 8
    "drk_2021-03-14_poker_now_log_YvyLzLT0vRYV7x6iQcqe414oD.csv": (166, {}),  # 67 of them Pot Limit Omaha Hi
    "haugen_2020-12-19_HH191220.csv": (373, {}),
    "obf_2024-11-09_pair__log.csv": (350, {}),  # 9 of them Pot Limit Omaha Hi bomb pots
    "smash_2024_dead_small_blind_case.csv": (9, {}),
    "whywaita_2025-11-15_blindschedule_antes_poker_now_log_pglhniqprRDmWFv9sLLZZA-ru.csv": (121, {}),
}
LEDGERS = {
    "obf_2024-11-09_pair__ledger.csv": 39,
    "crempa_2026-04-10_ledger_pgl2-IjFzlpyVmSJITMKLj9fR.csv": 11,
}
#: log -> (stack transitions that match, transitions changed between hands by a rebuy or an admin update)
TRANSITIONS = {
    "charlestudor_2022-01-13_Input_Log_001.csv": (9, 0),
    "drk_2021-01-16_poker_now_log_HH-7IjgCdHgKxiwI5-M53COrW.csv": (615, 3),
    "drk_2021-03-14_poker_now_log_YvyLzLT0vRYV7x6iQcqe414oD.csv": (670, 0),
    "haugen_2020-12-19_HH191220.csv": (2252, 1),
    "obf_2024-11-09_pair__log.csv": (2387, 2),
    "smash_2024_dead_small_blind_case.csv": (55, 0),
    "whywaita_2025-11-15_blindschedule_antes_poker_now_log_pglhniqprRDmWFv9sLLZZA-ru.csv": (545, 0),
}
#: what PokerNow does that the rule set alone would call a violation, each a named entry of its
#: site profile (analyzer/presets/sites/pokernow.toml): the notes the audit gives, per log
_PN = "site profile pokernow: "
PROFILE_NOTES: dict[str, dict[str, int]] = {
    "bkush_2021-08-06_excerpt_mwpot.csv": {},
    "bkush_2021-08-30_excerpt_run-it-twice.csv": {},
    "charlestudor_2022-01-13_Input_Log_001.csv": {},
    "drk_2021-01-16_poker_now_log_HH-7IjgCdHgKxiwI5-M53COrW.csv": {},
    "drk_2021-03-14_poker_now_log_YvyLzLT0vRYV7x6iQcqe414oD.csv": {_PN + "live-post-sets-street-total": 1},
    "haugen_2020-12-19_HH191220.csv": {_PN + "straddle-raise-from-big-blind": 4},
    "obf_2024-11-09_pair__log.csv": {_PN + "raise-capped-at-callable-stack": 2},
    "smash_2024_dead_small_blind_case.csv": {_PN + "raise-capped-at-callable-stack": 1},
    "whywaita_2025-11-15_blindschedule_antes_poker_now_log_pglhniqprRDmWFv9sLLZZA-ru.csv": {},
}


def _logs() -> list[Path]:
    return sorted(p for p in CORPUS.glob("*.csv") if "ledger" not in p.name)


def _parse(path: Path) -> list[HandRecord | Rejected]:
    return list(pokernow.parse(decode(path.read_bytes()), file=path.name))


def test_the_corpus_is_there_and_every_file_has_an_expectation() -> None:
    assert [p.name for p in _logs()] == sorted(EXPECTED)
    assert sorted(p.name for p in CORPUS.glob("*ledger*.csv")) == sorted(LEDGERS)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_hand_start_is_read_or_rejected_with_its_code(name: str) -> None:
    path = CORPUS / name
    parsed = formats.read_bytes(path.read_bytes(), file=name)
    assert parsed.format == "pokernow"
    read, rejected = EXPECTED[name]
    assert len(parsed.hands) == read
    assert Counter(r.code for r in parsed.rejected) == Counter(rejected)
    rows = list(csv.reader(io.StringIO(decode(path.read_bytes()))))
    starts = sum(1 for row in rows if row and row[0].startswith("-- starting hand #"))
    assert parsed.count == starts  # no hand disappears


def _end_stacks(record: HandRecord) -> dict[str, int]:
    stacks = {s.player: s.stack for s in record.seats}
    street_totals: dict[tuple[Street, str], int] = defaultdict(int)
    for post in record.posts:
        if post.kind.is_live:
            street_totals[(Street.PREFLOP, post.player)] += post.amount
        else:
            stacks[post.player] -= post.amount
    for action in record.actions:
        if action.kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE):
            key = (action.street, action.player)
            street_totals[key] = max(street_totals[key], action.to)
    for (_, player), total in street_totals.items():
        stacks[player] -= total
    for money in (*record.returned, *record.awards):
        stacks[money.player] += money.amount
    for cashout in record.cashouts:
        if cashout.player in stacks:
            stacks[cashout.player] += cashout.amount
    return stacks


@pytest.mark.parametrize("name", sorted(TRANSITIONS))
def test_chips_carry_over_from_hand_to_hand_except_rebuys_and_admin_updates(name: str) -> None:
    """Street totals, dead and live blinds, returns, awards and bounties account for every chip."""
    matched = changed = 0
    previous: HandRecord | None = None
    for item in _parse(CORPUS / name):
        if isinstance(item, HandRecord) and previous is not None and previous.decimals == item.decimals:
            ends = _end_stacks(previous)
            for seat in item.seats:
                if seat.player in ends:
                    if ends[seat.player] == seat.stack:
                        matched += 1
                    else:
                        changed += 1
        previous = item if isinstance(item, HandRecord) else None
    assert (matched, changed) == TRANSITIONS[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_hand_audits_ok_and_the_sites_behaviour_is_a_note_naming_its_profile_entry(name: str) -> None:
    """No false alarm on an honest log: every hand ``ok``; what PokerNow does that the rule set
    alone would not allow is a note naming the pokernow profile's entry (never a warning)."""
    notes: Counter[str] = Counter()
    for item in _parse(CORPUS / name):
        if isinstance(item, HandRecord):
            audit = audit_with(item)
            assert audit.verdict is Verdict.OK, [str(p.message) for p in audit.problems]
            assert all(p.code is Code.SITE_BEHAVIOUR and p.verdict is Verdict.NOTE for p in audit.problems)
            notes.update(str(p.profile) for p in audit.problems)
    assert dict(notes) == PROFILE_NOTES[name]


@pytest.mark.parametrize("name", sorted(LEDGERS))
def test_ledger_rows_are_read(name: str) -> None:
    ledger = parse_ledger(decode((CORPUS / name).read_bytes()), file=name)
    assert len(ledger.rows) == LEDGERS[name]
    assert all(row.is_consistent for row in ledger.rows)
    assert ledger.balance == 0


def test_the_paired_ledger_balances_and_matches_its_logs_quit_stacks() -> None:
    ledger = parse_ledger(decode((CORPUS / "obf_2024-11-09_pair__ledger.csv").read_bytes()))
    events = pokernow.read_events(decode((CORPUS / "obf_2024-11-09_pair__log.csv").read_bytes()))
    result = reconcile(ledger, events)
    closed = [r for r in ledger.rows if r.buy_out is not None]
    assert len(closed) == 33 and result.balance == 0
    # every closed session's buy_out is a quit line; every buy-in an approval (+ admin adds);
    # the one open session that disagrees lost its stack after the ledger was saved
    assert result.problems == ("QEiqSPfMIP: ledger stack 6383 (line 7), log quits with 0",)
