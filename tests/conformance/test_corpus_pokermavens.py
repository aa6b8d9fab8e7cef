"""Conformance over every Poker Mavens file of ``../shared/corpus/sites/pokermavens`` (Seals With
Clubs, 2013), read in place: hands counted by a pattern of this test, every hand audits ``ok``,
spot checks to the chip."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from analyzer.audit.hand import audit_with
from analyzer.detect import rules_name_for
from parsers import formats
from parsers.record import (
    Action,
    ActionKind,
    Award,
    Betting,
    Deduction,
    HandRecord,
    Post,
    PostKind,
    Returned,
    Source,
    Stakes,
    Street,
)
from parsers.text import decode

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "sites" / "pokermavens"

#: file -> (hands read, {reject code: hands})
EXPECTED: dict[str, tuple[int, dict[str, int]]] = {
    "swc_LHE-6max-mBTC-2.00-4.00-201305.txt": (1, {}),
    "swc_NLHE-2max-mBTC-15-30-201310.txt": (1, {}),
    "swc_NLHE-6max-mBTC-0.50-1.00-201304.post.both.txt": (1, {}),
}

#: a hand's first line, as this test counts them
_BLOCK = re.compile(r"^Hand #\d+-\d+ ", re.M)


def _hands() -> list[tuple[str, HandRecord]]:
    return [(name, h) for name in EXPECTED for h in formats.read_file(CORPUS / name).hands]


HANDS = _hands()


def hand(hand_id: str) -> HandRecord:
    return next(h for _, h in HANDS if h.hand_id == hand_id)


def test_every_corpus_file_is_in_the_table() -> None:
    assert {p.name for p in CORPUS.iterdir() if p.is_file()} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_file_reads_and_rejects_the_expected_hands_and_none_disappears(name: str) -> None:
    parsed = formats.read_file(CORPUS / name)
    assert parsed.format == "pokermavens"
    read, codes = EXPECTED[name]
    assert len(parsed.hands) == read
    assert dict(Counter(r.code.value for r in parsed.rejected)) == codes
    assert parsed.count == len(_BLOCK.findall(decode((CORPUS / name).read_bytes())))
    assert all(h.source == Source(str(CORPUS / name), 1, "pokermavens") for h in parsed.hands)


@pytest.mark.parametrize("record", [h for _, h in HANDS], ids=[h.hand_id for _, h in HANDS])
def test_every_hand_audits_ok(record: HandRecord) -> None:
    audit = audit_with(record)
    assert audit.problems == () and audit.verdict.value == "ok"


def test_posting_small_and_big_blind_is_a_live_big_and_a_dead_small_blind() -> None:
    record = hand("5557960-70")
    assert record.posts[2:] == (
        Post("Player4", PostKind.BIG_BLIND, 100, False, 14),
        Post("Player4", PostKind.DEAD_BLIND, 50, False, 14),
    )
    assert record.actions[0] == Action(Street.PREFLOP, "Player4", ActionKind.CHECK, 0, False, 17)
    assert record.returned == (Returned("Player4", 400, 31),)
    assert record.awards == (Award("Player4", 683, 0, 0, "", 32),) and record.deductions == (Deduction("rake", 17),)
    assert record.button == 3 and record.stakes == Stakes(small_blind=50, big_blind=100)


def test_limit_holdem_stakes_are_the_small_and_big_bet() -> None:
    record = hand("6340502-110")
    assert record.game.betting is Betting.FIXED_LIMIT and rules_name_for(record) == "holdem-fl"
    assert record.stakes == Stakes(small_blind=100, big_blind=200, small_bet=200, big_bet=400)
    assert record.actions[0] == Action(Street.PREFLOP, "Player0", ActionKind.RAISE, 400, False, 12)  # "raises to 4"
    assert record.awards == (Award("Hero", 1170, 0, 0, "a Pair", 27),)
    assert record.game.declared == "Limit Hold'em (40 - 1000000) - Stakes 2/4 (Seals With Clubs)"


def test_heads_up_walk_refund_and_waiting_for_big_blind() -> None:
    record = hand("11442832-1")
    assert not any(s.sitting_out for s in record.seats)  # "- waiting for big blind" posts this hand
    assert record.returned == (Returned("Hero11", 1500, 13),) and record.awards == (
        Award("Hero11", 3000, 0, 0, "", 14),
    )
    assert (record.currency, record.decimals, record.started_at) == ("CHIPS", 2, "2013-10-31T07:53:57")
