"""The fast evaluator's tables, checked exhaustively against the reference evaluator.

Every rank multiset (no flush) and every suited rank set (flush) that a 5- to 7-card hand
can hold is built as a concrete hand and judged by :mod:`analyzer.evaluator.reference`;
the 52-card 7-card multisets are left to the property tests and to the benchmark's full
enumeration, which matches the published counts.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from analyzer.cards import Card
from analyzer.evaluator import ORDER, Ranking, category_of, fast, reference, strength_of, strengths, tables
from analyzer.evaluator.combos import hand_blocks
from analyzer.evaluator.tables import TABLES, rank_multisets

REFERENCE = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "hand-frequencies.json"
SHORT = (Ranking.STRAIGHT_OVER_TRIPS, Ranking.TRIPS_OVER_STRAIGHT)


def test_rank_keys_keep_every_multiset_of_one_size_apart() -> None:
    """A collision would merge two table entries: the table must hold one entry per multiset."""
    for ranking, sizes in ((Ranking.STANDARD, (6175, 18395, 49205)), (Ranking.STRAIGHT_OVER_TRIPS, (1278, 2922, 6030))):
        per_size = [sum(1 for size, _ in rank_multisets(ranking) if size == n) for n in (5, 6, 7)]
        assert tuple(per_size) == sizes
        assert len(TABLES[ranking].nonflush) == sum(sizes)


def test_the_literals_in_the_one_hand_path_are_the_tables_constants() -> None:
    assert (tables.SUIT_OFFSET, tables.FLUSH_BITS, tables.COUNT_SHIFT) == (0x3333, 0x8888, 16)
    source = Path(fast.__file__).with_name("fast.py").read_text()  # the source, also where fast is compiled
    assert "0x3333" in source and "0x8888" in source and "key >> 16" in source


def _hand(groups: list[tuple[int, int]]) -> tuple[Card, ...]:
    """Cards for a rank multiset, suits dealt round so that no suit holds more than two."""
    ranks = [rank for rank, count in groups for _ in range(count)]
    return tuple(Card(rank, i % 4) for i, rank in enumerate(ranks))


@pytest.mark.parametrize(("ranking", "sizes"), [(SHORT[0], (5, 6, 7)), (SHORT[1], (5, 6, 7)), (Ranking.STANDARD, (5,))])
def test_nonflush_table_matches_the_reference_on_every_multiset(ranking: Ranking, sizes: tuple[int, ...]) -> None:
    """SD-BEST-FIVE, SD-KICKERS, SD-CATEGORY: every rank multiset, best five by the reference."""
    checked = 0
    for size, groups in rank_multisets(ranking):
        if size in sizes:
            hand = _hand(groups)
            expected = reference.best_five(hand, ranking)[0]
            assert strength_of([c.index for c in hand], ranking) == expected, hand
            checked += 1
    assert checked == {(5, 6, 7): 10230, (5,): 6175}[sizes]


@pytest.mark.parametrize("ranking", [*SHORT, Ranking.STANDARD])
def test_flush_table_matches_the_reference_on_every_suited_rank_set(ranking: Ranking) -> None:
    """SD-LOW-STRAIGHT, SD-STRAIGHT-TOP: 5 to 7 cards of one suit, straight flushes included."""
    low = 2 if ranking is Ranking.STANDARD else 6
    checked = 0
    for mask in range(1 << 13):
        ranks = [r for r in range(low, 15) if mask >> (r - 2) & 1]
        if 5 <= len(ranks) <= 7 and mask.bit_count() == len(ranks):
            hand = tuple(Card(r, 2) for r in ranks)
            assert strength_of([c.index for c in hand], ranking) == reference.best_five(hand, ranking)[0], hand
            checked += 1
    assert checked == (4719 if ranking is Ranking.STANDARD else 246)


@pytest.mark.parametrize("ranking", SHORT)
def test_one_hand_and_batch_agree_on_every_five_card_short_deck_hand(ranking: Ranking) -> None:
    hands = np.concatenate(list(hand_blocks(36, 5)))
    batch = strengths(hands, ranking)
    one_by_one = np.fromiter((strength_of(row, ranking) for row in hands.tolist()), dtype=np.int32, count=len(hands))
    assert np.array_equal(batch, one_by_one)


@pytest.mark.parametrize("ranking", SHORT)
def test_short_deck_has_1404_distinct_five_card_values(ranking: Ranking) -> None:
    """SD-TIE: 376,992 five-card hands fall into 1,404 distinct values, per category as published."""
    expected = json.loads(REFERENCE.read_text())["deck36"]["distinct_5card_values"]
    values = np.unique(np.concatenate([strengths(b, ranking) for b in hand_blocks(36, 5)]))
    assert len(values) == expected["total"] == 1404
    per_category = {c.value: 0 for c in ORDER[ranking]}
    for v in values.tolist():
        per_category[category_of(v, ranking).value] += 1
    assert per_category == {k: v for k, v in expected.items() if k != "total"}


def test_52_card_deck_has_7462_distinct_five_card_values() -> None:
    """HE-RANKING: the classic 7,462 distinct five-card values."""
    expected = json.loads(REFERENCE.read_text())["deck52"]["distinct_5card_values_total"]
    values = np.unique(np.concatenate([strengths(b, Ranking.STANDARD) for b in hand_blocks(52, 5)]))
    assert len(values) == expected == 7462
