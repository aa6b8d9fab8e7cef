"""Hi/lo pots, property-tested: halves and quarters conserve every chip, a low never goes to a
hand with a pair or a card above eight, and odd chips follow the rule (the high half gets a
pot's odd chip; inside a half, the extra chips go clockwise from the button)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.cards import Card
from analyzer.evaluator import Ranking
from analyzer.evaluator.lowball import low_ranks
from analyzer.evaluator.omaha_reference import reference_high, reference_low
from analyzer.replay.pots import Pot, clockwise_from_button
from analyzer.replay.showdown import Settlement, high_low_halves, settle

NAMES = ("Ana", "Ben", "Carla", "Dev", "Elif", "Femi")


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[Pot], dict[str, tuple[int, ...]], tuple[int, ...], dict[str, int], int]:
    n = draw(st.integers(2, 6))
    deck = draw(st.permutations(range(52)))
    board = tuple(deck[:5])
    holes = {NAMES[i]: tuple(deck[5 + 4 * i : 9 + 4 * i]) for i in range(n)}
    seats = {NAMES[i]: i + 1 for i in range(n)}
    pot_count = draw(st.integers(1, min(3, n - 1)))
    pots = [
        Pot(draw(st.integers(1, 5000)), tuple(NAMES[: n - k]), 100 * (k + 1)) for k in range(pot_count)
    ]  # main pot first, each side pot with one player fewer
    button = draw(st.integers(1, n))
    return pots, holes, board, seats, button


def _settle(deal: tuple[list[Pot], dict[str, tuple[int, ...]], tuple[int, ...], dict[str, int], int]) -> Settlement:
    pots, holes, board, seats, button = deal
    return settle(
        pots,
        boards=[board],
        holes=dict(holes),
        seats=seats,
        button=button,
        ranking=Ranking.STANDARD,
        omaha=True,
        low_qualifier=8,
    )


def _cards(indices: tuple[int, ...]) -> list[Card]:
    return [Card.from_index(i) for i in indices]


@settings(max_examples=200, deadline=None)
@given(deals())
def test_hi_lo_halves_and_quarters_conserve_every_chip(deal: tuple) -> None:  # type: ignore[type-arg]
    pots = deal[0]
    s = _settle(deal)
    for index, pot in enumerate(pots):
        results = [r for r in s.results if r.index == index]
        assert sum(r.amount for r in results) == pot.amount
        for r in results:
            assert sum(amount for _, amount in r.shares) == r.amount
            assert {name for name, _ in r.shares} <= set(pot.eligible)
    assert sum(s.owed.values()) == sum(p.amount for p in pots)


@settings(max_examples=200, deadline=None)
@given(deals())
def test_a_low_never_goes_to_a_hand_with_a_pair_or_a_card_above_eight(deal: tuple) -> None:  # type: ignore[type-arg]
    pots, holes, board, _, _ = deal
    s = _settle(deal)
    for r in s.results:
        eligible_lows = {p: reference_low(_cards(holes[p]), _cards(board)) for p in pots[r.index].eligible}
        if r.half == "low":
            best = min(low for low in eligible_lows.values() if low is not None)
            for winner in r.winners:
                low = eligible_lows[winner]
                assert low is not None and low == best
                assert len(set(low)) == 5 and max(low) <= 8  # no pair, nothing above eight
                assert low_ranks(s.lows[winner, 0]) == low
        else:  # the high half, or the whole pot when no eligible hand has a low (the scoop)
            best_high = max(reference_high(_cards(holes[p]), _cards(board)) for p in pots[r.index].eligible)
            assert all(reference_high(_cards(holes[w]), _cards(board)) == best_high for w in r.winners)
            if r.half == "high" and not any(x.index == r.index and x.half == "low" for x in s.results):
                assert all(low is None for low in eligible_lows.values())


@settings(max_examples=200, deadline=None)
@given(deals())
def test_odd_chips_go_to_the_high_half_then_clockwise_from_the_button(deal: tuple) -> None:  # type: ignore[type-arg]
    pots, _, _, seats, button = deal
    s = _settle(deal)
    for index, pot in enumerate(pots):
        halves = {r.half: r for r in s.results if r.index == index}
        if "low" in halves:
            assert (halves["high"].amount, halves["low"].amount) == high_low_halves(pot.amount)
            assert halves["high"].amount - halves["low"].amount == pot.amount % 2
        for r in halves.values():
            order = clockwise_from_button(list(r.winners), seats, button)
            assert [name for name, _ in r.shares] == order
            amounts = [amount for _, amount in r.shares]
            assert max(amounts) - min(amounts) <= 1
            assert amounts == sorted(amounts, reverse=True)  # the extra chips to the first clockwise


def test_a_low_half_shared_by_two_equal_lows_is_quartered_odd_chip_clockwise() -> None:
    """Pot 15: the high half 8 to Carla's flush; the low half 7 shared by Ana and Ben, who both
    play A-2 for 7-5-3-2-A: 4 to Ben (first clockwise from the button on seat 1), 3 to Ana."""
    from analyzer.cards import clean

    def idx(text: str) -> tuple[int, ...]:
        return tuple(c.index for c in clean(text))

    s = settle(
        [Pot(15, ("Ana", "Ben", "Carla"), 5)],
        boards=[idx("3h 5h 7c Kh Qd")],
        holes={"Ana": idx("Ac 2c Kd Ks"), "Ben": idx("Ad 2d Jc Tc"), "Carla": idx("Ah 9h 9s 9d")},
        seats={"Ana": 1, "Ben": 2, "Carla": 3},
        button=1,
        ranking=Ranking.STANDARD,
        omaha=True,
        low_qualifier=8,
    )
    assert [(r.half, r.shares, r.hand) for r in s.results] == [
        ("high", (("Carla", 8),), "Flush, ace high"),
        ("low", (("Ben", 4), ("Ana", 3)), "Low 7-5-3-2-A"),
    ]
