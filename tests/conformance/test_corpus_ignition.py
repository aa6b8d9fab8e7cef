"""Conformance over every Ignition / Bovada / Bodog file of ``../shared/corpus/sites/ignition``.

For each file: detected as ``ignition`` from its content, the exact number of hands read and
rejected by code, none lost (hand headers counted by this test's own pattern); every hand
read audits ``ok`` or shows one of the site's two normal behaviours, named here and counted
exactly (the lead's site profile): the rake is taken but not written (Zone Poker and MVS
summaries state no rake: the winners are paid the pot less rake), and a walk pays the big
blind its own uncalled chips as the "Hand result" (no "Return uncalled portion" line).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from analyzer.audit.hand import audit_hand
from analyzer.detect import rules_for
from parsers import formats
from parsers.text import decode

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "sites" / "ignition"

#: file -> (hands read, {reject code: hands})
EXPECTED: dict[str, tuple[int, dict[str, int]]] = {
    "fpdb/NLHE-6max-USD_0.10-0.25_202104.ZonePoker.txt": (277, {}),
    "fpdb/NLHE-USD-0.10-0.25-201208.raise.to.format.change.txt": (1, {}),
    "fpdb/NLHE-USD-2-4-201209.Bodog.UK.txt": (1, {}),
    # cut upstream on purpose: the next hand's seat lines start inside the summary
    "fpdb/NLHE-USD-5-10-201511.concatenated.partial.txt": (0, {"TRUNCATED": 1}),
    "fpdb/NLHE-USD_1.00-2.00_202104.Bodog.com.MVS.txt": (1, {}),
    "fpdb/tour_NLHE-9max-USD-MTT_SMPO_Super_Duper_High_Roller_202108.txt": (4, {}),
}
_HEADERS = re.compile(r"^(?:Bovada|Bodog\.com|Bodog UK|Ignition) Hand #\d+", re.M)
RAKE_NOT_WRITTEN = "site profile ignition: rake-unstated"
WALK_PAYS_THE_BLIND = "site profile ignition: award-includes-uncalled"
#: the site's normal behaviours (the ignition profile's notes) -> hands, over the whole folder
QUIRK_COUNTS = {"ok": 116, RAKE_NOT_WRITTEN: 132, WALK_PAYS_THE_BLIND: 36}


def test_every_ignition_file_is_in_the_table() -> None:
    assert {str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*") if p.is_file()} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_hands_read_and_rejected_with_codes_none_lost(name: str) -> None:
    path = CORPUS / name
    parsed = formats.read_file(path)
    read, rejected = EXPECTED[name]
    assert parsed.format == "ignition"
    assert len(parsed.hands) == read
    assert dict(Counter(r.code.value for r in parsed.rejected)) == rejected
    assert parsed.count == len(_HEADERS.findall(decode(path.read_bytes())))


def test_every_hand_audits_ok_and_the_sites_behaviour_is_a_note_of_its_profile() -> None:
    kinds: Counter[str] = Counter()
    for name in EXPECTED:
        for hand in formats.read_file(CORPUS / name).hands:
            audit = audit_hand(hand, rules_for(hand))
            assert audit.verdict.value == "ok", (hand.hand_id, [str(p.message) for p in audit.problems])
            assert all(p.verdict.value == "note" for p in audit.problems)
            (kind,) = {p.profile for p in audit.problems} or {"ok"}
            if kind == RAKE_NOT_WRITTEN:  # less paid than the pot, by a rake's share at most (5 %, rounded)
                paid = sum(a.amount for a in hand.awards)
                pot = audit.total_pot
                assert 0 < pot - paid <= pot * 6 // 100 + 1, (hand.hand_id, pot, paid)
            kinds[str(kind)] += 1
    assert dict(kinds) == QUIRK_COUNTS
