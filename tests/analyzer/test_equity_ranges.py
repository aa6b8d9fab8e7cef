"""Range against range: every deal the ranges can hold at once counted in one batch (the C
kernel's ``tally_deals`` where it is built, the numpy enumeration deal by deal otherwise), and
the seeded Monte Carlo drawn and valued in numpy batches. The exact numbers are those the
one-matchup-at-a-time implementation gave (shares, matchup counts, win and tie counts), so the
batch changed the speed and nothing else; the sampled ones land on the exact ones within their
error bar.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from analyzer import compiled
from analyzer.cards import clean
from analyzer.equity import deals_tally, equity_of_indices, suit_classes
from analyzer.equity.runouts import Tally
from analyzer.evaluator import Ranking, kernel
from analyzer.ranges import parse_range, range_equity

SOT, TOS, STD = Ranking.STRAIGHT_OVER_TRIPS, Ranking.TRIPS_OVER_STRAIGHT, Ranking.STANDARD


def _deals(texts: list[str], ranking: Ranking, board: str, dead: str) -> list[list[list[int]]]:
    out = {c for c in clean(board)} | {c for c in clean(dead)}
    ranges = [parse_range(t, deck=ranking.deck_size).without(out).combos for t in texts]
    deals = []
    for combos in product(*ranges):
        cards = [c for combo in combos for c in combo]
        if len(set(cards)) == len(cards):
            deals.append([[a.index, z.index] for a, z in combos])
    return deals


def _one_by_one(deals: list[list[list[int]]], board: list[int], dead: list[int], ranking: Ranking) -> Tally:
    """The tallies of the deals, one call each, added up (what the batch must equal)."""
    n = len(deals[0])
    wins, ties, runouts = [0] * n, [[0] * (n - 1) for _ in range(n)], 0
    for deal in deals:
        one = equity_of_indices(deal, board=board, dead=dead, ranking=ranking)
        runouts += one.runouts
        for h in range(n):
            wins[h] += one.wins[h]
            ties[h] = [a + b for a, b in zip(ties[h], one.ties[h], strict=True)]
    return Tally(runouts, tuple(wins), tuple(tuple(t) for t in ties))


DEAL_CASES = [
    (["QQ+,AKs", "JJ-88,AQs"], TOS, "Qs 9h 6c", "7d"),
    (["AA,KK", "QQ,AKs", "JJ-99"], SOT, "8s 7s 6s", ""),
    (["QQ+,AKs", "JJ-88,AQs"], STD, "Qs 9h 2c 3d", ""),
    (["AKs", "QQ+,JTs,T9s"], STD, "Ts 9s 8s", "2s"),
    (["AA", "KK,AKs"], SOT, "", ""),
]


@pytest.mark.parametrize(("texts", "ranking", "board", "dead"), DEAL_CASES)
def test_deals_tally_adds_up_the_win_and_tie_counts_of_every_deal(
    texts: list[str], ranking: Ranking, board: str, dead: str
) -> None:
    deals = _deals(texts, ranking, board, dead)
    b, d = [c.index for c in clean(board)], [c.index for c in clean(dead)]
    assert deals_tally(deals, board=b, dead=d, ranking=ranking) == _one_by_one(deals, b, d, ranking)


def test_suit_classes_group_deals_alike_up_to_the_suits_the_board_and_dead_cards_leave_free() -> None:
    """Preflop every relabelling of the four suits is free: AA v KK's 36 deals are 3 classes, the
    kings in the aces' two suits (6 deals), in one of them (6 x 4 = 24) or in the other two (6).
    With a spade on the board only hearts, diamonds and clubs may trade places: aces with the
    spade (3 deals each) against kings in the same suits, with the spade and the other suit, with
    the aces' other suit only, or in neither (4 classes); aces without it likewise (4): 8 classes.
    With a card of every suit out, nothing moves."""
    deals = _deals(["AA", "KK"], SOT, "", "")
    classes, weights = suit_classes(deals, board=[], dead=[])
    assert (len(deals), len(classes), sorted(weights)) == (36, 3, [6, 6, 24])
    spade = [c.index for c in clean("8s")]
    classes, weights = suit_classes(_deals(["AA", "KK"], SOT, "8s", ""), board=spade, dead=[])
    assert (len(classes), sum(weights)) == (8, 36)
    rainbow = [c.index for c in clean("8s 7h 6d")]
    dead = [c.index for c in clean("9c")]
    deals = _deals(["AA", "KK"], SOT, "8s 7h 6d", "9c")
    assert suit_classes(deals, board=rainbow, dead=dead) == (deals, [1] * len(deals))


def test_deals_tally_without_the_kernel_counts_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    deals = _deals(["AA,KK", "QQ,AKs", "JJ-99"], SOT, "8s 7s 6s", "")
    board = [c.index for c in clean("8s 7s 6s")]
    batched = deals_tally(deals, board=board, dead=[], ranking=SOT)
    monkeypatch.setattr(kernel, "AVAILABLE", False)
    assert deals_tally(deals, board=board, dead=[], ranking=SOT) == batched


def test_kernel_tally_deals_refuses_a_deal_holding_a_card_twice() -> None:
    if not kernel.AVAILABLE:
        assert not compiled.compiled(), "the hot path is compiled but the evaluator kernel is not: rebuild (make)"
        pytest.skip("the C evaluator kernel is not built here (a pure install): the numpy paths run")
    pool = [c for c in range(16, 52)]
    with pytest.raises(ValueError, match="kernel: deal 1 holds a card twice or outside the pool"):
        kernel.tally_deals(SOT, 2, bytes([48, 49, 44, 45, 48, 48, 44, 45]), [], pool)
    with pytest.raises(ValueError, match="kernel: deal 0 holds a card twice or outside the pool"):
        kernel.tally_deals(SOT, 2, bytes([48, 49, 44, 3]), [], pool)


@pytest.mark.parametrize(
    ("ranges", "options", "matchups", "shares"),
    [
        (["QQ+,AKs", "JJ-88,AQs"], {"ranking": "trips-over-straight", "board": "Qs 9h 6c", "dead": "7d"}, 438,
         ("24461/36792", "12331/36792")),
        (["AA,KK", "QQ,AKs", "JJ-99"], {"ranking": "straight-over-trips", "board": "8s 7s"}, 1728,
         ("9349/18144", "180001/943488", "277339/943488")),
        (["QQ+,AKs", "JJ-88,AQs"], {"ranking": "standard", "board": "Qs 9h 2c 3d"}, 438, ("31/44", "13/44")),
    ],
)  # fmt: skip
def test_range_equity_exact_shares_are_those_of_one_matchup_at_a_time(
    ranges: list[str], options: dict[str, str], matchups: int, shares: tuple[str, ...]
) -> None:
    r = range_equity(ranges, **options)  # type: ignore[arg-type]
    assert r.exact and r.matchups == matchups
    assert r.shares == tuple(Fraction(s) for s in shares)
    assert sum(r.shares) == 1


def test_range_equity_aa_against_kk_on_52_cards_is_81_946_percent_exactly() -> None:
    if not kernel.AVAILABLE:  # 36 matchups of 1,712,304 run-outs: over the numpy path's budget, sampled there
        assert not compiled.compiled(), "the hot path is compiled but the evaluator kernel is not: rebuild (make)"
        pytest.skip("the C evaluator kernel is not built here (a pure install): the numpy paths run")
    r = range_equity(["AA", "KK"], ranking="standard")
    assert r.exact and r.matchups == 36
    assert r.shares == (Fraction(255121, 311328), Fraction(56207, 311328))
    assert f"{float(r.shares[0]):.3%}" == "81.946%"


@pytest.mark.parametrize(
    ("ranges", "ranking", "board"),
    [
        (["QQ+,AKs", "JJ-88,AQs"], "straight-over-trips", "Ts 7h 6c"),
        (["QQ+,AKs", "JJ-88,AQs"], "standard", "Ts 7h 2c"),
        (["AA,KK", "QQ,AKs", "JJ-99"], "straight-over-trips", "8s 7s"),
    ],
)
def test_range_equity_sampled_lands_on_the_exact_shares_within_twice_its_error_bar(
    ranges: list[str], ranking: str, board: str
) -> None:
    """The Monte Carlo (forced with a budget of 0) draws deals and run-outs in numpy batches:
    each range's combination uniformly, a deal holding a card twice drawn again, the run-out
    uniformly from the cards left. Against the exact enumeration of the same question every
    share lies within twice the 95 % error bar it reports (about four standard errors: a fixed
    seed, but one that a biased draw would not pass), and the same seed gives the same numbers."""
    exact = range_equity(ranges, ranking=ranking, board=board)
    assert exact.exact
    sampled = range_equity(ranges, ranking=ranking, board=board, budget=0, samples=40_000, seed=11)
    assert (sampled.exact, sampled.matchups) == (False, 40_000)
    assert 0 < sampled.error < 0.01
    for mine, truth in zip(sampled.shares, exact.shares, strict=True):
        assert abs(float(mine) - float(truth)) < 2 * sampled.error
    assert abs(float(sum(sampled.shares)) - 1) < 1e-6
    again = range_equity(ranges, ranking=ranking, board=board, budget=0, samples=40_000, seed=11)
    assert (again.shares, again.error) == (sampled.shares, sampled.error)
