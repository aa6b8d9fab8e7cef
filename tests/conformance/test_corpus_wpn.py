"""Conformance over every Winning Poker Network file of ``../shared/corpus/sites/wpn`` and
``../shared/corpus/other/winning``, read in place.

For each file: detected as ``wpn`` from its content, the exact number of hands read and
rejected by code; no hand disappears (hand starts counted by this test's own pattern:
``Game started at:`` and ``Hand #<id> - `` lines); and every hand read audits ``ok`` under
its detected rule set.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from analyzer.audit.hand import audit_hand
from analyzer.detect import rules_for, rules_name_for
from parsers import formats
from parsers.text import decode

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"

#: file -> (hands read, {reject code: hands})
EXPECTED: dict[str, tuple[int, dict[str, int]]] = {
    "sites/wpn/cash/NLHE-6max-USD-0.01-0.02-201608.Cap.HH00000000_G0.txt": (3, {}),
    "sites/wpn/cash/NLHE-6max-USD-0.05-0.10-201906.RUSHID-TN-Blitz_Poker_GAMETYPE.txt": (1, {}),
    "sites/wpn/cash/NLHE-9max-USD-0.01-0.02-201911.CASHID-TN-Miramar_Cap_GAMETYPE.txt": (1, {}),
    "sites/wpn/cash/NLHE-9max-USD-0.02-0.05-202104.post.dead.txt": (1, {}),
    # "Player  has big blind (2)": a player with a blank name who has no seat (upstream: "Unknown Player Acts")
    "sites/wpn/cash/NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621_G30997753.txt": (
        0,
        {"PARSE_ERROR": 2},
    ),
    "other/winning/6+Holdem-6-max-USD-0.02-0.05-201902.HH00000000 G0.txt": (1, {}),
    "other/winning/NLHE-6max-USD-0.01-0.02-201608.Short.HH00000000 G0.txt": (2, {}),
}
_STARTS = re.compile(r"^(?:Game started at: |Hand #\d+ - )", re.M)  # this test's own count of hands


def test_every_wpn_file_is_in_the_table() -> None:
    files = {str(p.relative_to(SHARED)) for d in ("sites/wpn", "other/winning") for p in (SHARED / d).rglob("*")}
    assert {f for f in files if Path(SHARED / f).is_file()} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_hands_read_and_rejected_with_codes_none_lost(name: str) -> None:
    path = SHARED / name
    parsed = formats.read_file(path)
    read, rejected = EXPECTED[name]
    assert parsed.format == "wpn"
    assert len(parsed.hands) == read
    assert dict(Counter(r.code.value for r in parsed.rejected)) == rejected
    assert parsed.count == len(_STARTS.findall(decode(path.read_bytes())))
    assert all(r.line >= 1 and r.hand_id for r in parsed.rejected)


@pytest.mark.parametrize("name", sorted(n for n, (read, _) in EXPECTED.items() if read))
def test_every_hand_read_audits_ok(name: str) -> None:
    for hand in formats.read_file(SHARED / name).hands:
        audit = audit_hand(hand, rules_for(hand))
        assert audit.verdict.value == "ok", (hand.hand_id, [p.code for p in audit.problems])


def test_the_six_plus_hand_plays_blinds_and_ranks_trips_over_a_straight() -> None:
    (hand,) = formats.read_file(SHARED / "other/winning/6+Holdem-6-max-USD-0.02-0.05-201902.HH00000000 G0.txt").hands
    assert (hand.game.variant.value, hand.game.ranking, hand.game.site) == ("shortdeck", "trips-over-straight", "wpn")
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.stakes.ante) == (2, 5, 0)
    assert rules_name_for(hand) == "shortdeck-blinds-trips"
    # the summary's "Pot: 0.49. Rake 0.02" is after rake: 0.51 went in
    assert (hand.total_pot, [(d.kind, d.amount) for d in hand.deductions]) == (51, [("rake", 2)])
    assert [(a.player, a.amount) for a in hand.awards] == [("ChazDazzle", 49)]
    assert [(r.player, r.amount) for r in hand.returned] == [("ChazDazzle", 5)]
    assert hand.shown[0].cards == ("6s", "6c")  # "received card: [6s]" then "[6c]"
